//! A/B timing of mulmodmont384 (every variant) against blst's `blst_fp_mul`, and of the add/sub
//! variants, all candidates measured together by the project's harness (`evm384-timing`:
//! warm-up, equal-duration samples interleaved in alternating order); median and minimum ns per
//! call of each. `cargo bench -p evm384-arith --bench ab` (`AB_QUICK=1` for a short run).

use std::hint::black_box;

use evm384_timing::{measure, Measurement, Plan, Ratio};

use evm384_arith::{addmod384, mulmodmont384, mulmodmont384_portable, submod384, variants, Limbs, MontField};

use evm384_arith::BLS12_381_P as P;

/// Measures every candidate together (the project's harness) and prints median and minimum ns
/// per operation, with ratios to candidate `base`. Each candidate performs `per_call` operations.
fn report(title: &str, names: &[&str], ops: &mut [Box<dyn FnMut() + '_>], base: usize, per_call: f64) {
    let plan = if std::env::var("AB_QUICK").is_ok() { Plan::QUICK } else { Plan::FULL };
    let mut refs: Vec<&mut dyn FnMut()> = ops.iter_mut().map(|b| b.as_mut() as &mut dyn FnMut()).collect();
    let m: Vec<Measurement> = measure(plan, &mut refs).into_iter().map(|m| m.per(per_call)).collect();
    println!("{title}");
    println!("  {:<32} {:>9} {:>9} {:>9} {:>9}", "", "median ns", "min ns", "med/base", "min/base");
    for (name, x) in names.iter().zip(&m) {
        let r = Ratio::of(x, &m[base]);
        println!("  {name:<32} {:>9.2} {:>9.2} {:>9.3} {:>9.3}", x.median_ns(), x.min_ns(), r.median, r.min);
    }
}

fn main() {
    // Ignore the harness's own arguments (e.g. `--bench`).
    let f = MontField::new(P);
    let x = f.to_mont(&[0x1234_5678_9abc_def0, 1, 2, 3, 4, 5]);
    let y = f.to_mont(&[0x0fed_cba9_8765_4321, 6, 7, 8, 9, 10]);
    let inv = f.inv;
    let bx = blst::blst_fp { l: x };
    let by = blst::blst_fp { l: y };
    let asm_ok = variants::mulmodmont384_asm(&x, &y, &P, inv).is_some();

    macro_rules! mul {
        ($f:expr) => {
            Box::new(|| {
                black_box($f(black_box(&x), black_box(&y), black_box(&P), black_box(inv)));
            }) as Box<dyn FnMut()>
        };
    }
    {
        let mut names: Vec<&str> = vec!["blst_fp_mul", "mulmodmont384 (dispatched)"];
        let mut ops: Vec<Box<dyn FnMut()>> = vec![
            Box::new(|| {
                let mut out = blst::blst_fp::default();
                // SAFETY: valid pointers to initialised blst_fp values.
                unsafe { blst::blst_fp_mul(&mut out, black_box(&bx), black_box(&by)) };
                black_box(out);
            }),
            mul!(mulmodmont384),
        ];
        if asm_ok {
            names.push("mulmodmont384_asm");
            ops.push(mul!(|x, y, m, i| variants::mulmodmont384_asm(x, y, m, i).unwrap()));
            names.push("cios_u128 +bmi2,adx");
            ops.push(mul!(|x, y, m, i| variants::mulmodmont384_cios_mulx(x, y, m, i).unwrap()));
        }
        names.push("portable (cios_u128)");
        ops.push(mul!(mulmodmont384_portable));
        names.push("fips_u128");
        ops.push(mul!(variants::mulmodmont384_fips));
        report("mulmodmont384 vs blst_fp_mul (BLS12-381)", &names, &mut ops, 0, 1.0);
    }
    {
        macro_rules! bin {
            ($f:expr) => {
                Box::new(|| {
                    black_box($f(black_box(&x), black_box(&y), black_box(&P)));
                }) as Box<dyn FnMut()>
            };
        }
        let mut names: Vec<&str> = vec![
            "addmod384 (dispatched)",
            "addmod384_branchy",
            "addmod384_branchless",
            "submod384 (dispatched)",
            "submod384_branchy",
            "submod384_branchless",
        ];
        let mut ops: Vec<Box<dyn FnMut()>> = vec![
            bin!(addmod384),
            bin!(variants::addmod384_branchy),
            bin!(variants::addmod384_branchless),
            bin!(submod384),
            bin!(variants::submod384_branchy),
            bin!(variants::submod384_branchless),
        ];
        if asm_ok {
            names.push("addmod384_asm");
            ops.push(bin!(|x, y, m| variants::addmod384_asm(x, y, m).unwrap()));
            names.push("submod384_asm");
            ops.push(bin!(|x, y, m| variants::submod384_asm(x, y, m).unwrap()));
        }
        report("add/sub, fixed inputs (branches predicted)", &names, &mut ops, 0, 1.0);
    }
    {
        // 256 different input pairs, random (half reduced mod p): the `if`s of the branchy
        // versions go both ways unpredictably. Reported per call.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let inputs: Vec<(Limbs, Limbs)> = (0..256)
            .map(|i| {
                let mut a: Limbs = core::array::from_fn(|_| next());
                let mut b: Limbs = core::array::from_fn(|_| next());
                if i % 2 == 0 {
                    a[5] %= P[5];
                    b[5] %= P[5];
                }
                (a, b)
            })
            .collect();
        let inputs = &inputs;
        macro_rules! mixed {
            ($f:expr) => {
                Box::new(move || {
                    for (a, b) in inputs {
                        black_box($f(black_box(a), black_box(b), black_box(&P)));
                    }
                }) as Box<dyn FnMut()>
            };
        }
        let mut names: Vec<&str> = vec![
            "addmod384 (dispatched)",
            "addmod384_branchy",
            "addmod384_branchless",
            "submod384 (dispatched)",
            "submod384_branchy",
            "submod384_branchless",
        ];
        let mut ops: Vec<Box<dyn FnMut()>> = vec![
            mixed!(addmod384),
            mixed!(variants::addmod384_branchy),
            mixed!(variants::addmod384_branchless),
            mixed!(submod384),
            mixed!(variants::submod384_branchy),
            mixed!(variants::submod384_branchless),
        ];
        if asm_ok {
            names.push("addmod384_asm");
            ops.push(mixed!(|x, y, m| variants::addmod384_asm(x, y, m).unwrap()));
            names.push("submod384_asm");
            ops.push(mixed!(|x, y, m| variants::submod384_asm(x, y, m).unwrap()));
        }
        let per = inputs.len() as f64;
        report("add/sub, 256 mixed inputs (branches unpredictable), ns per call", &names, &mut ops, 0, per);
    }
}
