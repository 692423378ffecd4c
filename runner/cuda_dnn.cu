/*
 * cuda_dnn.cu: cuDNN for the cuda backend's convolutions, loaded at run time
 * (runner/cuda_dnn.h is the manual).
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/cuda_dnn.h"

#ifdef BT_NO_CUDNN
int bt_dnn_open(struct bt_dnn *d, const char *cuda_home, cudaStream_t stream, char *why,
                size_t whysize)
{
    (void)cuda_home;
    (void)stream;
    d->lib = NULL;
    snprintf(why, whysize, "built without cudnn.h");
    return -1;
}

void bt_dnn_close(struct bt_dnn *d)
{
    (void)d;
}

int bt_dnn_conv_init(struct bt_dnn *d, struct bt_dnn_conv *c, const struct bt_layer *l,
                     int tensor_ops, char *err, size_t errsize)
{
    (void)d, (void)c, (void)l, (void)tensor_ops;
    snprintf(err, errsize, "built without cudnn.h");
    return -1;
}

void bt_dnn_conv_fini(struct bt_dnn *d, struct bt_dnn_conv *c)
{
    (void)d, (void)c;
}

const struct bt_dnn_plan *bt_dnn_conv_plan(struct bt_dnn *d, struct bt_dnn_conv *c,
                                           const struct bt_layer *l, int n, size_t ws_cap,
                                           char *err, size_t errsize)
{
    (void)d, (void)c, (void)l, (void)n, (void)ws_cap;
    snprintf(err, errsize, "built without cudnn.h");
    return NULL;
}

void bt_dnn_conv_forget(struct bt_dnn *d, struct bt_dnn_conv *c)
{
    (void)d, (void)c;
}

#define NO_DNN(...)                                                                             \
    {                                                                                           \
        snprintf(err, errsize, "built without cudnn.h");                                        \
        return -1;                                                                              \
    }
int bt_dnn_fwd(struct bt_dnn *, struct bt_dnn_conv *, const struct bt_dnn_plan *, const float *,
               const float *, float *, void *, size_t, char *err, size_t errsize) NO_DNN()
int bt_dnn_bwd_filter(struct bt_dnn *, struct bt_dnn_conv *, const struct bt_dnn_plan *,
                      const float *, const float *, float *, void *, size_t, char *err,
                      size_t errsize) NO_DNN()
int bt_dnn_bwd_data(struct bt_dnn *, struct bt_dnn_conv *, const struct bt_dnn_plan *,
                    const float *, const float *, float *, void *, size_t, char *err,
                    size_t errsize) NO_DNN()
#else

#define SYM(field, name) (*(void **)&d->field = dlsym(d->lib, name))

/* Every entry point, or 0 when one is missing. */
static int dnn_symbols(struct bt_dnn *d)
{
    return SYM(create, "cudnnCreate") && SYM(destroy, "cudnnDestroy") &&
           SYM(set_stream, "cudnnSetStream") && SYM(error, "cudnnGetErrorString") &&
           SYM(create_tensor, "cudnnCreateTensorDescriptor") &&
           SYM(set_tensor, "cudnnSetTensor4dDescriptor") &&
           SYM(destroy_tensor, "cudnnDestroyTensorDescriptor") &&
           SYM(create_filter, "cudnnCreateFilterDescriptor") &&
           SYM(set_filter, "cudnnSetFilter4dDescriptor") &&
           SYM(destroy_filter, "cudnnDestroyFilterDescriptor") &&
           SYM(create_conv, "cudnnCreateConvolutionDescriptor") &&
           SYM(set_conv, "cudnnSetConvolution2dDescriptor") &&
           SYM(set_math, "cudnnSetConvolutionMathType") &&
           SYM(destroy_conv, "cudnnDestroyConvolutionDescriptor") &&
           SYM(fwd_algos, "cudnnGetConvolutionForwardAlgorithm_v7") &&
           SYM(fwd, "cudnnConvolutionForward") &&
           SYM(bwd_data_algos, "cudnnGetConvolutionBackwardDataAlgorithm_v7") &&
           SYM(bwd_data, "cudnnConvolutionBackwardData") &&
           SYM(bwd_filter_algos, "cudnnGetConvolutionBackwardFilterAlgorithm_v7") &&
           SYM(bwd_filter, "cudnnConvolutionBackwardFilter");
}

