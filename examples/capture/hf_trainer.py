#!/usr/bin/env python3
"""A small BERT, built from its config (nothing downloaded), fine-tuned by transformers'
Trainer on synthetic token sequences whose label is in their first token, so that the
console output, trainer_state.json, train_results.json and checkpoints are the library's
own. Evaluates and saves every epoch; prints '***** train metrics *****' at the end.
usage: hf_trainer.py OUTDIR EPOCHS [MAX_STEPS]   (MAX_STEPS stops the run inside an epoch)"""
import sys
import torch
from transformers import (BertConfig, BertForSequenceClassification, Trainer,
                          TrainingArguments)

out, epochs = sys.argv[1], float(sys.argv[2])
max_steps = int(sys.argv[3]) if len(sys.argv) > 3 else -1
torch.manual_seed(0)
n, seq = 48000, 128
ids = torch.randint(10, 8000, (n + 4000, seq))
labels = (ids[:, 0] >= 4005).long()


class Seqs(torch.utils.data.Dataset):
    def __init__(self, lo, hi):
        self.lo, self.hi = lo, hi

    def __len__(self):
        return self.hi - self.lo

    def __getitem__(self, i):
        return {"input_ids": ids[self.lo + i], "labels": labels[self.lo + i]}


cfg = BertConfig(vocab_size=8000, hidden_size=256, num_hidden_layers=4, num_attention_heads=4,
                 intermediate_size=1024, num_labels=2)
model = BertForSequenceClassification(cfg)
args = TrainingArguments(output_dir=out, num_train_epochs=epochs, max_steps=max_steps,
                         per_device_train_batch_size=32, per_device_eval_batch_size=256,
                         eval_strategy="epoch", save_strategy="epoch", save_only_model=True,
                         logging_steps=100, report_to="none", seed=0)
trainer = Trainer(model=model, args=args, train_dataset=Seqs(0, n), eval_dataset=Seqs(n, n + 4000))
result = trainer.train()
trainer.log_metrics("train", result.metrics)
trainer.save_metrics("train", result.metrics)
trainer.save_state()
metrics = trainer.evaluate()
trainer.log_metrics("eval", metrics)
trainer.save_metrics("eval", metrics)
