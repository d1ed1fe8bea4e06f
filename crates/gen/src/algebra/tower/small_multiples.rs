//! Products by a tower's small constants (β, ξ's coordinates): additions for |c| ≤ 2, one
//! product by a constant slot otherwise.

use crate::ir::{Asm, Slot};

/// The constant slot of the small integer c (mod p, Montgomery form).
fn small_const(a: &mut Asm, c: i64) -> Slot {
    let m = [c.unsigned_abs(), 0, 0, 0, 0, 0];
    let v = if c < 0 { evm384_arith::submod384(&[0; 6], &m, &a.field.m) } else { m };
    a.const_mont(&[v])
}

/// out = x + c·y for a small integer c (`out` may alias `x` or `y`): the products by a
/// tower's small constants. |c| ≤ 2 by additions; otherwise |c|·y is one product by a constant
/// slot (two instructions, against three or more additions for |c| ≥ 3).
pub(super) fn add_small_multiple(a: &mut Asm, out: Slot, x: Slot, y: Slot, c: i64) {
    match c {
        0 => {
            if out != x {
                a.copy(out, x, 1);
            }
        }
        1 => a.add(out, x, y),
        -1 => a.sub(out, x, y),
        _ => a.scoped(|a| {
            let t = a.alloc(1);
            if c.unsigned_abs() == 2 {
                a.add(t, y, y);
            } else {
                let k = small_const(a, c.abs());
                a.mul(t, y, k);
            }
            if c > 0 {
                a.add(out, x, t);
            } else {
                a.sub(out, x, t);
            }
        }),
    }
}

/// out = c·y for a small integer c ≠ 0: a copy, a doubling, or one product by a constant slot.
fn small_multiple(a: &mut Asm, out: Slot, y: Slot, c: i64) {
    match c {
        0 => panic!("small_multiple by 0"),
        1 => a.copy(out, y, 1),
        2 => a.add(out, y, y),
        _ => {
            let k = small_const(a, c);
            a.mul(out, y, k);
        }
    }
}

/// out = cx·x + cy·y for small integers; `out` may alias `x`, not `y` unless cx ∈ {0, 1}.
/// cx ∉ {0, 1} (BN254's ξ = 9 + u: x·ξ = (9·x0 − x1) + (9·x1 + x0)·u): cx·x by
/// [`small_multiple`], then cy·y added.
pub(super) fn small_combination(a: &mut Asm, out: Slot, (x, cx): (Slot, i64), (y, cy): (Slot, i64)) {
    match cx {
        0 => small_multiple(a, out, y, cy),
        1 => add_small_multiple(a, out, x, y, cy),
        _ => {
            assert_ne!(out, y, "small_combination: out aliases y");
            small_multiple(a, out, x, cx);
            add_small_multiple(a, out, out, y, cy);
        }
    }
}
