/*
 * main.c: `benchtrain --model NAME --backend ref|opencl|cuda --batch N
 * --epochs N [--device N] [--train-samples N] [--seed N] [--data DIR]
 * [--power FILE] [--power-interval-ms MS]`. Trains and logs, on stdout:
 *
 *   # benchtrain 0.2.0 backend=ref device="..." model=mlp params=435402 batch=32
 *     dataset=fashion-mnist train=50000 val=10000 test=10000 start=<UTC> [power=nvml]
 *   epoch 1/5 start=<UTC> end=<UTC> duration=12.345678 steps=1563 loss=... accuracy=...
 *     val_loss=... val_accuracy=... [energy_j=...]
 *   test test_loss=... test_accuracy=...
 *   FAILED: <reason>            (before a non-zero exit)
 *
 * The mlp and cnn train on Fashion-MNIST, the cifar models on the synthetic
 * CIFAR-10 set. With --power FILE, power.c records power beside the training.
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

static volatile sig_atomic_t stop_signal; /* the one global: set by the signal handler */

static void on_signal(int sig)
{
    stop_signal = sig;
}

struct opts {
    int check;
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
          "       benchtrain --check --model NAME --backend NAME [--batch N]\n",
          f);
}

/*
 * --check: the backend against the reference on one batch of training data:
 * the loss, every gradient, and the parameters after one Adam step with the
 * same dropout masks. Prints the largest relative differences; exit 0 when
 * they are within 1e-4 (relative to the largest magnitude of each vector).
 */
static double max_rel(const float *a, const float *b, size_t n)
{
    double diff = 0, scale = 1e-30;
    for (size_t i = 0; i < n; i++) {
        diff = fmax(diff, fabs((double)a[i] - b[i]));
        scale = fmax(scale, fabs((double)a[i]));
    }
    return diff / scale;
}

