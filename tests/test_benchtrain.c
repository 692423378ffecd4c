/*
 * test_benchtrain.c: the training runner's reference backend. Parameter
 * counts by hand; every layer's gradients against central finite
 * differences; identical losses from identical seeds; a short training that
 * learns. (The CUDA backend is checked against this one on a GPU machine
 * with `benchtrain --check`.)
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "runner/bt.h"
#include "runner/philox.h"
#include "runner/round.h"

#define DATA "/usr/share/datasets/fashion-mnist"

static void counts(void **state)
{
    struct bt_net n;
    (void)state;
    /* mlp: 784x512 + 512 + 512x64 + 64 + 64x10 + 10 = 435,402 */
    assert_int_equal(bt_net_build(&n, "mlp"), 0);
    assert_int_equal(n.nparams, 435402);
    /* cnn: 32(1x9+1) + 64(32x9+1) + 64(64x9+1) + 576x64 + 64 + 64x10 + 10 = 93,322;
     * shapes 28 -> 26 -> 13 -> 11 -> 5 -> 3, 64 x 3 x 3 = 576 */
    assert_int_equal(bt_net_build(&n, "cnn"), 0);
    assert_int_equal(n.nparams, 93322);
    assert_int_equal(n.layer[5].cout, 576);
    /* cifar0, the same layers on 3x32x32: 32(3x9+1) = 896, shapes 32 -> 30 -> 15 -> 13
     * -> 6 -> 4, 64 x 4 x 4 = 1024: 896 + 18,496 + 36,928 + 1024x64 + 64 + 650 = 122,570 */
    assert_int_equal(bt_net_build(&n, "cifar0"), 0);
    assert_int_equal(n.nparams, 122570);
    assert_int_equal(n.layer[5].cout, 1024);
    /* cifar3: 64(3x9+1) + 64(64x9+1) + 128(64x9+1) + 128(128x9+1) = 1,792 + 36,928 +
     * 73,856 + 147,584; shapes 32 -> 32 (same) -> 30 -> 15 -> 15 (same) -> 13, 128 x 13 x
     * 13 = 21,632; 21,632x64 + 64 + 64x64 + 64 + 64x10 + 10 = 1,389,322; total 1,649,482 */
    assert_int_equal(bt_net_build(&n, "cifar3"), 0);
    assert_int_equal(n.nparams, 1649482);
    assert_int_equal(n.layer[5].cout, 21632);
    assert_int_equal(n.layer[0].hout, 32);
    /* cifar1 (width 32): 896 + 9,248 + 18,496 + 36,928 + 10,816x64 + 64 + 4,160 + 650;
     * cifar2 (width 48): 1,344 + 20,784 + 41,568 + 83,040 + 16,224x64 + 64 + 4,160 + 650 */
    assert_int_equal(bt_net_build(&n, "cifar1"), 0);
    assert_int_equal(n.nparams, 762666);
    assert_int_equal(bt_net_build(&n, "cifar2"), 0);
    assert_int_equal(n.nparams, 1189946);
    assert_int_equal(bt_net_build(&n, "resnet"), -1);
}

/* The builder refuses shapes that vanish and networks longer than BT_MAX_LAYERS. */
static void builder_limits(void **state)
{
    struct bt_net n;
    (void)state;
    bt_net_begin(&n, "t", 1, 2, 2, 10);
    assert_int_equal(bt_net_conv(&n, 4, 0, 1), -1);   /* 2x2 -> 0x0 */
    assert_int_equal(bt_net_conv(&n, 4, 1, 1), 0);    /* same padding keeps 2x2 */
    assert_int_equal(bt_net_pool(&n), 0);             /* 1x1 */
    assert_int_equal(bt_net_pool(&n), -1);            /* 0x0 */
    bt_net_begin(&n, "t", 1, 4, 4, 10);
    for (int i = 0; i < BT_MAX_LAYERS; i++)
        assert_int_equal(bt_net_dense(&n, 4, 1), 0);
    assert_int_equal(bt_net_dense(&n, 4, 1), -1);
    assert_int_equal(n.nlayers, BT_MAX_LAYERS);
}

