/*
 * opencl_kernels.c: the OpenCL C source of backend_opencl.c's kernels.
 *
 * Dense layers and convolutions are matrix products (gemm_nn, gemm_tn; a
 * transpose or a transposed im2col avoids the third case). Every work-item
 * computes a 4 x 16 block of C with float16 arithmetic: PoCL does not
 * vectorise across work-items whose body has a loop, so the vectors are
 * explicit; measured on this Xeon, 4 x 16 blocks run at 27 GFLOP/s on two
 * cores against 1.4 for one element each. At the right edge of C the block
 * still loads 16 columns of B (every buffer has 16 floats of slack after its
 * end, backend_opencl.c) and stores only those inside C.
 *
 * The other kernels give each work-item a row, not a value: PoCL does
 * integer divisions one lane at a time, and a value per item spent most of
 * im2col's time on its index arithmetic. A product is batched in one of two ways,
 * never both: over get_global_id(2) (independent products, one per sample)
 * or over r < R (products summed into one C, over samples); either way the
 * operands of product b or r start (b + r) * stride past their offsets.
 */
#include "runner/bt.h"

const char bt_opencl_kernels[] =
    "#define GEMM(NAME, AT)                                                          \\\n"
    "__kernel void NAME(int M, int N, int K, int R,                                  \\\n"
    "  __global const float *A, int ao, int lda, int sa,                             \\\n"
    "  __global const float *B, int bo, int ldb, int sb,                             \\\n"
    "  __global float *C, int co, int ldc, int sc, int add, int relu) {              \\\n"
    "  int j = get_global_id(0) * 16, i = get_global_id(1) * 4, b = get_global_id(2);\\\n"
    "  if (j >= N || i >= M) return;                                                 \\\n"
    "  int i1 = min(i + 1, M - 1), i2 = min(i + 2, M - 1), i3 = min(i + 3, M - 1);    \\\n"
    "  float16 c0 = 0, c1 = 0, c2 = 0, c3 = 0;                                       \\\n"
    "  for (int r = 0; r < R; r++) {                                                 \\\n"
    "    __global const float *a = A + ao + (b + r) * sa;                            \\\n"
    "    __global const float *bb = B + bo + (b + r) * sb + j;                       \\\n"
    "    for (int k = 0; k < K; k++) {                                               \\\n"
    "      float16 v = vload16(0, bb + k * ldb);                                     \\\n"
    "      c0 += AT(i, k) * v; c1 += AT(i1, k) * v;                                  \\\n"
    "      c2 += AT(i2, k) * v; c3 += AT(i3, k) * v; } }                             \\\n"
    "  __global float *c = C + co + b * sc + j;                                      \\\n"
    "  float16 out[4] = { c0, c1, c2, c3 };                                          \\\n"
    "  for (int q = 0; q < 4 && i + q < M; q++) {                                    \\\n"
    "    __global float *cr = c + (i + q) * ldc;                                     \\\n"
    "    if (j + 16 <= N) {                                                          \\\n"
    "      float16 x = out[q] + (add ? vload16(0, cr) : (float16)0);                 \\\n"
    "      vstore16(relu ? fmax(x, (float16)0) : x, 0, cr);                          \\\n"
    "      continue; }                                                               \\\n"
    "    float lane[16];                                                             \\\n"
    "    vstore16(out[q], 0, lane);                                                  \\\n"
    "    for (int jj = 0; jj < N - j; jj++) {                                        \\\n"
    "      float x = lane[jj] + (add ? cr[jj] : 0);                                  \\\n"
    "      cr[jj] = relu && x < 0 ? 0 : x; } } }                                     \n"
    "#define A_N(i, k) a[(i) * lda + (k)]                                            \n"
    "#define A_T(i, k) a[(k) * lda + (i)]                                            \n"
    "GEMM(gemm_nn, A_N)                                                              \n"
    "GEMM(gemm_tn, A_T)                                                              \n"
    /* out[c][r] = in[r][c] for an r x c matrix */
    "__kernel void transpose(__global const float *in, int io, __global float *out, int rows,"
    "  int cols) {\n"
    "  int t = get_global_id(0); if (t >= rows * cols) return;\n"
    "  int r = t % rows, c = t / rows; out[t] = in[io + r * cols + c]; }\n"
    /* out[s][c][k] = b[c] for n samples of c planes of `plane` values: a plane per item */
    "__kernel void bias_fill(__global const float *p, int bo, __global float *out, int n, int c,"
    "  int plane) {\n"
    "  int t = get_global_id(0); if (t >= n * c) return;\n"
    "  float v = p[bo + t % c]; __global float *o = out + t * plane;\n"
    "  for (int k = 0; k < plane; k++) o[k] = v; }\n"
    /* cols[s][ci * 9 + tap][y * Wo + x] (tr = 0) or cols[s][y * Wo + x][ci * 9 + tap]
     * (tr = 1) = in[s][ci][y + ky - pad][x + kx - pad], 0 outside; `in` starts at sample
     * s0. An output row (s, ci * 9 + tap, y) per item: divisions per row, not per value. */
    "__kernel void im2col(__global const float *in, int s0, __global float *cols, int n, int cin,"
    "  int H, int W, int pad, int tr) {\n"
    "  int Ho = H - 2 + 2 * pad, Wo = W - 2 + 2 * pad, P = Ho * Wo, k9 = cin * 9;\n"
    "  int t = get_global_id(0); if (t >= n * k9 * Ho) return;\n"
    "  int y = t % Ho, kk = (t / Ho) % k9, s = t / (Ho * k9), ci = kk / 9, tap = kk % 9;\n"
    "  int iy = y + tap / 3 - pad, dx = tap % 3 - pad;\n"
    "  __global const float *row = in + ((s0 + s) * cin + ci) * H * W + iy * W;\n"
    "  int inside = iy >= 0 && iy < H;\n"
    "  for (int x = 0; x < Wo; x++) {\n"
    "    int ix = x + dx; float v = inside && ix >= 0 && ix < W ? row[ix] : 0;\n"
    "    if (tr) cols[(s * P + y * Wo + x) * k9 + kk] = v;\n"
    "    else cols[(s * k9 + kk) * P + y * Wo + x] = v; } }\n"
    /* din[s][ci][y][x] = the sum of the columns that read it (cols as im2col, tr = 0);
     * an input row (s, ci, y) per item */
    "__kernel void col2im(__global const float *cols, __global float *din, int s0, int n,"
    "  int cin, int H, int W, int pad) {\n"
    "  int Ho = H - 2 + 2 * pad, Wo = W - 2 + 2 * pad, P = Ho * Wo;\n"
    "  int t = get_global_id(0); if (t >= n * cin * H) return;\n"
    "  int y = t % H, ci = (t / H) % cin, s = t / (H * cin);\n"
    "  __global float *d = din + ((s0 + s) * cin + ci) * H * W + y * W;\n"
    "  for (int x = 0; x < W; x++) d[x] = 0;\n"
    "  for (int tap = 0; tap < 9; tap++) {\n"
    "    int oy = y - tap / 3 + pad, dx = tap % 3 - pad;\n"
    "    if (oy < 0 || oy >= Ho) continue;\n"
    "    __global const float *c = cols + (s * cin * 9 + ci * 9 + tap) * P + oy * Wo;\n"
    "    for (int x = 0; x < W; x++) { int ox = x - dx; if (ox >= 0 && ox < Wo) d[x] += c[ox]; } } }\n"
    "__kernel void bias_grad(__global const float *dy, __global float *g, int bo, int n, int c,"
    "  int plane) {\n"
    "  int co = get_global_id(0); if (co >= c) return; float acc = 0;\n"
    "  for (int s = 0; s < n; s++) for (int k = 0; k < plane; k++) acc += dy[(s * c + co) * plane + k];\n"
    "  g[bo + co] = acc; }\n"
    /* an output row (plane, y) per item */
    "__kernel void pool_fwd(__global const float *in, __global float *out, __global int *arg,"
    "  int n, int c, int H, int W) {\n"
    "  int Ho = H / 2, Wo = W / 2, t = get_global_id(0); if (t >= n * c * Ho) return;\n"
    "  int y = t % Ho, plane = t / Ho;\n"
    "  __global const float *xi = in + plane * H * W;\n"
    "  for (int x = 0; x < Wo; x++) {\n"
    "    int best = (2 * y) * W + 2 * x;\n"
    "    for (int dy = 0; dy < 2; dy++) for (int dx = 0; dx < 2; dx++) {\n"
    "      int k = (2 * y + dy) * W + 2 * x + dx; if (xi[k] > xi[best]) best = k; }\n"
    "    out[t * Wo + x] = xi[best]; arg[t * Wo + x] = best; } }\n"
    "__kernel void pool_bwd(__global const float *dy, __global const int *arg, __global float *din,"
    "  int n, int c, int H, int W) {\n"
    "  int Ho = H / 2, Wo = W / 2, t = get_global_id(0); if (t >= n * c * Ho * Wo) return;\n"
    "  din[(t / (Wo * Ho)) * H * W + arg[t]] = dy[t]; }\n"
    "__kernel void mul(__global const float *a, __global const float *b, __global float *out, int n) {\n"
    "  int t = get_global_id(0); if (t < n) out[t] = a[t] * b[t]; }\n"
    "__kernel void relu_bwd(__global const float *out, __global float *d, int n) {\n"
    "  int t = get_global_id(0); if (t < n && out[t] <= 0) d[t] = 0; }\n"
    "__kernel void softmax_ce(__global const float *z, __global const uchar *y, __global float *dz,"
    "  __global float *loss, __global int *correct, int n, int classes, int grad) {\n"
    "  int s = get_global_id(0); if (s >= n) return;\n"
    "  __global const float *zs = z + s * classes; float mx = zs[0]; int am = 0;\n"
    "  for (int c = 1; c < classes; c++) if (zs[c] > mx) { mx = zs[c]; am = c; }\n"
    "  float sum = 0; for (int c = 0; c < classes; c++) sum += exp(zs[c] - mx);\n"
    "  loss[s] = log(sum) + mx - zs[y[s]]; correct[s] = am == y[s];\n"
    "  if (grad) for (int c = 0; c < classes; c++)\n"
    "    dz[s * classes + c] = (exp(zs[c] - mx) / sum - (c == y[s])) / n; }\n"
    "__kernel void adam(__global float *p, __global const float *g, __global float *m,"
    "  __global float *v, int n, float lr_t) {\n"
    "  int t = get_global_id(0); if (t >= n) return; float gg = g[t];\n"
    "  m[t] = 0.9f * m[t] + 0.1f * gg; v[t] = 0.999f * v[t] + 0.001f * gg * gg;\n"
    "  p[t] -= lr_t * m[t] / (sqrt(v[t]) + 1e-7f); }\n";
