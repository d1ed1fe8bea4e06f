//! Shared test helpers: points and pairings from blst, EIP-2537 encodings, vector files.
#![allow(dead_code)]

use blst::*;
use rand::{Rng, RngCore, SeedableRng};

pub type TestRng = rand::rngs::StdRng;

pub fn rng(seed: u64) -> TestRng {
    TestRng::seed_from_u64(seed)
}

fn random_scalar(rng: &mut TestRng) -> [u8; 32] {
    let mut s = [0u8; 32];
    rng.fill_bytes(&mut s);
    s[31] &= 0x3f; // < 2^254, little-endian
    s
}

pub fn g1_mul(s: &[u8; 32]) -> blst_p1_affine {
    unsafe {
        let mut p = blst_p1::default();
        blst_p1_mult(&mut p, blst_p1_generator(), s.as_ptr(), 256);
        let mut a = blst_p1_affine::default();
        blst_p1_to_affine(&mut a, &p);
        a
    }
}

pub fn g2_mul(s: &[u8; 32]) -> blst_p2_affine {
    unsafe {
        let mut p = blst_p2::default();
        blst_p2_mult(&mut p, blst_p2_generator(), s.as_ptr(), 256);
        let mut a = blst_p2_affine::default();
        blst_p2_to_affine(&mut a, &p);
        a
    }
}

pub fn random_g1(rng: &mut TestRng) -> blst_p1_affine {
    g1_mul(&random_scalar(rng))
}

pub fn random_g2(rng: &mut TestRng) -> blst_p2_affine {
    g2_mul(&random_scalar(rng))
}

fn fp_bytes64(x: &blst_fp) -> [u8; 64] {
    let mut b = [0u8; 64];
    unsafe { blst_bendian_from_fp(b[16..].as_mut_ptr(), x) };
    b
}

/// EIP-2537 encoding of a G1 point (128 bytes; all zero for infinity).
pub fn encode_g1(p: &blst_p1_affine) -> Vec<u8> {
    if unsafe { blst_p1_affine_is_inf(p) } {
        return vec![0; 128];
    }
    [fp_bytes64(&p.x), fp_bytes64(&p.y)].concat()
}

/// EIP-2537 encoding of a G2 point: x.c0 ‖ x.c1 ‖ y.c0 ‖ y.c1 (256 bytes).
pub fn encode_g2(q: &blst_p2_affine) -> Vec<u8> {
    if unsafe { blst_p2_affine_is_inf(q) } {
        return vec![0; 256];
    }
    [fp_bytes64(&q.x.fp[0]), fp_bytes64(&q.x.fp[1]), fp_bytes64(&q.y.fp[0]), fp_bytes64(&q.y.fp[1])].concat()
}

pub fn encode_pairs(pairs: &[(blst_p1_affine, blst_p2_affine)]) -> Vec<u8> {
    pairs.iter().flat_map(|(p, q)| [encode_g1(p), encode_g2(q)].concat()).collect()
}

/// ∏ e(Pᵢ, Qᵢ) by blst (Miller loops multiplied, one final exponentiation).
pub fn blst_pairing_product(pairs: &[(blst_p1_affine, blst_p2_affine)]) -> blst_fp12 {
    unsafe {
        let mut acc = *blst_fp12_one();
        for (p, q) in pairs {
            if blst_p1_affine_is_inf(p) || blst_p2_affine_is_inf(q) {
                continue;
            }
            let mut f = blst_fp12::default();
            blst_miller_loop(&mut f, q, p);
            let prev = acc;
            blst_fp12_mul(&mut acc, &prev, &f);
        }
        let mut out = blst_fp12::default();
        blst_final_exp(&mut out, &acc);
        out
    }
}

/// The 12 Montgomery limb arrays of an Fp12, in the generator's slot order.
pub fn fp12_limbs(f: &blst_fp12) -> Vec<[u64; 6]> {
    f.fp6.iter().flat_map(|a| a.fp2.iter().flat_map(|b| b.fp.iter().map(|c| c.l))).collect()
}

