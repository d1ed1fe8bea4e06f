//! The emitter: algorithm code calls [`Asm`] methods ("add these slots", "copy", "call this
//! subroutine", "loop over the bits of z", "for each pair", "halt INVALID unless equal"), which
//! record a small structured program ([`Program`]). The back-ends consume that one program:
//! the native back-end executes (and counts) it on `evm384-arith`, the bytecode back-end encodes
//! it for EVM384 (v7, v8, v9) or EVMMAX. Both therefore run the very same operation sequence on
//! the very same slots.
//!
//! Memory: the `params` block (p ‖ inv) at byte 0, two scratch words, then 48-byte slots:
//! constants first (copied from the code by one CODECOPY), then working slots, then the array of
//! pair records, which grows with the runtime number of pairs.

mod encoding;
pub mod inline;

pub use encoding::{bit_len, FieldEncoding};

use crate::curves::{GlvLattice, Tower};

use std::collections::{HashMap, VecDeque};

use evm384_arith::{isa::Op, Limbs, MontField};

/// Index of a 48-byte memory slot.
pub type Slot = u32;

/// Byte address of the `params` block: p (48 bytes) then inv (8 bytes).
pub(crate) const PARAMS_ADDR: u32 = 0;
/// Byte address of the word holding the calldata offset of the current input pair.
pub(crate) const INPUT_PTR_ADDR: u32 = 64;
/// Byte address of the word holding the end address of the pair-record array.
pub(crate) const PAIR_END_ADDR: u32 = 96;
/// Byte address of slot 0.
pub(crate) const SLOTS_ADDR: u32 = 128;
/// Slots reserved for constants (slots `0..CONST_SLOTS`) unless a program asks for more
/// ([`Asm::with_const_slots`]).
pub(crate) const CONST_SLOTS: u32 = 64;

/// Phases for per-phase counting (markers only: they emit no code).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Phase {
    /// Calldata → Montgomery slots: encoding checks, byte order, to-Montgomery.
    Decode,
    /// y² = x³ + b on G1 and G2.
    OnCurve,
    /// Fast subgroup checks (EIP-2537 / eprint 2021/1130 style endomorphism tests).
    Subgroup,
    MillerLoop,
    FinalExp,
    /// The comparison with one and the 32-byte result (the pairing check); the conversion to
    /// affine coordinates and the encoded point (the MSMs).
    Output,
    /// The MSMs' shared doublings and window additions (`Node::ForScalarWindows`).
    ScalarMul,
    /// The hinted pairing check's product d^p·w of its witness (d = c⁻¹, w ∈ Fp6) and its final
    /// equation.
    Hint,
    /// The maps' simplified SWU onto the isogenous curve, square roots included.
    Sswu,
    /// The maps' isogeny onto the curve.
    Isogeny,
    /// The maps' multiplication by the effective cofactor.
    ClearCofactor,
}

impl Phase {
    /// The phases of the pairing check, in order.
    pub const ALL: [Phase; 6] =
        [Phase::Decode, Phase::OnCurve, Phase::Subgroup, Phase::MillerLoop, Phase::FinalExp, Phase::Output];
    pub fn name(self) -> &'static str {
        match self {
            Phase::Decode => "decode",
            Phase::OnCurve => "on-curve",
            Phase::Subgroup => "subgroup",
            Phase::MillerLoop => "miller-loop",
            Phase::FinalExp => "final-exp",
            Phase::Output => "output",
            Phase::ScalarMul => "scalar-mul",
            Phase::Hint => "hint",
            Phase::Sswu => "sswu",
            Phase::Isogeny => "isogeny",
            Phase::ClearCofactor => "clear-cofactor",
        }
    }
}