/*
 * x rounded to `bits` significant bits (11 for tf32, 8 for bf16), ties to
 * even, computed another way than round.h: frexp, rint (the default
 * rounding mode is to nearest even) and ldexp.
 */
static double round_sig(float x, int bits)
{
    int e;
    double m = frexp((double)x, &e);
    return ldexp(rint(ldexp(m, bits)), e - bits);
}

/* bt_round_keep by hand: ties go to the even neighbour, carries reach the exponent. */
static void rounding(void **state)
{
    (void)state;
    assert_true(bt_round_keep(1.0f + 0x1p-11f, BT_ROUND_TF32_DROP) == 1.0f);
    assert_true(bt_round_keep(1.0f + 3 * 0x1p-11f, BT_ROUND_TF32_DROP) == 1.0f + 0x1p-9f);
    assert_true(bt_round_keep(1.0f + 0x1p-11f + 0x1p-20f, BT_ROUND_TF32_DROP) ==
                1.0f + 0x1p-10f);
    assert_true(bt_round_keep(1.0f + 0x1p-8f, BT_ROUND_BF16_DROP) == 1.0f);
    assert_true(bt_round_keep(1.0f + 3 * 0x1p-8f, BT_ROUND_BF16_DROP) == 1.0f + 0x1p-6f);
    assert_true(bt_round_keep(-(2.0f - 0x1p-9f), BT_ROUND_BF16_DROP) == -2.0f);
    assert_true(bt_round_keep(0.1f, BT_ROUND_BF16_DROP) == 0.10009765625f);
    assert_true(isinf(bt_round_keep(INFINITY, BT_ROUND_BF16_DROP)));
    assert_true(isnan(bt_round_keep(NAN, BT_ROUND_TF32_DROP)));
    assert_true(isinf(bt_round_keep(3.4028235e38f, BT_ROUND_BF16_DROP)));
}

/*
 * bt_gemm against the definition, summed in double, for every transpose and
 * odd sizes, at each precision: the operands rounded by round_sig.
 */
static void gemm(void **state)
{
    static const int dims[][3] = { { 1, 1, 1 },     { 7, 17, 5 },   { 64, 100, 27 },
                                   { 130, 33, 300 }, { 13, 2049, 9 } };
    static const int sig[] = { 24, 11, 8 };
    struct bt_gemm_ws *ws = malloc(bt_gemm_ws_size());
    uint64_t s = 1;
    (void)state;
    for (int pr = BT_FP32; pr <= BT_BF16; pr++) {
        bt_gemm_ws_init(ws, (enum bt_precision)pr);
        for (int d = 0; d < 5; d++)
            for (int v = 0; v < 8; v++) {
                int m = dims[d][0], n = dims[d][1], k = dims[d][2], ta = v & 1, tb = v >> 1 & 1,
                    add = v >> 2;
                float *a = malloc(sizeof(float) * (size_t)m * k);
                float *b = malloc(sizeof(float) * (size_t)k * n);
                float *c = malloc(sizeof(float) * (size_t)m * n);
                double *want = malloc(sizeof(double) * (size_t)m * n);
                for (int i = 0; i < m * k; i++)
                    a[i] = bt_uniform(&s) - 0.5f;
                for (int i = 0; i < k * n; i++)
                    b[i] = bt_uniform(&s) - 0.5f;
                for (int i = 0; i < m * n; i++)
                    want[i] = add ? (c[i] = bt_uniform(&s)) : (c[i] = 99.0f, 0.0);
                for (int i = 0; i < m; i++)
                    for (int j = 0; j < n; j++)
                        for (int q = 0; q < k; q++)
                            want[i * n + j] +=
                                round_sig(ta ? a[q * m + i] : a[i * k + q], sig[pr]) *
                                round_sig(tb ? b[j * k + q] : b[q * n + j], sig[pr]);
                bt_gemm(ws, ta, tb, m, n, k, a, ta ? m : k, b, tb ? k : n, c, n, add);
                for (int i = 0; i < m * n; i++)
                    if (fabs(c[i] - want[i]) > 1e-5 * (1 + sqrt((double)k)))
                        fail_msg("gemm %dx%dx%d ta=%d tb=%d add=%d precision %d: [%d] %.7g, "
                                 "want %.7g", m, n, k, ta, tb, add, pr, i, c[i], want[i]);
                free(a);
                free(b);
                free(c);
                free(want);
            }
    }
    free(ws);
}

