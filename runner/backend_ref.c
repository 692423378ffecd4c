/*
 * backend_ref.c: the reference backend, plain C. It is the yardstick the
 * other backends are checked against, so it is written for clarity first;
 * the loops are ordered so the inner one runs over contiguous memory (and
 * vectorises), and activations that are zero (after ReLU or dropout) are
 * skipped in the dense products.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/bt.h"

#define LR 1e-3f
#define BETA1 0.9f
#define BETA2 0.999f
#define EPS 1e-7f   /* Keras' Adam epsilon */

struct ref {
    struct bt_net net;
    int max_batch;
    float *p, *g, *m, *v;
    long step;
    float *act[BT_MAX_LAYERS + 1];   /* act[0] is the input, act[i + 1] layer i's output */
    float *dact[BT_MAX_LAYERS + 1];  /* gradients with respect to them */
    float *mask[BT_MAX_LAYERS];      /* dropout keep/scale factors */
    int *arg[BT_MAX_LAYERS];         /* max-pool: where each maximum came from */
    float *logits_grad;
    int training;                    /* the last forward pass applied dropout */
};

static size_t out_size(const struct bt_layer *l)
{
    return (size_t)l->cout * l->hout * l->wout;
}

static size_t in_size(const struct bt_layer *l)
{
    return (size_t)l->cin * l->hin * l->win;
}

static void *ref_open(const struct bt_net *net, const float *params, int device, int max_batch,
                      char *err, size_t errsize)
{
    struct ref *r = calloc(1, sizeof(*r));
    size_t in = (size_t)net->in_c * net->in_h * net->in_w;

    (void)device;
    if (!r) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    r->net = *net;
    r->max_batch = max_batch;
    r->p = malloc(net->nparams * sizeof(float));
    r->g = calloc(net->nparams, sizeof(float));
    r->m = calloc(net->nparams, sizeof(float));
    r->v = calloc(net->nparams, sizeof(float));
    memcpy(r->p, params, net->nparams * sizeof(float));
    r->act[0] = calloc((size_t)max_batch * in, sizeof(float));
    r->dact[0] = calloc((size_t)max_batch * in, sizeof(float));
    for (int i = 0; i < net->nlayers; i++) {
        size_t n = (size_t)max_batch * out_size(&net->layer[i]);
        r->act[i + 1] = calloc(n, sizeof(float));
        r->dact[i + 1] = calloc(n, sizeof(float));
        if (net->layer[i].kind == BT_DROPOUT)
            r->mask[i] = calloc(n, sizeof(float));
        if (net->layer[i].kind == BT_MAXPOOL2)
            r->arg[i] = calloc(n, sizeof(int));
    }
    return r;
}

static const char *ref_device_name(void *ctx)
{
    (void)ctx;
    return "cpu (reference C)";
}

static void dense_fwd(const struct bt_layer *l, const float *w, const float *b, const float *in,
                      float *out, int n)
{
    size_t ni = in_size(l), no = (size_t)l->cout;
    for (int s = 0; s < n; s++) {
        const float *x = in + s * ni;
        float *y = out + s * no;
        memcpy(y, b, no * sizeof(float));
        for (size_t i = 0; i < ni; i++) {
            const float a = x[i], *row = w + i * no;
            if (a == 0.0f)
                continue;
            for (size_t o = 0; o < no; o++)
                y[o] += a * row[o];
        }
    }
}

static void dense_bwd(const struct bt_layer *l, const float *w, const float *in, const float *dout,
                      float *gw, float *gb, float *din, int n)
{
    size_t ni = in_size(l), no = (size_t)l->cout;
    for (int s = 0; s < n; s++) {
        const float *x = in + s * ni, *dy = dout + s * no;
        float *dx = din + s * ni;
        for (size_t o = 0; o < no; o++)
            gb[o] += dy[o];
        for (size_t i = 0; i < ni; i++) {
            const float a = x[i], *row = w + i * no;
            float *grow = gw + i * no, acc = 0;
            for (size_t o = 0; o < no; o++) {
                grow[o] += a * dy[o];
                acc += row[o] * dy[o];
            }
            dx[i] = acc;
        }
    }
}

static void conv_fwd(const struct bt_layer *l, const float *w, const float *b, const float *in,
                     float *out, int n)
{
    int H = l->hin, W = l->win, Ho = l->hout, Wo = l->wout;
    for (int s = 0; s < n; s++) {
        for (int co = 0; co < l->cout; co++) {
            float *y = out + ((size_t)s * l->cout + co) * Ho * Wo;
            for (int k = 0; k < Ho * Wo; k++)
                y[k] = b[co];
            for (int ci = 0; ci < l->cin; ci++) {
                const float *x = in + ((size_t)s * l->cin + ci) * H * W;
                const float *k9 = w + ((size_t)co * l->cin + ci) * 9;
                for (int ky = 0; ky < 3; ky++)
                    for (int kx = 0; kx < 3; kx++) {
                        float wk = k9[ky * 3 + kx];
                        for (int yy = 0; yy < Ho; yy++) {
                            const float *xr = x + (yy + ky) * W + kx;
                            float *yr = y + yy * Wo;
                            for (int xx = 0; xx < Wo; xx++)
                                yr[xx] += wk * xr[xx];
                        }
                    }
            }
        }
    }
}

