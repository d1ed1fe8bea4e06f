//! BN254's ecAdd (0x06), ecMul (0x07) and ecPairing (0x08) as contracts (EIP-196: G1ADD and
//! G1MUL of `curves::bn254` with 32-byte elements, the input zero-padded on the right and the
//! rest ignored; EIP-197: the BN pairing check, a multiple of 192 bytes, G2's imaginary half
//! first, one on empty input), in v7, v8, v9, EVMMAX and today's EVM and through the native
//! executor, against
//! revm's precompiles in the same run: every case of `testdata/bn254/` (go-ethereum's
//! `bn256Add.json`, `bn256ScalarMul.json`, `bn256Pairing.json` and the adversarial files made
//! with arkworks), then random ecAdd and ecMul inputs (points, scalars, lengths) compared with
//! the precompile (the pairing's random and adversarial cases against arkworks:
//! `crates/gen/tests/bn254_pairing.rs`).

use evm384_build::{Contract, Formulas};
use evm384_evm::{call_precompile, Address, InstructionSet, Interface, RunOptions, Runner, Status};
use evm384_gen::backend::native::{self, Outcome};
use evm384_gen::curves::Curve;
use evm384_gen::{operation_program, F2Mul, Program, ProgramOptions, MAX_CODE_SIZE};
use evm384_vectors::{load_bn254_files, Expected, Operation};
use rand::{Rng, SeedableRng};

const SETS: [InstructionSet; 5] = [
    InstructionSet::Evm384(Interface::V7),
    InstructionSet::Evm384(Interface::V8),
    InstructionSet::Evm384(Interface::V9),
    InstructionSet::Evmmax,
    InstructionSet::Evm,
];

const OPS: [Operation; 3] = [Operation::G1Add, Operation::G1Mul, Operation::PairingCheck];

/// An operation's contracts, its native program and its precompile's address.
struct Contracts {
    op: Operation,
    prog: Program,
    runners: Vec<(InstructionSet, Formulas, Runner, usize)>,
    precompile: Address,
}

impl Contracts {
    fn new(op: Operation) -> Contracts {
        let prog = operation_program(Curve::Bn254, op, F2Mul::V3, ProgramOptions::default()).unwrap();
        // the plain build and `evm384 build`'s (the pairing check's cheapest, the others inlined)
        let runners = SETS
            .iter()
            .flat_map(|&isa| [(isa, Formulas::default()), (isa, Formulas::build_default(op, isa))])
            .map(|(isa, formulas)| {
                let code = op.runtime_code(Curve::Bn254, isa, formulas).unwrap();
                assert!(code.len() <= MAX_CODE_SIZE, "{op} {isa}: {} bytes", code.len());
                let mut r =
                    Runner::new(RunOptions { count_opcodes: true, ..RunOptions::default() }.with_instruction_set(isa));
                r.deploy(&code);
                (isa, formulas, r, code.len())
            })
            .collect();
        let mut at = [0u8; 20];
        at[19] = op.bn254_address_byte().unwrap();
        Contracts { op, prog, runners, precompile: Address::new(at) }
    }

    /// The precompile's result (`None`: the call failed), after checking that the native
    /// executor and every contract return the same.
    fn agree(&mut self, input: &[u8], what: &str) -> Option<Vec<u8>> {
        let pre = call_precompile(self.precompile, input, &RunOptions::default()).unwrap();
        let want = (pre.status == Status::Success).then_some(pre.output);
        let native = match native::run(&self.prog, input).outcome {
            Outcome::Output(o) => Some(o),
            Outcome::Bool(b) => Some([vec![0; 31], vec![b as u8]].concat()),
            Outcome::Invalid(_) => None,
            other => panic!("{} {what}: {other:?}", self.op),
        };
        assert_eq!(native, want, "{} {what}: native", self.op);
        for (isa, formulas, r, _) in &mut self.runners {
            let e = r.run(input).unwrap();
            let got = match e.status {
                Status::Success => Some(e.output),
                Status::Halt(_) => None,
                Status::Revert => panic!("{isa}: reverted"),
            };
            assert_eq!(got, want, "{} {what}: {isa} ({formulas})", self.op);
        }
        want
    }
}

