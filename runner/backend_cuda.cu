/*
 * backend_cuda.cu: the CUDA backend.
 *
 * Products: dense layers are cuBLAS GEMMs; convolutions go through cuDNN
 * (runner/cuda_dnn.cu) where it loads, else im2col + a cuBLAS GEMM over the
 * whole batch. Both libraries are loaded with dlopen, so the binary needs
 * only the driver; without cuBLAS everything falls back to this file's own
 * direct kernels. The header line says which: gemm=cublas|kernels and
 * conv=cudnn|im2col-cublas|kernels. BENCHTRAIN_CUBLAS and BENCHTRAIN_CUDNN
 * name other files, or `none` to leave a library out (to test the
 * fallbacks); BENCHTRAIN_CUDA_GRAPHS=0 turns the graphs below off.
 *
 * Precision (bt.h): fp32 keeps cuBLAS and cuDNN off the tensor cores (no
 * TF32). tf32 rounds each product's operands to nearest even (as round.h and
 * the reference do) into scratch buffers, then lets cuBLAS and cuDNN use
 * TF32 tensor cores, which read exactly those rounded values. bf16 converts
 * the operands to bfloat16 (nearest even) for cublasGemmEx with fp32
 * accumulation; convolutions then go through im2col. Weights, Adam's state
 * and the sums stay fp32.
 *
 * Resident data (load, train_epoch, eval_set): the sets live on the device
 * as bytes. A training step gathers its batch through the epoch's order
 * (bt_shuffle_index, computed by a kernel), draws dropout on the device
 * (bt_dropout_keep of the step), sums loss and correct predictions into a
 * device struct, and advances the step and Adam's bias correction there
 * too, so the host never waits inside an epoch, and a full step is the same
 * work every time: it is captured once as a CUDA Graph (after one ordinary
 * step, which loads the libraries' kernels) and replayed; the short last
 * batch runs uncaptured. train_batch and eval_batch (main.c's per-batch
 * path and --check) run the same kernels on a batch copied from the host.
 *
 * Everything runs on one non-blocking stream of the backend's own.
 */
#include <cublas_api.h>   /* types only: the library is loaded at run time */
#include <cuda_bf16.h>
#include <cuda_runtime.h>
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/cuda_dnn.h"
#include "runner/philox.h"

#define T 256             /* threads of an elementwise kernel's block */
#define RT 256            /* threads of a reduction's block (a power of two) */
#define BIAS_SPLIT 32     /* slices of a bias gradient's sum (blocks per channel) */
#define BLOCKS(n) ((unsigned)(((n) + T - 1) / T))
#define ON(n) BLOCKS(n), T, 0, c->stream
#define BLAS_WS (32u << 20)          /* cuBLAS's workspace (what it wants on Hopper) */
#define DNN_WS_CAP ((size_t)256 << 20) /* the most workspace a cuDNN algorithm may take */
#define TF32_DROP 13  /* mantissa bits tf32 drops (round.h's BT_ROUND_TF32_DROP) */

#ifndef BT_CUDA_HOME
#define BT_CUDA_HOME "/usr/local/cuda"
#endif

/* cuBLAS through dlopen; lib is NULL when it did not load. */
struct blas {
    void *lib;
    cublasHandle_t h;
    void *ws;
    cublasStatus_t (*destroy)(cublasHandle_t);
    cublasStatus_t (*math)(cublasHandle_t, cublasMath_t);
    cublasStatus_t (*sgemm)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
                            const float *, const float *, int, const float *, int, const float *,
                            float *, int);
    cublasStatus_t (*gemm_ex)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int,
                              int, const void *, const void *, cudaDataType, int, const void *,
                              cudaDataType, int, const void *, void *, cudaDataType, int,
                              cublasComputeType_t, cublasGemmAlgo_t);
};

/*
 * What a training step reads and advances on the device, so the host need
 * not pass it (and a captured step stays valid).
 */
struct dstate {
    unsigned long long seed;
    unsigned int epoch, step;   /* the dropout stream; the batch is order[step * batch ...] */
    unsigned long long t;       /* Adam steps taken */
    float lr;                   /* Adam's step size with bias correction for step t */
    double loss;                /* sums since the last reset */
    long long correct;
};

/* One set on the device, as bytes. */
struct dset {
    unsigned char *x, *y;
    size_t n;
};

enum conv_mode { CONV_KERNELS, CONV_GEMM, CONV_DNN };

struct cu {
    struct blas blas;
    struct bt_dnn dnn;
    struct bt_dnn_conv conv[BT_MAX_LAYERS];
    struct bt_net net;
    int max_batch, cc_major, cc_minor;
    enum bt_precision prec;
    cudaStream_t stream;
    float *p, *g, *m, *v;
    float *act[BT_MAX_LAYERS + 1], *dact[BT_MAX_LAYERS + 1], *mask[BT_MAX_LAYERS];
    int *arg[BT_MAX_LAYERS];
    unsigned char *y;     /* the batch's labels */
    double *loss;         /* per sample */
    int *correct;         /* per sample */
    float *bias_part;     /* a bias gradient's partial sums (k_bias_part) */
    struct dstate *ds, *host_ds;   /* on the device; its pinned copy on the host */
    float *cols, *tmp;    /* im2col: a batch's columns, a product in CNHW order */
    size_t cols_elems, scratch_elems;
    void *sa, *sb;        /* rounded or bf16 copies of a product's operands */
    void *ws;             /* cuDNN's workspace */
    size_t ws_size;
    unsigned ws_gen;      /* counts reallocations of ws (a captured graph holds the old) */
    struct dset train, val, test;
    bt_u32 *order;        /* the epoch's training order */
    int graphs, warm, capturing, training;
    cudaGraphExec_t graph;
    int graph_batch;
    unsigned graph_gen;
    char name[256], detail[512], dnn_why[128];
    char graph_why[160];   /* why graphs were given up, "" while they are used */
};

#define CK(call)                                                                                 \
    do {                                                                                         \
        cudaError_t e_ = (call);                                                                 \
        if (e_ != cudaSuccess) {                                                                 \
            snprintf(err, errsize, "CUDA: %s", cudaGetErrorString(e_));                         \
            return -1;                                                                           \
        }                                                                                        \
    } while (0)

static size_t osize(const struct bt_layer *l)
{
    return (size_t)l->cout * l->hout * l->wout;
}

static size_t isize(const struct bt_layer *l)
{
    return (size_t)l->cin * l->hin * l->win;
}

/* ---- kernels: the direct fallbacks (no cuBLAS) ---- */

__global__ void k_dense_fwd(const float *w, const float *b, const float *in, float *out, int n,
                            int ni, int no, int relu)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n * no)
        return;
    int s = t / no, o = t % no;
    float acc = b[o];
    const float *x = in + (size_t)s * ni;
    for (int i = 0; i < ni; i++)
        acc += x[i] * w[(size_t)i * no + o];
    out[t] = relu && acc < 0 ? 0 : acc;
}

__global__ void k_dense_gw(const float *in, const float *dy, float *gw, int n, int ni, int no)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= ni * no)
        return;
    int i = t / no, o = t % no;
    float acc = 0;
    for (int s = 0; s < n; s++)
        acc += in[(size_t)s * ni + i] * dy[(size_t)s * no + o];
    gw[t] = acc;
}

__global__ void k_dense_din(const float *w, const float *dy, float *din, int n, int ni, int no)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n * ni)
        return;
    int s = t / ni, i = t % ni;
    float acc = 0;
    for (int o = 0; o < no; o++)
        acc += w[(size_t)i * no + o] * dy[(size_t)s * no + o];
    din[t] = acc;
}

