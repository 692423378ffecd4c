/*
 * data.c: Fashion-MNIST from the gzip IDX files of Debian's
 * dataset-fashion-mnist package, read with zlib. The split is the seeds':
 * 50000 train and 10000 validation images from the training file, and the
 * 10000 of the test file. Pixels stay bytes until a batch is gathered.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "runner/bt.h"

static int read_idx(const char *path, int images, unsigned char **out, size_t *n, size_t *size,
                    char *err, size_t errsize)
{
    gzFile f = gzopen(path, "rb");
    unsigned char hdr[16];
    size_t hlen = images ? 16 : 8, each = 1, count;
    int ret = -1;

    if (!f) {
        snprintf(err, errsize, "cannot open %s (install dataset-fashion-mnist)", path);
        return -1;
    }
    if (gzread(f, hdr, (unsigned)hlen) != (int)hlen || hdr[2] != 8 ||
        hdr[3] != (images ? 3 : 1)) {
        snprintf(err, errsize, "%s: not an IDX %s file", path, images ? "image" : "label");
        goto out;
    }
    count = (size_t)hdr[4] << 24 | (size_t)hdr[5] << 16 | (size_t)hdr[6] << 8 | hdr[7];
    if (images)
        each = ((size_t)hdr[8] << 24 | (size_t)hdr[9] << 16 | (size_t)hdr[10] << 8 | hdr[11]) *
               ((size_t)hdr[12] << 24 | (size_t)hdr[13] << 16 | (size_t)hdr[14] << 8 | hdr[15]);
    if (count == 0 || count > 1000000 || each == 0 || each > 4096) {
        snprintf(err, errsize, "%s: implausible sizes", path);
        goto out;
    }
    *out = malloc(count * each);
    if (!*out || gzread(f, *out, (unsigned)(count * each)) != (int)(count * each)) {
        snprintf(err, errsize, "%s: truncated", path);
        free(*out);
        *out = NULL;
        goto out;
    }
    *n = count;
    *size = each;
    ret = 0;
out:
    gzclose(f);
    return ret;
}

static int load(const char *dir, const char *which, struct bt_data *d, size_t from, size_t count,
                char *err, size_t errsize)
{
    char ipath[512], lpath[512];
    unsigned char *img = NULL, *lab = NULL;
    size_t ni, nl, each, one;

    snprintf(ipath, sizeof(ipath), "%s/%s-images-idx3-ubyte.gz", dir, which);
    snprintf(lpath, sizeof(lpath), "%s/%s-labels-idx1-ubyte.gz", dir, which);
    if (read_idx(ipath, 1, &img, &ni, &each, err, errsize) < 0)
        return -1;
    if (read_idx(lpath, 0, &lab, &nl, &one, err, errsize) < 0 || nl != ni || each != 784) {
        if (!err[0])
            snprintf(err, errsize, "%s: labels do not match images", lpath);
        free(img);
        free(lab);
        return -1;
    }
    if (count == 0 || from + count > ni)
        count = ni - from;
    d->name = "fashion-mnist";
    d->c = 1;
    d->h = d->w = 28;
    d->classes = 10;
    d->n = count;
    d->x = malloc(count * 784);
    d->y = malloc(count);
    if (!d->x || !d->y) {
        snprintf(err, errsize, "out of memory");
        free(img);
        free(lab);
        return -1;
    }
    memcpy(d->x, img + from * 784, count * 784);
    memcpy(d->y, lab + from, count);
    free(img);
    free(lab);
    return 0;
}

int bt_data_fashion(const char *dir, struct bt_data *train, struct bt_data *val,
                    struct bt_data *test, char *err, size_t errsize)
{
    err[0] = '\0';
    if (load(dir, "train", train, 0, 50000, err, errsize) < 0 ||
        load(dir, "train", val, 50000, 10000, err, errsize) < 0 ||
        load(dir, "t10k", test, 0, 10000, err, errsize) < 0)
        return -1;
    return 0;
}

void bt_data_release(struct bt_data *d)
{
    free(d->x);
    free(d->y);
    memset(d, 0, sizeof(*d));
}

void bt_data_truncate(struct bt_data *d, size_t n)
{
    if (n < d->n)
        d->n = n;
}

void bt_data_gather(const struct bt_data *d, const size_t *idx, size_t first, size_t n, float *x,
                    uint8_t *y)
{
    size_t per = (size_t)d->c * d->h * d->w;
    for (size_t k = 0; k < n; k++) {
        size_t i = idx ? idx[k] : first + k;
        const uint8_t *px = d->x + i * per;
        for (size_t j = 0; j < per; j++)
            x[k * per + j] = px[j] / 255.0f;
        y[k] = d->y[i];
    }
}
