/*
 * net.c: the seeds' networks as layer lists, and their initial parameters.
 * mlp: Flatten, Dense 512 ReLU, Dropout 0.2, Dense 64 ReLU, Dense 10
 *      (435,402 parameters);
 * cnn: Conv 32 3x3 ReLU, MaxPool 2, Conv 64 3x3 ReLU, MaxPool 2, Conv 64 3x3
 *      ReLU, Flatten, Dense 64 ReLU, Dense 10 (93,322 parameters).
 */
#include <math.h>
#include <string.h>

#include "runner/bt.h"

static void add(struct bt_net *n, enum bt_layer_kind kind, int cout, int relu, float rate)
{
    struct bt_layer *l = &n->layer[n->nlayers];
    const struct bt_layer *prev = n->nlayers ? &n->layer[n->nlayers - 1] : NULL;

    memset(l, 0, sizeof(*l));
    l->kind = kind;
    l->relu = relu;
    l->rate = rate;
    l->cin = prev ? prev->cout : n->in_c;
    l->hin = prev ? prev->hout : n->in_h;
    l->win = prev ? prev->wout : n->in_w;
    switch (kind) {
    case BT_DENSE:
        l->cout = cout;
        l->hout = l->wout = 1;
        l->w_len = (size_t)l->cin * l->hin * l->win * (size_t)cout;
        l->b_len = (size_t)cout;
        break;
    case BT_CONV3:
        l->cout = cout;
        l->hout = l->hin - 2;
        l->wout = l->win - 2;
        l->w_len = (size_t)cout * l->cin * 9;
        l->b_len = (size_t)cout;
        break;
    case BT_MAXPOOL2:
        l->cout = l->cin;
        l->hout = l->hin / 2;
        l->wout = l->win / 2;
        break;
    case BT_FLATTEN:
        l->cout = l->cin * l->hin * l->win;
        l->hout = l->wout = 1;
        break;
    case BT_DROPOUT:
        l->cout = l->cin;
        l->hout = l->hin;
        l->wout = l->win;
        break;
    }
    l->w_off = n->nparams;
    l->b_off = n->nparams + l->w_len;
    n->nparams += l->w_len + l->b_len;
    if ((size_t)l->cout * l->hout * l->wout > n->max_act)
        n->max_act = (size_t)l->cout * l->hout * l->wout;
    n->nlayers++;
}

int bt_net_build(struct bt_net *n, const char *name)
{
    memset(n, 0, sizeof(*n));
    n->in_c = 1;
    n->in_h = n->in_w = 28;
    n->classes = 10;
    n->max_act = 784;
    if (!strcmp(name, "mlp")) {
        n->name = "mlp";
        add(n, BT_FLATTEN, 0, 0, 0);
        add(n, BT_DENSE, 512, 1, 0);
        add(n, BT_DROPOUT, 0, 0, 0.2f);
        add(n, BT_DENSE, 64, 1, 0);
        add(n, BT_DENSE, 10, 0, 0);
        return 0;
    }
    if (!strcmp(name, "cnn")) {
        n->name = "cnn";
        add(n, BT_CONV3, 32, 1, 0);
        add(n, BT_MAXPOOL2, 0, 0, 0);
        add(n, BT_CONV3, 64, 1, 0);
        add(n, BT_MAXPOOL2, 0, 0, 0);
        add(n, BT_CONV3, 64, 1, 0);
        add(n, BT_FLATTEN, 0, 0, 0);
        add(n, BT_DENSE, 64, 1, 0);
        add(n, BT_DENSE, 10, 0, 0);
        return 0;
    }
    return -1;
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

void bt_dropout_mask(float *keep, size_t n, float rate, uint64_t seed, int layer)
{
    uint64_t s = seed ^ ((uint64_t)layer << 56);
    float scale = 1.0f / (1.0f - rate);
    for (size_t i = 0; i < n; i++)
        keep[i] = bt_uniform(&s) < rate ? 0.0f : scale;
}
