/*
 * logfmt_builtin.c: the training-log formats benchreport knows, written in
 * the format-file language users write their own in (man benchreport,
 * FORMAT FILES). Each must match its own samples (formats --check; tested).
 */
#include <stddef.h>

#include "parsers/logfmt.h"
#include "model/banned.h"

#define NUM "[-+]?(?:\\d+\\.?\\d*(?:[eE][-+]?\\d+)?|\\.\\d+|nan|inf)"

/*
 * Before a Keras line: blanks (jupyter nbconvert --to markdown indents outputs by four), and
 * in a document knitted from R Markdown (the keras and keras3 R packages' articles) knitr's
 * "## " before each line of output ("    ## Epoch 1/500", "    ## 90/90 - 3s - 33ms/step");
 * a README that pastes a log as Markdown may make its epoch lines headings ("# Epoch 2/20")
 */
#define KERAS_LEAD "^\\s*(?:#{1,6} )?"

/*
 * A finished bar's values: " - name: value" after " - name: value", up to the first that is
 * none; a notebook that saved the bar's earlier redraws after the final one ("val_acc:
 * 0.5711.594 - ETA: 7s - loss: 0.6655 - ...", "val_acc: 0.7867A: 6s - loss: 0.4523") keeps
 * the final values, not the debris'.
 */
#define KERAS_SEGMENT "(?: - (?!ETA:)[A-Za-z_][\\w-]*+: \\S++)"
#define KERAS_METRICS "(?<metrics>" KERAS_SEGMENT "*+).*$"

static const char keras[] =
    "format keras\n"
    "description Keras 2 and 3, tf.keras: fit() progress bars, tty or piped\n"
    "framework keras\n"
    /* a README that pastes the output as Markdown ends each line with an HTML "<br>" */
    "epoch    " KERAS_LEAD "Epoch (?<epoch>\\d+)/(?<of>\\d+)\\s*(?:<br\\s*/?>\\s*)?$\n"
    /* an unfinished bar (its count short of its total), tried before the rules below
     * since nearly every line of a piped log is one */
    "progress " KERAS_LEAD "(\\d+)/(?!\\1 )\\d+ (?:\\[[=>.]*\\]|\\S+) \n"
    /* Keras 2.0 to 2.3 with arrays: the bars count samples (60000/60000 ... 80us/step) */
    /* keras-tuner begins each trial's fit so ("Search: Running Trial #6"): a Hyperband
     * trial that resumes another's model trains "Epoch 3/6" to "6/6" right after a trial of
     * "Epoch 1/2, 2/2" (wiktorw95/iml_lab_2025's s30023/10/README.md): its own run */
    "run      " KERAS_LEAD "Search: Running Trial #\\d+\\s*$\n"
    "label    " KERAS_LEAD "Train on (?<samples>\\d+) samples\n"
    /* a finished bar of samples (TF 1.15 to 2.1, Keras 2.3: 80us/sample): the bar says it
     * counts samples, "Train on" line or not, and its time per sample times the epoch */
    "end      " KERAS_LEAD "(?<samples>\\d+)/\\k<samples> (?:\\[[=>.]*\\]|\\S+) "
    "(?:- )?(?<duration>\\d+)s (?<step_time>[\\d.]+)(?<step_unit>s|ms|us)/sample(?<metrics>.*)$\n"
    /* verbose=2 of tf.keras 2.9 to 2.15: no bar, and the epoch's time to the millisecond
     * after its metrics ("128/128 - 0s - loss: 2.91 - 358ms/epoch - 3ms/step"); the step
     * time leaves the first step out */
    "end      " KERAS_LEAD "(?<steps>\\d+)/\\k<steps> - \\d+s - (?<metrics>.*) - (?<duration>\\d+)"
    "(?<duration_unit>s|ms|us)/epoch - (?<step_time>\\d+)(?<step_unit>s|ms|us)/step\\s*$\n"
    /* verbose=2 of Keras 3: the time per step after the seconds ("469/469 - 0s - 1ms/step -
     * accuracy: 0.97"). Its ProgbarLogger draws a verbose=2 bar once, at the epoch's end, so
     * the step time is the epoch's over all its steps, the first one in (all_steps): the
     * steps times it narrow the seconds ("34/34 - 0s - 1ms/step": 34 to 51 ms) */
    "end      " KERAS_LEAD "(?<steps>\\d+)/\\k<steps> - (?<duration>\\d+)s - (?<step_time>[\\d.]+)"
    "(?<step_unit>s|ms|us)/step(?<all_steps>)(?<metrics>(?: - .*)?)$\n"
    /* a finished bar of Keras 1 to 2.0 (and TF 1.4's tf.keras): no time per step, and
     * their Progbar prints ' - %ds', the epoch's time cut down to the second (1.9 s as
     * "1s"); 2.1 on round it ('%.0fs') and add the time per step */
    "end      " KERAS_LEAD "(?:Epoch (?<epoch>\\d+)/(?<of>\\d+) )?"
    "(?<steps>\\d+)/\\k<steps> \\[[=>.]*\\] - (?<duration>\\d+)s(?<cut>)"
    "(?:(?<metrics>" KERAS_SEGMENT "+)(?:\\s.*)?|\\s*)$\n"
    /* a finished bar: the step count equals the total; a page that joined each epoch's
     * lines puts its header first ("Epoch 2/30 52/52 [====] - 21s 404ms/step - loss: ...").
     * Not Paddle's copy of the bar, whose values are its evaluation's batch_cost and reader
     * cost (PaddleSeg's, "76/76 [====] - 3s 36ms/step - batch_cost: 0.0358 - reader cost:") */
    "end      " KERAS_LEAD "(?:Epoch (?<epoch>\\d+)/(?<of>\\d+) )?"
    "(?<steps>\\d+)/\\k<steps> (?:\\[[=>.]*\\]|\\S+) "
    "(?:- )?(?<duration>\\d+)s(?: (?<step_time>[\\d.]+)(?<step_unit>s|ms|us)/step)?+"
    "(?! - batch_cost: )" KERAS_METRICS "\n"
    /* verbose=2 (Keras 1 to 2.2): the epoch's seconds alone, " - 242s - loss: 3.6"; Keras
     * 2.2 adds the time per sample, which it calls a step (" - 2s 36us/step - loss: 0.3"):
     * no step time. Those versions print "Epoch N/M" before every epoch: such lines one
     * after another with no header between are a fit's whose headers a script left out
     * (a sweep writing only the end lines, one "Input:..." line per configuration) */
    "end      " KERAS_LEAD "(?<headed>)(?:- )?(?<duration>\\d+)s"
    "(?: [\\d.]+(?:s|ms|us)/(?:step|sample))? - (?<metrics>\\w+: .*)$\n"
    /* EarlyStopping(verbose=1) ends the training: an epoch after it is another fit's
     * (a README's excerpts of several models' runs, epochs 113-114 then 179), and names
     * the epoch it stopped after (1-based), an excerpt's header-less first line's; last,
     * so that the bars' lines never try it */
    "summary  " KERAS_LEAD "Epoch (?<epoch>\\d+): early stopping\\s*$\n"
    /* the fit's time, as scripts print it after fit() returns: "Model took 1016.27 seconds
     * to train" (a widely copied notebook's), "total time: 72.67 seconds", "Fitting took:
     * 165.49" */
    "summary  " KERAS_LEAD "(?:Model took |[Tt]otal time: +|Fitting took: )(?<runtime>[\\d.]+)"
    "(?: seconds(?: to train)?)?\\s*$\n"
    /* mrdbourke's print_train_time() helper around fit(), "Train time on {device}: {t:.3f}
     * seconds" (his M1 speed test's notebooks, kartikra/m1-machine-learning-test's re-run on
     * an RTX 3080: "Train time on NVIDIA GeForce RTX 3080 Laptop GPU: 552.716 seconds") */
    "summary  " KERAS_LEAD "Train time on .+: (?<runtime>\\d+\\.?\\d*) seconds\\s*$\n"
    /* a name may hold hyphens ("top5-acc", "top-5-accuracy"): read whole, never as the
     * "acc" after the hyphen, which would overwrite the real acc with top-5's */
    "metric   (?<![\\w-])(?<name>[A-Za-z_][\\w-]*): (?<value>" NUM ")\n"
    "sample   Epoch 3/10\n"
    "sample   352/352 [====] - 8s 22ms/step - loss: 1.8 - acc: 0.51 - top5-acc: 0.82\n"
    "sample   15000/15000 [==============================] - 1s - loss: 0.5103 - acc: 0.7911\n"
    "sample    Epoch 2/3<br>\n"
    "sample   # Epoch 16/20\n"
    "sample   242s - loss: 3.6361 - acc: 0.2768 - val_loss: 1.5228 - val_acc: 0.5812\n"
    "sample    - 5s - loss: 0.2 - acc: 0.94\n"
    "sample   Train on 60000 samples, validate on 10000 samples\n"
    "sample   60000/60000 [==============================] - 5s 80us/sample - loss: 0.2\n"
    "sample   1563/1563 [==============================] - 12s 8ms/step - loss: 1.3289 - "
    "accuracy: 0.5282 - val_loss: 1.2 - val_accuracy: 0.57\n"
    "sample   313/313 [==============================] - 351s 1s/step - loss: 0.6855 - acc: 0.5609\n"
    "sample   Epoch 2/30 52/52 [====] - 21s 404ms/step - loss: 1.1167 - val_loss: 1.9844\n"
    "sample    37/391 [=>............................] - ETA: 19s - loss: 4.6052\n"
    "sample    - 2s 36us/step - loss: 0.3055 - acc: 0.9128\n"
    "sample   128/128 - 0s - loss: 2.9102 - accuracy: 0.1586 - 358ms/epoch - 3ms/step\n"
    "sample       ## 90/90 - 0s - 2ms/step - loss: 0.4811 - val_loss: 0.8349\n"
    "sample   469/469 - 0s - 1ms/step - accuracy: 0.9722 - loss: 0.0900 - val_loss: 0.0500\n"
    "sample   Train time on cuda: 552.716 seconds\n"
    "sample   352/352 \xe2\x94\x81\xe2\x94\x81\xe2\x94\x81 27s 73ms/step - accuracy: 0.44 - loss: 1.51\n";