/// A runtime condition.
#[derive(Clone, Debug, PartialEq)]
pub enum Cond {
    /// Slots `a..a+n` equal slots `b..b+n` (values are canonical, so bytes are compared).
    Eq(Slot, Slot, u32),
    /// The negation of `Eq`.
    Ne(Slot, Slot, u32),
    /// The current input pair has a non-zero byte in `offset..offset+len`.
    InputNonZero { offset: u32, len: u32 },
    /// The negation of `InputNonZero` (the bytes encode the point at infinity).
    InputZero { offset: u32, len: u32 },
    /// No pair record was appended (every pair had a point at infinity).
    NoPairs,
    /// sgn0(x) = 1 for the Fp (`n` = 1) or Fp2 (`n` = 2) value at `x` (RFC 9380 §4.1: the
    /// parity of the canonical value; for Fp2, of x₀, or of x₁ when x₀ = 0). EVM384 takes each
    /// coefficient out of Montgomery form by a product with the raw one in `one` into `tmp`
    /// (counted as MULMODMONT384s); EVMMAX's LOADX converts by itself.
    Sgn0 { x: Slot, n: u32, one: Slot, tmp: Slot },
    /// The negation of a condition.
    Not(Box<Cond>),
}

/// What the input length must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputLength {
    /// A non-zero multiple of this many bytes (PAIRING_CHECK: of 384).
    MultipleOf(u32),
    /// A multiple of this many bytes, zero included (EIP-197's ecPairing: of 192).
    MultipleOfOrEmpty(u32),
    /// Exactly this many bytes (G1ADD: 256, G2ADD: 512).
    Exactly(u32),
    /// `prefix` bytes, then a non-zero multiple of `unit` (the hinted pairing check: its witness,
    /// then the pairs).
    PrefixThenMultipleOf { prefix: u32, unit: u32 },
}

/// How `Node::ScalarHalf` splits a scalar s for an endomorphism of eigenvalue λ.
#[derive(Clone, Debug, PartialEq)]
pub enum GlvSplit {
    /// s′ = s mod `r` = lo + hi·`lambda`, lo = s′ mod λ, hi = ⌊s′/λ⌋, both non-negative and
    /// below 2^128 where r < λ² (BLS12's λ = z²). EVM code: MOD, DIV on the stack.
    Quotient { r: [u64; 4], lambda: u128 },
    /// Signed halves h on a short lattice basis ([`GlvLattice`]: BN254's λ ≈ 2^192), each
    /// kept as h + 2^bits (non-negative, below 2^(bits + 1)): the caller adds −2^bits·(P + φ(P))
    /// back. EVM code: MOD, the high words of two 512-bit products by MULMOD and MUL, wrapping
    /// MUL and ADD.
    Lattice(Box<GlvLattice>),
}