pub fn fp12_pow(f: &blst_fp12, e: u64) -> blst_fp12 {
    let mut acc = unsafe { *blst_fp12_one() };
    for i in (0..64).rev() {
        let prev = acc;
        unsafe { blst_fp12_mul(&mut acc, &prev, &prev) };
        if (e >> i) & 1 == 1 {
            let prev = acc;
            unsafe { blst_fp12_mul(&mut acc, &prev, f) };
        }
    }
    acc
}

/// A random point on E1 (y² = x³ + 4), almost surely outside G1.
pub fn random_e1_point(rng: &mut TestRng) -> blst_p1_affine {
    unsafe {
        loop {
            let mut x = blst_fp::default();
            let mut b = [0u8; 48];
            rng.fill_bytes(&mut b);
            b[0] &= 0x0f;
            blst_fp_from_bendian(&mut x, b.as_ptr());
            let (mut t, mut four, mut y) = (blst_fp::default(), blst_fp::default(), blst_fp::default());
            blst_fp_sqr(&mut t, &x);
            let t2 = t;
            blst_fp_mul(&mut t, &t2, &x);
            blst_fp_from_uint64(&mut four, [4u64, 0, 0, 0, 0, 0].as_ptr());
            let t2 = t;
            blst_fp_add(&mut t, &t2, &four);
            if blst_fp_sqrt(&mut y, &t) {
                let p = blst_p1_affine { x, y };
                assert!(blst_p1_affine_on_curve(&p));
                return p;
            }
        }
    }
}

/// A random point on E2 (y² = x³ + 4(u+1)), almost surely outside G2.
pub fn random_e2_point(rng: &mut TestRng) -> blst_p2_affine {
    unsafe {
        loop {
            let mut x = blst_fp2::default();
            for c in x.fp.iter_mut() {
                let mut b = [0u8; 48];
                rng.fill_bytes(&mut b);
                b[0] &= 0x0f;
                blst_fp_from_bendian(c, b.as_ptr());
            }
            let (mut t, mut b4, mut y) = (blst_fp2::default(), blst_fp2::default(), blst_fp2::default());
            blst_fp2_sqr(&mut t, &x);
            let t2 = t;
            blst_fp2_mul(&mut t, &t2, &x);
            blst_fp_from_uint64(&mut b4.fp[0], [4u64, 0, 0, 0, 0, 0].as_ptr());
            blst_fp_from_uint64(&mut b4.fp[1], [4u64, 0, 0, 0, 0, 0].as_ptr());
            let t2 = t;
            blst_fp2_add(&mut t, &t2, &b4);
            if blst_fp2_sqrt(&mut y, &t) {
                let q = blst_p2_affine { x, y };
                assert!(blst_p2_affine_on_curve(&q));
                return q;
            }
        }
    }
}

/// Full subgroup test [r]P = O by blst scalar multiplication.
pub fn g1_in_subgroup_full(p: &blst_p1_affine) -> bool {
    const R: [u8; 32] = r_le();
    unsafe {
        let mut j = blst_p1::default();
        blst_p1_from_affine(&mut j, p);
        let mut o = blst_p1::default();
        blst_p1_mult(&mut o, &j, R.as_ptr(), 255);
        blst_p1_is_inf(&o)
    }
}

pub fn g2_in_subgroup_full(q: &blst_p2_affine) -> bool {
    const R: [u8; 32] = r_le();
    unsafe {
        let mut j = blst_p2::default();
        blst_p2_from_affine(&mut j, q);
        let mut o = blst_p2::default();
        blst_p2_mult(&mut o, &j, R.as_ptr(), 255);
        blst_p2_is_inf(&o)
    }
}

const fn r_le() -> [u8; 32] {
    let limbs: [u64; 4] = [0xffffffff00000001, 0x53bda402fffe5bfe, 0x3339d80809a1d805, 0x73eda753299d7d48];
    let mut b = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        b[i] = (limbs[i / 8] >> (8 * (i % 8))) as u8;
        i += 1;
    }
    b
}

