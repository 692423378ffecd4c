/*
 * conv.cl: the OpenCL backend's 3x3 convolutions as implicit matrix
 * products (no im2col: the kernels address the input where im2col would
 * have copied it from). Compiled after philox.h, round.h and
 * opencl_kernels.c's source (build/gen/opencl_conv.c holds this text as
 * bt_opencl_conv, made by the Makefile).
 *
 * The layers' activations are NHWC on the device: sample, row, column,
 * channel, the channels contiguous. A kernel that reads a layer's input
 * takes its strides (per sample ss, row ys, column xs, channel cs), so the
 * network's NCHW input is read as it is. The weights stay as the
 * parameters hold them, W[co][ci * 9 + tap]; wperm copies them into the
 * two orders the products read (wt, wd below).
 *
 * Each work-item computes an 8 x 32 block of C: 8 rows, each one scalar
 * of A per k (its own address: a row is an output position, an input
 * position or a weight), times two float16 of B, 16 float16 sums.
 * The rows past M repeat the last row and are not stored; B is read 32
 * columns wide (every buffer has 32 floats of slack), the columns past N
 * are not stored. RA and RB round the operands at --precision tf32 and
 * bf16 (round.h), as the GEMM kernels do.
 *
 *   conv_fwd:   out[m][co] = bias[co] + sum over (ci, tap) of
 *               in(m's sample, m's position + tap - pad, ci) * wt[ci * 9 + tap][co],
 *               m = (sample, output position), summed in that order and in
 *               the reference's runs (bt_gemm's: an order that differs
 *               moves a max-pool's or a ReLU's decision on near-ties, which
 *               --check sees); a tap outside the input is 0 (the padding);
 *               then ReLU if asked.
 *   conv_dgrad: din[m][ci] = sum over (tap, co) of dy(m's sample, m's
 *               position + pad - tap, co) * wd[tap][co][ci], m = (sample,
 *               input position); a tap outside the output reads `zeros`.
 *   conv_wgrad: part[g][ci * 9 + tap][co] = sum over the samples of group
 *               g and their output positions p of in(p + tap, ci) * dy(p, co),
 *               the input without padding (backend_opencl.c copies a padded
 *               layer's input into a bordered one first); wgrad_reduce sums
 *               the groups into the gradient in W's order, with the bias
 *               gradient from bias_part's groups.
 */
#define ROWS(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7)
#define ROWS_R(X, R) X(0, R) X(1, R) X(2, R) X(3, R) X(4, R) X(5, R) X(6, R) X(7, R)
#define ACC(r) float16 c##r##a = 0, c##r##b = 0;
#define FMA(r, RA) { float x = RA(a##r[ka]); c##r##a += x * v0; c##r##b += x * v1; }
/* row r of C at cr (leading dimension ldc), plus bias b0 b1, ReLU if relu */
#define STORE(r)                                                                   \
    if (i + r < M) {                                                               \
        __global float *cr = C + (i + r) * ldc + j;                                \
        float16 x0 = c##r##a + b0, x1 = c##r##b + b1;                              \
        if (relu) { x0 = fmax(x0, (float16)0); x1 = fmax(x1, (float16)0); }        \
        if (j + 32 <= N) { vstore16(x0, 0, cr); vstore16(x1, 0, cr + 16); }        \
        else {                                                                     \
            float lane[32];                                                        \
            vstore16(x0, 0, lane); vstore16(x1, 0, lane + 16);                     \
            for (int q = 0; q < N - j; q++) cr[q] = lane[q];                       \
        }                                                                          \
    }

/*
 * fwd row r: the offset of its output position's top-left input value (may
 * lie outside the input when padded), which of its 9 taps are inside the
 * input (mask), and whether all are (the block's rows all inside: no tests)
 */