int bt_dnn_open(struct bt_dnn *d, const char *cuda_home, cudaStream_t stream, char *why,
                size_t whysize)
{
    static const char *const names[] = { "libcudnn.so.9", "libcudnn.so.8" };
    const char *env = getenv("BENCHTRAIN_CUDNN");
    size_t (*version)(void);
    char path[512];

    memset(d, 0, sizeof(*d));
    if (env && !strcmp(env, "none")) {
        snprintf(why, whysize, "BENCHTRAIN_CUDNN=none");
        return -1;
    }
    if (env && *env)
        d->lib = dlopen(env, RTLD_NOW | RTLD_LOCAL);
    for (int i = 0; i < 2 && !d->lib && !(env && *env); i++) {
        snprintf(path, sizeof(path), "%s/lib64/%s", cuda_home, names[i]);
        if (!(d->lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL)))
            d->lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    }
    if (!d->lib) {
        snprintf(why, whysize, "no libcudnn.so.9 or .8");
        return -1;
    }
    *(void **)&version = dlsym(d->lib, "cudnnGetVersion");
    d->version = version ? version() : 0;
    if (!dnn_symbols(d) || d->create(&d->h) != CUDNN_STATUS_SUCCESS ||
        d->set_stream(d->h, stream) != CUDNN_STATUS_SUCCESS) {
        snprintf(why, whysize, "cuDNN %zu did not start", d->version);
        if (d->h && d->destroy)
            d->destroy(d->h);
        dlclose(d->lib);
        memset(d, 0, sizeof(*d));
        return -1;
    }
    return 0;
}

void bt_dnn_close(struct bt_dnn *d)
{
    if (!d->lib)
        return;
    d->destroy(d->h);
    dlclose(d->lib);
    memset(d, 0, sizeof(*d));
}

#define DNN(call)                                                                               \
    do {                                                                                        \
        cudnnStatus_t s_ = (call);                                                              \
        if (s_ != CUDNN_STATUS_SUCCESS) {                                                       \
            snprintf(err, errsize, "cuDNN: %s: %s", #call, d->error(s_));                      \
            return -1;                                                                          \
        }                                                                                       \
    } while (0)

int bt_dnn_conv_init(struct bt_dnn *d, struct bt_dnn_conv *c, const struct bt_layer *l,
                     int tensor_ops, char *err, size_t errsize)
{
    memset(c, 0, sizeof(*c));
    c->tensor_ops = tensor_ops;
    DNN(d->create_filter(&c->w));
    DNN(d->set_filter(c->w, CUDNN_DATA_FLOAT, CUDNN_TENSOR_NCHW, l->cout, l->cin, 3, 3));
    DNN(d->create_conv(&c->conv));
    /* cross-correlation, as the reference: output (y, x) reads input (y + ky - pad, x + kx - pad) */
    DNN(d->set_conv(c->conv, l->pad, l->pad, 1, 1, 1, 1, CUDNN_CROSS_CORRELATION,
                    CUDNN_DATA_FLOAT));
    DNN(d->set_math(c->conv, tensor_ops ? CUDNN_DEFAULT_MATH : CUDNN_FMA_MATH));
    return 0;
}

static void plan_free(struct bt_dnn *d, struct bt_dnn_plan *p)
{
    if (p->x)
        d->destroy_tensor(p->x);
    if (p->y)
        d->destroy_tensor(p->y);
    memset(p, 0, sizeof(*p));
}

void bt_dnn_conv_forget(struct bt_dnn *d, struct bt_dnn_conv *c)
{
    for (int i = 0; i < BT_DNN_PLANS; i++)
        plan_free(d, &c->plan[i]);
    c->next = 0;
}

void bt_dnn_conv_fini(struct bt_dnn *d, struct bt_dnn_conv *c)
{
    if (!d->lib)
        return;
    bt_dnn_conv_forget(d, c);
    if (c->w)
        d->destroy_filter(c->w);
    if (c->conv)
        d->destroy_conv(c->conv);
    memset(c, 0, sizeof(*c));
}

/*
 * The algorithms that compute the products as they are (implicit GEMM,
 * GEMM, direct): FFT and Winograd transform the operands and round
 * differently, which --check would see at 1e-4.
 */
static int exact_fwd(cudnnConvolutionFwdAlgo_t a)
{
    return a == CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM ||
           a == CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM ||
           a == CUDNN_CONVOLUTION_FWD_ALGO_GEMM || a == CUDNN_CONVOLUTION_FWD_ALGO_DIRECT;
}

static int exact_bwd_data(cudnnConvolutionBwdDataAlgo_t a)
{
    return a == CUDNN_CONVOLUTION_BWD_DATA_ALGO_0 || a == CUDNN_CONVOLUTION_BWD_DATA_ALGO_1;
}

static int exact_bwd_filter(cudnnConvolutionBwdFilterAlgo_t a)
{
    return a == CUDNN_CONVOLUTION_BWD_FILTER_ALGO_0 || a == CUDNN_CONVOLUTION_BWD_FILTER_ALGO_1 ||
           a == CUDNN_CONVOLUTION_BWD_FILTER_ALGO_3;
}

/*
 * Of cuDNN's ranked results, the first that works, is exact, fits in `cap`
 * and keeps to the math asked for (FMA only at fp32: CUDNN_DEFAULT_MATH
 * allows TF32 on Ampere and later), deterministic ones preferred; its
 * index, or -1.
 */
template <typename R, typename A>
static int pick(const R *res, int count, size_t cap, int tensor_ops, int (*exact)(A))
{
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < count; i++)
            if (res[i].status == CUDNN_STATUS_SUCCESS && res[i].memory <= cap &&
                exact(res[i].algo) &&
                (tensor_ops || res[i].mathType == CUDNN_FMA_MATH) &&
                (pass || res[i].determinism == CUDNN_DETERMINISTIC))
                return i;
    return -1;
}

