/*
 * check.c: `benchtrain --check`, a backend against the reference at one
 * precision. Two parts:
 *
 * 1. one batch of training data: the loss, every gradient, and the
 *    parameters after one Adam step with the same dropout masks;
 * 2. when the backend has the resident hooks (and --host-batches is not
 *    given): a short epoch of three steps through load and train_epoch
 *    against the reference's host path, then eval_set on a few validation
 *    samples against its eval_batch; and the parameters after that epoch
 *    against the backend's own host path (train_batch), which must give
 *    the same numbers (1e-6).
 *
 * Tolerances (bt_check_tolerance). fp32: 1e-4 of the largest magnitude
 * of the gradients, and of the loss: the backends differ in the order of
 * their sums and nothing else. Parameters after Adam steps, and at tf32
 * and bf16 everything, are measured by the Euclidean norm of the
 * difference over the reference's norm, and the correct counts are printed
 * but not held equal at tf32 and bf16:
 *
 * - parameters, fp32: 1e-4; Adam divides each gradient by its own running
 *   size, so a gradient near zero whose sign differs between the backends
 *   moves its parameter by up to twice the learning rate: a few elements
 *   (cifar3 at batch 32, seed 3: 8.6e-4 of the largest parameter after one
 *   step), which the largest difference would call a failure and the norm
 *   does not. After the three steps of part 2 the differences between
 *   backends grow (a max-pool or ReLU decision that differs in one step
 *   changes the next steps' gradients): at fp32 the parameters are held to
 *   ten times the tolerance there (measured up to 1.7e-4).
 * - tf32 and bf16: 5e-2. Both backends round the same operands the same way
 *   (round.h), but an operand whose fp32 value differs in its last bit from
 *   one backend to the other can round to a neighbouring tf32 or bf16 value,
 *   and when that moves a ReLU's or a max-pool's decision for one sample,
 *   that sample's share of the batch's gradient (1/32 of it at batch 32)
 *   changes. Measured on every model at batches 8 and 32, seeds 3 and 4:
 *   gradients up to 2.4e-2 at tf32 (cifar3), parameters after three steps
 *   up to 1.2e-2 at bf16 (cifar2), against 1e-4 and below on mlp and cnn. The whole effect of the rounding on a
 *   gradient (reference at tf32 or bf16 against itself at fp32) is 0.5 to 2%
 *   at tf32 and 7 to 18% at bf16, so at these tolerances the check finds a
 *   backend that computes something else, not one that forgets to round at
 *   tf32; test_benchtrain holds the opencl backend's rounding to the
 *   reference's directly (closer to the reference at its precision than to
 *   fp32 by a factor of ten).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runner/bt.h"

static const char *const precision_names[] = { "fp32", "tf32", "bf16" };

const char *bt_precision_name(enum bt_precision p)
{
    return precision_names[p];
}

int bt_precision_parse(const char *name)
{
    for (int i = 0; i < 3; i++)
        if (!strcmp(name, precision_names[i]))
            return i;
    return -1;
}

double bt_check_tolerance(enum bt_precision p)
{
    return p == BT_FP32 ? 1e-4 : 5e-2;
}

static double max_rel(const float *a, const float *b, size_t n)
{
    double diff = 0, scale = 1e-30;
    for (size_t i = 0; i < n; i++) {
        diff = fmax(diff, fabs((double)a[i] - b[i]));
        scale = fmax(scale, fabs((double)a[i]));
    }
    return diff / scale;
}

/* ||a - b|| / ||a||, Euclidean */
static double l2_rel(const float *a, const float *b, size_t n)
{
    double d = 0, m = 1e-60;
    for (size_t i = 0; i < n; i++) {
        d += ((double)a[i] - b[i]) * ((double)a[i] - b[i]);
        m += (double)a[i] * a[i];
    }
    return sqrt(d / m);
}

/* The measure of a vector's difference at precision p (see the top of the file). */
static double vec_diff(enum bt_precision p, const float *a, const float *b, size_t n)
{
    return p == BT_FP32 ? max_rel(a, b, n) : l2_rel(a, b, n);
}

static double rel(double a, double b)
{
    return fabs(a - b) / fmax(fabs(a), 1e-30);
}

/* Everything one check holds; released by release(). */
struct state {
    const struct bt_check *c;
    void *ref, *dev, *host;   /* the reference, the backend, the backend on the host path */
    float *params, *g1, *g2, *xb;
    uint8_t *yb;
    size_t *idx;
    char err[512];
};

