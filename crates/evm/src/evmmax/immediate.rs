//! The arithmetic instructions and their 7-byte immediate.

/// The arithmetic instructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArithOp {
    AddModX,
    SubModX,
    MulModX,
}

/// The 7-byte immediate of ADDMODX / SUBMODX / MULMODX.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArithImmediate {
    pub out: u8,
    pub out_stride: u8,
    pub x: u8,
    pub x_stride: u8,
    pub y: u8,
    pub y_stride: u8,
    pub count: u8,
}

impl ArithImmediate {
    pub const LEN: usize = 7;

    pub fn from_bytes(b: &[u8; 7]) -> ArithImmediate {
        ArithImmediate { out: b[0], out_stride: b[1], x: b[2], x_stride: b[3], y: b[4], y_stride: b[5], count: b[6] }
    }

    pub fn to_bytes(self) -> [u8; 7] {
        [self.out, self.out_stride, self.x, self.x_stride, self.y, self.y_stride, self.count]
    }
}