#define FWD_ROW(r)                                                                 \
    int m##r = min(i + r, M - 1), p##r = m##r % P;                                 \
    int y##r = p##r / Wo - pad, x##r = p##r % Wo - pad;                            \
    int o##r = (m##r / P) * ss + y##r * ys + x##r * xs, mask##r = 511;             \
    for (int t = 0; pad && t < 9; t++)                                             \
        if (y##r + t / 3 < 0 || y##r + t / 3 >= H || x##r + t % 3 < 0 ||           \
            x##r + t % 3 >= W)                                                     \
            mask##r &= ~(1 << t);                                                  \
    inside &= mask##r == 511;
#define FMA_IN(r, RA) { float x = RA(in[o##r + ka]); c##r##a += x * v0; c##r##b += x * v1; }
#define FMA_MASK(r, RA) {                                                          \
    float x = mask##r >> t & 1 ? RA(in[o##r + ka]) : 0.0f;                         \
    c##r##a += x * v0; c##r##b += x * v1; }
/*
 * k from k0 to k1 in the reference's order, k = ci * 9 + tap: tap t of input
 * channel ci is at ci * cs + toff[t] from a row's top-left input value
 */
#define FWD_RUN(F, RA, RB, k0, k1)                                                 \
    for (int k = k0, ci = k0 / 9, t = k0 % 9; k < k1; k++) {                       \
        int ka = ci * cs + toff[t];                                                \
        __global const float *b = wt + k * N + j;                                  \
        float16 v0 = RB(vload16(0, b)), v1 = RB(vload16(0, b + 16));               \
        ROWS_R(F, RA)                                                              \
        if (++t == 9) { t = 0; ci++; }                                             \
    }
#define ZERO(r) c##r##a = 0; c##r##b = 0;
#define BIAS(r) float16 s##r##a = b0, s##r##b = b1;
#define FOLD(r) s##r##a += c##r##a; s##r##b += c##r##b;
#define SUMS(r) c##r##a = s##r##a; c##r##b = s##r##b;

/*
 * C = the bias, then + the sum of each run of kc k (BT_GEMM_KC) summed from
 * 0, as bt_gemm adds its runs to a C that holds the bias: the reference's
 * sums in the same order and runs
 */
#define CONV_FWD(NAME, RA, RB)                                                     \
__kernel void NAME(int M, int N, int cin, int H, int W, int Wo, int P, int pad,    \
    __global const float *in, int ss, int ys, int xs, int cs,                      \
    __global const float *wt, __global const float *bias, int bo,                  \
    __global float *C, int relu, int kc)                                           \
{                                                                                  \
    int j = get_global_id(0) * 32, i = get_global_id(1) * 8, ldc = N, inside = 1;  \
    int K = cin * 9, toff[9];                                                      \
    if (j >= N || i >= M) return;                                                  \
    for (int t = 0; t < 9; t++) toff[t] = t / 3 * ys + t % 3 * xs;                 \
    ROWS(FWD_ROW) ROWS(ACC)                                                        \
    float16 b0 = vload16(0, bias + bo + j), b1 = vload16(0, bias + bo + j + 16);   \
    ROWS(BIAS)                                                                     \
    for (int k0 = 0; k0 < K; k0 += kc) {                                           \
        int k1 = min(K, k0 + kc);                                                  \
        ROWS(ZERO)                                                                 \
        if (inside) {                                                              \
            FWD_RUN(FMA_IN, RA, RB, k0, k1)                                        \
        } else {                                                                   \
            FWD_RUN(FMA_MASK, RA, RB, k0, k1)                                      \
        }                                                                          \
        ROWS(FOLD)                                                                 \
    }                                                                              \
    ROWS(SUMS)                                                                     \
    b0 = 0; b1 = 0;                                                                \
    ROWS(STORE)                                                                    \
}

/* dgrad row r: the input position's sample and its (y, x) + pad */
#define BWD_ROW(r)                                                                 \
    int m##r = min(i + r, M - 1), q##r = m##r % HW;                                \
    __global const float *s##r = dy + (m##r / HW) * Ho * Wo * cout;                \
    int y##r = q##r / W + pad, x##r = q##r % W + pad;
#define BWD_PTR(r)                                                                 \
    __global const float *a##r = y##r - ky >= 0 && y##r - ky < Ho && x##r - kx >= 0 && \
        x##r - kx < Wo ? s##r + ((y##r - ky) * Wo + x##r - kx) * cout : zeros;

#define CONV_DGRAD(NAME, RA, RB)                                                   \
__kernel void NAME(int M, int N, int cout, int W, int HW, int Ho, int Wo, int pad, \
    __global const float *dy, __global const float *wd, __global const float *zeros, \
    __global float *C)                                                             \
{                                                                                  \
    int j = get_global_id(0) * 32, i = get_global_id(1) * 8, ldc = N, relu = 0;    \
    float16 b0 = 0, b1 = 0;                                                        \
    if (j >= N || i >= M) return;                                                  \
    ROWS(BWD_ROW) ROWS(ACC)                                                        \
    for (int tap = 0; tap < 9; tap++) {                                            \
        int ky = tap / 3, kx = tap % 3;                                            \
        ROWS(BWD_PTR)                                                              \
        __global const float *b = wd + tap * cout * N + j;                         \
        for (int ka = 0; ka < cout; ka++, b += N) {                                \
            float16 v0 = RB(vload16(0, b)), v1 = RB(vload16(0, b + 16));           \
            ROWS_R(FMA, RA)                                                              \
        }                                                                          \
    }                                                                              \
    ROWS(STORE)                                                                    \
}

/* wgrad row r: weight ci * 9 + tap, its input at the tap's offset */
#define WG_ROW(r)                                                                  \
    int m##r = min(i + r, M - 1);                                                  \
    __global const float *a##r = in + (m##r / 9) * cs + (m##r % 9 / 3) * ys +      \
        (m##r % 3) * xs;

#define CONV_WGRAD(NAME, RA, RB)                                                   \
__kernel void NAME(int M, int N, int Ho, int Wo, int n, int per,                   \
    __global const float *in, int ss, int ys, int xs, int cs,                      \
    __global const float *dy, __global float *part)                                \
{                                                                                  \
    int j = get_global_id(0) * 32, i = get_global_id(1) * 8, g = get_global_id(2); \
    int ldc = N, relu = 0, s1 = min(n, (g + 1) * per);                            \
    float16 b0 = 0, b1 = 0;                                                        \
    __global float *C = part + g * M * N;                                          \
    if (j >= N || i >= M) return;                                                  \
    ROWS(WG_ROW) ROWS(ACC)                                                         \
    for (int s = g * per; s < s1; s++)                                             \
        for (int y = 0; y < Ho; y++) {                                             \
            __global const float *b = dy + ((s * Ho + y) * Wo) * N + j;            \
            for (int x = 0, ka = s * ss + y * ys; x < Wo; x++, ka += xs, b += N) { \
                float16 v0 = RB(vload16(0, b)), v1 = RB(vload16(0, b + 16));       \
                ROWS_R(FMA, RA)                                                          \
            }                                                                      \
        }                                                                          \
    ROWS(STORE)                                                                    \
}

CONV_FWD(conv_fwd, R_FP32, R_FP32)
CONV_FWD(conv_fwd_tf32, R_TF32, R16_TF32)
CONV_FWD(conv_fwd_bf16, R_BF16, R16_BF16)
CONV_DGRAD(conv_dgrad, R_FP32, R_FP32)
CONV_DGRAD(conv_dgrad_tf32, R_TF32, R16_TF32)
CONV_DGRAD(conv_dgrad_bf16, R_BF16, R16_BF16)
CONV_WGRAD(conv_wgrad, R_FP32, R_FP32)
CONV_WGRAD(conv_wgrad_tf32, R_TF32, R16_TF32)
CONV_WGRAD(conv_wgrad_bf16, R_BF16, R16_BF16)

/* wt[ci * 9 + tap][co] and (want_wd) wd[tap][co][ci] = W[co][ci * 9 + tap]: an element per item */
__kernel void wperm(__global const float *p, int wo, int cin, int cout, __global float *wt,
                    __global float *wd, int want_wd)
{
    int t = get_global_id(0), k9 = cin * 9;
    if (t >= cout * k9)
        return;
    int co = t / k9, ci = t % k9 / 9, tap = t % 9;
    float w = p[wo + t];
    wt[(ci * 9 + tap) * cout + co] = w;
    if (want_wd)
        wd[(tap * cout + co) * cin + ci] = w;
}

/* sums of `rows` rows of dy [total x N] per item, 16 columns at j: bpart[g][j..j + 16) */
__kernel void bias_part(__global const float *dy, int total, int N, int rows,
                        __global float *bpart)
{
    int j = get_global_id(0) * 16, g = get_global_id(1), r1 = min(total, (g + 1) * rows);
    float16 acc = 0;
    if (j >= N)
        return;
    for (int r = g * rows; r < r1; r++)
        acc += vload16(0, dy + r * N + j);
    if (j + 16 <= N) {
        vstore16(acc, 0, bpart + g * N + j);
    } else {
        float lane[16];
        vstore16(acc, 0, lane);
        for (int q = 0; q < N - j; q++)
            bpart[g * N + j + q] = lane[q];
    }
}

/*
 * grad[wo + co * M + m] = the sum over G groups of part[g][m][co], and
 * grad[bo + co] = the sum over B groups of bpart[g][co]: an output per item.
 */
__kernel void wgrad_reduce(__global const float *part, int G, int M, int N,
                           __global const float *bpart, int B, __global float *grad, int wo,
                           int bo)
{
    int t = get_global_id(0);
    float acc = 0;
    if (t < M * N) {
        int co = t / M, m = t % M;
        for (int g = 0; g < G; g++)
            acc += part[(g * M + m) * N + co];
        grad[wo + t] = acc;
    } else if (t < M * N + N) {
        for (int g = 0; g < B; g++)
            acc += bpart[g * N + t - M * N];
        grad[bo + t - M * N] = acc;
    }
}

/* out[s][y + 1][x + 1][c] = in(s, y, x, c) (strides), a zero border: an output value per item */
__kernel void pad_copy(__global const float *in, int ss, int ys, int xs, int cs,
                       __global float *out, int n, int c, int H, int W)
{
    int t = get_global_id(0), Wp = W + 2, Hp = H + 2;
    if (t >= n * Hp * Wp * c)
        return;
    int ch = t % c, x = t / c % Wp - 1, y = t / (c * Wp) % Hp - 1, s = t / (c * Wp * Hp);
    out[t] = y >= 0 && y < H && x >= 0 && x < W ? in[s * ss + y * ys + x * xs + ch * cs] : 0;
}

/*
 * 2x2 max-pool from a strided input into NHWC: an output position (s, y, x)
 * per item, its channels in a loop; arg is the index of the chosen input
 * value in `in`, the first largest of the four in the order (0,0) (0,1)
 * (1,0) (1,1).
 */
#define POOL_LANES(d)                                                              \
    v = vload16(0, in + k0 + ch + (d));                                            \
    gt = isgreater(v, m);                                                          \
    m = select(m, v, gt);                                                          \
    best = select(best, k + (d), gt);
__kernel void pool_fwd_nhwc(__global const float *in, int ss, int ys, int xs, int cs,
                            __global float *out, __global int *arg, int n, int c, int Ho,
                            int Wo)
{
    int t = get_global_id(0);
    if (t >= n * Ho * Wo)
        return;
    int s = t / (Ho * Wo), y = t / Wo % Ho, x = t % Wo;
    int k0 = s * ss + 2 * y * ys + 2 * x * xs, ch = 0;
    /* 16 channels at a time where they are contiguous, the same comparisons lane by lane */
    for (; cs == 1 && ch + 16 <= c; ch += 16) {
        int16 k = k0 + ch + (int16)(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        int16 best = k, gt;
        float16 m = vload16(0, in + k0 + ch), v;
        POOL_LANES(xs) POOL_LANES(ys) POOL_LANES(ys + xs)
        vstore16(m, 0, out + t * c + ch);
        vstore16(best, 0, arg + t * c + ch);
    }
    for (; ch < c; ch++) {
        int k = k0 + ch * cs, best = k;
        float m = in[k];
        if (in[k + xs] > m) { m = in[k + xs]; best = k + xs; }
        if (in[k + ys] > m) { m = in[k + ys]; best = k + ys; }
        if (in[k + ys + xs] > m) { m = in[k + ys + xs]; best = k + ys + xs; }
        out[t * c + ch] = m;
        arg[t * c + ch] = best;
    }
}

/*
 * The four input gradients of each 2x2 window (din strided as the pool's
 * input): dy at the chosen one (arg), 0 at the others, and with relu the
 * ReLU's gradient of the layer before too: 0 where the chosen value (the
 * pool's output, out) is not positive. An output position per item, as
 * pool_fwd_nhwc; a last row or column outside every window (odd H or W) is
 * zeroed before.
 */
#define POOL_GRAD(d) vstore16(select((float16)0, g, k + (d) == a), 0, din + k0 + ch + (d));
__kernel void pool_bwd_nhwc(__global const float *dy, __global const int *arg,
                            __global float *din, __global const float *out, int ss, int ys,
                            int xs, int cs, int n, int c, int Ho, int Wo, int relu)
{
    int t = get_global_id(0);
    if (t >= n * Ho * Wo)
        return;
    int s = t / (Ho * Wo), y = t / Wo % Ho, xo = t % Wo;
    int k0 = s * ss + 2 * y * ys + 2 * xo * xs, ch = 0;
    for (; cs == 1 && ch + 16 <= c; ch += 16) {
        int16 k = k0 + ch + (int16)(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        int16 a = vload16(0, arg + t * c + ch);
        float16 g = vload16(0, dy + t * c + ch);
        if (relu)
            g = select(g, (float16)0, islessequal(vload16(0, out + t * c + ch), (float16)0));
        POOL_GRAD(0) POOL_GRAD(xs) POOL_GRAD(ys) POOL_GRAD(ys + xs)
    }
    for (; ch < c; ch++) {
        int k = k0 + ch * cs, a = arg[t * c + ch];
        float g = relu && out[t * c + ch] <= 0 ? 0 : dy[t * c + ch];
        din[k] = k == a ? g : 0;
        din[k + xs] = k + xs == a ? g : 0;
        din[k + ys] = k + ys == a ? g : 0;
        din[k + ys + xs] = k + ys + xs == a ? g : 0;
    }
}

/* out[s][b][a] = in[s][a][b] for n samples of a x b values: a value per item */
__kernel void btranspose(__global const float *in, __global float *out, int n, int a, int b)
{
    int t = get_global_id(0);
    if (t >= n * a * b)
        return;
    int s = t / (a * b), r = t % (a * b), jb = r / a, ia = r % a;
    out[t] = in[s * a * b + ia * b + jb];
}