/// One step of a program.
#[derive(Clone, Debug)]
pub enum Node {
    /// `out = x (op) y` modulo p (the `params` block).
    Op {
        op: Op,
        out: Slot,
        x: Slot,
        y: Slot,
    },
    /// Copies `n` slots (memmove, MCOPY).
    Copy {
        dst: Slot,
        src: Slot,
        n: u32,
    },
    Call(usize),
    /// For each bit (most significant first): `always`, then `if_set` when the bit is one.
    ForBits {
        bits: Vec<bool>,
        always: Vec<Node>,
        if_set: Vec<Node>,
    },
    /// A windowed exponentiation's tail: for each window, `always` `sqr` times, then table entry
    /// `entry` (slots `table + n·entry ..`, `n` each) copied to `tmp`, then `then`.
    ForWindows {
        windows: Vec<Window>,
        table: Slot,
        n: u32,
        tmp: Slot,
        always: Vec<Node>,
        then: Vec<Node>,
    },
    /// For each pair record: copy its first `read` slots into the work record, run `body`,
    /// write back the updated part of the work record (see [`PairLayout`]). The work record's
    /// other slots keep what the last pass left (a body must not read them).
    ForEachPair {
        read: u32,
        body: Vec<Node>,
    },
    /// From here on the first `records` pair records live where the back-end can reach them
    /// without memory: EVMMAX keeps them in registers above the allocated ones (as many as fit)
    /// and writes every later `ForEachPair` out once per cached record, its copies in and out
    /// register copies, the records beyond them through memory as before; other back-ends
    /// ignore it. At most one, at the top level of `main`, with no `ForEachPair` before it and
    /// nothing after it that reads or writes the records otherwise (`AppendPair`, the scalar
    /// nodes; EVMMAX has no `ReturnMemory`).
    CachePairs {
        records: u32,
    },
    /// For each input record of `stride` bytes from calldata byte `start` to the end (384: a
    /// pairing input pair; the current record is what `LoadInput`, `Cond::InputNonZero` and
    /// `ScalarHalf` read).
    ForEachInput {
        start: u32,
        stride: u32,
        body: Vec<Node>,
    },
    /// Half of the current input's scalar, kept as one 256-bit word in slot `slot` of the last
    /// appended record (GLV, Gallant–Lambert–Vanstone, CRYPTO 2001): the 32-byte big-endian s at
    /// `offset`, split by `split` (`high` selects the second half).
    ScalarHalf {
        offset: u32,
        slot: u32,
        split: GlvSplit,
        high: bool,
    },
    /// The current input's 32-byte big-endian scalar at `offset`, unreduced (all 256 bits),
    /// kept as one word in slot `slot` of the last appended record: EIP-2539's MUL and
    /// MULTIEXP, which accept points outside the prime-order subgroup, where neither a
    /// reduction mod r nor an endomorphism split is valid. EVM code: CALLDATALOAD, MSTORE.
    Scalar {
        offset: u32,
        slot: u32,
    },
    /// Straus' interleaved window method (Straus, AMM 71, 1964) over the records: for each
    /// window j = `windows`−1 down to 0: `double` `width` times (not before the first window),
    /// then for each record: `tmp` ← entry d of the record's table (`entry` slots each, the
    /// table at record slot `table`), d = bits `width`·j .. `width`·(j+1) of the record's scalar
    /// word (record slot `scalar`), then `add`. `records`: `Some(n)` where the program has
    /// appended exactly n records whatever the input (the EVM code then unrolls the loop over
    /// them, each record's address a constant), `None` where the count is known at run time only.
    ForScalarWindows {
        width: u32,
        windows: u32,
        scalar: u32,
        table: u32,
        entry: u32,
        tmp: Slot,
        records: Option<u32>,
        double: Vec<Node>,
        add: Vec<Node>,
    },
    If(Cond, Vec<Node>),
    /// Halt with INVALID unless the condition holds.
    Assert(Cond),
    /// Halt with INVALID unless the input length is as required.
    CheckInputLength(InputLength),
    /// Reads the field element x at `offset` of the current input pair, encoded as
    /// [`Program::encoding`] says, into `dst` in Montgomery form, x·R mod p; INVALID unless the
    /// element, read as one big-endian integer, is below p (EIP-2537: the top 16 of 64 bytes
    /// zero, the value below p). EVM384 loads x and multiplies it by R² (slot `r2`, counted as
    /// one MULMODMONT384); EVMMAX's STOREX converts by itself.
    LoadInput {
        dst: Slot,
        offset: u32,
        r2: Slot,
    },
    /// `LoadInput` of `n` consecutive field elements (`FieldEncoding::bytes` each, from
    /// `offset`) into the `n` consecutive slots from `dst`, by a loop (EVM384: the checks and
    /// byte order in a runtime loop, then the `n` products by R²; EVMMAX: one STOREX of all):
    /// the same values as `n` `LoadInput`s in a fraction of the code. `packed`: the value bytes
    /// alone, without the encoding's zero padding (EIP-2537: 48 bytes each, the hinted check's
    /// witness; EVMMAX: one CALLDATACOPY where the value is as wide as a register).
    LoadInputs {
        dst: Slot,
        n: u32,
        offset: u32,
        r2: Slot,
        packed: bool,
    },
    /// Appends the work record to the pair-record array.
    AppendPair,
    Phase(Phase),
    /// Halts returning the 32-byte big-endian boolean of the condition.
    ReturnBool(Cond),
    /// Halts returning the field elements in `slots` (Montgomery form) as
    /// [`Program::encoding`] says (EIP-2537: 64 bytes each, 16 zero bytes then the canonical
    /// value big-endian). EVM384 converts each by a product with the raw one in `one` into
    /// `tmp`; EVMMAX's LOADX converts itself.
    ReturnFields {
        slots: Vec<Slot>,
        one: Slot,
        tmp: Slot,
    },
    /// Halts returning all slots up to the end of the pair-record array (debugging/tests).
    ReturnMemory,
}

