/*
 * epoch.c: the host path of an epoch and of an evaluation. Batches are
 * gathered on the host in the order of bt_order and handed to the
 * backend's train_batch and eval_batch one by one. It is what main.c runs
 * for a backend without the resident hooks (or with --host-batches), and
 * what --check holds a backend's train_epoch and eval_set to.
 */
#include "runner/bt.h"

int bt_host_epoch(struct bt_host *h, const struct bt_data *train, uint64_t seed, uint32_t epoch,
                  int batch, const volatile int *stop, struct bt_sums *sums, char *err,
                  size_t errsize)
{
    size_t n_train = train->n, bs = (size_t)batch;
    long steps = (long)((n_train + bs - 1) / bs), step = 0;

    sums->loss = 0;
    sums->correct = sums->n = 0;
    for (size_t i = 0; i < n_train; i++)
        h->idx[i] = bt_order(seed, epoch, n_train, i);
    for (size_t i = 0; i < n_train; i += bs, step++) {
        int n = (int)(n_train - i < bs ? n_train - i : bs), c;
        struct bt_step st = { seed, epoch, (uint32_t)step };
        double l;
        if (stop && *stop)
            return 1;
        bt_data_gather(train, h->idx + i, 0, (size_t)n, h->xb, h->yb);
        if (h->b->train_batch(h->ctx, h->xb, h->yb, n, &st, &l, &c, err, errsize) < 0)
            return -1;
        sums->loss += l * n;
        sums->correct += c;
        sums->n += n;
        if (h->progress)
            h->progress(h->arg, step, steps, sums->loss / (double)sums->n);
    }
    return stop && *stop ? 1 : 0;
}

int bt_host_eval(struct bt_host *h, const struct bt_data *d, const volatile int *stop,
                 struct bt_sums *sums, char *err, size_t errsize)
{
    size_t most = (size_t)h->max_batch;

    sums->loss = 0;
    sums->correct = sums->n = 0;
    for (size_t i = 0; i < d->n; i += most) {
        int n = (int)(d->n - i < most ? d->n - i : most), c;
        double l;
        if (stop && *stop)
            return 1;
        bt_data_gather(d, NULL, i, (size_t)n, h->xb, h->yb);
        if (h->b->eval_batch(h->ctx, h->xb, h->yb, n, &l, &c, err, errsize) < 0)
            return -1;
        sums->loss += l * n;
        sums->correct += c;
        sums->n += n;
    }
    return 0;
}
