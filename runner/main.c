/*
 * main.c: `benchtrain --model NAME --backend ref|opencl|cuda --batch N
 * --epochs N [--device N] [--train-samples N] [--seed N] [--data DIR]
 * [--power FILE] [--power-interval-ms MS] [--precision fp32|tf32|bf16]
 * [--host-batches]`. Trains and logs, on stdout:
 *
 *   # benchtrain 0.2.0 backend=ref device="..." model=mlp params=435402 batch=32
 *     precision=fp32 dataset=fashion-mnist train=50000 val=10000 test=10000
 *     start=<UTC> [key=value of the backend] [power=nvml]
 *   epoch 1/5 start=<UTC> end=<UTC> duration=12.345678 steps=1563 loss=... accuracy=...
 *     val_loss=... val_accuracy=... [energy_j=...]
 *   test test_loss=... test_accuracy=...
 *   FAILED: <reason>            (before a non-zero exit)
 *
 * The mlp and cnn train on Fashion-MNIST, the cifar models on the synthetic
 * CIFAR-10 set. With --power FILE, power.c records power beside the training.
 * A backend with the resident hooks (load, train_epoch, eval_set) keeps the
 * data on its device and reports once per epoch; --host-batches makes it
 * take the host path (epoch.c) instead, which gives the same numbers.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include "runner/bt.h"

#define BT_VERSION "0.2.0"
#define EVAL_BATCH 1000

/* the one global: set by the signal handler (sig_atomic_t is int here, as the hooks want) */
static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
    stop_signal = sig;
}

struct opts {
    int check, host_batches;
    enum bt_precision precision;
    const char *model, *backend, *data, *power;
    int batch, epochs, device;
    long train_samples;
    uint64_t seed;
    int interval_ms;
};

/* Everything one training run holds. */
struct run {
    struct opts o;
    struct bt_net net;
    struct bt_data train, val, test;
    const struct bt_backend *b;
    void *ctx;
    int resident;             /* the backend's load/train_epoch/eval_set are used */
    struct bt_power *power;
    float *xb;                /* one batch of inputs (training or evaluation) */
    uint8_t *yb;
    size_t *idx;              /* one epoch's training order */
    char err[512];
};

const struct bt_backend *bt_backend_find(const char *name)
{
    if (!strcmp(name, "ref"))
        return &bt_backend_ref;
    if (!strcmp(name, "opencl"))
        return &bt_backend_opencl;
#ifdef BT_HAVE_CUDA
    if (!strcmp(name, "cuda"))
        return &bt_backend_cuda;
#endif
    return NULL;
}

static void usage(FILE *f)
{
    fputs("usage: benchtrain --model mlp|cnn|cifar0..cifar3 --backend ref|opencl|cuda\n"
          "                  [--batch N] [--epochs N] [--device N] [--train-samples N]\n"
          "                  [--seed N] [--data DIR] [--power FILE] [--power-interval-ms MS]\n"
          "                  [--precision fp32|tf32|bf16] [--host-batches]\n"
          "       benchtrain --check --model NAME --backend NAME [--batch N] [--precision P]\n"
          "                  [--train-samples N] [--seed N] [--host-batches]\n",
          f);
}

/* --check (check.c), on the run's data */
static int check(struct run *r)
{
    struct bt_check c = { .b = r->b, .net = &r->net, .train = &r->train, .val = &r->val,
                          .seed = r->o.seed, .batch = r->o.batch, .device = r->o.device,
                          .host_batches = r->o.host_batches, .precision = r->o.precision };
    return bt_check_run(&c, stdout);
}

