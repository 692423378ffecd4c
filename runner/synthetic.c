/*
 * synthetic.c: a CIFAR-10 shaped data set made up on the spot, because no
 * CIFAR-10 is available here. It is fixed (its own seed, not --seed), so
 * every machine trains on the same pixels and epoch times compare.
 *
 * Each class has a prototype: per channel, a brightness plus three random
 * plane waves of up to three cycles across the image. A sample of class c
 * blends c's prototype (weight w, uniform in [0.35, 1]) with another random
 * class's (1 - w), shifts it cyclically by up to 4 pixels each way, scales it
 * by a contrast in [0.6, 1] and adds uniform noise of +-0.25; it is clamped to
 * [0, 1] and stored as bytes like the real set. Where w < 0.5 the other class
 * dominates, so about a fifth of the labels cannot be learnt: like CIFAR-10,
 * the set is learnable to well short of 100%.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/bt.h"

#define SIDE 32                        /* a power of two: shifts wrap with a mask */
#define PLANE (SIDE * SIDE)
#define PER (3 * PLANE)
#define CLASSES 10
#define DATA_SEED 0x43494641520aull   /* "CIFAR\n": any fixed number would do */

static void prototypes(float *proto)
{
    uint64_t s = DATA_SEED;
    const double two_pi = 6.283185307179586;

    for (int c = 0; c < CLASSES; c++)
        for (int ch = 0; ch < 3; ch++) {
            float *p = proto + ((size_t)c * 3 + ch) * PLANE;
            double base = 0.25 + 0.5 * bt_uniform(&s);
            double fx[3], fy[3], ph[3], amp[3];
            for (int k = 0; k < 3; k++) {
                fx[k] = (double)(bt_rand(&s) % 4);
                fy[k] = (double)(bt_rand(&s) % 4);
                ph[k] = two_pi * bt_uniform(&s);
                amp[k] = 0.08 + 0.12 * bt_uniform(&s);
            }
            for (int y = 0; y < SIDE; y++)
                for (int x = 0; x < SIDE; x++) {
                    double v = base;
                    for (int k = 0; k < 3; k++)
                        v += amp[k] * cos(two_pi * (fx[k] * x + fy[k] * y) / SIDE + ph[k]);
                    p[y * SIDE + x] = (float)v;
                }
        }
}

static void sample(const float *proto, uint8_t *px, uint8_t *label, uint64_t *s)
{
    int c = (int)(bt_rand(s) % CLASSES), other = (int)(bt_rand(s) % CLASSES);
    int dy = (int)(bt_rand(s) % 9) - 4, dx = (int)(bt_rand(s) % 9) - 4;
    float w = 0.35f + 0.65f * bt_uniform(s), contrast = 0.6f + 0.4f * bt_uniform(s);
    float a = contrast * w, b = contrast * (1.0f - w);
    uint64_t bits = 0;

    *label = (uint8_t)c;
    for (int ch = 0; ch < 3; ch++) {
        const float *p = proto + ((size_t)c * 3 + ch) * PLANE;
        const float *q = proto + ((size_t)other * 3 + ch) * PLANE;
        for (int y = 0; y < SIDE; y++) {
            int ry = ((y + dy) & (SIDE - 1)) * SIDE;
            uint8_t *out = px + (ch * SIDE + y) * SIDE;
            for (int x = 0; x < SIDE; x++) {
                int k = ry + ((x + dx) & (SIDE - 1));
                float v;
                if (x % 8 == 0)
                    bits = bt_rand(s);
                v = a * p[k] + b * q[k] + ((float)(bits & 0xff) * (1.0f / 255.0f) - 0.5f) * 0.5f;
                bits >>= 8;
                v = v < 0 ? 0 : v > 1 ? 1 : v;
                out[x] = (uint8_t)(v * 255.0f + 0.5f);
            }
        }
    }
}

static int make(struct bt_data *d, const float *proto, size_t n, uint64_t stream)
{
    uint64_t s = DATA_SEED ^ stream;

    memset(d, 0, sizeof(*d));
    d->name = "synthetic-cifar10";
    d->c = 3;
    d->h = d->w = SIDE;
    d->classes = CLASSES;
    d->x = malloc(n * PER);
    d->y = malloc(n);
    if (!d->x || !d->y)
        return -1;
    d->n = n;
    for (size_t i = 0; i < n; i++)
        sample(proto, d->x + i * PER, d->y + i, &s);
    return 0;
}

int bt_data_synthetic_cifar(struct bt_data *train, struct bt_data *val, struct bt_data *test,
                            char *err, size_t errsize)
{
    float *proto = malloc((size_t)CLASSES * PER * sizeof(float));
    int bad;

    if (!proto) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    prototypes(proto);
    bad = make(train, proto, 50000, 1) < 0 || make(val, proto, 10000, 2) < 0 ||
          make(test, proto, 10000, 3) < 0;
    free(proto);
    if (bad) {
        snprintf(err, errsize, "out of memory for the synthetic CIFAR-10 set");
        return -1;
    }
    return 0;
}
