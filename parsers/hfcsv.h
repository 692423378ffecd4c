#ifndef BR_HFCSV_H
#define BR_HFCSV_H
/*
 * A Hugging Face Trainer's log_history saved as CSV, as scripts save it
 * (pd.DataFrame(trainer.state.log_history).to_csv(path)): a column per key
 * of the entries, a row per entry, empty cells where an entry has no such
 * key ("loss,grad_norm,learning_rate,epoch,eval_loss,...,train_runtime,...",
 * a train row and an eval row per epoch, the train_runtime row last, and a
 * final evaluate()'s row after it).
 */
#include <stddef.h>
#include "model/buf.h"

/*
 * Whether line[0..n) is such a CSV's header: an "epoch" column, one of
 * "loss", "learning_rate" or "eval_loss", and one of "train_runtime" or
 * "eval_runtime" (the summary's or an evaluation's keys, which no per-epoch
 * table of a training has). Not "train_loss": the summary has it only with
 * train_runtime, and a script's per-epoch table ("epoch,train_loss,...,
 * learning_rate", NeikuiColacat/RepVGG-Jittor-CIFAR100's, epochs from 0) has it too.
 */
int br_hfcsv_header(const char *line, size_t n);

/*
 * Rewrites the CSV text[0..n) (its header on the first line) as the JSON
 * list of log_history entries the hfstate reader reads, line for line: the
 * header's line is "[", each row's line one object of its numeric cells
 * (empty and non-numeric cells left out; a column with no name, pandas'
 * index, too), so that a line of the JSON is the line of the CSV. Returns
 * 0, or -1 when the header is no such header.
 */
int br_hfcsv_json(const char *text, size_t n, struct br_buf *out);

#endif