/* A small batch of random images and labels. */
static void batch(float *x, uint8_t *y, int n, size_t per, uint64_t seed)
{
    for (size_t i = 0; i < (size_t)n * per; i++)
        x[i] = bt_uniform(&seed);
    for (int s = 0; s < n; s++)
        y[s] = (uint8_t)(bt_rand(&seed) % 10);
}

/*
 * A small network of every layer kind the CIFAR models use, on 3x8x8: same
 * and valid convolutions back to back, a pool, and two hidden dense layers.
 */
static void tiny_cifar(struct bt_net *n)
{
    bt_net_begin(n, "tiny", 3, 8, 8, 10);
    assert_int_equal(bt_net_conv(n, 4, 1, 1) || bt_net_conv(n, 5, 0, 1) || bt_net_pool(n) ||
                     bt_net_conv(n, 6, 1, 1) || bt_net_flatten(n) || bt_net_dense(n, 12, 1) ||
                     bt_net_dense(n, 8, 1) || bt_net_dense(n, 10, 0), 0);
    /* 4(27+1) + 5(36+1) + 6(45+1) + (6x3x3)x12 + 12 + 12x8 + 8 + 8x10 + 10 */
    assert_int_equal(n->nparams, 112 + 185 + 276 + 660 + 104 + 90);
}

static void gradcheck_net(const struct bt_net *netp)
{
    struct bt_net net = *netp;
    const char *model = net.name;
    size_t per = (size_t)net.in_c * net.in_h * net.in_w;
    float *p, *g, *x = malloc(4 * per * sizeof(float));
    uint8_t y[4];
    char err[256];
    void *r;
    double loss;
    uint64_t s = 7;
    int checked = 0, kinks = 0;

    p = malloc(net.nparams * sizeof(float));
    g = malloc(net.nparams * sizeof(float));
    bt_net_init_params(&net, p, 3);
    batch(x, y, 4, per, 11);
    r = bt_backend_ref.open(&net, p, 0, 4, err, sizeof(err));
    assert_non_null(r);
    assert_int_equal(bt_backend_ref.gradients(r, x, y, 4, g, &loss, err, sizeof(err)), 0);
    bt_backend_ref.close(r);
    /* 12 parameters of every weight and bias block: central differences */
    for (int li = 0; li < net.nlayers; li++) {
        const struct bt_layer *l = &net.layer[li];
        for (int part = 0; part < 2; part++) {
            size_t off = part ? l->b_off : l->w_off, len = part ? l->b_len : l->w_len;
            for (int k = 0; k < 12 && len; k++) {
                size_t i = off + (size_t)(bt_rand(&s) % len);
                double fd[2];
                for (int hi = 0; hi < 2; hi++) {
                    /* central differences at two steps: where they disagree the loss
                     * has a kink (ReLU, max-pool) within the step, and the point is
                     * skipped */
                    const double h = hi ? 1e-4 : 2e-4;
                    float keep = p[i];
                    double lp, lm;
                    p[i] = keep + (float)h;
                    r = bt_backend_ref.open(&net, p, 0, 4, err, sizeof(err));
                    bt_backend_ref.gradients(r, x, y, 4, g, &lp, err, sizeof(err));
                    bt_backend_ref.close(r);
                    p[i] = keep - (float)h;
                    r = bt_backend_ref.open(&net, p, 0, 4, err, sizeof(err));
                    bt_backend_ref.gradients(r, x, y, 4, g, &lm, err, sizeof(err));
                    bt_backend_ref.close(r);
                    p[i] = keep;
                    fd[hi] = (lp - lm) / (2 * h);
                }
                r = bt_backend_ref.open(&net, p, 0, 4, err, sizeof(err));
                bt_backend_ref.gradients(r, x, y, 4, g, &loss, err, sizeof(err));
                bt_backend_ref.close(r);
                if (fabs(fd[0] - fd[1]) > 1e-3 + 0.05 * fabs(fd[0])) {
                    kinks++;
                    continue;
                }
                if (fabs(fd[0] - g[i]) > 1e-3 + 0.05 * fabs(fd[0]))
                    fail_msg("%s layer %d %s[%zu]: analytic %.6g, finite difference %.6g", model,
                             li, part ? "bias" : "weight", i - off, g[i], fd[0]);
                checked++;
            }
        }
    }
    assert_true(checked >= 48 && kinks <= checked / 5);
    free(p);
    free(g);
    free(x);
}