pub fn rand_bool(rng: &mut TestRng) -> bool {
    rng.gen()
}

/// A program that inverts each of `xs` (Montgomery form) by the `inverse_fp` subroutine and
/// returns memory; the inverses are at the returned slot onwards.
pub fn inverse_fp_program(xs: &[[u64; 6]]) -> (evm384_gen::Program, u32) {
    use evm384_gen::algebra::tower::{inverse_fp, InvFpRegs};
    use evm384_gen::ir::Asm;
    let c = evm384_gen::curves::bls12_381();
    let mut a = Asm::new(evm384_arith::MontField::new(c.p), evm384_gen::F2Mul::V3);
    let src = a.const_raw(xs);
    let regs = InvFpRegs { x: a.alloc(1), r: a.alloc(1) };
    let out = a.alloc(xs.len() as u32);
    let mut e = c.p;
    e[0] -= 2;
    for i in 0..xs.len() as u32 {
        a.copy(regs.x, src + i, 1);
        inverse_fp(&mut a, regs, e);
        a.copy(out + i, regs.r, 1);
    }
    a.set_pair_layout(out, 1, (0, 0));
    a.return_memory();
    (a.finish(), out)
}

/// Inputs for the inversion tests: 0, 1, p - 1 and random values (Montgomery form, < p).
pub fn inversion_inputs(rng: &mut TestRng, n: usize) -> Vec<[u64; 6]> {
    let f = evm384_arith::MontField::new(evm384_gen::curves::bls12_381().p);
    let mut m1 = f.m;
    m1[0] -= 1;
    let mut xs = vec![[0; 6], f.one, m1];
    while xs.len() < n {
        let mut x = [0u64; 6];
        x.iter_mut().for_each(|l| *l = rng.gen());
        x[5] &= (1 << 61) - 1; // < 2^381, then reduced below p by a Montgomery product
        xs.push(f.mul(&x, &f.r2));
    }
    xs
}

/// Runs a memory-dumping program (ending in `ReturnMemory`) natively and in revm in every
/// interface, and asserts the EVM's memory equals the native slots, slot for slot.
pub fn assert_evm_memory_equals_native(prog: &evm384_gen::Program) {
    use evm384_evm::{Interface, RunOptions, Runner, Status};
    use evm384_gen::backend::native::{self, Outcome};
    let Outcome::Memory(want) = native::run(prog, &[]).outcome else { panic!("the program dumps no memory") };
    for iface in Interface::MAIN {
        let mut r = Runner::new(RunOptions { interface: iface, count_opcodes: false, ..RunOptions::default() });
        r.deploy(&evm384_gen::backend::bytecode::assemble(prog, iface));
        let e = r.run(&[]).unwrap();
        assert_eq!(e.status, Status::Success, "{iface}");
        assert_eq!(e.output.len(), 48 * want.len(), "{iface}");
        for (i, w) in want.iter().enumerate() {
            let b: &[u8; 48] = e.output[48 * i..48 * i + 48].try_into().unwrap();
            let got =
                if iface == Interface::V8 { evm384_arith::from_be_bytes(b) } else { evm384_arith::from_le_bytes(b) };
            assert_eq!(&got, w, "{iface}: slot {i}");
        }
    }
}

/// The contract's answer: Some(bool) on RETURN of a 32-byte boolean, None on an exceptional
/// halt whose reason is one of `halts` (any other halt, a revert or other output fails).
pub fn contract_result(r: &mut evm384_evm::Runner, input: &[u8], halts: &[&str]) -> Option<bool> {
    let e = r.run(input).expect("run");
    match e.status {
        evm384_evm::Status::Success => {
            assert_eq!(e.output.len(), 32);
            assert!(e.output[..31].iter().all(|&b| b == 0) && e.output[31] <= 1);
            Some(e.output[31] == 1)
        }
        evm384_evm::Status::Halt(ref why) => {
            assert!(halts.contains(&why.as_str()), "halted with {why}, expected one of {halts:?}");
            None
        }
        evm384_evm::Status::Revert => panic!("contract reverted"),
    }
}

