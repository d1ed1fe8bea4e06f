//! x86-64 fast path: MULMODMONT384 as inline assembly with MULX (BMI2) and two independent carry
//! chains (ADCX on CF, ADOX on OF, from ADX); ADDMOD384/SUBMOD384 as branchless assembly.
//!
//! [`mulmodmont384_asm`] is written for EVM384's semantics (unreduced inputs, any modulus and
//! `inv`, one conditional subtraction on the full result) and tested bit for bit against the
//! reference: plain CIOS order, multiply by `y[i]` then reduce by `u[i]`; eight accumulator
//! registers rotating by one word per round, `inv` in a register, no memory traffic besides the
//! operands. blst's interleaved schedule (reduction by `u[i-1]` after the multiplication by
//! `y[i]`, nine-register ring, `t0` and `inv` on the stack) was also implemented and measured
//! slower in the `ab` bench, so it was removed.

use core::arch::asm;
use core::sync::atomic::{AtomicU8, Ordering};

use crate::Limbs;

/// Detection result: 0 = not yet detected, 1 = no MULX/ADX, 2 = MULX and ADX.
static MULX_ADX: AtomicU8 = AtomicU8::new(0);

/// Whether this CPU has MULX (BMI2) and ADCX/ADOX (ADX).
///
/// A compile-time `true` when the build already targets BMI2+ADX; otherwise one relaxed load
/// of our own cached flag. (`std::is_x86_feature_detected!` inlines to ~15 instructions with a
/// SHRD on its cache word, and made the dispatching wrappers too big to inline: in the `ab`
/// bench SUBMOD384 through the wrapper took about twice the bare asm's time; with this flag and
/// the fallbacks out of line, nearly the same.)
#[inline(always)]
pub fn has_mulx_adx() -> bool {
    if cfg!(all(target_feature = "bmi2", target_feature = "adx")) {
        return true;
    }
    match MULX_ADX.load(Ordering::Relaxed) {
        2 => true,
        1 => false,
        _ => detect_mulx_adx(),
    }
}

#[cold]
#[inline(never)]
fn detect_mulx_adx() -> bool {
    let has = std::is_x86_feature_detected!("bmi2") && std::is_x86_feature_detected!("adx");
    MULX_ADX.store(if has { 2 } else { 1 }, Ordering::Relaxed);
    has
}