static const char pytorch[] =
    "format pytorch\n"
    "description PyTorch scripts: pytorch/examples progress, test lines, "
    "\"Duration for 1 Epoch\"\n"
    "framework pytorch\n"
    /* the epochs an argparse Namespace sets ("Namespace(n_epochs=300, ...)", printed before
     * the training by otfusion's main.py): a failure after the last of them (its "Geometric
     * Ensembling" after 300 of 300) leaves the training finished */
    "label    ^\\s*Namespace\\(.*?\\bn_epochs=(?<planned>\\d+)\\b\n"
    "progress ^Train Epoch: (?<epoch>\\d+) \\[\\d+/\\d+ \\(\\d+%\\)\\]\\s+Loss: (?<m_loss>" NUM ")\n"
    "end      ^Duration for 1 Epoch: (?<duration>[\\d.]+) ?(?<duration_unit>seconds|s|ms)\\b\n"
    /* "Avg. loss": otfusion's test() (mahmoudhussein99/otfusion_DL_project's logs) */
    "after    ^\\s*Test set: Av(?:erage|g\\.) loss: (?<m_test_loss>" NUM "), Accuracy: \\d+/\\d+ "
    "\\((?<m_test_acc_pct>[\\d.]+)%\\)\n"
    "after    ^====> Epoch (?<epoch>\\d+) Average train loss: (?<m_loss>" NUM ")\n"
    "after    ^====> Validation loss: (?<m_val_loss>" NUM "),\\s+acc: (?<m_val_acc_pct>[\\d.]+)%\n"
    "sample    Namespace(n_epochs=300, batch_size_train=64, batch_size_test=1000)\n"
    "sample   Train Epoch: 1 [0/60000 (0%)]\tLoss: 2.301234\n"
    "sample   Train Epoch: 2 [640/60000 (1%)]    Loss: 0.49\n"
    "sample   Duration for 1 Epoch: 12.345 seconds\n"
    "sample   Test set: Average loss: 0.4900, Accuracy: 8050/10000 (80%)\n"
    "sample   Test set: Avg. loss: 0.0032, Accuracy: 4966/10000 (50%)\n";

/* after a bar's "<" (the time left), its rate: "00:00,  4.69it/s" (the mean over the bar:
 * Lightning's bars smooth nothing), which narrows the elapsed clock's second (a sub-second
 * epoch's, and 114 to 115 s to 114.54 to 115 s by "01:54<00:00, 1.13it/s") */
#define LT_RATE "(?:[\\d:?]+, *(?<rate>[\\d.]+(?:it/s|s/it))(?=[,\\]]))?"

/* Lightning's bars show the logger's version, v_num: a bar with it is Lightning's own (a
 * script's tqdm bars "Epoch 1: 100%|" have none, and count from 1) */
#define LT_SIGN "(?:(?=[^\\]]*v_num)(?<framework_sign>))?"

/* The Trainer ran the epochs it was set to ("`Trainer.fit` stopped: `max_epochs=30`
 * reached.", glued after the last bar; on a line of its own it would make a file of that
 * line alone a Lightning log, which lookslike.c names better): a failure after it (loading
 * the best checkpoint) does not undo the training */
#define LT_MAX_EPOCHS_TEXT "`Trainer\\.fit` stopped: `max_epochs=(?<planned>\\d+)` reached"
#define LT_MAX_EPOCHS "(?:.*?" LT_MAX_EPOCHS_TEXT ")?"

static const char lightning[] =
    "format lightning\n"
    "description PyTorch Lightning: tqdm or rich epoch bars, checkpoint lines\n"
    "framework lightning\n"
    /* the Trainer stopped at max_steps inside an epoch ("`Trainer.fit` stopped:
     * `max_steps=100000` reached." after its bar at 100000/118169): that epoch ends
     * there, partial, and the run ended as it was set to */
    "end      ^\\s*Epoch (?<epoch0>\\d+):\\s+\\d+%(?:\\|[^|]*\\|)? (?<steps>\\d+)/\\d+ "
    "\\[(?<elapsed>[\\d:]+)<[^\\]]*?(?<metrics>(?:, [^,\\]]+)*)\\]"
    "(?:\\[[A-Z]+\\] )?`Trainer\\.fit` stopped: `max_steps=\\d+` reached(?<partial>)"
    "(?<framework_sign>)\n"
    /* the same stop in a bar of no total (an iterable dataset: "Epoch 0: : 10000it [25:24,
     * 6.56it/s]", threestudio's "[INFO] " before the message) */
    "end      ^\\s*Epoch (?<epoch0>\\d+): *:? *(?<steps>\\d+)it \\[(?<elapsed>[\\d:]+), *"
    "[\\d.]+(?:it/s|s/it)(?<metrics>(?:, [^,\\]]+)*)\\]"
    "(?:\\[[A-Z]+\\] )?`Trainer\\.fit` stopped: `max_steps=\\d+` reached(?<partial>)"
    "(?<framework_sign>)\n"
    /* tqdm prints 100% from 99.5% on: a log without carriage returns may keep its
     * refresh at 517/518 and never the last (the next epoch's bar follows); the last
     * step's line, when it comes, is the same epoch's bar printed again */
    "end      ^" LT_SIGN "\\s*Epoch (?<epoch0>\\d+): 100%(?:\\|[^|]*\\|)? (?<steps>\\d+)/(?<total>\\d+) "
    "\\[(?<elapsed>[\\d:]+)<" LT_RATE "[^\\]]*?(?<metrics>(?:, [^,\\]]+)*)\\]" LT_MAX_EPOCHS "\n"
    /* a bar cut at the terminal's width ("..., train_loss_step=1.680," or "val_loss=0..."):
     * the item after the last comma may be cut, so it is left out */
    "end      ^" LT_SIGN "\\s*Epoch (?<epoch0>\\d+): 100%(?:\\|[^|]*\\|)? (?<steps>\\d+)/(?<total>\\d+) "
    "\\[(?<elapsed>[\\d:]+)<" LT_RATE "(?<metrics>[^\\]]*),[^,\\]]*$\n"
    /* the Timer callback's stop ("Time limit reached. Elapsed time is 1 day, 0:00:03.
     * Signaling Trainer to stop." glued after a bar): the epoch stops there, as set */
    "progress ^\\s*Epoch (?<epoch0>\\d+):\\s+\\d+%.*Time limit reached\\. Elapsed time is "
    "[^.]*\\. Signaling Trainer to stop\\.(?<partial>)(?<framework_sign>)\n"
    /* a bar of the next epoch: the one before ended (a pasted bar kept at 98%); its count
     * and total ("26637/266371"): a checkpoint line after a bar short of its total is a
     * validation inside the epoch (val_check_interval=0.1), not its end, and a bar of the
     * same epoch with another total is another training's */
    "progress ^" LT_SIGN "\\s*Epoch (?<epoch0>\\d+):\\s+\\d+%"
    "(?:(?=(?:\\|[^|]*\\|)? *(?<steps>\\d+)/(?<total>\\d+) \\[))?"
    "(?:\\|| \\d+/\\d+ \\[)(?<ends_open>)\n"
    /* a notebook widget's bar copied as text: its label ("Epoch 23: 100%") on one line, its
     * counts ("98/98 [00:20<00:00, 4.86it/s, v_num=0, ...]") on the next; the counts end
     * the labelled epoch when they are its last step's and show v_num (a validation or
     * test bar's show none) */
    "progress ^\\s*Epoch (?<epoch0>\\d+):\\s+\\d+%\\s*$(?<ends_open>)\n"
    "end      ^(?=[^\\]]*v_num)(?<framework_sign>)\\s*(?<steps>\\d+)/\\k<steps> "
    "\\[(?<elapsed>[\\d:]+)<" LT_RATE "[^\\]]*?(?<metrics>(?:, [^,\\]]+)*)\\]" LT_MAX_EPOCHS "\n"
    /* rich: what follows the values may be glued to them, a logging record's timestamp
     * ("Epoch 3/-2" when max_epochs is -1, a max_steps run: rich prints max_epochs - 1)
     * ("train/loss_epoch: 37.1782026-04-06 14:00:42,883 | INFO | ...": 37.178). Its output
     * no terminal (a redirect), rich prints the display once, its last frame: a log whose one
     * bar is the last epoch's, after "max_epochs=4 reached", trained epochs 1 to 3 unseen */
    "end      ^" LT_SIGN "(?<last_frame>)\\s*Epoch (?<epoch0>\\d+)/-?\\d+\\s+\\S+ "
    "(?<steps>\\d+)/\\k<steps> "
    "(?<elapsed>[\\d:]+)(?<metrics>.*?)"
    "(?:" LT_MAX_EPOCHS_TEXT ".*|(?=\\d{4}-\\d\\d-\\d\\d[ T]\\d\\d:\\d\\d:\\d\\d).*)?$\n"
    /* rich wraps the values that do not fit under the bar's own, far indented ("train/acc:
     * 0.92 val/loss: 0.233"); a value whose name ended the line before ("val/acc:", then
     * "0.878") is lost, never another's. In an 80-column console (rich's width when its
     * output is no terminal) the time column wraps too: the first wrapped line begins with
     * its time left under the elapsed time ("0:00:00" under "0:00:01", Lightning 2.6's
     * RichProgressBar redirected to a file), the values after it */
    "after    ^(?:\\s{40,}(?:" NUM "\\s+)?|\\s{20,}\\d+:\\d\\d:\\d\\d\\s+)"
    "(?<metrics>(?:[A-Za-z_][\\w/.-]*: " NUM "\\s*)+)(?:[A-Za-z_][\\w/.-]*:\\s*)?$\n"
    /* the monitored name as logged: "val/accuracy" (a wandb-style name) is one name */
    "after    ^\\s*Epoch (?<epoch0>\\d+), global step \\d+: (?<metrics>'[\\w/.-]+' reached \\S+)?"
    "(?<framework_sign>)\n"
    /* a script's own summary after its tqdm bar ("Epoch 1" / "  Train - CE: 0.9761, KL:
     * 2.5673, pole: 0.1511, acc: 74.6%" / "  Val   - CE: 0.1735, ...", EasonLi292/Z-GED's
     * train_log.txt): the epoch's own values, where the bar's postfix is its last batch's
     * running one (CE=0.224): they replace the bar's; the Val line's are val_NAME */
    "after    ^\\s*Train\\s+- (?<metrics>[A-Za-z_]\\w*: " NUM "%?(?:, [A-Za-z_]\\w*: " NUM "%?)*)"
    "\\s*$\n"
    "after    ^\\s*Val\\s+- (?<validation>)(?<metrics>[A-Za-z_]\\w*: " NUM "%?"
    "(?:, [A-Za-z_]\\w*: " NUM "%?)*)\\s*$\n"
    /* the same stop on a line of its own (after the last bar's line end, or in a logging
     * record, "INFO: `Trainer.fit` stopped: ..."): a summary, which alone makes no file a
     * Lightning log (no epoch line), so that lookslike.c names a log of this line only */
    "summary  " LT_MAX_EPOCHS_TEXT "\n"
    /* a max_steps stop on a line of its own: the open epoch stops there, partial, and the
     * run ended as set (as when the message is glued after the bar) */
    "summary  `Trainer\\.fit` stopped: `max_steps=\\d+` reached(?<partial>)\n"
    /* "train-loss=0.5" is one name, never "loss" after the hyphen; v_num is the logger's
     * version, no figure of the epoch (rich's "v_num: 0" neither) */
    "metric   (?<![\\w/-])(?<name>(?!v_num=)[A-Za-z_][\\w/-]*)=(?<value>" NUM ")\n"
    "metric   (?<![\\w/-])(?<name>(?!v_num:)[A-Za-z_][\\w/-]*): (?<value>" NUM ")\n"
    "metric   '(?<name>[\\w/.-]+)' reached (?<value>" NUM ")\n"
    "sample   Epoch 0: 100%|\xe2\x96\x88\xe2\x96\x88\xe2\x96\x88| 391/391 [01:23<00:00, 4.70it/s, "
    "loss=0.52, v_num=0]\n"
    "sample   Epoch 0, global step 1: 'val_loss' reached 0.33304 (best 0.33304), saving model\n"
    "sample   Epoch 0: : 10000it [25:24,  6.56it/s][INFO] `Trainer.fit` stopped: `max_steps=10000` "
    "reached.\n"
    "sample   Epoch 13:  20%|_| 367/1871 [21:22<1:27:35,  3.49s/it, loss=0.16, v_num=0]Time limit "
    "reached. Elapsed time is 1 day, 0:00:03. Signaling Trainer to stop.\n"
    /* a shorter bar over a longer one leaves the longer one's tail, as on a terminal */
    "sample   Epoch 0: 100%|###| 391/391 [00:02<00:00, 179.37it/s, loss=0.390]0it/s]\n"
    "sample   Epoch 1: 100%|\xe2\x96\x88| 2/2 [00:01<00:00,  1.95it/s, v_num=m46a, train_loss_step=1.680,\n"
    /* Colab keeps no bar characters */
    "sample   Epoch 0: 100% 391/391 [00:08<00:00, 48.27it/s, v_num=0, loss=0.118]\n"
    "sample   `Trainer.fit` stopped: `max_epochs=30` reached.\n"
    "sample     Train - CE: 0.9761, KL: 2.5673, pole: 0.1511, acc: 74.6%\n"
    "sample     Val   - CE: 0.1735, KL: 3.4609, pole: 0.0532, acc: 93.3%\n"
    "sample   INFO: `Trainer.fit` stopped: `max_steps=50` reached.\n"
    "sample   Epoch 23: 100%\n"
    "sample   98/98 [00:20<00:00, 4.86it/s, v_num=0, loss/train_step=0.133, acc/val=91.80]\n"
    "sample   Epoch 29/29 \xe2\x94\x81\xe2\x94\x81 5809/5809 0:12:43 \xe2\x80\xa2 0:00:00 7.70it/s v_num: jba0 "
    "train/loss_epoch: 0.435`Trainer.fit` stopped: `max_epochs=30` reached.\n";

