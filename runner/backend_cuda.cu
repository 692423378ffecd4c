/*
 * backend_cuda.cu: the CUDA backend. Dense layers are cuBLAS SGEMMs (FP32
 * math, no TF32, so they agree with backend_ref.c to rounding); cuBLAS is
 * loaded with dlopen, so the binary needs only the driver, and where it is
 * missing the dense layers fall back to this file's own kernels (the header
 * line says gemm=cublas or gemm=kernels). Convolutions are direct kernels,
 * Adam runs on the device. The dropout masks come from the shared host
 * generator and are copied in, so a batch trains the same here and on the
 * reference.
 *
 * NEEDSWORK: convolutions are direct, not cuDNN or im2col + cuBLAS.
 */
#include <cublas_api.h>   /* types only: the library is loaded at run time */
#include <cuda_runtime.h>
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern "C" {
#include "runner/bt.h"
}

#define T 256
#define BLOCKS(n) ((unsigned)(((n) + T - 1) / T))

/* cuBLAS through dlopen; lib is NULL when it did not load. */
struct blas {
    void *lib;
    cublasHandle_t h;
    cublasStatus_t (*destroy)(cublasHandle_t);
    cublasStatus_t (*sgemm)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
                            const float *, const float *, int, const float *, int, const float *,
                            float *, int);
};

struct cu {
    struct blas blas;
    struct bt_net net;
    int max_batch;
    float *p, *g, *m, *v;
    long step;
    float *act[BT_MAX_LAYERS + 1], *dact[BT_MAX_LAYERS + 1], *mask[BT_MAX_LAYERS];
    int *arg[BT_MAX_LAYERS];
    unsigned char *y;
    float *loss;          /* per sample */
    int *correct;         /* per sample */
    float *host_mask;
    int training;         /* the last forward pass applied dropout */
    char name[256];
};

#define CK(call)                                                                                 \
    do {                                                                                         \
        cudaError_t e_ = (call);                                                                 \
        if (e_ != cudaSuccess) {                                                                 \
            snprintf(err, errsize, "CUDA: %s", cudaGetErrorString(e_));                         \
            return -1;                                                                           \
        }                                                                                        \
    } while (0)

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

