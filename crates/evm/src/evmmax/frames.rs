//! The EVMMAX states of a transaction's call frames, and the host that keeps them.

use revm::interpreter::Host;

use super::state::EvmmaxState;

/// The EVMMAX states of one transaction's frames, by call depth. A frame about to start a
/// child (CALL, CALLCODE, DELEGATECALL, STATICCALL, CREATE, CREATE2) drops the states of
/// deeper depths, so every new frame starts with none (EIP-6690: the field contexts belong
/// to one call frame).
///
/// The state of the depth that last ran an EVMMAX instruction is kept inline (`current`),
/// the others in `parked` by depth (`parked[depth]` itself holds an empty placeholder), so
/// that an instruction reaches its state by a comparison of depths rather than through a
/// vector indexed by one.
#[derive(Clone, Debug, Default)]
pub struct EvmmaxFrames {
    current: EvmmaxState,
    depth: usize,
    parked: Vec<EvmmaxState>,
}

impl EvmmaxFrames {
    #[inline]
    pub fn at(&mut self, depth: usize) -> &mut EvmmaxState {
        if depth != self.depth {
            self.switch_to(depth);
        }
        &mut self.current
    }
    /// Parks the current depth's state and takes `depth`'s.
    #[cold]
    fn switch_to(&mut self, depth: usize) {
        let needed = depth.max(self.depth) + 1;
        if self.parked.len() < needed {
            self.parked.resize_with(needed, Default::default);
        }
        std::mem::swap(&mut self.current, &mut self.parked[self.depth]);
        std::mem::swap(&mut self.current, &mut self.parked[depth]);
        self.depth = depth;
    }
    pub fn entering_child(&mut self, depth: usize) {
        self.parked.truncate(depth + 1);
        if self.depth > depth {
            self.current = EvmmaxState::default();
        }
    }
    pub fn clear(&mut self) {
        *self = EvmmaxFrames::default();
    }
}

/// A host that keeps [`EvmmaxFrames`] (the runner's context, in its `chain` slot).
pub trait EvmmaxHost: Host {
    fn evmmax_frames(&mut self) -> &mut EvmmaxFrames;
    fn call_depth(&self) -> usize;
    fn evmmax_state(&mut self) -> &mut EvmmaxState {
        let d = self.call_depth();
        self.evmmax_frames().at(d)
    }
}