impl Node {
    /// The blocks nested in this node (loop bodies, a condition's body), in order.
    pub(crate) fn blocks(&self) -> Vec<&[Node]> {
        match self {
            Node::ForBits { always, if_set, .. } => vec![always, if_set],
            Node::ForWindows { always, then, .. } => vec![always, then],
            Node::ForEachPair { body, .. } | Node::ForEachInput { body, .. } | Node::If(_, body) => vec![body],
            Node::ForScalarWindows { double, add, .. } => vec![double, add],
            _ => Vec::new(),
        }
    }

    /// [`Node::blocks`], to change them in place.
    pub(crate) fn blocks_mut(&mut self) -> Vec<&mut Vec<Node>> {
        match self {
            Node::ForBits { always, if_set, .. } => vec![always, if_set],
            Node::ForWindows { always, then, .. } => vec![always, then],
            Node::ForEachPair { body, .. } | Node::ForEachInput { body, .. } | Node::If(_, body) => vec![body],
            Node::ForScalarWindows { double, add, .. } => vec![double, add],
            _ => Vec::new(),
        }
    }
}

/// One window of a sliding-window exponentiation: acc ← acc^(2^sqr)·table\[entry\].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// Squarings before the multiplication (≥ 1).
    pub sqr: u32,
    /// Index of the table entry multiplied in.
    pub entry: u32,
}

/// A subroutine: a body emitted once and reached by call/return.
#[derive(Clone, Debug)]
pub struct Sub {
    pub name: &'static str,
    pub body: Vec<Node>,
}

/// Layout of the per-pair records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairLayout {
    /// The work record (the pair being processed).
    pub work: Slot,
    /// Slots per record.
    pub record: u32,
    /// The part written back after each `ForEachPair` body: `(offset in record, slots)`.
    pub writeback: (u32, u32),
    /// First slot of the array (after every other slot).
    pub base: Slot,
}

/// A complete generated program, the input of every back-end.
#[derive(Clone, Debug)]
pub struct Program {
    pub main: Vec<Node>,
    pub subs: Vec<Sub>,
    /// Constant slots `0..consts.len()` (raw 384-bit values, Montgomery where meant).
    pub consts: Vec<Limbs>,
    pub pairs: PairLayout,
    pub field: MontField,
    /// Every block of more than one slot that was allocated together (a tower value):
    /// the EVMMAX back-end keeps each in consecutive registers.
    pub allocations: Vec<(Slot, u32)>,
    /// How the calldata and returndata encode a field element (`LoadInput`, `LoadInputs`,
    /// `ReturnFields`).
    pub encoding: FieldEncoding,
}

type SubBody = Box<dyn FnOnce(&mut Asm)>;

/// The builder the algorithm code writes to.
pub struct Asm {
    blocks: Vec<Vec<Node>>,
    subs: Vec<Sub>,
    sub_ids: HashMap<&'static str, usize>,
    pending: VecDeque<(usize, SubBody)>,
    next: Slot,
    high: Slot,
    consts: Vec<Limbs>,
    const_ids: HashMap<Vec<Limbs>, Slot>,
    pairs: Option<PairLayout>,
    allocations: Vec<(Slot, u32)>,
    /// Slots reserved for constants.
    const_slots: u32,
    pub field: MontField,
    pub f2mul: F2Mul,
    /// The extension tower the algebra writes for (blst's unless a program sets its curve's).
    pub tower: Tower,
    /// How the program's ABI encodes field elements (EIP-2537's unless a program sets another;
    /// [`Asm::finish`] checks that it fits p).
    pub encoding: FieldEncoding,
}

