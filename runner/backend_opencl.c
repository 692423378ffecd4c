/*
 * backend_opencl.c: the OpenCL backend, for any OpenCL device (PoCL on a CPU
 * here). The same kernels as backend_cuda.cu, in OpenCL C; buffers cannot be
 * offset on the host, so kernels take the parameter vector and offsets into
 * it. The dropout masks come from the shared host generator.
 *
 * NEEDSWORK: one work-item per output element and no local-memory tiling:
 * correct and portable, not fast.
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/bt.h"

static const char kernels[] =
    "__kernel void dense_fwd(__global const float *p, int wo, int bo, __global const float *in,"
    "  __global float *out, int n, int ni, int no, int relu) {\n"
    "  int t = get_global_id(0); if (t >= n * no) return;\n"
    "  int s = t / no, o = t % no; float acc = p[bo + o];\n"
    "  for (int i = 0; i < ni; i++) acc += in[s * ni + i] * p[wo + i * no + o];\n"
    "  out[t] = relu && acc < 0 ? 0 : acc; }\n"
    "__kernel void dense_gw(__global const float *in, __global const float *dy,"
    "  __global float *g, int wo, int n, int ni, int no) {\n"
    "  int t = get_global_id(0); if (t >= ni * no) return;\n"
    "  int i = t / no, o = t % no; float acc = 0;\n"
    "  for (int s = 0; s < n; s++) acc += in[s * ni + i] * dy[s * no + o];\n"
    "  g[wo + t] = acc; }\n"
    "__kernel void bias_grad(__global const float *dy, __global float *g, int bo, int n, int c,"
    "  int plane) {\n"
    "  int co = get_global_id(0); if (co >= c) return; float acc = 0;\n"
    "  for (int s = 0; s < n; s++) for (int k = 0; k < plane; k++) acc += dy[(s * c + co) * plane + k];\n"
    "  g[bo + co] = acc; }\n"
    "__kernel void dense_din(__global const float *p, int wo, __global const float *dy,"
    "  __global float *din, int n, int ni, int no) {\n"
    "  int t = get_global_id(0); if (t >= n * ni) return;\n"
    "  int s = t / ni, i = t % ni; float acc = 0;\n"
    "  for (int o = 0; o < no; o++) acc += p[wo + i * no + o] * dy[s * no + o];\n"
    "  din[t] = acc; }\n"
    "__kernel void conv_fwd(__global const float *p, int wo, int bo, __global const float *in,"
    "  __global float *out, int n, int cin, int H, int W, int cout, int relu, int pad) {\n"
    "  int Ho = H - 2 + 2 * pad, Wo = W - 2 + 2 * pad, t = get_global_id(0);\n"
    "  if (t >= n * cout * Ho * Wo) return;\n"
    "  int x = t % Wo, y = (t / Wo) % Ho, co = (t / (Wo * Ho)) % cout, s = t / (Wo * Ho * cout);\n"
    "  float acc = p[bo + co];\n"
    "  for (int ci = 0; ci < cin; ci++) {\n"
    "    __global const float *xi = in + (s * cin + ci) * H * W;\n"
    "    int k9 = wo + (co * cin + ci) * 9;\n"
    "    for (int ky = 0; ky < 3; ky++) for (int kx = 0; kx < 3; kx++) {\n"
    "      int iy = y + ky - pad, ix = x + kx - pad;\n"
    "      if (iy >= 0 && iy < H && ix >= 0 && ix < W) acc += p[k9 + ky * 3 + kx] * xi[iy * W + ix]; } }\n"
    "  out[t] = relu && acc < 0 ? 0 : acc; }\n"
    "__kernel void conv_gw(__global const float *in, __global const float *dy, __global float *g,"
    "  int wo, int n, int cin, int H, int W, int cout, int pad) {\n"
    "  int Ho = H - 2 + 2 * pad, Wo = W - 2 + 2 * pad, t = get_global_id(0);\n"
    "  if (t >= cout * cin * 9) return;\n"
    "  int k = t % 9, ci = (t / 9) % cin, co = t / (9 * cin), ky = k / 3, kx = k % 3;\n"
    "  float acc = 0;\n"
    "  for (int s = 0; s < n; s++) {\n"
    "    __global const float *xi = in + (s * cin + ci) * H * W;\n"
    "    __global const float *d = dy + (s * cout + co) * Ho * Wo;\n"
    "    for (int y = 0; y < Ho; y++) for (int x = 0; x < Wo; x++) {\n"
    "      int iy = y + ky - pad, ix = x + kx - pad;\n"
    "      if (iy >= 0 && iy < H && ix >= 0 && ix < W) acc += d[y * Wo + x] * xi[iy * W + ix]; } }\n"
    "  g[wo + t] = acc; }\n"
    "__kernel void conv_din(__global const float *p, int wo, __global const float *dy,"
    "  __global float *din, int n, int cin, int H, int W, int cout, int pad) {\n"
    "  int Ho = H - 2 + 2 * pad, Wo = W - 2 + 2 * pad, t = get_global_id(0);\n"
    "  if (t >= n * cin * H * W) return;\n"
    "  int x = t % W, y = (t / W) % H, ci = (t / (W * H)) % cin, s = t / (W * H * cin);\n"
    "  float acc = 0;\n"
    "  for (int co = 0; co < cout; co++) {\n"
    "    int k9 = wo + (co * cin + ci) * 9;\n"
    "    __global const float *d = dy + (s * cout + co) * Ho * Wo;\n"
    "    for (int ky = 0; ky < 3; ky++) for (int kx = 0; kx < 3; kx++) {\n"
    "      int oy = y - ky + pad, ox = x - kx + pad;\n"
    "      if (oy >= 0 && oy < Ho && ox >= 0 && ox < Wo) acc += p[k9 + ky * 3 + kx] * d[oy * Wo + ox]; } }\n"
    "  din[t] = acc; }\n"
    "__kernel void pool_fwd(__global const float *in, __global float *out, __global int *arg,"
    "  int n, int c, int H, int W) {\n"
    "  int Ho = H / 2, Wo = W / 2, t = get_global_id(0); if (t >= n * c * Ho * Wo) return;\n"
    "  int x = t % Wo, y = (t / Wo) % Ho, plane = t / (Wo * Ho);\n"
    "  __global const float *xi = in + plane * H * W; int best = (2 * y) * W + 2 * x;\n"
    "  for (int dy = 0; dy < 2; dy++) for (int dx = 0; dx < 2; dx++) {\n"
    "    int k = (2 * y + dy) * W + 2 * x + dx; if (xi[k] > xi[best]) best = k; }\n"
    "  out[t] = xi[best]; arg[t] = best; }\n"
    "__kernel void pool_bwd(__global const float *dy, __global const int *arg, __global float *din,"
    "  int n, int c, int H, int W) {\n"
    "  int Ho = H / 2, Wo = W / 2, t = get_global_id(0); if (t >= n * c * Ho * Wo) return;\n"
    "  din[(t / (Wo * Ho)) * H * W + arg[t]] = dy[t]; }\n"
    "__kernel void mul(__global const float *a, __global const float *b, __global float *out, int n) {\n"
    "  int t = get_global_id(0); if (t < n) out[t] = a[t] * b[t]; }\n"
    "__kernel void relu_bwd(__global const float *out, __global float *d, int n) {\n"
    "  int t = get_global_id(0); if (t < n && out[t] <= 0) d[t] = 0; }\n"
    "__kernel void softmax_ce(__global const float *z, __global const uchar *y, __global float *dz,"
    "  __global float *loss, __global int *correct, int n, int classes, int grad) {\n"
    "  int s = get_global_id(0); if (s >= n) return;\n"
    "  __global const float *zs = z + s * classes; float mx = zs[0]; int am = 0;\n"
    "  for (int c = 1; c < classes; c++) if (zs[c] > mx) { mx = zs[c]; am = c; }\n"
    "  float sum = 0; for (int c = 0; c < classes; c++) sum += exp(zs[c] - mx);\n"
    "  loss[s] = log(sum) + mx - zs[y[s]]; correct[s] = am == y[s];\n"
    "  if (grad) for (int c = 0; c < classes; c++)\n"
    "    dz[s * classes + c] = (exp(zs[c] - mx) / sum - (c == y[s])) / n; }\n"
    "__kernel void adam(__global float *p, __global const float *g, __global float *m,"
    "  __global float *v, int n, float lr_t) {\n"
    "  int t = get_global_id(0); if (t >= n) return; float gg = g[t];\n"
    "  m[t] = 0.9f * m[t] + 0.1f * gg; v[t] = 0.999f * v[t] + 0.001f * gg * gg;\n"
    "  p[t] -= lr_t * m[t] / (sqrt(v[t]) + 1e-7f); }\n";

enum { K_DENSE_FWD, K_DENSE_GW, K_BIAS_GRAD, K_DENSE_DIN, K_CONV_FWD, K_CONV_GW, K_CONV_DIN,
       K_POOL_FWD, K_POOL_BWD, K_MUL, K_RELU_BWD, K_SOFTMAX, K_ADAM, K_N };
static const char *const knames[K_N] = { "dense_fwd", "dense_gw", "bias_grad", "dense_din",
                                         "conv_fwd", "conv_gw", "conv_din", "pool_fwd",
                                         "pool_bwd", "mul", "relu_bwd", "softmax_ce", "adam" };

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
    float *host_mask;
    char name[256];
};

/* Sets kernel arguments: 'm' cl_mem, 'i' int, 'f' float, in the order of `types`. */
static int launch(struct ocl *o, int k, size_t n, const char *types, ...)
{
    va_list ap;
    size_t global = (n + 63) / 64 * 64, local = 64;
    cl_int e = CL_SUCCESS;

    va_start(ap, types);
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
    va_end(ap);
    if (e == CL_SUCCESS && n)
        e = clEnqueueNDRangeKernel(o->q, o->k[k], 1, NULL, &global, &local, 0, NULL, NULL);
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

static cl_mem buffer(struct ocl *o, size_t bytes, cl_int *e)
{
    return clCreateBuffer(o->ctx, CL_MEM_READ_WRITE, bytes ? bytes : 4, NULL, e);
}

static void *ocl_open(const struct bt_net *net, const float *params, int device, int max_batch,
                      char *err, size_t errsize)
{
    struct ocl *o = calloc(1, sizeof(*o));
    cl_platform_id plats[8];
    cl_device_id devs[16], dev = NULL;
    cl_uint np = 0, nd = 0, total = 0;
    cl_int e;
    const char *src = kernels;
    size_t in = (size_t)net->in_c * net->in_h * net->in_w;
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
    if (e == CL_SUCCESS && (e = clBuildProgram(o->prog, 1, &dev, "", NULL, NULL)) != CL_SUCCESS) {
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

static int forward(struct ocl *o, int n, int training, uint64_t seed)
{
    int e = 0;
    o->training = training;
    for (int i = 0; i < o->net.nlayers && !e; i++) {
        const struct bt_layer *l = &o->net.layer[i];
        cl_mem in = o->act[i], out = o->act[i + 1];
        size_t total = (size_t)n * osize(l);
        switch (l->kind) {
        case BT_DENSE:
            e = launch(o, K_DENSE_FWD, total, "miimmiiii", o->p, (int)l->w_off, (int)l->b_off, in,
                       out, n, (int)isize(l), l->cout, l->relu);
            break;
        case BT_CONV3:
            e = launch(o, K_CONV_FWD, total, "miimmiiiiiii", o->p, (int)l->w_off, (int)l->b_off,
                       in, out, n, l->cin, l->hin, l->win, l->cout, l->relu, l->pad);
            break;
        case BT_MAXPOOL2:
            e = launch(o, K_POOL_FWD, total, "mmmiiii", in, out, o->arg[i], n, l->cin, l->hin,
                       l->win);
            break;
        case BT_FLATTEN:
            e = clEnqueueCopyBuffer(o->q, in, out, 0, 0, total * 4, 0, NULL, NULL);
            break;
        case BT_DROPOUT:
            if (training) {
                bt_dropout_mask(o->host_mask, total, l->rate, seed, i);
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
            e = launch(o, K_DENSE_GW, l->w_len, "mmmiiii", in, dout, o->g, (int)l->w_off, n,
                       (int)isize(l), l->cout);
            if (!e)
                e = launch(o, K_BIAS_GRAD, (size_t)l->cout, "mmiiii", dout, o->g, (int)l->b_off,
                           n, l->cout, 1);
            if (!e)
                e = launch(o, K_DENSE_DIN, tin, "mimmiii", o->p, (int)l->w_off, dout, din, n,
                           (int)isize(l), l->cout);
            break;
        case BT_CONV3:
            e = launch(o, K_CONV_GW, l->w_len, "mmmiiiiiii", in, dout, o->g, (int)l->w_off, n,
                       l->cin, l->hin, l->win, l->cout, l->pad);
            if (!e)
                e = launch(o, K_BIAS_GRAD, (size_t)l->cout, "mmiiii", dout, o->g, (int)l->b_off,
                           n, l->cout, l->hout * l->wout);
            if (!e)
                e = launch(o, K_CONV_DIN, tin, "mimmiiiiii", o->p, (int)l->w_off, dout, din, n,
                           l->cin, l->hin, l->win, l->cout, l->pad);
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
                     uint64_t seed, int grad, double *loss, int *correct, char *err,
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
        e = forward(o, n, training, seed);
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

static int ocl_train(void *ctx, const float *x, const uint8_t *y, int n, uint64_t seed,
                     double *loss, int *correct, char *err, size_t errsize)
{
    struct ocl *o = ctx;
    float lr_t;

    if (run_batch(o, x, y, n, 1, seed, 1, loss, correct, err, errsize) < 0)
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
    return run_batch(ctx, x, y, n, 0, 0, 0, loss, correct, err, errsize);
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
    if (run_batch(o, x, y, n, 0, 0, 1, loss, &correct, err, errsize) < 0)
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