/* Opens the reference and the backend for batches of `batch` at the check's precision. */
static int open_pair(struct state *s, int batch)
{
    const struct bt_check *c = s->c;
    bt_net_init_params(c->net, s->params, c->seed);
    s->ref = bt_backend_ref.open(c->net, s->params, 0, batch, s->err, sizeof(s->err));
    if (!s->ref)
        return 1;
    s->dev = c->b->open(c->net, s->params, c->device, batch, s->err, sizeof(s->err));
    if (!s->dev)
        return 1;
    if (c->precision == BT_FP32)
        return 0;
    if (bt_backend_ref.set_precision(s->ref, c->precision, s->err, sizeof(s->err)) < 0)
        return 1;
    if (!c->b->set_precision) {
        snprintf(s->err, sizeof(s->err), "backend '%s' has fp32 only", c->b->name);
        return 2;
    }
    return c->b->set_precision(s->dev, c->precision, s->err, sizeof(s->err)) < 0 ? 2 : 0;
}

/* A second context of the backend, for its host path. */
static int open_host(struct state *s, int batch)
{
    const struct bt_check *c = s->c;
    s->host = c->b->open(c->net, s->params, c->device, batch, s->err, sizeof(s->err));
    if (!s->host)
        return 1;
    if (c->precision != BT_FP32 &&
        c->b->set_precision(s->host, c->precision, s->err, sizeof(s->err)) < 0)
        return 2;
    return 0;
}

static void close_pair(struct state *s)
{
    if (s->ref)
        bt_backend_ref.close(s->ref);
    if (s->dev)
        s->c->b->close(s->dev);
    if (s->host)
        s->c->b->close(s->host);
    s->ref = s->dev = s->host = NULL;
}

/* Part 1: one batch. Returns the exit status. */
static int one_batch(struct state *s, FILE *out)
{
    const struct bt_check *c = s->c;
    const struct bt_net *net = c->net;
    double l1, l2, dg, dp, tol = bt_check_tolerance(c->precision);
    struct bt_step st = { c->seed, 1, 0 };
    int c1, c2, st_open, n = c->batch < (int)c->train->n ? c->batch : (int)c->train->n;

    bt_data_gather(c->train, NULL, 0, (size_t)n, s->xb, s->yb);
    if ((st_open = open_pair(s, n)) != 0)
        return st_open;
    bt_backend_ref.gradients(s->ref, s->xb, s->yb, n, s->g1, &l1, s->err, sizeof(s->err));
    if (c->b->gradients(s->dev, s->xb, s->yb, n, s->g2, &l2, s->err, sizeof(s->err)) < 0)
        return 1;
    dg = vec_diff(c->precision, s->g1, s->g2, net->nparams);
    bt_backend_ref.train_batch(s->ref, s->xb, s->yb, n, &st, &l1, &c1, s->err, sizeof(s->err));
    if (c->b->train_batch(s->dev, s->xb, s->yb, n, &st, &l2, &c2, s->err, sizeof(s->err)) < 0 ||
        bt_backend_ref.get_params(s->ref, s->g1) < 0 || c->b->get_params(s->dev, s->g2) < 0)
        return 1;
    dp = l2_rel(s->g1, s->g2, net->nparams);
    fprintf(out,
            "check %s vs ref, model %s, batch %d, precision %s (tolerance %g): loss %.9g vs "
            "%.9g, gradients %.3g (relative, %s), parameters after a step %.3g (relative, "
            "norm)\n",
            c->b->name, net->name, n, bt_precision_name(c->precision), tol, l2, l1, dg,
            c->precision == BT_FP32 ? "largest" : "norm", dp);
    close_pair(s);
    return rel(l1, l2) <= tol && dg <= tol && dp <= tol ? 0 : 1;
}

