//! What the vector core issues beside 512-bit IFMAs: twelve independent `vpmadd52luq` a round,
//! alone and with other instructions mixed in (register additions, shifts, logic, `vpminuq`,
//! the 64-bit products `vpmullq` and `vpmuludq`, compares into a mask and masked subtractions,
//! permutes, 512-bit loads and stores), in cycles a round at the frequency the run measures
//! with a chain of dependent scalar additions. Where IFMA and another instruction share
//! execution resources the mixed round costs about the sum of both; where they do not, about the
//! larger. This is what `rns`'s design notes (the reduction's stores, `vpminuq`, `vpmullq`)
//! rest on:
//! `cargo run --release -p evm384-ifma --example issue_micro`. Not a test: the numbers are the
//! machine's (`results/lab/*-issue-micro.txt`).
use std::time::Instant;

/// Rounds a measurement.
const ROUNDS: u64 = 20_000_000;

/// A measured loop: `n` rounds over a 64-byte aligned buffer of 8 KiB.
type Round = unsafe fn(u64, *mut u8);

/// Seconds per round of `f` (which runs `ROUNDS` rounds), the best of five.
fn per_round(f: Round) -> f64 {
    let mut buf = vec![0u8; 8192 + 64];
    // 64-byte aligned
    let p = unsafe { buf.as_mut_ptr().add(buf.as_ptr().align_offset(64)) };
    (0..5)
        .map(|_| {
            let t = Instant::now();
            unsafe { f(ROUNDS, p) };
            t.elapsed().as_secs_f64() / ROUNDS as f64
        })
        .fold(f64::INFINITY, f64::min)
}

/// A chain of dependent 64-bit additions: one a cycle.
unsafe fn adds(n: u64, _: *mut u8) {
    let mut x = 0u64;
    for _ in 0..n {
        unsafe {
            core::arch::asm!(
                "add {x}, 1", "add {x}, 1", "add {x}, 1", "add {x}, 1", "add {x}, 1",
                "add {x}, 1", "add {x}, 1", "add {x}, 1", "add {x}, 1", "add {x}, 1",
                x = inout(reg) x, options(nomem, nostack)
            )
        };
    }
    std::hint::black_box(x);
}

/// One round: twelve IFMAs into zmm0..zmm11, then `$extra` (instructions on zmm20..zmm27 and
/// the buffer at `{p}`), repeated n times.
macro_rules! round {
    // `$op` twelve times into zmm24..zmm27 in turn, with the operands `$args`
    ($name:ident, twelve $op:literal $args:literal) => {
        round!($name, $op $args into [
            "zmm24" "zmm25" "zmm26" "zmm27" "zmm24" "zmm25" "zmm26" "zmm27" "zmm24" "zmm25" "zmm26" "zmm27"
        ]);
    };
    // `$op` into each register listed, with the operands `$args`
    ($name:ident, $op:literal $args:literal into [$($r:literal)*]) => {
        round!($name, $(concat!($op, " ", $r, ", ", $args)),*);
    };
    // where x ≥ y, x − y: a compare into each mask listed, then a subtraction under it into
    // the register paired with it
    ($name:ident, compare_subtract into [$($k:literal $r:literal)*]) => {
        round!($name, $(
            concat!("vpcmpuq ", $k, ", zmm22, zmm23, 5"), concat!("vpsubq ", $r, "{{", $k, "}}, zmm22, zmm23")
        ),*);
    };
    // x − y brought up by y where negative, into each register listed: sub, sra, and, add
    ($name:ident, fold_by_sign into [$($r:literal)*]) => {
        round!($name, $(
            concat!("vpsubq ", $r, ", zmm22, zmm23"), concat!("vpsraq zmm28, ", $r, ", 63"),
            "vpandq zmm28, zmm28, zmm23", concat!("vpaddq ", $r, ", ", $r, ", zmm28")
        ),*);
    };
    ($name:ident, $($extra:expr),*) => {
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx512f,avx512ifma")]
        unsafe fn $name(n: u64, p: *mut u8) {
            for _ in 0..n {
                unsafe {
                    core::arch::asm!(
                        "test {p}, {p}", // (a scalar no-op naming p, for the rounds that use none)
                        "vpmadd52luq zmm0, zmm20, zmm21", "vpmadd52luq zmm1, zmm20, zmm21",
                        "vpmadd52luq zmm2, zmm20, zmm21", "vpmadd52luq zmm3, zmm20, zmm21",
                        "vpmadd52luq zmm4, zmm20, zmm21", "vpmadd52luq zmm5, zmm20, zmm21",
                        "vpmadd52luq zmm6, zmm20, zmm21", "vpmadd52luq zmm7, zmm20, zmm21",
                        "vpmadd52luq zmm8, zmm20, zmm21", "vpmadd52luq zmm9, zmm20, zmm21",
                        "vpmadd52luq zmm10, zmm20, zmm21", "vpmadd52luq zmm11, zmm20, zmm21",
                        $($extra,)*
                        p = in(reg) p,
                        out("zmm0") _, out("zmm1") _, out("zmm2") _, out("zmm3") _,
                        out("zmm4") _, out("zmm5") _, out("zmm6") _, out("zmm7") _,
                        out("zmm8") _, out("zmm9") _, out("zmm10") _, out("zmm11") _,
                        out("zmm24") _, out("zmm25") _, out("zmm26") _, out("zmm27") _,
                        out("zmm28") _, out("k1") _, out("k2") _, out("k3") _, out("k4") _,
                        options(nostack)
                    )
                };
            }
        }
    };
}

