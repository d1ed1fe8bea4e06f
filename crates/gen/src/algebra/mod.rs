//! The algebra, written once against the emitter (`crate::ir::Asm`): the Fp2/Fp6/Fp12 tower
//! and its cyclotomic squarings ([`tower`]), point arithmetic over Fp and Fp2 and the Miller
//! loop's lines ([`curve`]); and the formula choices they take ([`Squaring`], [`Moves`]).

pub mod curve;
pub mod tower;

/// How the final exponentiation's exponentiations by z square (a formula choice, like [`F2Mul`](crate::ir::F2Mul)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Squaring {
    /// Granger–Scott cyclotomic squaring (eprint 2009/565): three Fp4 squarings of three
    /// complex squarings each (18 products, 89 additions a squaring, fused at the Fp level:
    /// `tower::cyclotomic_sqr_fp12`), square-and-multiply over the bits of |z|.
    #[default]
    GrangerScott,
    /// Granger–Scott with each Fp4 squaring's 2·x0·x1 as one Fp2 product instead of
    /// (x0 + x1)² − x0² − x1²: 2 (Karatsuba) or 3 (schoolbook) Fp additions fewer and 1 or 2
    /// Fp products more per Fp4 squaring — cheaper where every instruction pays a PUSH (v7, v8).
    GrangerScottProducts,
    /// Karabina's compressed squaring (eprint 2010/542): 6 sqr_fp2 per squaring on 4 of the 6
    /// Fp2 coefficients, the powers at the set bits of |z| decompressed together (one Fp2
    /// inversion per exponentiation).
    Karabina,
}

impl Squaring {
    pub const ALL: [Squaring; 3] = [Squaring::GrangerScott, Squaring::GrangerScottProducts, Squaring::Karabina];
    pub fn name(self) -> &'static str {
        match self {
            Squaring::GrangerScott => "granger-scott",
            Squaring::GrangerScottProducts => "granger-scott-products",
            Squaring::Karabina => "karabina",
        }
    }
}

impl core::str::FromStr for Squaring {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Squaring::ALL.into_iter().find(|q| q.name() == s.to_ascii_lowercase()).ok_or_else(|| {
            format!("unknown squaring '{s}' (expected granger-scott, granger-scott-products or karabina)")
        })
    }
}

impl core::fmt::Display for Squaring {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// How the pairing check's `mul_fp12` moves its Fp6 operands into and out of `mul_fp6`'s
/// registers (5 moves a product; also the one move of the Miller loop's in-place squaring,
/// `tower::sqr_fp12_in_mul_fp6_regs`). Not a formula: a build decides it
/// (`evm384_build::Formulas::choose_moves`); a program takes it through `ProgramOptions::moves`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Moves {
    /// One MCOPY per move: ~10 bytes, 33 gas for an Fp6 in v9 under model-b-repriced (39 in v7
    /// under model-b).
    #[default]
    Copies,
    /// One ADDMOD384 of zero per slot (`tower::move_by_additions`): 6 gas for an Fp6 in v9
    /// under model-b-repriced (24 in v7 under model-b), but ~102 bytes in v9 and more in v7:
    /// ~490 bytes more for the whole program in v7.
    Additions,
}

impl Moves {
    pub fn name(self) -> &'static str {
        match self {
            Moves::Copies => "copies",
            Moves::Additions => "additions",
        }
    }

    /// The choice as a build description shows it (beside the build's formulas).
    pub fn describe(self) -> &'static str {
        match self {
            Moves::Copies => "Fp12 product's moves as MCOPYs",
            Moves::Additions => "Fp12 product's moves as additions",
        }
    }
}

impl core::fmt::Display for Moves {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}