/// MULMODMONT384 with MULX/ADCX/ADOX in plain CIOS order, bit-exact with
/// [`crate::reference::mulmodmont384`] for every input (any modulus, any `inv`, unreduced
/// inputs). This is the dispatched fast path.
///
/// Round `i` (ring registers `a0..a7` = words of the accumulator relative to `2^(64i)`):
/// - `A = S + x*y[i]`: `S < 2^386` sits in `a0..a6` (`a6 <= 3`); lows are added on the OF chain,
///   highs on the CF chain, the CF chain is closed into the last high word (a MULX high word is
///   `<= 2^64 - 2`, so one more carry cannot wrap) and the OF chain into `a7` (zeroed first).
///   `A < 2^386 + 2^448 < 2^449` fits `a0..a7` — the "extra top word" inputs `>= m` need.
/// - `u = a0 * inv`, `S' = (A + u*m) >> 64`: `t0 + lo(u*m0)` is computed for its carry only
///   (it is zero only when `inv` is right; dropping it is the spec's exact `T >> 384`), then
///   `a0` is zeroed with a flag-preserving MOV and used to close both chains. `A + u*m < 2^450`,
///   so `S' < 2^386` fits `a1..a7` and no carry is lost.
///
/// The result `t = S` (`< 2^385`) is in seven registers; the single conditional subtraction is
/// `t - m` over all of them (`sbb top, 0` borrows iff `t < m`), selected with CMOV.
///
/// Compared with blst's interleaved schedule (multiplication by `y[i]` ahead of the reduction
/// by `u[i-1]`, tried and removed) it needs one accumulator register fewer, so `inv` stays in a
/// register and `t0` in place: no memory traffic besides the operands. Its speed beside
/// `blst_fp_mul`: `evm384 bench ops` and the committed files under `results/`.
///
/// # Safety
/// The CPU must support BMI2 and ADX.
#[inline(always)]
pub unsafe fn mulmodmont384_asm(x: &Limbs, y: &Limbs, m: &Limbs, inv: u64) -> Limbs {
    let (r0, r1, r2, r3, r4, r5): (u64, u64, u64, u64, u64, u64);
    // SAFETY:
    // - Only MULX/ADCX/ADOX need CPU support beyond x86-64, and the caller guarantees BMI2/ADX.
    // - Memory: reads exactly x[0..6], y[0..6], m[0..6] through valid shared references (they
    //   may alias: nothing is written through them). The only writes are the pushes of rbx and
    //   rbp, made after stepping over the 128-byte System V red zone (without `nostack` the
    //   compiler should not keep data there, but we do not rely on it); `rsp` is restored
    //   exactly. No `readonly`, since we do write (to that scratch).
    // - Registers: rbx and rbp cannot be named as operands, so they are saved and restored with
    //   push/pop. Every other register written is declared: overwritten inputs as
    //   `inout(..) => _`, the rest as outputs or `lateout(..) _` (explicit registers, none
    //   shared with an input).
    // - Flags: clobbered (no `preserves_flags`); DF is never touched. No calls, no jumps.
    unsafe {
        asm!(
            "lea rsp, [rsp - 128]",
            "push rbx",
            "push rbp",
            "mov rbx, rdi", // rbx = y
            // A = x * y[0] in r8..r14, r15 = 0.
            "mov rdx, qword ptr [rbx]",
            "mulx r9, r8, qword ptr [rsi]",
            "mulx r10, rdi, qword ptr [rsi + 8]",
            "add r9, rdi",
            "mulx r11, rdi, qword ptr [rsi + 16]",
            "adc r10, rdi",
            "mulx r12, rdi, qword ptr [rsi + 24]",
            "adc r11, rdi",
            "mulx r13, rdi, qword ptr [rsi + 32]",
            "adc r12, rdi",
            "mulx r14, rdi, qword ptr [rsi + 40]",
            "adc r13, rdi",
            "adc r14, 0",
            "xor r15, r15",
            // Reduction 0: u = r8 * inv; S = (A + u*m) >> 64 in r9..r15.
            "mov rdx, r8",
            "imul rdx, rax",
            "xor edi, edi", // CF = OF = 0
            "mulx rbp, rdi, qword ptr [rcx]",
            "adcx r8, rdi", // t0 + lo(u*m0): only its carry is kept
            "mov r8d, 0", // zero for closing chains; MOV leaves the flags alone
            "adox r9, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 8]",
            "adcx r9, rdi",
            "adox r10, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 16]",
            "adcx r10, rdi",
            "adox r11, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 24]",
            "adcx r11, rdi",
            "adox r12, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 32]",
            "adcx r12, rdi",
            "adox r13, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 40]",
            "mov rdx, qword ptr [rbx + 8]",
            "adcx r13, rdi",
            "adox rbp, r8", // close OF into the high word (cannot wrap)
            "adcx r14, rbp",
            "adcx r15, r8",
            // Round 1: A = S + x*y[1], S in r9..r15; lows on OF, highs on CF.
            "xor r8, r8",
            "mulx rbp, rdi, qword ptr [rsi]",
            "adox r9, rdi",
            "adcx r10, rbp",
            "mulx rbp, rdi, qword ptr [rsi + 8]",
            "adox r10, rdi",
            "adcx r11, rbp",
            "mulx rbp, rdi, qword ptr [rsi + 16]",
            "adox r11, rdi",
            "adcx r12, rbp",
            "mulx rbp, rdi, qword ptr [rsi + 24]",
            "adox r12, rdi",
            "adcx r13, rbp",
            "mulx rbp, rdi, qword ptr [rsi + 32]",
            "adox r13, rdi",
            "adcx r14, rbp",
            "mulx rbp, rdi, qword ptr [rsi + 40]",
            "adox r14, rdi",
            "adcx rbp, r8", // close CF into the high word (cannot wrap)
            "adox r15, rbp",
            "adox r8, r8", // top word = OF
            // Reduction 1: u = r9 * inv; S = (A + u*m) >> 64 in r10..r8.
            "mov rdx, r9",
            "imul rdx, rax",
            "xor edi, edi", // CF = OF = 0
            "mulx rbp, rdi, qword ptr [rcx]",
            "adcx r9, rdi", // t0 + lo(u*m0): only its carry is kept
            "mov r9d, 0", // zero for closing chains; MOV leaves the flags alone
            "adox r10, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 8]",
            "adcx r10, rdi",
            "adox r11, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 16]",
            "adcx r11, rdi",
            "adox r12, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 24]",
            "adcx r12, rdi",
            "adox r13, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 32]",
            "adcx r13, rdi",
            "adox r14, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 40]",
            "mov rdx, qword ptr [rbx + 16]",
            "adcx r14, rdi",
            "adox rbp, r9", // close OF into the high word (cannot wrap)
            "adcx r15, rbp",
            "adcx r8, r9",
            // Round 2: A = S + x*y[2], S in r10..r8; lows on OF, highs on CF.
            "xor r9, r9",
            "mulx rbp, rdi, qword ptr [rsi]",
            "adox r10, rdi",
            "adcx r11, rbp",
            "mulx rbp, rdi, qword ptr [rsi + 8]",
            "adox r11, rdi",
            "adcx r12, rbp",
            "mulx rbp, rdi, qword ptr [rsi + 16]",
            "adox r12, rdi",
            "adcx r13, rbp",
            "mulx rbp, rdi, qword ptr [rsi + 24]",
            "adox r13, rdi",
            "adcx r14, rbp",
            "mulx rbp, rdi, qword ptr [rsi + 32]",
            "adox r14, rdi",
            "adcx r15, rbp",
            "mulx rbp, rdi, qword ptr [rsi + 40]",
            "adox r15, rdi",
            "adcx rbp, r9", // close CF into the high word (cannot wrap)
            "adox r8, rbp",
            "adox r9, r9", // top word = OF
            // Reduction 2: u = r10 * inv; S = (A + u*m) >> 64 in r11..r9.
            "mov rdx, r10",
            "imul rdx, rax",
            "xor edi, edi", // CF = OF = 0
            "mulx rbp, rdi, qword ptr [rcx]",
            "adcx r10, rdi", // t0 + lo(u*m0): only its carry is kept
            "mov r10d, 0", // zero for closing chains; MOV leaves the flags alone
            "adox r11, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 8]",
            "adcx r11, rdi",
            "adox r12, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 16]",
            "adcx r12, rdi",
            "adox r13, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 24]",
            "adcx r13, rdi",
            "adox r14, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 32]",
            "adcx r14, rdi",
            "adox r15, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 40]",
            "mov rdx, qword ptr [rbx + 24]",
            "adcx r15, rdi",
            "adox rbp, r10", // close OF into the high word (cannot wrap)
            "adcx r8, rbp",
            "adcx r9, r10",
            // Round 3: A = S + x*y[3], S in r11..r9; lows on OF, highs on CF.
            "xor r10, r10",
            "mulx rbp, rdi, qword ptr [rsi]",
            "adox r11, rdi",
            "adcx r12, rbp",
            "mulx rbp, rdi, qword ptr [rsi + 8]",
            "adox r12, rdi",
            "adcx r13, rbp",
            "mulx rbp, rdi, qword ptr [rsi + 16]",
            "adox r13, rdi",
            "adcx r14, rbp",
            "mulx rbp, rdi, qword ptr [rsi + 24]",
            "adox r14, rdi",
            "adcx r15, rbp",
            "mulx rbp, rdi, qword ptr [rsi + 32]",
            "adox r15, rdi",
            "adcx r8, rbp",
            "mulx rbp, rdi, qword ptr [rsi + 40]",
            "adox r8, rdi",
            "adcx rbp, r10", // close CF into the high word (cannot wrap)
            "adox r9, rbp",
            "adox r10, r10", // top word = OF
            // Reduction 3: u = r11 * inv; S = (A + u*m) >> 64 in r12..r10.
            "mov rdx, r11",
            "imul rdx, rax",
            "xor edi, edi", // CF = OF = 0
            "mulx rbp, rdi, qword ptr [rcx]",
            "adcx r11, rdi", // t0 + lo(u*m0): only its carry is kept
            "mov r11d, 0", // zero for closing chains; MOV leaves the flags alone
            "adox r12, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 8]",
            "adcx r12, rdi",
            "adox r13, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 16]",
            "adcx r13, rdi",
            "adox r14, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 24]",
            "adcx r14, rdi",
            "adox r15, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 32]",
            "adcx r15, rdi",
            "adox r8, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 40]",
            "mov rdx, qword ptr [rbx + 32]",
            "adcx r8, rdi",
            "adox rbp, r11", // close OF into the high word (cannot wrap)
            "adcx r9, rbp",
            "adcx r10, r11",
            // Round 4: A = S + x*y[4], S in r12..r10; lows on OF, highs on CF.
            "xor r11, r11",
            "mulx rbp, rdi, qword ptr [rsi]",
            "adox r12, rdi",
            "adcx r13, rbp",
            "mulx rbp, rdi, qword ptr [rsi + 8]",
            "adox r13, rdi",
            "adcx r14, rbp",
            "mulx rbp, rdi, qword ptr [rsi + 16]",
            "adox r14, rdi",
            "adcx r15, rbp",
            "mulx rbp, rdi, qword ptr [rsi + 24]",
            "adox r15, rdi",
            "adcx r8, rbp",
            "mulx rbp, rdi, qword ptr [rsi + 32]",
            "adox r8, rdi",
            "adcx r9, rbp",
            "mulx rbp, rdi, qword ptr [rsi + 40]",
            "adox r9, rdi",
            "adcx rbp, r11", // close CF into the high word (cannot wrap)
            "adox r10, rbp",
            "adox r11, r11", // top word = OF
            // Reduction 4: u = r12 * inv; S = (A + u*m) >> 64 in r13..r11.
            "mov rdx, r12",
            "imul rdx, rax",
            "xor edi, edi", // CF = OF = 0
            "mulx rbp, rdi, qword ptr [rcx]",
            "adcx r12, rdi", // t0 + lo(u*m0): only its carry is kept
            "mov r12d, 0", // zero for closing chains; MOV leaves the flags alone
            "adox r13, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 8]",
            "adcx r13, rdi",
            "adox r14, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 16]",
            "adcx r14, rdi",
            "adox r15, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 24]",
            "adcx r15, rdi",
            "adox r8, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 32]",
            "adcx r8, rdi",
            "adox r9, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 40]",
            "mov rdx, qword ptr [rbx + 40]",
            "adcx r9, rdi",
            "adox rbp, r12", // close OF into the high word (cannot wrap)
            "adcx r10, rbp",
            "adcx r11, r12",
            // Round 5: A = S + x*y[5], S in r13..r11; lows on OF, highs on CF.
            "xor r12, r12",
            "mulx rbp, rdi, qword ptr [rsi]",
            "adox r13, rdi",
            "adcx r14, rbp",
            "mulx rbp, rdi, qword ptr [rsi + 8]",
            "adox r14, rdi",
            "adcx r15, rbp",
            "mulx rbp, rdi, qword ptr [rsi + 16]",
            "adox r15, rdi",
            "adcx r8, rbp",
            "mulx rbp, rdi, qword ptr [rsi + 24]",
            "adox r8, rdi",
            "adcx r9, rbp",
            "mulx rbp, rdi, qword ptr [rsi + 32]",
            "adox r9, rdi",
            "adcx r10, rbp",
            "mulx rbp, rdi, qword ptr [rsi + 40]",
            "adox r10, rdi",
            "adcx rbp, r12", // close CF into the high word (cannot wrap)
            "adox r11, rbp",
            "adox r12, r12", // top word = OF
            // Reduction 5: u = r13 * inv; S = (A + u*m) >> 64 in r14..r12.
            "mov rdx, r13",
            "imul rdx, rax",
            "xor edi, edi", // CF = OF = 0
            "mulx rbp, rdi, qword ptr [rcx]",
            "adcx r13, rdi", // t0 + lo(u*m0): only its carry is kept
            "mov r13d, 0", // zero for closing chains; MOV leaves the flags alone
            "adox r14, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 8]",
            "adcx r14, rdi",
            "adox r15, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 16]",
            "adcx r15, rdi",
            "adox r8, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 24]",
            "adcx r8, rdi",
            "adox r9, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 32]",
            "adcx r9, rdi",
            "adox r10, rbp",
            "mulx rbp, rdi, qword ptr [rcx + 40]",
            "adcx r10, rdi",
            "adox rbp, r13", // close OF into the high word (cannot wrap)
            "adcx r11, rbp",
            "adcx r12, r13",
            // t = r12:r11:r10:r9:r8:r15:r14. One conditional subtraction of m.
            "mov rdx, r14",
            "mov r13, r15",
            "mov rsi, r8",
            "mov rax, r9",
            "mov rdi, r10",
            "mov rbp, r11",
            "sub r14, qword ptr [rcx]",
            "sbb r15, qword ptr [rcx + 8]",
            "sbb r8, qword ptr [rcx + 16]",
            "sbb r9, qword ptr [rcx + 24]",
            "sbb r10, qword ptr [rcx + 32]",
            "sbb r11, qword ptr [rcx + 40]",
            "sbb r12, 0", // CF = (t < m)
            "cmovc r14, rdx",
            "cmovc r15, r13",
            "cmovc r8, rsi",
            "cmovc r9, rax",
            "cmovc r10, rdi",
            "cmovc r11, rbp",
            "pop rbp",
            "pop rbx",
            "lea rsp, [rsp + 128]",
            inout("rsi") x.as_ptr() => _,
            inout("rdi") y.as_ptr() => _,
            in("rcx") m.as_ptr(),
            inout("rax") inv => _,
            lateout("r14") r0,
            lateout("r15") r1,
            lateout("r8") r2,
            lateout("r9") r3,
            lateout("r10") r4,
            lateout("r11") r5,
            lateout("rdx") _,
            lateout("r12") _,
            lateout("r13") _,
        );
    }
    [r0, r1, r2, r3, r4, r5]
}

