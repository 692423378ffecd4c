/*
 * test_logquirks.c: what real training logs do that our fixtures did not
 * (issue 12), each case written out as the lines such logs have, with the
 * expected values worked out by hand beside it. The real files themselves
 * are checked by tests/tools/realfiles_logs.py (make realfiles-test).
 */
#include "tests/helpers.h"

#include "analysis/measure.h"
#include "parsers/hfstep.h"
#include "model/lines.h"
#include "parsers/lookslike.h"

static double metric(const struct br_epoch *e, const char *name)
{
    for (size_t i = 0; i < e->nmetrics; i++)
        if (!strcmp(e->metrics[i].name, name))
            return e->metrics[i].value;
    fail_msg("no metric %s", name);
    return NAN;
}

static int has_metric(const struct br_epoch *e, const char *name)
{
    for (size_t i = 0; i < e->nmetrics; i++)
        if (!strcmp(e->metrics[i].name, name))
            return 1;
    return 0;
}

#define MLL(t, key, meta)                                                                         \
    ":::MLLOG {\"namespace\": \"\", \"time_ms\": " #t ", \"event_type\": \"POINT_IN_TIME\", "     \
    "\"key\": \"" key "\", \"value\": null, \"metadata\": {" meta "}}\n"

/* A run that dies of CUDA out of memory in a traceback (rank prefixes) is DNF at that line. */
static void mllog_oom(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_str(&s, NULL,
                              "0: " MLL(1000000, "run_start", "")
                              "0: " MLL(1000000, "epoch_start", "\"epoch_num\": 1")
                              "0: " MLL(1100000, "epoch_stop", "\"epoch_num\": 1")
                              "0: " MLL(1100000, "epoch_start", "\"epoch_num\": 2")
                              "7: Traceback (most recent call last):\n"
                              "7:   File \"train.py\", line 3, in <module>\n"
                              "7: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate "
                              "2.00 GiB\n"
                              "srun: error: node7: task 7: Exited with exit code 1\n"),
                     0);
    assert_string_equal(s.format, "mllog");
    assert_int_equal(s.runs[0]->status, BR_RUN_DNF);
    assert_string_equal(s.runs[0]->reason, "out of memory");
    assert_int_equal(s.runs[0]->reason_line, 7);
    assert_int_equal(s.runs[0]->nepochs, 1);   /* epoch 2 never ended */
    assert_close(s.runs[0]->epochs[0].duration, 100, 0);
    assert_true(isnan(s.runs[0]->runtime_s));  /* no run_stop: no time to train */
    br_source_release(&s);

    /* another exception after a Traceback */
    assert_int_equal(load_str(&s, NULL,
                              MLL(1000000, "run_start", "")
                              MLL(1000000, "epoch_start", "\"epoch_num\": 1")
                              "Traceback (most recent call last):\n"
                              "  File \"train.py\", line 9, in <module>\n"
                              "RuntimeError: NCCL communicator was aborted\n"),
                     0);
    assert_string_equal(s.runs[0]->reason, "error: RuntimeError: NCCL communicator was aborted");
    assert_int_equal(s.runs[0]->reason_line, 5);
    br_source_release(&s);

    /* an out-of-memory that the run survived: run_stop success after it */
    assert_int_equal(load_str(&s, NULL,
                              MLL(1000000, "run_start", "")
                              "CUDA out of memory, retrying with a smaller chunk\n"
                              MLL(1000000, "epoch_start", "\"epoch_num\": 1")
                              MLL(1050000, "epoch_stop", "\"epoch_num\": 1")
                              MLL(1050000, "run_stop", "\"status\": \"success\"")),
                     0);
    assert_int_equal(s.runs[0]->status, BR_RUN_OK);
    assert_close(s.runs[0]->runtime_s, 50, 0);
    br_source_release(&s);
}

/* run_stop inside an epoch: that epoch is partial and out of the statistics. */
static void mllog_cut_epoch(void **state)
{
    struct br_source s;
    struct br_run_result rr;
    (void)state;
    assert_int_equal(load_str(&s, NULL,
                              MLL(1000000, "run_start", "")
                              MLL(1000500, "epoch_start", "\"epoch_num\": 1")
                              MLL(1100500, "epoch_stop", "\"epoch_num\": 1")
                              MLL(1100500, "epoch_start", "\"epoch_num\": 2")
                              MLL(1200000, "epoch_stop", "\"epoch_num\": 2")
                              MLL(1200000, "epoch_start", "\"epoch_num\": 3")
                              MLL(1205000, "run_stop", "\"status\": \"success\"")
                              MLL(1206000, "epoch_stop", "\"epoch_num\": 3")),
                     0);
    assert_int_equal(s.runs[0]->status, BR_RUN_OK);
    assert_int_equal(s.runs[0]->nepochs, 3);
    assert_close(s.runs[0]->runtime_s, 205, 0);            /* 1205000 - 1000000 ms */
    assert_close(s.runs[0]->epochs[1].duration, 99.5, 0);  /* 1200000 - 1100500 ms */
    assert_close(s.runs[0]->epochs[2].duration, 5, 0);     /* cut at run_stop */
    assert_false(s.runs[0]->epochs[1].partial);
    assert_true(s.runs[0]->epochs[2].partial);
    br_measure_init(&rr, &s, s.runs[0], 1);
    /* epoch 1 is the warm-up, epoch 3 partial: only epoch 2 is used */
    assert_int_equal(rr.epochs_used, 1);
    assert_true(rr.ep[1].used);
    assert_false(rr.ep[2].used);
    br_run_result_release(&rr);
    br_source_release(&s);
}

/* Every rank printing the same epoch_start: one epoch, not two. */
static void mllog_rank_copies(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_str(&s, NULL,
                              "0: " MLL(1000000, "run_start", "")
                              "0: " MLL(1000000, "epoch_start", "\"epoch_num\": 1")
                              "1: " MLL(1000001, "epoch_start", "\"epoch_num\": 1")
                              "0: " MLL(1030000, "epoch_stop", "\"epoch_num\": 1")
                              "1: " MLL(1030001, "epoch_stop", "\"epoch_num\": 1")
                              "0: " MLL(1030000, "run_stop", "\"status\": \"success\"")),
                     0);
    assert_int_equal(s.runs[0]->nepochs, 1);
    assert_close(s.runs[0]->epochs[0].duration, 30, 0);
    br_source_release(&s);

    /* every rank's header and run_start, and a header appended with time_ms 0 (Google's
     * TPU logs): one run */
    assert_int_equal(
        load_str(&s, NULL,
                 "0: " MLL(999000, "submission_benchmark", "") "1: " MLL(999001,
                 "submission_benchmark", "") "0: " MLL(1000000, "run_start", "") "0: " MLL(1000000,
                 "epoch_start", "\"epoch_num\": 1") "1: " MLL(1000002, "run_start", "") "0: "
                 MLL(1030000, "epoch_stop", "\"epoch_num\": 1") "0: " MLL(1030000, "run_stop",
                 "\"status\": \"success\"") "0: " MLL(0, "submission_platform", "")),
        0);
    assert_int_equal(s.nruns, 1);
    assert_int_equal(s.runs[0]->status, BR_RUN_OK);
    assert_close(s.runs[0]->epochs[0].duration, 30, 0);
    br_source_release(&s);
}

/*
 * Launches one after another in one log (Inspur's v0.7 transformer.log): a header logged
 * after run_start, or a run_start after run_stop, begins another run, each with its own
 * epochs, status and time to train; a cut one is interrupted at its last event.
 */
static void mllog_runs_one_after_another(void **state)
{
    /* launch 1 cut in epoch 1; launch 2 whole; launch 3 without a header; a header only */
    static const char launches[] =
        MLL(900000, "submission_benchmark", "") MLL(1000000, "run_start", "")
        MLL(1000000, "epoch_start", "\"epoch_num\": 1")
        MLL(1200000, "submission_benchmark", "") MLL(1300000, "run_start", "")
        MLL(1300000, "epoch_start", "\"epoch_num\": 1")
        MLL(1340000, "epoch_stop", "\"epoch_num\": 1")
        MLL(1350000, "run_stop", "\"status\": \"success\"") MLL(1400000, "run_start", "")
        MLL(1400000, "epoch_start", "\"epoch_num\": 1")
        MLL(1420000, "epoch_stop", "\"epoch_num\": 1")
        MLL(1420000, "run_stop", "\"status\": \"aborted\"")
        MLL(1500000, "submission_benchmark", "");
    struct br_source s;

    (void)state;
    assert_int_equal(load_str(&s, NULL, launches), 0);
    assert_int_equal(s.nruns, 3);
    assert_int_equal(s.runs[0]->status, BR_RUN_DNF);
    assert_string_equal(s.runs[0]->reason, "interrupted: no run_stop");
    assert_int_equal(s.runs[0]->reason_line, 3);
    assert_int_equal(s.runs[0]->nepochs, 0);
    assert_int_equal(s.runs[1]->first_line, 4);
    assert_int_equal(s.runs[1]->status, BR_RUN_OK);
    assert_close(s.runs[1]->runtime_s, 50, 0);
    assert_close(s.runs[1]->epochs[0].duration, 40, 0);
    assert_int_equal(s.runs[2]->first_line, 9);
    assert_int_equal(s.runs[2]->status, BR_RUN_DNF);
    assert_close(s.runs[2]->runtime_s, 20, 0);
    assert_close(s.runs[2]->epochs[0].duration, 20, 0);
    /* the header at the end, with nothing after it: no run, a note */
    assert_int_equal(s.diags.nr, 1);
    assert_int_equal(s.diags.v[0].line, 13);
    br_source_release(&s);
}

/*
 * MiniGo (every submitter, v0.7 to v2.1) logs its evaluation after the
 * training, and run_stop last, at the time of the model that reached the
 * target: epochs that began after that time are not the run's, and the one
 * it falls in is cut there.
 */
static void mllog_epochs_past_stop_time(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_str(&s, NULL,
                              MLL(1000000, "run_start", "")
                              MLL(1000000, "epoch_start", "\"epoch_num\": 1")
                              MLL(1180000, "epoch_stop", "\"epoch_num\": 1")
                              MLL(1181000, "epoch_start", "\"epoch_num\": 2")
                              MLL(1370000, "epoch_stop", "\"epoch_num\": 2")
                              MLL(1371000, "epoch_start", "\"epoch_num\": 3")
                              MLL(1550000, "epoch_stop", "\"epoch_num\": 3")
                              MLL(1551000, "epoch_start", "\"epoch_num\": 4")
                              MLL(1700000, "epoch_stop", "\"epoch_num\": 4")
                              MLL(1170000, "eval_accuracy", "\"epoch_num\": 1")
                              MLL(1362500, "run_stop", "\"status\": \"success\"")),
                     0);
    assert_int_equal(s.runs[0]->status, BR_RUN_OK);
    assert_close(s.runs[0]->runtime_s, 362.5, 0);
    assert_int_equal(s.runs[0]->nepochs, 2);
    assert_close(s.runs[0]->epochs[0].duration, 180, 0);
    assert_false(s.runs[0]->epochs[0].partial);
    assert_close(s.runs[0]->epochs[1].duration, 181.5, 0);   /* 1362500 - 1181000 ms */
    assert_true(s.runs[0]->epochs[1].partial);
    assert_int_equal(s.diags.nr, 2);
    check_diag(&s, 0, BR_NOTE, 7, 1,
               "2 epochs logged before run_stop began after its time (up to 188.500 s after: "
               "the training went on past the target, and run_stop came from an evaluation "
               "logged later): not the run's");
    check_diag(&s, 1, BR_NOTE, 11, 1, "epoch 2 ended after run_stop's time: cut there, partial");
    br_source_release(&s);
}

