//! Code analysed by one rule per instruction set however it enters the EVM: placed in state
//! (`Runner::deploy`), created by a creation transaction, by CREATE or by CREATE2
//! (`Runner::create`), as init code and as the runtime code it returns.
//!
//! The programs jump over an instruction whose immediate ends in 0x7f. Under v9's and EVMMAX's
//! rule the immediate is data and the JUMPDEST after it is valid; revm's legacy analysis (v7's
//! and v8's rule, where 0xc0..0xc2 have no immediate) reads the 0x7f as PUSH32, which hides the
//! JUMPDEST, so the jump halts. A jump to a 0x5b inside an immediate is valid only under the
//! legacy rule.

use evm384_evm::{Creation, InstructionSet, Interface, RunError, RunOptions, Runner, Status};

const JUMPDEST: u8 = 0x5b;
const RETURN_42: [u8; 8] = [0x60, 42, 0x5f, 0x52, 0x60, 32, 0x5f, 0xf3]; // MSTORE(0, 42); RETURN(0, 32)

fn sets() -> [InstructionSet; 4] {
    [
        InstructionSet::Evm384(Interface::V7),
        InstructionSet::Evm384(Interface::V8),
        InstructionSet::Evm384(Interface::V9),
        InstructionSet::Evmmax,
    ]
}

/// The instruction with an immediate of `isa` (v9 ADDMOD384, 16 bytes; EVMMAX ADDMODX, 7
/// bytes; for v7/v8 the same 16 bytes as v9's, which their rule reads as code), its immediate
/// filled with `fill` and ending in `last`.
fn with_immediate(isa: InstructionSet, fill: u8, last: u8) -> Vec<u8> {
    let (op, len) = if isa == InstructionSet::Evmmax { (0xc3, 7) } else { (0xc0, 16) };
    let mut v = vec![op];
    v.extend(std::iter::repeat_n(fill, len - 1));
    v.push(last);
    v
}

/// `PUSH1 dest JUMP <instruction, immediate ending in 0x7f> JUMPDEST <tail>`: jumps over the
/// instruction (never runs it) to the JUMPDEST after it.
fn jump_over_immediate(isa: InstructionSet, tail: &[u8]) -> Vec<u8> {
    let skipped = with_immediate(isa, 0, 0x7f);
    let dest = 3 + skipped.len();
    let mut code = vec![0x60, dest as u8, 0x56];
    code.extend(skipped);
    code.push(JUMPDEST);
    code.extend_from_slice(tail);
    code
}

/// `PUSH1 dest JUMP <instruction whose immediate is 0x5b…>` then RETURN_42: jumps into the
/// immediate.
fn jump_into_immediate(isa: InstructionSet) -> Vec<u8> {
    let mut code = vec![0x60, 4, 0x56];
    code.extend(with_immediate(isa, JUMPDEST, JUMPDEST));
    code.extend_from_slice(&RETURN_42);
    code
}

/// Init code returning `runtime`: CODECOPY(0, len(prefix), len) ; RETURN(0, len), with the
/// copy behind `prefix` (which must fall through to it).
fn init_code(prefix: &[u8], runtime: &[u8]) -> Vec<u8> {
    let n = runtime.len() as u16;
    let copy_len = 13;
    let at = (prefix.len() + copy_len) as u16;
    let mut code = prefix.to_vec();
    code.push(0x61);
    code.extend(n.to_be_bytes());
    code.push(0x61);
    code.extend(at.to_be_bytes());
    code.extend([0x5f, 0x39]); // CODECOPY(0, at, n)
    code.push(0x61);
    code.extend(n.to_be_bytes());
    code.extend([0x5f, 0xf3]); // RETURN(0, n)
    assert_eq!(code.len(), prefix.len() + copy_len);
    code.extend_from_slice(runtime);
    code
}

fn runner(isa: InstructionSet) -> Runner {
    Runner::new(RunOptions { count_opcodes: false, ..RunOptions::default() }.with_instruction_set(isa))
}

/// `(status, output)` of calling `runtime` placed in state, or created from init code by `how`.
fn outcome(isa: InstructionSet, runtime: &[u8], how: Option<Creation>) -> (Status, Vec<u8>) {
    let mut r = runner(isa);
    match how {
        None => r.deploy(runtime),
        Some(how) => {
            r.create(&init_code(&[], runtime), how).unwrap();
        }
    }
    let e = r.run(&[]).unwrap();
    (e.status, e.output)
}

fn returned_42(o: &(Status, Vec<u8>)) -> bool {
    o.0 == Status::Success && o.1.len() == 32 && o.1[31] == 42
}

fn invalid_jump(o: &(Status, Vec<u8>)) -> bool {
    matches!(&o.0, Status::Halt(r) if r.contains("InvalidJump"))
}

const CREATIONS: [Option<Creation>; 4] =
    [None, Some(Creation::Transaction), Some(Creation::Create), Some(Creation::Create2)];