/// The CIOS `u128` loop compiled with BMI2 (MULX) and ADX enabled: kept for comparison (LLVM
/// uses MULX but a single carry chain, see the table in `lib.rs`).
///
/// # Safety
/// The CPU must support BMI2 and ADX.
#[target_feature(enable = "bmi2,adx")]
#[cfg_attr(not(feature = "variants"), allow(dead_code))] // used by `variants` only
pub unsafe fn mulmodmont384_mulx_u128(x: &Limbs, y: &Limbs, m: &Limbs, inv: u64) -> Limbs {
    crate::portable::mulmodmont384(x, y, m, inv)
}

/// ADDMOD384 in assembly: `s = x + y` (385 bits), `s - m` over all 385 bits, keep `s` if that
/// borrowed. Branchless (CMOV).
#[inline(always)]
pub fn addmod384_asm(x: &Limbs, y: &Limbs, m: &Limbs) -> Limbs {
    let (r0, r1, r2, r3, r4, r5): (u64, u64, u64, u64, u64, u64);
    // SAFETY: plain x86-64 instructions (ADD/ADC/SUB/SBB/MOV/CMOV); reads exactly x[0..6],
    // y[0..6], m[0..6] through valid shared references (aliasing is fine: nothing is written
    // through them); no stack use (`nostack`); every register written is declared as an
    // output, all `out` (not `lateout`) so none shares a register with an input pointer; the
    // input pointers `x` and `y` are overwritten only after their last use and are declared
    // `inout .. => _`; flags are clobbered (default). Fourteen registers in all, so it also
    // compiles with frame pointers forced (rbp reserved).
    unsafe {
        asm!(
            "mov {r0}, qword ptr [{x}]",
            "mov {r1}, qword ptr [{x} + 8]",
            "mov {r2}, qword ptr [{x} + 16]",
            "mov {r3}, qword ptr [{x} + 24]",
            "mov {r4}, qword ptr [{x} + 32]",
            "mov {r5}, qword ptr [{x} + 40]",
            "add {r0}, qword ptr [{y}]",
            "adc {r1}, qword ptr [{y} + 8]",
            "adc {r2}, qword ptr [{y} + 16]",
            "adc {r3}, qword ptr [{y} + 24]",
            "adc {r4}, qword ptr [{y} + 32]",
            "adc {r5}, qword ptr [{y} + 40]",
            "setc {y:l}", // y no longer needed: its low byte holds the carry out of the sum (bit 384)
            "mov {d0}, {r0}",
            "mov {d1}, {r1}",
            "mov {d2}, {r2}",
            "mov {d3}, {r3}",
            "mov {d4}, {r4}",
            "mov {x}, {r5}", // x no longer needed: reuse as the sixth copy
            "sub {d0}, qword ptr [{m}]",
            "sbb {d1}, qword ptr [{m} + 8]",
            "sbb {d2}, qword ptr [{m} + 16]",
            "sbb {d3}, qword ptr [{m} + 24]",
            "sbb {d4}, qword ptr [{m} + 32]",
            "sbb {x}, qword ptr [{m} + 40]",
            "sbb {y:l}, 0", // CF = (s < m)
            "cmovnc {r0}, {d0}",
            "cmovnc {r1}, {d1}",
            "cmovnc {r2}, {d2}",
            "cmovnc {r3}, {d3}",
            "cmovnc {r4}, {d4}",
            "cmovnc {r5}, {x}",
            x = inout(reg) x.as_ptr() => _,
            y = inout(reg) y.as_ptr() => _,
            m = in(reg) m.as_ptr(),
            r0 = out(reg) r0,
            r1 = out(reg) r1,
            r2 = out(reg) r2,
            r3 = out(reg) r3,
            r4 = out(reg) r4,
            r5 = out(reg) r5,
            d0 = out(reg) _,
            d1 = out(reg) _,
            d2 = out(reg) _,
            d3 = out(reg) _,
            d4 = out(reg) _,
            options(nostack, readonly),
        );
    }
    [r0, r1, r2, r3, r4, r5]
}

