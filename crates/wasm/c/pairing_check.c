/*
 * EIP-2537 PAIRING_CHECK (0x0f) and an Fp6 multiplication loop on blst, for a freestanding
 * wasm32 module. blst is compiled as one translation unit with this file (its `server.c`, from
 * the `blst` crate's sources: build.rs passes the directory), so blst's static `mul_fp6` is in
 * reach.
 *
 * Input rules and their order are revm 43's for 0x0f, as `evm384_precompile::decode_pairs`
 * states them: the length, every pair's padding, then pair by pair G1 (canonical x, y; on the
 * curve; in the subgroup) and G2 (x.c0, x.c1, y.c0, y.c1; on the curve; in the subgroup), an
 * all-zero point being infinity; pairs with a point at infinity are left out of the product.
 */
#include "server.c"

/* Freestanding: the helpers clang may call for copies and zeroing. */
void *memset(void *dst, int c, size_t n)
{
    unsigned char *d = dst;
    while (n--) *d++ = (unsigned char)c;
    return dst;
}

void *memcpy(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    while (n--) *d++ = *s++;
    return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    if (d < s) {
        while (n--) *d++ = *s++;
    } else {
        while (n--) d[n] = s[n];
    }
    return dst;
}

/* Results of `pairing_check`; `crates/wasm/src/lib.rs` maps them to `InputError`. */
enum {
    CHECK_FALSE = 0,
    CHECK_TRUE = 1,
    ERR_INPUT_LENGTH = 2,         /* revm: Bls12381PairingInputLength */
    ERR_FP_PADDING = 3,           /* Bls12381FpPaddingInvalid */
    ERR_NON_CANONICAL_FP = 4,     /* NonCanonicalFp */
    ERR_G1_NOT_ON_CURVE = 5,      /* Bls12381G1NotOnCurve */
    ERR_G1_NOT_IN_SUBGROUP = 6,   /* Bls12381G1NotInSubgroup */
    ERR_G2_NOT_ON_CURVE = 7,      /* Bls12381G2NotOnCurve */
    ERR_G2_NOT_IN_SUBGROUP = 8,   /* Bls12381G2NotInSubgroup */
    ERR_NOT_PREPARED = 9,         /* `input_buffer` was not called for this length */
};

#define PAIR_BYTES 384
#define PADDED_FP 64
#define FP_PAD 16

extern unsigned char __heap_base;
static size_t prepared_len = 0;

static unsigned char *align16(unsigned char *p)
{
    return (unsigned char *)(((size_t)p + 15) & ~(size_t)15);
}

/* The decoded points of `len` input bytes live after the input, 16-byte aligned. */
static POINTonE1_affine *g1_store(unsigned char *in, size_t len)
{
    return (POINTonE1_affine *)align16(in + len);
}

static POINTonE2_affine *g2_store(unsigned char *in, size_t len)
{
    return (POINTonE2_affine *)align16((unsigned char *)(g1_store(in, len) + len / PAIR_BYTES));
}

/*
 * Where the host writes an input of `len` bytes (the heap's start), the memory grown to hold it
 * and its decoded points; 0 when the memory cannot grow that far.
 */
unsigned char *input_buffer(size_t len)
{
    unsigned char *in = align16(&__heap_base);
    size_t avail = __builtin_wasm_memory_size(0) * 65536 - (size_t)in;
    size_t pairs = len / PAIR_BYTES, need;

    if (len > (size_t)0x40000000)   /* 1 GiB: keeps `need` from wrapping on wasm32 */
        return 0;
    need = len + 16 + pairs * sizeof(POINTonE1_affine) + 16 + pairs * sizeof(POINTonE2_affine);
    if (need > avail) {
        size_t pages = (need - avail + 65535) / 65536;
        if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1)
            return 0;
    }
    prepared_len = len;
    return in;
}

/* 16 zero bytes then 48 big-endian value bytes. */
static int padding_ok(const unsigned char *fp)
{
    unsigned char acc = 0;
    for (size_t i = 0; i < FP_PAD; i++) acc |= fp[i];
    return acc == 0;
}

static int all_zero(const unsigned char *b, size_t n)
{
    unsigned char acc = 0;
    for (size_t i = 0; i < n; i++) acc |= b[i];
    return acc == 0;
}

/* A value below p: blst's conversion reduces silently, so it must convert back to the same
 * bytes (as `evm384_precompile`'s `read_fp` tests it). */
static int read_fp(vec384 out, const unsigned char be[48])
{
    unsigned char back[48];
    blst_fp_from_bendian(out, be);
    blst_bendian_from_fp(back, out);
    for (size_t i = 0; i < 48; i++)
        if (back[i] != be[i]) return 0;
    return 1;
}

