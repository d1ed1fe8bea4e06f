//! revm's mainnet handler with one change: code that enters the EVM during a transaction is
//! analysed by the instruction set's rule ([`analysis::analyze`]), as code placed in state by
//! the runner is.
//!
//! revm analyses init code (CREATE, CREATE2, a creation transaction) and the runtime code a
//! creation returns with its legacy analysis, which knows only PUSH immediates. For v9 and
//! EVMMAX that is wrong: a `0x5b` byte inside a 16- or 7-byte immediate would be a valid jump
//! destination, and a `0x60..=0x7f` byte would hide a real one after it. The execution loop
//! below is revm's `run_exec_loop` (and its inspecting twin) with two hooks:
//! - a new create frame gets its init code re-analysed before its first instruction;
//! - a create frame that returned code gets that code re-analysed in the journal, under the
//!   same code hash (the hash is of the original bytes, not the padding).
//!
//! For v7 and v8 the hooks do nothing: revm's analysis is theirs.

use std::marker::PhantomData;

use revm::bytecode::Bytecode;
use revm::context_interface::result::HaltReason;
use revm::context_interface::{ContextTr, JournalTr};
use revm::handler::evm::{ContextDbError, FrameInitResult};
use revm::handler::{EthFrame, EvmTr, EvmTrError, FrameData, FrameInitOrResult, FrameResult, Handler, ItemOrResult};
use revm::inspector::{InspectorEvmTr, InspectorHandler};
use revm::interpreter::interpreter::{EthInterpreter, ExtBytecode};
use revm::interpreter::interpreter_action::FrameInit;
use revm::interpreter::FrameInput;
use revm::state::EvmState;
use revm::Inspector;

use crate::{analysis, InstructionSet};

/// The mainnet handler analysing created code by `isa`'s rule.
pub struct AnalysingHandler<EVM, ERROR> {
    isa: InstructionSet,
    _types: PhantomData<(EVM, ERROR)>,
}

impl<EVM, ERROR> AnalysingHandler<EVM, ERROR> {
    pub fn new(isa: InstructionSet) -> Self {
        AnalysingHandler { isa, _types: PhantomData }
    }

    fn own_rule(&self) -> bool {
        analysis::has_own_analysis(self.isa)
    }

    /// A frame just made: if it runs init code, that code analysed by the rule.
    fn analyse_init_code(&self, frame: &mut EthFrame<EthInterpreter>) {
        if !self.own_rule() || !matches!(frame.data, FrameData::Create(_)) {
            return;
        }
        if let FrameInput::Create(inputs) = &frame.input {
            let hash = frame.interpreter.bytecode.hash();
            let code = analysis::analyze(self.isa, inputs.init_code());
            frame.interpreter.bytecode = ExtBytecode::new_with_optional_hash(code, hash);
        }
    }

    /// A frame's result: if a creation returned code, that code analysed by the rule.
    fn analyse_created_code<CTX: ContextTr>(&self, ctx: &mut CTX, result: &FrameResult) {
        let FrameResult::Create(outcome) = result else { return };
        let Some(address) = outcome.address else { return };
        if !self.own_rule() || !outcome.result.result.is_ok() || outcome.result.output.is_empty() {
            return;
        }
        let code: Bytecode = analysis::analyze(self.isa, &outcome.result.output);
        let hash = code.hash_slow();
        ctx.journal_mut().set_code_with_hash(address, code, hash);
    }
}

/// A frame-initialising step: `EvmTr::frame_init` or `InspectorEvmTr::inspect_frame_init`.
type FrameInitStep<EVM> =
    for<'a> fn(
        &'a mut EVM,
        FrameInit,
    ) -> Result<FrameInitResult<'a, EthFrame<EthInterpreter>>, ContextDbError<<EVM as EvmTr>::Context>>;

/// A frame-running step: `EvmTr::frame_run` or `InspectorEvmTr::inspect_frame_run`.
type FrameRunStep<EVM> =
    fn(&mut EVM) -> Result<FrameInitOrResult<EthFrame<EthInterpreter>>, ContextDbError<<EVM as EvmTr>::Context>>;

impl<EVM, ERROR> AnalysingHandler<EVM, ERROR>
where
    EVM: EvmTr<Context: ContextTr<Journal: JournalTr<State = EvmState>>, Frame = EthFrame<EthInterpreter>>,
    ERROR: EvmTrError<EVM>,
{
    /// revm's execution loop (`Handler::run_exec_loop`, `InspectorHandler::inspect_run_exec_loop`)
    /// over the given frame steps, with the two hooks.
    fn exec_loop(
        &self,
        evm: &mut EVM,
        first_frame_input: FrameInit,
        init: FrameInitStep<EVM>,
        run: FrameRunStep<EVM>,
    ) -> Result<FrameResult, ERROR> {
        match init(evm, first_frame_input)? {
            ItemOrResult::Item(frame) => self.analyse_init_code(frame),
            ItemOrResult::Result(result) => return Ok(result),
        }
        loop {
            let result = match run(evm)? {
                ItemOrResult::Item(frame_init) => match init(evm, frame_init)? {
                    ItemOrResult::Item(frame) => {
                        self.analyse_init_code(frame);
                        continue;
                    }
                    ItemOrResult::Result(result) => result,
                },
                ItemOrResult::Result(result) => result,
            };
            self.analyse_created_code(evm.ctx(), &result);
            if let Some(result) = evm.frame_return_result(result)? {
                return Ok(result);
            }
        }
    }
}

impl<EVM, ERROR> Handler for AnalysingHandler<EVM, ERROR>
where
    EVM: EvmTr<Context: ContextTr<Journal: JournalTr<State = EvmState>>, Frame = EthFrame<EthInterpreter>>,
    ERROR: EvmTrError<EVM>,
{
    type Evm = EVM;
    type Error = ERROR;
    type HaltReason = HaltReason;

    fn run_exec_loop(&mut self, evm: &mut EVM, first_frame_input: FrameInit) -> Result<FrameResult, ERROR> {
        self.exec_loop(evm, first_frame_input, EVM::frame_init, EVM::frame_run)
    }
}

impl<EVM, ERROR> InspectorHandler for AnalysingHandler<EVM, ERROR>
where
    EVM: InspectorEvmTr<
        Context: ContextTr<Journal: JournalTr<State = EvmState>>,
        Frame = EthFrame<EthInterpreter>,
        Inspector: Inspector<<EVM as EvmTr>::Context, EthInterpreter>,
    >,
    ERROR: EvmTrError<EVM>,
{
    type IT = EthInterpreter;

    fn inspect_run_exec_loop(&mut self, evm: &mut EVM, first_frame_input: FrameInit) -> Result<FrameResult, ERROR> {
        self.exec_loop(evm, first_frame_input, EVM::inspect_frame_init, EVM::inspect_frame_run)
    }
}
