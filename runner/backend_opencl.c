/*
 * backend_opencl.c: the OpenCL backend, for any OpenCL device (PoCL on a CPU
 * here). Dense layers are matrix products of one blocked GEMM kernel
 * (opencl_kernels.c); convolutions are implicit matrix products on NHWC
 * activations (conv.cl: no im2col copies), and the max-pools and the
 * flatten after them work on that layout, the flatten giving the dense
 * layers the reference's NCHW order. Buffers cannot be offset on the host,
 * so kernels take buffers and offsets into them. The input layer's gradient
 * is not computed.
 *
 * Dropout masks are drawn on the device (bt_dropout_keep of philox.h). With
 * load, the sets stay on the device as bytes: train_epoch enqueues, per
 * step, a gather of the batch in the epoch's order (bt_shuffle_index), the
 * forward and backward passes and the Adam step, with no transfer; the
 * per-sample losses and correct flags go to buffers read once per epoch.
 * The host runs at most a few steps ahead of the device (a marker every
 * STEPS_AHEAD steps), so that a signal stops the epoch soon.
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/bt.h"

/* the GEMM kernels come in pairs (nn, tn), one pair per precision, in enum bt_precision's order */
enum { K_GEMM_NN, K_GEMM_TN, K_GEMM_NN_TF32, K_GEMM_TN_TF32, K_GEMM_NN_BF16, K_GEMM_TN_BF16,
       K_CONV_FWD, K_CONV_FWD_TF32, K_CONV_FWD_BF16, K_CONV_DGRAD, K_CONV_DGRAD_TF32,
       K_CONV_DGRAD_BF16, K_CONV_WGRAD, K_CONV_WGRAD_TF32, K_CONV_WGRAD_BF16,
       K_TRANSPOSE, K_BIAS_FILL, K_BIAS_GRAD, K_MUL, K_RELU_BWD, K_SOFTMAX, K_ADAM, K_GATHER,
       K_DROPOUT, K_WPERM, K_BIAS_PART, K_WGRAD_REDUCE, K_PAD_COPY, K_POOL_FWD, K_POOL_BWD,
       K_BTRANSPOSE, K_N };
static const char *const knames[K_N] = {
    "gemm_nn", "gemm_tn", "gemm_nn_tf32", "gemm_tn_tf32", "gemm_nn_bf16", "gemm_tn_bf16",
    "conv_fwd", "conv_fwd_tf32", "conv_fwd_bf16", "conv_dgrad", "conv_dgrad_tf32",
    "conv_dgrad_bf16", "conv_wgrad", "conv_wgrad_tf32", "conv_wgrad_bf16",
    "transpose", "bias_fill", "bias_grad", "mul", "relu_bwd", "softmax_ce", "adam", "gather",
    "dropout", "wperm", "bias_part", "wgrad_reduce", "pad_copy", "pool_fwd_nhwc",
    "pool_bwd_nhwc", "btranspose",
};

/* the host enqueues at most about twice this many steps ahead of the device */
#define STEPS_AHEAD 8

/*
 * A convolution's weight gradient sums over groups of samples whose input
 * and output gradient take about this many floats (they stay in the cache
 * while the group's work-items run), one partial sum per group.
 */
#define WGRAD_GROUP_FLOATS (1u << 18)

/* rows of an output gradient per partial sum of a bias gradient */
#define BIAS_ROWS 256

/* One set kept on the device (load). */
struct set {
    cl_mem x, y;          /* pixels and labels, as bytes */
    size_t n;
};

struct ocl {
    struct bt_net net;
    int max_batch, training;
    enum bt_precision precision;
    long step;
    cl_context ctx;
    cl_command_queue q;
    cl_program prog;
    cl_kernel k[K_N];
    cl_mem p, g, m, v, y, loss, correct;
    cl_mem act[BT_MAX_LAYERS + 1], dact[BT_MAX_LAYERS + 1], mask[BT_MAX_LAYERS],
        arg[BT_MAX_LAYERS];
    cl_mem wt;            /* a dense layer's weights, transposed */
    cl_mem cwt[BT_MAX_LAYERS], cwd[BT_MAX_LAYERS]; /* a conv's weights in conv.cl's orders */
    cl_mem zeros;         /* zeros: the convolutions' padding */
    cl_mem part, bpart;   /* partial weight and bias gradients (conv_wgrad, bias_part) */
    cl_mem padded;        /* a padded convolution's input, with its zero border */
    int nhwc[BT_MAX_LAYERS + 1]; /* act[i] is NHWC (conv.cl), not NCHW or flat */
    struct set set[3];    /* train, val, test (load) */
    cl_mem lut;           /* byte -> float: x / 255 */
    cl_mem sloss, scorrect; /* per-sample loss and correctness over a set */
    size_t slen;
    char name[256];
};