__global__ void k_conv_fwd(const float *w, const float *b, const float *in, float *out, int n,
                           int ci_n, int H, int W, int co_n, int relu, int pad)
{
    int Ho = H - 2 + 2 * pad, Wo = W - 2 + 2 * pad;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n * co_n * Ho * Wo)
        return;
    int x = t % Wo, y = (t / Wo) % Ho, co = (t / (Wo * Ho)) % co_n, s = t / (Wo * Ho * co_n);
    float acc = b[co];
    for (int ci = 0; ci < ci_n; ci++) {
        const float *xi = in + ((size_t)s * ci_n + ci) * H * W;
        const float *k9 = w + ((size_t)co * ci_n + ci) * 9;
        for (int ky = 0; ky < 3; ky++)
            for (int kx = 0; kx < 3; kx++) {
                int iy = y + ky - pad, ix = x + kx - pad;
                if (iy >= 0 && iy < H && ix >= 0 && ix < W)
                    acc += k9[ky * 3 + kx] * xi[iy * W + ix];
            }
    }
    out[t] = relu && acc < 0 ? 0 : acc;
}

__global__ void k_conv_gw(const float *in, const float *dy, float *gw, int n, int ci_n, int H,
                          int W, int co_n, int pad)
{
    int Ho = H - 2 + 2 * pad, Wo = W - 2 + 2 * pad;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= co_n * ci_n * 9)
        return;
    int k = t % 9, ci = (t / 9) % ci_n, co = t / (9 * ci_n), ky = k / 3, kx = k % 3;
    float acc = 0;
    for (int s = 0; s < n; s++) {
        const float *xi = in + ((size_t)s * ci_n + ci) * H * W;
        const float *d = dy + ((size_t)s * co_n + co) * Ho * Wo;
        for (int y = 0; y < Ho; y++)
            for (int x = 0; x < Wo; x++) {
                int iy = y + ky - pad, ix = x + kx - pad;
                if (iy >= 0 && iy < H && ix >= 0 && ix < W)
                    acc += d[y * Wo + x] * xi[iy * W + ix];
            }
    }
    gw[t] = acc;
}

__global__ void k_conv_din(const float *w, const float *dy, float *din, int n, int ci_n, int H,
                           int W, int co_n, int pad)
{
    int Ho = H - 2 + 2 * pad, Wo = W - 2 + 2 * pad;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n * ci_n * H * W)
        return;
    int x = t % W, y = (t / W) % H, ci = (t / (W * H)) % ci_n, s = t / (W * H * ci_n);
    float acc = 0;
    for (int co = 0; co < co_n; co++) {
        const float *k9 = w + ((size_t)co * ci_n + ci) * 9;
        const float *d = dy + ((size_t)s * co_n + co) * Ho * Wo;
        for (int ky = 0; ky < 3; ky++)
            for (int kx = 0; kx < 3; kx++) {
                int oy = y - ky + pad, ox = x - kx + pad;
                if (oy >= 0 && oy < Ho && ox >= 0 && ox < Wo)
                    acc += k9[ky * 3 + kx] * d[oy * Wo + ox];
            }
    }
    din[t] = acc;
}

/* ---- kernels: convolutions as products ---- */
/*
 * Index arithmetic in 32 bits (a 64-bit division costs several times a
 * 32-bit one): cu_open refuses buffers of 2^32 elements or more.
 */

/*
 * A batch's input as columns: cols[K x (n * plane)], row ci * 9 + tap,
 * column s * plane + output pixel, zeros outside the input (the reference's
 * im2col for all samples side by side).
 */
__global__ void k_im2col(const float *in, float *cols, unsigned n, unsigned cin, int H, int W,
                         unsigned Ho, unsigned Wo, int pad)
{
    unsigned plane = Ho * Wo, np = n * plane;
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= cin * 9 * np)
        return;
    unsigned col = t % np, row = t / np, s = col / plane, p = col % plane;
    int y = (int)(p / Wo), x = (int)(p % Wo), k = (int)(row % 9);
    unsigned ci = row / 9;
    int iy = y + k / 3 - pad, ix = x + k % 3 - pad;
    cols[t] = iy >= 0 && iy < H && ix >= 0 && ix < W
                  ? in[((s * cin + ci) * (unsigned)H + (unsigned)iy) * (unsigned)W + (unsigned)ix]
                  : 0.0f;
}

/* The reverse: each input pixel sums the column entries that read it. */
__global__ void k_col2im(const float *cols, float *din, unsigned n, unsigned cin, unsigned H,
                         unsigned W, int Ho, int Wo, int pad)
{
    unsigned plane = (unsigned)(Ho * Wo), np = n * plane;
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n * cin * H * W)
        return;
    int ix = (int)(t % W), iy = (int)(t / W % H);
    unsigned ci = t / (W * H) % cin, s = t / (W * H * cin);
    float acc = 0;
    for (int ky = 0; ky < 3; ky++)
        for (int kx = 0; kx < 3; kx++) {
            int y = iy - ky + pad, x = ix - kx + pad;
            if (y >= 0 && y < Ho && x >= 0 && x < Wo)
                acc += cols[(ci * 9 + (unsigned)(ky * 3 + kx)) * np + s * plane +
                            (unsigned)(y * Wo + x)];
        }
    din[t] = acc;
}

/* out (NCHW) = act(tmp (CNHW) + bias) */
__global__ void k_cnhw_bias_act(const float *tmp, const float *b, float *out, unsigned n,
                                unsigned c, unsigned plane, int relu)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n * c * plane)
        return;
    unsigned p = t % plane, co = t / plane % c, s = t / (plane * c);
    float v = tmp[(co * n + s) * plane + p] + b[co];
    out[t] = relu && v < 0 ? 0 : v;
}

/* out (CNHW) = in (NCHW) */
__global__ void k_nchw_to_cnhw(const float *in, float *out, unsigned n, unsigned c,
                               unsigned plane)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n * c * plane)
        return;
    unsigned p = t % plane, s = t / plane % n, co = t / (plane * n);
    out[t] = in[(s * c + co) * plane + p];
}

/* y (NCHW) = act(y + bias), in place */
__global__ void k_bias_act(float *y, const float *b, unsigned total, unsigned c, unsigned plane,
                           int relu)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= total)
        return;
    float v = y[t] + b[t / plane % c];
    y[t] = relu && v < 0 ? 0 : v;
}

/*
 * gb[co] = the sum of dy (NCHW) over samples and pixels, in two passes
 * that always add in the same order: block (co, k) of the first sums the
 * k-th of BIAS_SPLIT slices of channel co's n * plane values into
 * part[co * BIAS_SPLIT + k]; one thread per channel then adds its slices.
 */
__global__ void k_bias_part(const float *dy, float *part, unsigned n, unsigned c, unsigned plane)
{
    __shared__ float sum[RT];
    unsigned co = blockIdx.x, k = blockIdx.y, total = n * plane;
    unsigned per = (total + BIAS_SPLIT - 1) / BIAS_SPLIT, lo = k * per;
    unsigned hi = lo + per < total ? lo + per : total;
    float acc = 0;
    for (unsigned i = lo + threadIdx.x; i < hi; i += RT)
        acc += dy[(i / plane * c + co) * plane + i % plane];
    sum[threadIdx.x] = acc;
    __syncthreads();
    for (int h = RT / 2; h > 0; h /= 2) {
        if (threadIdx.x < h)
            sum[threadIdx.x] += sum[threadIdx.x + h];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        part[co * BIAS_SPLIT + k] = sum[0];
}

__global__ void k_bias_sum(const float *part, float *gb, unsigned c)
{
    unsigned co = blockIdx.x * blockDim.x + threadIdx.x;
    if (co >= c)
        return;
    float acc = 0;
    for (int k = 0; k < BIAS_SPLIT; k++)
        acc += part[co * BIAS_SPLIT + k];
    gb[co] = acc;
}

/* ---- kernels: the rest of a step ---- */

__global__ void k_bias_fill(const float *b, float *out, size_t n, int no)
{
    size_t t = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (t < n)
        out[t] = b[t % no];
}

__global__ void k_relu(float *x, size_t n)
{
    size_t t = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (t < n && x[t] < 0)
        x[t] = 0;
}

__global__ void k_pool_fwd(const float *in, float *out, int *arg, int n, int c, int H, int W)
{
    int Ho = H / 2, Wo = W / 2;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n * c * Ho * Wo)
        return;
    int x = t % Wo, y = (t / Wo) % Ho, plane = t / (Wo * Ho);
    const float *xi = in + (size_t)plane * H * W;
    int best = (2 * y) * W + 2 * x;
    for (int dy = 0; dy < 2; dy++)
        for (int dx = 0; dx < 2; dx++) {
            int k = (2 * y + dy) * W + 2 * x + dx;
            if (xi[k] > xi[best])
                best = k;
        }
    out[t] = xi[best];
    arg[t] = best;
}

