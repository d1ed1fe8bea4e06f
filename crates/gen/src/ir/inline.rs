//! Inlining on the program itself: calls of chosen subroutines replaced by their bodies, then
//! the copies into a subroutine's fixed registers forwarded to their readers.
//!
//! Subroutines take their operands in fixed registers (`pairing::Ctx`), so a caller copies
//! operands in (`mul_fp6`: x and y into its registers; `mul_by_line`: a0 into
//! `mul_by_01_fp6`'s x). Once a body is written out at its call site those copies are waste:
//! the body can read the operands where they already are. [`inline_calls`] expands the calls
//! and then removes every copy whose destination is read only while both the copy's source and
//! destination still hold the copied value and is overwritten before the straight-line run
//! ends — copy propagation with dead-copy elimination (Aho, Lam, Sethi, Ullman, *Compilers*,
//! 2nd ed., §9.1.5 and §9.2.5), restricted to straight-line runs of arithmetic and copies.
//! Any other node (a call left as a call, a loop, a condition, an input access) ends a run,
//! so nothing outside the run can observe a removed copy.
//!
//! The result is an ordinary [`Program`]: the native executor and every bytecode back-end run
//! the same transformed program, so their memories still agree slot for slot.

use crate::ir::{Node, Program, Slot, Sub};

/// Whether bit `i` of `mask` is set (subroutines beyond 64 are never inlined).
pub(crate) fn selected(mask: u64, i: usize) -> bool {
    i < 64 && mask >> i & 1 == 1
}

/// `prog` with every call of a subroutine in `mask` (bit i: `prog.subs[i]`) replaced by its
/// body (recursively), and the copies made redundant by that forwarded. The inlined
/// subroutines stay in `subs` with empty bodies (indices are stable); nothing calls them, so
/// the bytecode back-end leaves them out.
pub fn inline_calls(prog: &Program, mask: u64) -> Program {
    let expand = |nodes: &[Node]| {
        let mut v = expand_calls(nodes, &prog.subs, mask);
        forward_copies(&mut v);
        v
    };
    let subs = prog
        .subs
        .iter()
        .enumerate()
        .map(|(i, s)| Sub { name: s.name, body: if selected(mask, i) { Vec::new() } else { expand(&s.body) } })
        .collect();
    Program {
        main: expand(&prog.main),
        subs,
        consts: prog.consts.clone(),
        pairs: prog.pairs,
        field: prog.field,
        allocations: prog.allocations.clone(),
        encoding: prog.encoding,
    }
}

/// The nodes with calls of selected subroutines replaced by their (expanded) bodies.
fn expand_calls(nodes: &[Node], subs: &[Sub], mask: u64) -> Vec<Node> {
    let mut out = Vec::with_capacity(nodes.len());
    for n in nodes {
        match n {
            Node::Call(i) if selected(mask, *i) => out.extend(expand_calls(&subs[*i].body, subs, mask)),
            other => {
                let mut n = other.clone();
                for b in n.blocks_mut() {
                    *b = expand_calls(b, subs, mask);
                }
                out.push(n);
            }
        }
    }
    out
}

/// Whether a node belongs to a straight-line run: it reads and writes only the slots it names.
fn straight(n: &Node) -> bool {
    matches!(n, Node::Op { .. } | Node::Copy { .. } | Node::Phase(_))
}

/// Removes, in every block, each copy that can be forwarded (see the module header).
pub fn forward_copies(nodes: &mut Vec<Node>) {
    for n in nodes.iter_mut() {
        n.blocks_mut().into_iter().for_each(forward_copies);
    }
    let mut i = 0;
    while i < nodes.len() {
        if let Node::Copy { dst, src, n } = nodes[i] {
            let end = i + 1 + nodes[i + 1..].iter().take_while(|x| straight(x)).count();
            if let Some(edits) = forwarding(&nodes[i + 1..end], dst, src, n) {
                for (k, e) in edits {
                    e.apply(&mut nodes[i + 1 + k], dst, src);
                }
                nodes.remove(i);
                continue;
            }
        }
        i += 1;
    }
}

/// What the copied value is in one slot of the destination, going down the run.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Held {
    /// Destination and source both hold it: a read may go to the source instead.
    Both,
    /// The source was overwritten: a read of the destination cannot be forwarded.
    DestinationOnly,
    /// The destination was overwritten: the copied value is gone, later reads are not its.
    Gone,
}

/// Operand reads of one node to redirect from the destination to the source.
#[derive(Clone, Copy)]
enum Edit {
    /// An `Op`'s x (bit 0) and/or y (bit 1).
    Op(u8),
    /// A `Copy`'s whole source range.
    CopySource,
}

impl Edit {
    fn apply(self, node: &mut Node, dst: Slot, src: Slot) {
        let to_src = |s: &mut Slot| *s = *s - dst + src;
        match (self, node) {
            (Edit::Op(bits), Node::Op { x, y, .. }) => {
                if bits & 1 != 0 {
                    to_src(x);
                }
                if bits & 2 != 0 {
                    to_src(y);
                }
            }
            (Edit::CopySource, Node::Copy { src: s, .. }) => to_src(s),
            _ => unreachable!("edits are made for the node they were found at"),
        }
    }
}

/// The edits that forward the copy `dst ← src` (`n` slots) through `run`, if every destination
/// slot is overwritten in the run and every read of the copied value before that can be
/// redirected; `None` keeps the copy.
fn forwarding(run: &[Node], dst: Slot, src: Slot, n: u32) -> Option<Vec<(usize, Edit)>> {
    if dst < src + n && src < dst + n {
        return None; // overlapping ranges (memmove): not a plain renaming
    }
    let in_dst = |s: Slot| (dst..dst + n).contains(&s).then(|| (s - dst) as usize);
    let in_src = |s: Slot| (src..src + n).contains(&s).then(|| (s - src) as usize);
    let mut held = vec![Held::Both; n as usize];
    let mut edits = Vec::new();
    let write = |held: &mut [Held], s: Slot| {
        if let Some(j) = in_dst(s) {
            held[j] = Held::Gone;
        }
        if let Some(j) = in_src(s) {
            if held[j] == Held::Both {
                held[j] = Held::DestinationOnly;
            }
        }
    };
    for (k, node) in run.iter().enumerate() {
        match *node {
            Node::Op { out, x, y, .. } => {
                let mut bits = 0;
                for (bit, r) in [(1u8, x), (2, y)] {
                    match in_dst(r).map(|j| held[j]) {
                        Some(Held::Both) => bits |= bit,
                        Some(Held::DestinationOnly) => return None,
                        Some(Held::Gone) | None => {}
                    }
                }
                if bits != 0 {
                    edits.push((k, Edit::Op(bits)));
                }
                write(&mut held, out);
            }
            Node::Copy { dst: d2, src: s2, n: n2 } => {
                let reads: Vec<Option<Held>> = (s2..s2 + n2).map(|s| in_dst(s).map(|j| held[j])).collect();
                if reads.iter().all(|r| *r == Some(Held::Both)) {
                    edits.push((k, Edit::CopySource));
                } else if reads.iter().any(|r| matches!(r, Some(Held::Both | Held::DestinationOnly))) {
                    return None; // partly the copied value: cannot be redirected as one range
                }
                for s in d2..d2 + n2 {
                    write(&mut held, s);
                }
            }
            _ => {}
        }
        if held.iter().all(|h| *h == Held::Gone) {
            return Some(edits);
        }
    }
    None // some destination slot may still be read after the run
}