/* The check of the `len` bytes at `input_buffer(len)`'s address. */
int pairing_check(size_t len)
{
    unsigned char *in = align16(&__heap_base);
    size_t pairs, i, live = 0;
    POINTonE1_affine *ps;
    POINTonE2_affine *qs;

    if (len == 0 || len % PAIR_BYTES != 0)
        return ERR_INPUT_LENGTH;
    if (len != prepared_len)
        return ERR_NOT_PREPARED;
    pairs = len / PAIR_BYTES;
    ps = g1_store(in, len);
    qs = g2_store(in, len);

    for (i = 0; i < len; i += PADDED_FP)
        if (!padding_ok(in + i)) return ERR_FP_PADDING;

    for (i = 0; i < pairs; i++) {
        const unsigned char *pair = in + i * PAIR_BYTES;
        const unsigned char *g1 = pair, *g2 = pair + 2 * PADDED_FP;
        int g1_inf = all_zero(g1 + FP_PAD, 48) && all_zero(g1 + PADDED_FP + FP_PAD, 48);
        int g2_inf = 1;
        for (size_t c = 0; c < 4; c++)
            g2_inf &= all_zero(g2 + c * PADDED_FP + FP_PAD, 48);

        POINTonE1_affine *p = &ps[live];
        POINTonE2_affine *q = &qs[live];
        if (!g1_inf) {
            if (!read_fp(p->X, g1 + FP_PAD) || !read_fp(p->Y, g1 + PADDED_FP + FP_PAD))
                return ERR_NON_CANONICAL_FP;
            if (!blst_p1_affine_on_curve(p)) return ERR_G1_NOT_ON_CURVE;
            if (!blst_p1_affine_in_g1(p)) return ERR_G1_NOT_IN_SUBGROUP;
        }
        if (!g2_inf) {
            if (!read_fp(q->X[0], g2 + FP_PAD) || !read_fp(q->X[1], g2 + PADDED_FP + FP_PAD) ||
                !read_fp(q->Y[0], g2 + 2 * PADDED_FP + FP_PAD) ||
                !read_fp(q->Y[1], g2 + 3 * PADDED_FP + FP_PAD))
                return ERR_NON_CANONICAL_FP;
            if (!blst_p2_affine_on_curve(q)) return ERR_G2_NOT_ON_CURVE;
            if (!blst_p2_affine_in_g2(q)) return ERR_G2_NOT_IN_SUBGROUP;
        }
        if (!g1_inf && !g2_inf)
            live++;
    }

    if (live == 0)
        return CHECK_TRUE;
    {
        /* blst_miller_loop_n reads a NULL entry as "the next point of the same array". */
        const POINTonE2_affine *qv[2] = { qs, NULL };
        const POINTonE1_affine *pv[2] = { ps, NULL };
        vec384fp12 f, e;
        blst_miller_loop_n(f, qv, pv, live);
        blst_final_exp(e, f);
        return blst_fp12_is_one(e) ? CHECK_TRUE : CHECK_FALSE;
    }
}

/*
 * The EVM384 notes' synthetic loop, as its Yul versions and the wasmsnark loop chain it
 * (ewasm/evm384_f6m_mul `src/v1/benchmark.yul`): r4 = a·b, r5 = a·r4, then per iteration ten
 * products each of the two before it (r1 = r4·r5, r2 = r5·r1, r3 = r1·r2, r4 = r2·r3,
 * r5 = r3·r4, twice), with blst's Fp6 multiplication (`mul_fp6`, Montgomery form). Operands at
 * `io`: a then b, each six canonical big-endian 48-byte Fp values (c0.c0, c0.c1, c1.c0, c1.c1,
 * c2.c0, c2.c1); r5 is written over a in the same encoding. Returns 0, or ERR_NON_CANONICAL_FP
 * for an input value >= p.
 */
int f6m_mul_loop(unsigned char *io, unsigned int iterations)
{
    vec384fp6 a, b, r[5];
    for (size_t j = 0; j < 6; j++) {
        if (!read_fp(a[j / 2][j % 2], io + j * 48) || !read_fp(b[j / 2][j % 2], io + (6 + j) * 48))
            return ERR_NON_CANONICAL_FP;
    }
    mul_fp6(r[3], a, b);
    mul_fp6(r[4], a, r[3]);
    while (iterations--) {
        for (size_t k = 0; k < 10; k++) {
            size_t i = k % 5;
            mul_fp6(r[i], r[(i + 3) % 5], r[(i + 4) % 5]);
        }
    }
    for (size_t j = 0; j < 6; j++)
        blst_bendian_from_fp(io + j * 48, r[4][j / 2][j % 2]);
    return 0;
}