__global__ void k_pool_bwd(const float *dy, const int *arg, float *din, int n, int c, int H, int W)
{
    int Ho = H / 2, Wo = W / 2;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n * c * Ho * Wo)
        return;
    int plane = t / (Wo * Ho);
    din[(size_t)plane * H * W + arg[t]] = dy[t]; /* windows do not overlap */
}

/* Dropout of layer `layer` in the step ds names: bt_dropout_mask's numbers, drawn here. */
__global__ void k_dropout(const float *in, float *out, float *mask, size_t total, float rate,
                          const struct dstate *ds, int layer)
{
    size_t t = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (t >= total)
        return;
    float keep = bt_dropout_keep(ds->seed, ds->epoch, ds->step, layer, (bt_u32)t, rate)
                     ? 1.0f / (1.0f - rate)
                     : 0.0f;
    mask[t] = keep;
    out[t] = in[t] * keep;
}

__global__ void k_mul(const float *a, const float *b, float *out, size_t n)
{
    size_t t = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (t < n)
        out[t] = a[t] * b[t];
}

__global__ void k_relu_bwd(const float *out, float *d, size_t n)
{
    size_t t = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (t < n && out[t] <= 0)
        d[t] = 0;
}

__global__ void k_softmax_ce(const float *z, const unsigned char *y, float *dz, double *loss,
                             int *correct, int n, int classes)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= n)
        return;
    const float *zs = z + (size_t)s * classes;
    float mx = zs[0];
    int am = 0;
    for (int c = 1; c < classes; c++)
        if (zs[c] > mx) {
            mx = zs[c];
            am = c;
        }
    double sum = 0;
    for (int c = 0; c < classes; c++)
        sum += exp((double)zs[c] - mx);
    loss[s] = log(sum) + mx - zs[y[s]];
    correct[s] = am == y[s];
    if (dz)
        for (int c = 0; c < classes; c++)
            dz[(size_t)s * classes + c] = (float)((exp((double)zs[c] - mx) / sum - (c == y[s])) / n);
}

/* Adds the batch's losses and correct predictions to ds's sums (one block). */
__global__ void k_sum(const double *loss, const int *correct, int n, struct dstate *ds)
{
    __shared__ double l[RT];
    __shared__ long long k[RT];
    double a = 0;
    long long b = 0;
    for (int i = threadIdx.x; i < n; i += RT) {
        a += loss[i];
        b += correct[i];
    }
    l[threadIdx.x] = a;
    k[threadIdx.x] = b;
    __syncthreads();
    for (int h = RT / 2; h > 0; h /= 2) {
        if (threadIdx.x < h) {
            l[threadIdx.x] += l[threadIdx.x + h];
            k[threadIdx.x] += k[threadIdx.x + h];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        ds->loss += l[0];
        ds->correct += k[0];
    }
}

__global__ void k_set_step(struct dstate *ds, unsigned long long seed, unsigned epoch,
                           unsigned step, int reset)
{
    ds->seed = seed;
    ds->epoch = epoch;
    ds->step = step;
    if (reset) {
        ds->loss = 0;
        ds->correct = 0;
    }
}

__global__ void k_reset_sums(struct dstate *ds)
{
    ds->loss = 0;
    ds->correct = 0;
}

/* After a step's gradients: Adam's step count and step size (as backend_ref.c), the next batch. */
__global__ void k_advance(struct dstate *ds)
{
    unsigned long long t = ++ds->t;
    ds->lr = 1e-3f * sqrtf(1 - powf(0.999f, (float)t)) / (1 - powf(0.9f, (float)t));
    ds->step++;
}

__global__ void k_adam(float *p, const float *g, float *m, float *v, size_t n,
                       const struct dstate *ds)
{
    size_t t = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (t >= n)
        return;
    float gg = g[t], lr_t = ds->lr;
    m[t] = 0.9f * m[t] + 0.1f * gg;
    v[t] = 0.999f * v[t] + 0.001f * gg * gg;
    p[t] -= lr_t * m[t] / (sqrtf(v[t]) + 1e-7f);
}

/* The epoch's order: position i holds bt_shuffle_index(seed, epoch, n, i), as bt_order. */
__global__ void k_order(bt_u32 *order, unsigned long long seed, unsigned epoch, size_t n)
{
    size_t t = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (t < n)
        order[t] = bt_shuffle_index(seed, epoch, n, (bt_u32)t);
}

/*
 * A batch of n samples as network input (x / 255, as bt_data_gather) and
 * labels: positions base..base+n of `order` (or the samples themselves when
 * order is NULL), base = ds->step * batch when ds is given, else `first`.
 */
__global__ void k_gather(const unsigned char *x, const unsigned char *y, const bt_u32 *order,
                         const struct dstate *ds, size_t first, int batch, int n, int per,
                         float *out, unsigned char *yout)
{
    size_t t = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (t >= (size_t)n * per)
        return;
    size_t j = t / per, k = t % per;
    size_t pos = (ds ? (size_t)ds->step * batch : first) + j;
    size_t i = order ? order[pos] : pos;
    out[t] = x[i * per + k] / 255.0f;
    if (k == 0)
        yout[j] = y[i];
}

/*
 * x keeping 23 - drop mantissa bits, rounded to nearest even; infinities and
 * NaNs as they are: the rounding of runner/round.h (bt_round_keep), whose
 * CUDA branch does not compile yet (it calls device-only intrinsics from a
 * __host__ __device__ function), so it is spelled here for the device.
 */
__device__ float round_keep(float x, int drop)
{
    unsigned u = __float_as_uint(x), half = (1u << (drop - 1)) - 1u;
    if ((u & 0x7f800000u) == 0x7f800000u)
        return x;
    u += half + ((u >> drop) & 1u);
    u &= ~((1u << drop) - 1u);
    return __uint_as_float(u);
}

__global__ void k_round(const float *in, float *out, size_t n, int drop)
{
    size_t t = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (t < n)
        out[t] = round_keep(in[t], drop);
}

__global__ void k_to_bf16(const float *in, __nv_bfloat16 *out, size_t n)
{
    size_t t = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (t < n)
        out[t] = __float2bfloat16_rn(in[t]);
}

/* ---- cuBLAS ---- */

/*
 * Loads cuBLAS of the major version we were built with, by name or from
 * BT_CUDA_HOME ($BENCHTRAIN_CUBLAS: another file, or none), on `stream`
 * with a workspace of its own (so its calls can be captured).
 */
static void blas_open(struct blas *b, cudaStream_t stream)
{
    const char *env = getenv("BENCHTRAIN_CUBLAS");
    char name[64], path[512];
    cublasStatus_t (*create)(cublasHandle_t *);
    cublasStatus_t (*set_stream)(cublasHandle_t, cudaStream_t);
    cublasStatus_t (*set_ws)(cublasHandle_t, void *, size_t);

    memset(b, 0, sizeof(*b));
    if (env && !strcmp(env, "none"))
        return;
    snprintf(name, sizeof(name), "libcublas.so.%d", CUBLAS_VER_MAJOR);
    snprintf(path, sizeof(path), "%s/lib64/%s", BT_CUDA_HOME, name);
    if (env && *env)
        b->lib = dlopen(env, RTLD_NOW | RTLD_LOCAL);
    else if (!(b->lib = dlopen(name, RTLD_NOW | RTLD_LOCAL)))
        b->lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!b->lib)
        return;
    *(void **)&create = dlsym(b->lib, "cublasCreate_v2");
    *(void **)&set_stream = dlsym(b->lib, "cublasSetStream_v2");
    *(void **)&set_ws = dlsym(b->lib, "cublasSetWorkspace_v2");
    *(void **)&b->math = dlsym(b->lib, "cublasSetMathMode");
    *(void **)&b->destroy = dlsym(b->lib, "cublasDestroy_v2");
    *(void **)&b->sgemm = dlsym(b->lib, "cublasSgemm_v2");
    *(void **)&b->gemm_ex = dlsym(b->lib, "cublasGemmEx");
    if (!create || !set_stream || !b->destroy || !b->sgemm ||
        create(&b->h) != CUBLAS_STATUS_SUCCESS) {
        dlclose(b->lib);
        b->lib = NULL;
        return;
    }
    if (set_stream(b->h, stream) != CUBLAS_STATUS_SUCCESS ||
        (set_ws && (cudaMalloc(&b->ws, BLAS_WS) != cudaSuccess ||
                    set_ws(b->h, b->ws, BLAS_WS) != CUBLAS_STATUS_SUCCESS))) {
        b->destroy(b->h);
        cudaFree(b->ws);
        dlclose(b->lib);
        memset(b, 0, sizeof(*b));
        return;
    }
    if (b->math)
        b->math(b->h, CUBLAS_DEFAULT_MATH);   /* FP32 throughout: no TF32 tensor ops */
}