static void gradcheck(const char *model)
{
    struct bt_net net;
    assert_int_equal(bt_net_build(&net, model), 0);
    gradcheck_net(&net);
}

static void gradients_mlp(void **state)
{
    (void)state;
    gradcheck("mlp");
}

static void gradients_cnn(void **state)
{
    (void)state;
    gradcheck("cnn");
}

static void gradients_padded(void **state)
{
    struct bt_net net;
    (void)state;
    tiny_cifar(&net);
    gradcheck_net(&net);
}

static void deterministic(void **state)
{
    struct bt_net net;
    float *p, x[8 * 784];
    uint8_t y[8];
    char err[256];
    double loss[2][5];
    int c;
    (void)state;
    assert_int_equal(bt_net_build(&net, "mlp"), 0);
    p = malloc(net.nparams * sizeof(float));
    for (int run = 0; run < 2; run++) {
        void *r;
        bt_net_init_params(&net, p, 5);
        r = bt_backend_ref.open(&net, p, 0, 8, err, sizeof(err));
        batch(x, y, 8, 784, 100);
        for (int step = 0; step < 5; step++) {
            struct bt_step st = { 1000, 1, (uint32_t)step };
            bt_backend_ref.train_batch(r, x, y, 8, &st, &loss[run][step], &c, err, sizeof(err));
        }
        bt_backend_ref.close(r);
    }
    for (int step = 0; step < 5; step++)
        assert_true(loss[0][step] == loss[1][step]);
    assert_true(loss[0][4] < loss[0][0]);   /* it learns the batch */
    free(p);
}

static void learns(void **state)
{
    struct bt_net net;
    struct bt_data train, val, test;
    char err[256];
    float *p, *x, xt[32 * 784];
    uint8_t y[1000], yt[32];
    void *r;
    double loss, l0 = 0;
    int c, correct = 0;
    (void)state;
    if (access(DATA, R_OK))
        skip();
    assert_int_equal(bt_data_fashion(DATA, &train, &val, &test, err, sizeof(err)), 0);
    assert_int_equal(train.n, 50000);
    assert_int_equal(val.n, 10000);
    assert_int_equal(test.n, 10000);
    bt_net_build(&net, "mlp");
    p = malloc(net.nparams * sizeof(float));
    x = malloc(1000 * 784 * sizeof(float));
    bt_net_init_params(&net, p, 1);
    r = bt_backend_ref.open(&net, p, 0, 1000, err, sizeof(err));
    bt_data_gather(&val, NULL, 0, 1000, x, y);
    bt_backend_ref.eval_batch(r, x, y, 1000, &l0, &c, err, sizeof(err));
    /* one pass over 3200 images in batches of 32 */
    for (int i = 0; i < 100; i++) {
        bt_data_gather(&train, NULL, (size_t)i * 32, 32, xt, yt);
        struct bt_step st = { 1, 1, (uint32_t)i };
        bt_backend_ref.train_batch(r, xt, yt, 32, &st, &loss, &c, err, sizeof(err));
    }
    bt_backend_ref.eval_batch(r, x, y, 1000, &loss, &correct, err, sizeof(err));
    assert_true(loss < l0 / 2);        /* from about ln 10 = 2.3 */
    assert_true(correct > 650);        /* of 1000: from chance (100) to over 65% */
    bt_backend_ref.close(r);
    free(p);
    free(x);
    bt_data_release(&train);
    bt_data_release(&val);
    bt_data_release(&test);
}

