//! Per-phase attribution of gas and opcodes (`Runner::run_phased`).

use evm384_evm::{RunOptions, Runner, Status, SETUP_PHASE};

/// Setup `PUSH1 1`; phase 0 at pc 2: `PUSH1 2; POP; PUSH1 9; JUMP` to a subroutine at pc 9 that
/// phase 0 keeps running; the subroutine `JUMPDEST; PUSH1 0x40; MLOAD` (memory expansion);
/// phase 1 marked at pc 13: `POP; POP; STOP`.
const CODE: [u8; 16] = [
    0x60, 0x01, // 0: PUSH1 1                       (setup)
    0x60, 0x02, // 2: PUSH1 2                       (phase 0 starts)
    0x50, //       4: POP
    0x60, 0x09, // 5: PUSH1 9
    0x56, //       7: JUMP
    0x00, //       8: STOP (skipped)
    0x5b, //       9: JUMPDEST
    0x60, 0x40, // 10: PUSH1 0x40
    0x51, //       12: MLOAD                        (3 + memory for 3 words = 9 + 3)
    0x50, //       13: POP                          (phase 1 starts)
    0x50, //       14: POP
    0x00, //       15: STOP
];

#[test]
fn gas_and_opcodes_are_attributed_to_the_running_phase() {
    let mut r = Runner::new(RunOptions { count_opcodes: false, ..Default::default() });
    r.deploy(&CODE);
    let (ex, phases) = r.run_phased(&[], &[(2, 0), (13, 1)]).unwrap();
    assert_eq!(ex.status, Status::Success);
    let get = |p: u8| phases.iter().find(|u| u.phase == p).unwrap();
    // setup: PUSH1 = 3
    assert_eq!(get(SETUP_PHASE).gas_used, 3);
    assert_eq!(get(SETUP_PHASE).counts.total(), 1);
    // phase 0: PUSH1 3, POP 2, PUSH1 3, JUMP 8, JUMPDEST 1, PUSH1 3, MLOAD 3 + memory 3 words (9)
    assert_eq!(get(0).gas_used, 3 + 2 + 3 + 8 + 1 + 3 + 3 + 9);
    assert_eq!(get(0).counts.get(0x60), 3);
    // phase 1: POP 2, POP 2, STOP 0
    assert_eq!(get(1).gas_used, 4);
    assert_eq!(get(1).counts.get(0x50), 2);
    assert_eq!(phases.iter().map(|u| u.gas_used).sum::<u64>(), ex.gas_used);
    // Gas by opcode: MLOAD carries its memory expansion, JUMP its 8; each phase's add up.
    assert_eq!(get(0).gas_by_opcode[0x51], 3 + 9);
    assert_eq!(get(0).gas_by_opcode[0x56], 8);
    assert_eq!(get(0).gas_by_opcode[0x60], 3 * 3);
    for u in &phases {
        assert_eq!(u.gas_by_opcode.iter().sum::<u64>(), u.gas_used, "phase {}", u.phase);
    }
    // The runner's own setting is restored and the next plain run is unaffected.
    assert!(r.run(&[]).unwrap().counts.is_none());
}