static void blas_close(struct blas *b)
{
    if (!b->lib)
        return;
    b->destroy(b->h);
    cudaFree(b->ws);
    dlclose(b->lib);
    b->lib = NULL;
}

/*
 * Row-major C[m x n] = op(A) op(B) (+ C when add), through column-major
 * cuBLAS: a row-major matrix is its transpose in column-major, so cuBLAS
 * computes C^T = op(B)^T op(A)^T with the operands swapped. At tf32 the
 * operands are first rounded (round_keep) into the scratch buffers, at bf16
 * converted to bfloat16 there. A and B hold (ta ? k : m) rows of lda and
 * (tb ? n : k) rows of ldb floats.
 */
static int gemm(struct cu *c, int ta, int tb, int m, int n, int k, const float *a, int lda,
                const float *b, int ldb, float *out, int ldc, int add)
{
    const float one = 1.0f, zero = 0.0f;
    cublasOperation_t oa = ta ? CUBLAS_OP_T : CUBLAS_OP_N, ob = tb ? CUBLAS_OP_T : CUBLAS_OP_N;
    size_t na = (size_t)(ta ? k : m) * lda, nb = (size_t)(tb ? n : k) * ldb;

    if (c->prec == BT_FP32)
        return c->blas.sgemm(c->blas.h, ob, oa, n, m, k, &one, b, ldb, a, lda,
                             add ? &one : &zero, out, ldc) == CUBLAS_STATUS_SUCCESS ? 0 : -1;
    if (na > c->scratch_elems || nb > c->scratch_elems)
        return -1;
    if (c->prec == BT_TF32) {
        k_round<<<ON(na)>>>(a, (float *)c->sa, na, TF32_DROP);
        k_round<<<ON(nb)>>>(b, (float *)c->sb, nb, TF32_DROP);
        return c->blas.sgemm(c->blas.h, ob, oa, n, m, k, &one, (const float *)c->sb, ldb,
                             (const float *)c->sa, lda, add ? &one : &zero, out, ldc) ==
                       CUBLAS_STATUS_SUCCESS ? 0 : -1;
    }
    k_to_bf16<<<ON(na)>>>(a, (__nv_bfloat16 *)c->sa, na);
    k_to_bf16<<<ON(nb)>>>(b, (__nv_bfloat16 *)c->sb, nb);
    return c->blas.gemm_ex(c->blas.h, ob, oa, n, m, k, &one, c->sb, CUDA_R_16BF, ldb, c->sa,
                           CUDA_R_16BF, lda, add ? &one : &zero, out, CUDA_R_32F, ldc,
                           CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT) == CUBLAS_STATUS_SUCCESS
               ? 0
               : -1;
}

static enum conv_mode conv_mode(const struct cu *c)
{
    if (!c->blas.lib)
        return CONV_KERNELS;
    return c->dnn.lib && c->prec != BT_BF16 ? CONV_DNN : CONV_GEMM;
}

/* ---- cuDNN plans and workspace ---- */

/* Layer i's plan for batch n, the workspace grown to fit it (never inside a capture). */
static const struct bt_dnn_plan *plan(struct cu *c, int i, int n, char *err, size_t errsize)
{
    const struct bt_dnn_plan *p = bt_dnn_conv_plan(&c->dnn, &c->conv[i], &c->net.layer[i], n,
                                                   DNN_WS_CAP, err, errsize);
    cudaError_t e;

    if (!p || p->ws <= c->ws_size)
        return p;
    if (c->capturing) {
        snprintf(err, errsize, "cuDNN: a new plan inside a graph capture");
        return NULL;
    }
    cudaStreamSynchronize(c->stream);
    cudaFree(c->ws);
    c->ws_size = 0;
    c->ws_gen++;
    if ((e = cudaMalloc(&c->ws, p->ws)) != cudaSuccess) {
        c->ws = NULL;
        snprintf(err, errsize, "out of memory for cuDNN's workspace: %s", cudaGetErrorString(e));
        return NULL;
    }
    c->ws_size = p->ws;
    return p;
}

/* Every convolution's plan for batch n, before it runs or is captured. */
static int prepare(struct cu *c, int n, char *err, size_t errsize)
{
    if (conv_mode(c) != CONV_DNN)
        return 0;
    for (int i = 0; i < c->net.nlayers; i++)
        if (c->net.layer[i].kind == BT_CONV3 && !plan(c, i, n, err, errsize))
            return -1;
    return 0;
}

/* ---- layers ---- */

/* gb = dy summed over samples and pixels (k_bias_part, k_bias_sum). */
static void bias_grad(struct cu *c, const float *dy, float *gb, int n, int ch, int plane)
{
    k_bias_part<<<dim3(ch, BIAS_SPLIT), RT, 0, c->stream>>>(dy, c->bias_part, n, ch, plane);
    k_bias_sum<<<BLOCKS(ch), T, 0, c->stream>>>(c->bias_part, gb, ch);
}

/* Y = X W + b: bias rows, then the product added (cuBLAS), or the own kernel. */
static int dense_fwd(struct cu *c, const struct bt_layer *l, const float *in, float *out, int n)
{
    int ni = (int)isize(l), no = l->cout;
    size_t total = (size_t)n * no;

    if (!c->blas.lib) {
        k_dense_fwd<<<ON(total)>>>(c->p + l->w_off, c->p + l->b_off, in, out, n, ni, no, l->relu);
        return 0;
    }
    k_bias_fill<<<ON(total)>>>(c->p + l->b_off, out, total, no);
    if (gemm(c, 0, 0, n, no, ni, in, ni, c->p + l->w_off, no, out, no, 1) < 0)
        return -1;
    if (l->relu)
        k_relu<<<ON(total)>>>(out, total);
    return 0;
}

/* dW = X^T dY, db, and (din not NULL) dX = dY W^T. */
static int dense_bwd(struct cu *c, const struct bt_layer *l, const float *in, const float *dout,
                     float *din, int n)
{
    int ni = (int)isize(l), no = l->cout;

    bias_grad(c, dout, c->g + l->b_off, n, no, 1);
    if (!c->blas.lib) {
        k_dense_gw<<<ON(l->w_len)>>>(in, dout, c->g + l->w_off, n, ni, no);
        if (din)
            k_dense_din<<<ON((size_t)n * ni)>>>(c->p + l->w_off, dout, din, n, ni, no);
        return 0;
    }
    if (gemm(c, 1, 0, ni, no, n, in, ni, dout, no, c->g + l->w_off, no, 0) < 0)
        return -1;
    if (din && gemm(c, 0, 1, n, ni, no, dout, no, c->p + l->w_off, no, din, ni, 0) < 0)
        return -1;
    return 0;
}

