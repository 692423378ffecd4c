#ifndef BT_H
#define BT_H
/*
 * benchtrain: a small training runner for the seeds' workloads, one backend
 * per file behind the interface below (tmux's osdep-*.c). It links nothing of
 * benchreport: it writes logs that benchreport reads, like any producer.
 *
 * Tensors are float32, NCHW, batch first. Parameters are initialised on the
 * host from the seed (Glorot uniform weights, zero biases, as Keras does), so
 * every backend starts from the same numbers.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum bt_layer_kind { BT_DENSE, BT_CONV3, BT_MAXPOOL2, BT_DROPOUT, BT_FLATTEN };

struct bt_layer {
    enum bt_layer_kind kind;
    int relu;             /* ReLU after dense/conv */
    int cin, hin, win;    /* input shape (channels, height, width; dense: cin = features) */
    int cout, hout, wout; /* output shape */
    int pad;              /* conv: 0 = valid (no padding), 1 = same (one pixel of zeros) */
    float rate;           /* dropout rate */
    size_t w_off, b_off;  /* offsets of weights and biases in the parameter vector */
    size_t w_len, b_len;
};

#define BT_MAX_LAYERS 16

struct bt_net {
    const char *name;
    struct bt_layer layer[BT_MAX_LAYERS];
    int nlayers;
    int in_c, in_h, in_w, classes;
    size_t nparams;
    size_t max_act;       /* largest activation (floats per sample) */
};

/*
 * The network called `name`: "mlp" and "cnn" (Fashion-MNIST, 1x28x28), and
 * "cifar0".."cifar3" (CIFAR-10 shaped, 3x32x32). Returns 0, or -1 when unknown.
 */
int bt_net_build(struct bt_net *net, const char *name);
/* The names bt_net_build knows, comma-separated, for messages. */
extern const char bt_net_names[];

/*
 * Building a network layer by layer (what bt_net_build does, and what the
 * tests use for small networks of the same layers): start with the input
 * shape, then append layers; each takes its input shape from the previous
 * one. Returns 0, or -1 when the network is full or a shape would vanish.
 */
void bt_net_begin(struct bt_net *net, const char *name, int c, int h, int w, int classes);
int bt_net_conv(struct bt_net *net, int cout, int pad, int relu);
int bt_net_dense(struct bt_net *net, int cout, int relu);
int bt_net_pool(struct bt_net *net);
int bt_net_flatten(struct bt_net *net);
int bt_net_dropout(struct bt_net *net, float rate);
/*
 * Whether layer i's backward pass needs its input's gradient: only when a
 * layer below it has parameters (the flatten under an mlp's first dense
 * layer does not).
 */
int bt_net_wants_din(const struct bt_net *net, int i);
/* Glorot-uniform weights and zero biases from `seed` into params[net->nparams]. */
void bt_net_init_params(const struct bt_net *net, float *params, uint64_t seed);

struct bt_data {
    const char *name;     /* "fashion-mnist" or "synthetic-cifar10" */
    int c, h, w, classes;
    uint8_t *x;           /* n * c * h * w pixels, 0..255 (x / 255 is the input) */
    uint8_t *y;
    size_t n;
};

/*
 * Fashion-MNIST from `dir` (gzip IDX files, Debian's dataset-fashion-mnist):
 * the training file's first 60000 images as train (50000) + validation
 * (10000), and the test file. Returns 0, or -1 with a message in err.
 */
int bt_data_fashion(const char *dir, struct bt_data *train, struct bt_data *val,
                    struct bt_data *test, char *err, size_t errsize);
/*
 * A deterministic CIFAR-10 shaped set (3x32x32, 10 classes, 50000/10000/
 * 10000), the same on every machine: no CIFAR-10 is available here. Each class
 * is a smooth coloured pattern; a sample is its class's pattern, shifted,
 * scaled and noisy, so the set can be learnt but not trivially. Returns 0, or
 * -1 with a message in err (out of memory).
 */
int bt_data_synthetic_cifar(struct bt_data *train, struct bt_data *val, struct bt_data *test,
                            char *err, size_t errsize);
void bt_data_release(struct bt_data *d);
/* The first n samples only (n < d->n). */
void bt_data_truncate(struct bt_data *d, size_t n);
/*
 * Samples idx[0..n) (or first..first+n when idx is NULL) as network input:
 * x gets n * c * h * w floats in [0, 1], y the n labels.
 */
void bt_data_gather(const struct bt_data *d, const size_t *idx, size_t first, size_t n, float *x,
                    uint8_t *y);

/*
 * Which step of a run a batch is: its dropout is drawn from the Philox stream
 * of (seed, epoch, step) (runner/philox.h), so every backend, on the host or
 * on the device, masks the same elements. Epochs count from 1, steps from 0
 * within each epoch.
 */
struct bt_step {
    uint64_t seed;
    uint32_t epoch, step;
};

/* Sums over the samples of an epoch or a set: mean loss = loss / n. */
struct bt_sums {
    double loss;
    long correct, n;
};

enum bt_set { BT_SET_VAL, BT_SET_TEST };

