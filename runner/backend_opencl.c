/*
 * backend_opencl.c: the OpenCL backend, for any OpenCL device (PoCL on a CPU
 * here). Dense layers and convolutions (through im2col, in chunks of samples)
 * are matrix products; the kernels are in opencl_kernels.c. Buffers cannot
 * be offset on the host, so kernels take buffers and offsets into them. The
 * dropout masks come from the shared host generator; the input layer's
 * gradient is not computed.
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/bt.h"

enum { K_GEMM_NN, K_GEMM_TN, K_TRANSPOSE, K_BIAS_FILL, K_IM2COL, K_COL2IM, K_BIAS_GRAD,
       K_POOL_FWD, K_POOL_BWD, K_MUL, K_RELU_BWD, K_SOFTMAX, K_ADAM, K_N };
static const char *const knames[K_N] = { "gemm_nn", "gemm_tn", "transpose", "bias_fill",
                                         "im2col", "col2im", "bias_grad", "pool_fwd",
                                         "pool_bwd", "mul", "relu_bwd", "softmax_ce", "adam" };

/* im2col's columns take at most this many floats: convolutions run in chunks of samples */
#define COLS_BUDGET (8u << 20)

struct ocl {
    struct bt_net net;
    int max_batch, training;
    long step;
    cl_context ctx;
    cl_command_queue q;
    cl_program prog;
    cl_kernel k[K_N];
    cl_mem p, g, m, v, y, loss, correct;
    cl_mem act[BT_MAX_LAYERS + 1], dact[BT_MAX_LAYERS + 1], mask[BT_MAX_LAYERS],
        arg[BT_MAX_LAYERS];
    cl_mem cols;          /* im2col columns of a chunk of samples */
    cl_mem wt;            /* a dense layer's weights, transposed */
    float *host_mask;
    char name[256];
};

/* One operand of a product: buffer, offset, leading dimension, stride between products. */
struct mat {
    cl_mem m;
    int off, ld, stride;
};

/* Sets kernel arguments: 'm' cl_mem, 'i' int, 'f' float, in the order of `types`. */
static cl_int set_args(struct ocl *o, int k, const char *types, va_list ap)
{
    cl_int e = CL_SUCCESS;
    for (cl_uint i = 0; types[i] && e == CL_SUCCESS; i++) {
        if (types[i] == 'm') {
            cl_mem m = va_arg(ap, cl_mem);
            e = clSetKernelArg(o->k[k], i, sizeof(m), &m);
        } else if (types[i] == 'i') {
            cl_int v = va_arg(ap, int);
            e = clSetKernelArg(o->k[k], i, sizeof(v), &v);
        } else {
            cl_float v = (cl_float)va_arg(ap, double);
            e = clSetKernelArg(o->k[k], i, sizeof(v), &v);
        }
    }
    return e;
}

/* Kernel k over n work-items (groups of 64). */
static int launch(struct ocl *o, int k, size_t n, const char *types, ...)
{
    va_list ap;
    size_t global = (n + 63) / 64 * 64, local = 64;
    cl_int e;

    va_start(ap, types);
    e = set_args(o, k, types, ap);
    va_end(ap);
    if (e == CL_SUCCESS && n)
        e = clEnqueueNDRangeKernel(o->q, o->k[k], 1, NULL, &global, &local, 0, NULL, NULL);
    return e == CL_SUCCESS ? 0 : (int)e;
}

/*
 * C (+)= op(A) B: m x n from depth k, op(A) = A or its transpose (ta), as
 * `batches` independent products or a sum of `sum` of them (opencl_kernels.c).
 */
