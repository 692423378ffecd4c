#ifndef BT_ROUND_H
#define BT_ROUND_H
/*
 * The rounding of --precision tf32 and bf16 (enum bt_precision in bt.h): a
 * product's operands are rounded to nearest, ties to even, keeping 10
 * (tf32) or 7 (bf16) mantissa bits, and the products are summed in fp32.
 * One definition for every backend: the reference's GEMM packs rounded
 * operands, the OpenCL kernels round in their loads (this text is compiled
 * into them with BT_PHILOX_OPENCL defined, as philox.h is), CUDA includes it.
 *
 * Infinities and NaNs stay as they are; a finite value whose rounding
 * overflows becomes an infinity, as the hardware's conversions do.
 */
#if defined(BT_PHILOX_OPENCL)
#define BT_ROUND_FN static inline
#define BT_ROUND_BITS(x) as_uint(x)
#define BT_ROUND_FLOAT(u) as_float(u)
typedef uint bt_round_u32;
#else
#include <stdint.h>
#include <string.h>
#if defined(__CUDACC__)
#define BT_ROUND_FN static inline __host__ __device__
#define BT_ROUND_BITS(x) __float_as_uint(x)
#define BT_ROUND_FLOAT(u) __uint_as_float(u)
#else
#define BT_ROUND_FN static inline
static inline uint32_t bt_round_bits_(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof(u));
    return u;
}
static inline float bt_round_float_(uint32_t u)
{
    float x;
    memcpy(&x, &u, sizeof(x));
    return x;
}
#define BT_ROUND_BITS(x) bt_round_bits_(x)
#define BT_ROUND_FLOAT(u) bt_round_float_(u)
#endif
typedef uint32_t bt_round_u32;
#endif

/*
 * x with its lowest `drop` mantissa bits cleared, rounded to nearest even:
 * drop = 13 for tf32 (23 - 10), 16 for bf16 (23 - 7).
 */
BT_ROUND_FN float bt_round_keep(float x, int drop)
{
    bt_round_u32 u = BT_ROUND_BITS(x);
    bt_round_u32 tie = ((bt_round_u32)1 << (drop - 1)) - 1u;

    if ((u & 0x7f800000u) == 0x7f800000u)   /* infinity or NaN: as it is */
        return x;
    u += tie + ((u >> drop) & 1u);
    u &= ~(((bt_round_u32)1 << drop) - 1u);
    return BT_ROUND_FLOAT(u);
}

#define BT_ROUND_TF32_DROP 13
#define BT_ROUND_BF16_DROP 16

#if defined(BT_PHILOX_OPENCL)
/* bt_round_keep on 16 lanes at once (the OpenCL GEMM's rows of B), lane for lane the same. */
static inline float16 bt_round_keep16(float16 x, int drop)
{
    uint16 u = as_uint16(x);
    uint tie = ((uint)1 << (drop - 1)) - 1u;

    u += (uint16)tie + ((u >> (uint16)drop) & (uint16)1u);
    u &= (uint16)(~(((uint)1 << drop) - 1u));
    return select(x, as_float16(u), isfinite(x));
}
#endif

#endif
