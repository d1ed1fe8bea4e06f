//! The assembler under every code writer of the crate (the programs' back-end, the BLS glue):
//! a byte buffer with labels whose PUSH2 targets are fixed up at the end.

use super::opc::{JUMP, JUMPDEST, JUMPI, PUSH0, PUSH1, PUSH2, PUSH32};

/// A jump target, placed once.
pub(crate) type Label = usize;

/// Code being written.
#[derive(Default)]
pub(crate) struct Code {
    pub bytes: Vec<u8>,
    labels: Vec<Option<usize>>,
    fixups: Vec<(usize, Label)>,
}

impl Code {
    pub(crate) fn new() -> Code {
        Code::default()
    }

    /// Bytes written so far.
    pub(crate) fn len(&self) -> usize {
        self.bytes.len()
    }

    pub(crate) fn op(&mut self, b: u8) {
        self.bytes.push(b);
    }

    pub(crate) fn extend(&mut self, b: &[u8]) {
        self.bytes.extend_from_slice(b);
    }

    pub(crate) fn label(&mut self) -> Label {
        self.labels.push(None);
        self.labels.len() - 1
    }

    /// `l` here, at a JUMPDEST.
    pub(crate) fn place(&mut self, l: Label) {
        self.mark(l);
        self.op(JUMPDEST);
    }

    /// `l` here, without a JUMPDEST (a data offset).
    pub(crate) fn mark(&mut self, l: Label) {
        assert!(self.labels[l].is_none(), "label placed twice");
        self.labels[l] = Some(self.len());
    }

    pub(crate) fn push_label(&mut self, l: Label) {
        self.op(PUSH2);
        self.fixups.push((self.len(), l));
        self.extend(&[0, 0]);
    }

    /// The shortest PUSH of `v`.
    pub(crate) fn push(&mut self, v: u64) {
        if v == 0 {
            return self.op(PUSH0);
        }
        let bytes = v.to_be_bytes();
        let skip = bytes.iter().take_while(|&&b| b == 0).count();
        self.op(PUSH1 - 1 + (8 - skip) as u8);
        self.extend(&bytes[skip..]);
    }

    pub(crate) fn push32(&mut self, w: &[u8; 32]) {
        self.op(PUSH32);
        self.extend(w);
    }

    pub(crate) fn jump_to(&mut self, l: Label) {
        self.push_label(l);
        self.op(JUMP);
    }

    pub(crate) fn jumpi_to(&mut self, l: Label) {
        self.push_label(l);
        self.op(JUMPI);
    }

    /// The code with every label's target written, or `Err(length)` when a target lies beyond
    /// PUSH2's reach.
    pub(crate) fn finish(mut self) -> Result<Vec<u8>, usize> {
        for &(pos, l) in &self.fixups {
            let target = self.labels[l].expect("label placed");
            if target > 0xffff {
                return Err(self.bytes.len());
            }
            self.bytes[pos..pos + 2].copy_from_slice(&(target as u16).to_be_bytes());
        }
        Ok(self.bytes)
    }
}