/* Part 2: three steps through train_epoch, then eval_set. Returns the exit status. */
static int resident(struct state *s, FILE *out)
{
    const struct bt_check *c = s->c;
    struct bt_data train = *c->train, val = *c->val;
    struct bt_host h = { .b = &bt_backend_ref, .xb = s->xb, .yb = s->yb, .idx = s->idx };
    struct bt_host hb = { .b = c->b, .xb = s->xb, .yb = s->yb, .idx = s->idx };
    struct bt_sums r1, r2, r3, v1, v2;
    double tol = bt_check_tolerance(c->precision), dp, dh;
    double tol3 = c->precision == BT_FP32 ? 10 * tol : tol;   /* after three steps */
    volatile int stop = 0;
    int st, ok;

    if (train.n > 3 * (size_t)c->batch)
        train.n = 3 * (size_t)c->batch;
    if (val.n > 2 * (size_t)c->batch)
        val.n = 2 * (size_t)c->batch;
    if ((st = open_pair(s, c->batch)) != 0 || (st = open_host(s, c->batch)) != 0)
        return st;
    h.ctx = s->ref;
    h.max_batch = c->batch;
    hb.ctx = s->host;
    hb.max_batch = c->batch;
    if (c->b->load(s->dev, &train, &val, &val, s->err, sizeof(s->err)) < 0 ||
        bt_host_epoch(&h, &train, c->seed, 1, c->batch, NULL, &r1, s->err, sizeof(s->err)) ||
        c->b->train_epoch(s->dev, c->seed, 1, c->batch, &stop, &r2, s->err, sizeof(s->err)) ||
        bt_backend_ref.get_params(s->ref, s->g1) < 0 || c->b->get_params(s->dev, s->g2) < 0 ||
        bt_host_eval(&h, &val, NULL, &v1, s->err, sizeof(s->err)) ||
        c->b->eval_set(s->dev, BT_SET_VAL, &v2, s->err, sizeof(s->err)) < 0)
        return 1;
    dp = l2_rel(s->g1, s->g2, c->net->nparams);
    if (bt_host_epoch(&hb, &train, c->seed, 1, c->batch, NULL, &r3, s->err, sizeof(s->err)) ||
        c->b->get_params(s->host, s->g1) < 0)
        return 1;
    dh = l2_rel(s->g1, s->g2, c->net->nparams);
    fprintf(out,
            "check %s vs ref, model %s, an epoch of %zu samples in batches of %d through "
            "train_epoch: loss %.9g vs %.9g, correct %ld vs %ld, parameters after %.3g (relative, "
            "norm, tolerance %g), %.3g from its own host path; %zu validation samples through "
            "eval_set: loss %.9g vs %.9g, correct %ld vs %ld\n",
            c->b->name, c->net->name, train.n, c->batch, r2.loss, r1.loss, r2.correct,
            r1.correct, dp, tol3, dh, val.n, v2.loss, v1.loss, v2.correct, v1.correct);
    ok = r2.n == r1.n && v2.n == v1.n && rel(r1.loss, r2.loss) <= tol && dp <= tol3 &&
         dh <= 1e-6 && r3.n == r2.n && rel(r3.loss, r2.loss) <= 1e-9 &&
         rel(v1.loss, v2.loss) <= tol &&
         (c->precision != BT_FP32 || (r1.correct == r2.correct && v1.correct == v2.correct));
    close_pair(s);
    return ok ? 0 : 1;
}

int bt_check_run(const struct bt_check *c, FILE *out)
{
    const struct bt_net *net = c->net;
    size_t per = (size_t)net->in_c * net->in_h * net->in_w;
    struct state s = { .c = c };
    int status;

    s.params = malloc(net->nparams * sizeof(float));
    s.g1 = malloc(net->nparams * sizeof(float));
    s.g2 = malloc(net->nparams * sizeof(float));
    s.xb = malloc((size_t)c->batch * per * sizeof(float));
    s.yb = malloc((size_t)c->batch);
    s.idx = malloc(3 * (size_t)c->batch * sizeof(size_t));
    if (!s.params || !s.g1 || !s.g2 || !s.xb || !s.yb || !s.idx) {
        snprintf(s.err, sizeof(s.err), "out of memory");
        status = 1;
        goto out;
    }
    status = one_batch(&s, out);
    if (status == 0 && !c->host_batches && c->b->load && c->b->train_epoch && c->b->eval_set) {
        close_pair(&s);
        status = resident(&s, out);
    }
out:
    if (status)
        fprintf(out, "FAILED: %s\n", status == 1 && !s.err[0] ? "outside the tolerance" : s.err);
    close_pair(&s);
    free(s.params);
    free(s.g1);
    free(s.g2);
    free(s.xb);
    free(s.yb);
    free(s.idx);
    return status;
}
