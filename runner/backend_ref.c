/*
 * backend_ref.c: the reference backend, plain C, one thread. It is the
 * yardstick the other backends are checked against. Dense layers are matrix
 * products (gemm.c) and convolutions become them through im2col, one sample
 * at a time; the input layer's gradient is not computed (nothing uses it).
 * At tf32 and bf16 every product (forward and backward, dense and conv)
 * rounds both operands as runner/round.h says and sums in fp32, the
 * emulation the other backends are checked against.
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
    struct bt_gemm_ws *ws;           /* bt_gemm's packing space */
    float *cols;                     /* one sample's im2col columns (largest conv) */
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

static void ref_close(void *ctx);

/* The largest im2col matrix of one sample, in floats. */
static size_t cols_size(const struct bt_net *net)
{
    size_t most = 1;
    for (int i = 0; i < net->nlayers; i++) {
        const struct bt_layer *l = &net->layer[i];
        size_t n = (size_t)l->cin * 9 * l->hout * l->wout;
        if (l->kind == BT_CONV3 && n > most)
            most = n;
    }
    return most;
}

static void *ref_open(const struct bt_net *net, const float *params, int device, int max_batch,
                      char *err, size_t errsize)
{
    struct ref *r = calloc(1, sizeof(*r));
    size_t in = (size_t)net->in_c * net->in_h * net->in_w;
    int ok;

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
    r->ws = malloc(bt_gemm_ws_size());
    r->cols = malloc(cols_size(net) * sizeof(float));
    r->act[0] = calloc((size_t)max_batch * in, sizeof(float));
    r->dact[0] = calloc((size_t)max_batch * in, sizeof(float));
    ok = r->p && r->g && r->m && r->v && r->ws && r->cols && r->act[0] && r->dact[0];
    if (r->ws)
        bt_gemm_ws_init(r->ws, BT_FP32);
    for (int i = 0; i < net->nlayers && ok; i++) {
        size_t n = (size_t)max_batch * out_size(&net->layer[i]);
        ok = (r->act[i + 1] = calloc(n, sizeof(float))) &&
             (r->dact[i + 1] = calloc(n, sizeof(float)));
        if (ok && net->layer[i].kind == BT_DROPOUT)
            ok = (r->mask[i] = calloc(n, sizeof(float))) != NULL;
        if (ok && net->layer[i].kind == BT_MAXPOOL2)
            ok = (r->arg[i] = calloc(n, sizeof(int))) != NULL;
    }
    if (!ok) {
        snprintf(err, errsize, "out of memory for %s at batch %d", net->name, max_batch);
        ref_close(r);
        return NULL;
    }
    memcpy(r->p, params, net->nparams * sizeof(float));
    return r;
}

static const char *ref_device_name(void *ctx)
{
    (void)ctx;
    return "cpu (reference C)";
}

static void dense_fwd(struct ref *r, const struct bt_layer *l, const float *w, const float *b,
                      const float *in, float *out, int n)
{
    int ni = (int)in_size(l), no = l->cout;
    for (int s = 0; s < n; s++)
        memcpy(out + (size_t)s * no, b, (size_t)no * sizeof(float));
    bt_gemm(r->ws, 0, 0, n, no, ni, in, ni, w, no, out, no, 1);
}

static void dense_bwd(struct ref *r, const struct bt_layer *l, const float *w, const float *in,
                      const float *dout, float *gw, float *gb, float *din, int n)
{
    int ni = (int)in_size(l), no = l->cout;
    for (int s = 0; s < n; s++)
        for (int o = 0; o < no; o++)
            gb[o] += dout[(size_t)s * no + o];
    bt_gemm(r->ws, 1, 0, ni, no, n, in, ni, dout, no, gw, no, 1);
    if (din)
        bt_gemm(r->ws, 0, 1, n, ni, no, dout, no, w, no, din, ni, 0);
}

/*
 * The rows and columns of a 3x3 tap (ky, kx) that fall inside the input:
 * output (y, x) reads input (y + ky - pad, x + kx - pad).
 */
struct span {
    int y0, y1, x0, x1;   /* output rows [y0, y1) and columns [x0, x1) */
    int dy, dx;           /* input offset: ky - pad, kx - pad */
};

static struct span tap(const struct bt_layer *l, int ky, int kx)
{
    struct span s;
    s.dy = ky - l->pad;
    s.dx = kx - l->pad;
    s.y0 = s.dy < 0 ? -s.dy : 0;
    s.x0 = s.dx < 0 ? -s.dx : 0;
    s.y1 = l->hin - s.dy < l->hout ? l->hin - s.dy : l->hout;
    s.x1 = l->win - s.dx < l->wout ? l->win - s.dx : l->wout;
    return s;
}