/* indented as pasted into a document: blanks, tabs, ideographic spaces (U+3000 in UTF-8;
 * A1 A1 in GBK, CP949 and EUC-JP; 81 40 in Shift-JIS); after LLaMA-Factory's logger, or
 * after the logging format of transformers' example scripts when a callback logs the
 * dictionary ("12/11/2023 05:18:52 - INFO - __main__ -   {'loss': ...}", asctime in
 * datefmt "%m/%d/%Y %H:%M:%S"; logging's default asctime, ISO 8601, is the line's time
 * and gone before the rules see the line); or grep -n's line number right before the
 * dictionary ("59:{'loss': 0.0366, ..., 'epoch': 1.0}", a README's excerpt of a log:
 * 0515-Yoonseo-Kim/PPO's train_result.txt) */
#define HF_LOGGER                                                                           \
    "(?:[ \\t]|\xe3\x80\x80|\xa1\xa1|\x81\x40)*+(?:\\[[A-Z]+\\|[-\\d: ]+\\] [\\w.]+:\\d+ >> |"    \
    "(?:\\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d:\\d\\d )?- [A-Z]+ - [\\w.]+ - +|\\d{1,9}:(?=\\{'))?"

/*
 * The Trainer writes its dictionary to standard output while tqdm draws its bar on standard
 * error: a log of both
 * (python train.py > log 2>&1, a README pasting the console) has the dictionary right after
 * the bar's text, " 30%|██▉       | 500/1689 [01:30<03:29,  5.68it/s]{'loss': 1.6771, ...}"
 * (Colab: no bar characters; ms-swift: "Train:   2%|▏ | 1/60 [...]").
 */
#define HF_BAR "(?:[^{]*?\\d+%(?:\\|[^|]*\\|)? *\\d+/\\d+ \\[[^\\]]*\\])?"

/*
 * A value printed bare (0.5717) or quoted whole ('0.5717', transformers 4.57 on): the
 * lookahead lets the quote open only when it closes right after the number, so that the
 * "'?" after the value's group takes the closing quote and nothing else.
 */
#define HF_QUOTED(num) "(?:'(?=" num "')|(?=" num "(?:[,}]|$)))"

/* A time or an epoch as printed: ms-swift keeps 4 significant figures, '2.534e+04' s */
#define HF_NUM "(?:\\d+\\.?\\d*(?:e[-+]?\\d+)?|\\.\\d+)"

static const char hf[] =
    "format hf\n"
    "description Hugging Face Trainer: printed log dictionaries\n"
    "framework transformers\n"
    /* keys in any order, callbacks' own keys too ('iter_time', 'flops', 'remaining_time');
     * printed bare or by LLaMA-Factory's logger ("[INFO|2024-11-26 22:09:01] logging.py:157 >> ") */
    /* the summary's 'epoch' is how far the training got: it ends the epoch still open
     * (ms-swift prints no loss dictionary at the last step), partial if not whole */
    "summary  ^" HF_LOGGER HF_BAR "\\{(?=(?:.*'epoch': " HF_QUOTED(HF_NUM)
    "(?<epoch_float>" HF_NUM ")'?[,}])?)"
    ".*'train_runtime': " HF_QUOTED(HF_NUM) "(?<runtime>" HF_NUM ")'?[,}]\n"
    "progress ^" HF_LOGGER HF_BAR "\\{(?=.*'epoch': " HF_QUOTED(HF_NUM)
    "(?<epoch_float>" HF_NUM ")'?[,}])"
    "(?<metrics>.*'(?:loss|eval_\\w+)'.*)\\}\\s*$\n"
    /* the Trainer's "***** Running training *****" block begins a run (train() called
     * again, the script launched again, resumed from a checkpoint: a run that had not ended
     * was interrupted); "  Num Epochs = 30" is how many it plans: one that ends at a whole
     * epoch short of it with no summary was cut */
    "run      ^[^{]*?\\*{5} Running training \\*{5}\n"
    "label    ^[^{]*?  Num Epochs = (?<planned>\\d{1,3}(?:,\\d{3})+|\\d+)\\s*$\n"
    /* any key with a number is a metric, 'memory(GiB)' and 'train_speed(iter/s)' (ms-swift)
     * too; a string that is a number ('0.5717', as newer transformers print every value) is
     * one, other strings ('remaining_time': '4m 28s', 'percentage': '1.06%') are not */
    "metric   '(?<name>(?!(?:epoch|step)')[^',:{}]+)': " HF_QUOTED(NUM) "(?<value>" NUM ")'?"
    "(?=[,}]|$)\n"
    "sample   {'loss': 1.6282, 'learning_rate': 1.85e-05, 'epoch': 0.22}\n"
    "sample   {'eval_loss': 0.0012, 'eval_runtime': 16.8658, 'epoch': 1.0}\n"
    "sample   {'train_runtime': 2331.9715, 'train_samples_per_second': 23.863, 'epoch': 3.0}\n"
    "sample   [INFO|2024-11-26 22:09:01] logging.py:157 >> {'loss': 2.2818, "
    "'learning_rate': 2.5000e-06, 'epoch': 0.29}\n"
    "sample   \xe3\x80\x80\xe3\x80\x80{'loss': 1.9708, 'learning_rate': 1.99e-05, 'epoch': 1.06}  \n"
    "sample   {'loss': 2.1, 'grad_norm': 1.5, 'learning_rate': 4e-05, 'epoch': 0.5, "
    "'iter_time': 0.41, 'flops': 183.2, 'remaining_time': '0:12:31'}\n"
    "sample   {'loss': '0.5717', 'grad_norm': '0.07471', 'num_tokens': '2.133e+05', "
    "'epoch': '0.4063'}\n"
    "sample   {'train_runtime': '1063', 'train_loss': '0.6024', 'epoch': '0.7619'}\n"
    "sample   {'train_runtime': '2.534e+04', 'train_loss': '1.218', 'epoch': '0.9998'}\n"
    "sample   59:{'loss': 0.0366, 'learning_rate': 1.2499687507812305e-09, 'epoch': 1.0}\n"
    "sample    30%|\xe2\x96\x88\xe2\x96\x88\xe2\x96\x89       | 500/1689 [01:30<03:29,  5.68it/s]"
    "{'loss': 1.6771, 'learning_rate': 7.039668442865602e-06, 'epoch': 0.89}\n";

