/*
 * check.c: `benchtrain --check`, a backend against the reference at one
 * precision. Two parts:
 *
 * 1. one batch of training data: the loss, every gradient, and the
 *    parameters after one Adam step with the same dropout masks;
 * 2. when the backend has the resident hooks (and --host-batches is not
 *    given): a short epoch of three steps through load and train_epoch
 *    against the reference's host path, then eval_set on a few validation
 *    samples against its eval_batch.
 *
 * Tolerances (bt_check_tolerance), relative to each vector's largest
 * magnitude. fp32: 1e-4, the order of summation differs between backends
 * and nothing else. tf32 and bf16: both backends round the same operands
 * the same way (round.h), but an operand a few fp32 ulps apart from one
 * backend to the other can round to neighbouring tf32 or bf16 values, one
 * unit of the reduced precision apart (2^-10 and 2^-7 relative); such flips
 * are rare and diluted by the sum they fall in, and measured differences
 * stay below a tenth of that unit, so the tolerances are a unit of each:
 * 1e-3 for tf32 and 8e-3 for bf16.
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
    return p == BT_FP32 ? 1e-4 : p == BT_TF32 ? 1e-3 : 8e-3;
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

static double rel(double a, double b)
{
    return fabs(a - b) / fmax(fabs(a), 1e-30);
}

/* Everything one check holds; released by release(). */
struct state {
    const struct bt_check *c;
    void *ref, *dev;
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

static void close_pair(struct state *s)
{
    if (s->ref)
        bt_backend_ref.close(s->ref);
    if (s->dev)
        s->c->b->close(s->dev);
    s->ref = s->dev = NULL;
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
    dg = max_rel(s->g1, s->g2, net->nparams);
    bt_backend_ref.train_batch(s->ref, s->xb, s->yb, n, &st, &l1, &c1, s->err, sizeof(s->err));
    if (c->b->train_batch(s->dev, s->xb, s->yb, n, &st, &l2, &c2, s->err, sizeof(s->err)) < 0 ||
        bt_backend_ref.get_params(s->ref, s->g1) < 0 || c->b->get_params(s->dev, s->g2) < 0)
        return 1;
    dp = max_rel(s->g1, s->g2, net->nparams);
    fprintf(out,
            "check %s vs ref, model %s, batch %d, precision %s (tolerance %g): loss %.9g vs "
            "%.9g, gradients %.3g, parameters after a step %.3g (relative)\n",
            c->b->name, net->name, n, bt_precision_name(c->precision), tol, l2, l1, dg, dp);
    close_pair(s);
    return rel(l1, l2) <= tol && dg <= tol && dp <= tol ? 0 : 1;
}

/* Part 2: three steps through train_epoch, then eval_set. Returns the exit status. */
static int resident(struct state *s, FILE *out)
{
    const struct bt_check *c = s->c;
    struct bt_data train = *c->train, val = *c->val;
    struct bt_host h = { .b = &bt_backend_ref, .xb = s->xb, .yb = s->yb, .idx = s->idx };
    struct bt_sums r1, r2, v1, v2;
    double tol = bt_check_tolerance(c->precision), dp;
    volatile int stop = 0;
    int st, ok;

    if (train.n > 3 * (size_t)c->batch)
        train.n = 3 * (size_t)c->batch;
    if (val.n > 2 * (size_t)c->batch)
        val.n = 2 * (size_t)c->batch;
    if ((st = open_pair(s, c->batch)) != 0)
        return st;
    h.ctx = s->ref;
    h.max_batch = c->batch;
    if (c->b->load(s->dev, &train, &val, &val, s->err, sizeof(s->err)) < 0 ||
        bt_host_epoch(&h, &train, c->seed, 1, c->batch, NULL, &r1, s->err, sizeof(s->err)) ||
        c->b->train_epoch(s->dev, c->seed, 1, c->batch, &stop, &r2, s->err, sizeof(s->err)) ||
        bt_backend_ref.get_params(s->ref, s->g1) < 0 || c->b->get_params(s->dev, s->g2) < 0 ||
        bt_host_eval(&h, &val, NULL, &v1, s->err, sizeof(s->err)) ||
        c->b->eval_set(s->dev, BT_SET_VAL, &v2, s->err, sizeof(s->err)) < 0)
        return 1;
    dp = max_rel(s->g1, s->g2, c->net->nparams);
    fprintf(out,
            "check %s vs ref, model %s, an epoch of %zu samples in batches of %d through "
            "train_epoch: loss %.9g vs %.9g, correct %ld vs %ld, parameters after %.3g; %zu "
            "validation samples through eval_set: loss %.9g vs %.9g, correct %ld vs %ld\n",
            c->b->name, c->net->name, train.n, c->batch, r2.loss, r1.loss, r2.correct,
            r1.correct, dp, val.n, v2.loss, v1.loss, v2.correct, v1.correct);
    ok = r2.n == r1.n && v2.n == v1.n && rel(r1.loss, r2.loss) <= tol && dp <= tol &&
         rel(v1.loss, v2.loss) <= tol && r1.correct == r2.correct && v1.correct == v2.correct;
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
