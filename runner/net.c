/*
 * net.c: the seeds' networks as layer lists, and their initial parameters.
 *
 * Fashion-MNIST (1x28x28):
 * mlp:    Flatten, Dense 512 ReLU, Dropout 0.2, Dense 64 ReLU, Dense 10
 *         (435,402 parameters);
 * cnn:    Conv 32 3x3 ReLU, MaxPool 2, Conv 64 3x3 ReLU, MaxPool 2, Conv 64 3x3
 *         ReLU, Flatten, Dense 64 ReLU, Dense 10 (93,322 parameters).
 *
 * CIFAR-10 shaped (3x32x32). The issue gives the seeds' range, 122,570 to
 * 1,649,482 parameters; the seeds' code is not here, so the smallest is the
 * well-known Keras CIFAR-10 CNN with exactly that count, and the other three
 * are one design at widths 32, 48 and 64, the widest matching the top count:
 * cifar0: the cnn above on 3x32x32 (122,570);
 * cifarN: Conv W same, Conv W valid, MaxPool 2, Conv 2W same, Conv 2W valid,
 *         Flatten, Dense 64 ReLU, Dense 64 ReLU, Dense 10, every conv ReLU,
 *         with W = 32, 48, 64 for cifar1, cifar2, cifar3 (762,666, 1,189,946
 *         and 1,649,482 parameters).
 */
#include <math.h>
#include <string.h>

#include "runner/bt.h"
#include "runner/philox.h"

const char bt_net_names[] = "mlp, cnn, cifar0, cifar1, cifar2, cifar3";

void bt_net_begin(struct bt_net *n, const char *name, int c, int h, int w, int classes)
{
    memset(n, 0, sizeof(*n));
    n->name = name;
    n->in_c = c;
    n->in_h = h;
    n->in_w = w;
    n->classes = classes;
    n->max_act = (size_t)c * h * w;
}

/* The next layer, its input shape filled in from the previous one; NULL when full. */
static struct bt_layer *next(struct bt_net *n, enum bt_layer_kind kind, int relu)
{
    struct bt_layer *l;
    const struct bt_layer *prev = n->nlayers ? &n->layer[n->nlayers - 1] : NULL;

    if (n->nlayers == BT_MAX_LAYERS)
        return NULL;
    l = &n->layer[n->nlayers];
    memset(l, 0, sizeof(*l));
    l->kind = kind;
    l->relu = relu;
    l->cin = prev ? prev->cout : n->in_c;
    l->hin = prev ? prev->hout : n->in_h;
    l->win = prev ? prev->wout : n->in_w;
    return l;
}

/* Places the layer's parameters and counts it in; -1 when its output is empty. */
static int commit(struct bt_net *n, struct bt_layer *l)
{
    size_t out = (size_t)l->cout * l->hout * l->wout;

    if (l->cout < 1 || l->hout < 1 || l->wout < 1)
        return -1;
    l->w_off = n->nparams;
    l->b_off = n->nparams + l->w_len;
    n->nparams += l->w_len + l->b_len;
    if (out > n->max_act)
        n->max_act = out;
    n->nlayers++;
    return 0;
}

int bt_net_conv(struct bt_net *n, int cout, int pad, int relu)
{
    struct bt_layer *l = next(n, BT_CONV3, relu);
    if (!l)
        return -1;
    l->pad = pad ? 1 : 0;
    l->cout = cout;
    l->hout = l->hin - 2 + 2 * l->pad;
    l->wout = l->win - 2 + 2 * l->pad;
    l->w_len = (size_t)cout * l->cin * 9;
    l->b_len = (size_t)cout;
    return commit(n, l);
}

int bt_net_dense(struct bt_net *n, int cout, int relu)
{
    struct bt_layer *l = next(n, BT_DENSE, relu);
    if (!l)
        return -1;
    l->cout = cout;
    l->hout = l->wout = 1;
    l->w_len = (size_t)l->cin * l->hin * l->win * (size_t)cout;
    l->b_len = (size_t)cout;
    return commit(n, l);
}

int bt_net_pool(struct bt_net *n)
{
    struct bt_layer *l = next(n, BT_MAXPOOL2, 0);
    if (!l)
        return -1;
    l->cout = l->cin;
    l->hout = l->hin / 2;
    l->wout = l->win / 2;
    return commit(n, l);
}