static int gemm(struct ocl *o, int ta, int m, int n, int k, int batches, int sum,
                struct mat a, struct mat b, struct mat c, int add, int relu)
{
    size_t global[3] = { ((size_t)n + 63) / 64 * 4, ((size_t)m + 3) / 4, (size_t)batches };
    size_t local[3] = { 4, 1, 1 };   /* 4 x 16 blocks per work-item (opencl_kernels.c) */
    int kern = ta ? K_GEMM_TN : K_GEMM_NN;
    cl_int e = launch(o, kern, 0, "iiiimiiimiiimiiiii", m, n, k, sum, a.m, a.off, a.ld,
                      a.stride, b.m, b.off, b.ld, b.stride, c.m, c.off, c.ld, c.stride, add, relu);
    if (e == CL_SUCCESS && m && n && batches)
        e = clEnqueueNDRangeKernel(o->q, o->k[kern], 3, NULL, global, local, 0, NULL, NULL);
    return e == CL_SUCCESS ? 0 : (int)e;
}

static size_t osize(const struct bt_layer *l)
{
    return (size_t)l->cout * l->hout * l->wout;
}

static size_t isize(const struct bt_layer *l)
{
    return (size_t)l->cin * l->hin * l->win;
}

static void ocl_close(void *ctx);

/* A device buffer with 16 floats of slack after its end (the GEMM kernel's edge loads). */
static cl_mem buffer(struct ocl *o, size_t bytes, cl_int *e)
{
    return clCreateBuffer(o->ctx, CL_MEM_READ_WRITE, bytes + 16 * sizeof(float), NULL, e);
}

/* Samples per im2col chunk of conv layer l, at most n. */
static int chunk(const struct bt_layer *l, int n)
{
    size_t per = (size_t)l->cin * 9 * l->hout * l->wout, c = COLS_BUDGET / per;
    return c < 1 ? 1 : c > (size_t)n ? n : (int)c;
}

/* Floats of the largest im2col chunk (cols) and dense weight matrix (wt). */
static void scratch_sizes(const struct bt_net *net, int max_batch, size_t *cols, size_t *wt)
{
    *cols = *wt = 1;
    for (int i = 0; i < net->nlayers; i++) {
        const struct bt_layer *l = &net->layer[i];
        size_t c = (size_t)chunk(l, max_batch) * l->cin * 9 * l->hout * l->wout;
        if (l->kind == BT_CONV3 && c > *cols)
            *cols = c;
        if (l->kind == BT_DENSE && l->w_len > *wt)
            *wt = l->w_len;
    }
}

