//! `inline::inline_calls` and its copy forwarding: random straight-line programs of arithmetic
//! and copies (proptest) leave every slot exactly as the original leaves it; the cases the
//! forwarding must refuse are refused. Also the IR's check on partial pair passes. (Inlined
//! pairing checks against the plain program on every vector: `evm384-build`'s
//! `tests/inlining.rs`.)

use evm384_arith::isa::Op;
use evm384_arith::MontField;
use evm384_gen::backend::native::{self, Outcome};
use evm384_gen::curves;
use evm384_gen::ir::inline::forward_copies;
use evm384_gen::ir::{Asm, Node};
use evm384_gen::{F2Mul, Program};
use proptest::prelude::*;

const SLOTS: u32 = 10;

/// One step of a random program over `SLOTS` slots.
#[derive(Clone, Debug)]
enum Step {
    Op(u8, u32, u32, u32),
    Copy(u32, u32, u32),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        (0u8..3, 0..SLOTS, 0..SLOTS, 0..SLOTS).prop_map(|(o, a, b, c)| Step::Op(o, a, b, c)),
        (0..SLOTS, 0..SLOTS, 1u32..4).prop_map(|(d, s, n)| {
            let n = n.min(SLOTS - d).min(SLOTS - s);
            Step::Copy(d, s, n)
        }),
    ]
}

/// The program: the slots set from distinct constants, the steps, then a dump of memory.
fn program(steps: &[Step]) -> (Program, usize) {
    let mut a = Asm::new(MontField::new(curves::bls12_381().p), F2Mul::V3);
    let init: Vec<_> = (0..SLOTS as u64).map(|i| [i * 0x9e37_79b9 + 1, i, 0, 0, 0, 0]).collect();
    let consts = a.const_mont(&init);
    let base = a.alloc(SLOTS);
    for i in 0..SLOTS {
        a.add(base + i, consts + i, consts + i); // not a copy: the run starts here
    }
    for s in steps {
        match *s {
            Step::Op(o, out, x, y) => match o {
                0 => a.add(base + out, base + x, base + y),
                1 => a.sub(base + out, base + x, base + y),
                _ => a.mul(base + out, base + x, base + y),
            },
            Step::Copy(d, s, n) => a.copy(base + d, base + s, n),
        }
    }
    a.return_memory();
    let prog = a.finish();
    let copies = prog.main.iter().filter(|n| matches!(n, Node::Copy { .. })).count();
    (prog, copies)
}

fn memory(prog: &Program) -> Vec<[u64; 6]> {
    match native::run(prog, &[]).outcome {
        Outcome::Memory(m) => m,
        other => panic!("unexpected {other:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn forwarding_leaves_every_slot_as_it_was(steps in prop::collection::vec(step(), 1..40)) {
        let (prog, _) = program(&steps);
        let mut fwd = prog.clone();
        forward_copies(&mut fwd.main);
        prop_assert_eq!(memory(&fwd), memory(&prog));
    }
}

fn op(out: u32, x: u32, y: u32) -> Node {
    Node::Op { op: Op::AddMod384, out, x, y }
}

fn copy(dst: u32, src: u32, n: u32) -> Node {
    Node::Copy { dst, src, n }
}

#[test]
fn forwards_a_copy_whose_destination_is_overwritten() {
    let mut v = vec![copy(10, 0, 2), op(5, 10, 11), op(10, 1, 1), op(11, 2, 2)];
    forward_copies(&mut v);
    assert_eq!(v.len(), 3, "{v:?}");
    assert!(matches!(v[0], Node::Op { x: 0, y: 1, .. }), "{v:?}");
}

#[test]
fn keeps_what_it_cannot_forward() {
    // the destination is still live at the end of the run
    let mut v = vec![copy(10, 0, 2), op(5, 10, 11), op(10, 1, 1)];
    forward_copies(&mut v);
    assert!(matches!(v[0], Node::Copy { .. }), "{v:?}");
    // the source is overwritten before a read of the destination
    let mut v = vec![copy(10, 0, 1), op(0, 1, 1), op(5, 10, 10), op(10, 1, 1)];
    forward_copies(&mut v);
    assert!(matches!(v[0], Node::Copy { .. }), "{v:?}");
    // a later copy reads only part of the value
    let mut v = vec![copy(10, 0, 2), copy(20, 11, 2), op(10, 1, 1), op(11, 1, 1)];
    forward_copies(&mut v);
    assert!(matches!(v[0], Node::Copy { dst: 10, .. }), "{v:?}");
    // overlapping ranges (memmove)
    let mut v = vec![copy(1, 0, 2), op(1, 3, 3), op(2, 3, 3)];
    forward_copies(&mut v);
    assert!(matches!(v[0], Node::Copy { .. }), "{v:?}");
    // a node that is not arithmetic ends the run
    let mut v = vec![copy(10, 0, 1), op(5, 10, 10), Node::Call(0), op(10, 1, 1)];
    forward_copies(&mut v);
    assert!(matches!(v[0], Node::Copy { .. }), "{v:?}");
}

#[test]
fn random_programs_exercise_the_forwarding() {
    // the proptest above is only meaningful if forwarding happens in it
    let mut removed = 0;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    for _ in 0..200 {
        let steps = prop::collection::vec(step(), 1..40).new_tree(&mut runner).unwrap();
        let steps = proptest::strategy::ValueTree::current(&steps);
        let (prog, before) = program(&steps);
        let mut fwd = prog.clone();
        forward_copies(&mut fwd.main);
        removed += before - fwd.main.iter().filter(|n| matches!(n, Node::Copy { .. })).count();
    }
    assert!(removed > 50, "only {removed} copies forwarded");
}

/// A pair pass that brings in part of the record must not read the rest (stale values from an
/// earlier pass): `Asm::finish` refuses such a program.
#[test]
#[should_panic(expected = "stale")]
fn a_pair_pass_reading_what_it_did_not_bring_in_is_refused() {
    let mut a = Asm::new(MontField::new(curves::bls12_381().p), F2Mul::V3);
    let work = a.alloc(4);
    a.set_pair_layout(work, 4, (0, 2));
    a.for_each_pair_reading(2, move |a| a.add(work, work, work + 3)); // slot 3 was not brought in
    a.finish();
}
