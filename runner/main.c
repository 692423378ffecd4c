/*
 * main.c: `benchtrain --model mlp|cnn --backend ref|cuda --batch N --epochs N
 * [--device N] [--train-samples N] [--seed N] [--data DIR] [--power FILE]
 * [--power-interval-ms MS]`. Trains on Fashion-MNIST and logs, on stdout:
 *
 *   # benchtrain 0.1.0 backend=ref device="..." model=mlp params=435402 batch=32
 *     dataset=fashion-mnist train=50000 val=10000 test=10000 start=<UTC>
 *   epoch 1/5 start=<UTC> end=<UTC> duration=12.345678 steps=1563 loss=... accuracy=...
 *     val_loss=... val_accuracy=... [energy_j=...]
 *   test test_loss=... test_accuracy=...
 *   FAILED: <reason>            (before a non-zero exit)
 *
 * With --power FILE, nvidia-smi records power beside the training (CSV, UTC
 * times) and NVML's total-energy counter, loaded with dlopen so that the
 * binary runs without it, gives each epoch's energy_j.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "runner/bt.h"

#define BT_VERSION "0.1.0"

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

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ISO 8601 UTC with microseconds, without gmtime (state-free). */
static void iso(char *out, size_t size, double t)
{
    long long us = (long long)llround(t * 1e6), s = us / 1000000, days = s / 86400,
              sod = s % 86400, z, era, doe, yoe, doy, mp, y, m, d;
    z = days + 719468;
    era = z / 146097;
    doe = z - era * 146097;
    yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    mp = (5 * doy + 2) / 153;
    d = doy - (153 * mp + 2) / 5 + 1;
    m = mp < 10 ? mp + 3 : mp - 9;
    y = yoe + era * 400 + (m <= 2);
    snprintf(out, size, "%04lld-%02lld-%02lldT%02lld:%02lld:%02lld.%06lldZ", y, m, d, sod / 3600,
             sod / 60 % 60, sod % 60, us % 1000000);
}

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

/* NVML's energy counter (mJ since the driver loaded), through dlopen. */
struct nvml {
    void *lib;
    void *dev;
    int (*energy)(void *dev, unsigned long long *mj);
};

static int nvml_open(struct nvml *n, int device)
{
    int (*init)(void);
    int (*handle)(unsigned, void **);

    memset(n, 0, sizeof(*n));
    if (!(n->lib = dlopen("libnvidia-ml.so.1", RTLD_NOW)))
        return -1;
    init = (int (*)(void))dlsym(n->lib, "nvmlInit_v2");
    handle = (int (*)(unsigned, void **))dlsym(n->lib, "nvmlDeviceGetHandleByIndex_v2");
    n->energy = (int (*)(void *, unsigned long long *))dlsym(n->lib,
                                                             "nvmlDeviceGetTotalEnergyConsumption");
    if (!init || !handle || !n->energy || init() != 0 || handle((unsigned)device, &n->dev) != 0) {
        dlclose(n->lib);
        n->lib = NULL;
        return -1;
    }
    return 0;
}

static double nvml_joules(const struct nvml *n)
{
    unsigned long long mj;
    if (!n->lib || n->energy(n->dev, &mj) != 0)
        return NAN;
    return (double)mj / 1000.0;
}

/* nvidia-smi writing `file` every `ms`, with UTC times; 0 or -1. */
static pid_t start_nvsmi(const char *file, int ms, int device)
{
    char lms[16], id[16];
    pid_t pid;

    snprintf(lms, sizeof(lms), "%d", ms);
    snprintf(id, sizeof(id), "%d", device);
    pid = fork();
    if (pid == 0) {
        int devnull = open("/dev/null", O_RDWR);
        if (devnull >= 0) {
            dup2(devnull, 0);
            dup2(devnull, 1);
        }
        setenv("TZ", "UTC", 1);
        execlp("nvidia-smi", "nvidia-smi",
               "--query-gpu=timestamp,index,name,temperature.gpu,utilization.gpu,memory.used,"
               "clocks.sm,power.draw",
               "--format=csv", "-lms", lms, "-i", id, "-f", file, (char *)NULL);
        _exit(127);
    }
    return pid;
}

static void stop_nvsmi(pid_t pid)
{
    int st;
    if (pid > 0) {
        kill(pid, SIGTERM);
        waitpid(pid, &st, 0);
    }
}