/* One operand of a product: buffer, offset, leading dimension, stride between products. */
struct mat {
    cl_mem m;
    int off, ld, stride;
};

/*
 * Sets kernel arguments: 'm' cl_mem, 'i' int, 'u' unsigned, 'l' uint64_t, 'f' float, in the
 * order of `types`.
 */
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
        } else if (types[i] == 'u') {
            cl_uint v = va_arg(ap, unsigned);
            e = clSetKernelArg(o->k[k], i, sizeof(v), &v);
        } else if (types[i] == 'l') {
            cl_ulong v = va_arg(ap, uint64_t);
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

/* Kernel k over a gx x gy x gz grid of work-items, a work-group each (conv.cl's kernels). */
static int launch_grid(struct ocl *o, int k, size_t gx, size_t gy, size_t gz, const char *types,
                       ...)
{
    va_list ap;
    size_t global[3] = { gx, gy, gz }, local[3] = { 1, 1, 1 };
    cl_int e;

    va_start(ap, types);
    e = set_args(o, k, types, ap);
    va_end(ap);
    if (e == CL_SUCCESS && gx && gy && gz)
        e = clEnqueueNDRangeKernel(o->q, o->k[k], 3, NULL, global, local, 0, NULL,
                                   NULL);
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
    int kern = K_GEMM_NN + 2 * (int)o->precision + (ta ? 1 : 0);
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

/* A device buffer with 32 floats of slack after its end (the GEMM kernels' edge loads). */
static cl_mem buffer(struct ocl *o, size_t bytes, cl_int *e)
{
    return clCreateBuffer(o->ctx, CL_MEM_READ_WRITE, bytes + 32 * sizeof(float), NULL, e);
}

/* The strides of layer l's input act[i], in floats: per sample, row, column, channel. */
struct strides {
    int ss, ys, xs, cs;
};

static struct strides in_strides(const struct ocl *o, const struct bt_layer *l, int i)
{
    int hw = l->hin * l->win;
    if (o->nhwc[i])
        return (struct strides){ hw * l->cin, l->win * l->cin, l->cin, 1 };
    return (struct strides){ hw * l->cin, l->win, 1, hw };
}

/* Samples per group of conv layer l's weight gradient (ss: floats of an input sample). */
static int wgrad_per(const struct bt_layer *l, int ss)
{
    size_t per = WGRAD_GROUP_FLOATS / ((size_t)ss + (size_t)l->hout * l->wout * l->cout);
    return per < 1 ? 1 : (int)per;
}

/* Groups of conv layer l's weight gradient over n samples (ss as wgrad_per's). */
static int wgrad_groups(const struct bt_layer *l, int ss, int n)
{
    int per = wgrad_per(l, ss);
    return (n + per - 1) / per;
}

/* Floats of a sample of conv layer l's input as conv_bwd gives it to conv_wgrad. */
static int wgrad_ss(const struct bt_layer *l)
{
    return (l->hin + 2 * l->pad) * (l->win + 2 * l->pad) * l->cin;
}

/* Which act[i] are NHWC: the outputs of convolutions and pools, and dropout's after them. */
static void layouts(struct ocl *o)
{
    o->nhwc[0] = 0;
    for (int i = 0; i < o->net.nlayers; i++) {
        enum bt_layer_kind k = o->net.layer[i].kind;
        o->nhwc[i + 1] = k == BT_CONV3 || k == BT_MAXPOOL2 || (k == BT_DROPOUT && o->nhwc[i]);
    }
}

/* Floats of the scratch buffers (floats, at least 1 each), for batches up to max_batch. */
struct scratch {
    size_t wt, part, bpart, padded;
};

static struct scratch scratch_sizes(const struct bt_net *net, int max_batch)
{
    struct scratch z = { 1, 1, 1, 1 };
    for (int i = 0; i < net->nlayers; i++) {
        const struct bt_layer *l = &net->layer[i];
        size_t k9 = (size_t)l->cin * 9, rows = (size_t)max_batch * l->hout * l->wout, v;
        if (l->kind == BT_DENSE && l->w_len > z.wt)
            z.wt = l->w_len;
        if (l->kind != BT_CONV3)
            continue;
        v = (size_t)wgrad_groups(l, wgrad_ss(l), max_batch) * k9 * l->cout;
        z.part = v > z.part ? v : z.part;
        v = (rows + BIAS_ROWS - 1) / BIAS_ROWS * l->cout;
        z.bpart = v > z.bpart ? v : z.bpart;
        v = l->pad ? (size_t)max_batch * wgrad_ss(l) : 1;
        z.padded = v > z.padded ? v : z.padded;
    }
    return z;
}

static void *ocl_open(const struct bt_net *net, const float *params, int device, int max_batch,
                      char *err, size_t errsize)
{
    struct ocl *o = calloc(1, sizeof(*o));
    cl_platform_id plats[8];
    cl_device_id devs[16], dev = NULL;
    cl_uint np = 0, nd = 0, total = 0;
    cl_int e;
    const char *src[4] = { "#define BT_PHILOX_OPENCL\n", bt_opencl_headers, bt_opencl_kernels,
                           bt_opencl_conv };
    size_t in = (size_t)net->in_c * net->in_h * net->in_w;
    struct scratch z = scratch_sizes(net, max_batch);
    float zero = 0;

    o->net = *net;
    o->max_batch = max_batch;
    layouts(o);
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
        o->prog = clCreateProgramWithSource(o->ctx, 4, src, NULL, &e);
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
    if (e == CL_SUCCESS) o->wt = buffer(o, z.wt * 4, &e);
    if (e == CL_SUCCESS) o->part = buffer(o, z.part * 4, &e);
    if (e == CL_SUCCESS) o->bpart = buffer(o, z.bpart * 4, &e);
    if (e == CL_SUCCESS) o->padded = buffer(o, z.padded * 4, &e);
    if (e == CL_SUCCESS) o->zeros = buffer(o, net->max_act * 4, &e);
    if (e == CL_SUCCESS)
        e = clEnqueueFillBuffer(o->q, o->zeros, &zero, 4, 0, net->max_act * 4, 0, NULL, NULL);
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
        if (e == CL_SUCCESS && net->layer[i].kind == BT_CONV3)
            o->cwt[i] = buffer(o, net->layer[i].w_len * 4, &e);
        if (e == CL_SUCCESS && net->layer[i].kind == BT_CONV3)
            o->cwd[i] = buffer(o, net->layer[i].w_len * 4, &e);
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

/* The weights in conv.cl's orders (wd only when the layer's input gradient is wanted). */
static int conv_weights(struct ocl *o, int i, const struct bt_layer *l)
{
    int want = bt_net_wants_din(&o->net, i);
    return launch(o, K_WPERM, l->w_len, "miiimmi", o->p, (int)l->w_off, l->cin, l->cout,
                  o->cwt[i], o->cwd[i], want);
}

/* Conv layer i: its weights reordered, then one implicit product with bias and ReLU. */
static int conv_fwd(struct ocl *o, int i, const struct bt_layer *l, cl_mem in, cl_mem out, int n)
{
    struct strides st = in_strides(o, l, i);
    int P = l->hout * l->wout, M = n * P, kern = K_CONV_FWD + (int)o->precision;
    int e = conv_weights(o, i, l);
    if (!e)
        e = launch_grid(o, kern, ((size_t)l->cout + 31) / 32, ((size_t)M + 7) / 8, 1,
                        "iiiiiiiimiiiimmimii", M, l->cout, l->cin, l->hin, l->win, l->wout, P,
                        l->pad, in, st.ss, st.ys, st.xs, st.cs, o->cwt[i], o->p, (int)l->b_off,
                        out, l->relu, BT_GEMM_KC);
    return e;
}

/* Layer i, a max-pool: NHWC out of any layout. */
static int pool_fwd(struct ocl *o, int i, const struct bt_layer *l, cl_mem in, cl_mem out, int n)
{
    struct strides st = in_strides(o, l, i);
    return launch(o, K_POOL_FWD, (size_t)n * l->hout * l->wout, "miiiimmiiii", in, st.ss, st.ys,
                  st.xs, st.cs, out, o->arg[i], n, l->cin, l->hout, l->wout);
}

/* Layer i, a flatten: NCHW order out of NHWC (the dense layers' order, as the reference's). */
static int flatten_fwd(struct ocl *o, int i, const struct bt_layer *l, cl_mem in, cl_mem out,
                       int n)
{
    size_t total = (size_t)n * isize(l);
    if (!o->nhwc[i])
        return clEnqueueCopyBuffer(o->q, in, out, 0, 0, total * 4, 0, NULL, NULL);
    return launch(o, K_BTRANSPOSE, total, "mmiii", in, out, n, l->hin * l->win, l->cin);
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
            e = conv_fwd(o, i, l, in, out, n);
            break;
        case BT_MAXPOOL2:
            e = pool_fwd(o, i, l, in, out, n);
            break;
        case BT_FLATTEN:
            e = flatten_fwd(o, i, l, in, out, n);
            break;
        case BT_DROPOUT:
            if (training)
                e = launch(o, K_DROPOUT, total, "mmmiluuiff", in, o->mask[i], out, (int)total,
                           st->seed, st->epoch, st->step, i, (double)l->rate,
                           (double)(1.0f / (1.0f - l->rate)));
            else
                e = clEnqueueCopyBuffer(o->q, in, out, 0, 0, total * 4, 0, NULL, NULL);
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
 * Conv layer i: the weight gradient in partial sums over groups of samples
 * (conv_wgrad, on a bordered copy of a padded layer's input), the bias
 * gradient's partial sums (bias_part), both summed by wgrad_reduce; then
 * (din not NULL) the input gradient, which needs an NHWC input.
 */
static int conv_bwd(struct ocl *o, int i, const struct bt_layer *l, cl_mem in, cl_mem dout,
                    cl_mem din, int n)
{
    struct strides st = in_strides(o, l, i);
    int k9 = l->cin * 9, P = l->hout * l->wout, rows = n * P, e = 0, per, G, B;
    int hw = l->hin * l->win, prec = (int)o->precision;
    cl_mem src = in;

    if (din && !o->nhwc[i])
        return CL_INVALID_OPERATION;
    if (l->pad) {
        int hp = l->hin + 2, wp = l->win + 2;
        e = launch(o, K_PAD_COPY, (size_t)n * wgrad_ss(l), "miiiimiiii", in, st.ss, st.ys,
                   st.xs, st.cs, o->padded, n, l->cin, l->hin, l->win);
        st = (struct strides){ hp * wp * l->cin, wp * l->cin, l->cin, 1 };
        src = o->padded;
    }
    per = wgrad_per(l, st.ss);
    G = (n + per - 1) / per;
    B = (rows + BIAS_ROWS - 1) / BIAS_ROWS;
    if (!e)
        e = launch_grid(o, K_CONV_WGRAD + prec, ((size_t)l->cout + 31) / 32,
                        ((size_t)k9 + 7) / 8, (size_t)G, "iiiiiimiiiimm", k9, l->cout, l->hout,
                        l->wout, n, per, src, st.ss, st.ys, st.xs, st.cs, dout, o->part);
    if (!e)
        e = launch_grid(o, K_BIAS_PART, ((size_t)l->cout + 15) / 16, (size_t)B, 1, "miiim",
                        dout, rows, l->cout, BIAS_ROWS, o->bpart);
    if (!e)
        e = launch(o, K_WGRAD_REDUCE, (size_t)(k9 + 1) * l->cout, "miiimimii", o->part, G, k9,
                   l->cout, o->bpart, B, o->g, (int)l->w_off, (int)l->b_off);
    if (!e && din)
        e = launch_grid(o, K_CONV_DGRAD + prec, ((size_t)l->cin + 31) / 32,
                        ((size_t)n * hw + 7) / 8, 1, "iiiiiiiimmmm", n * hw, l->cin, l->cout,
                        l->win, hw, l->hout, l->wout, l->pad, dout, o->cwd[i], o->zeros, din);
    return e;
}

/* Whether layer i's ReLU gradient is taken by the max-pool after it (pool_bwd_nhwc). */
static int relu_in_pool(const struct bt_net *net, int i)
{
    return net->layer[i].relu && i + 1 < net->nlayers &&
           net->layer[i + 1].kind == BT_MAXPOOL2;
}

/* Layer i, a max-pool: its input's gradient, zeroed first only where no window reaches. */
static int pool_bwd(struct ocl *o, int i, const struct bt_layer *l, cl_mem dout, cl_mem din,
                    int n)
{
    struct strides st = in_strides(o, l, i);
    float zero = 0;
    int e = 0;
    if (l->hin % 2 || l->win % 2)
        e = clEnqueueFillBuffer(o->q, din, &zero, 4, 0, (size_t)n * isize(l) * 4, 0, NULL, NULL);
    if (!e)
        e = launch(o, K_POOL_BWD, (size_t)n * l->hout * l->wout, "mmmmiiiiiiiii", dout,
                   o->arg[i], din, o->act[i + 1], st.ss, st.ys, st.xs, st.cs, n, l->cin, l->hout,
                   l->wout, i > 0 && relu_in_pool(&o->net, i - 1));
    return e;
}

static int backward(struct ocl *o, int n)
{
    int e = 0;
    for (int i = o->net.nlayers - 1; i >= 0 && !e; i--) {
        const struct bt_layer *l = &o->net.layer[i];
        cl_mem dout = o->dact[i + 1], din = o->dact[i], out = o->act[i + 1], in = o->act[i];
        size_t total = (size_t)n * osize(l);
        if (l->relu && !relu_in_pool(&o->net, i))
            e = launch(o, K_RELU_BWD, total, "mmi", out, dout, (int)total);
        if (e)
            break;
        switch (l->kind) {
        case BT_DENSE:
            e = dense_bwd(o, l, in, dout, bt_net_wants_din(&o->net, i) ? din : NULL, n);
            break;
        case BT_CONV3:
            e = conv_bwd(o, i, l, in, dout, bt_net_wants_din(&o->net, i) ? din : NULL, n);
            break;
        case BT_MAXPOOL2:
            e = pool_bwd(o, i, l, dout, din, n);
            break;
        case BT_FLATTEN:
            if (o->nhwc[i])
                e = launch(o, K_BTRANSPOSE, total, "mmiii", dout, din, n, l->cin,
                           l->hin * l->win);
            else
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

/* Loss (per sample, at lo in `loss` and `correct`) and, with grad, its gradient. */
static int softmax(struct ocl *o, int n, int grad, cl_mem loss, cl_mem correct, int lo)
{
    return launch(o, K_SOFTMAX, (size_t)n, "mmmmmiiii", o->act[o->net.nlayers], o->y,
                  o->dact[o->net.nlayers], loss, correct, n, o->net.classes, grad, lo);
}

/* Adam with Keras' bias correction folded into the step size, computed on the host. */
static int adam_step(struct ocl *o)
{
    float lr_t;
    o->step++;
    lr_t = 1e-3f * sqrtf(1 - powf(0.999f, (float)o->step)) / (1 - powf(0.9f, (float)o->step));
    return launch(o, K_ADAM, o->net.nparams, "mmmmif", o->p, o->g, o->m, o->v,
                  (int)o->net.nparams, (double)lr_t);
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
        e = softmax(o, n, grad, o->loss, o->correct, 0);
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

    if (run_batch(o, x, y, n, 1, st, 1, loss, correct, err, errsize) < 0)
        return -1;
    if (adam_step(o) != 0) {
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

/* A read-only device copy of `bytes` bytes at `src` (at least one byte). */
static cl_mem copy_in(struct ocl *o, const void *src, size_t bytes, cl_int *e)
{
    static const uint8_t none = 0;
    return clCreateBuffer(o->ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes ? bytes : 1,
                          (void *)(bytes ? src : &none), e);
}

static int ocl_load(void *ctx, const struct bt_data *train, const struct bt_data *val,
                    const struct bt_data *test, char *err, size_t errsize)
{
    struct ocl *o = ctx;
    const struct bt_data *d[3] = { train, val, test };
    size_t per = (size_t)o->net.in_c * o->net.in_h * o->net.in_w, most = 1;
    float lut[256];
    cl_int e = CL_SUCCESS;

    for (int i = 0; i < 256; i++)
        lut[i] = (float)i / 255.0f;   /* bt_data_gather's conversion */
    for (int s = 0; s < 3 && e == CL_SUCCESS; s++) {
        o->set[s].n = d[s]->n;
        o->set[s].x = copy_in(o, d[s]->x, d[s]->n * per, &e);
        if (e == CL_SUCCESS)
            o->set[s].y = copy_in(o, d[s]->y, d[s]->n, &e);
        if (d[s]->n > most)
            most = d[s]->n;
    }
    if (e == CL_SUCCESS)
        o->lut = copy_in(o, lut, sizeof(lut), &e);
    o->slen = most;
    if (e == CL_SUCCESS)
        o->sloss = buffer(o, most * 4, &e);
    if (e == CL_SUCCESS)
        o->scorrect = buffer(o, most * 4, &e);
    if (e != CL_SUCCESS) {
        snprintf(err, errsize, "OpenCL: the data sets do not fit on the device (error %d)",
                 (int)e);
        return -1;
    }
    return 0;
}

/* The sums over the first n per-sample losses and correct flags: one read. */
static int read_sums(struct ocl *o, size_t n, struct bt_sums *sums, char *err, size_t errsize)
{
    float *l = malloc(n * sizeof(float) + 1);
    cl_int *c = malloc(n * sizeof(cl_int) + 1);
    cl_int e = l && c ? CL_SUCCESS : CL_OUT_OF_HOST_MEMORY;

    if (e == CL_SUCCESS && n)
        e = clEnqueueReadBuffer(o->q, o->sloss, CL_FALSE, 0, n * 4, l, 0, NULL, NULL);
    if (e == CL_SUCCESS && n)
        e = clEnqueueReadBuffer(o->q, o->scorrect, CL_TRUE, 0, n * 4, c, 0, NULL, NULL);
    sums->loss = 0;
    sums->correct = 0;
    sums->n = (long)n;
    for (size_t i = 0; e == CL_SUCCESS && i < n; i++) {
        sums->loss += l[i];
        sums->correct += c[i];
    }
    free(l);
    free(c);
    if (e != CL_SUCCESS)
        snprintf(err, errsize, "OpenCL error %d reading the sums", (int)e);
    return e == CL_SUCCESS ? 0 : -1;
}

/* Batch rows first.. of set s into act[0] and y, in the epoch's order when shuffled. */
static int gather(struct ocl *o, const struct set *s, uint64_t seed, uint32_t epoch,
                  size_t first, int n, int shuffle)
{
    int per = o->net.in_c * o->net.in_h * o->net.in_w;
    return launch(o, K_GATHER, (size_t)n, "mmmmmluuuiii", s->x, s->y, o->lut, o->act[0], o->y,
                  seed, (unsigned)epoch, (unsigned)s->n, (unsigned)first, n, per, shuffle);
}

/*
 * A marker after every STEPS_AHEAD steps; the host waits for the previous
 * one, so the device always has work queued and the host is never far ahead.
 */
static cl_int pace(struct ocl *o, cl_event *ahead)
{
    cl_event mark;
    cl_int e = clEnqueueMarkerWithWaitList(o->q, 0, NULL, &mark);
    if (e != CL_SUCCESS)
        return e;
    clFlush(o->q);
    if (*ahead) {
        e = clWaitForEvents(1, ahead);
        clReleaseEvent(*ahead);
    }
    *ahead = mark;
    return e;
}

static int ocl_train_epoch(void *ctx, uint64_t seed, uint32_t epoch, int batch,
                           const volatile int *stop, struct bt_sums *sums, char *err,
                           size_t errsize)
{
    struct ocl *o = ctx;
    const struct set *t = &o->set[0];
    cl_event ahead = NULL;
    cl_int e = CL_SUCCESS;
    uint32_t step = 0;
    int stopped = 0;

    if (!t->x || batch > o->max_batch || t->n > o->slen) {
        snprintf(err, errsize, "no data loaded, or a batch of %d above %d", batch, o->max_batch);
        return -1;
    }
    for (size_t i = 0; i < t->n && e == CL_SUCCESS; i += (size_t)batch, step++) {
        int n = (int)(t->n - i < (size_t)batch ? t->n - i : (size_t)batch);
        struct bt_step st = { seed, epoch, step };
        if (stop && *stop) {
            stopped = 1;
            break;
        }
        e = gather(o, t, seed, epoch, i, n, 1);
        if (e == CL_SUCCESS)
            e = forward(o, n, 1, &st);
        if (e == CL_SUCCESS)
            e = softmax(o, n, 1, o->sloss, o->scorrect, (int)i);
        if (e == CL_SUCCESS)
            e = backward(o, n);
        if (e == CL_SUCCESS)
            e = adam_step(o);
        if (e == CL_SUCCESS && step % STEPS_AHEAD == STEPS_AHEAD - 1)
            e = pace(o, &ahead);
    }
    if (ahead)
        clReleaseEvent(ahead);
    clFinish(o->q);
    if (e != CL_SUCCESS) {
        snprintf(err, errsize, "OpenCL error %d in step %u", (int)e, (unsigned)step);
        return -1;
    }
    if (stopped || (stop && *stop))
        return 1;
    return read_sums(o, t->n, sums, err, errsize);
}

static int ocl_eval_set(void *ctx, enum bt_set which, struct bt_sums *sums, char *err,
                        size_t errsize)
{
    struct ocl *o = ctx;
    const struct set *s = &o->set[which == BT_SET_VAL ? 1 : 2];
    cl_int e = CL_SUCCESS;

    if (!s->x || s->n > o->slen) {
        snprintf(err, errsize, "no data loaded");
        return -1;
    }
    for (size_t i = 0; i < s->n && e == CL_SUCCESS; i += (size_t)o->max_batch) {
        int n = (int)(s->n - i < (size_t)o->max_batch ? s->n - i : (size_t)o->max_batch);
        e = gather(o, s, 0, 0, i, n, 0);
        if (e == CL_SUCCESS)
            e = forward(o, n, 0, NULL);
        if (e == CL_SUCCESS)
            e = softmax(o, n, 0, o->sloss, o->scorrect, (int)i);
    }
    if (e != CL_SUCCESS) {
        clFinish(o->q);
        snprintf(err, errsize, "OpenCL error %d in an evaluation", (int)e);
        return -1;
    }
    return read_sums(o, s->n, sums, err, errsize);
}

static int ocl_set_precision(void *ctx, enum bt_precision p, char *err, size_t errsize)
{
    (void)err;
    (void)errsize;
    ((struct ocl *)ctx)->precision = p;
    return 0;
}

static const char *ocl_detail(void *ctx)
{
    (void)ctx;
    return "conv=implicit-gemm";
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
    release(o->wt);
    release(o->part);
    release(o->bpart);
    release(o->padded);
    release(o->zeros);
    for (int i = 0; i < o->net.nlayers; i++) {
        release(o->cwt[i]);
        release(o->cwd[i]);
    }
    for (int s = 0; s < 3; s++) {
        release(o->set[s].x);
        release(o->set[s].y);
    }
    release(o->lut);
    release(o->sloss);
    release(o->scorrect);
    for (int k = 0; k < K_N; k++)
        if (o->k[k])
            clReleaseKernel(o->k[k]);
    if (o->prog)
        clReleaseProgram(o->prog);
    if (o->q)
        clReleaseCommandQueue(o->q);
    if (o->ctx)
        clReleaseContext(o->ctx);
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
    .detail = ocl_detail,
    .load = ocl_load,
    .train_epoch = ocl_train_epoch,
    .eval_set = ocl_eval_set,
    .set_precision = ocl_set_precision,
};
