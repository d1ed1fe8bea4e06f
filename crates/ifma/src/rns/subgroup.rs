//! Subgroup membership over RNS (the EIP-2537 precompile's validation at the latency engine's
//! speed). Scott's tests (eprint 2021/1130), the ones the bytecode generator uses
//! (`evm384-gen`'s `subgroup.rs`), for points already known to be on their curve:
//! - G1: φ(x, y) = (β·x, y) with β a cube root of unity; P ∈ G1 ⇔ [z²]P = −φ(P) = (β·x, −y).
//! - G2: ψ(x, y) = (conj(x)·r₂, conj(y)·s₂); Q ∈ G2 ⇔ [|z|]Q = −ψ(Q). The Miller loop runs over
//!   the bits of |z| and leaves T = [|z|]Q in each pair's state (`rns::pairing`), so the test
//!   costs one comparison after the loop (`t_is_minus_psi_q`).
//!
//! Both compare a projective multiple with the endomorphism's image scaled by Z (no inversion),
//! and require Z ≠ 0: a point outside the subgroup can meet ±P (or ±Q) during the multiple,
//! where the formulas give Z = 0, which stays 0; a point inside cannot.
//!
//! β, r₂ and s₂ are the eigenvalue equations solved once on blst's generators: β = x([z²]G)/x(G),
//! r₂ = x([|z|]H)/conj(x(H)), s₂ = −y([|z|]H)/conj(y(H)). `tests/subgroup.rs` compares both
//! tests with blst's on points in and outside the subgroups.
// Safety of every pub function: it needs avx512f + avx512ifma (`lanes::field`'s module comment).
#![allow(clippy::missing_safety_doc, clippy::needless_range_loop)]
use crate::consts::Z_ABS;
use crate::rns::conversions::{fp_from_u64, fp_inv, fp_mul};
use crate::rns::tower::Fp2r;
use crate::rns::{conversions::*, field::*, reduction::*};
use blst::*;
use std::sync::OnceLock;

/// The endomorphisms' constants (blst's form).
struct Consts {
    beta: blst_fp,
    r2: blst_fp2,
    s2: blst_fp2,
}

fn fp_neg(a: &blst_fp) -> blst_fp {
    let mut r = blst_fp::default();
    // SAFETY: blst reads a, writes r.
    unsafe { blst_fp_cneg(&mut r, a, true) };
    r
}

fn fp2_mul(a: &blst_fp2, b: &blst_fp2) -> blst_fp2 {
    let mut r = blst_fp2::default();
    // SAFETY: blst reads a, b, writes r.
    unsafe { blst_fp2_mul(&mut r, a, b) };
    r
}

fn fp2_inv(a: &blst_fp2) -> blst_fp2 {
    let mut r = blst_fp2::default();
    // SAFETY: blst reads a, writes r.
    unsafe { blst_fp2_inverse(&mut r, a) };
    r
}

fn conj(a: &blst_fp2) -> blst_fp2 {
    blst_fp2 { fp: [a.fp[0], fp_neg(&a.fp[1])] }
}

fn fp2_neg(a: &blst_fp2) -> blst_fp2 {
    blst_fp2 { fp: [fp_neg(&a.fp[0]), fp_neg(&a.fp[1])] }
}

/// z² (128 bits, z = −|z|).
const Z2: u128 = (Z_ABS as u128) * (Z_ABS as u128);

fn consts() -> &'static Consts {
    static C: OnceLock<Consts> = OnceLock::new();
    C.get_or_init(|| {
        // SAFETY: blst reads its generators and the scalars, writes the locals.
        unsafe {
            let (g, h) = (blst_p1_generator(), blst_p2_generator());
            let (mut r, mut ra) = (blst_p1::default(), blst_p1_affine::default());
            blst_p1_mult(&mut r, g, Z2.to_le_bytes().as_ptr(), 128);
            blst_p1_to_affine(&mut ra, &r);
            let mut ga = blst_p1_affine::default();
            blst_p1_to_affine(&mut ga, g);
            let beta = fp_mul(&ra.x, &fp_inv(&ga.x));
            let (mut t, mut ta, mut ha) = (blst_p2::default(), blst_p2_affine::default(), blst_p2_affine::default());
            blst_p2_mult(&mut t, h, Z_ABS.to_le_bytes().as_ptr(), 64);
            blst_p2_to_affine(&mut ta, &t);
            blst_p2_to_affine(&mut ha, h);
            let r2 = fp2_mul(&ta.x, &fp2_inv(&conj(&ha.x)));
            let s2 = fp2_mul(&fp2_neg(&ta.y), &fp2_inv(&conj(&ha.y)));
            Consts { beta, r2, s2 }
        }
    })
}

