//! Today's EVM over two-word fields (`InstructionSet::Evm`, `backend::bytecode`'s `evm_wide`):
//! its ADDMOD384, SUBMOD384 and MULMODMONT384 in plain EVM code give, slot for slot, what the
//! native executor (`evm384-arith`) gives, on BLS12-381's and BLS12-377's p: random residues and
//! the edges (0, 1, p − 1, p − 2, R mod p, values with a limb all ones), every pair of them
//! through each operation, outputs aliasing an operand included.

use evm384_arith::{from_be_bytes, Limbs, MontField};
use evm384_evm::{InstructionSet, RunOptions, Runner, Status};
use evm384_gen::backend::bytecode::{try_assemble, AssembleOptions};
use evm384_gen::backend::native::{self, Outcome};
use evm384_gen::ir::Asm;
use evm384_gen::{F2Mul, Program};
use rand::{Rng, SeedableRng};

/// A residue below p from 6 random words.
fn below(rng: &mut rand::rngs::StdRng, p: &Limbs) -> Limbs {
    loop {
        let mut v: Limbs = rng.gen();
        v[5] &= (1u64 << (64 - p[5].leading_zeros())) - 1;
        if (0..6).rev().map(|i| v[i].cmp(&p[i])).find(|o| o.is_ne()) == Some(std::cmp::Ordering::Less) {
            return v;
        }
    }
}

fn minus(p: &Limbs, k: u64) -> Limbs {
    let mut v = *p;
    v[0] -= k; // p is odd and its low word far above k
    v
}

/// Memory after the program, read as 48-byte big-endian slots, against the native slots.
fn assert_evm_equals_native(prog: &Program) {
    let Outcome::Memory(want) = native::run(prog, &[]).outcome else { panic!("no memory dump") };
    let code = try_assemble(prog, InstructionSet::Evm, AssembleOptions::default()).expect("assembles");
    let mut r = Runner::new(
        RunOptions { count_opcodes: false, ..RunOptions::default() }.with_instruction_set(InstructionSet::Evm),
    );
    r.deploy(&code);
    let e = r.run(&[]).unwrap();
    assert_eq!(e.status, Status::Success);
    assert_eq!(e.output.len(), 48 * want.len());
    for (i, w) in want.iter().enumerate() {
        let got = from_be_bytes(e.output[48 * i..48 * i + 48].try_into().unwrap());
        assert_eq!(&got, w, "slot {i}");
    }
}

#[test]
fn every_operation_on_every_pair_of_values_equals_evm384s() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x2537);
    for p in [evm384_gen::curves::bls12_381().p, evm384_gen::curves::bls12_377().p] {
        let field = MontField::new(p);
        let mut values: Vec<Limbs> = vec![[0; 6], [1, 0, 0, 0, 0, 0], minus(&p, 1), minus(&p, 2), field.one];
        values.push([u64::MAX, u64::MAX, 0, 0, 0, 0]); // limb 0 all ones
        values.push([0, 0, u64::MAX, u64::MAX, 0, 0]); // limb 1 all ones
        values.extend((0..7).map(|_| below(&mut rng, &p)));
        let mut a = Asm::new(field, F2Mul::V3);
        let xs = a.const_raw(&values);
        let n = values.len() as u32;
        let out = a.alloc(3 * n * n + 3);
        let mut o = out;
        for i in 0..n {
            for j in 0..n {
                a.add(o, xs + i, xs + j);
                a.sub(o + 1, xs + i, xs + j);
                a.mul(o + 2, xs + i, xs + j);
                o += 3;
            }
        }
        // outputs aliasing their operands: x ← x·x, x ← x − y, y ← x + y
        a.copy(o, xs + 7, 3);
        a.mul(o, o, o);
        a.sub(o + 1, o + 1, o);
        a.add(o + 2, o + 1, o + 2);
        let end = a.alloc(1);
        a.set_pair_layout(end, 1, (0, 0));
        a.return_memory();
        let prog = a.finish();
        assert_evm_equals_native(&prog);
    }
}