/*
 * PaddleNLP's Trainer (a port of Hugging Face's) logs its dictionaries through its own
 * logger as "key: value" pairs, each line stamped: "[2022-08-31 15:38:22,994] [    INFO] -
 * loss: 0.9188, learning_rate: 2.97e-06, global_step: 10, interval_runtime: 2.0339, ...,
 * epoch: 0.5" (LemonNoel/PaddleNLP's fewclue logs); its LLM trainer names the epoch
 * progress_or_epoch. The epochs are read as Hugging Face's, by their fractional 'epoch',
 * and the line stamps time them.
 */
/* the stamp is taken off the line before the rules see it, but for the samples */
#define PADDLE_LEAD "^(?:\\[[-\\d :,]+\\] )?\\[ *INFO\\] - "
#define PADDLE_EPOCH "(?:epoch|progress_or_epoch): (?<epoch_float>" HF_NUM ")\\s*$"

static const char paddlenlp[] =
    "format paddlenlp\n"
    "description PaddleNLP Trainer: its logger's 'loss: ..., epoch: 0.5' lines\n"
    "framework paddlenlp\n"
    /* the summary, after "Training completed.": the epoch reached (an early stop's too:
     * 'epoch: 5.098' of 50 planned, partial) and the training's time */
    "summary  " PADDLE_LEAD "train_runtime: (?<runtime>" HF_NUM ")(?=(?:, .*"
    PADDLE_EPOCH ")?)\n"
    "progress " PADDLE_LEAD "(?<metrics>(?:loss|eval_\\w+): .*), " PADDLE_EPOCH "\n"
    "run      " PADDLE_LEAD "\\*{5} Running training \\*{5}\\s*$\n"
    "label    " PADDLE_LEAD "  Num Epochs = (?<planned>\\d+)\\s*$\n"
    "metric   \\b(?<name>(?!(?:epoch|progress_or_epoch|global_step)\\b)\\w+): "
    "(?<value>" NUM ")(?=,|\\s*$)\n"
    "sample   [2022-08-31 15:38:22,994] [    INFO] - loss: 0.91882019, learning_rate: 2.97e-06, "
    "global_step: 10, interval_runtime: 2.0339, interval_samples_per_second: 3.933, "
    "interval_steps_per_second: 4.917, epoch: 0.5\n"
    "sample   [2022-08-31 15:38:31,897] [    INFO] - eval_loss: 0.526604950428009, "
    "eval_accuracy: 0.725, eval_runtime: 0.6702, eval_samples_per_second: 238.743, "
    "eval_steps_per_second: 4.476, epoch: 5.0\n"
    "sample   [2022-08-31 15:41:28,994] [    INFO] - train_runtime: 188.0339, "
    "train_samples_per_second: 42.546, train_steps_per_second: 5.318, train_loss: "
    "0.15226376488618554, epoch: 50.0\n"
    "sample   [    INFO] - loss: 12.05887604, learning_rate: 3e-06, global_step: 2, "
    "interval_runtime: 0.2556, interval_steps_per_second: 3.913, progress_or_epoch: 0.0\n"
    "sample   [2022-08-31 18:27:52,412] [    INFO] - train_runtime: 662.3475, "
    "train_samples_per_second: 228.279, train_steps_per_second: 28.535, train_loss: 1.4653\n"
    "sample   [2022-08-31 15:38:20,958] [    INFO] - ***** Running training *****\n"
    "sample   [2022-08-31 15:38:20,958] [    INFO] -   Num Epochs = 50\n";

static const char benchtrain[] =
    "format benchtrain\n"
    "description benchtrain's log: a header, then one line per epoch with its start and end\n"
    "framework benchtrain\n"
    /* a run at tf32 or bf16 (benchtrain 0.2.0 on) is labelled with that framework, so that
     * it is compared apart from fp32 runs (fp32 and older logs stay "benchtrain") */
    "run      ^# benchtrain \\S+ backend=\\S+ device=\"(?<label_device>[^\"]*)\" "
    "model=(?<label_model>\\S+) .*\\bbatch=(?<label_batch>\\d+)"
    "(?: precision=(?<label_framework>tf32|bf16)\\b)?\n"
    "end      ^epoch (?<epoch>\\d+)/(?<of>\\d+) start=(?<start>\\S+) end=(?<stop>\\S+) "
    "duration=(?<duration>[\\d.]+) steps=(?<steps>\\d+)(?<metrics>.*)$\n"
    "dnf      ^FAILED: (?<dnf>.*)$\n"
    "metric   (?<name>[a-z_]+)=(?<value>" NUM ")\n"
    "sample   # benchtrain 0.1.0 backend=opencl device=\"pthread-cpu\" model=mlp params=435402 "
    "batch=32 dataset=fashion-mnist train=50000 val=10000 test=10000 "
    "start=2026-11-22T11:00:00.000000Z\n"
    "sample   # benchtrain 0.2.0 backend=cuda device=\"NVIDIA H100 80GB HBM3\" model=cnn "
    "params=93322 batch=128 precision=bf16 dataset=fashion-mnist train=50000 val=10000 "
    "test=10000 start=2026-11-23T11:00:00.000000Z conv=cudnn power=nvml\n"
    "sample   epoch 1/5 start=2026-11-22T11:00:00.100000Z end=2026-11-22T11:00:12.445678Z "
    "duration=12.345678 steps=1563 loss=0.5123 accuracy=0.8123\n"
    "sample   FAILED: out of memory allocating 2147483648 bytes on the device\n";

/*
 * YOLOv5's validation bar after each epoch's training bar, tqdm's ("Class Images Labels P R
 * mAP@.5 mAP@.5:.95: 100%|###| 17/17 [00:22<00:00,  1.34s/it]"; "Instances ... mAP50
 * mAP50-95" from v6.2; "Targets" in v1-v5.0, ultralytics/yolov3's "Targets P R mAP@0.5 F1"
 * and yolov5-face's forks): an epoch of a benchmark is its training and its validation,
 * 22 s of the 403 s of ml2-project's 150-epoch log's first epoch (GTX 1060), whose epochs
 * sum to its "16.469 hours" only with them. Its count is no epoch's steps (unnamed); `P R`
 * after the third word keeps Ultralytics' "Instances Box(P R" out.
 */
#define YOLO_VAL_BAR                                                                       \
    "after    ^\\s*Class\\s+Images\\s+(?:Labels|Instances|Targets)\\s+P\\s+R\\s+mAP[^%]*: "    \
    "+100%(?:\\|[^|]*\\|)? (\\d+)/\\g{-1} \\[(?<elapsed>[\\d:]+)<(?<validation>)\n"

static const char yolov5[] =
    "format yolov5\n"
    "description YOLOv5 train.py: a bar per epoch (Epoch gpu_mem box obj cls), then validation\n"
    "framework yolov5\n"
    "label    ^YOLOv5 .*\\bCUDA:\\d+ \\((?<label_device>[^,)]+)\n"
    /* how many it plans: a log that stops short of them with no "N epochs completed" was
     * cut (an early stop prints that summary too) */
    "run      ^Starting training for (?<planned>\\d+) epochs\\.\\.\\.\n"
    /* its header (printed before each epoch): YOLOv5's, not Ultralytics' (dfl_loss) */
    "progress ^\\s*Epoch\\s+(?:gpu_mem\\s+box\\s+obj\\s+cls|GPU_mem\\s+box_loss\\s+(?:seg_loss\\s+)?"
    "obj_loss\\s+cls_loss)\\s\n"
    /* the training bar at 100%: its elapsed time is the epoch's, its validation bar's is
     * added to it (YOLO_VAL_BAR); epochs are printed from 0 (0/299) */
    /* v3.0 to v5.0 print their sum too (`box obj cls total labels img_size`); a fork of
     * yolov5-face (cxnaive/yolov5-RM, W&B's output.log) two losses of its own before it (`box
     * obj cls col landmark total targets img_size`): the colour's and the landmarks' */
    "end      ^\\s*(?<epoch0>\\d+)/\\d+\\s+(?:[\\d.]+G|0)\\s+(?<m_box_loss>" NUM ")\\s+"
    "(?<m_obj_loss>" NUM ")\\s+(?<m_cls_loss>" NUM ")\\s+"
    "(?:(?<m_col_loss>" NUM ")\\s+(?<m_landmark_loss>" NUM ")\\s+(?=" NUM "\\s+\\d+\\s+\\d+: ))?"
    "(?:(?<m_total_loss>" NUM ")\\s+)?"
    "\\d+\\s+\\d+: +100%(?:\\|[^|]*\\|)? (?<steps>\\d+)/\\k<steps> \\[(?<elapsed>[\\d:]+)<\n"
    "progress ^\\s*(?<epoch0>\\d+)/\\d+\\s+(?:[\\d.]+G|0)\\s+" NUM "\\s+" NUM "\\s+" NUM
    "\\s+(?:" NUM "\\s+" NUM "\\s+(?=" NUM "\\s+\\d+\\s+\\d+: ))?(?:" NUM "\\s+)?"
    "\\d+\\s+\\d+: \n"
    YOLO_VAL_BAR
    "after    ^\\s*all\\s+\\d+\\s+\\d+\\s+(?<m_P>" NUM ")\\s+(?<m_R>" NUM ")\\s+(?<m_mAP50>" NUM
    ")\\s+(?<m_mAP50_95>" NUM ")\\s*$\n"
    /* indented as a document's code block indents it (a README made from a notebook) */
    "summary  ^\\s*\\d+ epochs completed in (?<runtime>[\\d.]+) (?<duration_unit>hours)\\.\n"
    "sample        Epoch   gpu_mem       box       obj       cls    labels  img_size\n"
    "sample   YOLOv5 \xf0\x9f\x9a\x80 4ce6737 torch 1.10.1 CUDA:0 (GeForce GTX 1060 6GB, 6075MiB)\n"
    "sample        0/299     5.05G   0.06359   0.03304         0         0      1280: "
    "100%|##########| 213/213 [06:21<00:00,  1.79s/it]\n"
    "sample         0/299      4.67G     0.1171    0.02023    0.03819         30        416: "
    "100% 1/1 [00:03<00:00,  3.27s/it]\n"
    "sample                  Class     Images     Labels          P          R     mAP@.5 "
    "mAP@.5:.95: 100%|##########| 17/17 [00:22<00:00,  1.34s/it]\n"
    "sample                    all        677       2449     0.0682      0.126     0.0251    0.00763\n"
    "sample   246 epochs completed in 27.213 hours.\n"
    "sample        Epoch   gpu_mem       box       obj       cls     total    labels  img_size\n"
    "sample          1/5     2.63G   0.03755  0.007537    0.0104   0.05549         3       640: "
    "100% 3692/3692 [18:23<00:00,  3.35it/s]\n"
    "sample        Epoch   gpu_mem       box       obj       cls       col  landmark     total   "
    "targets  img_size\n"
    "sample      299/299     4.13G    0.0343  0.008898   0.03514  0.002199   0.05347     0.134"
    "        13       832: 100%|##########| 23/23 [00:02<00:00, 10.21it/s]\n";