/* At tf32, x rounded into scratch `to` (cuDNN's operands); else x itself. */
static const float *tf32_operand(struct cu *c, const float *x, size_t n, void *to)
{
    if (c->prec != BT_TF32)
        return x;
    k_round<<<ON(n)>>>(x, (float *)to, n, TF32_DROP);
    return (const float *)to;
}

static int conv_fwd(struct cu *c, int i, const float *in, float *out, int n, char *err,
                    size_t errsize)
{
    const struct bt_layer *l = &c->net.layer[i];
    const float *w = c->p + l->w_off, *b = c->p + l->b_off;
    int plane = l->hout * l->wout, k9 = l->cin * 9, np = n * plane;
    size_t total = (size_t)n * osize(l);
    const struct bt_dnn_plan *p;

    switch (conv_mode(c)) {
    case CONV_DNN:
        if (!(p = plan(c, i, n, err, errsize)))
            return -1;
        in = tf32_operand(c, in, (size_t)n * isize(l), c->sa);
        w = tf32_operand(c, w, l->w_len, c->sb);
        if (bt_dnn_fwd(&c->dnn, &c->conv[i], p, in, w, out, c->ws, c->ws_size, err, errsize) < 0)
            return -1;
        k_bias_act<<<ON(total)>>>(out, b, total, l->cout, plane, l->relu);
        return 0;
    case CONV_GEMM:
        k_im2col<<<ON((size_t)k9 * np)>>>(in, c->cols, n, l->cin, l->hin, l->win, l->hout,
                                          l->wout, l->pad);
        if (gemm(c, 0, 0, l->cout, np, k9, w, k9, c->cols, np, c->tmp, np, 0) < 0) {
            snprintf(err, errsize, "cuBLAS: a convolution's GEMM failed");
            return -1;
        }
        k_cnhw_bias_act<<<ON(total)>>>(c->tmp, b, out, n, l->cout, plane, l->relu);
        return 0;
    case CONV_KERNELS:
        k_conv_fwd<<<ON(total)>>>(w, b, in, out, n, l->cin, l->hin, l->win, l->cout, l->relu,
                                  l->pad);
        return 0;
    }
    return 0;
}

/* dW, db and (din not NULL) dX of layer i, from its input and dout (ReLU already applied). */
static int conv_bwd(struct cu *c, int i, const float *in, const float *dout, float *din, int n,
                    char *err, size_t errsize)
{
    const struct bt_layer *l = &c->net.layer[i];
    const float *w = c->p + l->w_off;
    float *gw = c->g + l->w_off;
    int plane = l->hout * l->wout, k9 = l->cin * 9, np = n * plane;
    const struct bt_dnn_plan *p;

    bias_grad(c, dout, c->g + l->b_off, n, l->cout, plane);
    switch (conv_mode(c)) {
    case CONV_DNN:
        if (!(p = plan(c, i, n, err, errsize)))
            return -1;
        in = tf32_operand(c, in, (size_t)n * isize(l), c->sa);
        dout = tf32_operand(c, dout, (size_t)n * osize(l), c->sb);
        if (bt_dnn_bwd_filter(&c->dnn, &c->conv[i], p, in, dout, gw, c->ws, c->ws_size, err,
                              errsize) < 0)
            return -1;
        if (!din)
            return 0;
        w = tf32_operand(c, w, l->w_len, c->sa);   /* the rounded input is no longer needed */
        return bt_dnn_bwd_data(&c->dnn, &c->conv[i], p, w, dout, din, c->ws, c->ws_size, err,
                               errsize);
    case CONV_GEMM:
        k_nchw_to_cnhw<<<ON((size_t)n * osize(l))>>>(dout, c->tmp, n, l->cout, plane);
        k_im2col<<<ON((size_t)k9 * np)>>>(in, c->cols, n, l->cin, l->hin, l->win, l->hout,
                                          l->wout, l->pad);
        /* dW[cout x K] = dY[cout x np] cols^T; then dcols[K x np] = W^T dY over cols */
        if (gemm(c, 0, 1, l->cout, k9, np, c->tmp, np, c->cols, np, gw, k9, 0) < 0 ||
            (din && gemm(c, 1, 0, k9, np, l->cout, w, k9, c->tmp, np, c->cols, np, 0) < 0)) {
            snprintf(err, errsize, "cuBLAS: a convolution's GEMM failed");
            return -1;
        }
        if (din)
            k_col2im<<<ON((size_t)n * isize(l))>>>(c->cols, din, n, l->cin, l->hin, l->win,
                                                   l->hout, l->wout, l->pad);
        return 0;
    case CONV_KERNELS:
        k_conv_gw<<<ON(l->w_len)>>>(in, dout, gw, n, l->cin, l->hin, l->win, l->cout, l->pad);
        if (din)
            k_conv_din<<<ON((size_t)n * isize(l))>>>(w, dout, din, n, l->cin, l->hin, l->win,
                                                     l->cout, l->pad);
        return 0;
    }
    return 0;
}

/* ---- a step ---- */

/* The forward pass of act[0] (n samples); dropout when training, from the step in ds. */
static int forward(struct cu *c, int n, int training, char *err, size_t errsize)
{
    c->training = training;
    for (int i = 0; i < c->net.nlayers; i++) {
        const struct bt_layer *l = &c->net.layer[i];
        float *in = c->act[i], *out = c->act[i + 1];
        size_t total = (size_t)n * osize(l);
        switch (l->kind) {
        case BT_DENSE:
            if (dense_fwd(c, l, in, out, n) < 0) {
                snprintf(err, errsize, "cuBLAS: a dense layer's GEMM failed");
                return -1;
            }
            break;
        case BT_CONV3:
            if (conv_fwd(c, i, in, out, n, err, errsize) < 0)
                return -1;
            break;
        case BT_MAXPOOL2:
            k_pool_fwd<<<ON(total)>>>(in, out, c->arg[i], n, l->cin, l->hin, l->win);
            break;
        case BT_FLATTEN:
            CK(cudaMemcpyAsync(out, in, total * sizeof(float), cudaMemcpyDeviceToDevice,
                               c->stream));
            break;
        case BT_DROPOUT:
            if (training)
                k_dropout<<<ON(total)>>>(in, out, c->mask[i], total, l->rate, c->ds, i);
            else
                CK(cudaMemcpyAsync(out, in, total * sizeof(float), cudaMemcpyDeviceToDevice,
                                   c->stream));
            break;
        }
        CK(cudaGetLastError());
    }
    return 0;
}

/* Loss and correct predictions of the batch added to ds; the logits' gradient when grad. */
static int loss(struct cu *c, int n, int grad, char *err, size_t errsize)
{
    int L = c->net.nlayers;
    k_softmax_ce<<<ON(n)>>>(c->act[L], c->y, grad ? c->dact[L] : NULL, c->loss, c->correct, n,
                            c->net.classes);
    k_sum<<<1, RT, 0, c->stream>>>(c->loss, c->correct, n, c->ds);
    CK(cudaGetLastError());
    return 0;
}

static int backward(struct cu *c, int n, char *err, size_t errsize)
{
    for (int i = c->net.nlayers - 1; i >= 0; i--) {
        const struct bt_layer *l = &c->net.layer[i];
        float *dout = c->dact[i + 1], *din = c->dact[i], *out = c->act[i + 1], *in = c->act[i];
        size_t total = (size_t)n * osize(l), tin = (size_t)n * isize(l);
        int wants = bt_net_wants_din(&c->net, i);
        if (!l->w_len && !wants)
            continue;   /* nothing below has parameters */
        if (l->relu)
            k_relu_bwd<<<ON(total)>>>(out, dout, total);
        switch (l->kind) {
        case BT_DENSE:
            if (dense_bwd(c, l, in, dout, wants ? din : NULL, n) < 0) {
                snprintf(err, errsize, "cuBLAS: a dense layer's GEMM failed");
                return -1;
            }
            break;
        case BT_CONV3:
            if (conv_bwd(c, i, in, dout, wants ? din : NULL, n, err, errsize) < 0)
                return -1;
            break;
        case BT_MAXPOOL2:
            CK(cudaMemsetAsync(din, 0, tin * sizeof(float), c->stream));
            k_pool_bwd<<<ON(total)>>>(dout, c->arg[i], din, n, l->cin, l->hin, l->win);
            break;
        case BT_FLATTEN:
            CK(cudaMemcpyAsync(din, dout, total * sizeof(float), cudaMemcpyDeviceToDevice,
                               c->stream));
            break;
        case BT_DROPOUT:
            if (c->training)
                k_mul<<<ON(total)>>>(dout, c->mask[i], din, total);
            else
                CK(cudaMemcpyAsync(din, dout, total * sizeof(float), cudaMemcpyDeviceToDevice,
                                   c->stream));
            break;
        }
        CK(cudaGetLastError());
    }
    return 0;
}