impl Asm {
    pub fn new(field: MontField, f2mul: F2Mul) -> Asm {
        Asm::with_const_slots(field, f2mul, CONST_SLOTS)
    }

    /// An emitter whose constant region holds `const_slots` values (the default,
    /// [`CONST_SLOTS`], fits every program but the maps' isogeny tables).
    pub(crate) fn with_const_slots(field: MontField, f2mul: F2Mul, const_slots: u32) -> Asm {
        Asm {
            blocks: vec![Vec::new()],
            subs: Vec::new(),
            sub_ids: HashMap::new(),
            pending: VecDeque::new(),
            next: const_slots,
            high: const_slots,
            const_slots,
            consts: Vec::new(),
            const_ids: HashMap::new(),
            pairs: None,
            allocations: Vec::new(),
            field,
            f2mul,
            tower: Tower::BLST,
            encoding: FieldEncoding::EIP2537,
        }
    }

    fn push(&mut self, node: Node) {
        self.blocks.last_mut().expect("open block").push(node);
    }

    fn block(&mut self, body: impl FnOnce(&mut Asm)) -> Vec<Node> {
        self.blocks.push(Vec::new());
        body(self);
        self.blocks.pop().expect("block")
    }

    // ---- memory --------------------------------------------------------------------------

    /// Allocates `n` consecutive slots (released by the enclosing `Asm::scoped`).
    pub fn alloc(&mut self, n: u32) -> Slot {
        let s = self.next;
        self.next += n;
        self.high = self.high.max(self.next);
        if n > 1 {
            self.allocations.push((s, n));
        }
        s
    }

    /// Runs `body`, then frees every slot it allocated (stack discipline for temporaries).
    pub(crate) fn scoped<R>(&mut self, body: impl FnOnce(&mut Asm) -> R) -> R {
        let mark = self.next;
        let r = body(self);
        self.next = mark;
        r
    }

    /// A block of constant slots holding exactly these raw values (deduplicated).
    pub fn const_raw(&mut self, values: &[Limbs]) -> Slot {
        if let Some(&s) = self.const_ids.get(values) {
            return s;
        }
        let s = self.consts.len() as Slot;
        self.consts.extend_from_slice(values);
        assert!(self.consts.len() as u32 <= self.const_slots, "constant region full");
        self.const_ids.insert(values.to_vec(), s);
        s
    }

    /// A block of constants given as canonical integers, stored in Montgomery form.
    pub fn const_mont(&mut self, values: &[Limbs]) -> Slot {
        let v: Vec<Limbs> = values.iter().map(|x| self.field.to_mont(x)).collect();
        self.const_raw(&v)
    }

    // ---- straight-line operations ---------------------------------------------------------

    pub fn add(&mut self, out: Slot, x: Slot, y: Slot) {
        self.push(Node::Op { op: Op::AddMod384, out, x, y });
    }
    pub fn sub(&mut self, out: Slot, x: Slot, y: Slot) {
        self.push(Node::Op { op: Op::SubMod384, out, x, y });
    }
    pub fn mul(&mut self, out: Slot, x: Slot, y: Slot) {
        self.push(Node::Op { op: Op::MulModMont384, out, x, y });
    }
    /// Copies `n` slots (nothing when `dst == src`).
    pub fn copy(&mut self, dst: Slot, src: Slot, n: u32) {
        if dst != src && n > 0 {
            self.push(Node::Copy { dst, src, n });
        }
    }

    // ---- control flow --------------------------------------------------------------------

    /// Calls the subroutine `name`; its body is generated once, on first use, by `body`.
    /// Arguments and results live in fixed slots chosen by the caller's convention.
    pub fn call(&mut self, name: &'static str, body: impl FnOnce(&mut Asm) + 'static) {
        let id = match self.sub_ids.get(name) {
            Some(&id) => id,
            None => {
                let id = self.subs.len();
                self.subs.push(Sub { name, body: Vec::new() });
                self.sub_ids.insert(name, id);
                self.pending.push_back((id, Box::new(body)));
                id
            }
        };
        self.push(Node::Call(id));
    }