/* The OpenCL backend (PoCL here) against the reference on one batch. */
/* ||a - b|| / ||a|| */
static double l2_diff(const float *a, const float *b, size_t n)
{
    double d = 0, m = 1e-60;
    for (size_t i = 0; i < n; i++) {
        d += ((double)a[i] - b[i]) * ((double)a[i] - b[i]);
        m += (double)a[i] * a[i];
    }
    return sqrt(d / m);
}

/*
 * --precision on opencl rounds as the reference does: at tf32 and bf16 its
 * gradients are at least ten times closer to the reference's at the same
 * precision than to the reference's at fp32 (mlp, cnn and every layer kind
 * of the CIFAR models, batch 16). A backend that forgot to round, or rounded
 * other operands, would be about as far from both.
 */
static void opencl_precision(void **state)
{
    static const char *const models[] = { "mlp", "cnn", "tiny" };
    struct bt_net net;
    float *x = malloc(16 * 3072 * sizeof(float)), *p, *g[3];
    uint8_t y[16];
    char err[512];
    double l;
    (void)state;
    for (int m = 0; m < 3; m++) {
        void *o, *r;
        if (m == 2)
            tiny_cifar(&net);
        else
            assert_int_equal(bt_net_build(&net, models[m]), 0);
        p = malloc(net.nparams * sizeof(float));
        for (int k = 0; k < 3; k++)
            g[k] = malloc(net.nparams * sizeof(float));
        bt_net_init_params(&net, p, 9);
        batch(x, y, 16, (size_t)net.in_c * net.in_h * net.in_w, 21);
        r = bt_backend_ref.open(&net, p, 0, 16, err, sizeof(err));
        bt_backend_ref.gradients(r, x, y, 16, g[0], &l, err, sizeof(err));
        for (int pr = BT_TF32; pr <= BT_BF16; pr++) {
            double same, apart;
            o = bt_backend_opencl.open(&net, p, 0, 16, err, sizeof(err));
            if (!o) {
                assert_int_equal(strncmp(err, "no OpenCL", 9), 0);
                break;
            }
            assert_int_equal(bt_backend_ref.set_precision(r, (enum bt_precision)pr, err,
                                                          sizeof(err)), 0);
            assert_int_equal(bt_backend_opencl.set_precision(o, (enum bt_precision)pr, err,
                                                             sizeof(err)), 0);
            bt_backend_ref.gradients(r, x, y, 16, g[1], &l, err, sizeof(err));
            assert_int_equal(bt_backend_opencl.gradients(o, x, y, 16, g[2], &l, err,
                                                         sizeof(err)), 0);
            same = l2_diff(g[1], g[2], net.nparams);
            apart = l2_diff(g[0], g[2], net.nparams);
            if (!(same * 10 < apart))
                fail_msg("%s at precision %d: %.3g from ref at it, %.3g from ref at fp32",
                         net.name, pr, same, apart);
            bt_backend_opencl.close(o);
        }
        bt_backend_ref.close(r);
        for (int k = 0; k < 3; k++)
            free(g[k]);
        free(p);
    }
    free(x);
}