static void *ocl_open(const struct bt_net *net, const float *params, int device, int max_batch,
                      char *err, size_t errsize)
{
    struct ocl *o = calloc(1, sizeof(*o));
    cl_platform_id plats[8];
    cl_device_id devs[16], dev = NULL;
    cl_uint np = 0, nd = 0, total = 0;
    cl_int e;
    const char *src = bt_opencl_kernels;
    size_t in = (size_t)net->in_c * net->in_h * net->in_w, ncols, nwt;
    float zero = 0;

    o->net = *net;
    o->max_batch = max_batch;
    if (clGetPlatformIDs(8, plats, &np) != CL_SUCCESS || np == 0) {
        snprintf(err, errsize, "no OpenCL platform (install an ICD such as pocl-opencl-icd)");
        free(o);
        return NULL;
    }
    for (cl_uint i = 0; i < np && !dev; i++)
        if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_ALL, 16, devs, &nd) == CL_SUCCESS) {
            if (device >= (int)total && device < (int)(total + nd))
                dev = devs[device - (int)total];
            total += nd;
        }
    if (!dev) {
        snprintf(err, errsize, "no OpenCL device %d (%u found)", device, total);
        free(o);
        return NULL;
    }
    clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof(o->name), o->name, NULL);
    o->ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    if (e == CL_SUCCESS)
        o->q = clCreateCommandQueue(o->ctx, dev, 0, &e);
    if (e == CL_SUCCESS)
        o->prog = clCreateProgramWithSource(o->ctx, 1, &src, NULL, &e);
    if (e == CL_SUCCESS && (e = clBuildProgram(o->prog, 1, &dev, "-cl-denorms-are-zero", NULL, NULL)) != CL_SUCCESS) {
        char log[1024] = "";
        clGetProgramBuildInfo(o->prog, dev, CL_PROGRAM_BUILD_LOG, sizeof(log) - 1, log, NULL);
        snprintf(err, errsize, "OpenCL kernels do not build: %s", log);
        ocl_close(o);
        return NULL;
    }
    for (int k = 0; k < K_N && e == CL_SUCCESS; k++)
        o->k[k] = clCreateKernel(o->prog, knames[k], &e);
    if (e == CL_SUCCESS) o->p = buffer(o, net->nparams * 4, &e);
    if (e == CL_SUCCESS) o->g = buffer(o, net->nparams * 4, &e);
    if (e == CL_SUCCESS) o->m = buffer(o, net->nparams * 4, &e);
    if (e == CL_SUCCESS) o->v = buffer(o, net->nparams * 4, &e);
    if (e == CL_SUCCESS) o->y = buffer(o, (size_t)max_batch, &e);
    if (e == CL_SUCCESS) o->loss = buffer(o, (size_t)max_batch * 4, &e);
    if (e == CL_SUCCESS) o->correct = buffer(o, (size_t)max_batch * 4, &e);
    scratch_sizes(net, max_batch, &ncols, &nwt);
    if (e == CL_SUCCESS) o->cols = buffer(o, ncols * 4, &e);
    if (e == CL_SUCCESS) o->wt = buffer(o, nwt * 4, &e);
    if (e == CL_SUCCESS) o->act[0] = buffer(o, (size_t)max_batch * in * 4, &e);
    if (e == CL_SUCCESS) o->dact[0] = buffer(o, (size_t)max_batch * in * 4, &e);
    for (int i = 0; i < net->nlayers && e == CL_SUCCESS; i++) {
        size_t n = (size_t)max_batch * osize(&net->layer[i]);
        o->act[i + 1] = buffer(o, n * 4, &e);
        if (e == CL_SUCCESS)
            o->dact[i + 1] = buffer(o, n * 4, &e);
        if (e == CL_SUCCESS && net->layer[i].kind == BT_DROPOUT)
            o->mask[i] = buffer(o, n * 4, &e);
        if (e == CL_SUCCESS && net->layer[i].kind == BT_MAXPOOL2)
            o->arg[i] = buffer(o, n * 4, &e);
    }
    if (e == CL_SUCCESS)
        e = clEnqueueWriteBuffer(o->q, o->p, CL_TRUE, 0, net->nparams * 4, params, 0, NULL, NULL);
    if (e == CL_SUCCESS)
        e = clEnqueueFillBuffer(o->q, o->m, &zero, 4, 0, net->nparams * 4, 0, NULL, NULL);
    if (e == CL_SUCCESS)
        e = clEnqueueFillBuffer(o->q, o->v, &zero, 4, 0, net->nparams * 4, 0, NULL, NULL);
    if (e != CL_SUCCESS) {
        snprintf(err, errsize, "OpenCL setup failed (error %d)", (int)e);
        ocl_close(o);
        return NULL;
    }
    o->host_mask = malloc((size_t)max_batch * net->max_act * sizeof(float));
    return o;
}

static const char *ocl_device_name(void *ctx)
{
    return ((struct ocl *)ctx)->name;
}

static int dense_fwd(struct ocl *o, const struct bt_layer *l, cl_mem in, cl_mem out, int n)
{
    int ni = (int)isize(l), no = l->cout;
    int e = launch(o, K_BIAS_FILL, (size_t)n * no, "mimiii", o->p, (int)l->b_off, out, n, no, 1);
    if (!e)
        e = gemm(o, 0, n, no, ni, 1, 1, (struct mat){ in, 0, ni, 0 },
                 (struct mat){ o->p, (int)l->w_off, no, 0 }, (struct mat){ out, 0, no, 0 }, 1,
                 l->relu);
    return e;
}