    pub(crate) fn for_bits(&mut self, bits: &[bool], always: impl FnOnce(&mut Asm), if_set: impl FnOnce(&mut Asm)) {
        let always = self.block(always);
        let if_set = self.block(if_set);
        self.push(Node::ForBits { bits: bits.to_vec(), always, if_set });
    }

    /// For each window: `always` `sqr` times, `tmp` ← table entry (`n` slots), `then`.
    pub(crate) fn for_windows(
        &mut self,
        windows: &[Window],
        (table, n, tmp): (Slot, u32, Slot),
        always: impl FnOnce(&mut Asm),
        then: impl FnOnce(&mut Asm),
    ) {
        assert!(windows.iter().all(|w| w.sqr >= 1), "for_windows: every window squares at least once");
        let always = self.block(always);
        let then = self.block(then);
        self.push(Node::ForWindows { windows: windows.to_vec(), table, n, tmp, always, then });
    }

    /// For each pair record, the whole record in the work record.
    pub(crate) fn for_each_pair(&mut self, body: impl FnOnce(&mut Asm)) {
        let read = self.pairs.expect("set_pair_layout before for_each_pair").record;
        self.for_each_pair_reading(read, body);
    }

    /// For each pair record, only its first `read` slots brought into the work record (the
    /// body reads no other slot of it).
    pub fn for_each_pair_reading(&mut self, read: u32, body: impl FnOnce(&mut Asm)) {
        let body = self.block(body);
        self.push(Node::ForEachPair { read, body });
    }

    /// See [`Node::CachePairs`].
    pub(crate) fn cache_pairs(&mut self, records: u32) {
        self.push(Node::CachePairs { records });
    }

    /// For each `stride`-byte record of the input.
    pub(crate) fn for_each_input(&mut self, stride: u32, body: impl FnOnce(&mut Asm)) {
        self.for_each_input_from(0, stride, body);
    }

    /// For each `stride`-byte record of the input from byte `start` on.
    pub(crate) fn for_each_input_from(&mut self, start: u32, stride: u32, body: impl FnOnce(&mut Asm)) {
        let body = self.block(body);
        self.push(Node::ForEachInput { start, stride, body });
    }

    /// See [`Node::ScalarHalf`].
    pub(crate) fn scalar_half(&mut self, offset: u32, slot: u32, split: GlvSplit, high: bool) {
        self.push(Node::ScalarHalf { offset, slot, split, high });
    }

    /// See [`Node::Scalar`].
    pub(crate) fn scalar(&mut self, offset: u32, slot: u32) {
        self.push(Node::Scalar { offset, slot });
    }

    /// See [`Node::ForScalarWindows`]: `(width, windows)`, record slots `(scalar, table, entry)`.
    pub(crate) fn for_scalar_windows(
        &mut self,
        (width, windows): (u32, u32),
        (scalar, table, entry): (u32, u32, u32),
        tmp: Slot,
        records: Option<u32>,
        double: impl FnOnce(&mut Asm),
        add: impl FnOnce(&mut Asm),
    ) {
        assert!((1..=8).contains(&width) && windows >= 1, "for_scalar_windows: 1..=8 bits per window");
        let double = self.block(double);
        let add = self.block(add);
        self.push(Node::ForScalarWindows { width, windows, scalar, table, entry, tmp, records, double, add });
    }

    pub fn if_(&mut self, cond: Cond, then: impl FnOnce(&mut Asm)) {
        let b = self.block(then);
        self.push(Node::If(cond, b));
    }

    pub(crate) fn assert(&mut self, cond: Cond) {
        self.push(Node::Assert(cond));
    }

    pub fn check_input_length(&mut self, length: InputLength) {
        self.push(Node::CheckInputLength(length));
    }

    /// Halts returning `slots` as encoded field elements (see [`Node::ReturnFields`]).
    pub fn return_fields(&mut self, slots: &[Slot], one: Slot, tmp: Slot) {
        self.push(Node::ReturnFields { slots: slots.to_vec(), one, tmp });
    }