#[test]
fn every_bn254_vector_agrees_with_revm() {
    for op in OPS {
        let mut c = Contracts::new(op);
        let (mut ok, mut failing) = (0, 0);
        for (file, cases) in load_bn254_files(op).unwrap() {
            for case in cases {
                let got = c.agree(&case.input, &format!("{file} {}", case.name));
                match &case.expected {
                    Expected::Output(o) => {
                        assert_eq!(got.as_ref(), Some(o), "{file} {}", case.name);
                        ok += 1;
                    }
                    Expected::Error(_) => {
                        assert_eq!(got, None, "{file} {}", case.name);
                        failing += 1;
                    }
                }
            }
        }
        eprintln!("{op} on bn254: {ok} valid and {failing} failing cases agree with revm and the file");
        assert!(ok > 10 && failing > 5);
    }
}

/// [k]G by revm's ecMul (the reference the contracts are compared with).
fn multiple_of(g: &[u8], k: &[u8; 32]) -> Vec<u8> {
    let mut at = [0u8; 20];
    at[19] = 0x07;
    call_precompile(Address::new(at), &[g, k].concat(), &RunOptions::default()).unwrap().output
}

/// A random input of `op`: points on the curve (a random multiple of the generator, or the point
/// at infinity), off it, or with a coordinate ≥ p; scalars of every size; lengths around the
/// operation's own.
fn random_input(rng: &mut rand::rngs::StdRng, op: Operation, g: &[u8]) -> Vec<u8> {
    let point = |rng: &mut rand::rngs::StdRng| -> Vec<u8> {
        match rng.gen_range(0..8) {
            0 => vec![0; 64],
            1 => {
                let mut p = multiple_of(g, &rng.gen());
                p[63] ^= 1 << rng.gen_range(0..8); // off the curve (almost surely)
                p
            }
            2 => {
                let mut p = vec![0xff; 64]; // x ≥ p
                rng.fill(&mut p[32..]);
                p
            }
            _ => multiple_of(g, &rng.gen()),
        }
    };
    let mut input = match op {
        Operation::G1Add => [point(rng), point(rng)].concat(),
        _ => {
            let mut s = [0u8; 32];
            let bytes = rng.gen_range(0..=32);
            rng.fill(&mut s[32 - bytes..]);
            [point(rng), s.to_vec()].concat()
        }
    };
    match rng.gen_range(0..6) {
        0 => input.truncate(rng.gen_range(0..input.len())),
        1 => input.extend((0..rng.gen_range(1..70)).map(|_| rng.gen::<u8>())),
        _ => {}
    }
    input
}

#[test]
fn random_inputs_agree_with_revm() {
    let g = {
        let mut g = vec![0u8; 64];
        g[31] = 1;
        g[63] = 2; // EIP-196's generator (1, 2)
        g
    };
    let mut rng = rand::rngs::StdRng::seed_from_u64(196);
    let n = if evm384_testkit::long_mode() { 400 } else { 40 };
    for op in [Operation::G1Add, Operation::G1Mul] {
        let mut c = Contracts::new(op);
        let mut successes = 0;
        for i in 0..n {
            let input = random_input(&mut rng, op, &g);
            successes += c.agree(&input, &format!("random case {i}")).is_some() as usize;
        }
        assert!(successes > n / 4, "{op}: only {successes} of {n} random inputs valid");
        // the gas of one valid call, beside EIP-1108's price
        let input = match op {
            Operation::G1Add => [g.clone(), g.clone()].concat(),
            _ => [g.clone(), vec![0xab; 32]].concat(),
        };
        for (isa, formulas, r, size) in &mut c.runners {
            let e = r.run(&input).unwrap();
            let gas = match (&e.gas_by_schedule, *isa) {
                (_, InstructionSet::Evmmax) => format!("eip-6690 {}", e.gas_used),
                (_, InstructionSet::Evm) => format!("osaka {}", e.gas_used),
                (Some(by), _) => format!(
                    "model-b {}, model-b-repriced {}",
                    by.gas(evm384_evm::Schedule::ModelB),
                    by.gas(evm384_evm::Schedule::ModelBRepriced)
                ),
                (None, _) => unreachable!(),
            };
            eprintln!(
                "bn254 {op} {isa} ({formulas}): {size} bytes, {gas} (EIP-1108: {})",
                op.bn254_gas(input.len()).unwrap()
            );
        }
    }
}

