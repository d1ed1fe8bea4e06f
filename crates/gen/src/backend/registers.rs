//! Slots → EVMMAX registers (EIP-6690): a program's slots are memory addresses in EVM384, but
//! an EVMMAX field context has at most 256 registers, addressed by one immediate byte, and the
//! pairing check touches more slots than that (every subroutine has its own frame). Two slots
//! may share a register when they are never live at the same time, so the back-end maps them by
//! liveness:
//!
//! 1. **Groups.** Slots that an instruction addresses as a range (a copy, an equality test, the
//!    pair work record, a window table) must stay consecutive, as must the slots allocated
//!    together (an Fp2, Fp6 or Fp12 value: this keeps its coefficients adjacent, so that one
//!    strided instruction can do a whole tower addition). Overlapping ranges are merged, so each
//!    group is an interval of slots, placed as one block of registers.
//! 2. **Liveness and interference** (Chaitin, "Register allocation & spilling via graph
//!    coloring", SIGPLAN 1982): a backward pass over the structured program, loops to a fixed
//!    point, every subroutine walked at each of its call sites with that site's live-out (no
//!    recursion exists, so this is exact per call site); a slot defined while another is live
//!    afterwards interferes with it, and all slots live at entry (constants, and slots read
//!    before any write, which hold zero in both machines) interfere with each other.
//! 3. **Placement**: constants first, at register 0 in slot order (one STOREX loads them all),
//!    then the other groups, largest first, each at the lowest register where it overlaps no
//!    interfering group already placed (first fit).
//!
//! Register `ZERO` (255) is never written and so holds zero: a copy is `ADDMODX(dst, src,
//! ZERO)` with `y_stride` 0. The strict bound of the EIP text, `idx + stride·count <
//! registers`, is why the last written register is 254.

use crate::ir::{Cond, Node, Program, Slot};

/// The register that is never written (zero since SETMODX): the `y` of a copy.
pub(crate) const ZERO: u8 = 255;

/// Registers allocated by SETMODX (the most one field context can have).
pub(crate) const ALLOCATED: u32 = 256;

/// Registers a slot can be mapped to: 0..=254 (see [`ZERO`]).
pub(crate) const USABLE: u32 = 255;

/// The mapping of one program's slots to registers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Registers {
    /// Register of each slot below `Program::pairs.base` (`None`: the slot is never used).
    map: Vec<Option<u8>>,
    /// Registers used (the highest mapped register + 1).
    pub used: u32,
}

/// Why a program does not fit one field context.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the program needs {needed} registers at once, more than the {USABLE} of one EVMMAX field context")]
pub struct TooManyRegisters {
    pub needed: u32,
}

impl Registers {
    /// The register of slot `s` (panics for a slot the program never uses).
    pub(crate) fn of(&self, s: Slot) -> u8 {
        self.map.get(s as usize).copied().flatten().unwrap_or_else(|| panic!("slot {s} has no register"))
    }

    /// The register of slot `s`, `None` for a slot the program never uses.
    pub fn get(&self, s: Slot) -> Option<u8> {
        self.map.get(s as usize).copied().flatten()
    }

