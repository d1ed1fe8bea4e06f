//! Inlining to fit the code limit ([`inline_to_fit`]) and the gas it values a subroutine by
//! ([`InlineWeights`], read from `evm384-evm`'s schedule tables).

use evm384_evm::evmmax::GAS as EVMMAX_GAS;
use evm384_evm::schedule::DECI;
use evm384_evm::{Decigas, RunOptions, Schedule, SpecId};
use evm384_gen::backend::bytecode::{try_assemble, AssembleOptions};
use evm384_gen::backend::native;
use evm384_gen::ir::inline;
use evm384_gen::{InstructionSet, Program};
use revm::bytecode::opcode::{JUMP, JUMPDEST, MCOPY, PUSH2};
use revm::context_interface::cfg::GasParams;
use revm::interpreter::instructions::gas_table_spec;

/// Bytes of one slot (a 384-bit value) in EVM memory.
const SLOT_BYTES: usize = 48;

/// 64-bit words of BLS12-381's p (EIP-6690's prices go by the modulus' width).
const BLS12_381_WORDS: usize = 6;

/// What [`inline_to_fit`] values a choice of subroutines by: the gas of the control and the moves
/// inlining removes, per unit of the native executor's counts (`native::OpCounts`), as the
/// bytecode back-end writes them and a gas schedule prices them. Inlining a subroutine takes
/// away its calls and, by forwarding the copies into its fixed registers, copies; the
/// arithmetic stays, so it is left out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct InlineWeights {
    /// Gas per call (`OpCounts::calls`).
    pub call: f64,
    /// Gas per copy (`OpCounts::copies`), besides the slots it copies.
    pub copy: f64,
    /// Gas per slot copied (`OpCounts::copied_slots`).
    pub copied_slot: f64,
}

impl InlineWeights {
    /// The weights of EVM384 code under `schedule` with revm's prices for `spec` (a schedule
    /// reprices PUSH*, not JUMP, JUMPDEST or MCOPY), read off the code the back-end writes:
    /// - a call is `PUSH2 ret PUSH2 sub JUMP`, the body's `JUMPDEST … JUMP` and the return's
    ///   `JUMPDEST`: 2·PUSH2 + 2·JUMP + 2·JUMPDEST (evmone: 2·3 + 2·8 + 2·1 = 24 gas; a run of
    ///   calls is chained, 10 gas less a call after the first, which the count does not see);
    /// - a copy of n slots is `PUSH 48n PUSH2 src PUSH2 dst MCOPY`: three PUSHes and MCOPY's
    ///   static price for the copy (evmone: 3·3 + 3 = 12 gas), and MCOPY's copy cost of its
    ///   ⌈48n/32⌉ words for the slots, priced at a slot's share of two slots' three words
    ///   (evmone: 9/2 = 4.5 gas a slot, exact for the even lengths of Fp2, Fp6 and Fp12 values).
    ///
    /// `tests/inlining.rs` checks each figure against the gas the EVM charges, under every
    /// schedule.
    pub fn evm384(schedule: Schedule, spec: SpecId) -> InlineWeights {
        let base = gas_table_spec(spec);
        let price = |op: u8| schedule.static_decigas(&base, op);
        let gas = |d: Decigas| d as f64 / DECI as f64;
        let two_slots = GasParams::new_spec(spec).mcopy_cost(2 * SLOT_BYTES) * DECI;
        InlineWeights {
            call: gas(2 * price(PUSH2) + 2 * price(JUMP) + 2 * price(JUMPDEST)),
            copy: gas(3 * price(PUSH2) + price(MCOPY)),
            copied_slot: gas(two_slots) / 2.0,
        }
    }

    /// The weights of EVMMAX code under EIP-6690's prices (`evm384_evm::evmmax::GAS`) with
    /// revm's for `spec`: a call as in EVM384 under revm's prices (evmone's: 24 gas); a copy of n
    /// slots is one `ADDMODX(dst, src, ZERO)` of count n, its operands immediates: no price of
    /// its own, ADDMODX's price at BLS12-381's six-word modulus a slot (1 gas).
    pub fn evmmax(spec: SpecId) -> InlineWeights {
        let revm = InlineWeights::evm384(Schedule::Evmone, spec);
        InlineWeights { call: revm.call, copy: 0.0, copied_slot: EVMMAX_GAS.add_sub[BLS12_381_WORDS - 1] as f64 }
    }

    /// The weights of today's EVM code under `spec`'s prices: a call as in EVM384 under revm's
    /// prices (24 gas), a copy as EVM384's (`PUSH 32n PUSH2 src PUSH2 dst MCOPY`: 12 gas), and
    /// MCOPY's copy cost of one word a slot (3 gas).
    pub fn evm(spec: SpecId) -> InlineWeights {
        let revm = InlineWeights::evm384(Schedule::Evmone, spec);
        let word = GasParams::new_spec(spec).mcopy_cost(32);
        InlineWeights { copied_slot: word as f64, ..revm }
    }

    /// The weights the builds of `isa` are chosen with ([`Formulas::build`](crate::Formulas::build)):
    /// EVM384's under the reference schedule (evmone, `Schedule::default()`) and the runner's spec
    /// — 24 gas a call, 12 a copy, 4.5 a slot copied — for EVM384 and EVMMAX code alike. The
    /// builds do not know the schedule they will be priced under; evmone's prices are the
    /// EVM384 proposal's own. EVMMAX builds keep EVM384's weights too (EIP-6690's,
    /// [`InlineWeights::evmmax`], would change some of its inlined builds, not all for the
    /// cheaper); today's EVM code takes its own ([`InlineWeights::evm`]: a slot is one word).
    /// [`Formulas::build_with_moves`](crate::Formulas::build_with_moves) builds with any weights.
    pub fn for_instruction_set(isa: impl Into<InstructionSet>) -> InlineWeights {
        match isa.into() {
            InstructionSet::Evm => InlineWeights::evm(RunOptions::default().spec),
            _ => InlineWeights::evm384(Schedule::default(), RunOptions::default().spec),
        }
    }

