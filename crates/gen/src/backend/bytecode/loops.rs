//! Loops over constant data: counted runs (unrolled by `AssembleOptions::unroll`), PUSH32 bit
//! loops, and the sliding-window exponentiation's computed jump into a run of squarings.

use super::emitter::Emitter;
use super::opc::*;
use crate::ir::{Node, Window};

impl Emitter<'_> {
    /// Sparse bits (|z| has 5 ones below its top bit): each run of zeros ending in a one becomes
    /// a counted loop of `always` followed by one `if_set`. A counted iteration costs 26 gas of
    /// control flow against 55 for the PUSH32 bit loop, for ~20 extra bytes per run.
    pub(super) fn for_bits_sparse(&mut self, bits: &[bool], always: &[Node], if_set: &[Node]) {
        let mut run = 0u64;
        for (i, &b) in bits.iter().enumerate() {
            run += 1;
            if b || i + 1 == bits.len() {
                self.repeat(run, always);
                if b {
                    self.block(if_set);
                }
                run = 0;
            }
        }
    }

    /// `body` `n` times: inline once, else a loop with the counter on the stack (26 gas of
    /// control per iteration: PUSH1 SWAP1 SUB DUP1 PUSH2 JUMPI JUMPDEST), unrolled by
    /// `AssembleOptions::unroll`.
    pub(super) fn repeat(&mut self, n: u64, body: &[Node]) {
        // Unrolled by u: the n mod u leftover bodies inline, then a loop of n / u iterations over
        // u copies (inline when once).
        let u = self.opts.unroll.max(1) as u64;
        let leftover: Vec<Node> = (0..n % u).flat_map(|_| body.iter().cloned()).collect();
        self.block(&leftover);
        let q = n / u;
        let unrolled: Vec<Node>;
        let body = if u == 1 {
            body
        } else {
            unrolled = (0..u).flat_map(|_| body.iter().cloned()).collect();
            &unrolled
        };
        match q {
            0 => {}
            1 => self.block(body),
            _ => {
                let top = self.label();
                self.push(q);
                self.place(top);
                self.block(body);
                self.push(1);
                self.op(SWAP1);
                self.op(SUB); // q - 1
                self.op(DUP1);
                self.jumpi_to(top);
                self.op(POP);
            }
        }
    }

    /// One PUSH32 loop over ≤ 255 bits: word = bits ‖ 1 ‖ 0…, top bit = current bit.
    pub(super) fn for_bits_chunk(&mut self, bits: &[bool], always: &[Node], if_set: &[Node]) {
        assert!(bits.len() <= 255);
        if bits.is_empty() {
            return;
        }
        let mut w = [0u8; 32];
        for (i, &b) in bits.iter().chain(std::iter::once(&true)).enumerate() {
            if b {
                w[i / 8] |= 0x80 >> (i % 8);
            }
        }
        let (top, skip) = (self.label(), self.label());
        self.push32(&w);
        self.place(top);
        self.block(always);
        self.op(DUP1);
        self.push(255);
        self.op(SHR); // current bit
        self.op(ISZERO);
        self.jumpi_to(skip);
        self.block(if_set);
        self.place(skip);
        self.push(1);
        self.op(SHL); // next bit
        self.op(DUP1);
        self.push(1);
        self.op(SHL); // zero once only the sentinel is left
        self.jumpi_to(top);
        self.op(POP);
    }

    /// The windows, one byte each (`sqr` in the high bits, `entry` in the low `eb` bits), packed
    /// 32 to a PUSH32 word (first window in the top byte), every word pushed at entry above a
    /// zero sentinel. Per window: the squarings as a jump into a run of copies of `always`,
    /// `sqr` copies before its end (Duff's device, Duff 1983: one computed jump a window
    /// instead of a counted loop's control per squaring); one MCOPY of the entry (its address
    /// computed on the stack, so the same code serves every entry); `then`. A word is zero once
    /// its windows are shifted out (every byte is non-zero since `sqr ≥ 1`); the next word
    /// follows, and the sentinel ends the loop.
    pub(super) fn for_windows(
        &mut self,
        windows: &[Window],
        (table, n, tmp): (u32, u32, u32),
        always: &[Node],
        then: &[Node],
    ) {
        let max_entry = windows.iter().map(|w| w.entry).max().expect("a window");
        let eb = (32 - max_entry.leading_zeros()).max(1);
        let most = windows.iter().map(|w| w.sqr).max().expect("a window");
        assert!(windows.iter().all(|w| w.sqr >= 1) && most < 1 << (8 - eb), "a window does not fit one byte");
        self.push(0); // sentinel
        for chunk in windows.chunks(32).rev() {
            let mut word = [0u8; 32];
            for (i, w) in chunk.iter().enumerate() {
                word[i] = ((w.sqr << eb) | w.entry) as u8;
            }
            self.push32(&word);
        } // [0, …, w]
        let (top, end) = (self.label(), self.label());
        self.place(top);
        self.op(DUP1);
        self.push(256 - 8 + eb as u64);
        self.op(SHR); // [w, sqr]
        self.op(PUSH2);
        let len_at = self.len();
        self.extend(&[0, 0]); // bytes of one copy, written below
        self.op(MUL);
        self.push_label(end);
        self.op(SUB); // [w, end - sqr·copy]
        self.op(JUMP);
        let mut copy_len = None;
        for _ in 0..most {
            let start = self.len();
            self.op(JUMPDEST);
            self.block(always);
            let len = self.len() - start;
            assert_eq!(*copy_len.get_or_insert(len), len, "the copies of a squaring must be alike");
        }
        let copy_len = u16::try_from(copy_len.expect("most ≥ 1")).expect("a squaring under 64 KB");
        self.code.bytes[len_at..len_at + 2].copy_from_slice(&copy_len.to_be_bytes());
        self.mark(end); // [w]
        self.table_entry(eb, (table, n, tmp)); // tmp ← table[entry]
        self.block(then);
        self.push(8);
        self.op(SHL); // next window
        self.op(DUP1);
        self.jumpi_to(top);
        self.op(POP); // the next word
        self.op(DUP1);
        self.jumpi_to(top);
        self.op(POP); // the sentinel
    }
}
