#ifndef BR_LOGRUN_H
#define BR_LOGRUN_H
/*
 * The training-log engine: applies one format (parsers/logfmt.h) to the
 * cleaned lines of a log and builds runs and epochs in a source.
 *
 * Epoch times: an epoch ends at the time of the line that ends it; it starts
 * at the time of the line that began it (an `epoch` rule), else at its end
 * less its printed duration, else where the previous epoch ended. When both
 * start and end come from line times, the duration is end - start (the
 * printed "17s" is rounded; line times are not). An epoch after one whose end no line
 * marks (fractional epochs that step past a whole number: 0.98, then 1.02) began between
 * that one's last line and its own first: its time is the middle, their gap its resolution.
 *
 * A run is DNF when a dnf rule matches (out of memory, an exception after a
 * Traceback, Killed, KeyboardInterrupt), or when the log ends inside an epoch
 * (interrupted): that epoch is not counted. A failure after the run's last planned epoch,
 * or after a summary that ended its training with no epoch open, is the script's: the run
 * stays finished, with a warning. A Traceback after "Exception ignored in" or
 * a thread's, after "Exception in thread NAME:" (warned of: Jeff555max/Fine-tuning-LoRA's
 * subprocess reader thread, before the training), is one the script went on from.
 * A launcher's ChildFailedError
 * (torch.distributed.elastic, under torchrun or accelerate launch: a child failed, its
 * message empty) names no failure of its own: the child's exception, read before it,
 * stands, else the first one a rank's "[rankN]: " lines showed is the reason, at its line
 * (an FSDP launch whose 8 ranks' TypeError came 128 lines before it).
 */
#include "model/lines.h"
#include "model/source.h"
#include "parsers/logfmt.h"

/* The rules every format shares: the usual ways a training dies. */
extern const char br_common_dnf_format[];

/* How far a format got on some lines, for detection and inspect -v. */
struct br_logscore {
    size_t lines;          /* lines looked at */
    size_t matched;        /* lines some rule matched */
    size_t structural;     /* of which epoch/progress/end/after lines (1 for a run
                              header and a failure line without them) */
    size_t progress;       /* of which progress lines (bars inside an epoch) */
    size_t signs;          /* lines a framework_sign group matched on (Lightning's v_num) */
    int signable;          /* the format has framework_sign groups: it can tell its own lines */
    size_t *per_rule;      /* matches per rule (nrules entries, caller-owned) */
    size_t first_unmatched;        /* line number (1-based) of the first line no rule matched, 0 if none */
    char unmatched_text[64];       /* its start, cleaned */
    size_t max_lines;      /* set by the caller: lines to look at at most; 0 for 400 (2000
                              in a document: a Markdown code fence among the first 400) */
    int cleaned;           /* set by the caller: `head` is br_logscore_lines' output */
};

/*
 * The lines of `head` that a score looks at (max_lines as in br_logscore), each
 * cleaned (br_clean_line) and ended by '\n', into `out` (reset first): cleaned once
 * for every format scored on them (sc.cleaned), not once per format. With max_out,
 * no more lines once `out` holds max_out bytes: a window of the text as a terminal
 * shows it, which a bar redrawn in place 8,000 times on one line does not fill.
 */
void br_logscore_lines(const char *head, size_t n, size_t max_lines, size_t max_out,
                       struct br_buf *out);

/*
 * Matches the first lines of `head` against `f` and fills `sc` (sc->per_rule,
 * when not NULL, has f->nrules entries). Returns a score from 0 to 100.
 */
int br_logfmt_score(const struct br_logfmt *f, const char *head, size_t n,
                    struct br_logscore *sc);

/*
 * Reads every line of `in` with format `f` (and the shared dnf rules in
 * `common`) into runs appended to `src`. Returns 0 when at least one run was
 * found, -1 otherwise (an error diagnostic says so).
 */
int br_logrun(const struct br_logfmt *f, const struct br_logfmt *common, struct br_lines *in,
              struct br_source *src);

#endif