/* Per chunk of samples: im2col, then W [cout x cin*9] times the columns, per sample. */
static int conv_fwd(struct ocl *o, const struct bt_layer *l, cl_mem in, cl_mem out, int n)
{
    int P = l->hout * l->wout, k9 = l->cin * 9, step = chunk(l, n);
    int e = launch(o, K_BIAS_FILL, (size_t)n * l->cout, "mimiii", o->p, (int)l->b_off, out, n,
                   l->cout, P);
    for (int s0 = 0; s0 < n && !e; s0 += step) {
        int c = n - s0 < step ? n - s0 : step;
        e = launch(o, K_IM2COL, (size_t)c * k9 * l->hout, "mimiiiiii", in, s0, o->cols, c,
                   l->cin, l->hin, l->win, l->pad, 0);
        if (!e)
            e = gemm(o, 0, l->cout, P, k9, c, 1, (struct mat){ o->p, (int)l->w_off, k9, 0 },
                     (struct mat){ o->cols, 0, P, k9 * P },
                     (struct mat){ out, s0 * l->cout * P, P, l->cout * P }, 1, l->relu);
    }
    return e;
}

static int forward(struct ocl *o, int n, int training, const struct bt_step *st)
{
    int e = 0;
    o->training = training;
    for (int i = 0; i < o->net.nlayers && !e; i++) {
        const struct bt_layer *l = &o->net.layer[i];
        cl_mem in = o->act[i], out = o->act[i + 1];
        size_t total = (size_t)n * osize(l);
        switch (l->kind) {
        case BT_DENSE:
            e = dense_fwd(o, l, in, out, n);
            break;
        case BT_CONV3:
            e = conv_fwd(o, l, in, out, n);
            break;
        case BT_MAXPOOL2:
            e = launch(o, K_POOL_FWD, (size_t)n * l->cin * l->hout, "mmmiiii", in, out, o->arg[i],
                       n, l->cin, l->hin, l->win);
            break;
        case BT_FLATTEN:
            e = clEnqueueCopyBuffer(o->q, in, out, 0, 0, total * 4, 0, NULL, NULL);
            break;
        case BT_DROPOUT:
            if (training) {
                bt_dropout_mask(o->host_mask, total, l->rate, st, i);
                e = clEnqueueWriteBuffer(o->q, o->mask[i], CL_FALSE, 0, total * 4, o->host_mask,
                                         0, NULL, NULL);
                if (!e)
                    e = launch(o, K_MUL, total, "mmmi", in, o->mask[i], out, (int)total);
                clFinish(o->q); /* the host mask is reused by the next layer */
            } else {
                e = clEnqueueCopyBuffer(o->q, in, out, 0, 0, total * 4, 0, NULL, NULL);
            }
            break;
        }
    }
    return e;
}

/* Weight gradient Xt dY, bias gradient, and (din not NULL) dY Wt through a transpose. */
static int dense_bwd(struct ocl *o, const struct bt_layer *l, cl_mem in, cl_mem dout, cl_mem din,
                     int n)
{
    int ni = (int)isize(l), no = l->cout;
    int e = gemm(o, 1, ni, no, n, 1, 1, (struct mat){ in, 0, ni, 0 },
                 (struct mat){ dout, 0, no, 0 }, (struct mat){ o->g, (int)l->w_off, no, 0 }, 0, 0);
    if (!e)
        e = launch(o, K_BIAS_GRAD, (size_t)no, "mmiiii", dout, o->g, (int)l->b_off, n, no, 1);
    if (!e && din)
        e = launch(o, K_TRANSPOSE, l->w_len, "mimii", o->p, (int)l->w_off, o->wt, ni, no);
    if (!e && din)
        e = gemm(o, 0, n, ni, no, 1, 1, (struct mat){ dout, 0, no, 0 },
                 (struct mat){ o->wt, 0, ni, 0 }, (struct mat){ din, 0, ni, 0 }, 0, 0);
    return e;
}

/*
 * Per chunk: the weight gradient dY [cout x P] times the transposed columns
 * [P x cin*9], summed over the chunk's samples; then (din not NULL) the
 * columns' gradient Wt dY, per sample, folded back by col2im.
 */