static void conv_bwd(const struct bt_layer *l, const float *w, const float *in, const float *dout,
                     float *gw, float *gb, float *din, int n)
{
    int H = l->hin, W = l->win, Ho = l->hout, Wo = l->wout;
    memset(din, 0, (size_t)n * in_size(l) * sizeof(float));
    for (int s = 0; s < n; s++) {
        for (int co = 0; co < l->cout; co++) {
            const float *dy = dout + ((size_t)s * l->cout + co) * Ho * Wo;
            for (int k = 0; k < Ho * Wo; k++)
                gb[co] += dy[k];
            for (int ci = 0; ci < l->cin; ci++) {
                const float *x = in + ((size_t)s * l->cin + ci) * H * W;
                float *dx = din + ((size_t)s * l->cin + ci) * H * W;
                const float *k9 = w + ((size_t)co * l->cin + ci) * 9;
                float *g9 = gw + ((size_t)co * l->cin + ci) * 9;
                for (int ky = 0; ky < 3; ky++)
                    for (int kx = 0; kx < 3; kx++) {
                        float wk = k9[ky * 3 + kx], acc = 0;
                        for (int yy = 0; yy < Ho; yy++) {
                            const float *xr = x + (yy + ky) * W + kx, *dr = dy + yy * Wo;
                            float *dxr = dx + (yy + ky) * W + kx;
                            for (int xx = 0; xx < Wo; xx++) {
                                acc += dr[xx] * xr[xx];
                                dxr[xx] += wk * dr[xx];
                            }
                        }
                        g9[ky * 3 + kx] += acc;
                    }
            }
        }
    }
}

static void pool_fwd(const struct bt_layer *l, const float *in, float *out, int *arg, int n)
{
    int H = l->hin, W = l->win, Ho = l->hout, Wo = l->wout;
    for (int s = 0; s < n; s++)
        for (int c = 0; c < l->cin; c++) {
            const float *x = in + ((size_t)s * l->cin + c) * H * W;
            size_t ob = ((size_t)s * l->cout + c) * Ho * Wo;
            for (int yy = 0; yy < Ho; yy++)
                for (int xx = 0; xx < Wo; xx++) {
                    int best = (2 * yy) * W + 2 * xx;
                    for (int dy = 0; dy < 2; dy++)
                        for (int dx = 0; dx < 2; dx++) {
                            int k = (2 * yy + dy) * W + 2 * xx + dx;
                            if (x[k] > x[best])
                                best = k;
                        }
                    out[ob + yy * Wo + xx] = x[best];
                    arg[ob + yy * Wo + xx] = best;
                }
        }
}

static void pool_bwd(const struct bt_layer *l, const float *dout, const int *arg, float *din, int n)
{
    size_t plane_in = (size_t)l->hin * l->win, plane_out = (size_t)l->hout * l->wout;
    memset(din, 0, (size_t)n * in_size(l) * sizeof(float));
    for (int s = 0; s < n; s++)
        for (int c = 0; c < l->cin; c++) {
            size_t ob = ((size_t)s * l->cout + c) * plane_out;
            float *dx = din + ((size_t)s * l->cin + c) * plane_in;
            for (size_t k = 0; k < plane_out; k++)
                dx[arg[ob + k]] += dout[ob + k];
        }
}

/* Forward pass; returns the logits (act[nlayers]). */
static float *forward(struct ref *r, const float *x, int n, int training, uint64_t seed)
{
    const struct bt_net *net = &r->net;
    r->training = training;
    memcpy(r->act[0], x, (size_t)n * net->in_c * net->in_h * net->in_w * sizeof(float));
    for (int i = 0; i < net->nlayers; i++) {
        const struct bt_layer *l = &net->layer[i];
        float *in = r->act[i], *out = r->act[i + 1];
        size_t total = (size_t)n * out_size(l);
        switch (l->kind) {
        case BT_DENSE:
            dense_fwd(l, r->p + l->w_off, r->p + l->b_off, in, out, n);
            break;
        case BT_CONV3:
            conv_fwd(l, r->p + l->w_off, r->p + l->b_off, in, out, n);
            break;
        case BT_MAXPOOL2:
            pool_fwd(l, in, out, r->arg[i], n);
            break;
        case BT_FLATTEN:
            memcpy(out, in, total * sizeof(float));
            break;
        case BT_DROPOUT:
            if (training) {
                bt_dropout_mask(r->mask[i], total, l->rate, seed, i);
                for (size_t k = 0; k < total; k++)
                    out[k] = in[k] * r->mask[i][k];
            } else {
                memcpy(out, in, total * sizeof(float));
            }
            break;
        }
        if (l->relu)
            for (size_t k = 0; k < total; k++)
                if (out[k] < 0)
                    out[k] = 0;
    }
    return r->act[net->nlayers];
}