const struct bt_dnn_plan *bt_dnn_conv_plan(struct bt_dnn *d, struct bt_dnn_conv *c,
                                           const struct bt_layer *l, int n, size_t ws_cap,
                                           char *err, size_t errsize)
{
    cudnnConvolutionFwdAlgoPerf_t fr[16];
    cudnnConvolutionBwdDataAlgoPerf_t dr[16];
    cudnnConvolutionBwdFilterAlgoPerf_t wr[16];
    struct bt_dnn_plan *p;
    int nf = 0, nd = 0, nw = 0, f, b, w;

    for (int i = 0; i < BT_DNN_PLANS; i++)
        if (c->plan[i].n == n)
            return &c->plan[i];
    p = &c->plan[c->next];
    c->next = (c->next + 1) % BT_DNN_PLANS;
    plan_free(d, p);
    if (d->create_tensor(&p->x) != CUDNN_STATUS_SUCCESS ||
        d->create_tensor(&p->y) != CUDNN_STATUS_SUCCESS ||
        d->set_tensor(p->x, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, n, l->cin, l->hin, l->win) !=
            CUDNN_STATUS_SUCCESS ||
        d->set_tensor(p->y, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, n, l->cout, l->hout,
                      l->wout) != CUDNN_STATUS_SUCCESS ||
        d->fwd_algos(d->h, p->x, c->w, c->conv, p->y, 16, &nf, fr) != CUDNN_STATUS_SUCCESS ||
        d->bwd_data_algos(d->h, c->w, p->y, c->conv, p->x, 16, &nd, dr) !=
            CUDNN_STATUS_SUCCESS ||
        d->bwd_filter_algos(d->h, p->x, p->y, c->conv, c->w, 16, &nw, wr) !=
            CUDNN_STATUS_SUCCESS) {
        snprintf(err, errsize, "cuDNN: no plan for a %dx%dx%d convolution at batch %d", l->cin,
                 l->hin, l->win, n);
        plan_free(d, p);
        return NULL;
    }
    f = pick(fr, nf, ws_cap, c->tensor_ops, exact_fwd);
    b = pick(dr, nd, ws_cap, c->tensor_ops, exact_bwd_data);
    w = pick(wr, nw, ws_cap, c->tensor_ops, exact_bwd_filter);
    if (f < 0 || b < 0 || w < 0) {
        snprintf(err, errsize, "cuDNN: no algorithm for a %dx%dx%d convolution at batch %d",
                 l->cin, l->hin, l->win, n);
        plan_free(d, p);
        return NULL;
    }
    p->n = n;
    p->fwd = fr[f].algo;
    p->bwd_data = dr[b].algo;
    p->bwd_filter = wr[w].algo;
    p->fwd_math = fr[f].mathType;
    p->bwd_data_math = dr[b].mathType;
    p->bwd_filter_math = wr[w].mathType;
    p->ws = fr[f].memory;
    if (dr[b].memory > p->ws)
        p->ws = dr[b].memory;
    if (wr[w].memory > p->ws)
        p->ws = wr[w].memory;
    return p;
}

int bt_dnn_fwd(struct bt_dnn *d, struct bt_dnn_conv *c, const struct bt_dnn_plan *p,
               const float *x, const float *w, float *y, void *ws, size_t wsize, char *err,
               size_t errsize)
{
    const float one = 1.0f, zero = 0.0f;
    DNN(d->set_math(c->conv, p->fwd_math));
    DNN(d->fwd(d->h, &one, p->x, x, c->w, w, c->conv, p->fwd, ws, wsize, &zero, p->y, y));
    return 0;
}

int bt_dnn_bwd_filter(struct bt_dnn *d, struct bt_dnn_conv *c, const struct bt_dnn_plan *p,
                      const float *x, const float *dy, float *dw, void *ws, size_t wsize,
                      char *err, size_t errsize)
{
    const float one = 1.0f, zero = 0.0f;
    DNN(d->set_math(c->conv, p->bwd_filter_math));
    DNN(d->bwd_filter(d->h, &one, p->x, x, p->y, dy, c->conv, p->bwd_filter, ws, wsize, &zero,
                      c->w, dw));
    return 0;
}

int bt_dnn_bwd_data(struct bt_dnn *d, struct bt_dnn_conv *c, const struct bt_dnn_plan *p,
                    const float *w, const float *dy, float *dx, void *ws, size_t wsize,
                    char *err, size_t errsize)
{
    const float one = 1.0f, zero = 0.0f;
    DNN(d->set_math(c->conv, p->bwd_data_math));
    DNN(d->bwd_data(d->h, &one, c->w, w, p->y, dy, c->conv, p->bwd_data, ws, wsize, &zero, p->x,
                    dx));
    return 0;
}
#endif