/*
 * BERT's blocks count steps (Habana: 57 a block, first_epoch_num 0, 57, ...)
 * while its evaluations count samples (175104 = 57 x 3072): no epochs, with a
 * note at the evaluation; evaluations in samples that are multiples of
 * train_samples near the blocks' epochs (v4.0 unet3d: 168 samples an epoch)
 * leave the blocks' epochs alone.
 */
static void mllog_blocks_not_epochs(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_str(&s, NULL,
                              MLL(1000000, "train_samples", "")
                              MLL(1000000, "run_start", "")
                              MLL(1000000, "block_start", "\"first_epoch_num\": 0, "
                                                           "\"epoch_count\": 57")
                              MLL(1022800, "block_stop", "\"first_epoch_num\": 0")
                              MLL(1022800, "block_start", "\"first_epoch_num\": 57, "
                                                           "\"epoch_count\": 57")
                              MLL(1045600, "block_stop", "\"first_epoch_num\": 57")
                              MLL(1022800, "eval_accuracy", "\"epoch_num\": 175104")
                              MLL(1045600, "eval_accuracy", "\"epoch_num\": 350208")
                              MLL(1045600, "run_stop", "\"status\": \"success\"")),
                     0);
    assert_int_equal(s.runs[0]->status, BR_RUN_OK);
    assert_close(s.runs[0]->runtime_s, 45.6, 0);
    assert_int_equal(s.runs[0]->nepochs, 0);
    assert_int_equal(s.diags.nr, 1);
    check_diag(&s, 0, BR_NOTE, 7, 1,
               "eval_accuracy at epoch_num 175104 where the blocks have reached epoch 114: the "
               "blocks' epoch numbers do not count epochs (steps, samples or evaluation "
               "intervals), so no epochs and no epoch times; the time to train stands");
    br_source_release(&s);

    assert_int_equal(load_str(&s, NULL,
                              ":::MLLOG {\"time_ms\": 1000000, \"key\": \"train_samples\", "
                              "\"value\": 168, \"metadata\": {}}\n"
                              MLL(1000000, "run_start", "")
                              MLL(1000000, "block_start", "\"first_epoch_num\": 1, "
                                                           "\"epoch_count\": 20")
                              MLL(1006000, "block_stop", "\"first_epoch_num\": 1")
                              MLL(1006000, "eval_accuracy", "\"epoch_num\": 3360")
                              MLL(1006000, "run_stop", "\"status\": \"success\"")),
                     0);
    assert_int_equal(s.runs[0]->nepochs, 20);
    assert_close(s.runs[0]->epochs[19].duration, 0.3, 1e-12);
    br_source_release(&s);
}

/*
 * run_stop with no status (Fujitsu's HPC v0.7 CosmoFlow: all 10 of its logs):
 * ok, as a run that ended as planned, with a note at run_stop's line; with
 * "status": "aborted", DNF and no note.
 */
static void mllog_run_stop_no_status(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_str(&s, NULL,
                              MLL(1000000, "run_start", "")
                              MLL(1000000, "epoch_start", "\"epoch_num\": 0")
                              MLL(1007500, "epoch_stop", "\"epoch_num\": 0")
                              MLL(1008000, "run_stop", "\"file\": \"train.py\"")),
                     0);
    assert_int_equal(s.runs[0]->status, BR_RUN_OK);
    assert_close(s.runs[0]->runtime_s, 8, 0);
    assert_int_equal(s.diags.nr, 1);
    check_diag(&s, 0, BR_NOTE, 4, 1,
               "run_stop gives no status (success or aborted): the run is taken to have "
               "ended as planned, not checked against its target");
    br_source_release(&s);

    assert_int_equal(load_str(&s, NULL,
                              MLL(1000000, "run_start", "")
                              MLL(1000000, "epoch_start", "\"epoch_num\": 0")
                              MLL(1007500, "epoch_stop", "\"epoch_num\": 0")
                              MLL(1008000, "run_stop", "\"status\": \"aborted\"")),
                     0);
    assert_int_equal(s.runs[0]->status, BR_RUN_DNF);
    assert_string_equal(s.runs[0]->reason,
                        "run_stop status aborted: the quality target not reached");
    assert_int_equal(s.diags.nr, 0);
    br_source_release(&s);
}

/*
 * NVIDIA's v1.0 unet3d on 100 nodes: 1.25 MB of the job's 'Clearing cache'
 * lines before the first :::MLLOG event (all 40 such result logs were
 * "unrecognised format"); events are looked for in the first 4 MiB, not
 * further (a file of 5 MiB of other lines first stays unrecognised).
 */
static void mllog_long_preamble(void **state)
{
    static const char events[] = MLL(1000000, "run_start", "")
        MLL(1000000, "epoch_start", "\"epoch_num\": 1")
        MLL(1002500, "epoch_stop", "\"epoch_num\": 1")
        MLL(1003000, "run_stop", "\"status\": \"success\"");
    struct br_buf text = BR_BUF_INIT;
    struct br_source s;
    unsigned lines = 0;
    (void)state;

    while (text.len < 1251791) {
        br_buf_addf(&text, "node%04u: Clearing cache on node%04u\n", lines % 100, lines % 100);
        lines++;
    }
    br_buf_addstr(&text, events);
    assert_int_equal(load_text(&s, NULL, text.buf, text.len, NULL), 0);
    assert_string_equal(s.format, "mllog");
    assert_int_equal(s.nruns, 1);
    assert_int_equal(s.runs[0]->first_line, lines + 2);    /* its epoch_start */
    assert_int_equal(s.runs[0]->status, BR_RUN_OK);
    assert_int_equal(s.runs[0]->nepochs, 1);
    assert_close(s.runs[0]->epochs[0].duration, 2.5, 0);
    assert_close(s.runs[0]->runtime_s, 3, 0);
    br_source_release(&s);

    br_buf_reset(&text);
    while (text.len < 5u << 20)
        br_buf_addstr(&text, "node0001: Clearing cache on node0001\n");
    br_buf_addstr(&text, events);
    assert_int_equal(load_text(&s, NULL, text.buf, text.len, NULL), -1);
    assert_null(s.format);
    br_source_release(&s);
    br_buf_release(&text);
}

#define BAR "[==============================]"

/* evaluate() and predict() bars after fit() are not epochs. */
static void keras_evaluate_predict(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_str(&s, NULL,
                              "11490434/11490434 " BAR " - 0s 0us/step\n"
                              "Epoch 1/2\n"
                              "10/10 " BAR " - 2s 20ms/step - loss: 0.9 - accuracy: 0.6\n"
                              "Epoch 2/2\n"
                              "10/10 " BAR " - 1s 10ms/step - loss: 0.5 - accuracy: 0.8\n"
                              "4/4 " BAR " - 0s 3ms/step - loss: 0.6 - accuracy: 0.7\n"
                              "Test Accuracy: 0.7\n"
                              "4/4 " BAR " - 0s 2ms/step\n"),
                     0);
    assert_string_equal(s.format, "keras");
    assert_int_equal(s.nruns, 1);
    assert_int_equal(s.runs[0]->nepochs, 2);
    assert_close(s.runs[0]->epochs[1].duration, 1, 0);
    assert_close(metric(&s.runs[0]->epochs[1], "loss"), 0.5, 0);
    br_source_release(&s);
}

/* fit(epochs=1) prints no "Epoch 1/1": each bar is a run; evaluate()'s has other steps. */
static void keras_fit_epochs1(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_str(&s, NULL,
                              "Epoch 1/3\n"
                              "10/10 " BAR " - 3s 30ms/step - loss: 1.2\n"
                              "Epoch 2/3\n"
                              "10/10 " BAR " - 2s 20ms/step - loss: 1.0\n"
                              "Epoch 3/3\n"
                              "10/10 " BAR " - 2s 20ms/step - loss: 0.9\n"
                              "10/10 " BAR " - 4s 40ms/step - loss: 0.8 - val_loss: 0.9\n"
                              "10/10 " BAR " - 5s 50ms/step - loss: 0.7 - val_loss: 0.8\n"
                              "3/3 " BAR " - 0s 1ms/step - loss: 0.75\n"),
                     0);
    /* bars with val_ metrics are fit()s (evaluate() prints none); the last has another
     * step count and no val_: evaluate() */
    assert_int_equal(s.nruns, 3);
    assert_int_equal(s.runs[0]->nepochs, 3);
    assert_int_equal(s.runs[1]->nepochs, 1);
    assert_int_equal(s.runs[2]->nepochs, 1);
    assert_close(s.runs[2]->epochs[0].duration, 5, 0);
    br_source_release(&s);

    assert_int_equal(load_str(&s, NULL,
                              "10/10 " BAR " - 4s 40ms/step - loss: 0.8 - val_loss: 0.9\n"
                              "10/10 " BAR " - 5s 50ms/step - loss: 0.7 - val_loss: 0.8\n"
                              "10/10 " BAR " - 6s 60ms/step - loss: 0.6 - val_loss: 0.7\n"
                              "3/3 " BAR " - 0s 1ms/step - loss: 0.75\n"),
                     0);
    assert_int_equal(s.nruns, 3);
    for (size_t i = 0; i < 3; i++) {
        assert_int_equal(s.runs[i]->nepochs, 1);
        assert_close(s.runs[i]->epochs[0].duration, 4 + (double)i, 0);
    }
    assert_close(metric(&s.runs[2]->epochs[0], "val_loss"), 0.7, 0);
    br_source_release(&s);
}

/*
 * Lightning captured without carriage returns: every bar update on its own
 * line, ESC[A before the nested validation bar, the epoch bar printed again
 * after validation with a longer elapsed time. 40 epochs, one run.
 */