/* Mean softmax cross-entropy; writes its gradient into dlogits when not NULL. */
static double loss_of(const float *z, const uint8_t *y, int n, int classes, float *dlogits,
                      int *correct)
{
    double total = 0;
    *correct = 0;
    for (int s = 0; s < n; s++) {
        const float *zs = z + (size_t)s * classes;
        float mx = zs[0];
        double sum = 0;
        int am = 0;
        for (int c = 1; c < classes; c++)
            if (zs[c] > mx) {
                mx = zs[c];
                am = c;
            }
        for (int c = 0; c < classes; c++)
            sum += exp((double)zs[c] - mx);
        total += log(sum) + mx - zs[y[s]];
        *correct += am == y[s];
        if (dlogits)
            for (int c = 0; c < classes; c++)
                dlogits[(size_t)s * classes + c] =
                    (float)((exp((double)zs[c] - mx) / sum - (c == y[s])) / n);
    }
    return total / n;
}

static void backward(struct ref *r, int n)
{
    const struct bt_net *net = &r->net;
    memset(r->g, 0, net->nparams * sizeof(float));
    for (int i = net->nlayers - 1; i >= 0; i--) {
        const struct bt_layer *l = &net->layer[i];
        float *dout = r->dact[i + 1], *din = r->dact[i], *out = r->act[i + 1], *in = r->act[i];
        size_t total = (size_t)n * out_size(l);
        if (l->relu)
            for (size_t k = 0; k < total; k++)
                if (out[k] <= 0)
                    dout[k] = 0;
        switch (l->kind) {
        case BT_DENSE:
            dense_bwd(l, r->p + l->w_off, in, dout, r->g + l->w_off, r->g + l->b_off, din, n);
            break;
        case BT_CONV3:
            conv_bwd(l, r->p + l->w_off, in, dout, r->g + l->w_off, r->g + l->b_off, din, n);
            break;
        case BT_MAXPOOL2:
            pool_bwd(l, dout, r->arg[i], din, n);
            break;
        case BT_FLATTEN:
            memcpy(din, dout, total * sizeof(float));
            break;
        case BT_DROPOUT:
            for (size_t k = 0; k < total; k++)   /* without dropout, the identity */
                din[k] = r->training ? dout[k] * r->mask[i][k] : dout[k];
            break;
        }
    }
}

static void adam(struct ref *r)
{
    float lr_t;
    r->step++;
    lr_t = LR * sqrtf(1 - powf(BETA2, (float)r->step)) / (1 - powf(BETA1, (float)r->step));
    for (size_t k = 0; k < r->net.nparams; k++) {
        float g = r->g[k];
        r->m[k] = BETA1 * r->m[k] + (1 - BETA1) * g;
        r->v[k] = BETA2 * r->v[k] + (1 - BETA2) * g * g;
        r->p[k] -= lr_t * r->m[k] / (sqrtf(r->v[k]) + EPS);
    }
}

static int ref_train(void *ctx, const float *x, const uint8_t *y, int n, uint64_t seed,
                     double *loss, int *correct, char *err, size_t errsize)
{
    struct ref *r = ctx;
    float *z;
    (void)err;
    (void)errsize;
    z = forward(r, x, n, 1, seed);
    *loss = loss_of(z, y, n, r->net.classes, r->dact[r->net.nlayers], correct);
    backward(r, n);
    adam(r);
    return 0;
}

static int ref_eval(void *ctx, const float *x, const uint8_t *y, int n, double *loss, int *correct,
                    char *err, size_t errsize)
{
    struct ref *r = ctx;
    (void)err;
    (void)errsize;
    *loss = loss_of(forward(r, x, n, 0, 0), y, n, r->net.classes, NULL, correct);
    return 0;
}

static int ref_get_params(void *ctx, float *params)
{
    struct ref *r = ctx;
    memcpy(params, r->p, r->net.nparams * sizeof(float));
    return 0;
}

static int ref_gradients(void *ctx, const float *x, const uint8_t *y, int n, float *grad,
                         double *loss, char *err, size_t errsize)
{
    struct ref *r = ctx;
    int correct;
    (void)err;
    (void)errsize;
    *loss = loss_of(forward(r, x, n, 0, 0), y, n, r->net.classes, r->dact[r->net.nlayers],
                    &correct);
    backward(r, n);
    memcpy(grad, r->g, r->net.nparams * sizeof(float));
    return 0;
}

static void ref_close(void *ctx)
{
    struct ref *r = ctx;
    if (!r)
        return;
    for (int i = 0; i <= r->net.nlayers; i++) {
        free(r->act[i]);
        free(r->dact[i]);
        if (i < r->net.nlayers) {
            free(r->mask[i]);
            free(r->arg[i]);
        }
    }
    free(r->p);
    free(r->g);
    free(r->m);
    free(r->v);
    free(r);
}

const struct bt_backend bt_backend_ref = {
    .name = "ref",
    .open = ref_open,
    .device_name = ref_device_name,
    .train_batch = ref_train,
    .eval_batch = ref_eval,
    .get_params = ref_get_params,
    .gradients = ref_gradients,
    .close = ref_close,
};