    /// The gas of these counts.
    pub fn gas(&self, c: &native::OpCounts) -> f64 {
        self.call * c.calls as f64 + self.copy * c.copies as f64 + self.copied_slot * c.copied_slots as f64
    }
}

/// Subroutines to inline (`inline::inline_calls`) so that the code stays within `limit`
/// bytes, saving as much gas as possible: a 0/1 knapsack (dynamic programming over the bytes
/// left) whose items are the subroutines. An item is worth what inlining it alone saves on
/// `profile_input` (a representative input, run by the native executor): the gas of the calls
/// it removes and of the copies the copy forwarding removes, as `weights` prices them
/// ([`InlineWeights::for_instruction_set`]: 24 gas a call, 12 a copy, 4.5 a slot copied); it
/// weighs the bytes the code grows by (its body at each call site, loop unrolling included, less
/// the copies forwarded). Values
/// and growths are not quite additive (a body may contain another inlined call), so the choice
/// is assembled and, while it does not fit, chosen again with the overshoot taken off the room;
/// what room is left is then filled greedily, the most gas per byte first. The greedy fill alone
/// (from nothing) is the other candidate; the one saving more gas on the profile is returned.
pub fn inline_to_fit(
    prog: &Program,
    isa: impl Into<InstructionSet>,
    opts: AssembleOptions,
    profile_input: &[u8],
    limit: usize,
    weights: InlineWeights,
) -> u64 {
    let isa = isa.into();
    let size = |mask: u64| {
        let inlined = inline::inline_calls(prog, mask);
        try_assemble(&inlined, isa, opts).map_or(usize::MAX, |code| code.len())
    };
    let base = size(0);
    if base > limit {
        return 0;
    }
    let run = native::run(prog, profile_input);
    let gas = |c: &native::OpCounts| weights.gas(c);
    let before = gas(&run.counts.total());
    // (subroutine, gas saved, bytes added)
    let items: Vec<(usize, u64, usize)> = (0..prog.subs.len().min(64))
        .filter(|&i| run.sub_calls[i] > 0)
        .map(|i| {
            let after = gas(&native::run(&inline::inline_calls(prog, 1 << i), profile_input).counts.total());
            (i, (before - after).max(0.0) as u64, size(1 << i).saturating_sub(base))
        })
        .collect();
    let fill = |mut mask: u64| {
        let mut rest: Vec<&(usize, u64, usize)> = items.iter().filter(|(i, _, _)| mask >> i & 1 == 0).collect();
        rest.sort_by(|a, b| (b.1 as f64 / b.2.max(1) as f64).total_cmp(&(a.1 as f64 / a.2.max(1) as f64)));
        for &&(i, _, _) in &rest {
            if size(mask | 1 << i) <= limit {
                mask |= 1 << i;
            }
        }
        mask
    };
    let mut room = limit - base;
    let packed = loop {
        let mask = knapsack(&items, room);
        let got = size(mask);
        if got <= limit {
            break mask;
        }
        if room == 0 {
            break 0; // even the items that add no bytes alone do not fit together
        }
        room = room.saturating_sub(got - limit);
    };
    // the knapsack's choice, and the greedy one from nothing (it can do better where growths
    // overlap), each filled up; the one that saves more on the profile wins
    let saved = |mask: u64| before - gas(&native::run(&inline::inline_calls(prog, mask), profile_input).counts.total());
    let (a, b) = (fill(packed), fill(0));
    if saved(a) >= saved(b) {
        a
    } else {
        b
    }
}

/// The items (id, value, weight) of greatest total value within `room`, as a bit mask of ids.
fn knapsack(items: &[(usize, u64, usize)], room: usize) -> u64 {
    // best[w]: (value, mask) within weight w, over the items seen so far
    let mut best = vec![(0u64, 0u64); room + 1];
    for &(id, value, weight) in items {
        for w in (weight..=room).rev() {
            let (v, m) = best[w - weight];
            if v + value > best[w].0 {
                best[w] = (v + value, m | 1 << id);
            }
        }
    }
    best[room].1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The knapsack against every subset of a few items.
    #[test]
    fn knapsack_finds_the_best_subset() {
        let items = [(0, 60, 10), (1, 100, 20), (2, 120, 30), (3, 30, 5), (4, 1, 0)];
        for room in [0, 5, 10, 25, 30, 45, 50, 65] {
            let mut best = 0;
            for mask in 0u64..32 {
                let (v, w) =
                    items.iter().filter(|(i, _, _)| mask >> i & 1 == 1).fold((0, 0), |(v, w), it| (v + it.1, w + it.2));
                if w <= room {
                    best = best.max(v);
                }
            }
            let got = knapsack(&items, room);
            let (v, w) =
                items.iter().filter(|(i, _, _)| got >> i & 1 == 1).fold((0, 0), |(v, w), it| (v + it.1, w + it.2));
            assert!(w <= room, "room {room}: weight {w}");
            assert_eq!(v, best, "room {room}");
        }
    }
}
