#ifndef BT_CUDA_DNN_H
#define BT_CUDA_DNN_H
/*
 * cuda_dnn.cu: the cuda backend's convolutions through cuDNN, loaded with
 * dlopen (libcudnn.so.9, then .8, by name and from $BT_CUDA_HOME/lib64, or
 * the file $BENCHTRAIN_CUDNN names; BENCHTRAIN_CUDNN=none leaves it out), so
 * the binary runs where cuDNN is missing and the backend falls back to
 * im2col + cuBLAS. C++ for nvcc only: the backend's private interface.
 *
 * One struct bt_dnn_conv per 3x3 convolution layer: the filter and
 * convolution descriptors, and a few plans, one per batch size seen (the
 * tensor descriptors and the algorithms cuDNN's heuristics chose for that
 * batch, with the workspace they need). Planning happens outside a CUDA
 * Graph capture; the calls themselves are capturable (no allocation, no
 * synchronisation: the caller passes the workspace).
 *
 * Math: fp32 asks for FMA kernels only (no TF32); tensor_ops lets cuDNN use
 * the tensor cores on fp32 data (TF32), for --precision tf32, whose operands
 * the caller has already rounded.
 *
 * Built where cudnn.h is found (it comes with cuDNN, not with every CUDA
 * toolkit); without it (or with -DBT_NO_CUDNN) bt_dnn_open says so and the
 * backend uses im2col.
 */
#include <cuda_runtime.h>
#include <stddef.h>

extern "C" {
#include "runner/bt.h"
}

#define BT_DNN_PLANS 6

#if defined(BT_NO_CUDNN) || !__has_include(<cudnn.h>)   /* -DBT_NO_CUDNN: as if missing */
#undef BT_NO_CUDNN
#define BT_NO_CUDNN 1
struct bt_dnn {
    void *lib;   /* always NULL */
};
struct bt_dnn_plan {
    int n;
    size_t ws;
};
struct bt_dnn_conv {
    int unused;
};
#else
#include <cudnn.h>   /* types only: the library is loaded at run time */

struct bt_dnn {
    void *lib;
    cudnnHandle_t h;
    size_t version;
    cudnnStatus_t (*create)(cudnnHandle_t *);
    cudnnStatus_t (*destroy)(cudnnHandle_t);
    cudnnStatus_t (*set_stream)(cudnnHandle_t, cudaStream_t);
    const char *(*error)(cudnnStatus_t);
    cudnnStatus_t (*create_tensor)(cudnnTensorDescriptor_t *);
    cudnnStatus_t (*set_tensor)(cudnnTensorDescriptor_t, cudnnTensorFormat_t, cudnnDataType_t,
                                int, int, int, int);
    cudnnStatus_t (*destroy_tensor)(cudnnTensorDescriptor_t);
    cudnnStatus_t (*create_filter)(cudnnFilterDescriptor_t *);
    cudnnStatus_t (*set_filter)(cudnnFilterDescriptor_t, cudnnDataType_t, cudnnTensorFormat_t,
                                int, int, int, int);
    cudnnStatus_t (*destroy_filter)(cudnnFilterDescriptor_t);
    cudnnStatus_t (*create_conv)(cudnnConvolutionDescriptor_t *);
    cudnnStatus_t (*set_conv)(cudnnConvolutionDescriptor_t, int, int, int, int, int, int,
                              cudnnConvolutionMode_t, cudnnDataType_t);
    cudnnStatus_t (*set_math)(cudnnConvolutionDescriptor_t, cudnnMathType_t);
    cudnnStatus_t (*destroy_conv)(cudnnConvolutionDescriptor_t);
    cudnnStatus_t (*fwd_algos)(cudnnHandle_t, cudnnTensorDescriptor_t, cudnnFilterDescriptor_t,
                               cudnnConvolutionDescriptor_t, cudnnTensorDescriptor_t, int, int *,
                               cudnnConvolutionFwdAlgoPerf_t *);
    cudnnStatus_t (*fwd)(cudnnHandle_t, const void *, cudnnTensorDescriptor_t, const void *,
                         cudnnFilterDescriptor_t, const void *, cudnnConvolutionDescriptor_t,
                         cudnnConvolutionFwdAlgo_t, void *, size_t, const void *,
                         cudnnTensorDescriptor_t, void *);
    cudnnStatus_t (*bwd_data_algos)(cudnnHandle_t, cudnnFilterDescriptor_t,
                                    cudnnTensorDescriptor_t, cudnnConvolutionDescriptor_t,
                                    cudnnTensorDescriptor_t, int, int *,
                                    cudnnConvolutionBwdDataAlgoPerf_t *);
    cudnnStatus_t (*bwd_data)(cudnnHandle_t, const void *, cudnnFilterDescriptor_t, const void *,
                              cudnnTensorDescriptor_t, const void *, cudnnConvolutionDescriptor_t,
                              cudnnConvolutionBwdDataAlgo_t, void *, size_t, const void *,
                              cudnnTensorDescriptor_t, void *);
    cudnnStatus_t (*bwd_filter_algos)(cudnnHandle_t, cudnnTensorDescriptor_t,
                                      cudnnTensorDescriptor_t, cudnnConvolutionDescriptor_t,
                                      cudnnFilterDescriptor_t, int, int *,
                                      cudnnConvolutionBwdFilterAlgoPerf_t *);
    cudnnStatus_t (*bwd_filter)(cudnnHandle_t, const void *, cudnnTensorDescriptor_t,
                                const void *, cudnnTensorDescriptor_t, const void *,
                                cudnnConvolutionDescriptor_t, cudnnConvolutionBwdFilterAlgo_t,
                                void *, size_t, const void *, cudnnFilterDescriptor_t, void *);
};