/* One sample's input as columns: cols[(ci * 9 + tap) x (Ho * Wo)], zeros outside. */
static void im2col(const struct bt_layer *l, const float *x, float *cols)
{
    size_t plane = (size_t)l->hout * l->wout;
    memset(cols, 0, (size_t)l->cin * 9 * plane * sizeof(float));
    for (int ci = 0; ci < l->cin; ci++)
        for (int k = 0; k < 9; k++) {
            struct span t = tap(l, k / 3, k % 3);
            const float *xi = x + (size_t)ci * l->hin * l->win;
            float *row = cols + ((size_t)ci * 9 + k) * plane;
            for (int yy = t.y0; yy < t.y1; yy++)
                memcpy(row + yy * l->wout + t.x0, xi + (yy + t.dy) * l->win + t.x0 + t.dx,
                       (size_t)(t.x1 - t.x0) * sizeof(float));
        }
}

/* The reverse: adds the columns' gradients back onto the input's. */
static void col2im(const struct bt_layer *l, const float *cols, float *dx)
{
    size_t plane = (size_t)l->hout * l->wout;
    for (int ci = 0; ci < l->cin; ci++)
        for (int k = 0; k < 9; k++) {
            struct span t = tap(l, k / 3, k % 3);
            float *di = dx + (size_t)ci * l->hin * l->win;
            const float *row = cols + ((size_t)ci * 9 + k) * plane;
            for (int yy = t.y0; yy < t.y1; yy++) {
                float *d = di + (yy + t.dy) * l->win + t.dx;
                const float *c = row + yy * l->wout;
                for (int xx = t.x0; xx < t.x1; xx++)
                    d[xx] += c[xx];
            }
        }
}

static void conv_fwd(struct ref *r, const struct bt_layer *l, const float *w, const float *b,
                     const float *in, float *out, int n)
{
    int plane = l->hout * l->wout, k9 = l->cin * 9;
    for (int s = 0; s < n; s++) {
        float *y = out + (size_t)s * l->cout * plane;
        im2col(l, in + (size_t)s * in_size(l), r->cols);
        for (int co = 0; co < l->cout; co++)
            for (int k = 0; k < plane; k++)
                y[(size_t)co * plane + k] = b[co];
        bt_gemm(r->ws, 0, 0, l->cout, plane, k9, w, k9, r->cols, plane, y, plane, 1);
    }
}

static void conv_bwd(struct ref *r, const struct bt_layer *l, const float *w, const float *in,
                     const float *dout, float *gw, float *gb, float *din, int n)
{
    int plane = l->hout * l->wout, k9 = l->cin * 9;
    for (int s = 0; s < n; s++) {
        const float *dy = dout + (size_t)s * l->cout * plane;
        for (int co = 0; co < l->cout; co++)
            for (int k = 0; k < plane; k++)
                gb[co] += dy[(size_t)co * plane + k];
        im2col(l, in + (size_t)s * in_size(l), r->cols);
        bt_gemm(r->ws, 0, 1, l->cout, k9, plane, dy, plane, r->cols, plane, gw, k9, 1);
        if (!din)
            continue;
        bt_gemm(r->ws, 1, 0, k9, plane, l->cout, w, k9, dy, plane, r->cols, plane, 0);
        memset(din + (size_t)s * in_size(l), 0, in_size(l) * sizeof(float));
        col2im(l, r->cols, din + (size_t)s * in_size(l));
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
static float *forward(struct ref *r, const float *x, int n, int training, const struct bt_step *st)
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
            dense_fwd(r, l, r->p + l->w_off, r->p + l->b_off, in, out, n);
            break;
        case BT_CONV3:
            conv_fwd(r, l, r->p + l->w_off, r->p + l->b_off, in, out, n);
            break;
        case BT_MAXPOOL2:
            pool_fwd(l, in, out, r->arg[i], n);
            break;
        case BT_FLATTEN:
            memcpy(out, in, total * sizeof(float));
            break;
        case BT_DROPOUT:
            if (training) {
                bt_dropout_mask(r->mask[i], total, l->rate, st, i);
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
            dense_bwd(r, l, r->p + l->w_off, in, dout, r->g + l->w_off, r->g + l->b_off,
                      bt_net_wants_din(net, i) ? din : NULL, n);
            break;
        case BT_CONV3:
            conv_bwd(r, l, r->p + l->w_off, in, dout, r->g + l->w_off, r->g + l->b_off,
                     bt_net_wants_din(net, i) ? din : NULL, n);
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

static int ref_train(void *ctx, const float *x, const uint8_t *y, int n, const struct bt_step *st,
                     double *loss, int *correct, char *err, size_t errsize)
{
    struct ref *r = ctx;
    float *z;
    (void)err;
    (void)errsize;
    z = forward(r, x, n, 1, st);
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
    *loss = loss_of(forward(r, x, n, 0, NULL), y, n, r->net.classes, NULL, correct);
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
    *loss = loss_of(forward(r, x, n, 0, NULL), y, n, r->net.classes, r->dact[r->net.nlayers],
                    &correct);
    backward(r, n);
    memcpy(grad, r->g, r->net.nparams * sizeof(float));
    return 0;
}

/* Every product from now on, forward and backward, rounds its operands (gemm.c). */
static int ref_set_precision(void *ctx, enum bt_precision p, char *err, size_t errsize)
{
    struct ref *r = ctx;
    (void)err;
    (void)errsize;
    bt_gemm_ws_init(r->ws, p);
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
    free(r->ws);
    free(r->cols);
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
    .set_precision = ref_set_precision,
};