int bt_net_flatten(struct bt_net *n)
{
    struct bt_layer *l = next(n, BT_FLATTEN, 0);
    if (!l)
        return -1;
    l->cout = l->cin * l->hin * l->win;
    l->hout = l->wout = 1;
    return commit(n, l);
}

int bt_net_dropout(struct bt_net *n, float rate)
{
    struct bt_layer *l = next(n, BT_DROPOUT, 0);
    if (!l)
        return -1;
    l->rate = rate;
    l->cout = l->cin;
    l->hout = l->hin;
    l->wout = l->win;
    return commit(n, l);
}

/* The Keras CIFAR-10 CNN's layers, after the input: also the seeds' Fashion-MNIST cnn. */
static int small_cnn(struct bt_net *n)
{
    return bt_net_conv(n, 32, 0, 1) || bt_net_pool(n) || bt_net_conv(n, 64, 0, 1) ||
           bt_net_pool(n) || bt_net_conv(n, 64, 0, 1) || bt_net_flatten(n) ||
           bt_net_dense(n, 64, 1) || bt_net_dense(n, 10, 0);
}

/* cifar1..3: two same/valid conv pairs of width w and 2w around one pool. */
static int wide_cnn(struct bt_net *n, int w)
{
    return bt_net_conv(n, w, 1, 1) || bt_net_conv(n, w, 0, 1) || bt_net_pool(n) ||
           bt_net_conv(n, 2 * w, 1, 1) || bt_net_conv(n, 2 * w, 0, 1) || bt_net_flatten(n) ||
           bt_net_dense(n, 64, 1) || bt_net_dense(n, 64, 1) || bt_net_dense(n, 10, 0);
}

int bt_net_build(struct bt_net *n, const char *name)
{
    static const char *const cifar[] = { "cifar0", "cifar1", "cifar2", "cifar3" };

    if (!strcmp(name, "mlp")) {
        bt_net_begin(n, "mlp", 1, 28, 28, 10);
        return bt_net_flatten(n) || bt_net_dense(n, 512, 1) || bt_net_dropout(n, 0.2f) ||
               bt_net_dense(n, 64, 1) || bt_net_dense(n, 10, 0) ? -1 : 0;
    }
    if (!strcmp(name, "cnn")) {
        bt_net_begin(n, "cnn", 1, 28, 28, 10);
        return small_cnn(n) ? -1 : 0;
    }
    for (int i = 0; i < 4; i++)
        if (!strcmp(name, cifar[i])) {
            bt_net_begin(n, cifar[i], 3, 32, 32, 10);
            return (i == 0 ? small_cnn(n) : wide_cnn(n, 16 + 16 * i)) ? -1 : 0;
        }
    return -1;
}

int bt_net_wants_din(const struct bt_net *n, int i)
{
    for (int j = 0; j < i; j++)
        if (n->layer[j].w_len + n->layer[j].b_len)
            return 1;
    return 0;
}

void bt_net_init_params(const struct bt_net *n, float *params, uint64_t seed)
{
    uint64_t s = seed;

    memset(params, 0, n->nparams * sizeof(float));
    for (int i = 0; i < n->nlayers; i++) {
        const struct bt_layer *l = &n->layer[i];
        double fan_in, fan_out, limit;

        if (!l->w_len)
            continue;
        fan_in = l->kind == BT_DENSE ? (double)l->cin * l->hin * l->win : (double)l->cin * 9;
        fan_out = l->kind == BT_DENSE ? (double)l->cout : (double)l->cout * 9;
        limit = sqrt(6.0 / (fan_in + fan_out));
        for (size_t k = 0; k < l->w_len; k++)
            params[l->w_off + k] = (float)((2.0 * bt_uniform(&s) - 1.0) * limit);
    }
}

void bt_dropout_mask(float *keep, size_t n, float rate, const struct bt_step *st, int layer)
{
    float scale = 1.0f / (1.0f - rate);
    for (size_t j = 0; j < n; j++)
        keep[j] = bt_dropout_keep(st->seed, st->epoch, st->step, layer, (bt_u32)j, rate) ? scale
                                                                                        : 0.0f;
}

size_t bt_order(uint64_t seed, uint32_t epoch, size_t n, size_t i)
{
    return bt_shuffle_index(seed, epoch, n, (bt_u32)i);
}