/* The descriptors and algorithms of one convolution at one batch size. */
struct bt_dnn_plan {
    int n;                                  /* 0: unused */
    cudnnTensorDescriptor_t x, y;
    cudnnConvolutionFwdAlgo_t fwd;
    cudnnConvolutionBwdDataAlgo_t bwd_data;
    cudnnConvolutionBwdFilterAlgo_t bwd_filter;
    /* the math each was ranked with; set on the descriptor before its call */
    cudnnMathType_t fwd_math, bwd_data_math, bwd_filter_math;
    size_t ws;                              /* bytes of workspace the three need */
};

struct bt_dnn_conv {
    cudnnFilterDescriptor_t w;
    cudnnConvolutionDescriptor_t conv;
    int tensor_ops;
    struct bt_dnn_plan plan[BT_DNN_PLANS];
    int next;                               /* the plan replaced next */
};
#endif

/*
 * Loads cuDNN and makes a handle on `stream`. 0, or -1 (d->lib NULL) when
 * it is missing, disabled or fails; `why` then says which, in a few words.
 */
int bt_dnn_open(struct bt_dnn *d, const char *cuda_home, cudaStream_t stream, char *why,
                size_t whysize);
void bt_dnn_close(struct bt_dnn *d);

/* The descriptors of layer l (a BT_CONV3). 0, or -1 with err. */
int bt_dnn_conv_init(struct bt_dnn *d, struct bt_dnn_conv *c, const struct bt_layer *l,
                     int tensor_ops, char *err, size_t errsize);
void bt_dnn_conv_fini(struct bt_dnn *d, struct bt_dnn_conv *c);
/*
 * The plan of layer l for batch n, made when new: algorithms that compute
 * the products as they are (implicit GEMM, GEMM, direct; no FFT or
 * Winograd), whose workspace fits in ws_cap bytes, deterministic first;
 * without tensor_ops only those ranked with CUDNN_FMA_MATH (plain fp32:
 * the default math lets cuDNN use TF32 on Ampere and later). NULL with err
 * when cuDNN offers none. Not inside a graph capture when n is new.
 */
const struct bt_dnn_plan *bt_dnn_conv_plan(struct bt_dnn *d, struct bt_dnn_conv *c,
                                           const struct bt_layer *l, int n, size_t ws_cap,
                                           char *err, size_t errsize);
/* Forgets every plan (after a change of math). */
void bt_dnn_conv_forget(struct bt_dnn *d, struct bt_dnn_conv *c);

/*
 * y = conv(x, w); dw = conv_filter_grad(x, dy); dx = conv_data_grad(w, dy),
 * each overwriting its output, with plan p and workspace ws (at least
 * p->ws bytes). 0, or -1 with err.
 */
int bt_dnn_fwd(struct bt_dnn *d, struct bt_dnn_conv *c, const struct bt_dnn_plan *p,
               const float *x, const float *w, float *y, void *ws, size_t wsize, char *err,
               size_t errsize);
int bt_dnn_bwd_filter(struct bt_dnn *d, struct bt_dnn_conv *c, const struct bt_dnn_plan *p,
                      const float *x, const float *dy, float *dw, void *ws, size_t wsize,
                      char *err, size_t errsize);
int bt_dnn_bwd_data(struct bt_dnn *d, struct bt_dnn_conv *c, const struct bt_dnn_plan *p,
                    const float *w, const float *dy, float *dx, void *ws, size_t wsize,
                    char *err, size_t errsize);

#endif