static int adam(struct cu *c, char *err, size_t errsize)
{
    k_advance<<<1, 1, 0, c->stream>>>(c->ds);
    k_adam<<<ON(c->net.nparams)>>>(c->p, c->g, c->m, c->v, c->net.nparams, c->ds);
    CK(cudaGetLastError());
    return 0;
}

/* Waits for the stream and copies ds to the host. */
static int read_state(struct cu *c, char *err, size_t errsize)
{
    CK(cudaMemcpyAsync(c->host_ds, c->ds, sizeof(*c->ds), cudaMemcpyDeviceToHost, c->stream));
    CK(cudaStreamSynchronize(c->stream));
    return 0;
}

/* ---- batches from the host (train_batch, eval_batch, gradients) ---- */

static int host_batch(struct cu *c, const float *x, const uint8_t *y, int n,
                      const struct bt_step *st, int training, int grad, int step, double *mean,
                      int *correct, char *err, size_t errsize)
{
    size_t in = (size_t)c->net.in_c * c->net.in_h * c->net.in_w;

    if (n < 1 || n > c->max_batch) {
        snprintf(err, errsize, "batch of %d is not within 1..%d", n, c->max_batch);
        return -1;
    }
    if (prepare(c, n, err, errsize) < 0)
        return -1;
    CK(cudaMemcpyAsync(c->act[0], x, (size_t)n * in * sizeof(float), cudaMemcpyHostToDevice,
                       c->stream));
    CK(cudaMemcpyAsync(c->y, y, (size_t)n, cudaMemcpyHostToDevice, c->stream));
    k_set_step<<<1, 1, 0, c->stream>>>(c->ds, st ? st->seed : 0, st ? st->epoch : 0,
                                       st ? st->step : 0, 1);
    if (forward(c, n, training, err, errsize) < 0 || loss(c, n, grad, err, errsize) < 0 ||
        (grad && backward(c, n, err, errsize) < 0) || (step && adam(c, err, errsize) < 0) ||
        read_state(c, err, errsize) < 0)
        return -1;
    *mean = c->host_ds->loss / n;
    *correct = (int)c->host_ds->correct;
    return 0;
}

static int cu_train(void *ctx, const float *x, const uint8_t *y, int n, const struct bt_step *st,
                    double *loss_out, int *correct, char *err, size_t errsize)
{
    return host_batch((struct cu *)ctx, x, y, n, st, 1, 1, 1, loss_out, correct, err, errsize);
}

static int cu_eval(void *ctx, const float *x, const uint8_t *y, int n, double *loss_out,
                   int *correct, char *err, size_t errsize)
{
    return host_batch((struct cu *)ctx, x, y, n, NULL, 0, 0, 0, loss_out, correct, err, errsize);
}

static int cu_get_params(void *ctx, float *params)
{
    struct cu *c = (struct cu *)ctx;
    if (cudaMemcpyAsync(params, c->p, c->net.nparams * sizeof(float), cudaMemcpyDeviceToHost,
                        c->stream) != cudaSuccess)
        return -1;
    return cudaStreamSynchronize(c->stream) == cudaSuccess ? 0 : -1;
}

static int cu_gradients(void *ctx, const float *x, const uint8_t *y, int n, float *grad,
                        double *loss_out, char *err, size_t errsize)
{
    struct cu *c = (struct cu *)ctx;
    int correct;
    if (host_batch(c, x, y, n, NULL, 0, 1, 0, loss_out, &correct, err, errsize) < 0)
        return -1;
    CK(cudaMemcpyAsync(grad, c->g, c->net.nparams * sizeof(float), cudaMemcpyDeviceToHost,
                       c->stream));
    CK(cudaStreamSynchronize(c->stream));
    return 0;
}

/* ---- resident data ---- */

static void dset_free(struct dset *s)
{
    cudaFree(s->x);
    cudaFree(s->y);
    memset(s, 0, sizeof(*s));
}