__global__ void k_bias_grad(const float *dy, float *gb, int n, int c, int plane)
{
    int co = blockIdx.x * blockDim.x + threadIdx.x;
    if (co >= c)
        return;
    float acc = 0;
    for (int s = 0; s < n; s++)
        for (int k = 0; k < plane; k++)
            acc += dy[((size_t)s * c + co) * plane + k];
    gb[co] = acc;
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

__global__ void k_softmax_ce(const float *z, const unsigned char *y, float *dz, float *loss,
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
    loss[s] = (float)(log(sum) + mx - zs[y[s]]);
    correct[s] = am == y[s];
    if (dz)
        for (int c = 0; c < classes; c++)
            dz[(size_t)s * classes + c] = (float)((exp((double)zs[c] - mx) / sum - (c == y[s])) / n);
}

__global__ void k_adam(float *p, const float *g, float *m, float *v, size_t n, float lr_t)
{
    size_t t = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (t >= n)
        return;
    float gg = g[t];
    m[t] = 0.9f * m[t] + 0.1f * gg;
    v[t] = 0.999f * v[t] + 0.001f * gg * gg;
    p[t] -= lr_t * m[t] / (sqrtf(v[t]) + 1e-7f);
}

static size_t osize(const struct bt_layer *l)
{
    return (size_t)l->cout * l->hout * l->wout;
}

static size_t isize(const struct bt_layer *l)
{
    return (size_t)l->cin * l->hin * l->win;
}

#ifndef BT_CUDA_HOME
#define BT_CUDA_HOME "/usr/local/cuda"
#endif

/* Loads cuBLAS of the major version we were built with, by name or from BT_CUDA_HOME. */
static void blas_open(struct blas *b)
{
    char name[64], path[512];
    cublasStatus_t (*create)(cublasHandle_t *);
    cublasStatus_t (*math)(cublasHandle_t, cublasMath_t);

    memset(b, 0, sizeof(*b));
    snprintf(name, sizeof(name), "libcublas.so.%d", CUBLAS_VER_MAJOR);
    snprintf(path, sizeof(path), "%s/lib64/%s", BT_CUDA_HOME, name);
    if (!(b->lib = dlopen(name, RTLD_NOW | RTLD_LOCAL)) &&
        !(b->lib = dlopen(path, RTLD_NOW | RTLD_LOCAL)))
        return;
    create = (cublasStatus_t(*)(cublasHandle_t *))dlsym(b->lib, "cublasCreate_v2");
    math = (cublasStatus_t(*)(cublasHandle_t, cublasMath_t))dlsym(b->lib, "cublasSetMathMode");
    b->destroy = (cublasStatus_t(*)(cublasHandle_t))dlsym(b->lib, "cublasDestroy_v2");
    *(void **)&b->sgemm = dlsym(b->lib, "cublasSgemm_v2");
    if (!create || !b->destroy || !b->sgemm || create(&b->h) != CUBLAS_STATUS_SUCCESS) {
        dlclose(b->lib);
        b->lib = NULL;
        return;
    }
    if (math)
        math(b->h, CUBLAS_DEFAULT_MATH);   /* FP32 throughout: no TF32 tensor ops */
}

static void blas_close(struct blas *b)
{
    if (!b->lib)
        return;
    b->destroy(b->h);
    dlclose(b->lib);
    b->lib = NULL;
}

/*
 * Row-major C[m x n] = op(A) op(B) (+ C when add), through column-major
 * cuBLAS: a row-major matrix is its transpose in column-major, so cuBLAS
 * computes C^T = op(B)^T op(A)^T with the operands swapped.
 */
static int sgemm(struct cu *c, int ta, int tb, int m, int n, int k, const float *a, int lda,
                 const float *b, int ldb, float *out, int ldc, int add)
{
    const float one = 1.0f, zero = 0.0f;
    return c->blas.sgemm(c->blas.h, tb ? CUBLAS_OP_T : CUBLAS_OP_N, ta ? CUBLAS_OP_T : CUBLAS_OP_N,
                         n, m, k, &one, b, ldb, a, lda, add ? &one : &zero, out, ldc) ==
                   CUBLAS_STATUS_SUCCESS ? 0 : -1;
}

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

/* Y = X W + b: bias rows, then the product added (cuBLAS), or the own kernel. */
static int dense_fwd(struct cu *c, const struct bt_layer *l, const float *in, float *out, int n)
{
    int ni = (int)isize(l), no = l->cout;
    size_t total = (size_t)n * no;

    if (!c->blas.lib) {
        k_dense_fwd<<<BLOCKS(total), T>>>(c->p + l->w_off, c->p + l->b_off, in, out, n, ni, no,
                                          l->relu);
        return 0;
    }
    k_bias_fill<<<BLOCKS(total), T>>>(c->p + l->b_off, out, total, no);
    if (sgemm(c, 0, 0, n, no, ni, in, ni, c->p + l->w_off, no, out, no, 1) < 0)
        return -1;
    if (l->relu)
        k_relu<<<BLOCKS(total), T>>>(out, total);
    return 0;
}

/* dW = X^T dY, db, and (din not NULL) dX = dY W^T. */
static int dense_bwd(struct cu *c, const struct bt_layer *l, const float *in, const float *dout,
                     float *din, int n)
{
    int ni = (int)isize(l), no = l->cout;

    k_bias_grad<<<BLOCKS(no), T>>>(dout, c->g + l->b_off, n, no, 1);
    if (!c->blas.lib) {
        k_dense_gw<<<BLOCKS(l->w_len), T>>>(in, dout, c->g + l->w_off, n, ni, no);
        if (din)
            k_dense_din<<<BLOCKS((size_t)n * ni), T>>>(c->p + l->w_off, dout, din, n, ni, no);
        return 0;
    }
    if (sgemm(c, 1, 0, ni, no, n, in, ni, dout, no, c->g + l->w_off, no, 0) < 0)
        return -1;
    if (din && sgemm(c, 0, 1, n, ni, no, dout, no, c->p + l->w_off, no, din, ni, 0) < 0)
        return -1;
    return 0;
}

static const char *cu_detail(void *ctx)
{
    return ((struct cu *)ctx)->blas.lib ? "gemm=cublas" : "gemm=kernels";
}

static void cu_close(void *ctx);

static void *cu_open(const struct bt_net *net, const float *params, int device, int max_batch,
                     char *err, size_t errsize)
{
    struct cu *c = (struct cu *)calloc(1, sizeof(*c));
    struct cudaDeviceProp prop;
    size_t in = (size_t)net->in_c * net->in_h * net->in_w;
    cudaError_t e;

    c->net = *net;
    c->max_batch = max_batch;
    if ((e = cudaSetDevice(device)) != cudaSuccess ||
        (e = cudaGetDeviceProperties(&prop, device)) != cudaSuccess) {
        snprintf(err, errsize, "no CUDA device %d: %s", device, cudaGetErrorString(e));
        free(c);
        return NULL;
    }
    snprintf(c->name, sizeof(c->name), "%s", prop.name);
    blas_open(&c->blas);
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
    cudaMemcpy(c->p, params, net->nparams * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemset(c->m, 0, net->nparams * sizeof(float));
    cudaMemset(c->v, 0, net->nparams * sizeof(float));
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
    ALLOC(c->loss, (size_t)max_batch * sizeof(float));
    ALLOC(c->correct, (size_t)max_batch * sizeof(int));
#undef ALLOC
    c->host_mask = (float *)malloc((size_t)max_batch * net->max_act * sizeof(float));
    return c;
}

static const char *cu_device_name(void *ctx)
{
    return ((struct cu *)ctx)->name;
}

static int forward(struct cu *c, int n, int training, const struct bt_step *st, char *err, size_t errsize)
{
    c->training = training;
    for (int i = 0; i < c->net.nlayers; i++) {
        const struct bt_layer *l = &c->net.layer[i];
        float *in = c->act[i], *out = c->act[i + 1];
        size_t total = (size_t)n * osize(l);
        switch (l->kind) {
        case BT_DENSE:
            if (dense_fwd(c, l, in, out, n) < 0) {
                snprintf(err, errsize, "cuBLAS: SGEMM failed");
                return -1;
            }
            break;
        case BT_CONV3:
            k_conv_fwd<<<BLOCKS(total), T>>>(c->p + l->w_off, c->p + l->b_off, in, out, n, l->cin,
                                             l->hin, l->win, l->cout, l->relu, l->pad);
            break;
        case BT_MAXPOOL2:
            k_pool_fwd<<<BLOCKS(total), T>>>(in, out, c->arg[i], n, l->cin, l->hin, l->win);
            break;
        case BT_FLATTEN:
            CK(cudaMemcpy(out, in, total * sizeof(float), cudaMemcpyDeviceToDevice));
            break;
        case BT_DROPOUT:
            if (training) {
                bt_dropout_mask(c->host_mask, total, l->rate, st, i);
                CK(cudaMemcpy(c->mask[i], c->host_mask, total * sizeof(float),
                              cudaMemcpyHostToDevice));
                k_mul<<<BLOCKS(total), T>>>(in, c->mask[i], out, total);
            } else {
                CK(cudaMemcpy(out, in, total * sizeof(float), cudaMemcpyDeviceToDevice));
            }
            break;
        }
        CK(cudaGetLastError());
    }
    return 0;
}

static int backward(struct cu *c, int n, char *err, size_t errsize)
{
    for (int i = c->net.nlayers - 1; i >= 0; i--) {
        const struct bt_layer *l = &c->net.layer[i];
        float *dout = c->dact[i + 1], *din = c->dact[i], *out = c->act[i + 1], *in = c->act[i];
        size_t total = (size_t)n * osize(l), tin = (size_t)n * isize(l);
        if (l->relu)
            k_relu_bwd<<<BLOCKS(total), T>>>(out, dout, total);
        switch (l->kind) {
        case BT_DENSE:
            if (dense_bwd(c, l, in, dout, bt_net_wants_din(&c->net, i) ? din : NULL, n) < 0) {
                snprintf(err, errsize, "cuBLAS: SGEMM failed");
                return -1;
            }
            break;
        case BT_CONV3:
            k_conv_gw<<<BLOCKS(l->w_len), T>>>(in, dout, c->g + l->w_off, n, l->cin, l->hin,
                                                l->win, l->cout, l->pad);
            k_bias_grad<<<BLOCKS(l->cout), T>>>(dout, c->g + l->b_off, n, l->cout,
                                                 l->hout * l->wout);
            if (bt_net_wants_din(&c->net, i))
                k_conv_din<<<BLOCKS(tin), T>>>(c->p + l->w_off, dout, din, n, l->cin, l->hin,
                                               l->win, l->cout, l->pad);
            break;
        case BT_MAXPOOL2:
            CK(cudaMemset(din, 0, tin * sizeof(float)));
            k_pool_bwd<<<BLOCKS(total), T>>>(dout, c->arg[i], din, n, l->cin, l->hin, l->win);
            break;
        case BT_FLATTEN:
            CK(cudaMemcpy(din, dout, total * sizeof(float), cudaMemcpyDeviceToDevice));
            break;
        case BT_DROPOUT:
            if (c->training)
                k_mul<<<BLOCKS(total), T>>>(dout, c->mask[i], din, total);
            else
                CK(cudaMemcpy(din, dout, total * sizeof(float), cudaMemcpyDeviceToDevice));
            break;
        }
        CK(cudaGetLastError());
    }
    return 0;
}

/* Loads a batch, runs forward and the loss; sums loss and correct on the host. */
static int run_batch(struct cu *c, const float *x, const uint8_t *y, int n, int training,
                     const struct bt_step *st, int want_grad, double *loss, int *correct, char *err,
                     size_t errsize)
{
    size_t in = (size_t)c->net.in_c * c->net.in_h * c->net.in_w;
    float lh[4096];
    int ch[4096];

    if (n > c->max_batch || n > 4096) {
        snprintf(err, errsize, "batch of %d is larger than %d", n, c->max_batch);
        return -1;
    }
    CK(cudaMemcpy(c->act[0], x, (size_t)n * in * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(c->y, y, (size_t)n, cudaMemcpyHostToDevice));
    if (forward(c, n, training, st, err, errsize) < 0)
        return -1;
    k_softmax_ce<<<BLOCKS(n), T>>>(c->act[c->net.nlayers], c->y,
                                   want_grad ? c->dact[c->net.nlayers] : NULL, c->loss, c->correct,
                                   n, c->net.classes);
    CK(cudaMemcpy(lh, c->loss, (size_t)n * sizeof(float), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(ch, c->correct, (size_t)n * sizeof(int), cudaMemcpyDeviceToHost));
    *loss = 0;
    *correct = 0;
    for (int s = 0; s < n; s++) {
        *loss += lh[s];
        *correct += ch[s];
    }
    *loss /= n;
    if (want_grad)
        return backward(c, n, err, errsize);
    return 0;
}

static int cu_train(void *ctx, const float *x, const uint8_t *y, int n, const struct bt_step *st,
                    double *loss, int *correct, char *err, size_t errsize)
{
    struct cu *c = (struct cu *)ctx;
    float lr_t;

    if (run_batch(c, x, y, n, 1, st, 1, loss, correct, err, errsize) < 0)
        return -1;
    c->step++;
    lr_t = 1e-3f * sqrtf(1 - powf(0.999f, (float)c->step)) / (1 - powf(0.9f, (float)c->step));
    k_adam<<<BLOCKS(c->net.nparams), T>>>(c->p, c->g, c->m, c->v, c->net.nparams, lr_t);
    CK(cudaGetLastError());
    return 0;
}

static int cu_eval(void *ctx, const float *x, const uint8_t *y, int n, double *loss, int *correct,
                   char *err, size_t errsize)
{
    return run_batch((struct cu *)ctx, x, y, n, 0, NULL, 0, loss, correct, err, errsize);
}

static int cu_get_params(void *ctx, float *params)
{
    struct cu *c = (struct cu *)ctx;
    return cudaMemcpy(params, c->p, c->net.nparams * sizeof(float), cudaMemcpyDeviceToHost) ==
                   cudaSuccess
               ? 0
               : -1;
}

static int cu_gradients(void *ctx, const float *x, const uint8_t *y, int n, float *grad,
                        double *loss, char *err, size_t errsize)
{
    struct cu *c = (struct cu *)ctx;
    int correct;
    if (run_batch(c, x, y, n, 0, NULL, 1, loss, &correct, err, errsize) < 0)
        return -1;
    CK(cudaMemcpy(grad, c->g, c->net.nparams * sizeof(float), cudaMemcpyDeviceToHost));
    return 0;
}

static void cu_close(void *ctx)
{
    struct cu *c = (struct cu *)ctx;
    if (!c)
        return;
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
    free(c->host_mask);
    free(c);
}

extern "C" const struct bt_backend bt_backend_cuda = {
    "cuda", cu_open, cu_device_name, cu_train, cu_eval, cu_get_params, cu_gradients, cu_close,
    cu_detail,
};