round!(ifma,);
round!(ifma_add, twelve "vpaddq" "zmm22, zmm23");
round!(ifma_shift, twelve "vpsrlq" "zmm22, 3");
round!(ifma_min, twelve "vpminuq" "zmm22, zmm23");
round!(
    ifma_load,
    "vmovdqa64 zmm24, [{p}]",
    "vmovdqa64 zmm25, [{p} + 64]",
    "vmovdqa64 zmm26, [{p} + 128]",
    "vmovdqa64 zmm27, [{p} + 192]",
    "vmovdqa64 zmm24, [{p} + 256]",
    "vmovdqa64 zmm25, [{p} + 320]",
    "vmovdqa64 zmm26, [{p} + 384]",
    "vmovdqa64 zmm27, [{p} + 448]",
    "vmovdqa64 zmm24, [{p} + 512]",
    "vmovdqa64 zmm25, [{p} + 576]",
    "vmovdqa64 zmm26, [{p} + 640]",
    "vmovdqa64 zmm27, [{p} + 704]"
);
round!(
    ifma_broadcast,
    "vpbroadcastq zmm24, [{p}]",
    "vpbroadcastq zmm25, [{p} + 8]",
    "vpbroadcastq zmm26, [{p} + 16]",
    "vpbroadcastq zmm27, [{p} + 24]",
    "vpbroadcastq zmm24, [{p} + 32]",
    "vpbroadcastq zmm25, [{p} + 40]",
    "vpbroadcastq zmm26, [{p} + 48]",
    "vpbroadcastq zmm27, [{p} + 56]",
    "vpbroadcastq zmm24, [{p} + 64]",
    "vpbroadcastq zmm25, [{p} + 72]",
    "vpbroadcastq zmm26, [{p} + 80]",
    "vpbroadcastq zmm27, [{p} + 88]"
);
round!(ifma_store2, "vmovdqa64 [{p}], zmm22", "vmovdqa64 [{p} + 64], zmm22");
round!(
    ifma_store4,
    "vmovdqa64 [{p}], zmm22",
    "vmovdqa64 [{p} + 64], zmm22",
    "vmovdqa64 [{p} + 128], zmm22",
    "vmovdqa64 [{p} + 192], zmm22"
);
round!(
    ifma_store8,
    "vmovdqa64 [{p}], zmm22",
    "vmovdqa64 [{p} + 64], zmm22",
    "vmovdqa64 [{p} + 128], zmm22",
    "vmovdqa64 [{p} + 192], zmm22",
    "vmovdqa64 [{p} + 256], zmm22",
    "vmovdqa64 [{p} + 320], zmm22",
    "vmovdqa64 [{p} + 384], zmm22",
    "vmovdqa64 [{p} + 448], zmm22"
);

round!(ifma_sra, twelve "vpsraq" "zmm22, 63");
round!(ifma_and, twelve "vpandq" "zmm22, zmm23");
round!(
    ifma_add24,
    "vpaddq" "zmm22, zmm23" into [
        "zmm24" "zmm25" "zmm26" "zmm27" "zmm24" "zmm25" "zmm26" "zmm27" "zmm24" "zmm25" "zmm26" "zmm27"
        "zmm24" "zmm25" "zmm26" "zmm27" "zmm24" "zmm25" "zmm26" "zmm27" "zmm24" "zmm25" "zmm26" "zmm27"
    ]
);
round!(ifma_fold_sra, fold_by_sign into [
    "zmm24" "zmm25" "zmm26" "zmm27" "zmm24" "zmm25" "zmm26" "zmm27" "zmm24" "zmm25" "zmm26" "zmm27"
]);