    /// Maps `prog`'s slots to registers by liveness.
    pub fn allocate(prog: &Program) -> Result<Registers, TooManyRegisters> {
        let n = prog.pairs.base as usize;
        let groups = Groups::of(prog, n);
        let mut live = Liveness { prog, adj: vec![Set::new(n); n], used: Set::new(n), n };
        let entry = live.block(&prog.main, Set::new(n));
        for s in entry.iter() {
            live.adj[s].union_with(&entry);
        }
        live.used.union_with(&entry);
        // group interference
        let ng = groups.intervals.len();
        let mut gadj = vec![Set::new(ng); ng];
        for s in 0..n {
            let g = groups.of[s];
            for t in live.adj[s].iter() {
                let h = groups.of[t];
                if g != h {
                    gadj[g].insert(h);
                    gadj[h].insert(g);
                }
            }
        }
        let needed: Vec<bool> =
            groups.intervals.iter().map(|&(lo, hi)| (lo..hi).any(|s| live.used.contains(s as usize))).collect();
        // placement: the constants' group first, then the largest first
        let mut order: Vec<usize> = (0..ng).filter(|&g| needed[g]).collect();
        let consts = prog.consts.len() as u32;
        order.sort_by_key(|&g| {
            let (lo, hi) = groups.intervals[g];
            (lo >= consts.max(1), std::cmp::Reverse(hi - lo), lo)
        });
        let mut base: Vec<Option<u32>> = vec![None; ng];
        let mut top = 0u32;
        for g in order {
            let (lo, hi) = groups.intervals[g];
            let size = hi - lo;
            let mut taken: Vec<(u32, u32)> = gadj[g]
                .iter()
                .filter_map(|h| base[h].map(|b| (b, b + groups.intervals[h].1 - groups.intervals[h].0)))
                .collect();
            taken.sort_unstable();
            let mut at = 0u32;
            for (b, e) in taken {
                if at + size <= b {
                    break;
                }
                at = at.max(e);
            }
            base[g] = Some(at);
            top = top.max(at + size);
        }
        if top > USABLE {
            return Err(TooManyRegisters { needed: top });
        }
        let map = (0..n)
            .map(|s| {
                let g = groups.of[s];
                base[g].map(|b| (b + s as u32 - groups.intervals[g].0) as u8)
            })
            .collect();
        Ok(Registers { map, used: top })
    }
}

/// A set of slots.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Set(Vec<u64>);

impl Set {
    fn new(n: usize) -> Set {
        Set(vec![0; n.div_ceil(64)])
    }
    fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }
    fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
    fn union_with(&mut self, o: &Set) {
        for (a, b) in self.0.iter_mut().zip(&o.0) {
            *a |= b;
        }
    }
    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0
            .iter()
            .enumerate()
            .flat_map(|(w, &bits)| (0..64).filter(move |i| bits >> i & 1 == 1).map(move |i| 64 * w + i))
    }
    fn range(&mut self, from: Slot, n: u32) -> &mut Set {
        for s in from..from + n {
            self.insert(s as usize);
        }
        self
    }
}

/// Slot ranges addressed together, merged into intervals.
struct Groups {
    /// Group of each slot.
    of: Vec<usize>,
    /// `[lo, hi)` of each group.
    intervals: Vec<(u32, u32)>,
}

impl Groups {
    fn of(prog: &Program, n: usize) -> Groups {
        // hi[s]: the end of the longest range starting at s; merged by a sweep.
        let mut reach = vec![0u32; n];
        let mut range = |from: Slot, len: u32| {
            if len > 1 {
                let r = &mut reach[from as usize];
                *r = (*r).max(from + len);
            }
        };
        range(0, prog.consts.len() as u32);
        for &(s, len) in &prog.allocations {
            range(s, len);
        }
        let l = prog.pairs;
        range(l.work, l.record);
        let visit = |nodes: &[Node], range: &mut dyn FnMut(Slot, u32)| walk_ranges(nodes, range);
        visit(&prog.main, &mut range);
        for sub in &prog.subs {
            visit(&sub.body, &mut range);
        }
        let mut of = vec![0; n];
        let mut intervals = Vec::new();
        let mut s = 0usize;
        while s < n {
            let lo = s;
            let mut hi = (reach[s] as usize).max(s + 1);
            while s < hi {
                hi = hi.max(reach[s] as usize);
                s += 1;
            }
            for slot in &mut of[lo..hi] {
                *slot = intervals.len();
            }
            intervals.push((lo as u32, hi as u32));
        }
        Groups { of, intervals }
    }
}