/*
 * The precision of the products (dense layers and convolutions); weights,
 * optimiser state and sums stay fp32. fp32: IEEE single, what --check holds
 * to the reference at 1e-4. tf32: operands rounded to 10 mantissa bits
 * (NVIDIA's TensorFloat-32), fp32 accumulation. bf16: operands rounded to
 * 7 mantissa bits (bfloat16), fp32 accumulation. The reference backend
 * rounds the same way, so --check compares like with like.
 */
enum bt_precision { BT_FP32, BT_TF32, BT_BF16 };

/* The backend interface. Each backend keeps its own state in `ctx`. */
struct bt_backend {
    const char *name;
    /*
     * Sets up the network with parameters `params` (copied) on device `device`.
     * Returns the context, or NULL with a message in err.
     */
    void *(*open)(const struct bt_net *net, const float *params, int device, int max_batch,
                  char *err, size_t errsize);
    const char *(*device_name)(void *ctx);
    /*
     * One Adam step (lr 1e-3) on a batch; returns the mean loss and the number
     * of correct predictions, computed before the step. Dropout draws from
     * step `st` (bt_dropout_mask). 0, or -1 with err.
     */
    int (*train_batch)(void *ctx, const float *x, const uint8_t *y, int n,
                       const struct bt_step *st, double *loss, int *correct, char *err,
                       size_t errsize);
    /* Loss and correct predictions without training (no dropout). */
    int (*eval_batch)(void *ctx, const float *x, const uint8_t *y, int n, double *loss,
                      int *correct, char *err, size_t errsize);
    /* Copies the current parameters to params[net->nparams]. */
    int (*get_params)(void *ctx, float *params);
    /* Gradients of the mean loss on one batch, without a step (for the checks). */
    int (*gradients)(void *ctx, const float *x, const uint8_t *y, int n, float *grad,
                     double *loss, char *err, size_t errsize);
    void (*close)(void *ctx);
    /* Optional: a `key=value` about how the backend runs, for the log's header. */
    const char *(*detail)(void *ctx);

    /*
     * Optional, all three or none (NULL: main.c gathers each batch on the host
     * and calls train_batch and eval_batch, with the same order and masks).
     *
     * load: keeps the sets on the device for the whole run, as bytes (pixels
     * 0..255 and labels; x / 255 is the input, converted on the device). Once,
     * after open; max_batch of open bounds the batches below.
     *
     * train_epoch: one pass over `train` in the order of bt_order(seed,
     * epoch, n, i), in batches of `batch` (the last one shorter), step s of
     * the epoch drawing dropout from bt_step { seed, epoch, s }: the numbers
     * train_batch would give. The loss summed over samples and the correct
     * count accumulate on the device and are read once, into *sums, at the
     * end. `stop` is polled between steps (a signal); when it is set the
     * epoch ends early and returns 1.
     *
     * eval_set: the same sums over set `which` without dropout, in batches
     * of at most max_batch.
     */
    int (*load)(void *ctx, const struct bt_data *train, const struct bt_data *val,
                const struct bt_data *test, char *err, size_t errsize);
    int (*train_epoch)(void *ctx, uint64_t seed, uint32_t epoch, int batch,
                       const volatile int *stop, struct bt_sums *sums, char *err,
                       size_t errsize);
    int (*eval_set)(void *ctx, enum bt_set which, struct bt_sums *sums, char *err,
                    size_t errsize);
    /*
     * Optional (NULL: fp32 only): the precision of the products from now on,
     * before the first step. 0, or -1 with err when the backend or device
     * cannot (bf16 on a device without it).
     */
    int (*set_precision)(void *ctx, enum bt_precision p, char *err, size_t errsize);
};

/*
 * The host path (epoch.c): batches gathered on the host and handed to
 * train_batch and eval_batch. xb and yb hold max_batch samples, idx one
 * position per training sample. `progress`, when not NULL, is called after
 * every step with the step (from 0), the epoch's steps and the mean loss so
 * far.
 */
struct bt_host {
    const struct bt_backend *b;
    void *ctx;
    float *xb;
    uint8_t *yb;
    size_t *idx;
    int max_batch;
    void (*progress)(void *arg, long step, long steps, double loss);
    void *arg;
};
/*
 * One epoch as train_epoch defines it, through train_batch: the same
 * numbers. 0, -1 with err on a backend failure, 1 when *stop was set (stop
 * may be NULL).
 */
int bt_host_epoch(struct bt_host *h, const struct bt_data *train, uint64_t seed, uint32_t epoch,
                  int batch, const volatile int *stop, struct bt_sums *sums, char *err,
                  size_t errsize);
/* The sums over `d` through eval_batch, in batches of max_batch; returns as above. */
int bt_host_eval(struct bt_host *h, const struct bt_data *d, const volatile int *stop,
                 struct bt_sums *sums, char *err, size_t errsize);

/*
 * --check (check.c): backend `b` against the reference at precision `p` on
 * `train` (and `val`), with the seed and batch given; prints its lines on
 * `out` and returns the exit status (0 within tolerance, 1 not or failed,
 * 2 when the backend cannot run at `p`). `host_batches` leaves the
 * resident path unchecked.
 */