round!(ifma_cmp, "vpcmpuq" "zmm22, zmm23, 5" into [
    "k1" "k2" "k3" "k4" "k1" "k2" "k3" "k4" "k1" "k2" "k3" "k4"
]);
round!(
    ifma_masked_sub,
    "vpsubq" "zmm22, zmm23" into [
        "zmm24{{k1}}" "zmm25{{k1}}" "zmm26{{k1}}" "zmm27{{k1}}"
        "zmm24{{k1}}" "zmm25{{k1}}" "zmm26{{k1}}" "zmm27{{k1}}"
        "zmm24{{k1}}" "zmm25{{k1}}" "zmm26{{k1}}" "zmm27{{k1}}"
    ]
);
round!(ifma_fold_cmp, compare_subtract into [
    "k1" "zmm24" "k2" "zmm25" "k3" "zmm26" "k4" "zmm27" "k1" "zmm24" "k2" "zmm25"
]);

round!(ifma_perm, twelve "vpermq" "zmm23, zmm22");
round!(ifma_align, twelve "valignq" "zmm22, zmm22, 1");

round!(ifma_mullq, twelve "vpmullq" "zmm22, zmm23");
round!(ifma_mullq4, "vpmullq" "zmm22, zmm23" into ["zmm24" "zmm25" "zmm26" "zmm27"]);
round!(ifma_muludq, twelve "vpmuludq" "zmm22, zmm23");

/// Eight 512-bit stores a round, no IFMA.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn store8(n: u64, p: *mut u8) {
    for _ in 0..n {
        unsafe {
            core::arch::asm!(
                "vmovdqa64 [{p}], zmm22", "vmovdqa64 [{p} + 64], zmm22", "vmovdqa64 [{p} + 128], zmm22",
                "vmovdqa64 [{p} + 192], zmm22", "vmovdqa64 [{p} + 256], zmm22", "vmovdqa64 [{p} + 320], zmm22",
                "vmovdqa64 [{p} + 384], zmm22", "vmovdqa64 [{p} + 448], zmm22",
                p = in(reg) p, options(nostack)
            )
        };
    }
}

fn main() {
    if !evm384_ifma::ifma_supported() {
        println!("this CPU has no AVX-512 IFMA: nothing to measure");
        return;
    }
    let ghz = 10.0 / per_round(adds) / 1e9;
    println!("clock (dependent additions): {ghz:.2} GHz; cycles a round:");
    let cycles = |f: Round| per_round(f) * ghz * 1e9;
    let rows: [(&str, Round); 22] = [
        ("12 IFMA", ifma),
        ("12 IFMA + 12 vpaddq", ifma_add),
        ("12 IFMA + 12 vpsrlq", ifma_shift),
        ("12 IFMA + 12 vpminuq", ifma_min),
        ("12 IFMA + 12 vpsraq", ifma_sra),
        ("12 IFMA + 12 vpandq", ifma_and),
        ("12 IFMA + 24 vpaddq", ifma_add24),
        ("12 IFMA + 12 x (sub, sra, and, add)", ifma_fold_sra),
        ("12 IFMA + 12 vpermq (index in a register)", ifma_perm),
        ("12 IFMA + 12 valignq", ifma_align),
        ("12 IFMA + 12 vpmullq", ifma_mullq),
        ("12 IFMA + 4 vpmullq", ifma_mullq4),
        ("12 IFMA + 12 vpmuludq", ifma_muludq),
        ("12 IFMA + 12 vpcmpuq to a mask", ifma_cmp),
        ("12 IFMA + 12 masked vpsubq", ifma_masked_sub),
        ("12 IFMA + 6 x (vpcmpuq, masked vpsubq)", ifma_fold_cmp),
        ("12 IFMA + 12 loads", ifma_load),
        ("12 IFMA + 12 broadcast loads", ifma_broadcast),
        ("12 IFMA + 2 stores", ifma_store2),
        ("12 IFMA + 4 stores", ifma_store4),
        ("12 IFMA + 8 stores", ifma_store8),
        ("8 stores", store8),
    ];
    for (name, f) in rows {
        println!("{name:<42} {:6.2}", cycles(f));
    }
}