static void lightning_no_cr(void **state)
{
    struct br_buf b = BR_BUF_INIT;
    struct br_source s;
    (void)state;
    br_buf_addstr(&b, "GPU available: True (cuda), used: True\n"
                      "Sanity Checking DataLoader 0: 100%|##########| 2/2 [00:00<00:00, "
                      "5.00it/s]\n");
    for (int e = 0; e < 40; e++) {
        br_buf_addf(&b, "Epoch %d:   0%%|          | 0/4 [00:00<?, ?it/s, v_num=3]\n", e);
        br_buf_addf(&b, "Epoch %d:  50%%|#####     | 2/4 [00:01<00:01,  2.00it/s, v_num=3]\n",
                    e);
        br_buf_addf(&b, "Epoch %d: 100%%|##########| 4/4 [00:02<00:00,  2.00it/s, v_num=3]\n",
                    e);
        br_buf_addstr(&b, "Validation: 0it [00:00, ?it/s]\x1b[A\n"
                          "\x1b[AValidation DataLoader 0:  50%|#####     | 1/2 [00:00<00:00, "
                          "9.00it/s]\x1b[A\n"
                          "Validation DataLoader 0: 100%|##########| 2/2 [00:01<00:00, "
                          "2.00it/s]\x1b[A\n");
        /* the epoch bar again, now with validation's metric and time */
        br_buf_addf(&b, "Epoch %d: 100%%|##########| 4/4 [00:03<00:00,  1.33it/s, v_num=3, "
                        "val_loss=0.%d]\n", e, 90 - e);
        br_buf_addf(&b, "Epoch %d: 100%%|##########| 4/4 [00:03<00:00,  1.33it/s, v_num=3, "
                        "val_loss=0.%d]\n", e, 90 - e);
    }
    assert_int_equal(load_text(&s, NULL, b.buf, b.len, NULL), 0);
    assert_string_equal(s.format, "lightning");
    assert_int_equal(s.nruns, 1);
    assert_int_equal(s.runs[0]->nepochs, 40);
    for (size_t i = 0; i < 40; i++) {
        /* 00:03 with validation, narrowed by the bar's mean rate: 4 steps at 1.33 it/s
         * (+- 0.005) are 2.996 to 3.018868 s, of which the clock's second keeps 3 s on */
        assert_close(s.runs[0]->epochs[i].duration, (3 + 3.018868) / 2, 1e-6);
        assert_int_equal(s.runs[0]->epochs[i].index, i + 1);
    }
    assert_close(metric(&s.runs[0]->epochs[39], "val_loss"), 0.51, 0);
    br_source_release(&s);
    br_buf_release(&b);
}

/* A bar cut at the terminal's width leaves out the item it cut. */
static void lightning_cut_bar(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_str(&s, NULL,
                              "Epoch 0: 100%|\xe2\x96\x88| 2/2 [00:01<00:00,  2.25it/s, v_num=m46a, "
                              "train_loss_step=1.840]\n"
                              "Epoch 1: 100%|\xe2\x96\x88| 2/2 [00:02<00:00,  1.95it/s, v_num=m46a, "
                              "train_loss_step=1.680,\n"
                              "Epoch 2: 100%|\xe2\x96\x88| 2/2 [00:04<00:00,  1.85it/s, v_num=m46a, "
                              "train_loss_step=1.610, val_loss_epoch=0...\n"),
                     0);
    assert_int_equal(s.runs[0]->nepochs, 3);
    assert_close(s.runs[0]->epochs[1].duration, 2, 0);
    assert_close(metric(&s.runs[0]->epochs[1], "train_loss_step"), 1.68, 0);
    assert_close(metric(&s.runs[0]->epochs[2], "train_loss_step"), 1.61, 0);
    assert_int_equal(s.runs[0]->epochs[2].nmetrics, 1);   /* not val_loss_epoch=0 */
    br_source_release(&s);
}

/* Keys a callback added, in any order, string values and CRLF: metrics, not a refusal. */
static void hf_callback_keys_crlf(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_str(&s, NULL,
                              "{'loss': 2.1, 'grad_norm': 1.5, 'learning_rate': 4e-05, 'epoch': 0.5, "
                              "'iter_time': 0.41, 'flops': 183.2, 'remaining_time': '0:12:31'}\r\n"
                              "{'loss': 1.9, 'learning_rate': 3e-05, 'epoch': 1.0, 'iter_time': "
                              "0.40, 'flops': 183.2, 'remaining_time': '0:06:01'}\r\n"
                              "{'eval_loss': 1.8, 'eval_runtime': 3.2, 'epoch': 1.0}\r\n"
                              "{'iter_time': 0.42, 'loss': 1.7, 'epoch': 1.5, 'flops': 183.2}\r\n"
                              "{'loss': 1.6, 'learning_rate': 1e-05, 'epoch': 2.0, 'iter_time': "
                              "0.41, 'flops': 183.2, 'remaining_time': '0:00:00'}\r\n"
                              "{'train_runtime': 100.5, 'train_samples_per_second': 9.9, "
                              "'train_loss': 1.8, 'epoch': 2.0}\r\n"),
                     0);
    assert_string_equal(s.format, "hf");
    assert_int_equal(s.runs[0]->nepochs, 2);
    assert_close(s.runs[0]->runtime_s, 100.5, 0);
    assert_close(s.runs[0]->epochs[0].duration, 50.25, 0);
    assert_close(metric(&s.runs[0]->epochs[0], "iter_time"), 0.40, 0);
    assert_close(metric(&s.runs[0]->epochs[0], "eval_loss"), 1.8, 0);
    assert_close(metric(&s.runs[0]->epochs[1], "flops"), 183.2, 0);
    br_source_release(&s);
}

/*
 * Newer transformers print every value as a string of its number ('loss': '0.5717',
 * 'epoch': '0.4063'; hungh/LLMSqler's README): such a string is the number, other strings
 * ('percentage': '1.06%') are no metric. Refused before as "unrecognised format".
 */
static void hf_string_values(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_str(&s, NULL,
                              "{'loss': '0.5717', 'grad_norm': '0.07471', 'num_tokens': "
                              "'2.133e+05', 'epoch': '0.4063'}\n"
                              "{'eval_loss': '0.5611', 'eval_runtime': '19.24', 'epoch': "
                              "'0.5079'}\n"
                              "{'loss': '0.5317', 'learning_rate': '6.667e-08', 'percentage': "
                              "'1.06%', 'epoch': '0.7619'}\n"
                              "{'train_runtime': '1063', 'train_loss': '0.6024', 'epoch': "
                              "'0.7619'}\n"),
                     0);
    assert_string_equal(s.format, "hf");
    assert_int_equal(s.nruns, 1);
    assert_int_equal(s.runs[0]->status, BR_RUN_OK);
    assert_close(s.runs[0]->runtime_s, 1063, 0);
    assert_int_equal(s.runs[0]->nepochs, 1);
    assert_true(s.runs[0]->epochs[0].partial);        /* max_steps stopped it at 0.7619 */
    assert_close(s.runs[0]->epochs[0].duration, 1063, 0);
    assert_close(metric(&s.runs[0]->epochs[0], "loss"), 0.5317, 0);
    assert_close(metric(&s.runs[0]->epochs[0], "num_tokens"), 213300, 0);
    assert_close(metric(&s.runs[0]->epochs[0], "eval_loss"), 0.5611, 0);
    assert_false(has_metric(&s.runs[0]->epochs[0], "percentage"));
    br_source_release(&s);

    /* the time spread over the epochs run: 300 s over 1.5, the half epoch 100 s */
    assert_int_equal(load_str(&s, NULL,
                              "{'loss': '1.2', 'epoch': '1'}\n{'loss': '0.9', 'epoch': '1.5'}\n"
                              "{'train_runtime': '300', 'epoch': '1.5'}\n"),
                     0);
    assert_int_equal(s.runs[0]->nepochs, 2);
    assert_close(s.runs[0]->epochs[0].duration, 200, 0);
    assert_close(metric(&s.runs[0]->epochs[0], "loss"), 1.2, 0);
    assert_close(s.runs[0]->epochs[1].duration, 100, 0);
    assert_true(s.runs[0]->epochs[1].partial);
    br_source_release(&s);
}

/*
 * python train.py > log 2>&1: the Trainer's dictionary (stdout) follows tqdm's bar (stderr)
 * on its line. hef1023/NLP-Course-Homework-2022's README, whose train_runtime dictionary is
 * also cut before its 'epoch': the training ended, but how many epochs its time covers is not
 * said, so it is not spread (it was 306.94 / 2 = 153.47 s an epoch and a third 'cut' one).
 */
static void hf_dicts_after_bars(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_str(&s, NULL,
                              "  Num Epochs = 3\n"
                              " 30%|\xe2\x96\x88\xe2\x96\x88\xe2\x96\x89       | 500/1689 "
                              "[01:30<03:29,  5.68it/s]{'loss': 1.6771, 'learning_rate': "
                              "7.04e-06, 'epoch': 0.89}\n"
                              "Saving model checkpoint to translations\\checkpoint-500\n"
                              " 59%|\xe2\x96\x88\xe2\x96\x88\xe2\x96\x88\xe2\x96\x88\xe2\x96"
                              "\x88\xe2\x96\x89    | 1000/1689 [03:00<01:57,  5.87it/s]{'loss': "
                              "1.5235, 'learning_rate': 4.08e-06, 'epoch': 1.78}\n"
                              "  89% 1500/1689 [04:31<00:33,  5.66it/s]{'loss': 1.4469, "
                              "'learning_rate': 1.12e-06, 'epoch': 2.66}\n"
                              "100%|\xe2\x96\x88| 1689/1689 [05:06<00:00,  5.99it/s]\n"
                              "{'train_runtime': 306.9394, 'train_samples_per_second': 43.983, "
                              "'train_steps_per_second': 5.503, 'train_loss': \n"
                              "100%|\xe2\x96\x88| 1689/1689 [05:06<00:00,  5.99it/s]\n"),
                     0);
    assert_string_equal(s.format, "hf");
    assert_int_equal(s.nruns, 1);
    assert_int_equal(s.runs[0]->status, BR_RUN_OK);
    assert_close(s.runs[0]->runtime_s, 306.9394, 0);
    assert_int_equal(s.runs[0]->nepochs, 3);
    assert_close(metric(&s.runs[0]->epochs[0], "loss"), 1.6771, 0);
    assert_close(metric(&s.runs[0]->epochs[1], "loss"), 1.5235, 0);
    assert_close(metric(&s.runs[0]->epochs[2], "loss"), 1.4469, 0);
    for (size_t i = 0; i < 3; i++)
        assert_true(isnan(s.runs[0]->epochs[i].duration));
    assert_false(s.runs[0]->epochs[2].partial);
    /* the run begins at the Trainer's "Num Epochs = 3" (what it plans); the bars give the
     * dictionaries' steps, but 1689 steps over 3 epochs are no whole number an epoch */
    check_diag(&s, 0, BR_WARNING, 1, 1,
               "3 epochs without a time: its tqdm bar's clock is not read, since the steps of "
               "an epoch are not known (format 'hf'), so no "
               "time or energy per epoch; its time to train is not spread over the epochs "
               "shown: its summary does not say how many epochs it covers");
    br_source_release(&s);
}

/* LLaMA-Factory writes the Trainer's dictionaries through its logger (running_log.txt): the
 * same dictionaries after "[INFO|date time] logging.py:157 >> ", blank lines between. */
static void hf_llamafactory_logger(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_str(&s, NULL,
                              "[INFO|2024-11-26 22:07:15] trainer.py:2315 >>   Num Epochs = 1,000\n\n"
                              "[INFO|2024-11-26 22:09:01] logging.py:157 >> {'loss': 2.2818, "
                              "'learning_rate': 2.5000e-06, 'epoch': 0.29}\n\n"
                              "[INFO|2024-11-26 22:12:37] logging.py:157 >> {'loss': 2.3045, "
                              "'learning_rate': 7.5000e-06, 'epoch': 0.88}\n\n"
                              "[INFO|2024-11-26 22:14:22] logging.py:157 >> {'loss': 2.8274, "
                              "'learning_rate': 1.0000e-05, 'epoch': 1.17}\n\n"
                              "[INFO|2024-11-26 22:16:11] logging.py:157 >> {'loss': 2.3486, "
                              "'learning_rate': 1.2500e-05, 'epoch': 1.47}\n\n"
                              "[INFO|2024-11-26 22:42:47] trainer.py:4117 >> \n"
                              "***** Running Evaluation *****\n"),
                     0);
    assert_string_equal(s.format, "hf");
    assert_int_equal(s.nruns, 1);
    assert_int_equal(s.runs[0]->nepochs, 1);            /* epoch 2 was cut off */
    assert_close(metric(&s.runs[0]->epochs[0], "loss"), 2.3045, 0);
    assert_true(isnan(s.runs[0]->epochs[0].duration));  /* no train_runtime, no time */
    assert_int_equal(s.runs[0]->status, BR_RUN_DNF);
    br_source_release(&s);
}