/* ultralytics/yolov3 before it took YOLOv5's code, and YOLOv5 v1 and v2: the box loss is
 * GIoU's; the fourth value of the `all` line is F1 in the first (`P R mAP@0.5 F1`), mAP@.5:.95
 * in the second: only the header before it says which, so it is not read */
static const char yolov3[] =
    "format yolov3\n"
    "description ultralytics/yolov3 (2019-2020) and YOLOv5 v1-v2 train.py: a bar per epoch "
    "(Epoch gpu_mem GIoU obj cls total), then validation\n"
    "framework yolov3\n"
    "run      ^Starting training for (?<planned>\\d+) epochs\\.\\.\\.\n"
    "progress ^\\s*Epoch\\s+gpu_mem\\s+GIoU\\s+obj\\s+cls\\s+total\\s\n"
    "end      ^\\s*(?<epoch0>\\d+)/\\d+\\s+(?:[\\d.]+G|0)\\s+(?<m_giou_loss>" NUM ")\\s+"
    "(?<m_obj_loss>" NUM ")\\s+(?<m_cls_loss>" NUM ")\\s+(?<m_total_loss>" NUM ")\\s+"
    "\\d+\\s+\\d+: +100%(?:\\|[^|]*\\|)? (?<steps>\\d+)/\\k<steps> \\[(?<elapsed>[\\d:]+)<\n"
    "progress ^\\s*(?<epoch0>\\d+)/\\d+\\s+(?:[\\d.]+G|0)\\s+" NUM "\\s+" NUM "\\s+" NUM
    "\\s+" NUM "\\s+\\d+\\s+\\d+: \n"
    YOLO_VAL_BAR
    /* its image and target counts may be printed as 1.22e+03 */
    "after    ^\\s*all\\s+" NUM "\\s+" NUM "\\s+(?<m_P>" NUM ")\\s+(?<m_R>" NUM ")\\s+(?<m_mAP50>"
    NUM ")\\s+" NUM "\\s*$\n"
    "summary  ^\\s*\\d+ epochs completed in (?<runtime>[\\d.]+) (?<duration_unit>hours)\\.\n"
    "sample        Epoch   gpu_mem      GIoU       obj       cls     total   targets  img_size\n"
    "sample        0/159     9.16G      4.01      3.68         0      7.69        11       512: "
    "100% 43/43 [00:57<00:00,  1.34s/it]\n"
    "sample                  Class    Images   Targets         P         R   mAP@0.5        F1: "
    "100% 32/32 [00:12<00:00,  2.64it/s]\n"
    "sample                    all    1.22e+03    5.32e+04       0.187       0.748       0.474"
    "       0.142\n";

/* Ultralytics' loss columns, as its trainers name them, by their count (the header says
 * which: `Epoch GPU_mem box_loss cls_loss dfl_loss Instances Size`); another count (YOLOv10's
 * six) is read for the epoch's time only */
#define UL_HEAD "^\\s*(?<epoch>\\d+)/\\d+\\s+(?:[\\d.]+G|0)\\s+"
/* a finished bar's time: tqdm's ("[00:48<", int(t)), or, from 8.3.x on, Ultralytics' own
 * ("1.5it/s 4:25", "4.5it/s 49.5s"), which rounds: f"{t:.1f}s" under a minute, then
 * f"{int(t // 60)}:{t % 60:02.0f}" */
#define UL_TIME                                                                            \
    "(?:\\[|[\\d.]+(?:it/s|s/it) (?<rounded>))(?:(?<elapsed>\\d+:\\d\\d(?::\\d\\d)?)|"       \
    "(?<duration>[\\d.]+)s)(?:<|\\s*$)"
#define UL_BAR                                                                             \
    "\\s+\\d+\\s+\\d+: +100%(?:\\|[^|]*\\||\\s+[^\\d\\s]+)? (?<steps>\\d+)/\\k<steps> " UL_TIME

static const char ultralytics[] =
    "format ultralytics\n"
    "description Ultralytics YOLOv8/YOLO11 training output: an Epoch GPU_mem header and a bar "
    "per epoch, then validation\n"
    "framework ultralytics\n"
    /* how many it plans: a log that stops short of them with no "N epochs completed" was
     * cut (an early stop prints that summary too) */
    "run      ^Starting training for (?<planned>\\d+) epochs\\.\\.\\.\n"
    /* its AMP check names its own models (YOLOv5 checks with YOLOv5n): when W&B's capture puts
     * the first bar before the first header, this tells it from YOLOv5 */
    "label    ^AMP: running Automatic Mixed Precision \\(AMP\\) checks with YOLO(?:v8|v9|v10|11|12)\n"
    /* the header before every epoch's bar begins the epoch (validation-only captures have
     * no bar); YOLOv5's own header (obj_loss) is the yolov5 format's */
    "epoch    ^(?!.*\\bobj_loss\\b)\\s*Epoch\\s+GPU_mem\\s+\\w.*\\bInstances\\s+Size\\s*$\n"
    /* epochs are printed from 1 (1/100); the training bar's time is the epoch's, its
     * validation bar's is added to it (below) */
    "end      " UL_HEAD "(?<m_box_loss>" NUM ")\\s+(?<m_cls_loss>" NUM ")\\s+(?<m_dfl_loss>" NUM
    ")" UL_BAR "\n"
    "end      " UL_HEAD "(?<m_box_loss>" NUM ")\\s+(?<m_seg_loss>" NUM ")\\s+(?<m_cls_loss>" NUM
    ")\\s+(?<m_dfl_loss>" NUM ")" UL_BAR "\n"
    "end      " UL_HEAD "(?<m_box_loss>" NUM ")\\s+(?<m_pose_loss>" NUM ")\\s+(?<m_kobj_loss>" NUM
    ")\\s+(?<m_cls_loss>" NUM ")\\s+(?<m_dfl_loss>" NUM ")" UL_BAR "\n"
    "end      " UL_HEAD "(?<m_loss>" NUM ")" UL_BAR "\n"
    "end      " UL_HEAD "(?:" NUM "\\s+)*" NUM UL_BAR "\n"
    "progress " UL_HEAD "(?:" NUM "\\s+)*" NUM "\\s+\\d+\\s+\\d+: \n"
    /* the validation bar after the training's ("Class Images Instances Box(P R mAP50
     * mAP50-95): 100% ... 58/58 1.5it/s 38.5s"; a classifier's "classes top1_acc top5_acc:"):
     * an epoch of a benchmark is its training and its validation, 38.5 s of the 303.5 s of
     * epoch 1 of a YOLO11s console (JackTheProgrammer/Fine-tuned-YOLO11), whose epochs sum to
     * the "5.089 hours" it reports only with them */
    "after    ^\\s*(?:Class\\s+Images\\s+Instances|classes\\s+top1_acc)\\b[^:]*: +100%"
    "(?:\\|[^|]*\\||\\s+[^\\d\\s]+)? (\\d+)/\\g{-1} " UL_TIME "(?<validation>)\n"
    /* the `all` line after the epoch: box precision, recall, mAP50, mAP50-95 (a segmentation
     * or pose model's mask/pose columns after them are not read); classification: top1/5 */
    "after    ^\\s*all\\s+\\d+\\s+\\d+\\s+(?<m_P>" NUM ")\\s+(?<m_R>" NUM ")\\s+(?<m_mAP50>" NUM
    ")\\s+(?<m_mAP50_95>" NUM ")(?:\\s+" NUM "){0,4}\\s*$\n"
    "after    ^\\s*all\\s+(?<m_top1_acc>" NUM ")\\s+(?<m_top5_acc>" NUM ")\\s*$\n"
    /* indented as a document's code block indents it (a README made from a notebook) */
    "summary  ^\\s*\\d+ epochs completed in (?<runtime>[\\d.]+) (?<duration_unit>hours)\\.\n"
    "sample   Starting training for 25 epochs...\n"
    "sample         Epoch    GPU_mem   box_loss   cls_loss   dfl_loss  Instances       Size\n"
    "sample          1/25      6.08G      1.688      3.386      2.143         28        800: "
    "100% 55/55 [00:48<00:00,  1.13it/s]\n"
    "sample          1/10         0G      1.312       2.58      1.454         58        640: "
    "100%|\xe2\x96\x88\xe2\x96\x88| 314/314 [44:22<00:00,  8.48s/it]\n"
    "sample         1/100      2.06G      2.681      4.744      3.814         37        640: "
    "100% \xe2\x94\x81\xe2\x94\x81\xe2\x94\x81 221/221 4.5it/s 49.5s\n"
    "sample          1/15      5.77G      1.415      2.481       1.59      1.394      5.207      "
    "1.554          7        640: 100% 404/404 [02:50<00:00,  2.37it/s]\n"
    "sample                    all         47         48      0.176        0.2      0.158     "
    "0.0558\n"
    "sample                   Class     Images  Instances      Box(P          R      mAP50  "
    "mAP50-95): 100% \xe2\x94\x81\xe2\x94\x81 58/58 1.5it/s 38.5s\n"
    "sample                   Class     Images  Instances      Box(P          R      mAP50  "
    "mAP50-95): 100%|\xe2\x96\x88\xe2\x96\x88| 12/12 [01:30<00:00,  7.56s/it]\n"
    "sample   96 epochs completed in 0.122 hours.\n";

/* OpenMMLab's logger prefix once the line time is cleaned off: "- mmdet - INFO - " */
#define MM_LOG "^(?:- [\\w.]+ - INFO - )?"