/// Calls `range(slot, n)` for every slot range a node addresses as a whole.
fn walk_ranges(nodes: &[Node], range: &mut dyn FnMut(Slot, u32)) {
    for node in nodes {
        match node {
            Node::Copy { dst, src, n } => {
                range(*dst, *n);
                range(*src, *n);
            }
            Node::ForBits { always, if_set, .. } => {
                walk_ranges(always, range);
                walk_ranges(if_set, range);
            }
            Node::ForWindows { windows, table, n, tmp, always, then } => {
                range(*table, n * table_entries(windows));
                range(*tmp, *n);
                walk_ranges(always, range);
                walk_ranges(then, range);
            }
            Node::ForEachPair { body: b, .. } | Node::ForEachInput { body: b, .. } => walk_ranges(b, range),
            Node::LoadInputs { dst, n, .. } => range(*dst, *n), // one STOREX
            Node::ForScalarWindows { entry, tmp, double, add, .. } => {
                range(*tmp, *entry);
                walk_ranges(double, range);
                walk_ranges(add, range);
            }
            Node::If(c, b) => {
                cond_ranges(c, range);
                walk_ranges(b, range);
            }
            Node::Assert(c) | Node::ReturnBool(c) => cond_ranges(c, range),
            _ => {}
        }
    }
}

fn cond_ranges(c: &Cond, range: &mut dyn FnMut(Slot, u32)) {
    match *c {
        Cond::Eq(a, b, n) | Cond::Ne(a, b, n) => {
            range(a, n);
            range(b, n);
        }
        Cond::Sgn0 { x, n, .. } => range(x, n), // one LOADX
        Cond::Not(ref c) => cond_ranges(c, range),
        _ => {}
    }
}

/// Entries of a window table that the windows read (0..=the largest entry).
pub(crate) fn table_entries(windows: &[crate::ir::Window]) -> u32 {
    windows.iter().map(|w| w.entry + 1).max().unwrap_or(0)
}

/// The backward liveness pass, recording interference at every definition.
struct Liveness<'a> {
    prog: &'a Program,
    /// `adj[s]`: slots live when `s` is defined (made symmetric by the caller's use).
    adj: Vec<Set>,
    /// Slots used anywhere.
    used: Set,
    n: usize,
}