static int parse(int argc, char **argv, struct opts *o)
{
    static const struct option longopts[] = {
        { "model", required_argument, NULL, 'm' },   { "backend", required_argument, NULL, 'b' },
        { "batch", required_argument, NULL, 'B' },   { "epochs", required_argument, NULL, 'e' },
        { "device", required_argument, NULL, 'd' },  { "train-samples", required_argument, NULL, 't' },
        { "seed", required_argument, NULL, 's' },    { "data", required_argument, NULL, 'D' },
        { "power", required_argument, NULL, 'p' },   { "power-interval-ms", required_argument, NULL, 'i' },
        { "help", no_argument, NULL, 'h' },          { "check", no_argument, NULL, 'c' },
        { "precision", required_argument, NULL, 'P' },
        { "host-batches", no_argument, NULL, 'H' },
        { NULL, 0, NULL, 0 },
    };
    int c, at = 0;
    char *end;
    long v;

    while ((c = getopt_long(argc, argv, "h", longopts, &at)) != -1) {
        v = 0;
        if (optarg && strchr("Bedtsi", c)) {
            errno = 0;
            v = strtol(optarg, &end, 10);
            if (!*optarg || *end || errno || v < 0 || v > 100000000) {
                fprintf(stderr, "benchtrain: --%s wants a number, not '%s'\n",
                        longopts[at].name, optarg);
                return -1;
            }
        }
        switch (c) {
        case 'm': o->model = optarg; break;
        case 'b': o->backend = optarg; break;
        case 'B': o->batch = (int)v; break;
        case 'e': o->epochs = (int)v; break;
        case 'd': o->device = (int)v; break;
        case 't': o->train_samples = v; break;
        case 's': o->seed = (uint64_t)v; break;
        case 'D': o->data = optarg; break;
        case 'p': o->power = optarg; break;
        case 'i': o->interval_ms = (int)v; break;
        case 'h': usage(stdout); exit(0);
        case 'c': o->check = 1; break;
        case 'H': o->host_batches = 1; break;
        case 'P':
            if (bt_precision_parse(optarg) < 0) {
                fprintf(stderr, "benchtrain: --precision wants fp32, tf32 or bf16, not '%s'\n",
                        optarg);
                return -1;
            }
            o->precision = (enum bt_precision)bt_precision_parse(optarg);
            break;
        default: usage(stderr); return -1;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "benchtrain: unexpected argument '%s'\n", argv[optind]);
        usage(stderr);
        return -1;
    }
    if (o->batch < 1 || o->epochs < 1 || o->interval_ms < 10) {
        fputs("benchtrain: --batch and --epochs must be at least 1, --power-interval-ms 10\n",
              stderr);
        return -1;
    }
    return 0;
}

/* The host path's buffers and backend. */
static struct bt_host host_of(struct run *r)
{
    struct bt_host h = { .b = r->b, .ctx = r->ctx, .xb = r->xb, .yb = r->yb, .idx = r->idx,
                         .max_batch = EVAL_BATCH };
    return h;
}

/*
 * Evaluates set `which` (on the device, or in batches through the host):
 * mean loss and accuracy. 0, -1 on a backend failure, 1 on a signal.
 */
static int evaluate(struct run *r, enum bt_set which, double *loss, double *acc)
{
    struct bt_host h = host_of(r);
    struct bt_sums s;
    int st;

    if (stop_signal)
        return 1;
    st = r->resident
             ? r->b->eval_set(r->ctx, which, &s, r->err, sizeof(r->err))
             : bt_host_eval(&h, which == BT_SET_VAL ? &r->val : &r->test, &stop_signal, &s,
                            r->err, sizeof(r->err));
    if (st)
        return st < 0 ? -1 : 1;
    *loss = s.loss / (double)(s.n ? s.n : 1);
    *acc = (double)s.correct / (double)(s.n ? s.n : 1);
    return stop_signal ? 1 : 0;
}

/*
 * Keras' progress bar on stderr, `  312/1563 [=====>........................]
 * - ETA: 41s - loss: 0.5123`, redrawn in place (only on a terminal).
 */
struct bar {
    int epoch, epochs;
    double t0;
};

static void progress(void *arg, long at, long steps, double loss)
{
    const struct bar *b = arg;
    char bar[31];
    long step = at + 1;
    int fill = (int)(30 * step / steps);
    double eta = (bt_now() - b->t0) / step * (double)(steps - step);

    if (at % 20 && step != steps)
        return;
    if (at == 0)
        fprintf(stderr, "Epoch %d/%d\n", b->epoch, b->epochs);
    for (int k = 0; k < 30; k++)
        bar[k] = k < fill ? '=' : k == fill ? '>' : '.';
    bar[30] = '\0';
    fprintf(stderr, "\r%5ld/%ld [%s] - ETA: %.0fs - loss: %.4f", step, steps, bar, eta, loss);
}

/*
 * One pass over the training set, on the device or through the host (with
 * a progress bar on a terminal): 0, -1 on a backend failure, 1 on a signal.
 */