/// A runner with `code` deployed at 0x11…11 and, as the called contract, a caller that forwards
/// its calldata to it with `call_opcode` (STATICCALL 0xfa, DELEGATECALL 0xf4, …) and returns
/// its output (reverting if the inner call fails).
pub fn runner_calling_through(opts: evm384_evm::RunOptions, code: &[u8], call_opcode: u8) -> evm384_evm::Runner {
    let target = evm384_evm::Address::new([0x11; 20]);
    let mut caller = evm384_evm::precompile_caller_code(target);
    let at = caller.iter().position(|&b| b == 0xfa).expect("the caller STATICCALLs");
    caller[at] = call_opcode;
    let mut r = evm384_evm::Runner::new(opts);
    r.deploy_at(target, code);
    r.deploy(&caller);
    r
}

/// a + b by blst (affine in, affine out; infinity as blst encodes it).
pub fn blst_add_g1(a: &blst_p1_affine, b: &blst_p1_affine) -> blst_p1_affine {
    // SAFETY: blst reads and writes the locals.
    unsafe {
        let (mut pa, mut sum, mut out) = (blst_p1::default(), blst_p1::default(), blst_p1_affine::default());
        blst_p1_from_affine(&mut pa, a);
        blst_p1_add_or_double_affine(&mut sum, &pa, b);
        blst_p1_to_affine(&mut out, &sum);
        out
    }
}

/// a + b in G2 by blst (see [`blst_add_g1`]).
pub fn blst_add_g2(a: &blst_p2_affine, b: &blst_p2_affine) -> blst_p2_affine {
    // SAFETY: blst reads and writes the locals.
    unsafe {
        let (mut pa, mut sum, mut out) = (blst_p2::default(), blst_p2::default(), blst_p2_affine::default());
        blst_p2_from_affine(&mut pa, a);
        blst_p2_add_or_double_affine(&mut sum, &pa, b);
        blst_p2_to_affine(&mut out, &sum);
        out
    }
}

/// What a contract did with `input` in `isa`: `Some(output)` on success, `None` on a halt
/// (INVALID, or EVMMAX's STOREX of a value not below p); the gas limit fits go-ethereum's
/// largest MSM (k = 4,877).
pub fn contract_output(isa: evm384_evm::InstructionSet, code: &[u8], input: &[u8]) -> Option<Vec<u8>> {
    use evm384_evm::{RunOptions, Runner, Status};
    let opts = RunOptions { count_opcodes: false, gas_limit: 1 << 40, ..RunOptions::default() };
    let mut r = Runner::new(opts.with_instruction_set(isa));
    r.deploy(code);
    let e = r.run(input).expect("run");
    match e.status {
        Status::Success => Some(e.output),
        Status::Halt(ref why) => {
            assert!(why == "InvalidFEOpcode" || why == "OutOfGas(InvalidOperand)", "{isa}: halted with {why}");
            None
        }
        Status::Revert => panic!("{isa}: reverted"),
    }
}

/// The native executor's counterpart of [`contract_output`].
pub fn native_output(prog: &evm384_gen::Program, input: &[u8]) -> Option<Vec<u8>> {
    use evm384_gen::backend::native::{self, Outcome};
    match native::run(prog, input).outcome {
        Outcome::Output(o) => Some(o),
        Outcome::Invalid(_) => None,
        other => panic!("unexpected outcome {other:?}"),
    }
}

