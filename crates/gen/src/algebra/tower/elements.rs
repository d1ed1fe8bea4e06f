//! The tower's elements as groups of consecutive slots (an Fp12's coefficients also in w-power
//! order), and the constants every tower operation may need.

use crate::ir::{Asm, Slot};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fp2(pub Slot);
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fp6(pub Slot);
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fp12(pub Slot);

impl Fp2 {
    pub(crate) fn c0(self) -> Slot {
        self.0
    }
    pub(crate) fn c1(self) -> Slot {
        self.0 + 1
    }
}
impl Fp6 {
    pub(crate) fn c(self, i: u32) -> Fp2 {
        Fp2(self.0 + 2 * i)
    }
}
impl Fp12 {
    pub(crate) fn c(self, i: u32) -> Fp6 {
        Fp6(self.0 + 6 * i)
    }
}

/// Constant slots the tower needs (Montgomery form).
#[derive(Clone, Copy, Debug)]
pub struct TowerConsts {
    pub zero: Slot,
    /// (1, 0): one in Fp (slot `one`) followed by zero, also one in Fp2.
    pub one: Slot,
    /// One in Fp12 (12 slots).
    pub one_fp12: Slot,
}

impl TowerConsts {
    pub fn new(a: &mut Asm) -> TowerConsts {
        let one = [1, 0, 0, 0, 0, 0];
        let zero = [0u64; 6];
        let mut v = vec![one];
        v.extend(std::iter::repeat_n(zero, 11));
        let one_fp12 = a.const_mont(&v);
        TowerConsts { zero: one_fp12 + 1, one: one_fp12, one_fp12 }
    }
}

/// Fp12 coefficient slots in w-power order: wⁱ for i = 0..5 is (c0.c0, c1.c0, c0.c1, c1.c1,
/// c0.c2, c1.c2).
pub(crate) fn w_powers(x: Fp12) -> [Fp2; 6] {
    [x.c(0).c(0), x.c(1).c(0), x.c(0).c(1), x.c(1).c(1), x.c(0).c(2), x.c(1).c(2)]
}