// ---------------------------------------------------------------- G1

/// A G1 point in homogeneous projective coordinates (X : Y : Z) = (X/Z, Y/Z), over RNS.
type G1r = [Rns; 3];

/// The affine point being multiplied, as the mixed addition takes it: −x, −y and 1.
#[derive(Clone, Copy)]
struct G1Base {
    nx: Rns,
    ny: Rns,
    one: Rns,
}

/// 12·v (below 384p for v below 32p).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn times12(v: &Rns) -> Rns {
    let v4 = add(&add(v, v), &add(v, v));
    add(&add(&v4, &v4), &v4)
}

/// T ← 2T for two points side by side, two levels of reductions: the doubling of
/// `rns::tower::line_dbl_into_r` over Fp with b = 4 (Costello–Lange–Naehrig, eprint 2009/615, times 4):
/// A = XY, B = Y², E = 3b·Z², H = 2YZ, then with F = 3E: X3 = 2A(B − F),
/// Y3 = (B + F)² − 12E², Z3 = 4BH. Inputs below 32p; the largest sum, Y3's, below 2^14·p².
#[target_feature(enable = "avx512f,avx512ifma")]
fn dbl2(t: &mut [G1r; 2]) {
    let mut w = [wide_zero(); 8];
    for n in 0..2 {
        let [x, y, z] = &t[n];
        w[4 * n] = dot(&[(x, y)]); // A
        w[4 * n + 1] = dot(&[(y, y)]); // B
        w[4 * n + 2] = dot(&[(z, z)]); // E/12
        w[4 * n + 3] = dot(&[(y, z)]); // H/2
    }
    let r = reduce_scaled(&w, [1, 1, 12, 2, 1, 1, 12, 2]);
    let mut v = [wide_zero(); 6];
    for n in 0..2 {
        let [a, b, e, h] = [&r[4 * n], &r[4 * n + 1], &r[4 * n + 2], &r[4 * n + 3]];
        let ne = neg(e);
        let bmf = add(b, &add(&add(&ne, &ne), &ne)); // B − F
        let bpf = add(b, &add(&add(e, e), e)); // B + F
        v[3 * n] = dot(&[(&bmf, a)]); // X3/2
        v[3 * n + 1] = dot(&[(&bpf, &bpf), (e, &times12(&ne))]); // Y3
        v[3 * n + 2] = dot(&[(b, h)]); // Z3/4
    }
    let r = reduce_scaled(&v, [2, 1, 4, 2, 1, 4]);
    for n in 0..2 {
        t[n] = [r[3 * n], r[3 * n + 1], r[3 * n + 2]];
    }
}