static int conv_bwd(struct ocl *o, const struct bt_layer *l, cl_mem in, cl_mem dout, cl_mem din,
                    int n)
{
    int P = l->hout * l->wout, k9 = l->cin * 9, step = chunk(l, n), e = 0;
    for (int s0 = 0; s0 < n && !e; s0 += step) {
        int c = n - s0 < step ? n - s0 : step;
        struct mat dy = { dout, s0 * l->cout * P, P, l->cout * P };
        e = launch(o, K_IM2COL, (size_t)c * k9 * l->hout, "mimiiiiii", in, s0, o->cols, c,
                   l->cin, l->hin, l->win, l->pad, 1);
        if (!e)
            e = gemm(o, 0, l->cout, k9, P, 1, c, dy, (struct mat){ o->cols, 0, k9, P * k9 },
                     (struct mat){ o->g, (int)l->w_off, k9, 0 }, s0 > 0, 0);
        if (!e && din)
            e = gemm(o, 1, k9, P, l->cout, c, 1, (struct mat){ o->p, (int)l->w_off, k9, 0 }, dy,
                     (struct mat){ o->cols, 0, P, k9 * P }, 0, 0);
        if (!e && din)
            e = launch(o, K_COL2IM, (size_t)c * l->cin * l->hin, "mmiiiiii", o->cols, din, s0,
                       c, l->cin, l->hin, l->win, l->pad);
    }
    if (!e)
        e = launch(o, K_BIAS_GRAD, (size_t)l->cout, "mmiiii", dout, o->g, (int)l->b_off, n,
                   l->cout, P);
    return e;
}

static int backward(struct ocl *o, int n)
{
    int e = 0;
    float zero = 0;
    for (int i = o->net.nlayers - 1; i >= 0 && !e; i--) {
        const struct bt_layer *l = &o->net.layer[i];
        cl_mem dout = o->dact[i + 1], din = o->dact[i], out = o->act[i + 1], in = o->act[i];
        size_t total = (size_t)n * osize(l), tin = (size_t)n * isize(l);
        if (l->relu)
            e = launch(o, K_RELU_BWD, total, "mmi", out, dout, (int)total);
        if (e)
            break;
        switch (l->kind) {
        case BT_DENSE:
            e = dense_bwd(o, l, in, dout, bt_net_wants_din(&o->net, i) ? din : NULL, n);
            break;
        case BT_CONV3:
            e = conv_bwd(o, l, in, dout, bt_net_wants_din(&o->net, i) ? din : NULL, n);
            break;
        case BT_MAXPOOL2:
            e = clEnqueueFillBuffer(o->q, din, &zero, 4, 0, tin * 4, 0, NULL, NULL);
            if (!e)
                e = launch(o, K_POOL_BWD, total, "mmmiiii", dout, o->arg[i], din, n, l->cin,
                           l->hin, l->win);
            break;
        case BT_FLATTEN:
            e = clEnqueueCopyBuffer(o->q, dout, din, 0, 0, total * 4, 0, NULL, NULL);
            break;
        case BT_DROPOUT:
            if (o->training)
                e = launch(o, K_MUL, total, "mmmi", dout, o->mask[i], din, (int)total);
            else
                e = clEnqueueCopyBuffer(o->q, dout, din, 0, 0, total * 4, 0, NULL, NULL);
            break;
        }
    }
    return e;
}

static int run_batch(struct ocl *o, const float *x, const uint8_t *y, int n, int training,
                     const struct bt_step *st, int grad, double *loss, int *correct, char *err,
                     size_t errsize)
{
    size_t in = (size_t)o->net.in_c * o->net.in_h * o->net.in_w;
    float lh[4096];
    cl_int ch[4096];
    int e;

    if (n > o->max_batch || n > 4096) {
        snprintf(err, errsize, "batch of %d is larger than %d", n, o->max_batch);
        return -1;
    }
    e = clEnqueueWriteBuffer(o->q, o->act[0], CL_FALSE, 0, (size_t)n * in * 4, x, 0, NULL, NULL);
    if (!e)
        e = clEnqueueWriteBuffer(o->q, o->y, CL_FALSE, 0, (size_t)n, y, 0, NULL, NULL);
    if (!e)
        e = forward(o, n, training, st);
    if (!e)
        e = launch(o, K_SOFTMAX, (size_t)n, "mmmmmiii", o->act[o->net.nlayers], o->y,
                   o->dact[o->net.nlayers], o->loss, o->correct, n, o->net.classes, grad);
    if (!e)
        e = clEnqueueReadBuffer(o->q, o->loss, CL_FALSE, 0, (size_t)n * 4, lh, 0, NULL, NULL);
    if (!e)
        e = clEnqueueReadBuffer(o->q, o->correct, CL_TRUE, 0, (size_t)n * 4, ch, 0, NULL, NULL);
    if (!e && grad)
        e = backward(o, n);
    if (e) {
        snprintf(err, errsize, "OpenCL error %d", e);
        return -1;
    }
    *loss = 0;
    *correct = 0;
    for (int s = 0; s < n; s++) {
        *loss += lh[s];
        *correct += ch[s];
    }
    *loss /= n;
    return 0;
}