static void usage(FILE *f)
{
    fputs("usage: benchtrain --model mlp|cnn --backend ref|opencl|cuda --batch N --epochs N\n"
          "                  [--device N] [--train-samples N] [--seed N] [--data DIR]\n"
          "                  [--power FILE] [--power-interval-ms MS]\n"
          "       benchtrain --check --model mlp|cnn --backend NAME [--batch N]\n",
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

static int check(const struct opts *o, const struct bt_net *net, const struct bt_data *train)
{
    const struct bt_backend *b = bt_backend_find(o->backend);
    float *params = malloc(net->nparams * sizeof(float));
    float *g1 = malloc(net->nparams * sizeof(float)), *g2 = malloc(net->nparams * sizeof(float));
    char err[512];
    void *r, *c;
    double l1, l2, dg, dp;
    int c1, c2, n = o->batch < (int)train->n ? o->batch : (int)train->n;

    bt_net_init_params(net, params, o->seed);
    r = bt_backend_ref.open(net, params, 0, n, err, sizeof(err));
    c = b->open(net, params, o->device, n, err, sizeof(err));
    if (!r || !c) {
        printf("FAILED: %s\n", err);
        return 1;
    }
    bt_backend_ref.gradients(r, train->x, train->y, n, g1, &l1, err, sizeof(err));
    if (b->gradients(c, train->x, train->y, n, g2, &l2, err, sizeof(err)) < 0) {
        printf("FAILED: %s\n", err);
        return 1;
    }
    dg = max_rel(g1, g2, net->nparams);
    bt_backend_ref.train_batch(r, train->x, train->y, n, 42, &l1, &c1, err, sizeof(err));
    b->train_batch(c, train->x, train->y, n, 42, &l2, &c2, err, sizeof(err));
    bt_backend_ref.get_params(r, g1);
    b->get_params(c, g2);
    dp = max_rel(g1, g2, net->nparams);
    printf("check %s vs ref, model %s, batch %d: loss %.9g vs %.9g, gradients %.3g, "
           "parameters after a step %.3g (relative)\n",
           b->name, net->name, n, l2, l1, dg, dp);
    bt_backend_ref.close(r);
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
    int c;
    char *end;
    long v;

    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        if (optarg && strchr("Bedtsi", c)) {
            errno = 0;
            v = strtol(optarg, &end, 10);
            if (*end || errno || v < 0 || v > 100000000) {
                fprintf(stderr, "benchtrain: --%s wants a number, not '%s'\n",
                        longopts[0].name, optarg);
                return -1;
            }
        } else {
            v = 0;
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
    if (o->batch < 1 || o->epochs < 1 || o->interval_ms < 10) {
        fputs("benchtrain: --batch and --epochs must be at least 1, --power-interval-ms 10\n",
              stderr);
        return -1;
    }
    return 0;
}

/* Evaluates `d` in batches; mean loss and accuracy. */
static int evaluate(const struct bt_backend *b, void *ctx, const struct bt_data *d, int batch,
                    double *loss, double *acc, char *err, size_t errsize)
{
    size_t per = (size_t)d->c * d->h * d->w;
    double total = 0;
    long correct = 0;

    for (size_t i = 0; i < d->n; i += (size_t)batch) {
        int n = (int)(d->n - i < (size_t)batch ? d->n - i : (size_t)batch), c;
        double l;
        if (b->eval_batch(ctx, d->x + i * per, d->y + i, n, &l, &c, err, errsize) < 0)
            return -1;
        total += l * n;
        correct += c;
    }
    *loss = total / (double)d->n;
    *acc = (double)correct / (double)d->n;
    return 0;
}

static void shuffle(size_t *idx, size_t n, uint64_t *s)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = (size_t)(bt_rand(s) % i), t = idx[i - 1];
        idx[i - 1] = idx[j];
        idx[j] = t;
    }
}

int main(int argc, char **argv)
{
    struct opts o = { .model = "mlp", .backend = "ref", .batch = 32, .epochs = 5, .seed = 1,
                      .data = "/usr/share/datasets/fashion-mnist", .interval_ms = 100 };
    struct bt_net net;
    struct bt_data train = { 0 }, val = { 0 }, test = { 0 };
    const struct bt_backend *b;
    struct nvml nvml = { 0 };
    char err[512] = "", t0[64], t1[64];
    float *params, *xb;
    uint8_t *yb;
    size_t *idx, per;
    uint64_t rng;
    void *ctx;
    pid_t smi = -1;
    int status = 0;

    if (parse(argc, argv, &o) < 0)
        return 2;
    if (bt_net_build(&net, o.model) < 0) {
        fprintf(stderr, "benchtrain: unknown model '%s' (mlp, cnn)\n", o.model);
        return 2;
    }
    if (!(b = bt_backend_find(o.backend))) {
        fprintf(stderr, "benchtrain: backend '%s' is not built in (ref, opencl%s)\n", o.backend,
#ifdef BT_HAVE_CUDA
                ", cuda"
#else
                ""
#endif
        );
        return 2;
    }
    if (bt_data_fashion(o.data, &train, &val, &test, err, sizeof(err)) < 0) {
        printf("FAILED: %s\n", err);
        return 1;
    }
    if (o.train_samples > 0)
        bt_data_truncate(&train, (size_t)o.train_samples);
    if (o.check)
        return check(&o, &net, &train);
    params = malloc(net.nparams * sizeof(float));
    bt_net_init_params(&net, params, o.seed);
    if (!(ctx = b->open(&net, params, o.device, o.batch > 1000 ? o.batch : 1000, err,
                        sizeof(err)))) {
        printf("FAILED: %s\n", err);
        return 1;
    }
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    if (o.power) {
        smi = start_nvsmi(o.power, o.interval_ms, o.device);
        nvml_open(&nvml, o.device);
        usleep(300000);   /* a few samples of the idle GPU before the first epoch */
    }
    iso(t0, sizeof(t0), now());
    printf("# benchtrain %s backend=%s device=\"%s\" model=%s params=%zu batch=%d "
           "dataset=%s train=%zu val=%zu test=%zu start=%s\n",
           BT_VERSION, b->name, b->device_name(ctx), net.name, net.nparams, o.batch, train.name,
           train.n, val.n, test.n, t0);
    fflush(stdout);
    per = (size_t)net.in_c * net.in_h * net.in_w;
    xb = malloc((size_t)o.batch * per * sizeof(float));
    yb = malloc((size_t)o.batch);
    idx = malloc(train.n * sizeof(size_t));
    for (size_t i = 0; i < train.n; i++)
        idx[i] = i;
    rng = o.seed * 7919 + 17;
    for (int e = 1; e <= o.epochs && !status; e++) {
        double start = now(), e0 = nvml_joules(&nvml), loss = 0, vl, va, end;
        long correct = 0, steps = 0;

        shuffle(idx, train.n, &rng);
        for (size_t i = 0; i < train.n && !stop_signal; i += (size_t)o.batch, steps++) {
            int n = (int)(train.n - i < (size_t)o.batch ? train.n - i : (size_t)o.batch), c;
            double l;
            for (int k = 0; k < n; k++) {
                memcpy(xb + (size_t)k * per, train.x + idx[i + (size_t)k] * per,
                       per * sizeof(float));
                yb[k] = train.y[idx[i + (size_t)k]];
            }
            if (b->train_batch(ctx, xb, yb, n, bt_rand(&rng), &l, &c, err, sizeof(err)) < 0) {
                printf("FAILED: %s\n", err);
                status = 1;
                break;
            }
            loss += l * n;
            correct += c;
            if (isatty(2) && steps % 50 == 0)
                fprintf(stderr, "\repoch %d/%d: %zu/%zu", e, o.epochs, i, train.n);
        }
        if (stop_signal) {
            printf("FAILED: interrupted (signal %d) in epoch %d\n", (int)stop_signal, e);
            status = 128 + stop_signal;
            break;
        }
        if (status)
            break;
        end = now();
        if (evaluate(b, ctx, &val, 1000, &vl, &va, err, sizeof(err)) < 0) {
            printf("FAILED: %s\n", err);
            status = 1;
            break;
        }
        iso(t0, sizeof(t0), start);
        iso(t1, sizeof(t1), end);
        if (isatty(2))
            fputs("\r\033[K", stderr);
        printf("epoch %d/%d start=%s end=%s duration=%.6f steps=%ld loss=%.4f accuracy=%.4f "
               "val_loss=%.4f val_accuracy=%.4f",
               e, o.epochs, t0, t1, end - start, steps, loss / (double)train.n,
               (double)correct / (double)train.n, vl, va);
        if (!isnan(e0))
            printf(" energy_j=%.3f", nvml_joules(&nvml) - e0);
        putchar('\n');
        fflush(stdout);
    }
    if (!status) {
        double tl, ta;
        if (evaluate(b, ctx, &test, 1000, &tl, &ta, err, sizeof(err)) == 0)
            printf("test test_loss=%.4f test_accuracy=%.4f\n", tl, ta);
    }
    fflush(stdout);
    stop_nvsmi(smi);
    b->close(ctx);
    free(params);
    free(xb);
    free(yb);
    free(idx);
    bt_data_release(&train);
    bt_data_release(&val);
    bt_data_release(&test);
    return status;
}