#[test]
fn created_runtime_code_is_analysed_by_the_instruction_sets_rule() {
    for isa in sets() {
        let own_rule = isa != InstructionSet::Evm384(Interface::V7) && isa != InstructionSet::Evm384(Interface::V8);
        for how in CREATIONS {
            let over = outcome(isa, &jump_over_immediate(isa, &RETURN_42), how);
            let into = outcome(isa, &jump_into_immediate(isa), how);
            if own_rule {
                assert!(returned_42(&over), "{isa} {how:?}: over the immediate {over:?}");
                assert!(invalid_jump(&into), "{isa} {how:?}: into the immediate {into:?}");
            } else {
                assert!(invalid_jump(&over), "{isa} {how:?}: PUSH32 hides the JUMPDEST {over:?}");
                assert!(returned_42(&into), "{isa} {how:?}: 0x5b is a JUMPDEST {into:?}");
            }
        }
    }
}

#[test]
fn init_code_is_analysed_by_the_instruction_sets_rule() {
    // The init code itself jumps over an immediate before returning the runtime code.
    for isa in [InstructionSet::Evm384(Interface::V9), InstructionSet::Evmmax] {
        for how in [Creation::Transaction, Creation::Create, Creation::Create2] {
            let mut r = runner(isa);
            let init = init_code(&jump_over_immediate(isa, &[]), &RETURN_42);
            r.create(&init, how).unwrap_or_else(|e| panic!("{isa} {how}: {e}"));
            assert!(returned_42(&{
                let e = r.run(&[]).unwrap();
                (e.status, e.output)
            }));
        }
        // Under revm's legacy rule the same init code halts: the creation fails, precisely.
        let mut r = runner(InstructionSet::Evm384(Interface::V7));
        let init = init_code(&jump_over_immediate(isa, &[]), &RETURN_42);
        assert!(matches!(r.create(&init, Creation::Transaction), Err(RunError::CreationFailed { .. })));
        assert!(matches!(r.create(&init, Creation::Create), Err(RunError::CreationFailed { .. })));
    }
}

#[test]
fn a_contract_created_during_a_call_is_analysed_too() {
    // The factory's CREATE runs at depth 1; its created contract is then CALLed by a contract
    // placed in state (depth 1 again): both go through the rule.
    let isa = InstructionSet::Evm384(Interface::V9);
    let mut r = runner(isa);
    let created = r.create(&init_code(&[], &jump_over_immediate(isa, &RETURN_42)), Creation::Create).unwrap();
    // CALL(gas, created, 0, 0, 0, 0, 32); RETURN(0, 32)
    let mut caller = vec![0x60, 32, 0x5f, 0x5f, 0x5f, 0x5f, 0x73];
    caller.extend_from_slice(created.as_slice());
    caller.extend([0x5a, 0xf1, 0x50, 0x60, 32, 0x5f, 0xf3]);
    r.deploy(&caller);
    let e = r.run(&[]).unwrap();
    assert!(returned_42(&(e.status, e.output)));
}

#[test]
fn failed_creations_are_errors_that_say_why() {
    let mut r = runner(InstructionSet::Evm384(Interface::V9));
    // Init code that reverts; code over EIP-170's 24,576 bytes; code starting with 0xef.
    let reverting = [0x5f, 0x5f, 0xfd];
    let too_large = init_code(&[], &vec![0u8; 24_577]);
    let ef = init_code(&[], &[0xef, 0x00]);
    for init in [&reverting[..], &too_large, &ef] {
        for how in [Creation::Transaction, Creation::Create, Creation::Create2] {
            let err = r.create(init, how).unwrap_err();
            assert!(matches!(err, RunError::CreationFailed { how: h, .. } if h == how), "{err}");
        }
    }
    // Nothing was created: run has no target.
    assert!(matches!(r.run(&[]), Err(RunError::NoCode)));
}

#[test]
fn created_and_placed_code_cost_the_same_to_call() {
    for isa in sets() {
        let code = jump_over_immediate(isa, &RETURN_42);
        let gas = |how| {
            let mut r = runner(isa);
            match how {
                None => r.deploy(&code),
                Some(how) => {
                    r.create(&init_code(&[], &code), how).unwrap();
                }
            }
            r.run(&[]).unwrap().gas_used
        };
        let placed = gas(None);
        for how in [Creation::Transaction, Creation::Create, Creation::Create2] {
            assert_eq!(gas(Some(how)), placed, "{isa} {how}");
        }
    }
}

#[test]
fn one_runner_creates_many_contracts() {
    // CREATE addresses follow the factory's nonce; CREATE2 with the same init code and salt
    // collides, as on a chain.
    let isa = InstructionSet::Evm384(Interface::V9);
    let mut r = runner(isa);
    let init = init_code(&[], &RETURN_42);
    let a = r.create(&init, Creation::Create).unwrap();
    let b = r.create(&init, Creation::Create).unwrap();
    let t1 = r.create(&init, Creation::Transaction).unwrap();
    let t2 = r.create(&init, Creation::Transaction).unwrap();
    assert!(a != b && t1 != t2 && a != t1);
    let c = r.create(&init, Creation::Create2).unwrap();
    assert!(matches!(r.create(&init, Creation::Create2), Err(RunError::CreationFailed { .. })));
    for at in [a, b, t1, t2, c] {
        let e = r.call(at, &[]).unwrap();
        assert!(returned_42(&(e.status, e.output)), "{at}");
    }
}
