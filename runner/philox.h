#ifndef BT_PHILOX_H
#define BT_PHILOX_H
/*
 * The random streams of a training run, counter-based (Philox4x32-10,
 * Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC 2011), so
 * that any element of any stream is computed on its own, on the host or on a
 * device thread, and every backend draws the same numbers:
 *
 *   bt_philox(ctr, key)            four 32-bit words from a 128-bit counter
 *                                  and a 64-bit key (the run's seed)
 *   bt_shuffle_index(...)          the sample at position i of epoch e: a
 *                                  permutation of 0..n-1, one per epoch,
 *                                  computed per position (no sort, no state)
 *   bt_dropout_keep(...)           whether element j of a layer's output is
 *                                  kept in step s of epoch e
 *
 * The header is plain C99 with 32- and 64-bit unsigned arithmetic only. CUDA
 * includes it as it is (BT_PHILOX_FN adds __host__ __device__); the OpenCL
 * backend prepends its text to its kernels' source with BT_PHILOX_OPENCL
 * defined (OpenCL C has uint and ulong, not <stdint.h>).
 *
 * Streams (what the counter words mean; tag tells streams apart):
 *   shuffle: ctr = { x, round, epoch, 0x5348 }    ("SH")
 *   dropout: ctr = { j, step, epoch, 0x4400 | layer }  (layer < 256)
 *   key    = { seed & 0xffffffff, seed >> 32 }
 */
#if defined(BT_PHILOX_OPENCL)
typedef uint bt_u32;
typedef ulong bt_u64;
#define BT_PHILOX_FN static inline
#else
#include <stdint.h>
typedef uint32_t bt_u32;
typedef uint64_t bt_u64;
#if defined(__CUDACC__)
#define BT_PHILOX_FN static inline __host__ __device__
#else
#define BT_PHILOX_FN static inline
#endif
#endif

#define BT_PHILOX_TAG_SHUFFLE 0x5348u
#define BT_PHILOX_TAG_DROPOUT 0x4400u

/* Philox4x32-10: c[0..3] is the counter in, the output out; k0, k1 the key. */
BT_PHILOX_FN void bt_philox(bt_u32 *c, bt_u32 k0, bt_u32 k1)
{
    for (int r = 0; r < 10; r++) {
        bt_u64 p0 = (bt_u64)0xD2511F53u * c[0], p1 = (bt_u64)0xCD9E8D57u * c[2];
        bt_u32 hi0 = (bt_u32)(p0 >> 32), lo0 = (bt_u32)p0;
        bt_u32 hi1 = (bt_u32)(p1 >> 32), lo1 = (bt_u32)p1;
        bt_u32 n0 = hi1 ^ c[1] ^ k0, n2 = hi0 ^ c[3] ^ k1;
        c[0] = n0;
        c[1] = lo1;
        c[2] = n2;
        c[3] = lo0;
        k0 += 0x9E3779B9u;
        k1 += 0xBB67AE85u;
    }
}

/* The first word of Philox for counter {a, b, e, tag} under `seed`. */
BT_PHILOX_FN bt_u32 bt_philox_word(bt_u64 seed, bt_u32 a, bt_u32 b, bt_u32 e, bt_u32 tag)
{
    bt_u32 c[4];
    c[0] = a;
    c[1] = b;
    c[2] = e;
    c[3] = tag;
    bt_philox(c, (bt_u32)seed, (bt_u32)(seed >> 32));
    return c[0];
}

/*
 * The half-width of the Feistel network for n samples: the smallest h with
 * 4^h >= n (so the network's domain 4^h is below 4n and a cycle walk takes
 * fewer than four steps on average). n >= 1, n <= 2^32.
 */
BT_PHILOX_FN int bt_shuffle_bits(bt_u64 n)
{
    int h = 0;
    while (((bt_u64)1 << (2 * h)) < n)
        h++;
    return h;
}

/*
 * Position i (0 <= i < n) of epoch e's order: a balanced Feistel network of
 * four rounds over 2h bits (h = bt_shuffle_bits(n)), whose round function is
 * Philox of {right half, round, epoch, SH}; values >= n are walked on
 * through the network until one falls below n (cycle walking), which keeps
 * it a permutation of 0..n-1.
 */
BT_PHILOX_FN bt_u32 bt_shuffle_index(bt_u64 seed, bt_u32 epoch, bt_u64 n, bt_u32 i)
{
    int h = bt_shuffle_bits(n);
    bt_u32 mask = h ? (bt_u32)(((bt_u64)1 << h) - 1) : 0;
    bt_u64 x = i;

    do {
        bt_u32 l = (bt_u32)(x >> h) & mask, r = (bt_u32)x & mask;
        for (bt_u32 round = 0; round < 4; round++) {
            bt_u32 f = bt_philox_word(seed, r, round, epoch, BT_PHILOX_TAG_SHUFFLE) & mask;
            bt_u32 t = l ^ f;
            l = r;
            r = t;
        }
        x = ((bt_u64)l << h) | r;
    } while (x >= n);
    return (bt_u32)x;
}

/*
 * Dropout: element j of layer `layer`'s output (j counts over the whole
 * batch, sample-major) in step `step` of epoch `epoch` is kept when the
 * Philox word's top 24 bits, as a fraction of 2^24, are at least `rate`.
 * Kept elements are scaled by 1 / (1 - rate) (inverted dropout).
 */
BT_PHILOX_FN int bt_dropout_keep(bt_u64 seed, bt_u32 epoch, bt_u32 step, int layer, bt_u32 j,
                                 float rate)
{
    bt_u32 w = bt_philox_word(seed, j, step, epoch, BT_PHILOX_TAG_DROPOUT | (bt_u32)layer);
    return (float)(w >> 8) * (1.0f / 16777216.0f) >= rate;
}

#endif