/// Every vector file of `op` natively (`prog`) and through each code in `codes` (which must fit
/// EIP-170); cases with inputs over `evm_max_input` bytes run natively only. Returns the number
/// of cases.
pub fn check_vector_files(
    op: evm384_vectors::Operation,
    prog: &evm384_gen::Program,
    codes: &[(evm384_evm::InstructionSet, Vec<u8>)],
    evm_max_input: usize,
) -> usize {
    use evm384_vectors::Expected;
    for (isa, code) in codes {
        eprintln!("{} {isa}: {} bytes", op.name(), code.len());
        assert!(code.len() <= evm384_gen::MAX_CODE_SIZE);
    }
    let mut n = 0;
    for (file, cases) in evm384_vectors::load_operation_files(op).unwrap() {
        for case in cases {
            let want = match &case.expected {
                Expected::Output(o) => Some(o.clone()),
                Expected::Error(_) => None,
            };
            assert_eq!(native_output(prog, &case.input), want, "native {file} {}", case.name);
            n += 1;
            if case.input.len() > evm_max_input {
                eprintln!("{file} {}: {} bytes, native only", case.name, case.input.len());
                continue;
            }
            for (isa, code) in codes {
                assert_eq!(contract_output(*isa, code, &case.input), want, "{isa} {file} {}", case.name);
            }
        }
    }
    n
}

/// Code that forwards its calldata to `target` by CALL with all gas and no value, and returns
/// the output (or, if the call failed, reverts with it).
pub fn call_forwarder(target: evm384_evm::Address) -> Vec<u8> {
    let mut code = vec![0x36, 0x5f, 0x5f, 0x37]; // CALLDATACOPY(0, 0, CALLDATASIZE)
    code.extend([0x5f, 0x5f, 0x36, 0x5f, 0x5f]); // retSize 0, retOffset 0, argsSize, argsOffset 0, value 0
    code.push(0x73); // PUSH20 target
    code.extend_from_slice(target.as_slice());
    code.extend([0x5a, 0xf1]); // GAS CALL -> success
    code.extend([0x3d, 0x5f, 0x5f, 0x3e]); // RETURNDATACOPY(0, 0, RETURNDATASIZE)
    let ok = code.len() as u8 + 3 + 4;
    code.extend([0x60, ok, 0x57]); // PUSH1 ok JUMPI
    code.extend([0x3d, 0x5f, 0xfd, 0x00]); // REVERT(0, RETURNDATASIZE)
    code.extend([0x5b, 0x3d, 0x5f, 0xf3]); // ok: RETURN(0, RETURNDATASIZE)
    code
}

/// A contract deployed two ways in one instruction set: placed in state and called by the
/// transaction (`placed`), and created from its init code (what `evm384 build --init` writes)
/// by a factory's CREATE inside the EVM and called by CALL from another contract (`created`:
/// the way it runs on a chain).
pub struct Deployed {
    pub placed: evm384_evm::Runner,
    pub created: evm384_evm::Runner,
    /// Where the factory created the contract.
    pub address: evm384_evm::Address,
}

impl Deployed {
    pub fn new(opts: evm384_evm::RunOptions, runtime: &[u8]) -> Deployed {
        use evm384_evm::{Creation, Runner};
        let mut placed = Runner::new(opts.clone());
        placed.deploy(runtime);
        let mut created = Runner::new(opts);
        let init = evm384_gen::backend::bytecode::init_code(runtime);
        let address = created.create(&init, Creation::Create).unwrap_or_else(|e| panic!("{e}"));
        created.deploy(&call_forwarder(address));
        Deployed { placed, created, address }
    }

    /// The placed contract's execution for `input`, once the created one, called through the
    /// forwarder, answered the same: the same output where the placed one succeeded, a revert
    /// with no data where it halted.
    pub fn run(&mut self, input: &[u8], what: &str) -> evm384_evm::Execution {
        use evm384_evm::Status;
        let placed = self.placed.run(input).expect("run");
        let created = self.created.run(input).expect("run");
        match &placed.status {
            Status::Success | Status::Revert => assert_eq!(
                (&created.status, &created.output),
                (&placed.status, &placed.output),
                "{what}: created by CREATE, called by CALL"
            ),
            Status::Halt(why) => assert!(
                created.status == Status::Revert && created.output.is_empty(),
                "{what}: the placed contract halted ({why}), the created one gave {:?}",
                created.status
            ),
        }
        placed
    }
}
