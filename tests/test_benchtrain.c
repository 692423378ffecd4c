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
    assert_int_equal(bt_net_build(&n, "resnet"), -1);
}

/* A small batch of random images and labels. */
static void batch(float *x, uint8_t *y, int n, size_t per, uint64_t seed)
{
    for (size_t i = 0; i < (size_t)n * per; i++)
        x[i] = bt_uniform(&seed);
    for (int s = 0; s < n; s++)
        y[s] = (uint8_t)(bt_rand(&seed) % 10);
}

static void gradcheck(const char *model)
{
    struct bt_net net;
    float *p, *g, x[4 * 784];
    uint8_t y[4];
    char err[256];
    void *r;
    double loss;
    uint64_t s = 7;
    int checked = 0, kinks = 0;

    assert_int_equal(bt_net_build(&net, model), 0);
    p = malloc(net.nparams * sizeof(float));
    g = malloc(net.nparams * sizeof(float));
    bt_net_init_params(&net, p, 3);
    batch(x, y, 4, 784, 11);
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
            bt_backend_ref.train_batch(r, x, y, 8, 1000 + (uint64_t)step, &loss[run][step], &c,
                                       err, sizeof(err));
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
    float *p;
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
    bt_net_init_params(&net, p, 1);
    r = bt_backend_ref.open(&net, p, 0, 1000, err, sizeof(err));
    bt_backend_ref.eval_batch(r, val.x, val.y, 1000, &l0, &c, err, sizeof(err));
    /* one pass over 3200 images in batches of 32 */
    for (int i = 0; i < 100; i++)
        bt_backend_ref.train_batch(r, train.x + (size_t)i * 32 * 784, train.y + i * 32, 32,
                                   (uint64_t)i, &loss, &c, err, sizeof(err));
    bt_backend_ref.eval_batch(r, val.x, val.y, 1000, &loss, &correct, err, sizeof(err));
    assert_true(loss < l0 / 2);        /* from about ln 10 = 2.3 */
    assert_true(correct > 650);        /* of 1000: from chance (100) to over 65% */
    bt_backend_ref.close(r);
    free(p);
    bt_data_release(&train);
    bt_data_release(&val);
    bt_data_release(&test);
}

/* The OpenCL backend (PoCL here) against the reference on one batch. */
static void opencl_agrees(void **state)
{
    struct bt_net net;
    float x[16 * 784], *p, *g1, *g2;
    uint8_t y[16];
    char err[512];
    double l1, l2, diff = 0, scale = 1e-30;
    int c1, c2;
    (void)state;
    for (int m = 0; m < 2; m++) {
        void *r, *o;
        bt_net_build(&net, m ? "cnn" : "mlp");
        p = malloc(net.nparams * sizeof(float));
        g1 = malloc(net.nparams * sizeof(float));
        g2 = malloc(net.nparams * sizeof(float));
        bt_net_init_params(&net, p, 9);
        batch(x, y, 16, 784, 21);
        r = bt_backend_ref.open(&net, p, 0, 16, err, sizeof(err));
        o = bt_backend_opencl.open(&net, p, 0, 16, err, sizeof(err));
        if (!o) {
            bt_backend_ref.close(r);
            free(p);
            free(g1);
            free(g2);
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
        bt_backend_ref.train_batch(r, x, y, 16, 77, &l1, &c1, err, sizeof(err));
        assert_int_equal(bt_backend_opencl.train_batch(o, x, y, 16, 77, &l2, &c2, err,
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
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(counts),        cmocka_unit_test(gradients_mlp),
        cmocka_unit_test(gradients_cnn), cmocka_unit_test(deterministic),
        cmocka_unit_test(learns),        cmocka_unit_test(opencl_agrees),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