    /// `dst` ← x·R for the input field element x at `offset` (see [`Node::LoadInput`]).
    pub fn load_input(&mut self, dst: Slot, offset: u32, r2: Slot) {
        self.push(Node::LoadInput { dst, offset, r2 });
    }

    /// See [`Node::LoadInputs`].
    pub fn load_inputs(&mut self, dst: Slot, n: u32, offset: u32, r2: Slot) {
        self.push(Node::LoadInputs { dst, n, offset, r2, packed: false });
    }

    /// See [`Node::LoadInputs`]: `n` field elements of the encoding's value bytes each (no zero
    /// padding).
    pub fn load_packed_inputs(&mut self, dst: Slot, n: u32, offset: u32, r2: Slot) {
        self.push(Node::LoadInputs { dst, n, offset, r2, packed: true });
    }

    /// Declares the pair-record layout (once, before `append_pair`/`for_each_pair`; a program
    /// without pair records declares none).
    pub fn set_pair_layout(&mut self, work: Slot, record: u32, writeback: (u32, u32)) {
        self.pairs = Some(PairLayout { work, record, writeback, base: 0 });
    }

    pub(crate) fn append_pair(&mut self) {
        self.push(Node::AppendPair);
    }

    pub(crate) fn phase(&mut self, p: Phase) {
        self.push(Node::Phase(p));
    }

    pub(crate) fn return_bool(&mut self, cond: Cond) {
        self.push(Node::ReturnBool(cond));
    }

    pub fn return_memory(&mut self) {
        self.push(Node::ReturnMemory);
    }

    /// Generates the pending subroutine bodies (each in a fresh frame above all slots used so
    /// far, so no subroutine's temporaries can overlap a caller's) and returns the program.
    /// Panics if the field encoding cannot carry p ([`FieldEncoding::check`]).
    pub fn finish(mut self) -> Program {
        if let Err(e) = self.encoding.check(&self.field.m) {
            panic!("{e}");
        }
        while let Some((id, body)) = self.pending.pop_front() {
            self.next = self.high;
            let b = self.block(body);
            self.subs[id].body = b;
        }
        let main = self.blocks.pop().expect("main block");
        assert!(self.blocks.is_empty(), "unclosed block");
        // A program without pair records has an empty layout.
        let mut pairs = self.pairs.unwrap_or(PairLayout { work: 0, record: 0, writeback: (0, 0), base: 0 });
        pairs.base = self.high;
        self.allocations.sort_unstable();
        self.allocations.dedup();
        let prog = Program {
            main,
            subs: self.subs,
            consts: self.consts,
            pairs,
            field: self.field,
            allocations: self.allocations,
            encoding: self.encoding,
        };
        assert_pair_reads(&prog, &prog.main);
        prog.subs.iter().for_each(|sub| assert_pair_reads(&prog, &sub.body));
        assert_pair_cache_placement(&prog);
        prog
    }
}

/// Panics if a `ForEachPair` body (called subroutines included) reads a slot of the work
/// record that its pass does not bring in (stale: what an earlier pass left).
fn assert_pair_reads(prog: &Program, nodes: &[Node]) {
    fn reads(prog: &Program, nodes: &[Node], seen: &mut Vec<bool>, out: &mut Vec<Slot>) {
        for n in nodes {
            match n {
                Node::Op { x, y, .. } => out.extend([*x, *y]),
                Node::Copy { src, n, .. } => out.extend(*src..*src + *n),
                Node::Call(i) if !seen[*i] => {
                    seen[*i] = true;
                    reads(prog, &prog.subs[*i].body, seen, out);
                }
                other => other.blocks().into_iter().for_each(|b| reads(prog, b, seen, out)),
            }
        }
    }
    for n in nodes {
        if let Node::ForEachPair { read, body } = n {
            let l = prog.pairs;
            let stale = l.work + read..l.work + l.record;
            let mut r = Vec::new();
            reads(prog, body, &mut vec![false; prog.subs.len()], &mut r);
            if let Some(s) = r.iter().find(|s| stale.contains(s)) {
                panic!("a pair pass bringing in {read} slots reads work slot {s} (stale)");
            }
        }
        n.blocks().into_iter().for_each(|b| assert_pair_reads(prog, b));
    }
}