static const char openmmlab[] =
    "format openmmlab\n"
    "description OpenMMLab epoch-based training: mmcv runners (Epoch [1][50/7330]) and "
    "MMEngine (Epoch(train) [1][ 50/7330]), checkpoints, Epoch(val)\n"
    "framework openmmlab\n"
    /* samples are lines as the rules see them, the line time cleaned off */
    /* printed just before the first iteration: epoch 1 begins here */
    "epoch    " MM_LOG "Checkpoints will be saved to \n"
    /* mmcv 1.0 prints no such line: its last line before training is the workflow; its
     * max is the epochs planned (mmcv's EpochBasedRunner never stops early) */
    "epoch    " MM_LOG "workflow: \\[.*\\], max: (?<planned>\\d+) epochs\\s*$\n"
    /* every `interval` iterations: the last one's losses stand; lr, eta, time (one
     * iteration's), data_time and memory are no epoch's metrics */
    /* the epoch's last iteration (MMEngine always logs it; mmcv when the interval
     * divides the count) ends it: a CheckpointHook with an interval of 10 saves no
     * checkpoint at the nine epochs between (RTMDet's configs) */
    /* mmcv 1.0 logs the validation as the last iteration's line, lr then no eta:
     * "Epoch [1][361/361]\tlr: 1.801e-03, bbox_mAP: 0.0370, ...", after the checkpoint */
    "after    " MM_LOG "(?<extend>)Epoch \\[(?<epoch>\\d+)\\]\\[(\\d+)/\\g{-1}\\]\\s+"
    "lr: [^,]*, (?!eta: )(?<metrics>.*)$\n"
    "end      " MM_LOG "Epoch(?:\\(train\\))? ?\\s*\\[(?<epoch>\\d+)\\]\\[\\s*(\\d+)/\\g{-1}\\]\\s+"
    "(?<metrics>(?:lr|base_lr): .*)$\n"
    "progress " MM_LOG "Epoch \\[(?<epoch>\\d+)\\]\\[\\s*\\d+/\\d+\\]\\s+(?<metrics>lr: .*)$\n"
    /* MMEngine's EpochBasedTrainLoop runs the epochs one after the other: the first line of
     * a later epoch ends the open one, when its last iteration was not logged (the interval
     * does not divide the count: 'Epoch(train)  [1][20/23]', then [2][ 5/23]) and no
     * checkpoint or validation ended it */
    "progress " MM_LOG "Epoch\\(train\\)\\s*\\[(?<epoch>\\d+)\\]\\[\\s*\\d+/\\d+\\]\\s+"
    "(?<metrics>.*)$(?<ends_open>)\n"
    /* MMEngine's LoggerHook prints it after the epoch's last iteration, before that
     * iteration's line when it logs one, and every 1000 iterations: where such an open
     * epoch ended (rogerlv51's RTMDet log: '[1][20/23]', then 'Exp name: ...' at 07:59:23,
     * then [2][ 5/23] at 07:59:43) */
    "progress ^- mmengine - INFO - Exp name: (?<closing>)\n"
    /* the CheckpointHook ends the epoch (mmcv's runner logs no last iteration), or,
     * after its last iteration's line, extends it to here; the validation after it is
     * still that epoch's: it ends there (extend) */
    "after    " MM_LOG "(?<extend>)Saving checkpoint at (?<epoch>\\d+) epochs\n"
    "after    " MM_LOG "(?<extend>)(?<validation>)Epoch\\(val\\) \\[(?<epoch>\\d+)\\]\\[\\d+\\]\\s+"
    "(?<metrics>.*)$\n"
    "after    " MM_LOG "(?<extend>)(?<validation>)Epoch\\(val\\)\\s*\\[(?<epoch>\\d+)\\]"
    "\\[\\s*(\\d+)/\\g{-1}\\]\\s+"
    "(?!.*\\beta: )(?<metrics>.*)$\n"
    /* the validation's bar after an epoch ended: a log that stops in it was interrupted */
    "progress " MM_LOG "(?<unfinished>)Epoch\\(val\\)\\s*\\[\\d+\\]\\[\\s*\\d+/\\d+\\]\\s+eta: \n"
    "metric   (?<![\\w/.@-])(?<name>(?!(?:lr|base_lr|eta|time|data_time|memory)\\b)"
    "(?![\\w/.@-]*copypaste\\b)[A-Za-z_][\\w/.@-]*): (?<value>" NUM ")(?=,|\\s|$)\n"
    "sample   - mmdet - INFO - Checkpoints will be saved to "
    "/mmdetection/work_dirs/mask_rcnn by HardDiskBackend.\n"
    "sample   - mmdet - INFO - Epoch [1][50/930]\tlr: 1.978e-03, eta: "
    "0:56:09, time: 0.303, data_time: 0.051, memory: 3050, loss_rpn_cls: 0.0593, loss: 1.1088\n"
    "sample   - mmdet - INFO - Saving checkpoint at 1 epochs\n"
    "sample   - mmdet - INFO - Epoch(val) [1][764]\tbbox_mAP: 0.0110, "
    "bbox_mAP_50: 0.0170, bbox_mAP_copypaste: 0.011 0.017 0.013 0.150 0.013 0.013\n"
    "sample   - mmengine - INFO - Epoch(train) [1][  50/3104]  lr: "
    "1.0000e-02  eta: 0:26:28  time: 0.1285  data_time: 0.0040  memory: 2581  loss: 0.7176\n"
    "sample   - mmengine - INFO - Exp name: rtmdet_tiny_1xb12-40e_drink_20230609_075749\n"
    "sample   - mmengine - INFO - Epoch(val) [40][ 5/13]    eta: 0:00:00  "
    "time: 0.0558  data_time: 0.0147  memory: 191\n"
    "sample   - mmengine - INFO - Epoch(val) [40][13/13]    coco/bbox_mAP: "
    "0.7050  coco/bbox_mAP_50: 0.8230  data_time: 0.0055  time: 0.0409\n";

/* YOLOX's loguru prefix once the line time is cleaned off: "| INFO     | yolox.core.trainer:
 * before_epoch:190 - " (the function's name since 0.2; before, "yolox.core.trainer:190 - ") */
#define YX_LOG(fn) "^\\| INFO +\\| yolox\\.core\\.trainer:(?:" fn ":)?\\d+ - "

static const char yolox[] =
    "format yolox\n"
    "description YOLOX (Megvii) train_log.txt: loguru lines, ---> start train epochN, an "
    "iteration line every print_interval, COCO evaluation every eval_interval epochs\n"
    "framework yolox\n"
    /* each launch of tools/train.py appends to the same file: its arguments begin a run */
    "run      " YX_LOG("before_train") "args: Namespace\\(\n"
    "epoch    " YX_LOG("before_epoch") "---> start train epoch(?<epoch>\\d+)\\s*$\n"
    /* every print_interval iterations (the epoch's last iteration is logged only when the
     * interval divides the count): the last one's losses and lr stand; mem, iter_time,
     * data_time, size (the input size) and ETA are no metrics; M of "epoch: N/M" is
     * max_epoch: YOLOX never stops early, so a run that ends before it was interrupted
     * ("Training of experiment is done" is printed then too) */
    "progress " YX_LOG("after_iter") "epoch: (?<epoch>\\d+)/(?<planned>\\d+), iter: \\d+/\\d+, "
    "(?<metrics>.*)$\n"
    /* after_epoch saves the latest weights: the training ends there; the evaluation after it
     * (every eval_interval epochs) and the weights saved after that are still the epoch's
     * (extend), as OpenMMLab's validation is, so the next epoch begins where this one ends */
    "after    " YX_LOG("save_ckpt") "(?<extend>)Save weights to \n"
    /* the COCO evaluation's summary, unstamped lines after evaluate_and_save_model's */
    "after    ^ ?Average Precision +\\(AP\\) @\\[ IoU=0\\.50:0\\.95 \\| area= +all \\| "
    "maxDets=100 \\] = (?<m_COCOAP50_95>" NUM ")\\s*$\n"
    "after    ^ ?Average Precision +\\(AP\\) @\\[ IoU=0\\.50 +\\| area= +all \\| maxDets=100 \\] "
    "= (?<m_COCOAP50>" NUM ")\\s*$\n"
    /* printed by after_train, which runs in a `finally:`, so also before a failure's
     * traceback: it does not say the training finished */
    "progress " YX_LOG("after_train") "Training of experiment is done and the best AP is \n"
    /* loguru's @logger.catch: the traceback and its exception line follow (they say why) */
    "dnf      ^\\| ERROR +\\| yolox\\.[\\w.]+:(?:\\w+:)?\\d+ - (?<dnf>An error has been caught in "
    "function '\\w+')\n"
    "metric   (?<!\\w)(?<name>(?!(?:mem|iter_time|data_time|size|ETA)\\b)[a-z_]\\w*): "
    "(?<value>" NUM ")(?=,|\\s*$)\n"
    "sample   | INFO     | yolox.core.trainer:before_train:124 - args: Namespace(batch_size=64, "
    "ckpt=None, devices=1, dist_backend='nccl', dist_url=None, exp_file=None)\n"
    "sample   | INFO     | yolox.core.trainer:before_epoch:190 - ---> start train epoch1\n"
    "sample   | INFO     | yolox.core.trainer:after_iter:247 - epoch: 1/100, iter: 10/755, "
    "mem: 5578Mb, iter_time: 0.291s, data_time: 0.001s, total_loss: 25.1, iou_loss: 4.6, "
    "l1_loss: 0.0, conf_loss: 16.1, cls_loss: 4.4, lr: 2.193e-07, size: 640, ETA: 6:06:13\n"
    "sample   | INFO     | yolox.core.trainer:356 - Save weights to ./YOLOX_outputs/yolox_s\n"
    "sample    Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.818\n"
    "sample    Average Precision  (AP) @[ IoU=0.50      | area=   all | maxDets=100 ] = 0.957\n"
    "sample   | INFO     | yolox.core.trainer:after_train:195 - Training of experiment is done "
    "and the best AP is 93.61\n"
    "sample   | ERROR    | yolox.core.launch:launch:98 - An error has been caught in function "
    "'launch', process 'MainProcess' (4456), thread 'MainThread' (2416):\n";