static int check(struct run *r)
{
    const struct bt_net *net = &r->net;
    const struct bt_backend *b = r->b;
    float *params = malloc(net->nparams * sizeof(float));
    float *g1 = malloc(net->nparams * sizeof(float)), *g2 = malloc(net->nparams * sizeof(float));
    char *err = r->err;
    size_t es = sizeof(r->err);
    void *ref, *c;
    struct bt_step st = { r->o.seed, 1, 0 };
    double l1, l2, dg, dp;
    int c1, c2, n = r->o.batch < (int)r->train.n ? r->o.batch : (int)r->train.n;

    bt_data_gather(&r->train, NULL, 0, (size_t)n, r->xb, r->yb);
    bt_net_init_params(net, params, r->o.seed);
    ref = bt_backend_ref.open(net, params, 0, n, err, es);
    c = ref ? b->open(net, params, r->o.device, n, err, es) : NULL;
    if (!ref || !c) {
        printf("FAILED: %s\n", err);
        return 1;
    }
    bt_backend_ref.gradients(ref, r->xb, r->yb, n, g1, &l1, err, es);
    if (b->gradients(c, r->xb, r->yb, n, g2, &l2, err, es) < 0) {
        printf("FAILED: %s\n", err);
        return 1;
    }
    dg = max_rel(g1, g2, net->nparams);
    bt_backend_ref.train_batch(ref, r->xb, r->yb, n, &st, &l1, &c1, err, es);
    b->train_batch(c, r->xb, r->yb, n, &st, &l2, &c2, err, es);
    bt_backend_ref.get_params(ref, g1);
    b->get_params(c, g2);
    dp = max_rel(g1, g2, net->nparams);
    printf("check %s vs ref, model %s, batch %d: loss %.9g vs %.9g, gradients %.3g, "
           "parameters after a step %.3g (relative)\n",
           b->name, net->name, n, l2, l1, dg, dp);
    bt_backend_ref.close(ref);
    b->close(c);
    free(params);
    free(g1);
    free(g2);
    return fabs(l1 - l2) <= 1e-4 * fabs(l1) && dg <= 1e-4 && dp <= 1e-4 ? 0 : 1;
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

/*
 * Evaluates `d` in batches through the run's buffers; mean loss and
 * accuracy. 0, -1 on a backend failure, 1 on a signal.
 */
static int evaluate(struct run *r, const struct bt_data *d, double *loss, double *acc)
{
    double total = 0;
    long correct = 0;

    for (size_t i = 0; i < d->n; i += EVAL_BATCH) {
        int n = (int)(d->n - i < EVAL_BATCH ? d->n - i : EVAL_BATCH), c;
        double l;
        if (stop_signal)
            return 1;
        bt_data_gather(d, NULL, i, (size_t)n, r->xb, r->yb);
        if (r->b->eval_batch(r->ctx, r->xb, r->yb, n, &l, &c, r->err, sizeof(r->err)) < 0)
            return -1;
        total += l * n;
        correct += c;
    }
    *loss = total / (double)d->n;
    *acc = (double)correct / (double)d->n;
    return 0;
}

/* Epoch e's training order, the one every backend draws (philox.h). */
static void order(size_t *idx, size_t n, uint64_t seed, int e)
{
    for (size_t i = 0; i < n; i++)
        idx[i] = bt_order(seed, (uint32_t)e, n, i);
}

/*
 * Keras' progress bar on stderr, `  312/1563 [=====>........................]
 * - ETA: 41s - loss: 0.5123`, redrawn in place (only on a terminal).
 */
static void progress(long step, long steps, double t0, double loss)
{
    char bar[31];
    int fill = (int)(30 * step / steps);
    double eta = step ? (bt_now() - t0) / step * (double)(steps - step) : 0;

    for (int k = 0; k < 30; k++)
        bar[k] = k < fill ? '=' : k == fill ? '>' : '.';
    bar[30] = '\0';
    fprintf(stderr, "\r%5ld/%ld [%s] - ETA: %.0fs - loss: %.4f", step, steps, bar, eta, loss);
}

/* One pass over the training set: 0, -1 on a backend failure, 1 on a signal. */
static int train_epoch(struct run *r, int e, double *loss, double *acc, long *steps)
{
    size_t batch = (size_t)r->o.batch, n_train = r->train.n;
    long correct = 0, total = (long)((n_train + batch - 1) / batch);
    int tty = isatty(2);
    double t0 = bt_now();

    *loss = 0;
    *steps = 0;
    order(r->idx, n_train, r->o.seed, e);
    for (size_t i = 0; i < n_train; i += batch, (*steps)++) {
        int n = (int)(n_train - i < batch ? n_train - i : batch), c;
        struct bt_step st = { r->o.seed, (uint32_t)e, (uint32_t)*steps };
        double l;
        if (stop_signal)
            return 1;
        bt_data_gather(&r->train, r->idx + i, 0, (size_t)n, r->xb, r->yb);
        if (r->b->train_batch(r->ctx, r->xb, r->yb, n, &st, &l, &c, r->err, sizeof(r->err)) < 0)
            return -1;
        *loss += l * n;
        correct += c;
        if (tty && (*steps % 20 == 0 || *steps + 1 == total)) {
            if (*steps == 0)
                fprintf(stderr, "Epoch %d/%d\n", e, r->o.epochs);
            progress(*steps + 1, total, t0, *loss / (double)(i + (size_t)n));
        }
    }
    if (tty)
        fputs("\r\033[K\033[A\033[K", stderr);   /* the bar and its Epoch line go */
    *loss /= (double)n_train;
    *acc = (double)correct / (double)n_train;
    return stop_signal ? 1 : 0;
}

static void header(struct run *r)
{
    char t0[64];
    bt_format_time(t0, sizeof(t0), bt_now(), BT_TIME_ISO);
    printf("# benchtrain %s backend=%s device=\"%s\" model=%s params=%zu batch=%d "
           "dataset=%s train=%zu val=%zu test=%zu start=%s",
           BT_VERSION, r->b->name, r->b->device_name(r->ctx), r->net.name, r->net.nparams,
           r->o.batch, r->train.name, r->train.n, r->val.n, r->test.n, t0);
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
            st = evaluate(r, &r->val, &vl, &va);
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
    if ((st = evaluate(r, &r->test, &tl, &ta)) > 0)
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