/// ecMul splits s mod r on a lattice basis (GLV) into signed halves: scalars at the edges of
/// the reduction and of the split (0, 1, r − 1, r, r + 1, 2^256 − 1, the eigenvalue λ and its
/// neighbours, multiples of the basis' scale 2^127) on the generator and a random point, each
/// against revm's 0x07; the random cases of `random_inputs_agree_with_revm` reach every
/// combination of the halves' signs (`curves::glv`'s test counts them).
#[test]
fn glv_edge_scalars_agree_with_revm() {
    use num_bigint::BigUint;
    let r = BigUint::parse_bytes(b"30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001", 16).unwrap();
    let z = BigUint::from(4965661367192848881u64);
    let lambda: BigUint = 36u8 * z.pow(3) + 18u8 * z.pow(2) + 6u8 * &z + 1u8;
    let word = |v: &BigUint| -> Vec<u8> {
        let b = (v % (BigUint::from(1u8) << 256u32)).to_bytes_be();
        [vec![0; 32 - b.len()], b].concat()
    };
    let mut scalars: Vec<BigUint> = vec![0u8.into(), 1u8.into(), (BigUint::from(1u8) << 256u32) - 1u8];
    for base in [r.clone(), lambda.clone(), &r - &lambda, BigUint::from(1u8) << 127u32, BigUint::from(3u8) << 253u32] {
        scalars.extend([&base - 1u8, base.clone(), &base + 1u8]);
    }
    scalars.push(&r + &lambda);
    let mut g = vec![0u8; 64];
    g[31] = 1;
    g[63] = 2;
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x61c);
    let p = multiple_of(&g, &rng.gen());
    let mut c = Contracts::new(Operation::G1Mul);
    for s in &scalars {
        for point in [&g, &p] {
            let out = c.agree(&[point.clone(), word(s)].concat(), &format!("s = {s:x}"));
            assert!(out.is_some(), "s = {s:x}: a valid input");
        }
    }
}

/// ecPairing at k = 2 (go-ethereum's "jeff1") in the default build and the cheapest
/// (`Formulas::cheapest`: inlined to fit, loops unrolled), beside EIP-1108's price
/// 45,000 + 34,000·k, each as the transaction pays it (printed; the report is the figure of
/// record).
#[test]
fn pairing_gas_beside_the_precompile() {
    let cases = load_bn254_files(Operation::PairingCheck).unwrap();
    let (_, go) = cases.iter().find(|(f, _)| *f == "bn256Pairing.json").unwrap();
    let two = go.iter().find(|c| c.name == "jeff1").expect("jeff1: two pairs");
    assert_eq!(two.input.len(), 2 * 192);
    let spec = RunOptions::default().spec;
    let price = Operation::PairingCheck.bn254_gas(two.input.len()).unwrap();
    let price_tx = evm384_evm::transaction_gas(spec, &two.input, price as f64);
    for isa in SETS {
        for formulas in [Formulas::default(), Formulas::cheapest(isa)] {
            let code = Operation::PairingCheck.runtime_code(Curve::Bn254, isa, formulas).unwrap();
            assert!(code.len() <= MAX_CODE_SIZE, "{isa} {formulas}: {} bytes", code.len());
            let mut r =
                Runner::new(RunOptions { count_opcodes: true, ..RunOptions::default() }.with_instruction_set(isa));
            r.deploy(&code);
            let e = r.run(&two.input).unwrap();
            assert_eq!((e.status, e.output[31]), (Status::Success, 1), "{isa} {formulas}");
            let gas = match (&e.gas_by_schedule, isa) {
                (_, InstructionSet::Evmmax | InstructionSet::Evm) => e.gas_used as f64,
                (Some(by), InstructionSet::Evm384(Interface::V9)) => by.gas(evm384_evm::Schedule::ModelBRepriced),
                (Some(by), _) => by.gas(evm384_evm::Schedule::ModelB),
                (None, _) => unreachable!(),
            };
            let tx = evm384_evm::transaction_gas(spec, &two.input, gas);
            eprintln!(
                "bn254 ecPairing k = 2 {isa} ({formulas}): {} bytes, execution {gas} ({:.3}x {price}), \
                 transaction {tx} ({:.3}x {price_tx})",
                code.len(),
                gas / price as f64,
                tx / price_tx
            );
        }
    }
}