impl Liveness<'_> {
    fn all(&self) -> Set {
        let mut s = Set::new(self.n);
        s.range(0, self.n as u32);
        s
    }

    /// `defs` are written while `after` is live afterwards.
    fn define(&mut self, defs: &Set, after: &Set) {
        for d in defs.iter() {
            for t in after.iter() {
                if !defs.contains(t) {
                    self.adj[d].insert(t);
                    self.adj[t].insert(d);
                }
            }
        }
        self.used.union_with(defs);
    }

    /// Slots `dst..dst+len` written while `after` is live: the live set before the write (before
    /// the node's uses are added).
    fn define_range(&mut self, after: Set, dst: Slot, len: u32) -> Set {
        let mut d = Set::new(self.n);
        d.range(dst, len);
        self.define(&d, &after);
        let mut live = after;
        for s in dst..dst + len {
            live.remove(s as usize);
        }
        live
    }

    fn uses(&mut self, live: &mut Set, from: Slot, n: u32) {
        live.range(from, n);
        for s in from..from + n {
            self.used.insert(s as usize);
        }
    }

    fn cond(&mut self, c: &Cond, live: &mut Set) {
        match *c {
            Cond::Eq(a, b, n) | Cond::Ne(a, b, n) => {
                self.uses(live, a, n);
                self.uses(live, b, n);
            }
            Cond::Sgn0 { x, n, one, tmp } => {
                // EVM384 writes tmp while everything live here stays live
                let mut d = Set::new(self.n);
                d.insert(tmp as usize);
                self.define(&d, live);
                live.remove(tmp as usize);
                self.uses(live, x, n);
                self.uses(live, one, 1);
            }
            Cond::Not(ref c) => self.cond(c, live),
            _ => {}
        }
    }

    /// Live-in of `nodes` for live-out `after`.
    fn block(&mut self, nodes: &[Node], after: Set) -> Set {
        let mut live = after;
        for node in nodes.iter().rev() {
            live = self.node(node, live);
        }
        live
    }

    /// Live at the top of a loop whose iteration is `iter` (live-in of an iteration for a
    /// live-out): the least fixed point of `X = after ∪ iter(X)`.
    fn looped(&mut self, after: &Set, mut iter: impl FnMut(&mut Self, Set) -> Set) -> Set {
        let mut x = after.clone();
        loop {
            let mut next = iter(self, x.clone());
            next.union_with(after);
            if next == x {
                return x;
            }
            x = next;
        }
    }

    fn node(&mut self, node: &Node, after: Set) -> Set {
        let prog = self.prog;
        let n = self.n;
        match node {
            Node::Op { out, x, y, .. } => {
                let mut d = Set::new(n);
                d.insert(*out as usize);
                self.define(&d, &after);
                let mut live = after;
                live.remove(*out as usize);
                self.uses(&mut live, *x, 1);
                self.uses(&mut live, *y, 1);
                live
            }
            Node::Copy { dst, src, n: len } => {
                let mut live = self.define_range(after, *dst, *len);
                self.uses(&mut live, *src, *len);
                live
            }
            Node::Call(id) => self.block(&prog.subs[*id].body, after),
            Node::ForBits { bits, always, if_set } => {
                if bits.is_empty() {
                    return after;
                }
                let x = self.looped(&after, |me, out| {
                    let mut mid = me.block(if_set, out.clone());
                    mid.union_with(&out);
                    me.block(always, mid)
                });
                let mut mid = self.block(if_set, x.clone());
                mid.union_with(&x);
                self.block(always, mid)
            }
            Node::ForWindows { windows, table, n: len, tmp, always, then } => {
                let entries = table_entries(windows);
                let iteration = |me: &mut Self, out: Set| {
                    let mut live = me.block(then, out);
                    let mut d = Set::new(n);
                    d.range(*tmp, *len);
                    me.define(&d, &live);
                    for s in *tmp..tmp + len {
                        live.remove(s as usize);
                    }
                    me.uses(&mut live, *table, len * entries);
                    // `always` one or more times
                    let y = me.looped(&live, |me, o| me.block(always, o));
                    me.block(always, y)
                };
                let x = self.looped(&after, iteration);
                iteration(self, x)
            }
            Node::ForEachPair { read, body } => {
                let l = prog.pairs;
                let read = *read;
                self.looped(&after, |me, out| {
                    let mut live = out;
                    me.uses(&mut live, l.work + l.writeback.0, l.writeback.1);
                    let mut live = me.block(body, live);
                    let mut d = Set::new(n);
                    d.range(l.work, read);
                    me.define(&d, &live);
                    for s in l.work..l.work + read {
                        live.remove(s as usize);
                    }
                    live
                })
            }
            Node::ForEachInput { body, .. } => self.looped(&after, |me, out| me.block(body, out)),
            Node::ScalarHalf { .. } | Node::Scalar { .. } => after, // memory only
            Node::ForScalarWindows { entry, tmp, double, add, .. } => {
                // (doubles*, (tmp ← entry, add)*)*, conservatively: each part zero or more times
                let record = |me: &mut Self, out: Set| {
                    let mut live = me.block(add, out);
                    let mut d = Set::new(n);
                    d.range(*tmp, *entry);
                    me.define(&d, &live);
                    for s in *tmp..tmp + entry {
                        live.remove(s as usize);
                    }
                    live
                };
                self.looped(&after, |me, out| {
                    let x = me.looped(&out, record);
                    me.looped(&x, |me, o| me.block(double, o))
                })
            }
            Node::If(c, body) => {
                let mut live = self.block(body, after.clone());
                live.union_with(&after);
                self.cond(c, &mut live);
                live
            }
            Node::Assert(c) => {
                let mut live = after;
                self.cond(c, &mut live);
                live
            }
            Node::CheckInputLength(_) | Node::Phase(_) | Node::CachePairs { .. } => after,
            Node::LoadInput { dst, r2, .. } => {
                let mut d = Set::new(n);
                d.insert(*dst as usize);
                self.define(&d, &after);
                let mut live = after;
                live.remove(*dst as usize);
                self.uses(&mut live, *r2, 1);
                live
            }
            Node::LoadInputs { dst, n: len, r2, .. } => {
                let mut live = self.define_range(after, *dst, *len);
                self.uses(&mut live, *r2, 1);
                live
            }
            Node::AppendPair => {
                let l = prog.pairs;
                let mut live = after;
                self.uses(&mut live, l.work, l.record);
                live
            }
            Node::ReturnBool(c) => {
                let mut live = Set::new(n);
                self.cond(c, &mut live);
                live
            }
            Node::ReturnFields { slots, one, tmp } => {
                let mut live = Set::new(n);
                self.uses(&mut live, *one, 1);
                for &s in slots {
                    self.uses(&mut live, s, 1);
                }
                let mut d = Set::new(n);
                d.insert(*tmp as usize);
                self.define(&d, &live); // EVM384 writes tmp while later values are still to go
                live
            }
            Node::ReturnMemory => {
                let all = self.all();
                self.used.union_with(&all);
                all
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Asm;

    fn asm() -> (Asm, Slot) {
        let mut a = Asm::new(evm384_arith::MontField::new(crate::curves::bls12_381().p), crate::F2Mul::V3);
        let one = a.const_mont(&[[1, 0, 0, 0, 0, 0]]);
        let w = a.alloc(12);
        a.set_pair_layout(w, 12, (6, 6));
        (a, one)
    }

    #[test]
    fn slots_that_are_never_live_together_share_a_register() {
        let (mut a, one) = asm();
        let (x, y, z) = (a.alloc(1), a.alloc(1), a.alloc(1));
        a.mul(x, one, one);
        a.mul(y, x, one); // x dies here
        a.mul(z, y, one); // y dies here
        a.return_bool(Cond::Eq(z, one, 1));
        let r = Registers::allocate(&a.finish()).unwrap();
        assert_eq!(r.of(one), 0, "constants first");
        assert_eq!((r.of(x), r.of(y)), (r.of(z), r.of(z)));
        assert_ne!(r.of(x), r.of(one));
    }

    #[test]
    fn slots_live_together_do_not() {
        let (mut a, one) = asm();
        let (x, y, z) = (a.alloc(1), a.alloc(1), a.alloc(1));
        a.mul(x, one, one);
        a.mul(y, one, one); // x still live
        a.add(z, x, y);
        // a value live across a loop that redefines another slot each iteration
        let t = a.alloc(1);
        a.for_bits(&[true, false, true], |a| a.mul(t, one, one), |a| a.add(z, z, t));
        a.return_bool(Cond::Eq(z, one, 1));
        let r = Registers::allocate(&a.finish()).unwrap();
        assert_ne!(r.of(x), r.of(y));
        assert_ne!(r.of(z), r.of(t), "z is live through the loop in which t is written");
        assert!(r.used <= 4);
    }

    #[test]
    fn values_allocated_together_stay_consecutive() {
        let (mut a, one) = asm();
        let f = a.alloc(2); // an Fp2
        let g = a.alloc(2);
        a.mul(f, one, one);
        a.mul(f + 1, one, one);
        a.add(g, f, f);
        a.add(g + 1, f + 1, f + 1);
        a.return_bool(Cond::Eq(g, f, 2));
        let r = Registers::allocate(&a.finish()).unwrap();
        assert_eq!(r.of(f + 1), r.of(f) + 1);
        assert_eq!(r.of(g + 1), r.of(g) + 1);
    }
}