static const char fastai[] =
    "format fastai\n"
    "description fastai fit() tables: epoch train_loss valid_loss [metrics] time, a row per "
    "epoch\n"
    "framework fastai\n"
    /* each fit() prints its own table (fine_tune: the frozen epoch, then the others) */
    /* the metric columns after valid_loss are named only in the header (columns), read by
     * their places in the rows (cells) */
    "run      ^epoch\\s+(?<columns>train_loss\\s+valid_loss\\b.*?)\\s*$\n"
    /* epochs from 0; the time column is the epoch's, validation included (whole seconds) */
    "end      ^(?<epoch0>\\d+)\\s+(?<cells>(?<m_train_loss>" NUM ")\\s+(?:(?<m_valid_loss>" NUM
    ")|#na#)\\s+(?:(?:" NUM "|#na#)\\s+)*(?<elapsed>\\d+:\\d\\d(?::\\d\\d)?))\\s*$\n"
    /* fastai v1 before its time column (2018-19: n-waves/multifit's ulmfit logs): epochs
     * from 1, each value printed with six decimals ('%.6f'); no time per epoch, the fit's
     * own after its table ("Total time: 02:38") */
    "end      ^(?<epoch>[1-9]\\d*) +(?<cells>(?<m_train_loss>-?\\d+\\.\\d{6}) +(?:(?<m_valid_loss>"
    "-?\\d+\\.\\d{6})|#na#)(?: +(?:-?\\d+\\.\\d{6}|#na#))*)\\s*$\n"
    /* fastai v1 */
    "summary  ^Total time: (?<runtime>\\d+:\\d\\d(?::\\d\\d)?)\\s*$\n"
    "sample   epoch     train_loss  valid_loss  accuracy  time    \n"
    "sample   0         4.346260    4.408598    0.370535  1:12:49\n"
    "sample   2         0.453159    0.396640    0.844063  00:02\n"
    "sample   0         2.800385    #na#        00:41\n"
    "sample   11        0.021245    0.392899    0.963000\n"
    "sample   Total time: 1:51:13\n";

static const char detectron2[] =
    "format detectron2\n"
    "description detectron2 training logs: iterations, not epochs (the time to train only)\n"
    "framework detectron2\n"
    /* each launch of a detectron2 tool prints its arguments first, to the console only
     * (tools/train_net.py's print): an nohup.out that launch after launch appends to holds
     * one run each, the ones that failed before training too (cyb1219257828/GRiT's: five) */
    "run      ^Command Line Args: Namespace\\((?<launch>)\n"
    /* the engine's loop, or a project's own loop under the "detectron2" logger (GRiT's,
     * CenterNet2's and Detic's train_net.py do_train) */
    "run      ^\\[\\d\\d/\\d\\d \\d\\d:\\d\\d:\\d\\d(?:\\] | )"
    "(?:d2\\.engine\\.train_loop|detectron2)(?:\\]:| INFO:) "
    "Starting training from iteration \\d+\n"
    /* iterations have no epoch: they are read (the format is recognised by them) and left */
    /* the last one of a finished training says "eta: 0:00:00" (at iteration max_iter - 1):
     * time left at the last means it stopped short, whatever time to train follows; the
     * first, at iteration 0, has no eta ("iter: 0  lr: N/A  max_mem: 303M") */
    "progress ^\\[\\d\\d/\\d\\d \\d\\d:\\d\\d:\\d\\d(?:\\] | )d2\\.utils\\.events(?:\\]:| INFO:) +"
    "(?:eta: (?<left>(?:\\d+ days?, )?\\d+:\\d\\d:\\d\\d) )?.*\\biter: \\d+\n"
    /* the final checkpoint: PeriodicCheckpointer saves model_final at iteration
     * max_iter - 1, so no time is left, whatever the last eta said: a loop that writes its
     * events every 20 iterations (GRiT's) last writes at 19980 of 20000, "eta: 0:00:15" */
    "progress ^\\[\\d\\d/\\d\\d \\d\\d:\\d\\d:\\d\\d(?:\\] | )"
    "fvcore\\.common\\.checkpoint(?:\\]:| INFO:) "
    "Saving checkpoint to \\S*/model_final\\.pth(?<left>)$\n"
    "summary  ^\\[\\d\\d/\\d\\d \\d\\d:\\d\\d:\\d\\d(?:\\] | )(?:d2\\.engine\\.hooks|detectron2)"
    "(?:\\]:| INFO:) "
    "Total training time: (?<runtime>(?:\\d+ days?, )?\\d+:\\d\\d:\\d\\d)\n"
    "sample   [09/02 02:37:00 d2.engine.train_loop]: Starting training from iteration 0\n"
    "sample   [09/02 02:37:24 d2.utils.events]:  eta: 0:05:22  iter: 19  total_loss: 1.986  "
    "time: 1.1678  data_time: 0.0222  lr: 1.6068e-05  max_mem: 2638M\n"
    "sample   [02/07 15:43:10] d2.utils.events INFO:  eta: 0:10:11  iter: 19  total_loss: 2.1\n"
    "sample   [09/02 02:43:19 d2.engine.hooks]: Total training time: 0:05:52 (0:00:09 on hooks)\n"
    "sample   Command Line Args: Namespace(config_file='configs/GRiT_B_ObjectDet.yaml', "
    "num_gpus=1)\n"
    "sample   [12/31 17:28:44 detectron2]: Starting training from iteration 0\n"
    "sample   [12/31 21:58:47 fvcore.common.checkpoint]: Saving checkpoint to "
    "./output/drama_b_densecap/model_final.pth\n"
    "sample   [12/31 21:58:55 detectron2]: Total training time: 4:30:10\n";

/*
 * timm's own logging to a file (setup_default_logging's "%(asctime)s - %(name)20s:
 * [%(levelname)8s] - %(message)s"): after the line time the cleaning takes off (and its
 * " - " separator's dash), the logger's name and level before each message
 */
#define TIMM_LEAD "^(?:-?\\s*[\\w.]+: \\[\\s*[A-Z]+\\] - )?"

static const char timm[] =
    "format timm\n"
    "description timm train.py: Train: N [batch/batches] lines, then Test: validation\n"
    "framework timm\n"
    /* epochs from 0; the line of the epoch's last batch ends it (batch + 1 == batches); the
     * values in parentheses are the epoch's running averages: the train loss and the mean
     * step time at that line. No line says how long an epoch took: with line times (ts,
     * logging's asctime) an epoch lasted from the previous epoch's last batch to its own */
    /* each launch of train.py says how it trains (rank 0's line, in distributed mode): a
     * log appended to by launch after launch holds one run each */
    "run      " TIMM_LEAD "Training (?:with a single process|in distributed mode.*Process 0,)\n"
    /* its plan: timm never stops early, so a launch that ends before it was interrupted */
    "progress " TIMM_LEAD "Scheduled epochs: (?<planned>\\d+)\n"
    "progress " TIMM_LEAD "Train: (?<epoch0>\\d+) \\[\\s*(?<batch>\\d+)/(?<batches>\\d+) "
    "\\(\\s*\\d+%\\)\\]"
    "\\s+Loss:\\s*" NUM " \\(\\s*(?<m_train_loss>" NUM ")\\)(?:\\s+Time:\\s*" NUM "s,\\s*" NUM
    "/s\\s+\\(\\s*(?<step_time>" NUM ")s,\\s*" NUM "/s\\))?(?:\\s+LR:\\s*(?<m_lr>" NUM "))?\n"
    /* the validation's last line ([390/390]) holds its averages: the epoch's eval metrics,
     * named as timm's summary.csv names them */
    "after    " TIMM_LEAD "Test: \\[\\s*(\\d+)/\\1\\]\\s+Time:\\s*" NUM " \\(\\s*" NUM
    "\\)\\s+Loss:\\s*" NUM
    " \\(\\s*(?<m_eval_loss>" NUM ")\\)\\s+Acc@1:\\s*" NUM " \\(\\s*(?<m_eval_top1>" NUM
    ")\\)\\s+Acc@5:\\s*" NUM " \\(\\s*(?<m_eval_top5>" NUM ")\\)\n"
    "after    " TIMM_LEAD "Test \\(EMA\\): \\[\\s*(\\d+)/\\1\\]\\s+Time:\\s*" NUM
    " \\(\\s*" NUM "\\)\\s+Loss:\\s*"
    NUM " \\(\\s*(?<m_ema_eval_loss>" NUM ")\\)\\s+Acc@1:\\s*" NUM " \\(\\s*(?<m_ema_eval_top1>"
    NUM ")\\)\\s+Acc@5:\\s*" NUM " \\(\\s*(?<m_ema_eval_top5>" NUM ")\\)\n"
    "progress " TIMM_LEAD "Test(?: \\(EMA\\))?: \\[\\s*\\d+/\\d+\\]\\s+Time:\n"
    "sample   Train: 0 [   0/10009 (  0%)]  Loss:  6.948947 (6.9489)  Time: 21.288s,    6.01/s  "
    "(21.288s,    6.01/s)  LR: 1.000e-06  Data: 16.386 (16.386)\n"
    "sample   Train: 3 [1250/1251 (100%)]  Loss: 6.12 (6.30)  Time: 0.412s, 2485.44/s  "
    "(0.478s, 2140.84/s)  LR: 1.000e-04  Data: 0.012 (0.109)\n"
    "sample   Test: [ 390/390]  Time: 0.492 (1.237)  Loss:  6.2023 (5.3623)  Acc@1:  0.0000 "
    "( 7.5740)  Acc@5:  3.7500 (20.6300)\n"
    "sample   Test (EMA): [ 390/390]  Time: 0.596 (1.330)  Loss:  6.6281 (6.9489)  Acc@1:  "
    "0.0000 ( 0.0820)  Acc@5:  1.2500 ( 0.5620)\n"
    "sample                  train: [    INFO] - Training with a single process on 1 GPUs.\n"
    "sample                  train: [    INFO] - Scheduled epochs: 300\n"
    "sample                  train: [    INFO] - Train: 0 [ 200/390 ( 51%)]  Loss: 13.39 (13.5)  "
    "Loss_gt: 6.788 (6.89)  LR: 1.000e-04\n"
    "sample   Test: [  50/390]  Time: 0.225 (1.640)  Loss:  6.8065 (6.6665)  Acc@1:  0.0000 "
    "( 0.7659)  Acc@5:  0.7812 ( 3.7684)\n";