/* Bytes in another encoding (CP949, Latin-1) never stop the reading. */
static void other_encodings(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_str(&s, NULL,
                              "Epoch 1/3\n"
                              "5/5 " BAR " - 2s 400ms/step - loss: 0.9\n"
                              "\xc7\xd0\xbd\xc0 \xbf\xcf\xb7\xe1 (CP949)\n"
                              "Epoch 2/3\n"
                              "5/5 " BAR " - 3s 600ms/step - loss: 0.8\n"
                              "r\xe9sultat \xe0 l'\xe9poque 2 (Latin-1)\n"
                              "Epoch 3/3\n"
                              "5/5 " BAR " - 4s 800ms/step - loss: 0.7\n"),
                     0);
    assert_int_equal(s.runs[0]->nepochs, 3);
    assert_close(s.runs[0]->epochs[2].duration, 4, 0);
    br_source_release(&s);
}

/* A log that ends inside the line that ends an epoch: that epoch is partial. */
static void cut_last_line(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_str(&s, NULL,
                              "Epoch 1/3\n"
                              "5/5 " BAR " - 2s 400ms/step - loss: 0.9 - val_loss: 1.0\n"
                              "Epoch 2/3\n"
                              "5/5 " BAR " - 3s 600ms/step - loss: 0.8 - val_loss: 0.9\n"
                              "Epoch 3/3\n"
                              "5/5 " BAR " - 4s 800ms/step - loss: 0.7 - val_lo"),
                     0);
    assert_int_equal(s.runs[0]->nepochs, 3);
    assert_false(s.runs[0]->epochs[1].partial);
    assert_true(s.runs[0]->epochs[2].partial);
    br_source_release(&s);

    /* the same line whole, without a final newline, is a whole epoch */
    assert_int_equal(load_str(&s, NULL,
                              "Epoch 1/2\n"
                              "5/5 " BAR " - 2s 400ms/step - loss: 0.9 - val_loss: 1.0\n"
                              "Epoch 2/2\n"
                              "5/5 " BAR " - 3s 600ms/step - loss: 0.8 - val_loss: 0.9"),
                     0);
    assert_false(s.runs[0]->epochs[1].partial);
    br_source_release(&s);
}

/* A script's own words: the lines issue 12 quotes from a real PyTorch log. */
static void generic_own_words(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_str(&s, NULL,
                              "Epoch: 001/001 | Batch 0000/0390 | Loss: 2.3026\n"
                              "Epoch: 001/001 | Batch 0100/0390 | Loss: 1.9526\n"
                              "Time / epoch without evaluation: 31.54 min\n"
                              "Epoch: 001/001 | Train: 33.10% | Validation: 32.26% | Best "
                              "Validation (Ep. 001): 32.26%\n"
                              "Time elapsed: 38.46 min\n"
                              "Total Training Time: 38.46 min\n"
                              "Test accuracy: 32.59%\n"),
                     0);
    assert_string_equal(s.format, "generic");
    check_diag(&s, 0, BR_NOTE, 1, 1,
               "format guessed (generic reader): epochs from 'epoch N' markers, their times "
               "and metrics as printed; check them against the log");
    assert_int_equal(s.nruns, 1);
    assert_int_equal(s.runs[0]->nepochs, 1);
    assert_int_equal(s.runs[0]->epochs[0].of, 1);
    assert_close(s.runs[0]->epochs[0].duration, 31.54 * 60, 1e-12);  /* not the 38.46 elapsed */
    assert_close(s.runs[0]->runtime_s, 38.46 * 60, 1e-12);
    assert_close(metric(&s.runs[0]->epochs[0], "loss"), 1.9526, 0);
    assert_close(metric(&s.runs[0]->epochs[0], "validation_pct"), 32.26, 0);
    /* the test after the training is the run's result, not epoch 1's; it says the run
     * finished (epoch 1 of 1: nothing left anyway) */
    assert_false(has_metric(&s.runs[0]->epochs[0], "test_accuracy_pct"));
    assert_int_equal(s.runs[0]->status, BR_RUN_OK);
    br_source_release(&s);

    /* "[Epoch N]", "ep N", h:mm:ss and ms */
    assert_int_equal(load_str(&s, NULL,
                              "[Epoch 1] acc=0.50 loss=1.20 epoch time: 0:01:05\n"
                              "[Epoch 2] acc=0.60 loss=1.00 epoch time: 0:01:03\n"
                              "ep 3 acc=0.70 loss=0.90 took 62500 ms\n"),
                     0);
    assert_string_equal(s.format, "generic");
    assert_int_equal(s.runs[0]->nepochs, 3);
    assert_close(s.runs[0]->epochs[0].duration, 65, 0);
    assert_close(s.runs[0]->epochs[2].duration, 62.5, 0);
    assert_close(metric(&s.runs[0]->epochs[2], "acc"), 0.7, 0);
    br_source_release(&s);

    /* a date's words are no metric's name: CycleGAN's "Training Loss (Thu Jun 10 ...)"
     * header (xyz043066/CycleGAN_remote_sensing's loss_log.txt) gave "thu_jun=10" */
    assert_int_equal(load_str(&s, NULL,
                              "[Epoch 1] acc=0.50 loss=1.20 epoch time: 0:01:05\n"
                              "================ Training Loss (Thu Jun 10 10:27:46 2021) "
                              "================\n"
                              "[Epoch 2] acc=0.60 loss=1.00 epoch time: 0:01:03\n"
                              "[Epoch 3] acc=0.70 loss=0.90 epoch time: 0:01:02\n"),
                     0);
    assert_int_equal(s.runs[0]->epochs[0].nmetrics, 2);
    assert_false(has_metric(&s.runs[0]->epochs[0], "thu_jun"));
    br_source_release(&s);
}

/* Durations in several units ("2m30s", "1h 2m 3s", "9.0m 50.7s"); a bare "m" is no time. */
static void generic_compound_durations(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_str(&s, NULL,
                              "Epoch 1/3 loss=0.9 params 11.2m took 2m30s\n"
                              "Epoch 2/3 loss=0.8 params 11.2m took 1h 2m 3s\n"
                              "Epoch 3/3 loss=0.7 params 11.2m took 9.0m 50.7s\n"),
                     0);
    assert_string_equal(s.format, "generic");
    assert_int_equal(s.runs[0]->nepochs, 3);
    assert_close(s.runs[0]->epochs[0].duration, 150, 0);
    assert_close(s.runs[0]->epochs[1].duration, 3723, 0);
    assert_close(s.runs[0]->epochs[2].duration, 590.7, 1e-12);
    assert_close(s.runs[0]->epochs[2].res, 0.1, 1e-12); /* the last part's resolution */
    br_source_release(&s);

    /* "5.0m" alone (no seconds after it) is not read as 300 s, the line's first time */
    assert_int_equal(load_str(&s, NULL,
                              "Epoch 1/3 loss=0.9 params 5.0m took 12.5 s\n"
                              "Epoch 2/3 loss=0.8 params 5.0m took 12.0 s\n"
                              "Epoch 3/3 loss=0.7 params 5.0m took 11.0 s\n"),
                     0);
    assert_close(s.runs[0]->epochs[0].duration, 12.5, 0);
    assert_close(s.runs[0]->epochs[2].duration, 11, 0);
    br_source_release(&s);
}

/* "... with Adam is test acc: 76.82%, loss: 0.68": the verb is no part of the names, the
 * phase after it names the loss; "test acc for cat (cat) is 75.1%" names nothing. */
static void generic_verb_phase(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_str(&s, NULL,
                              "\tepoch 1: train acc: 49.672%, loss: 1.45\n"
                              "\tepoch 2: train acc: 64.236%, loss: 1.01\n"
                              "\tepoch 3: train acc: 71.018%, loss: 0.82\n"
                              "The result of ResNet18 with Adam is test acc: 76.82%, loss: 0.68\n"
                              "\t test acc for cat (cat) is 75.1%\n"),
                     0);
    assert_int_equal(s.runs[0]->nepochs, 3);
    assert_close(metric(&s.runs[0]->epochs[2], "train_loss"), 0.82, 0);
    /* after the last epoch and in no earlier one: the run's result, not epoch 3's */
    assert_false(has_metric(&s.runs[0]->epochs[2], "is_test_acc_pct"));
    assert_false(has_metric(&s.runs[0]->epochs[2], "loss"));
    assert_false(has_metric(&s.runs[0]->epochs[2], "is_pct"));
    br_source_release(&s);

    assert_int_equal(load_str(&s, NULL,
                              "\tepoch 1: train acc: 49.672%, loss: 1.45\n"
                              "The result of ResNet18 with Adam is test acc: 76.82%, loss: 0.68\n"
                              "\t test acc for cat (cat) is 75.1%\n"
                              "\tepoch 2: train acc: 64.236%, loss: 1.01\n"
                              "\tepoch 3: train acc: 71.018%, loss: 0.82\n"),
                     0);
    assert_close(metric(&s.runs[0]->epochs[0], "test_acc_pct"), 76.82, 0);
    assert_close(metric(&s.runs[0]->epochs[0], "test_loss"), 0.68, 0);
    assert_false(has_metric(&s.runs[0]->epochs[0], "loss"));
    assert_false(has_metric(&s.runs[0]->epochs[0], "is_pct"));
    br_source_release(&s);
}

/* A rate or a planned count is no epoch marker: "Samples/Epoch: 1000", "steps per
 * epoch 390", "Total Epoch:300". */
static void generic_rate_not_epoch(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_str(&s, NULL,
                              "Epochs: 3, Learning Rate: 0.005, Samples/Epoch: 1000\n"
                              "steps per epoch 390\n"
                              "Total Epoch:300 Image_size:(256, 256) Training num:288\n"
                              "Epoch 1/3 | Loss: 1.2973 | Accuracy: 54.9%\n"
                              "Epoch 2/3 | Loss: 0.8069 | Accuracy: 68.5%\n"
                              "Epoch 3/3 | Loss: 0.7147 | Accuracy: 72.1%\n"
                              "Saving checkpoint: 3\n"),
                     0);
    assert_int_equal(s.nruns, 1);
    assert_false(has_metric(&s.runs[0]->epochs[2], "saving_checkpoint")); /* an event */
    assert_int_equal(s.runs[0]->nepochs, 3);
    assert_int_equal(s.runs[0]->first_line, 4);
    assert_int_equal(s.runs[0]->status, BR_RUN_OK);
    br_source_release(&s);
}

/*
 * pytorch/examples' ImageNet-style step lines ("Epoch: [1][ 2/4]\tLoss 1.0 (1.5)"): an
 * epoch whose first line is a step's began where the one before ended; the loss is the
 * AverageMeter's mean in brackets; a test's step line ("Test: [0/2]") gives way to the
 * test's summary (" * ADE 1.3").
 */