static int dset_load(struct cu *c, struct dset *s, const struct bt_data *d, char *err,
                     size_t errsize)
{
    size_t per = (size_t)c->net.in_c * c->net.in_h * c->net.in_w;

    dset_free(s);
    if ((size_t)d->c * d->h * d->w != per || d->n < 1 || d->n > 0xffffffffu) {
        snprintf(err, errsize, "the %s set does not fit the network's input", d->name);
        return -1;
    }
    CK(cudaMalloc((void **)&s->x, d->n * per));
    CK(cudaMalloc((void **)&s->y, d->n));
    s->n = d->n;
    CK(cudaMemcpy(s->x, d->x, d->n * per, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(s->y, d->y, d->n, cudaMemcpyHostToDevice));
    return 0;
}

static void drop_graph(struct cu *c)
{
    if (c->graph)
        cudaGraphExecDestroy(c->graph);
    c->graph = NULL;
}

static int cu_load(void *ctx, const struct bt_data *train, const struct bt_data *val,
                   const struct bt_data *test, char *err, size_t errsize)
{
    struct cu *c = (struct cu *)ctx;

    drop_graph(c);   /* it holds the old sets' addresses */
    cudaFree(c->order);
    c->order = NULL;
    if (dset_load(c, &c->train, train, err, errsize) < 0 ||
        dset_load(c, &c->val, val, err, errsize) < 0 ||
        dset_load(c, &c->test, test, err, errsize) < 0)
        return -1;
    CK(cudaMalloc((void **)&c->order, c->train.n * sizeof(bt_u32)));
    CK(cudaDeviceSynchronize());
    return 0;
}

/* One step of `n` samples of the epoch's order, at ds->step; no host sync, capturable. */
static int resident_step(struct cu *c, int batch, int n, char *err, size_t errsize)
{
    int per = c->net.in_c * c->net.in_h * c->net.in_w;
    k_gather<<<ON((size_t)n * per)>>>(c->train.x, c->train.y, c->order, c->ds, 0, batch, n, per,
                                      c->act[0], c->y);
    if (forward(c, n, 1, err, errsize) < 0 || loss(c, n, 1, err, errsize) < 0 ||
        backward(c, n, err, errsize) < 0)
        return -1;
    return adam(c, err, errsize);
}

/* Captures a full step of `batch` samples as the graph replayed from now on. */
static int capture(struct cu *c, int batch, char *err, size_t errsize)
{
    cudaGraph_t g = NULL;
    cudaError_t e;
    int bad;

    drop_graph(c);
    CK(cudaStreamBeginCapture(c->stream, cudaStreamCaptureModeThreadLocal));
    c->capturing = 1;
    bad = resident_step(c, batch, batch, err, errsize);
    c->capturing = 0;
    e = cudaStreamEndCapture(c->stream, &g);
    if (bad < 0 || e != cudaSuccess) {
        if (g)
            cudaGraphDestroy(g);
        if (bad >= 0)
            snprintf(err, errsize,
                     "CUDA: capturing a training step as a graph failed: %s "
                     "(BENCHTRAIN_CUDA_GRAPHS=0 runs without graphs)",
                     cudaGetErrorString(e));
        cudaGetLastError();
        return -1;
    }
    e = cudaGraphInstantiate(&c->graph, g, 0);
    cudaGraphDestroy(g);
    if (e != cudaSuccess) {
        c->graph = NULL;
        snprintf(err, errsize, "CUDA: instantiating the step's graph failed: %s",
                 cudaGetErrorString(e));
        return -1;
    }
    c->graph_batch = batch;
    c->graph_gen = c->ws_gen;
    return 0;
}

static int cu_train_epoch(void *ctx, uint64_t seed, uint32_t epoch, int batch,
                          const volatile int *stop, struct bt_sums *sums, char *err,
                          size_t errsize)
{
    struct cu *c = (struct cu *)ctx;
    size_t n = c->train.n, full, last, steps;

    if (!c->train.x) {
        snprintf(err, errsize, "train_epoch before load");
        return -1;
    }
    if (batch < 1 || batch > c->max_batch) {
        snprintf(err, errsize, "batch of %d is not within 1..%d", batch, c->max_batch);
        return -1;
    }
    full = n / (size_t)batch;
    last = n % (size_t)batch;
    steps = full + (last > 0);
    if (prepare(c, batch, err, errsize) < 0 || (last && prepare(c, (int)last, err, errsize) < 0))
        return -1;
    k_order<<<ON(n)>>>(c->order, seed, epoch, n);
    k_set_step<<<1, 1, 0, c->stream>>>(c->ds, seed, epoch, 0, 1);
    CK(cudaGetLastError());
    for (size_t s = 0; s < steps; s++) {
        int nb = s < full ? batch : (int)last;
        if (stop && *stop) {
            cudaStreamSynchronize(c->stream);
            return 1;
        }
        if (nb == batch && c->graphs && c->warm) {
            if ((!c->graph || c->graph_batch != batch || c->graph_gen != c->ws_gen) &&
                capture(c, batch, err, errsize) < 0) {
                /* a stack that cannot capture: the same steps without graphs (nothing of
                 * the failed capture ran), and the header says why */
                c->graphs = 0;
                snprintf(c->graph_why, sizeof(c->graph_why), "%.150s", err);
                cudaGetLastError();
                if (resident_step(c, batch, nb, err, errsize) < 0)
                    return -1;
                continue;
            }
            CK(cudaGraphLaunch(c->graph, c->stream));
        } else {
            if (resident_step(c, batch, nb, err, errsize) < 0)
                return -1;
            c->warm = 1;
        }
    }
    if (read_state(c, err, errsize) < 0)
        return -1;
    sums->loss = c->host_ds->loss;
    sums->correct = (long)c->host_ds->correct;
    sums->n = (long)n;
    return stop && *stop ? 1 : 0;
}

static int cu_eval_set(void *ctx, enum bt_set which, struct bt_sums *sums, char *err,
                       size_t errsize)
{
    struct cu *c = (struct cu *)ctx;
    const struct dset *s = which == BT_SET_VAL ? &c->val : &c->test;
    int per = c->net.in_c * c->net.in_h * c->net.in_w;

    if (!s->x) {
        snprintf(err, errsize, "eval_set before load");
        return -1;
    }
    k_reset_sums<<<1, 1, 0, c->stream>>>(c->ds);
    for (size_t i = 0; i < s->n; i += (size_t)c->max_batch) {
        int nb = (int)(s->n - i < (size_t)c->max_batch ? s->n - i : (size_t)c->max_batch);
        if (prepare(c, nb, err, errsize) < 0)
            return -1;
        k_gather<<<ON((size_t)nb * per)>>>(s->x, s->y, NULL, NULL, i, 0, nb, per, c->act[0],
                                           c->y);
        if (forward(c, nb, 0, err, errsize) < 0 || loss(c, nb, 0, err, errsize) < 0)
            return -1;
    }
    if (read_state(c, err, errsize) < 0)
        return -1;
    sums->loss = c->host_ds->loss;
    sums->correct = (long)c->host_ds->correct;
    sums->n = (long)s->n;
    return 0;
}

/* ---- precision, header, open and close ---- */

/* The im2col buffers (columns, CNHW product), once. */
static int gemm_buffers(struct cu *c, char *err, size_t errsize)
{
    size_t most = (size_t)c->max_batch * c->net.max_act;
    if (c->cols || !c->cols_elems)
        return 0;
    CK(cudaMalloc((void **)&c->cols, c->cols_elems * sizeof(float)));
    CK(cudaMalloc((void **)&c->tmp, most * sizeof(float)));
    return 0;
}

/* (Re)makes every convolution's cuDNN descriptors, for TF32 or not. */
static int dnn_layers(struct cu *c, int tensor_ops, char *err, size_t errsize)
{
    for (int i = 0; i < c->net.nlayers; i++)
        if (c->net.layer[i].kind == BT_CONV3) {
            bt_dnn_conv_fini(&c->dnn, &c->conv[i]);
            if (bt_dnn_conv_init(&c->dnn, &c->conv[i], &c->net.layer[i], tensor_ops, err,
                                 errsize) < 0)
                return -1;
        }
    return 0;
}

static int cu_set_precision(void *ctx, enum bt_precision p, char *err, size_t errsize)
{
    struct cu *c = (struct cu *)ctx;
    const char *name = p == BT_TF32 ? "tf32" : "bf16";

    if (p == c->prec)
        return 0;
    if (p != BT_FP32) {
        if (!c->blas.lib || (p == BT_TF32 && !c->blas.math) || (p == BT_BF16 && !c->blas.gemm_ex)) {
            snprintf(err, errsize, "--precision %s needs cuBLAS, which did not load", name);
            return -1;
        }
        if (c->cc_major < 8) {
            snprintf(err, errsize, "--precision %s needs compute capability 8.0; %s is %d.%d",
                     name, c->name, c->cc_major, c->cc_minor);
            return -1;
        }
        if (!c->sa) {
            CK(cudaMalloc(&c->sa, c->scratch_elems * sizeof(float)));
            CK(cudaMalloc(&c->sb, c->scratch_elems * sizeof(float)));
        }
    }
    if (c->blas.math && c->blas.math(c->blas.h, p == BT_TF32 ? CUBLAS_TF32_TENSOR_OP_MATH
                                                             : CUBLAS_DEFAULT_MATH) !=
                            CUBLAS_STATUS_SUCCESS) {
        snprintf(err, errsize, "cuBLAS: cannot set the math mode for %s", name);
        return -1;
    }
    if (c->dnn.lib && dnn_layers(c, p == BT_TF32, err, errsize) < 0)
        return -1;
    c->prec = p;
    drop_graph(c);
    return conv_mode(c) == CONV_GEMM ? gemm_buffers(c, err, errsize) : 0;
}

/* `s` with its double quotes made single, in place, for a quoted header value. */
static const char *unquoted(char *s)
{
    for (char *p = s; *p; p++)
        if (*p == '"')
            *p = '\'';
    return s;
}

static const char *cu_detail(void *ctx)
{
    struct cu *c = (struct cu *)ctx;
    static const char *const conv[] = { "kernels", "im2col-cublas", "cudnn" };
    size_t n = (size_t)snprintf(c->detail, sizeof(c->detail), "gemm=%s conv=%s graph=%s",
                                c->blas.lib ? "cublas" : "kernels", conv[conv_mode(c)],
                                c->graphs && c->train.x ? "on" : "off");
    /* why cuDNN or graphs are not used, quoted (no '"' inside), so a reader keeps them */
    if (conv_mode(c) != 2 && c->dnn_why[0] && n < sizeof(c->detail))
        n += (size_t)snprintf(c->detail + n, sizeof(c->detail) - n, " conv_note=\"%s\"",
                              unquoted(c->dnn_why));
    if (c->graph_why[0] && n < sizeof(c->detail))
        snprintf(c->detail + n, sizeof(c->detail) - n, " graph_note=\"%s\"",
                 unquoted(c->graph_why));
    return c->detail;
}

/*
 * cuDNN for the convolutions when it loads and every layer runs once
 * forward and backward at max_batch (on whatever the buffers hold); else it
 * is closed again and the convolutions go through im2col.
 */
static void dnn_start(struct cu *c)
{
    char err[256];
    size_t errsize = sizeof(err);
    int ok = bt_dnn_open(&c->dnn, BT_CUDA_HOME, c->stream, c->dnn_why, sizeof(c->dnn_why)) == 0 &&
             dnn_layers(c, 0, err, errsize) == 0;

    for (int i = 0; i < c->net.nlayers && ok; i++) {
        const struct bt_layer *l = &c->net.layer[i];
        if (l->kind != BT_CONV3)
            continue;
        ok = conv_fwd(c, i, c->act[i], c->act[i + 1], c->max_batch, err, errsize) == 0 &&
             conv_bwd(c, i, c->act[i], c->dact[i + 1], c->dact[i], c->max_batch, err,
                      errsize) == 0;
    }
    if (ok && cudaStreamSynchronize(c->stream) == cudaSuccess)
        return;
    if (!c->dnn_why[0])   /* loaded, but a layer failed: the header says which */
        snprintf(c->dnn_why, sizeof(c->dnn_why), "%.120s",
                 ok ? cudaGetErrorString(cudaGetLastError()) : err);
    cudaGetLastError();
    for (int i = 0; i < c->net.nlayers; i++)
        bt_dnn_conv_fini(&c->dnn, &c->conv[i]);
    bt_dnn_close(&c->dnn);
}

static void cu_close(void *ctx);

/* The most output channels (or dense outputs) of a layer: the bias gradients' width. */
static size_t most_channels(const struct bt_net *net)
{
    size_t most = 1;
    for (int i = 0; i < net->nlayers; i++)
        if ((size_t)net->layer[i].cout > most)
            most = (size_t)net->layer[i].cout;
    return most;
}

/* The sizes of the im2col columns and of the operand scratch, in floats. */
static void sizes(struct cu *c)
{
    size_t most = (size_t)c->max_batch * c->net.max_act;
    c->cols_elems = 0;
    for (int i = 0; i < c->net.nlayers; i++) {
        const struct bt_layer *l = &c->net.layer[i];
        size_t cols = (size_t)c->max_batch * l->cin * 9 * l->hout * l->wout;
        if (l->kind == BT_CONV3 && cols > c->cols_elems)
            c->cols_elems = cols;
        if (l->w_len > most)
            most = l->w_len;
    }
    c->scratch_elems = most > c->cols_elems ? most : c->cols_elems;
}

static void *cu_open(const struct bt_net *net, const float *params, int device, int max_batch,
                     char *err, size_t errsize)
{
    struct cu *c = (struct cu *)calloc(1, sizeof(*c));
    struct cudaDeviceProp prop;
    size_t in = (size_t)net->in_c * net->in_h * net->in_w;
    const char *graphs = getenv("BENCHTRAIN_CUDA_GRAPHS");
    cudaError_t e;

    if (!c) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    c->net = *net;
    c->max_batch = max_batch;
    c->graphs = !(graphs && !strcmp(graphs, "0"));
    if ((e = cudaSetDevice(device)) != cudaSuccess ||
        (e = cudaGetDeviceProperties(&prop, device)) != cudaSuccess ||
        (e = cudaStreamCreateWithFlags(&c->stream, cudaStreamNonBlocking)) != cudaSuccess) {
        snprintf(err, errsize, "no CUDA device %d: %s", device, cudaGetErrorString(e));
        free(c);
        return NULL;
    }
    snprintf(c->name, sizeof(c->name), "%s", prop.name);
    c->cc_major = prop.major;
    c->cc_minor = prop.minor;
    sizes(c);
    if (c->scratch_elems >= 0xffffffffu) {
        snprintf(err, errsize, "%s at batch %d: buffers of 2^32 floats or more", net->name,
                 max_batch);
        cudaStreamDestroy(c->stream);
        free(c);
        return NULL;
    }
    blas_open(&c->blas, c->stream);
#define ALLOC(ptr, bytes)                                                                        \
    if ((e = cudaMalloc((void **)&(ptr), (bytes))) != cudaSuccess) {                             \
        snprintf(err, errsize, "out of memory on the device: %s", cudaGetErrorString(e));       \
        cu_close(c);                                                                             \
        return NULL;                                                                             \
    }
    ALLOC(c->p, net->nparams * sizeof(float));
    ALLOC(c->g, net->nparams * sizeof(float));
    ALLOC(c->m, net->nparams * sizeof(float));
    ALLOC(c->v, net->nparams * sizeof(float));
    ALLOC(c->act[0], (size_t)max_batch * in * sizeof(float));
    ALLOC(c->dact[0], (size_t)max_batch * in * sizeof(float));
    for (int i = 0; i < net->nlayers; i++) {
        size_t n = (size_t)max_batch * osize(&net->layer[i]);
        ALLOC(c->act[i + 1], n * sizeof(float));
        ALLOC(c->dact[i + 1], n * sizeof(float));
        if (net->layer[i].kind == BT_DROPOUT)
            ALLOC(c->mask[i], n * sizeof(float));
        if (net->layer[i].kind == BT_MAXPOOL2)
            ALLOC(c->arg[i], n * sizeof(int));
    }
    ALLOC(c->y, (size_t)max_batch);
    ALLOC(c->loss, (size_t)max_batch * sizeof(double));
    ALLOC(c->correct, (size_t)max_batch * sizeof(int));
    ALLOC(c->ds, sizeof(*c->ds));
    ALLOC(c->bias_part, most_channels(net) * BIAS_SPLIT * sizeof(float));
#undef ALLOC
    if ((e = cudaMallocHost((void **)&c->host_ds, sizeof(*c->host_ds))) != cudaSuccess ||
        (e = cudaMemcpy(c->p, params, net->nparams * sizeof(float), cudaMemcpyHostToDevice)) !=
            cudaSuccess ||
        (e = cudaMemset(c->m, 0, net->nparams * sizeof(float))) != cudaSuccess ||
        (e = cudaMemset(c->v, 0, net->nparams * sizeof(float))) != cudaSuccess ||
        (e = cudaMemset(c->ds, 0, sizeof(*c->ds))) != cudaSuccess ||
        (e = cudaDeviceSynchronize()) != cudaSuccess) {
        snprintf(err, errsize, "CUDA: %s", cudaGetErrorString(e));
        cu_close(c);
        return NULL;
    }
    if (c->blas.lib)
        dnn_start(c);
    if (conv_mode(c) == CONV_GEMM && gemm_buffers(c, err, errsize) < 0) {
        cu_close(c);
        return NULL;
    }
    return c;
}

static const char *cu_device_name(void *ctx)
{
    return ((struct cu *)ctx)->name;
}

static void cu_close(void *ctx)
{
    struct cu *c = (struct cu *)ctx;
    if (!c)
        return;
    if (c->stream)
        cudaStreamSynchronize(c->stream);
    drop_graph(c);
    for (int i = 0; i < c->net.nlayers; i++)
        bt_dnn_conv_fini(&c->dnn, &c->conv[i]);
    bt_dnn_close(&c->dnn);
    blas_close(&c->blas);
    for (int i = 0; i <= c->net.nlayers; i++) {
        cudaFree(c->act[i]);
        cudaFree(c->dact[i]);
        if (i < c->net.nlayers) {
            cudaFree(c->mask[i]);
            cudaFree(c->arg[i]);
        }
    }
    cudaFree(c->p);
    cudaFree(c->g);
    cudaFree(c->m);
    cudaFree(c->v);
    cudaFree(c->y);
    cudaFree(c->loss);
    cudaFree(c->correct);
    cudaFree(c->ds);
    cudaFree(c->bias_part);
    cudaFree(c->cols);
    cudaFree(c->tmp);
    cudaFree(c->sa);
    cudaFree(c->sb);
    cudaFree(c->ws);
    cudaFree(c->order);
    dset_free(&c->train);
    dset_free(&c->val);
    dset_free(&c->test);
    cudaFreeHost(c->host_ds);
    if (c->stream)
        cudaStreamDestroy(c->stream);
    free(c);
}

extern "C" const struct bt_backend bt_backend_cuda = {
    "cuda",         cu_open,        cu_device_name,   cu_train,    cu_eval,
    cu_get_params,  cu_gradients,   cu_close,         cu_detail,   cu_load,
    cu_train_epoch, cu_eval_set,    cu_set_precision,
};