/// T ← T + P for two points side by side (P affine), four levels: the addition of
/// `rns::tower::line_add_into_r` over Fp: θ = Y − y·Z, λ = X − x·Z; D = λ², θ²; E = λD, F = Zθ²,
/// G = XD; with H = E + F − 2G: X3 = λH, Y3 = θ(3G − E − F) − YE, Z3 = ZE.
#[target_feature(enable = "avx512f,avx512ifma")]
fn madd2(t: &mut [G1r; 2], p: &[G1Base; 2]) {
    let mut w = [wide_zero(); 4];
    for n in 0..2 {
        let ([x, y, z], b) = (&t[n], &p[n]);
        w[2 * n] = dot(&[(y, &b.one), (z, &b.ny)]); // θ
        w[2 * n + 1] = dot(&[(x, &b.one), (z, &b.nx)]); // λ
    }
    let tl = reduce_scaled(&w, [1; 4]);
    for n in 0..2 {
        let (th, la) = (&tl[2 * n], &tl[2 * n + 1]);
        w[2 * n] = dot(&[(la, la)]); // D
        w[2 * n + 1] = dot(&[(th, th)]); // θ²
    }
    let ds = reduce_scaled(&w, [1; 4]);
    let mut v = [wide_zero(); 6];
    for n in 0..2 {
        let [x, _, z] = &t[n];
        let (la, d, s) = (&tl[2 * n + 1], &ds[2 * n], &ds[2 * n + 1]);
        v[3 * n] = dot(&[(la, d)]); // E
        v[3 * n + 1] = dot(&[(z, s)]); // F
        v[3 * n + 2] = dot(&[(x, d)]); // G
    }
    let efg = reduce_scaled(&v, [1; 6]);
    for n in 0..2 {
        let [_, y, z] = &t[n];
        let (th, la) = (&tl[2 * n], &tl[2 * n + 1]);
        let [e, f, g] = [&efg[3 * n], &efg[3 * n + 1], &efg[3 * n + 2]];
        let (ne, nf, ng) = (neg(e), neg(f), neg(g));
        let h = add(&add(e, f), &add(&ng, &ng)); // E + F − 2G
        let gmh = add(&add(&add(g, g), g), &add(&ne, &nf)); // 3G − E − F
        v[3 * n] = dot(&[(la, &h)]); // X3
        v[3 * n + 1] = dot(&[(th, &gmh), (y, &ne)]); // Y3
        v[3 * n + 2] = dot(&[(z, e)]); // Z3
    }
    let r = reduce_scaled(&v, [1; 6]);
    for n in 0..2 {
        t[n] = [r[3 * n], r[3 * n + 1], r[3 * n + 2]];
    }
}

/// [z²]P for two points side by side, over the bits of z² (128 bits, 17 of them set).
#[target_feature(enable = "avx512f,avx512ifma")]
fn times_z2(ps: &[blst_p1_affine; 2]) -> [G1r; 2] {
    let one = from_fp(&fp_from_u64(1));
    let mut t: [G1r; 2] = [[one; 3]; 2];
    let mut base = [G1Base { nx: one, ny: one, one }; 2];
    for n in 0..2 {
        let (x, y) = (from_fp(&ps[n].x), from_fp(&ps[n].y));
        t[n] = [x, y, one];
        base[n] = G1Base { nx: neg(&x), ny: neg(&y), one };
    }
    for i in (0..127).rev() {
        dbl2(&mut t);
        if (Z2 >> i) & 1 == 1 {
            madd2(&mut t, &base);
        }
    }
    t
}

/// Is [z²]P = (β·x, −y) with R = (X : Y : Z) = [z²]P, i.e. X = β·x·Z, Y = −y·Z, Z ≠ 0?
#[target_feature(enable = "avx512f,avx512ifma")]
fn is_minus_phi(r: &G1r, p: &blst_p1_affine) -> bool {
    let [x, y, z] = r.map(|c| to_fp(&c));
    z != blst_fp::default() && x == fp_mul(&fp_mul(&consts().beta, &p.x), &z) && y == fp_mul(&fp_neg(&p.y), &z)
}

/// G1 membership of each point (on the curve, not infinity), two at a time.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn g1_in_subgroup_rns(points: &[blst_p1_affine]) -> Vec<bool> {
    let mut out = Vec::with_capacity(points.len());
    for c in points.chunks(2) {
        let ps = [c[0], *c.last().unwrap()];
        let r = times_z2(&ps);
        out.extend((0..c.len()).map(|n| is_minus_phi(&r[n], &ps[n])));
    }
    out
}

// ---------------------------------------------------------------- G2

/// Is T = −ψ(Q) for T = (X : Y : Z) (homogeneous projective, the Miller loop's state), i.e.
/// X = conj(x)·r₂·Z, Y = −conj(y)·s₂·Z, Z ≠ 0? With T = [|z|]Q: is Q in G2?
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn t_is_minus_psi_q(t: &[Fp2r; 3], q: &blst_p2_affine) -> bool {
    let [x, y, z] = t.map(|c| blst_fp2 { fp: [to_fp(&c.c0), to_fp(&c.c1)] });
    let k = consts();
    z != blst_fp2::default()
        && x == fp2_mul(&fp2_mul(&conj(&q.x), &k.r2), &z)
        && y == fp2_mul(&fp2_neg(&fp2_mul(&conj(&q.y), &k.s2)), &z)
}