static void generic_bracket_steps(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_str(&s, NULL,
                              "2021-07-29 14:38:40,000:INFO: Epoch: [0][ 0/4]\tData 0.5 (0.5)\tLoss 5.0 "
                              "(5.0)\n"
                              "2021-07-29 14:38:41,000:INFO: Epoch: [0][ 2/4]\tLoss 3.0 (4.0)\n"
                              "loss_dro_s,loss_sat_s 7.19 5.52\n"
                              "2021-07-29 14:38:42,500:INFO: Epoch: [1][ 0/4]\tLoss 2.0 (2.0)\n"
                              "2021-07-29 14:38:43,500:INFO: Epoch: [1][ 2/4]\tLoss 1.0 (1.5)\n"
                              "2021-07-29 14:38:44,000:INFO: Test: [0/2]\tADE 1.2 (1.2)\tFDE 2.2 "
                              "(2.2)\n"
                              "2021-07-29 14:38:44,100:INFO:  * ADE  1.3 FDE  2.4\n"
                              "2021-07-29 14:38:45,000:INFO: Epoch: [2][ 0/4]\tLoss 0.9 (0.9)\n"
                              "2021-07-29 14:38:46,000:INFO: Epoch: [2][ 2/4]\tLoss 0.7 (0.8)\n"),
                     0);
    assert_string_equal(s.format, "generic");
    assert_int_equal(s.runs[0]->nepochs, 3);
    /* the others from the one before's end; the first none: its lines, at steps 0 and 2
     * of 4, span half of it */
    assert_true(isnan(s.runs[0]->epochs[0].duration));
    assert_close(s.runs[0]->epochs[1].duration, 44.1 - 41.0, 1e-9);
    assert_close(s.runs[0]->epochs[2].duration, 46.0 - 44.1, 1e-9);
    assert_close(metric(&s.runs[0]->epochs[0], "loss"), 4.0, 0);
    assert_false(has_metric(&s.runs[0]->epochs[0], "data")); /* a data-loading time */
    /* "a,b 7.19 5.52": which name has which value is not said */
    assert_false(has_metric(&s.runs[0]->epochs[0], "loss_sat_s"));
    assert_close(metric(&s.runs[0]->epochs[1], "loss"), 1.5, 0);
    assert_close(metric(&s.runs[0]->epochs[1], "ade"), 1.3, 0);
    assert_close(metric(&s.runs[0]->epochs[1], "fde"), 2.4, 0);
    br_source_release(&s);

    /* losses printed as one-element numpy arrays; "Step [4/10]" is no value of "step" */
    assert_int_equal(load_str(&s, NULL,
                              "Epoch: [0][300/320]\t Loss [ 0.69] Avg Loss [ 0.688] Accuracy 0.587\n"
                              "Epoch: [1][300/320]\t Loss [ 0.70] Avg Loss [ 0.664] Accuracy 0.630\n"
                              "Epoch: [2][300/320]\t Loss [-0.52] Avg Loss [ 0.624] Accuracy 0.661\n"),
                     0);
    assert_int_equal(s.runs[0]->nepochs, 3);
    assert_close(metric(&s.runs[0]->epochs[0], "avg_loss"), 0.688, 0);
    assert_close(metric(&s.runs[0]->epochs[2], "loss"), -0.52, 0);
    assert_close(metric(&s.runs[0]->epochs[2], "accuracy"), 0.661, 0);
    br_source_release(&s);
}

/*
 * An epoch whose first line is a summary of its training ("Train Epoch 2 --- train loss :
 * 0.34"), then its test's: it began where the epoch before ended, not at that line; the
 * run's first has no time.
 */
static void generic_summary_first_line(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_str(&s, NULL,
                              "2022-10-12 08:48:12,294 - INFO: Train Epoch 1 --- train loss : 0.63\n"
                              "2022-10-12 08:48:13,516 - INFO: Test Epoch 1 --- test loss : 0.36\n"
                              "2022-10-12 08:49:25,624 - INFO: Train Epoch 2 --- train loss : 0.34\n"
                              "2022-10-12 08:49:26,907 - INFO: Test Epoch 2 --- test loss : 0.30\n"
                              "2022-10-12 08:50:39,544 - INFO: Train Epoch 3 --- train loss : 0.29\n"
                              "2022-10-12 08:50:40,852 - INFO: Test Epoch 3 --- test loss : 0.26\n"),
                     0);
    assert_int_equal(s.runs[0]->nepochs, 3);
    assert_true(isnan(s.runs[0]->epochs[0].duration));
    assert_close(s.runs[0]->epochs[1].duration, 26.907 - 13.516 + 60, 1e-9); /* not 1.283 */
    assert_close(s.runs[0]->epochs[2].duration, 40.852 - 26.907 + 60, 1e-9);
    assert_close(metric(&s.runs[0]->epochs[2], "test_loss"), 0.26, 0);
    br_source_release(&s);

    /* unstamped step lines (a record's message on the next line), then a stamped summary:
     * the epoch ran from the summary before; a saving line's values are none */
    assert_int_equal(load_str(&s, NULL,
                              "Epoch [0/300], Step [100/390], Loss: 0.0368\n"
                              "2023-03-19 09:55:26,479 - INFO: Epoch 0: train loss 0.0366, test acc 0.0103\n"
                              "2023-03-19 09:55:26,480 - INFO: Saving model..  with acc 0.0103\n"
                              "Epoch [1/300], Step [100/390], Loss: 0.0368\n"
                              "2023-03-19 09:56:30,237 - INFO: Epoch 1: train loss 0.0366, test acc 0.0126\n"
                              "Epoch [2/300], Step [100/390], Loss: 0.0362\n"
                              "2023-03-19 09:57:33,807 - INFO: Epoch 2: train loss 0.0365, test acc 0.0123\n"),
                     0);
    assert_int_equal(s.runs[0]->nepochs, 3);
    assert_true(isnan(s.runs[0]->epochs[0].duration));
    assert_close(s.runs[0]->epochs[1].duration, 63.758, 1e-9);
    assert_close(s.runs[0]->epochs[2].duration, 63.570, 1e-9);
    assert_false(has_metric(&s.runs[0]->epochs[0], "with_acc"));
    br_source_release(&s);
}

/* A "training is done" line printed on the way out of a crash (YOLOX's after_train in a
 * finally:) while the last epoch stopped at step 50 of 258: the run died, out of memory. */
static void generic_done_mid_epoch(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_str(&s, NULL,
                              "epoch: 1/500, iter: 10/258, total_loss: 12.6, eta: 1 day, 5:10:13\n"
                              "epoch: 1/500, iter: 250/258, total_loss: 12.0, eta: 1 day, 5:09:13\n"
                              "epoch: 2/500, iter: 10/258, total_loss: 11.5, eta: 1 day, 5:08:13\n"
                              "epoch: 2/500, iter: 250/258, total_loss: 11.4, eta: 1 day, 5:07:13\n"
                              "epoch: 3/500, iter: 10/258, total_loss: 11.1, eta: 1 day, 5:06:13\n"
                              "epoch: 3/500, iter: 50/258, total_loss: 11.0, eta: 1 day, 5:05:13\n"
                              "Training of experiment is done and the best AP is 0.00\n"
                              "Traceback (most recent call last):\n"
                              "  File \"train.py\", line 1, in <module>\n"
                              "RuntimeError: CUDA out of memory. Tried to allocate 1.83 GiB\n"),
                     0);
    assert_string_equal(s.format, "generic");
    assert_int_equal(s.runs[0]->nepochs, 3);
    assert_true(s.runs[0]->epochs[2].partial);
    assert_int_equal(s.runs[0]->status, BR_RUN_DNF);
    assert_string_equal(s.runs[0]->reason, "out of memory");
    assert_int_equal(s.runs[0]->reason_line, 10);
    assert_false(has_metric(&s.runs[0]->epochs[0], "eta")); /* "eta: 1 day, ..." is no value */
    br_source_release(&s);
}

/*
 * What a log prints after a run's epochs (parsers/runtail.h). Folds each closed by "fold N
 * result"; the third stops after epoch 2, a banner and the next fold after it: interrupted
 * after epoch 2, at its last epoch line (11). The fourth prints "Early stopping" before its
 * result: it ended. Then epochs that each begin with three lines (DMNIL's "Extract
 * Features", "Create pseudo labels"), a log that stops two lines into them: the next epoch
 * had begun. A log whose every epoch is followed by a "saved" line, the last too,
 * ended: that line is the whole gap between epochs; so did one whose "saved" line after each
 * epoch, the last too, is followed by a scheduler's line before the next (no epoch began).
 */
static void generic_run_tails(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_str(&s, NULL,
                              "fold 0 training\n"
                              "Epoch 1 - loss: 0.9 time: 10s\n"
                              "Epoch 2 - loss: 0.8 time: 10s\n"
                              "fold 0 result: 0.8\n"
                              "fold 1 training\n"
                              "Epoch 1 - loss: 0.9 time: 11s\n"
                              "Epoch 2 - loss: 0.7 time: 11s\n"
                              "fold 1 result: 0.7\n"
                              "fold 2 training\n"
                              "Epoch 1 - loss: 0.9 time: 12s\n"
                              "Epoch 2 - loss: 0.6 time: 12s\n"
                              "------ predict by v3 ------\n"
                              "fold 3 training\n"
                              "Epoch 1 - loss: 0.9 time: 13s\n"
                              "Epoch 2 - loss: 0.5 time: 13s\n"
                              "Early stopping\n"
                              "fold 3 result: 0.5\n"),
                     0);
    assert_string_equal(s.format, "generic");
    assert_int_equal(s.nruns, 4);
    assert_int_equal(s.runs[1]->status, BR_RUN_OK);
    assert_int_equal(s.runs[2]->status, BR_RUN_DNF);
    assert_string_equal(s.runs[2]->reason, "interrupted after epoch 2");
    assert_int_equal(s.runs[2]->reason_line, 11);
    assert_false(s.runs[2]->epochs[1].partial);
    assert_int_equal(s.runs[3]->status, BR_RUN_OK);
    br_source_release(&s);

    assert_int_equal(load_str(&s, NULL,
                              "Extract Features: [50/137]\n"
                              "==> Create pseudo labels for unlabeled Sat data\n"
                              "Extract Features: [100/137]\n"
                              "Epoch 1 loss: 0.9 time: 10s\n"
                              "Extract Features: [50/137]\n"
                              "==> Create pseudo labels for unlabeled Sat data\n"
                              "Extract Features: [100/137]\n"
                              "Epoch 2 loss: 0.8 time: 10s\n"
                              "Extract Features: [50/137]\n"
                              "==> Create pseudo labels for unlabeled Sat data\n"
                              "Extract Features: [100/137]\n"
                              "Epoch 3 loss: 0.7 time: 10s\n"
                              "Extract Features: [50/137]\n"
                              "==> Create pseudo labels for unlabeled Sat data\n"),
                     0);
    assert_int_equal(s.nruns, 1);
    assert_int_equal(s.runs[0]->status, BR_RUN_DNF);
    assert_string_equal(s.runs[0]->reason, "interrupted after epoch 3");
    assert_int_equal(s.runs[0]->reason_line, 14);
    br_source_release(&s);

    assert_int_equal(load_str(&s, NULL,
                              "Epoch 1 loss: 0.9 time: 10s\n"
                              "model saved\n"
                              "Epoch 2 loss: 0.8 time: 10s\n"
                              "model saved\n"
                              "Epoch 3 loss: 0.7 time: 10s\n"
                              "model saved\n"),
                     0);
    assert_int_equal(s.runs[0]->status, BR_RUN_OK);
    br_source_release(&s);
    /* a save after each epoch, the last too, then a scheduler's line before the next: the
     * save closes an epoch (no such line came before the first), the run ended */
    assert_int_equal(load_str(&s, NULL,
                              "Epoch 1 loss: 0.9 time: 10s\n"
                              "model saved to ckpt\n"
                              "adjusting learning rate\n"
                              "Epoch 2 loss: 0.8 time: 10s\n"
                              "model saved to ckpt\n"
                              "adjusting learning rate\n"
                              "Epoch 3 loss: 0.7 time: 10s\n"
                              "model saved to ckpt\n"),
                     0);
    assert_int_equal(s.runs[0]->status, BR_RUN_OK);
    br_source_release(&s);
}