struct bt_check {
    const struct bt_backend *b;
    const struct bt_net *net;
    const struct bt_data *train, *val;
    uint64_t seed;
    int batch, device, host_batches;
    enum bt_precision precision;
};
int bt_check_run(const struct bt_check *c, FILE *out);
/*
 * The largest relative difference --check accepts at precision p (the
 * largest absolute difference over the largest magnitude of a vector).
 */
double bt_check_tolerance(enum bt_precision p);
/* "fp32", "tf32" or "bf16"; bt_precision_parse gives -1 for other names. */
const char *bt_precision_name(enum bt_precision p);
int bt_precision_parse(const char *name);

extern const struct bt_backend bt_backend_ref;
extern const struct bt_backend bt_backend_opencl;
/* The OpenCL C source of the opencl backend's kernels (opencl_kernels.c). */
extern const char bt_opencl_kernels[];
/*
 * The text of runner/philox.h and runner/round.h (generated by the Makefile),
 * compiled before the kernels with BT_PHILOX_OPENCL defined.
 */
extern const char bt_opencl_headers[];
/* The OpenCL C source of its convolutions (runner/conv.cl, generated by the Makefile). */
extern const char bt_opencl_conv[];
#ifdef BT_HAVE_CUDA
extern const struct bt_backend bt_backend_cuda;
#endif

/* The backend called `name`, or NULL when it is unknown or not built in. */
const struct bt_backend *bt_backend_find(const char *name);

/*
 * C = op(A) op(B), or C += op(A) op(B) when `add`: row-major matrices, op(A)
 * m x k, op(B) k x n, C m x n; ta, tb transpose A, B (gemm.c). `ws` is a
 * packing workspace of bt_gemm_ws_size() bytes, one per caller, set up by
 * bt_gemm_ws_init with the precision of its products: at BT_TF32 and BT_BF16
 * the operands are rounded as runner/round.h says, the sums stay fp32.
 */
struct bt_gemm_ws;
/*
 * bt_gemm sums each element of C in runs of this many k, each run from 0 and
 * then added to C: the opencl backend's convolutions sum in the same runs,
 * so that their sums run in the same order as the reference's.
 */
#define BT_GEMM_KC 256
size_t bt_gemm_ws_size(void);
void bt_gemm_ws_init(struct bt_gemm_ws *ws, enum bt_precision p);
void bt_gemm(struct bt_gemm_ws *ws, int ta, int tb, int m, int n, int k, const float *a,
             int lda, const float *b, int ldb, float *c, int ldc, int add);

/* Wall-clock time, seconds since the epoch. */
double bt_now(void);

enum bt_time_style {
    BT_TIME_ISO,      /* 2026-11-22T14:05:58.123456Z, the log's */
    BT_TIME_NVSMI,    /* 2026/11/22 14:05:58.123 (UTC), nvidia-smi's CSV's */
};
/* `t` (seconds since the epoch) as UTC text in `style`. */
void bt_format_time(char *out, size_t size, double t, enum bt_time_style style);

/*
 * Power recording beside a training (power.c). On NVIDIA GPUs through NVML,
 * loaded with dlopen (so the binary runs without it; $BENCHTRAIN_NVML names
 * another library): a thread samples every `ms` and writes nvidia-smi's CSV
 * with UTC times. Without NVML it runs `nvidia-smi --format=csv -lms ms -f
 * file` (execvp, no shell). The recorder is stopped and the file flushed by
 * bt_power_stop, also after a failure or a signal.
 */
struct bt_power;
/* Starts recording GPU `device`; the recorder, or NULL with a message in err. */
struct bt_power *bt_power_start(const char *file, int device, int ms, char *err,
                                size_t errsize);
/* NVML's total-energy counter in joules (Volta and newer), or NAN. */
double bt_power_joules(struct bt_power *p);
/* "nvml" or "nvidia-smi": who writes the file. */
const char *bt_power_source(const struct bt_power *p);
/*
 * Stops recording after a second more of readings and one more reading (NVML: at
 * the second's end; nvidia-smi: one and a half intervals later, at most 3 s), so that
 * rows follow the last epoch's end by the sensor's 1 s averaging window; flushes and
 * closes the file, frees p (NULL is fine).
 */
void bt_power_stop(struct bt_power *p);

/*
 * A small, seedable generator (splitmix64) for the initial parameters and the
 * synthetic data; the training order and dropout come from philox.h.
 */
static inline uint64_t bt_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static inline float bt_uniform(uint64_t *s)
{
    return (float)((bt_rand(s) >> 40) * (1.0 / 16777216.0));
}

/*
 * The dropout mask of one batch: keep[j] is 1/(1-rate) or 0, for j < n, from
 * bt_dropout_keep of step `st` and the layer's index. The same on every
 * backend.
 */
void bt_dropout_mask(float *keep, size_t n, float rate, const struct bt_step *st, int layer);

/*
 * The sample at position i (< n) of epoch `epoch`'s training order:
 * bt_shuffle_index of philox.h.
 */
size_t bt_order(uint64_t seed, uint32_t epoch, size_t n, size_t i);

#endif