static int train_epoch(struct run *r, int e, double *loss, double *acc, long *steps)
{
    struct bt_host h = host_of(r);
    struct bar bar = { e, r->o.epochs, bt_now() };
    struct bt_sums s = { 0, 0, 0 };
    int tty = !r->resident && isatty(2), st;

    if (tty) {
        h.progress = progress;
        h.arg = &bar;
    }
    *steps = (long)((r->train.n + (size_t)r->o.batch - 1) / (size_t)r->o.batch);
    st = r->resident ? r->b->train_epoch(r->ctx, r->o.seed, (uint32_t)e, r->o.batch,
                                         &stop_signal, &s, r->err, sizeof(r->err))
                     : bt_host_epoch(&h, &r->train, r->o.seed, (uint32_t)e, r->o.batch,
                                     &stop_signal, &s, r->err, sizeof(r->err));
    if (tty)
        fputs("\r\033[K\033[A\033[K", stderr);   /* the bar and its Epoch line go */
    if (st)
        return st < 0 ? -1 : 1;
    *loss = s.loss / (double)r->train.n;
    *acc = (double)s.correct / (double)r->train.n;
    return stop_signal ? 1 : 0;
}

static void header(struct run *r)
{
    char t0[64];
    bt_format_time(t0, sizeof(t0), bt_now(), BT_TIME_ISO);
    printf("# benchtrain %s backend=%s device=\"%s\" model=%s params=%zu batch=%d "
           "precision=%s dataset=%s train=%zu val=%zu test=%zu start=%s",
           BT_VERSION, r->b->name, r->b->device_name(r->ctx), r->net.name, r->net.nparams,
           r->o.batch, bt_precision_name(r->o.precision), r->train.name, r->train.n, r->val.n,
           r->test.n, t0);
    if (r->b->detail && r->b->detail(r->ctx))
        printf(" %s", r->b->detail(r->ctx));
    if (r->power)
        printf(" power=%s", bt_power_source(r->power));
    putchar('\n');
    fflush(stdout);
}

/* The failure line of a signal in `where`, and the exit status it gives. */
static int interrupted(const char *where, int e)
{
    printf("FAILED: interrupted (signal %d) in %s", (int)stop_signal, where);
    if (e)
        printf(" %d", e);
    putchar('\n');
    return 128 + stop_signal;
}

/* The epochs and the test line; the exit status. */
static int train(struct run *r)
{
    double tl, ta;
    int st;

    for (int e = 1; e <= r->o.epochs; e++) {
        double start = bt_now(), e0 = bt_power_joules(r->power), loss = 0, acc = 0, vl = 0, va = 0;
        double end, e1;
        char t0[64], t1[64];
        long steps;

        st = train_epoch(r, e, &loss, &acc, &steps);
        end = bt_now();
        e1 = bt_power_joules(r->power);   /* the epoch's energy, without the validation */
        if (st == 0)
            st = evaluate(r, BT_SET_VAL, &vl, &va);
        if (st > 0)
            return interrupted("epoch", e);
        if (st < 0) {
            printf("FAILED: %s\n", r->err);
            return 1;
        }
        bt_format_time(t0, sizeof(t0), start, BT_TIME_ISO);
        bt_format_time(t1, sizeof(t1), end, BT_TIME_ISO);
        printf("epoch %d/%d start=%s end=%s duration=%.6f steps=%ld loss=%.4f accuracy=%.4f "
               "val_loss=%.4f val_accuracy=%.4f",
               e, r->o.epochs, t0, t1, end - start, steps, loss, acc, vl, va);
        if (!isnan(e0))
            printf(" energy_j=%.3f", e1 - e0);
        putchar('\n');
        fflush(stdout);
    }
    if ((st = evaluate(r, BT_SET_TEST, &tl, &ta)) > 0)
        return interrupted("the test", 0);
    if (st < 0) {
        printf("FAILED: %s\n", r->err);
        return 1;
    }
    printf("test test_loss=%.4f test_accuracy=%.4f\n", tl, ta);
    return 0;
}

/* The model's data set: Fashion-MNIST for 1x28x28 inputs, else the synthetic CIFAR-10. */
static int load_data(struct run *r)
{
    int bad = r->net.in_c == 1
                  ? bt_data_fashion(r->o.data, &r->train, &r->val, &r->test, r->err,
                                    sizeof(r->err))
                  : bt_data_synthetic_cifar(&r->train, &r->val, &r->test, r->err, sizeof(r->err));
    if (bad)
        return -1;
    if (r->o.train_samples > 0)
        bt_data_truncate(&r->train, (size_t)r->o.train_samples);
    return 0;
}