/*
 * Two unnamed trainings printing into one log at once: a run began by counting back (1/30
 * after 22/30), then 23/30 goes on from the run before and 3/30 from this one: refused at the
 * 23's line. 1/30, 2/30, then 23/30, 24/30 (a resumed launch's, nothing going back) is read.
 */
#define TWO_RUNS_23                                                                                \
    "Epoch 21/30 | Loss: 0.92 | Time: 72565ms\n"                                                   \
    "Epoch 22/30 | Loss: 0.92 | Time: 82857ms\n"                                                   \
    "Epoch 1/30 | Loss: 1.03 | Time: 44265ms\n"                                                    \
    "Epoch 2/30 | Loss: 1.00 | Time: 42042ms\n"                                                    \
    "Epoch 23/30 | Loss: 0.92 | Time: 84871ms\n"

static void generic_unnamed_interleave(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_str(&s, NULL,
                              TWO_RUNS_23
                              "Epoch 3/30 | Loss: 1.00 | Time: 46005ms\n"),
                     -1);
    {
        size_t k = 0;
        while (k < s.diags.nr && s.diags.v[k].severity != BR_ERROR)
            k++;
        assert_true(k < s.diags.nr);
        assert_int_equal(s.diags.v[k].line, 5);
        assert_non_null(strstr(s.diags.v[k].msg, "two trainings interleave"));
    }
    br_source_release(&s);
    assert_int_equal(load_str(&s, NULL,
                              TWO_RUNS_23
                              "Epoch 24/30 | Loss: 0.91 | Time: 65086ms\n"),
                     0);
    assert_int_equal(s.nruns, 2);
    br_source_release(&s);
}

/*
 * A logging record whose message begins on the next line ("... - INFO - train.py - 65 - "
 * then "EPOCH 1 of 30"): the message takes the record's time; "EPOCH loss: 0.53" is the
 * epoch's loss.
 */
static void generic_message_next_line(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_str(&s, NULL,
                              "2024-05-26 16:04:46 - INFO - train.py - 65 - \n"
                              "EPOCH 1 of 3\n"
                              "2024-05-26 16:25:29 - INFO - train.py - 128 - \n"
                              "EPOCH loss: 0.5358\n"
                              "2024-05-26 16:25:35 - INFO - train.py - 65 - \n"
                              "EPOCH 2 of 3\n"
                              "2024-05-26 16:46:10 - INFO - train.py - 128 - \n"
                              "EPOCH loss: 0.4816\n"
                              "2024-05-26 16:46:17 - INFO - train.py - 65 - \n"
                              "EPOCH 3 of 3\n"
                              "2024-05-26 17:06:42 - INFO - train.py - 128 - \n"
                              "EPOCH loss: 0.4545\n"),
                     0);
    assert_string_equal(s.format, "generic");
    assert_int_equal(s.runs[0]->nepochs, 3);
    assert_close(s.runs[0]->epochs[0].duration, 1243, 0); /* 16:04:46 to 16:25:29 */
    assert_close(s.runs[0]->epochs[2].duration, 1225, 0);
    assert_close(metric(&s.runs[0]->epochs[1], "loss"), 0.4816, 0);
    assert_int_equal(s.runs[0]->status, BR_RUN_OK);
    br_source_release(&s);

    /* a run's first epoch first printed at its step 100 of 390: when it began is unknown */
    assert_int_equal(load_str(&s, NULL,
                              "2023-03-19 09:54:38,969 - INFO: \n"
                              "Epoch [0/300], Step [100/390], Loss: 0.0368\n"
                              "2023-03-19 09:55:26,479 - INFO: Epoch 0: train loss 0.0366, test acc 0.0103\n"
                              "2023-03-19 09:55:42,434 - INFO: \n"
                              "Epoch [1/300], Step [100/390], Loss: 0.0368\n"
                              "2023-03-19 09:56:30,237 - INFO: Epoch 1: train loss 0.0366, test acc 0.0126\n"
                              "2023-03-19 09:56:46,000 - INFO: \n"
                              "Epoch [2/300], Step [100/390], Loss: 0.0362\n"
                              "2023-03-19 09:57:33,807 - INFO: Epoch 2: train loss 0.0365, test acc 0.0123\n"),
                     0);
    assert_true(isnan(s.runs[0]->epochs[0].duration));
    assert_close(s.runs[0]->epochs[1].duration, 63.758, 1e-9);
    br_source_release(&s);
}

/* Python logging's timestamps put the epochs on a clock: first line to last. */
static void generic_line_times(void **state)
{
    struct br_source s;
    (void)state;
    assert_int_equal(load_str(&s, NULL,
                              "2025-04-18 13:03:43,186 - INFO - ===== Epoch 1 =====\n"
                              "2025-04-18 13:15:15,676 - INFO - Training: Total Loss: 2.1424, CTC "
                              "Loss: 2.1414\n"
                              "2025-04-18 13:16:11,449 - INFO - Validation: Total Loss: 1.7212\n"
                              "\n"
                              "2025-04-18 13:16:19,273 - INFO - ===== Epoch 2 =====\n"
                              "2025-04-18 13:27:47,046 - INFO - Training: Total Loss: 1.6144, CTC "
                              "Loss: 1.6128\n"
                              "2025-04-18 13:28:42,059 - INFO - Validation: Total Loss: 1.4095\n"),
                     0);
    assert_string_equal(s.format, "generic");
    assert_int_equal(s.runs[0]->nepochs, 2);
    assert_int_equal(s.runs[0]->zoned, 0);
    /* 13:16:11.449 - 13:03:43.186 and 13:28:42.059 - 13:16:19.273 */
    assert_close(s.runs[0]->epochs[0].duration, 748.263, 1e-12);
    assert_close(s.runs[0]->epochs[1].duration, 742.786, 1e-12);
    assert_time(s.runs[0]->epochs[1].start, 0, "2025-04-18T13:16:19.273");
    /* "Training:" and "Validation:" head their lines: the validation's loss is its own */
    assert_close(metric(&s.runs[0]->epochs[1], "training_total_loss"), 1.6144, 0);
    assert_close(metric(&s.runs[0]->epochs[1], "training_ctc_loss"), 1.6128, 0);
    assert_close(metric(&s.runs[0]->epochs[1], "validation_total_loss"), 1.4095, 0);
    br_source_release(&s);

    /* a printed duration ends at the line that prints it */
    assert_int_equal(load_str(&s, NULL,
                              "[2025-01-02 10:00:00] Epoch 1/2 loss=0.9 time: 50.0s\n"
                              "[2025-01-02 10:01:00] Epoch 2/2 loss=0.8 time: 40.0s\n"),
                     0);
    assert_close(s.runs[0]->epochs[1].duration, 40, 0);
    assert_time(s.runs[0]->epochs[1].end, 0, "2025-01-02T10:01:00.000");
    assert_time(s.runs[0]->epochs[1].start, 0, "2025-01-02T10:00:20.000");
    br_source_release(&s);
}

/* Text that is not a training log gets no epochs from the generic reader. */
static void generic_refuses(void **state)
{
    static const char *const texts[] = {
        /* prose that mentions epochs and times */
        "We trained for 10 epochs. In epoch 3 the loss fell to 0.5 and each epoch took 12s.\n"
        "The `Epoch 1/1` line is missing when fit(epochs=1).\n",
        /* source code that prints epoch lines */
        "for epoch in range(10):\n    print(f'Epoch {epoch}: loss={loss:.3f} time={t:.1f}s')\n"
        "    t0 = time.time();\n",
    };
    /* a CSV with an epoch column: not the generic reader's, but an epoch table's */
    static const char csv[] = "epoch,loss,time\n1,0.9,12\n2,0.8,12\n";
    struct br_source f;
    (void)state;
    assert_int_equal(load_str(&f, "generic", csv), -1);
    assert_int_equal(f.nruns, 0);
    br_source_release(&f);
    assert_int_equal(load_str(&f, NULL, csv), 0);
    assert_string_equal(f.format, "epochcsv");
    assert_int_equal(f.nruns, 1);
    assert_int_equal(f.runs[0]->nepochs, 2);
    /* epochs from 1 as written; a 'time' column a callback added that does not rise
     * every epoch (12, 12) is each epoch's seconds, not a metric */
    assert_int_equal(f.runs[0]->epochs[0].index, 1);
    assert_close(f.runs[0]->epochs[0].duration, 12, 0);
    assert_close(f.runs[0]->epochs[1].duration, 12, 0);
    assert_int_equal(f.runs[0]->epochs[1].nmetrics, 1);    /* loss only */
    br_source_release(&f);
    /* a format file quotes log lines in its comments and samples: still not a log */
    br_source_init(&f, "examples/formats/steps.fmt");
    assert_int_equal(br_source_load(&f, NULL, NULL, NULL), -1);
    assert_null(f.format);
    br_source_release(&f);
    for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
        struct br_source s;
        assert_int_equal(load_str(&s, NULL, texts[i]), -1);
        assert_null(s.format);
        br_source_release(&s);
        assert_int_equal(load_str(&s, "generic", texts[i]), -1);
        assert_int_equal(s.nruns, 0);
        br_source_release(&s);
    }
}

/* inspect -v on a refused file: what it looked like and the closest reader. */
static void refused_explained(void **state)
{
    static const char text[] = "Epoch 1\nsomething happened\n";
    struct br_buf why = BR_BUF_INIT;
    (void)state;
    assert_null(br_parser_detect(text, strlen(text), NULL, &why));
    assert_non_null(strstr(why.buf, "  looks like: text, 2 lines; 1 mention an epoch, 0 carry a "
                                    "time with a unit\n"));
    assert_non_null(strstr(why.buf, "  closest reader: generic (5, 50 needed)\n"));
    br_buf_release(&why);
}

