#!/usr/bin/env python3
"""The seeds' Fashion-MNIST MLP under PyTorch Lightning with its default tqdm
progress bar, so that the captured stderr has the raw '\\r' overwrites that
Lightning logs have; with "tqdm" as a fourth argument the tqdm bar is used
even where rich is installed, with "rich" Lightning's RichProgressBar; with a fifth, CSVLogger writes its metrics.csv
under that folder. usage: lightning_fmnist.py DATADIR BATCH EPOCHS [tqdm|rich|bar [CSVDIR]]"""
import gzip, sys
import numpy as np
import torch
import torch.nn as nn
import lightning as L
from torch.utils.data import DataLoader, TensorDataset

datadir, batch, epochs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])

def idx(name, off):
    with gzip.open(f"{datadir}/{name}") as f:
        return np.frombuffer(f.read(), np.uint8, offset=off)

X = torch.tensor(idx("train-images-idx3-ubyte.gz", 16).reshape(-1, 784) / 255.0, dtype=torch.float32)
Y = torch.tensor(idx("train-labels-idx1-ubyte.gz", 8).astype(np.int64))

class MLP(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(784, 512), nn.ReLU(), nn.Dropout(0.2),
                                 nn.Linear(512, 64), nn.ReLU(), nn.Linear(64, 10))
    def training_step(self, b, i):
        loss = nn.functional.cross_entropy(self.net(b[0]), b[1])
        self.log("loss", loss, prog_bar=True)
        return loss
    def validation_step(self, b, i):
        out = self.net(b[0])
        self.log("val_loss", nn.functional.cross_entropy(out, b[1]), prog_bar=True)
        self.log("val_acc", (out.argmax(1) == b[1]).float().mean(), prog_bar=True)
    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), 1e-3)

torch.manual_seed(1)
train = DataLoader(TensorDataset(X[:50000], Y[:50000]), batch_size=batch, shuffle=True)
val = DataLoader(TensorDataset(X[50000:], Y[50000:]), batch_size=1024)
callbacks = []
if len(sys.argv) > 4 and sys.argv[4] == "tqdm":
    from lightning.pytorch.callbacks import TQDMProgressBar
    callbacks.append(TQDMProgressBar(refresh_rate=20))
elif len(sys.argv) > 4 and sys.argv[4] == "rich":
    from lightning.pytorch.callbacks import RichProgressBar
    callbacks.append(RichProgressBar())
logger = False
if len(sys.argv) > 5:
    from lightning.pytorch.loggers import CSVLogger
    logger = CSVLogger(sys.argv[5])
L.Trainer(max_epochs=epochs, accelerator="auto", devices=1, logger=logger,
          enable_checkpointing=False, callbacks=callbacks).fit(MLP(), train, val)