static int ocl_train(void *ctx, const float *x, const uint8_t *y, int n, const struct bt_step *st,
                     double *loss, int *correct, char *err, size_t errsize)
{
    struct ocl *o = ctx;
    float lr_t;

    if (run_batch(o, x, y, n, 1, st, 1, loss, correct, err, errsize) < 0)
        return -1;
    o->step++;
    lr_t = 1e-3f * sqrtf(1 - powf(0.999f, (float)o->step)) / (1 - powf(0.9f, (float)o->step));
    if (launch(o, K_ADAM, o->net.nparams, "mmmmif", o->p, o->g, o->m, o->v, (int)o->net.nparams,
               (double)lr_t) != 0) {
        snprintf(err, errsize, "OpenCL error in the Adam step");
        return -1;
    }
    return 0;
}

static int ocl_eval(void *ctx, const float *x, const uint8_t *y, int n, double *loss, int *correct,
                    char *err, size_t errsize)
{
    return run_batch(ctx, x, y, n, 0, NULL, 0, loss, correct, err, errsize);
}

static int ocl_get_params(void *ctx, float *params)
{
    struct ocl *o = ctx;
    return clEnqueueReadBuffer(o->q, o->p, CL_TRUE, 0, o->net.nparams * 4, params, 0, NULL,
                               NULL) == CL_SUCCESS ? 0 : -1;
}

static int ocl_gradients(void *ctx, const float *x, const uint8_t *y, int n, float *grad,
                         double *loss, char *err, size_t errsize)
{
    struct ocl *o = ctx;
    int correct;
    if (run_batch(o, x, y, n, 0, NULL, 1, loss, &correct, err, errsize) < 0)
        return -1;
    return clEnqueueReadBuffer(o->q, o->g, CL_TRUE, 0, o->net.nparams * 4, grad, 0, NULL,
                               NULL) == CL_SUCCESS ? 0 : -1;
}

static void release(cl_mem m)
{
    if (m)
        clReleaseMemObject(m);
}

static void ocl_close(void *ctx)
{
    struct ocl *o = ctx;
    if (!o)
        return;
    if (o->q)
        clFinish(o->q);
    for (int i = 0; i <= o->net.nlayers; i++) {
        release(o->act[i]);
        release(o->dact[i]);
        if (i < o->net.nlayers) {
            release(o->mask[i]);
            release(o->arg[i]);
        }
    }
    release(o->p);
    release(o->g);
    release(o->m);
    release(o->v);
    release(o->y);
    release(o->loss);
    release(o->correct);
    release(o->cols);
    release(o->wt);
    for (int k = 0; k < K_N; k++)
        if (o->k[k])
            clReleaseKernel(o->k[k]);
    if (o->prog)
        clReleaseProgram(o->prog);
    if (o->q)
        clReleaseCommandQueue(o->q);
    if (o->ctx)
        clReleaseContext(o->ctx);
    free(o->host_mask);
    free(o);
}

const struct bt_backend bt_backend_opencl = {
    .name = "opencl",
    .open = ocl_open,
    .device_name = ocl_device_name,
    .train_batch = ocl_train,
    .eval_batch = ocl_eval,
    .get_params = ocl_get_params,
    .gradients = ocl_gradients,
    .close = ocl_close,
};