/* A TensorFlow Estimator log counts steps: refused, and said by name. */
static void refused_step_log(void **state)
{
    static const char text[] = "INFO:tensorflow:loss = 1.0218862, step = 0\n"
                               "INFO:tensorflow:global_step/sec: 0.615146\n"
                               "INFO:tensorflow:loss = 0.5186956, step = 100 (162.563 sec)\n";
    struct br_buf why = BR_BUF_INIT;
    (void)state;
    assert_null(br_parser_detect(text, strlen(text), NULL, &why));
    assert_non_null(strstr(why.buf, "  looks like: text, 3 lines; 0 mention an epoch, 1 carry a "
                                    "time with a unit; a TensorFlow Estimator log "
                                    "(global_step/sec): it counts steps, not epochs, and says "
                                    "no epoch's time\n"));
    assert_string_equal(br_step_log(text, strlen(text)),
                        "a TensorFlow Estimator log (global_step/sec): it counts steps, not "
                        "epochs, and says no epoch's time");
    assert_null(br_step_log("Epoch 1/3\n", 10));
    br_buf_release(&why);
}

/*
 * A Trainer console whose training comes after a dump bigger than what detection reads
 * (LLaMA-Factory's train.out: 747 kB of a dataset's tokens, then '***** Running training
 * *****' on line 6908) is read from that line, as --format hf reads it; past the first
 * 4 MiB the marker is not looked for.
 */
static void hf_console_after_long_dump(void **state)
{
    static const char dump[] = "  \"input_ids\": [128000, 128006, 882, 128007, 271],\n";
    static const char trainer[] =
        "[INFO|trainer.py:2243] 2025-04-01 07:26:44,413 >> ***** Running training *****\n"
        "[INFO|trainer.py:2244] 2025-04-01 07:26:44,413 >>   Num examples = 790\n"
        "[INFO|trainer.py:2245] 2025-04-01 07:26:44,420 >>   Num Epochs = 5\n"
        "[INFO|trainer.py:2251] 2025-04-01 07:26:44,421 >>   Total optimization steps = 120\n"
        "{'loss': 1.5071, 'grad_norm': 7.7, 'learning_rate': 4.1e-06, 'epoch': 0.04}\n"
        "{'loss': 1.5376, 'grad_norm': 7.1, 'learning_rate': 8.3e-06, 'epoch': 0.08}\n"
        "[rank0]: Traceback (most recent call last):\n"
        "[rank0]:   File \"train.py\", line 28, in <module>\n"
        "[rank0]: TypeError: iteration over a 0-d tensor\n"
        "Traceback (most recent call last):\n"
        "  File \"torchrun\", line 8, in <module>\n"
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n";
    size_t lines[] = { 20000, 90000 };    /* 1 MB and 4.5 MB of dump */
    (void)state;
    for (size_t k = 0; k < 2; k++) {
        struct br_buf text = BR_BUF_INIT;
        struct br_source s;
        for (size_t i = 0; i < lines[k]; i++)
            br_buf_addstr(&text, dump);
        br_buf_addstr(&text, trainer);
        assert_int_equal(load_text(&s, NULL, text.buf, text.len, NULL), k ? -1 : 0);
        if (!k) {
            assert_string_equal(s.format, "hf");
            assert_int_equal(s.nruns, 1);
            assert_int_equal(s.runs[0]->first_line, 20001);
            assert_int_equal(s.runs[0]->status, BR_RUN_DNF);
            assert_string_equal(s.runs[0]->reason, "error: TypeError: iteration over a 0-d "
                                                   "tensor");
            assert_int_equal(s.runs[0]->reason_line, 20009);
            assert_int_equal(s.runs[0]->nepochs, 0);
        }
        br_source_release(&s);
        br_buf_release(&text);
    }
}

/*
 * A console wrapped at its window's width (a PowerShell capture at 27 columns) cuts a
 * Traceback's first line ('Traceback (most recent ', 'call last):' on the next), its
 * frames' source ('    from tensorflow.python.layers ', 'import base') and its exception
 * line ('ImportError: ', the message after it): a launch that died, not Python source.
 */
static void wrapped_console_traceback(void **state)
{
    static const char text[] = "python : 2026-02-21 \n"
                               "12:25:56.109721: I tensorfl\n"
                               "ow/core/util/port.cc:153] \n"
                               "Traceback (most recent \n"
                               "call last):  File \n"
                               "\"C:\\src\\train.py\",\n"
                               " line 2, in <module>\n"
                               "    from \n"
                               "tensorflow.python.layers \n"
                               "import base\n"
                               "    from tensorflow.python.\n"
                               "keras.engine import \n"
                               "import models\n"
                               "    raise ImportError(msg)\n"
                               "ImportError: \n"
                               "numpy.core.multiarray \n"
                               "failed to import\n";
    struct br_source s;
    (void)state;
    assert_null(br_not_recording(text, strlen(text)));
    assert_int_equal(load_str(&s, NULL, text), 0);
    assert_string_equal(s.format, "failure");
    assert_int_equal(s.nruns, 1);
    assert_int_equal(s.runs[0]->status, BR_RUN_DNF);
    assert_string_equal(s.runs[0]->reason, "error: ImportError");
    assert_int_equal(s.runs[0]->reason_line, 15);
    br_source_release(&s);
}

/*
 * Refusals say only what is true of the file: counts of a head cut at 64 KiB say so (a
 * 12,890-line log was "417 lines"), Megatron's "(ms): 17547.6" is a time with a unit, and
 * a step log is quoted at its own first such line, with its number.
 */
static void refusal_counts_and_quotes(void **state)
{
    static const char mega[] = "setup\n"
                               " iteration        1/      20 | consumed samples:            4 | "
                               "elapsed time per iteration (ms): 17547.6 | lm loss: 1.2E+01\n";
    struct br_buf out = BR_BUF_INIT;
    char *big = malloc(BR_LINES_CHUNK);
    (void)state;
    assert_non_null(big);
    for (size_t i = 0; i < BR_LINES_CHUNK; i++)
        big[i] = i % 128 == 127 ? '\n' : 'x';
    br_looks_like(big, BR_LINES_CHUNK, &out);
    assert_string_equal(out.buf, "text, 512 lines in the first 64 KiB (the rest not read); 0 "
                                 "mention an epoch, 0 carry a time with a unit");
    br_buf_reset(&out);
    assert_int_equal(br_step_log_say(mega, strlen(mega), &out), 2);
    assert_string_equal(out.buf, "a Megatron-LM log ('iteration N/ M | ... elapsed time per "
                                 "iteration (ms)' lines): it counts iterations, not epochs, so "
                                 "no epoch to time; line 2: 'iteration        1/      20 | "
                                 "consumed samples:            4 | elapsed t ...'");
    br_buf_reset(&out);
    br_looks_like(mega, strlen(mega), &out);
    assert_non_null(strstr(out.buf, "text, 2 lines; 0 mention an epoch, 1 carry a time with a "
                                    "unit; a Megatron-LM log"));
    br_buf_reset(&out);
    assert_int_equal(br_step_log_say("Epoch 1/3\n", 10, &out), 0);
    assert_int_equal(out.len, 0);
    free(big);
    br_buf_release(&out);
}

/* Boosting rounds and cross-validation folds are no epochs: said by name (issue 12). */
static void rounds_and_folds_named(void **state)
{
    /* lightgbm.early_stopping's lines; the GBK table after them (a Chinese console) */
    static const char lgbm[] = "Training until validation scores don't improve for 50 rounds\n"
                               "[50]\ttrain's l2: 0.0388858\tval's l2: 0.0226522\n"
                               "\xb2\xe2\xca\xd4\xbc\xaf MSE: 0.020555\n";
    static const char xgb[] = "[0]\tvalidation_0-rmse:0.48201\n[1]\tvalidation_0-rmse:0.46434\n";
    static const char folds[] = "[VAL] LOOCV Fold 1/200 | GDS: 0.0, mIoU: 0.0\n"
                                "[VAL] LOOCV Fold 2/200 | GDS: 0.0099, mIoU: 0.0050\n";
    struct br_buf why = BR_BUF_INIT;
    (void)state;
    assert_string_equal(br_step_log(lgbm, strlen(lgbm)),
                        "a LightGBM log (boosting rounds, '[50] train's l2: ...'): it counts "
                        "rounds, not epochs, and says no time");
    assert_string_equal(br_step_log(xgb, strlen(xgb)),
                        "an XGBoost log ('[0]\tvalidation_0-rmse: ...', boosting rounds): it "
                        "counts rounds, not epochs, and says no time");
    assert_null(br_parser_detect(folds, strlen(folds), NULL, &why));
    assert_non_null(strstr(why.buf, "; a cross-validation log (leave-one-out folds, one score "
                                    "each): no epochs and no times\n"));
    br_buf_release(&why);
}

/*
 * Files that only look like a framework's log: detectron2's metrics.json (JSON lines by
 * iteration) and a Lightning run whose bars a notebook dropped. Refused with what they are,
 * and inspect -v names the format of the framework's log as the closest reader.
 */
/*
 * A YOLOv5/YOLOv7 results.txt (no header, train.py's 15 columns by place): its epochs from
 * 0, named as results.csv names them, the plan from 'epoch/last'; ultralytics/yolov3's rows,
 * printed with 3 significant digits, are refused (their 12th column is F1).
 */
static void yolo_results_txt(void **state)
{
    static const char v5[] =
        "     0/299     1.85G    0.1259   0.06233   0.03069    0.2189        25       416"
        "         0         0  0.009178  0.002157    0.1183   0.04673    0.0293\n"
        "     1/299     1.86G    0.1215   0.06462    0.0301    0.2162        24       416"
        "         0         0   0.01217  0.002438    0.1157   0.04518   0.02875\n";
    static const char v3[] =
        "      0/99      3.2G      5.88      3.41      2.79      12.1        44       416"
        "    0.0913     0.451    0.0705     0.152      4.01      2.88       2.1\n";
    struct br_source f;
    const struct br_epoch *e;
    (void)state;
    assert_int_equal(load_str(&f, NULL, v5), 0);
    assert_string_equal(f.format, "epochcsv");
    assert_int_equal(f.nruns, 1);
    assert_int_equal(f.runs[0]->nepochs, 2);
    assert_int_equal(f.runs[0]->status, BR_RUN_DNF);
    assert_string_equal(f.runs[0]->reason, "interrupted after epoch 2 of 300");
    assert_int_equal(f.runs[0]->reason_line, 2);
    e = &f.runs[0]->epochs[1];
    assert_int_equal(e->index, 2);
    assert_int_equal(e->of, 300);
    assert_int_equal(e->nmetrics, 11);      /* not gpu_mem, labels, img_size */
    assert_string_equal(e->metrics[9].name, "val/obj_loss");
    assert_close(e->metrics[9].value, 0.04518, 1e-12);
    assert_true(isnan(e->duration));
    br_source_release(&f);
    assert_int_equal(load_str(&f, "epochcsv", v3), -1);
    check_diag(&f, 0, BR_ERROR, 1, 1,
               "a results.txt row of numbers with 3 significant digits: ultralytics/yolov3's "
               "('%10.3g'), whose 12th column is F1, not YOLOv5's mAP@.5:.95");
    br_source_release(&f);
}