static void opencl_agrees(void **state)
{
    static const char *const models[] = { "mlp", "cnn", "tiny", "cifar1" };
    struct bt_net net;
    float *x = malloc(16 * 3072 * sizeof(float)), *p, *g1, *g2;
    uint8_t y[16];
    char err[512];
    double l1, l2, diff, scale;
    struct bt_step st = { 77, 2, 5 };
    int c1, c2;
    (void)state;
    for (int m = 0; m < 4; m++) {
        void *r, *o;
        if (m == 2)
            tiny_cifar(&net);
        else
            assert_int_equal(bt_net_build(&net, models[m]), 0);
        p = malloc(net.nparams * sizeof(float));
        g1 = malloc(net.nparams * sizeof(float));
        g2 = malloc(net.nparams * sizeof(float));
        bt_net_init_params(&net, p, 9);
        batch(x, y, 16, (size_t)net.in_c * net.in_h * net.in_w, 21);
        diff = 0;
        scale = 1e-30;
        r = bt_backend_ref.open(&net, p, 0, 16, err, sizeof(err));
        o = bt_backend_opencl.open(&net, p, 0, 16, err, sizeof(err));
        if (!o && strncmp(err, "no OpenCL", 9))   /* kernels that do not build fail */
            fail_msg("%s", err);
        if (!o) {
            bt_backend_ref.close(r);
            free(p);
            free(g1);
            free(g2);
            free(x);
            skip();
        }
        bt_backend_ref.gradients(r, x, y, 16, g1, &l1, err, sizeof(err));
        assert_int_equal(bt_backend_opencl.gradients(o, x, y, 16, g2, &l2, err, sizeof(err)), 0);
        assert_true(fabs(l1 - l2) <= 1e-5 * l1);
        for (size_t i = 0; i < net.nparams; i++) {
            diff = fmax(diff, fabs((double)g1[i] - g2[i]));
            scale = fmax(scale, fabs((double)g1[i]));
        }
        assert_true(diff / scale <= 1e-4);
        /* one Adam step with the same dropout mask: the same parameters */
        bt_backend_ref.train_batch(r, x, y, 16, &st, &l1, &c1, err, sizeof(err));
        assert_int_equal(bt_backend_opencl.train_batch(o, x, y, 16, &st, &l2, &c2, err,
                                                       sizeof(err)), 0);
        assert_int_equal(c1, c2);
        bt_backend_ref.get_params(r, g1);
        bt_backend_opencl.get_params(o, g2);
        diff = 0;
        scale = 1e-30;
        for (size_t i = 0; i < net.nparams; i++) {
            diff = fmax(diff, fabs((double)g1[i] - g2[i]));
            scale = fmax(scale, fabs((double)g1[i]));
        }
        assert_true(diff / scale <= 1e-4);
        bt_backend_ref.close(r);
        bt_backend_opencl.close(o);
        free(p);
        free(g1);
        free(g2);
    }
    free(x);
}

/*
 * The synthetic CIFAR-10 set: its shapes, the same pixels on every call,
 * labels spread over the classes, the three parts different, and pixels that
 * use the range (noise and contrast, not a constant image per class).
 */
/*
 * Philox4x32-10's known answers (Random123's kat_vectors: zero counter and
 * key, all ones, and the digits of pi), and the training order: a
 * permutation of 0..n-1 for every n, different from one epoch to the next.
 */
