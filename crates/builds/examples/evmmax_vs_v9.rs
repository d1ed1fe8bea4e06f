//! The EVMMAX pairing check beside the v9 EVM384 contract in revm, in one run through the
//! project's harness (`evm384-timing`): both contracts of `Formulas::default()`, the same k = 2
//! input (of the two-pair EIP-2537 vectors both accept alike, the one of most gas: no point at
//! infinity cuts it short), interleaved samples.
//!
//!     cargo run --release -p evm384-build --example evmmax_vs_v9 -- [samples] [sample_ms]
//!
//! Prints each contender's median and minimum and the ratio EVMMAX / v9 of both. `COUNTS=1`
//! first prints each contract's executed instructions; `PROFILE_EVMMAX=n` only runs the EVMMAX
//! contract n times (for a profiler).

use std::time::Duration;

use evm384_build::Formulas;
use evm384_evm::{InstructionSet, Interface, RunOptions, Runner, Status};
use evm384_gen::curves::Curve;
use evm384_timing::{measure, Plan, Ratio};

fn runner(isa: InstructionSet, code: &[u8]) -> Runner {
    let mut r = Runner::new(RunOptions { count_opcodes: false, ..Default::default() }.with_instruction_set(isa));
    r.deploy(code);
    r
}

fn main() {
    let mut args = std::env::args().skip(1);
    let samples: usize = args.next().map_or(31, |s| s.parse().expect("samples"));
    let sample_ms: u64 = args.next().map_or(50, |s| s.parse().expect("sample_ms"));
    let plan = Plan::FULL.with_samples(samples).with_sample(Duration::from_millis(sample_ms));

    let v9 = InstructionSet::Evm384(Interface::V9);
    let mut r9 = runner(v9, &Formulas::default().runtime_code(Curve::Bls12_381, v9));
    let mut rmax =
        runner(InstructionSet::Evmmax, &Formulas::default().runtime_code(Curve::Bls12_381, InstructionSet::Evmmax));

    let input = evm384_vectors::load_pairing_files()
        .expect("pairing vectors")
        .into_iter()
        .flat_map(|(_, cases)| cases)
        .map(|c| c.input)
        .filter(|i| i.len() == 2 * 384)
        .filter_map(|i| {
            let (a, b) = (r9.run(&i).expect("v9 call"), rmax.run(&i).expect("evmmax call"));
            (a.status == Status::Success && b.status == Status::Success && a.output == b.output)
                .then_some((a.gas_used, i))
        })
        .max_by_key(|(gas, _)| *gas)
        .expect("a two-pair vector both contracts accept")
        .1;

    if std::env::var_os("COUNTS").is_some() {
        // the executed instructions of each contract (COUNTS=1), to compare the work
        for (name, isa, code) in [
            ("v9", v9, Formulas::default().runtime_code(Curve::Bls12_381, v9)),
            (
                "evmmax",
                InstructionSet::Evmmax,
                Formulas::default().runtime_code(Curve::Bls12_381, InstructionSet::Evmmax),
            ),
        ] {
            let mut r = Runner::new(RunOptions { count_opcodes: true, ..Default::default() }.with_instruction_set(isa));
            r.deploy(&code);
            let counts = r.run(&input).expect("counted call").counts.expect("counts");
            let name_of =
                if isa == InstructionSet::Evmmax { evm384_evm::evmmax::mnemonic } else { evm384_evm::mnemonic };
            let mut named: Vec<_> = counts.named_with(name_of).filter(|(_, n)| *n > 0).collect();
            named.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
            println!("{name}: {} instructions: {named:?}", counts.total());
        }
    }

    if let Some(n) = std::env::var_os("PROFILE_EVMMAX") {
        // PROFILE_EVMMAX=n: n EVMMAX calls and nothing else, for a profiler
        for _ in 0..n.to_str().and_then(|s| s.parse().ok()).expect("PROFILE_EVMMAX=n") {
            rmax.run(&input).expect("evmmax call");
        }
        return;
    }

    let mut f9 = || {
        r9.run(&input).expect("v9 call");
    };
    let mut fmax = || {
        rmax.run(&input).expect("evmmax call");
    };
    let m = measure(plan, &mut [&mut f9, &mut fmax]);
    println!("v9      {}", m[0].summary());
    println!("evmmax  {}", m[1].summary());
    let r = Ratio::of(&m[1], &m[0]);
    println!("ratio evmmax/v9: median {:.3}, min {:.3}", r.median, r.min);
}
