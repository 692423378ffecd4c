/*
 * gemm.c: single-precision matrix products for the reference backend, in
 * plain C, blocked the way BLIS does it: op(B) is packed in panels of NR
 * columns (KC deep), op(A) in panels of MR rows, and a micro-kernel keeps an
 * MR x NR tile of C in registers while it runs down k. The micro-kernel is
 * written with GCC vector types and compiled twice (target_clones): with FMA
 * (and AVX) where the CPU has it, and for the baseline x86-64 otherwise; the
 * Makefile builds this file with -ffp-contract=fast so that the FMA clone
 * fuses its multiply-adds. At tf32 or bf16 the packed panels are rounded
 * (round.h) and the products still summed in fp32.
 */
#include <string.h>

#include "runner/bt.h"
#include "runner/round.h"

#define MR 6
#define NR 16
#define MC 120
#define KC BT_GEMM_KC
#define NC 2048

typedef float v8 __attribute__((vector_size(32)));

struct bt_gemm_ws {
    int drop;             /* mantissa bits the packed operands lose (round.h), 0 for fp32 */
    float a[MC * KC];
    float b[KC * NC];
};

size_t bt_gemm_ws_size(void)
{
    return sizeof(struct bt_gemm_ws);
}

void bt_gemm_ws_init(struct bt_gemm_ws *ws, enum bt_precision p)
{
    ws->drop = p == BT_TF32 ? BT_ROUND_TF32_DROP : p == BT_BF16 ? BT_ROUND_BF16_DROP : 0;
}

/* The operands packed in p[0..n) rounded to the workspace's precision. */
static void round_packed(const struct bt_gemm_ws *ws, float *p, size_t n)
{
    for (size_t i = 0; ws->drop && i < n; i++)
        p[i] = bt_round_keep(p[i], ws->drop);
}

/* op(X)(i, k) for a row-major X with leading dimension ld, transposed or not. */
static inline float at(const float *x, int ld, int trans, int i, int k)
{
    return trans ? x[(size_t)k * ld + i] : x[(size_t)i * ld + k];
}

/* Rows [i0, i0 + mc) x depth [k0, k0 + kc) of op(A), in panels of MR rows, zero-padded. */
static void pack_a(float *dst, const float *a, int lda, int ta, int i0, int mc, int k0, int kc)
{
    for (int p = 0; p < mc; p += MR)
        for (int k = 0; k < kc; k++)
            for (int r = 0; r < MR; r++)
                *dst++ = p + r < mc ? at(a, lda, ta, i0 + p + r, k0 + k) : 0.0f;
}

/* Depth [k0, k0 + kc) x columns [j0, j0 + nc) of op(B), in panels of NR columns. */
static void pack_b(float *dst, const float *b, int ldb, int tb, int k0, int kc, int j0, int nc)
{
    for (int p = 0; p < nc; p += NR)
        for (int k = 0; k < kc; k++) {
            if (!tb && p + NR <= nc) {
                memcpy(dst, b + (size_t)(k0 + k) * ldb + j0 + p, NR * sizeof(float));
                dst += NR;
                continue;
            }
            for (int c = 0; c < NR; c++)
                *dst++ = p + c < nc ? at(b, ldb, !tb, j0 + p + c, k0 + k) : 0.0f;
        }
}

/* C[MR x NR] (+)= Apanel * Bpanel over kc; only the first m x n of the tile are stored. */
__attribute__((target_clones("fma", "default")))
static void kernel(int kc, const float *a, const float *b, float *c, int ldc, int m, int n,
                   int add)
{
    v8 acc[MR][2];
    float tile[MR][NR];

    memset(acc, 0, sizeof(acc));
    for (int k = 0; k < kc; k++, a += MR, b += NR) {
        v8 b0, b1;
        memcpy(&b0, b, sizeof(b0));
        memcpy(&b1, b + 8, sizeof(b1));
        for (int r = 0; r < MR; r++) {
            v8 ar = { a[r], a[r], a[r], a[r], a[r], a[r], a[r], a[r] };
            acc[r][0] += ar * b0;
            acc[r][1] += ar * b1;
        }
    }
    memcpy(tile, acc, sizeof(tile));
    for (int r = 0; r < m; r++) {
        float *cr = c + (size_t)r * ldc;
        if (add)
            for (int j = 0; j < n; j++)
                cr[j] += tile[r][j];
        else
            memcpy(cr, tile[r], (size_t)n * sizeof(float));
    }
}

void bt_gemm(struct bt_gemm_ws *ws, int ta, int tb, int m, int n, int k, const float *a,
             int lda, const float *b, int ldb, float *c, int ldc, int add)
{
    if (k == 0) {
        for (int i = 0; i < m && !add; i++)
            memset(c + (size_t)i * ldc, 0, (size_t)n * sizeof(float));
        return;
    }
    for (int j0 = 0; j0 < n; j0 += NC) {
        int nc = n - j0 < NC ? n - j0 : NC;
        for (int k0 = 0; k0 < k; k0 += KC) {
            int kc = k - k0 < KC ? k - k0 : KC, accumulate = add || k0 > 0;
            pack_b(ws->b, b, ldb, tb, k0, kc, j0, nc);
            round_packed(ws, ws->b, (size_t)(nc + NR - 1) / NR * NR * kc);
            for (int i0 = 0; i0 < m; i0 += MC) {
                int mc = m - i0 < MC ? m - i0 : MC;
                pack_a(ws->a, a, lda, ta, i0, mc, k0, kc);
                round_packed(ws, ws->a, (size_t)(mc + MR - 1) / MR * MR * kc);
                for (int jr = 0; jr < nc; jr += NR)
                    for (int ir = 0; ir < mc; ir += MR)
                        kernel(kc, ws->a + (size_t)ir * kc, ws->b + (size_t)jr * kc,
                               c + (size_t)(i0 + ir) * ldc + j0 + jr, ldc,
                               mc - ir < MR ? mc - ir : MR, nc - jr < NR ? nc - jr : NR,
                               accumulate);
            }
        }
    }
}