/// SUBMOD384 in assembly: `d = x - y`, then `d + m` if that borrowed, else `d`. Branchless
/// (CMOV loads of `m`, added with ADCX, which leaves ZF alone).
///
/// # Safety
/// The CPU must support ADX.
#[inline(always)]
pub unsafe fn submod384_asm(x: &Limbs, y: &Limbs, m: &Limbs) -> Limbs {
    let (r0, r1, r2, r3, r4, r5): (u64, u64, u64, u64, u64, u64);
    // SAFETY: x86-64 instructions plus ADCX (ADX: guaranteed by the caller); reads exactly
    // x[0..6], y[0..6], m[0..6] (CMOV with a memory source always loads, and these addresses
    // are valid) through valid shared references (aliasing is fine: nothing is written
    // through them); no stack use (`nostack`); every register written is declared; the
    // outputs are `out` (not `lateout`), so they never share a register with an input; flags
    // are clobbered (default).
    unsafe {
        asm!(
            "mov {r0}, qword ptr [{x}]",
            "mov {r1}, qword ptr [{x} + 8]",
            "mov {r2}, qword ptr [{x} + 16]",
            "mov {r3}, qword ptr [{x} + 24]",
            "mov {r4}, qword ptr [{x} + 32]",
            "mov {r5}, qword ptr [{x} + 40]",
            "sub {r0}, qword ptr [{y}]",
            "sbb {r1}, qword ptr [{y} + 8]",
            "sbb {r2}, qword ptr [{y} + 16]",
            "sbb {r3}, qword ptr [{y} + 24]",
            "sbb {r4}, qword ptr [{y} + 32]",
            "sbb {r5}, qword ptr [{y} + 40]",
            // ZF = !borrow (SBB of a register with itself gives -borrow). ADCX only writes CF,
            // and MOV/CMOV write no flags, so ZF survives the whole addition chain below.
            "sbb {x}, {x}",
            "clc",
            "mov {x}, 0",
            "cmovnz {x}, qword ptr [{m}]", // m[0] if x < y, else 0
            "adcx {r0}, {x}",
            "mov {y}, 0",
            "cmovnz {y}, qword ptr [{m} + 8]", // m[1] if x < y, else 0
            "adcx {r1}, {y}",
            "mov {x}, 0",
            "cmovnz {x}, qword ptr [{m} + 16]", // m[2] if x < y, else 0
            "adcx {r2}, {x}",
            "mov {y}, 0",
            "cmovnz {y}, qword ptr [{m} + 24]", // m[3] if x < y, else 0
            "adcx {r3}, {y}",
            "mov {x}, 0",
            "cmovnz {x}, qword ptr [{m} + 32]", // m[4] if x < y, else 0
            "adcx {r4}, {x}",
            "mov {y}, 0",
            "cmovnz {y}, qword ptr [{m} + 40]", // m[5] if x < y, else 0
            "adcx {r5}, {y}",
            x = inout(reg) x.as_ptr() => _,
            y = inout(reg) y.as_ptr() => _,
            m = in(reg) m.as_ptr(),
            r0 = out(reg) r0,
            r1 = out(reg) r1,
            r2 = out(reg) r2,
            r3 = out(reg) r3,
            r4 = out(reg) r4,
            r5 = out(reg) r5,
            options(nostack, readonly),
        );
    }
    [r0, r1, r2, r3, r4, r5]
}