/* fairseq's logger tag after the cleaned line time: "| INFO | valid | " (0.10 and later)
 * or hydra's "[valid][INFO] - " (fairseq-hydra-train) */
#define FS_TAG(t) "(?:\\| INFO \\| " t " \\| |\\[" t "\\]\\[INFO\\] - )"
#define FS_VALID                                                                   \
    "(?=(?:(?:.*\\| )?(?:valid_)?loss (?<m_valid_loss>" NUM ")(?: |$))?)"                    \
    "(?=(?:(?:.*\\| )?(?:valid_)?ppl (?<m_valid_ppl>" NUM ")(?: |$))?)"                      \
    "(?=(?:(?:.*\\| )?(?:valid_)?bleu (?<m_valid_bleu>" NUM ")(?: |$))?)"                    \
    "(?=(?:(?:.*\\| )?(?:valid_)?accuracy (?<m_valid_accuracy>" NUM ")(?: |$))?)"

static const char fairseq[] =
    "format fairseq\n"
    "description fairseq-train: the end-of-epoch stats line (| epoch 003 | loss ... | wall N), "
    "valid lines\n"
    "framework fairseq\n"
    /* a process starting: its arguments (a resumed training appended to the log is a run
     * of its own: its clocks start again) */
    /* max_epoch (0: no limit) is what it was set to train: fairseq always ends with "done
     * training in N seconds", so a log that stops before both was interrupted */
    "run      ^(?:" FS_TAG("fairseq_cli.train") ")?(?:Namespace\\(|\\{'_name': )"
    "(?=.*?\\bmax_epoch(?:=|': )(?<planned>\\d+))?\n"
    /* the trainer beginning an epoch (0.10 and later): the epoch's start where no end before
     * gives one, since `wall` counts from the trainer's setup, before epoch 1's data is
     * loaded (Fsoft-AIC/RoPADet's hydra train.out: wall 154 for the 149.6 s from this line
     * to 'end of epoch 1') */
    "progress ^" FS_TAG("fairseq\\.trainer") "begin training epoch (?<epoch>\\d+)(?<begun>)\\s*$\n"
    "progress ^(?:" FS_TAG("train_inner") "|\\| )epoch (?<epoch>\\d+):\\s+\\d+ / \\d+ \n"
    "progress ^" FS_TAG("train_inner") "\\{\"epoch\": (?<epoch>\\d+), \"update\": \n"
    /* a batch too large for the GPU is skipped and the training goes on: the trainer's
     * warning names CUDA's out of memory, which no failure rule may take for the end */
    "progress \\| WARNING \\| fairseq\\.trainer \\| OOM: Ran out of memory\n"
    /* 0.10 and later validate before the epoch's stats line: its values wait for it */
    "progress ^" FS_TAG("valid") "epoch (?<epoch>\\d+) \\| valid on '[^']*' subset \\| " FS_VALID
    "\n"
    "progress ^" FS_TAG("valid") "\\{\"epoch\": (?<epoch>\\d+), (?<metrics>\"valid_.*)\\}\\s*$\n"
    /* the stats line of an epoch: `wall` is the seconds since the trainer started (whole
     * seconds), so an epoch lasted its wall less the previous epoch's; `train_wall` is the
     * time inside training steps only (per epoch from 0.10, cumulative before): not used */
    "end      ^(?:" FS_TAG("train") "|\\| )epoch (?<epoch>\\d+) \\| "
    "(?=(?:.*\\| wall (?<cumulative>" NUM ")(?: \\||\\s*$))?)(?<metrics>loss .*)$\n"
    /* --log-format json: the tag prefixes every key, so the epoch's wall is "train_wall" and
     * its train_wall "train_train_wall" */
    "end      ^" FS_TAG("train") "\\{\"epoch\": (?<epoch>\\d+), "
    "(?=(?:.*\"train_wall\": \"(?<cumulative>" NUM ")\")?)(?<metrics>.*)\\}\\s*$\n"
    /* --max-update or --stop-time-hours stops the training inside an epoch, whose stats
     * line still follows: that epoch is partial */
    "progress (?:^|fairseq_cli\\.train(?: \\| |\\]\\[INFO\\] - ))(?<partial>Stopping training due "
    "to (?:num_updates|cumulative_training_time))\n"
    /* before 0.10 validation comes after the stats line */
    "after    ^\\| epoch (?<epoch>\\d+) \\| valid on '[^']*' subset \\| " FS_VALID "\n"
    "summary  (?:^\\| |fairseq_cli\\.train(?: \\| |\\]\\[INFO\\] - ))done training in "
    "(?<runtime>" NUM ") seconds\n"
    "metric   (?<!\\w)(?<name>(?!(?:train_)?wall\\b)[a-z_]\\w*) (?<value>" NUM ")(?= \\||\\s*$)\n"
    "metric   \"(?<name>(?!(?:train_)?train_wall\")\\w+)\": \"(?<value>" NUM ")\"\n"
    "sample   | epoch 022 | loss 4.290 | ppl 19.56 | wps 10476 | ups 6 | wpb 1852.327 | "
    "bsz 35.251 | num_updates 179247 | lr 2.5e-05 | gnorm 0.321 | clip 1.000 | oom 0.000 | "
    "loss_scale 64.000 | wall 32337 | train_wall 31350\n"
    "sample   | epoch 022 | valid on 'valid' subset | loss 4.008 | ppl 16.09 | "
    "num_updates 179247 | best_loss 4.00763\n"
    "sample   | INFO | train | epoch 143 | loss 3.14 | nll_loss 1.23 | ppl 8.82 | wps 106814 | "
    "num_updates 40297 | lr 0.00015753 | train_wall 260 | wall 0\n"
    "sample   | INFO | valid | epoch 143 | valid on 'valid' subset | loss 12.677 | ppl 6550.94 | "
    "bleu 29.52 | num_updates 40297 | best_bleu 30.53\n"
    "sample   | INFO | train_inner | epoch 143:     85 / 282 loss=3.147, nll_loss=1.236, "
    "ppl=8.86, wps=72384.3, train_wall=48, wall=0\n"
    "sample   | INFO | train | {\"epoch\": 1, \"train_loss\": \"19.351\", "
    "\"train_ppl\": \"668509\", \"train_train_wall\": \"667\", \"train_wall\": \"804\"}\n"
    "sample   | INFO | fairseq_cli.train | done training in 798.6 seconds\n"
    "sample   [fairseq.trainer][INFO] - begin training epoch 1\n"
    "sample   | INFO | fairseq.trainer | begin training epoch 143\n"
    "sample   | epoch 027 | valid on 'valid' subset | valid_loss 1.41304 | valid_ppl 2.66 | "
    "num_updates 3726 | best 1.41208\n"
    "sample   | INFO | fairseq_cli.train | Stopping training due to num_updates: 10 >= "
    "max_update: 10\n"
    "sample   [train][INFO] - epoch 001 | loss 9.871 | ppl 936.5 | wps 12345 | wall 123\n"
    "sample   | WARNING | fairseq.trainer | OOM: Ran out of memory with exception: CUDA out of "
    "memory. Tried to allocate 3.36 GiB\n";

/*
 * scvi-tools trains on Lightning but draws one tqdm bar over the epochs, "Epoch 405/500"
 * and a count of epochs, not a bar per epoch: the epochs_bar group. Its elapsed clock is the
 * training's; the rate is tqdm's smoothed one, not read. The count is the epochs that ended;
 * the description names the next one as it begins ("Epoch 5/400", 4/400, in a log cut
 * inside epoch 5; "0/1000" before any ended), and the clock then runs past the epochs
 * counted: only a bar whose description is its count times them.
 */
static const char scvi[] =
    "format scvi\n"
    "description scvi-tools (on Lightning): one progress bar over the training's epochs\n"
    "framework scvi-tools\n"
    "end      ^Epoch (?<epoch>\\d+)/(?<of>\\d+): +\\d+%\\|[^|]*\\| *\\g{epoch}/\\g{of} "
    "\\[(?<elapsed>(?:\\d+:)?\\d+:\\d\\d)<[^,\\]]*,[^,\\]]*(?:, (?<metrics>[^\\]]*))?\\]"
    "(?<epochs_bar>)\n"
    /* the next epoch begun: its clock runs past the last that ended, so it times none */
    "end      ^Epoch \\d+/(?<of>\\d+): +\\d+%\\|[^|]*\\| *(?<epoch>\\d+)/\\g{of} "
    "\\[[^<\\]]*<[^,\\]]*,[^,\\]]*(?:, (?<metrics>[^\\]]*))?\\](?<epochs_bar>)\n"
    /* Lightning's EarlyStopping: the bar stops short of its count, as the run was set to */
    "summary  ^Monitored metric \\S+ did not improve in the last \\d+ records\\..*"
    "Signaling Trainer to stop\\.(?<epochs_bar>)\n"
    "metric   (?<![\\w.])(?<name>(?!v_num\\b)[A-Za-z_][\\w/.-]*)=(?<value>" NUM ")(?=,|\\s|$)\n"
    "sample   Epoch 1000/1000: 100%|\xe2\x96\x88\xe2\x96\x88| 1000/1000 [3:04:42<00:00, "
    "11.08s/it, v_num=1, train_loss_step=0.316, train_loss_epoch=0.319]\n"
    "sample   Epoch 405/500:  81%|\xe2\x96\x88\xe2\x96\x88  | 405/500 [01:16<00:17,  5.31it/s, "
    "loss=-2.4e+03, v_num=1]\n"
    "sample   Monitored metric elbo_validation did not improve in the last 45 records. Best "
    "score: -2330.793. Signaling Trainer to stop.\n";

const struct br_logfmt_text br_builtin_formats[] = {
    { "benchtrain", benchtrain },
    { "keras", keras },
    { "lightning", lightning },
    { "pytorch", pytorch },
    { "hf", hf },
    { "paddlenlp", paddlenlp },
    { "yolov5", yolov5 },
    { "yolov3", yolov3 },
    { "ultralytics", ultralytics },
    { "detectron2", detectron2 },
    { "timm", timm },
    { "fairseq", fairseq },
    { "openmmlab", openmmlab },
    { "yolox", yolox },
    { "fastai", fastai },
    { "scvi", scvi },
    { NULL, NULL },
};