/* Batch buffers and the training order; -1 when out of memory. */
static int buffers(struct run *r)
{
    size_t per = (size_t)r->net.in_c * r->net.in_h * r->net.in_w;
    size_t most = (size_t)(r->o.batch > EVAL_BATCH ? r->o.batch : EVAL_BATCH);

    r->xb = malloc(most * per * sizeof(float));
    r->yb = malloc(most);
    r->idx = malloc(r->train.n * sizeof(size_t));
    if (!r->xb || !r->yb || !r->idx) {
        snprintf(r->err, sizeof(r->err), "out of memory");
        return -1;
    }
    return 0;
}

static void release(struct run *r)
{
    bt_power_stop(r->power);
    if (r->ctx)
        r->b->close(r->ctx);
    free(r->xb);
    free(r->yb);
    free(r->idx);
    bt_data_release(&r->train);
    bt_data_release(&r->val);
    bt_data_release(&r->test);
}

/*
 * Denormal floats (the tiny gradients and Adam moments of a long training)
 * cost a hundred times a normal operation on x86, and made epochs grow
 * slower as training went on; like the BLAS libraries PyTorch uses, this
 * thread flushes them to zero (FTZ and DAZ in MXCSR).
 */
static void flush_denormals(void)
{
#if defined(__SSE__)
    _mm_setcsr(_mm_getcsr() | 0x8040);
#endif
}

/* Opens the backend, starts the power recorder, trains; the exit status. */
static int run(struct run *r)
{
    float *params = malloc(r->net.nparams * sizeof(float));
    int max_batch = r->o.batch > EVAL_BATCH ? r->o.batch : EVAL_BATCH;

    if (!params) {
        printf("FAILED: out of memory\n");
        return 1;
    }
    flush_denormals();
    bt_net_init_params(&r->net, params, r->o.seed);
    r->ctx = r->b->open(&r->net, params, r->o.device, max_batch, r->err, sizeof(r->err));
    free(params);
    if (!r->ctx) {
        printf("FAILED: %s\n", r->err);
        return 1;
    }
    if (r->o.precision != BT_FP32 &&
        r->b->set_precision(r->ctx, r->o.precision, r->err, sizeof(r->err)) < 0) {
        fprintf(stderr, "benchtrain: backend '%s' cannot train at %s: %s\n", r->b->name,
                bt_precision_name(r->o.precision), r->err);
        return 2;
    }
    r->resident = !r->o.host_batches && r->b->load && r->b->train_epoch && r->b->eval_set;
    if (r->resident && r->b->load(r->ctx, &r->train, &r->val, &r->test, r->err,
                                  sizeof(r->err)) < 0) {
        printf("FAILED: %s\n", r->err);
        return 1;
    }
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    if (r->o.power) {
        if (!(r->power = bt_power_start(r->o.power, r->o.device, r->o.interval_ms, r->err,
                                        sizeof(r->err)))) {
            printf("FAILED: %s\n", r->err);
            return 1;
        }
        usleep(300000);   /* a few samples of the idle GPU before the first epoch */
    }
    header(r);
    return train(r);
}

static int backend_missing(const char *name)
{
    fprintf(stderr, "benchtrain: backend '%s' is not built in (ref, opencl%s)\n", name,
#ifdef BT_HAVE_CUDA
            ", cuda"
#else
            ""
#endif
    );
    return 2;
}

int main(int argc, char **argv)
{
    struct run r = { .o = { .model = "mlp", .backend = "ref", .batch = 32, .epochs = 5,
                            .seed = 1, .data = "/usr/share/datasets/fashion-mnist",
                            .interval_ms = 100 } };
    int status;

    if (parse(argc, argv, &r.o) < 0)
        return 2;
    if (bt_net_build(&r.net, r.o.model) < 0) {
        fprintf(stderr, "benchtrain: unknown model '%s' (%s)\n", r.o.model, bt_net_names);
        return 2;
    }
    if (!(r.b = bt_backend_find(r.o.backend)))
        return backend_missing(r.o.backend);
    if (r.o.precision != BT_FP32 && !r.b->set_precision) {
        fprintf(stderr, "benchtrain: backend '%s' has no --precision %s (fp32 only)\n",
                r.b->name, bt_precision_name(r.o.precision));
        return 2;
    }
    if (load_data(&r) < 0 || buffers(&r) < 0) {
        printf("FAILED: %s\n", r.err);
        release(&r);
        return 1;
    }
    status = r.o.check ? check(&r) : run(&r);
    fflush(stdout);
    release(&r);
    return status;
}