static void refused_framework_files(void **state)
{
    static const struct { const char *text, *what, *reader; } cases[] = {
        { "{\"data_time\": 0.027, \"eta_seconds\": 8898.9, \"iteration\": 19, "
          "\"loss_cls\": 1.89, \"lr\": 1.9e-06, \"time\": 2.2359, \"total_loss\": 2.72}\n"
          "{\"data_time\": 0.024, \"eta_seconds\": 8856.3, \"iteration\": 39, "
          "\"loss_cls\": 1.52, \"lr\": 3.9e-06, \"time\": 2.2401, \"total_loss\": 2.31}\n",
          "detectron2's metrics.json (a JSON line per logging window): it counts iterations, "
          "not epochs, and holds no time to train; read the log.txt beside it (format "
          "detectron2)", "detectron2" },
        { "GPU available: True (mps), used: True\n\n  | Name  | Type   | Params\n"
          "0 | model | Linear | 1.1 K\n`Trainer.fit` stopped: `max_epochs=30` reached.\n",
          "a PyTorch Lightning log without its epoch bars or checkpoint lines (only "
          "'`Trainer.fit` stopped: ...'): no line gives an epoch, so none can be timed; a "
          "CSVLogger's metrics.csv or the bars (enable_progress_bar=True) would give them",
          "lightning" },
    };
    (void)state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const char *t = cases[i].text;
        struct br_buf why = BR_BUF_INIT, want = BR_BUF_INIT;
        assert_null(br_parser_detect(t, strlen(t), NULL, &why));
        assert_string_equal(br_step_log(t, strlen(t)), cases[i].what);
        assert_string_equal(br_step_log_reader(t, strlen(t)), cases[i].reader);
        br_buf_addf(&want, "  closest reader: %s (the format of the framework's log; this file "
                    "scored 0)\n", cases[i].reader);
        assert_non_null(strstr(why.buf, want.buf));
        assert_non_null(strstr(why.buf, cases[i].what));
        br_buf_release(&why);
        br_buf_release(&want);
    }
    /* fairseq's tqdm bars alone: named, whichever reader came closest (generic here) */
    {
        static const char fq[] =
            "epoch 001: 100% 3778/3779 [09:27<00:00,  7.42it/s, loss=10.77, train_wall=15, "
            "wall=557]\n"
            "epoch 001 | valid on 'valid' subset:   7% 1/15 [00:00<00:13,  1.05it/s]\n";
        assert_null(br_parser_detect(fq, strlen(fq), NULL, NULL));
        assert_non_null(strstr(br_step_log(fq, strlen(fq)), "fairseq-train's tqdm bars"));
        assert_string_equal(br_step_log_reader(fq, strlen(fq)), "fairseq");
    }
    /* LLaMA-Factory's step log, and a log of a prediction run */
    {
        static const char lf[] = "{\"current_steps\": 5, \"total_steps\": 250, \"percentage\": "
                                 "2.0, \"elapsed_time\": \"0:00:19\", \"remaining_time\": "
                                 "\"0:16:09\"}\n";
        static const char lp[] = "[INFO|2025-03-06 08:43:30] trainer.py:4263 >>   Batch size = 2\n"
                                 "[INFO|2025-03-06 08:53:40] logging.py:157 >> Saving prediction "
                                 "results to saves/eval/generated_predictions.jsonl\n";
        /* read by its own parser now (lfjsonl), which refuses a prediction's lines */
        assert_string_equal(br_parser_detect(lf, strlen(lf), NULL, NULL)->name, "lfjsonl");
        assert_null(br_parser_detect(lp, strlen(lp), NULL, NULL));
        assert_string_equal(br_step_log(lp, strlen(lp)), "a LLaMA-Factory log of a prediction "
                            "run (do_predict, no training): no epoch in it");
        assert_string_equal(br_step_log_reader(lp, strlen(lp)), "hf");
    }
    /* LLaMA-Factory's log of a training run too short for one logging step (aa-n/Qwen3_Lora's
     * running_log.txt: logging_steps 996, 768 steps): no dictionary, so no epoch */
    {
        static const char lt[] = "[INFO|2025-04-29 14:31:39] trainer.py:2414 >> ***** Running "
                                 "training *****\n\n"
                                 "[INFO|2025-04-29 14:31:39] trainer.py:2416 >>   Num Epochs = 3\n\n"
                                 "[INFO|2025-04-29 16:11:20] trainer.py:2681 >> \n\nTraining "
                                 "completed. Do not forget to share your model on "
                                 "huggingface.co/models =)\n\n\n\n"
                                 "[WARNING|2025-04-29 16:11:20] logging.py:148 >> No metric loss "
                                 "to plot.\n\n";
        struct br_buf why = BR_BUF_INIT;
        assert_null(br_parser_detect(lt, strlen(lt), NULL, &why));
        assert_string_equal(br_step_log(lt, strlen(lt)),
                            "a LLaMA-Factory log of a training run without the Trainer's log "
                            "dictionaries ({'loss': ..., 'epoch': ...}; logging_steps longer "
                            "than the run): no epoch ends in it, so none can be timed; the "
                            "run's trainer_state.json holds its epochs and train_runtime");
        assert_string_equal(br_step_log_reader(lt, strlen(lt)), "hf");
        assert_non_null(strstr(why.buf, "  closest reader: hf (the format of the framework's "
                                        "log; this file scored 0)\n"));
        br_buf_release(&why);
    }
    /* a Trainer state is JSON too, and read; an iteration alone is no detectron2 file */
    assert_null(br_step_log("{\"iteration\": 19}\n", 17));
}

/* hfstep.h: a dictionary's step is the last bar before it (Neelectric/open-r1_safety's log),
 * the steps per epoch the bar's total over the planned epochs when every pair fits, else the
 * one whole number the pairs allow (Tensionteng/twenty-four-point-game's: 107) */
static void hf_bar_steps(void **state)
{
    static const char line[] =
        "\r 33%|###3      | 439/1320 [6:51:19<12:35:17, 51.44s/it]\r 33%|###3      | "
        "440/1320 [6:52:20<13:20:13, 54.56s/it]\r      \r{'loss': 0.615, 'x': '[1/2 [00:01<'}";
    static const char first[] = "  0%|   | 0/1320 [00:00<?, ?it/s]\r  0%|   | 1/1320 [01:07<24:34]";
    struct br_hfbar b;
    struct br_hfsteps s = BR_HFSTEPS_INIT, t = BR_HFSTEPS_INIT;
    double d = 0, res = 0;
    int cut = 0;

    (void)state;
    assert_int_equal(br_hfbar_last(line, strlen(line), &b), 1);
    assert_int_equal(b.step, 440);
    assert_int_equal(b.total, 1320);
    assert_true(b.elapsed == 24740);
    assert_int_equal(br_hfbar_last("{'loss': 1.0, 'epoch': 0.5}", 27, &b), 0);
    br_hfsteps_line(&s, first, strlen(first));
    br_hfsteps_line(&s, line, strlen(line));
    assert_int_equal(br_hfsteps_spe(&s, 3, 0), 0);        /* no dictionary's step yet */
    br_hfsteps_pair(&s, 440, 1.0, "1.0", 3);
    br_hfsteps_pair(&s, 442, 1.0, "1.0", 3);
    assert_int_equal(br_hfsteps_spe(&s, 3, 0), 440);
    assert_int_equal(br_hfsteps_spe(&s, 0, 0), 0);       /* 440 to 442: not one number */
    assert_int_equal(br_hfsteps_time(&s, 1, 440, &d, &res, &cut), 1);
    assert_true(d == 24740 && res == 1 && cut == 1);
    assert_int_equal(br_hfsteps_time(&s, 2, 440, &d, &res, &cut), 0);
    br_hfsteps_pair(&t, 20, 0.19, "0.19", 4);
    br_hfsteps_pair(&t, 320, 2.99, "2.99", 4);
    assert_int_equal(br_hfsteps_spe(&t, 0, 0), 0);        /* inferred only when asked */
    assert_int_equal(br_hfsteps_spe(&t, 0, 1), 107);
    assert_int_equal(br_hfsteps_spe(&t, 4, 1), 107);      /* 0/4 would not fit: inferred */
    br_hfsteps_pair(&t, 100, 0.5, "0.5", 3);              /* 200 a epoch: none fits both */
    assert_int_equal(br_hfsteps_spe(&t, 0, 1), 0);
    br_hfsteps_release(&s);
    br_hfsteps_release(&t);
}

/* hfstep.h: a Colab console's frames at the epochs' ends only (AdamHermes/MKGL-master's):
 * no frame before step 266 allows a start at 0; one at 0 then a jump to 101 does not */
static void hf_bar_from_zero(void **state)
{
    static const char end1[] = " 20% 266/1330 [02:58<09:37,  1.84it/s]";
    static const char jump[] = "  0% 0/1330 [00:00<?, ?it/s]\r  8% 101/1330 [00:09<01:50]";
    struct br_hfsteps s = BR_HFSTEPS_INIT, t = BR_HFSTEPS_INIT;

    (void)state;
    br_hfsteps_line(&s, end1, strlen(end1));
    assert_true(br_hfsteps_clock(&s, 266) == 178);
    assert_true(br_hfsteps_clock(&s, 265) < 0 && br_hfsteps_clock(&s, 5000) < 0);
    assert_int_equal(br_hfsteps_from_zero(&s, 266), 1);
    br_hfsteps_line(&t, jump, strlen(jump));
    br_hfsteps_line(&t, end1, strlen(end1));
    assert_int_equal(br_hfsteps_from_zero(&t, 266), 0);
    br_hfsteps_release(&s);
    br_hfsteps_release(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mllog_oom),          cmocka_unit_test(mllog_cut_epoch),
        cmocka_unit_test(hf_bar_steps),       cmocka_unit_test(hf_bar_from_zero),
        cmocka_unit_test(mllog_rank_copies), cmocka_unit_test(mllog_long_preamble),
        cmocka_unit_test(mllog_runs_one_after_another),
        cmocka_unit_test(mllog_run_stop_no_status),
        cmocka_unit_test(mllog_epochs_past_stop_time),
        cmocka_unit_test(mllog_blocks_not_epochs),
        cmocka_unit_test(keras_evaluate_predict), cmocka_unit_test(keras_fit_epochs1),
        cmocka_unit_test(lightning_no_cr),    cmocka_unit_test(lightning_cut_bar),
        cmocka_unit_test(hf_callback_keys_crlf), cmocka_unit_test(hf_llamafactory_logger),
        cmocka_unit_test(hf_string_values), cmocka_unit_test(hf_dicts_after_bars),
        cmocka_unit_test(other_encodings),
        cmocka_unit_test(cut_last_line),      cmocka_unit_test(generic_own_words),
        cmocka_unit_test(generic_line_times), cmocka_unit_test(generic_compound_durations),
        cmocka_unit_test(generic_rate_not_epoch),
        cmocka_unit_test(generic_bracket_steps),
        cmocka_unit_test(generic_verb_phase),
        cmocka_unit_test(generic_summary_first_line),
        cmocka_unit_test(generic_done_mid_epoch),
        cmocka_unit_test(generic_message_next_line),
        cmocka_unit_test(generic_run_tails),
        cmocka_unit_test(generic_unnamed_interleave),
        cmocka_unit_test(generic_refuses),
        cmocka_unit_test(refused_explained), cmocka_unit_test(refused_step_log),
        cmocka_unit_test(refusal_counts_and_quotes),
        cmocka_unit_test(hf_console_after_long_dump), cmocka_unit_test(wrapped_console_traceback),
        cmocka_unit_test(rounds_and_folds_named), cmocka_unit_test(refused_framework_files),
        cmocka_unit_test(yolo_results_txt),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