/// Panics unless a `Node::CachePairs` keeps its rule: at most one, at the top level of `main`,
/// no `ForEachPair` reached before it, and no other access to the records reached after it.
fn assert_pair_cache_placement(prog: &Program) {
    fn reaches(prog: &Program, nodes: &[Node], hit: &dyn Fn(&Node) -> bool) -> bool {
        nodes.iter().any(|n| match n {
            Node::Call(i) => reaches(prog, &prog.subs[*i].body, hit),
            other => hit(other) || other.blocks().into_iter().any(|b| reaches(prog, b, hit)),
        })
    }
    let is_cache = |n: &Node| matches!(n, Node::CachePairs { .. });
    let at = prog.main.iter().position(is_cache);
    let nested = |nodes: &[Node]| nodes.iter().any(|n| n.blocks().into_iter().any(|b| reaches(prog, b, &is_cache)));
    assert!(
        !nested(&prog.main) && !prog.subs.iter().any(|s| reaches(prog, &s.body, &is_cache)),
        "CachePairs at the top level of main only"
    );
    let Some(at) = at else { return };
    let (before, after) = prog.main.split_at(at);
    assert!(!reaches(prog, &after[1..], &is_cache), "one CachePairs");
    assert!(!reaches(prog, before, &|n| matches!(n, Node::ForEachPair { .. })), "a ForEachPair before CachePairs");
    let other_access = |n: &Node| {
        matches!(n, Node::AppendPair | Node::Scalar { .. } | Node::ScalarHalf { .. } | Node::ForScalarWindows { .. })
    };
    assert!(!reaches(prog, &after[1..], &other_access), "records reached outside ForEachPair after CachePairs");
}

/// The Fp2 multiplication formula.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum F2Mul {
    /// Karatsuba: 3 MULMODMONT384, 2 ADDMOD384, 3 SUBMOD384.
    #[default]
    V3,
    /// Schoolbook: 4 MULMODMONT384, 1 ADDMOD384, 1 SUBMOD384.
    V4,
}

impl F2Mul {
    pub fn name(self) -> &'static str {
        match self {
            F2Mul::V3 => "v3",
            F2Mul::V4 => "v4",
        }
    }
}

impl core::str::FromStr for F2Mul {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "v3" => Ok(F2Mul::V3),
            "v4" => Ok(F2Mul::V4),
            _ => Err(format!("unknown f2mul '{s}' (expected v3 or v4)")),
        }
    }
}

impl core::fmt::Display for F2Mul {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asm() -> Asm {
        let mut a = Asm::new(MontField::new(crate::curves::bls12_381().p), F2Mul::V3);
        let w = a.alloc(4);
        a.set_pair_layout(w, 4, (0, 2));
        a
    }

    #[test]
    fn pair_passes_after_the_cache_pass() {
        let mut a = asm();
        a.cache_pairs(2);
        a.for_each_pair(|_| {});
        a.call("pass", |a| a.for_each_pair(|_| {}));
        a.finish();
    }

    #[test]
    #[should_panic(expected = "a ForEachPair before CachePairs")]
    fn a_pair_pass_before_the_cache_panics() {
        let mut a = asm();
        a.call("pass", |a| a.for_each_pair(|_| {}));
        a.cache_pairs(2);
        a.finish();
    }

    #[test]
    #[should_panic(expected = "records reached outside ForEachPair after CachePairs")]
    fn appending_a_record_after_the_cache_panics() {
        let mut a = asm();
        a.cache_pairs(2);
        a.append_pair();
        a.finish();
    }

    #[test]
    #[should_panic(expected = "CachePairs at the top level of main only")]
    fn a_cache_in_a_subroutine_panics() {
        let mut a = asm();
        a.call("cache", |a| a.cache_pairs(1));
        a.finish();
    }
}