static void philox(void **state)
{
    static const struct { bt_u32 in[4], k0, k1, out[4]; } kat[] = {
        { { 0, 0, 0, 0 }, 0, 0, { 0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8 } },
        { { ~0u, ~0u, ~0u, ~0u }, ~0u, ~0u, { 0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd } },
        { { 0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344 }, 0xa4093822, 0x299f31d0,
          { 0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1 } },
    };
    static const size_t sizes[] = { 1, 2, 3, 4, 5, 17, 1000, 1024, 1025, 50000 };
    unsigned char *seen = malloc(50000);
    long kept = 0;
    (void)state;
    for (size_t t = 0; t < sizeof(kat) / sizeof(kat[0]); t++) {
        bt_u32 c[4];
        memcpy(c, kat[t].in, sizeof(c));
        bt_philox(c, kat[t].k0, kat[t].k1);
        assert_memory_equal(c, kat[t].out, sizeof(c));
    }
    for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
        size_t n = sizes[s], moved = 0;
        memset(seen, 0, n);
        for (size_t i = 0; i < n; i++) {
            size_t k = bt_order(7, 3, n, i);
            assert_true(k < n);
            assert_int_equal(seen[k], 0);
            seen[k] = 1;
            moved += k != bt_order(7, 4, n, i);
        }
        if (n >= 1000)
            assert_true(moved > n * 9 / 10);   /* another epoch, another order */
    }
    /* a rate of 0.25 keeps about 3/4: 750,000 of 1,000,000 within 5 sigma (433) */
    for (bt_u32 j = 0; j < 1000000; j++)
        kept += bt_dropout_keep(1, 1, 0, 3, j, 0.25f);
    assert_true(labs(kept - 750000) < 2200);
    free(seen);
}

static void synthetic(void **state)
{
    struct bt_data d[2][3];
    char err[128];
    long count[10] = { 0 };
    double sum = 0;
    (void)state;
    for (int k = 0; k < 2; k++)
        assert_int_equal(bt_data_synthetic_cifar(&d[k][0], &d[k][1], &d[k][2], err,
                                                 sizeof(err)), 0);
    assert_string_equal(d[0][0].name, "synthetic-cifar10");
    assert_int_equal(d[0][0].n, 50000);
    assert_int_equal(d[0][1].n, 10000);
    assert_int_equal(d[0][2].n, 10000);
    assert_int_equal(d[0][0].c * d[0][0].h * d[0][0].w, 3072);
    for (int part = 0; part < 3; part++) {
        assert_memory_equal(d[0][part].x, d[1][part].x, d[0][part].n * 3072);
        assert_memory_equal(d[0][part].y, d[1][part].y, d[0][part].n);
    }
    assert_memory_not_equal(d[0][0].x, d[0][1].x, 3072);
    assert_memory_not_equal(d[0][1].x, d[0][2].x, 3072);
    for (size_t i = 0; i < d[0][0].n; i++)
        count[d[0][0].y[i]]++;
    for (int c = 0; c < 10; c++)   /* 5000 each, binomial sd 67: within 5 sd */
        assert_true(count[c] > 4665 && count[c] < 5335);
    for (size_t i = 0; i < 3072 * 100; i++)
        sum += d[0][0].x[i];
    assert_true(sum / (3072 * 100) > 60 && sum / (3072 * 100) < 200);
    {
        /* gathered as network input: bytes / 255 */
        float x[2 * 3072];
        uint8_t y[2];
        size_t idx[2] = { 7, 3 };
        bt_data_gather(&d[0][0], idx, 0, 2, x, y);
        assert_int_equal(y[0], d[0][0].y[7]);
        assert_true(x[3072 + 5] == d[0][0].x[3 * 3072 + 5] / 255.0f);
    }
    for (int k = 0; k < 2; k++)
        for (int part = 0; part < 3; part++)
            bt_data_release(&d[k][part]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(counts),        cmocka_unit_test(gradients_mlp),
        cmocka_unit_test(gradients_cnn), cmocka_unit_test(deterministic),
        cmocka_unit_test(learns),        cmocka_unit_test(opencl_agrees),
        cmocka_unit_test(builder_limits), cmocka_unit_test(gemm),
        cmocka_unit_test(gradients_padded), cmocka_unit_test(synthetic),
        cmocka_unit_test(philox),         cmocka_unit_test(rounding),
        cmocka_unit_test(opencl_precision),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
