//! The runner: EVM384 code executed as a real call to a contract account in revm.
//!
//! [`Runner`] keeps one revm instance (in-memory database, instruction and gas tables of the
//! chosen interface and schedule) and executes call after call, cheap enough for benchmarks;
//! [`execute`] is the one-shot form. The reported `gas_used` is the execution gas of the call
//! frame: no intrinsic transaction gas, no EIP-7623 calldata floor, refunds not subtracted.
//!
//! Code reaches the runner's state either placed there ([`Runner::deploy`], as a genesis
//! allocation would) or created the way a chain creates it ([`Runner::create`]: init code run
//! by a creation transaction, a CREATE or a CREATE2); either way, and for every creation during
//! a call, it is analysed by the instruction set's rule (`analysis`, `handler`).

use std::convert::Infallible;
use std::time::{Duration, Instant};

use revm::context::{BlockEnv, CfgEnv, Context, ContextSetters, Journal, TxEnv};
use revm::context_interface::result::{EVMError, ExecutionResult, Output};
use revm::database::{CacheDB, EmptyDB};
use revm::handler::instructions::EthInstructions;
use revm::handler::validation::validate_initial_tx_gas;
use revm::handler::{EthPrecompiles, Handler};
use revm::inspector::InspectorHandler;
use revm::interpreter::instruction_table;
use revm::interpreter::instructions::gas_table_spec;
use revm::precompile::Precompiles;
use revm::primitives::hardfork::SpecId;
use revm::primitives::{Address, Bytes, TxKind};
use revm::state::AccountInfo;
use revm::{DatabaseCommit, ExecuteEvm, MainBuilder, MainnetEvm};

use crate::evmmax::{self, EvmmaxFrames, EvmmaxHost};
use crate::handler::AnalysingHandler;
use crate::meter::{Meter, PhaseTracker, PhaseUsage};
use crate::schedule::gas_by_schedule;
use crate::{analysis, opcodes, GasBySchedule, InstructionSet, Interface, OpcodeCounts, Schedule};

/// Address the code under test is deployed at.
pub const CONTRACT: Address = Address::new([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xe3, 0x84, 0xc0, 0xde]);

/// Address the transactions are sent from (no code, no balance needed: gas price is zero).
pub const CALLER: Address = Address::new([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xca, 0x11, 0xe4, 0x01]);

/// Address of the factory contract whose CREATE runs init code for [`Runner::create`] (its
/// CREATE2 twin is at [`FACTORY2`]).
pub const FACTORY: Address = Address::new([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xfa, 0xc7, 0x01, 0xe5]);

/// Address of the factory contract whose CREATE2 (salt 0) runs init code for [`Runner::create`].
pub const FACTORY2: Address = Address::new([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xfa, 0xc7, 0x02, 0xe5]);

/// The EIP-2537 BLS12-381 pairing-check precompile (Prague).
pub const BLS12_PAIRING_CHECK: Address = Address::new([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x0f]);

/// Default gas limit of a run: 10^9, far above any EVM384 pairing.
pub const DEFAULT_GAS_LIMIT: u64 = 1_000_000_000;

/// How to run code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunOptions {
    /// Operand interface of the EVM384 opcodes.
    pub interface: Interface,
    /// Gas schedule charged by the EVM (rounded up if fractional, see [`Schedule`]).
    pub schedule: Schedule,
    /// Gas available to the call frame (the transaction gets this plus its intrinsic gas).
    pub gas_limit: u64,
    /// Hard fork of everything that is not EVM384.
    pub spec: SpecId,
    /// Count executed opcodes (needed for [`Execution::counts`] and
    /// [`Execution::gas_by_schedule`]); runs through revm's inspector loop, so benchmarks turn
    /// it off. Always on for a fractional schedule.
    pub count_opcodes: bool,
    /// What sits at 0xc0..0xc5: the EVM384 opcodes of `interface`, EVMMAX (EIP-6690; the
    /// schedule's prices for 0xc0..0xc2 do not apply: EVMMAX charges its own), or nothing
    /// (today's EVM: the spec's own gas table, whatever `schedule` says).
    pub extension: Extension,
}

/// What the EVM has at 0xc0..0xc5.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Extension {
    /// EVM384's three opcodes, in [`RunOptions::interface`].
    #[default]
    Evm384,
    /// EIP-6690's six.
    Evmmax,
    /// None: today's EVM.
    None,
}

impl RunOptions {
    /// These options with the instruction set at 0xc0..: an EVM384 interface, or EVMMAX.
    pub fn with_instruction_set(self, isa: InstructionSet) -> RunOptions {
        match isa {
            InstructionSet::Evm384(interface) => RunOptions { interface, extension: Extension::Evm384, ..self },
            InstructionSet::Evmmax => RunOptions { extension: Extension::Evmmax, ..self },
            InstructionSet::Evm => RunOptions { extension: Extension::None, ..self },
        }
    }

    /// The instruction set these options run.
    pub fn instruction_set(&self) -> InstructionSet {
        match self.extension {
            Extension::Evm384 => InstructionSet::Evm384(self.interface),
            Extension::Evmmax => InstructionSet::Evmmax,
            Extension::None => InstructionSet::Evm,
        }
    }
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            interface: Interface::V7,
            schedule: Schedule::Evmone,
            gas_limit: DEFAULT_GAS_LIMIT,
            spec: SpecId::OSAKA,
            count_opcodes: true,
            extension: Extension::Evm384,
        }
    }
}

/// How the call ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// STOP or RETURN.
    Success,
    /// REVERT.
    Revert,
    /// Exceptional halt (all gas spent), with revm's reason, e.g. `OutOfGas(Memory)`,
    /// `StackUnderflow`, `InvalidJump`.
    Halt(String),
}

impl Status {
    /// `success`, `revert` or `halt`.
    pub fn name(&self) -> &'static str {
        match self {
            Status::Success => "success",
            Status::Revert => "revert",
            Status::Halt(_) => "halt",
        }
    }
}

/// The outcome of one call.
#[derive(Clone, Debug)]
pub struct Execution {
    pub status: Status,
    /// Return (or revert) data.
    pub output: Vec<u8>,
    /// Execution gas of the call frame under the charged schedule.
    pub gas_used: u64,
    /// Histogram of executed opcodes (when counting).
    pub counts: Option<OpcodeCounts>,
    /// The gas of this execution under every schedule (when counting and not halted: a halt
    /// spends the whole limit whatever the prices).
    pub gas_by_schedule: Option<GasBySchedule>,
    /// Wall-clock time of the transaction in revm.
    pub wall: Duration,
}

/// A failure to run at all (an execution that halts is an [`Execution`], not an error).
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("transaction rejected by revm: {0}")]
    Evm(String),
    #[error("no code deployed")]
    NoCode,
    /// The init code did not create a contract: it reverted, halted, returned code that the
    /// chain refuses (over 24,576 bytes, or starting with 0xef) or no code at all.
    #[error("creation by {how} failed: {why}")]
    CreationFailed { how: Creation, why: String },
}

/// How [`Runner::create`] runs init code, as a chain would.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Creation {
    /// A creation transaction (no `to`) whose data is the init code.
    Transaction,
    /// A transaction to a factory contract ([`FACTORY`]) whose CREATE runs the init code.
    Create,
    /// The same with CREATE2 (salt 0, factory [`FACTORY2`]): the same init code twice collides,
    /// as on a chain.
    Create2,
}

impl std::str::FromStr for Creation {
    type Err = String;
    fn from_str(s: &str) -> Result<Creation, String> {
        match s {
            "transaction" => Ok(Creation::Transaction),
            "create" => Ok(Creation::Create),
            "create2" => Ok(Creation::Create2),
            _ => Err(format!("unknown creation '{s}': expected transaction, create or create2")),
        }
    }
}

impl std::fmt::Display for Creation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Creation::Transaction => "a creation transaction",
            Creation::Create => "CREATE",
            Creation::Create2 => "CREATE2",
        })
    }
}

/// The factory: copies its calldata (the init code) to memory, runs it by CREATE (or CREATE2
/// with salt 0) with no value, and returns the created address as one word (0 on failure).
fn factory_code(create2: bool) -> Vec<u8> {
    let mut code = vec![0x36, 0x5f, 0x5f, 0x37]; // CALLDATACOPY(0, 0, CALLDATASIZE)
    if create2 {
        code.push(0x5f); // salt 0
    }
    code.extend_from_slice(&[0x36, 0x5f, 0x5f]); // size, offset 0, value 0
    code.push(if create2 { 0xf5 } else { 0xf0 }); // CREATE2 / CREATE
    code.extend_from_slice(&[0x5f, 0x52, 0x60, 0x20, 0x5f, 0xf3]); // MSTORE(0, address); RETURN(0, 32)
    code
}

type Db = CacheDB<EmptyDB>;
type Ctx = Context<BlockEnv, TxEnv, CfgEnv, Db, Journal<Db>, EvmmaxFrames>;

impl EvmmaxHost for Ctx {
    fn evmmax_frames(&mut self) -> &mut EvmmaxFrames {
        &mut self.chain
    }
    fn call_depth(&self) -> usize {
        revm::context_interface::JournalTr::depth(&self.journaled_state)
    }
}
type Evm = MainnetEvm<Ctx, Meter>;

/// A revm instance set up for EVM384, reusable for many calls.
pub struct Runner {
    evm: Evm,
    opts: RunOptions,
    /// The contract [`Runner::run`] calls, once deployed or created.
    target: Option<Address>,
    /// Phase markers for the next call only (set by [`Runner::run_phased`]).
    phase_marks: Option<PhaseTracker>,
}

/// The context: spec with its mainnet gas parameters, no gas cap, no fee, no calldata floor.
fn context(spec: SpecId) -> Ctx {
    Context::new(CacheDB::new(EmptyDB::new()), spec)
        .modify_cfg_chained(|cfg| {
            cfg.set_spec_and_mainnet_gas_params(spec);
            // Osaka (EIP-7825) caps a transaction at 2^24 gas; a pairing needs far more.
            cfg.tx_gas_limit_cap = Some(u64::MAX);
            // The EIP-7623 floor would hide execution gas behind calldata cost.
            cfg.disable_eip7623 = true;
            cfg.disable_nonce_check = true;
        })
        .modify_block_chained(|block: &mut BlockEnv| {
            block.gas_limit = u64::MAX;
            block.basefee = 0;
        })
}

impl Runner {
    /// A runner with the opcodes of `opts.extension` and the gas table of `opts.schedule`
    /// (today's EVM: the spec's).
    pub fn new(opts: RunOptions) -> Runner {
        let mut evm = context(opts.spec).build_mainnet_with_inspector(Meter::default());
        let table = match opts.extension {
            Extension::None => gas_table_spec(opts.spec),
            Extension::Evm384 | Extension::Evmmax => opts.schedule.gas_table(opts.spec),
        };
        evm.instruction = EthInstructions::new(instruction_table(), table, opts.spec);
        match opts.extension {
            Extension::Evm384 => opcodes::install(&mut evm.instruction, opts.interface),
            Extension::Evmmax => evmmax::install(&mut evm.instruction),
            Extension::None => {}
        }
        Runner { evm, opts, target: None, phase_marks: None }
    }

    pub fn options(&self) -> &RunOptions {
        &self.opts
    }

    /// Replaces the precompile set (the runner's spec is kept), e.g. with one whose 0x0f runs
    /// on another backend (`evm384_precompile::precompiles`).
    pub fn set_precompiles(&mut self, precompiles: &'static Precompiles) {
        self.evm.precompiles = EthPrecompiles { precompiles, spec: self.opts.spec };
    }

    /// Places runtime `code` at `address` (as a genesis allocation would), analysed by the
    /// instruction set's rule.
    pub fn deploy_at(&mut self, address: Address, code: &[u8]) {
        let bytecode = analysis::analyze(self.opts.instruction_set(), code);
        let info = AccountInfo::default().with_code(bytecode);
        self.evm.ctx.journaled_state.database.insert_account_info(address, info);
    }

    /// Places runtime `code` at [`CONTRACT`] and makes it the target of [`Runner::run`].
    pub fn deploy(&mut self, code: &[u8]) {
        self.deploy_at(CONTRACT, code);
        self.target = Some(CONTRACT);
    }

    /// Creates a contract from `init_code` the way a chain does (`how`), keeps the state the
    /// creation leaves, and makes the created contract the target of [`Runner::run`]. Returns
    /// its address.
    pub fn create(&mut self, init_code: &[u8], how: Creation) -> Result<Address, RunError> {
        let failed = |why: String| RunError::CreationFailed { how, why };
        let (kind, data) = match how {
            Creation::Transaction => (TxKind::Create, init_code),
            Creation::Create | Creation::Create2 => {
                let create2 = how == Creation::Create2;
                let factory = if create2 { FACTORY2 } else { FACTORY };
                // Placed once: its nonce, which CREATE's addresses follow, lives on in state.
                if !self.evm.ctx.journaled_state.database.cache.accounts.contains_key(&factory) {
                    self.deploy_at(factory, &factory_code(create2));
                }
                (TxKind::Call(factory), init_code)
            }
        };
        let (result, _, _) = self.transact(kind, data, false)?;
        let address = match (how, &result) {
            (Creation::Transaction, ExecutionResult::Success { output: Output::Create(_, Some(a)), .. }) => *a,
            (_, ExecutionResult::Success { output: Output::Call(word), .. }) if word.len() == 32 => {
                let a = Address::from_slice(&word[12..]);
                if a.is_zero() {
                    self.evm.finalize();
                    return Err(failed("the init code reverted, halted or returned code the chain refuses".into()));
                }
                a
            }
            (_, other) => {
                self.evm.finalize();
                return Err(failed(format!("{other:?}")));
            }
        };
        let state = self.evm.finalize();
        self.evm.ctx.journaled_state.database.commit(state);
        self.target = Some(address);
        Ok(address)
    }

    /// The contract [`Runner::run`] calls, once deployed or created.
    pub fn target(&self) -> Option<Address> {
        self.target
    }

    /// Calls the deployed or created contract with `calldata`.
    pub fn run(&mut self, calldata: &[u8]) -> Result<Execution, RunError> {
        let target = self.target.ok_or(RunError::NoCode)?;
        self.call(target, calldata)
    }

    /// Calls [`CONTRACT`] with `calldata`, attributing gas and opcodes to phases that begin at
    /// the given code offsets (see [`PhaseTracker`]). Forces opcode counting for this call.
    pub fn run_phased(
        &mut self,
        calldata: &[u8],
        marks: &[(usize, u8)],
    ) -> Result<(Execution, Vec<PhaseUsage>), RunError> {
        let target = self.target.ok_or(RunError::NoCode)?;
        let counting = self.opts.count_opcodes;
        self.opts.count_opcodes = true;
        self.phase_marks = Some(PhaseTracker::new(marks));
        let result = self.call(target, calldata);
        self.opts.count_opcodes = counting;
        let usage = self.evm.inspector.phases.take().map(|t| t.usage().to_vec()).unwrap_or_default();
        Ok((result?, usage))
    }

    /// Calls `to` (a contract or a precompile) with `calldata`. The state is left as it was.
    pub fn call(&mut self, to: Address, calldata: &[u8]) -> Result<Execution, RunError> {
        let counting = self.opts.count_opcodes || !self.opts.schedule.is_integer();
        let (result, intrinsic, wall) = self.transact(TxKind::Call(to), calldata, counting)?;
        self.evm.finalize();
        let gas_used = match self.evm.inspector.frame_gas {
            Some(gas) if counting => gas,
            _ => result.gas().total_gas_spent().saturating_sub(intrinsic),
        };
        Ok(self.execution(result, gas_used, counting, wall))
    }

    /// Runs one transaction through [`AnalysingHandler`] (inspected when `counting`); the
    /// journal is left for the caller to finalise. Returns the result, the intrinsic gas and
    /// the wall time.
    fn transact(
        &mut self,
        kind: TxKind,
        data: &[u8],
        counting: bool,
    ) -> Result<(ExecutionResult, u64, Duration), RunError> {
        let (tx, intrinsic) = self.transaction(kind, data)?;
        self.evm.inspector.reset(counting);
        self.evm.ctx.chain.clear(); // EVMMAX state lives for one transaction's frames
        self.evm.inspector.phases = self.phase_marks.take();
        self.evm.ctx.set_tx(tx);
        let mut handler = AnalysingHandler::<Evm, EVMError<Infallible>>::new(self.opts.instruction_set());
        let start = Instant::now();
        let result = if counting { handler.inspect_run(&mut self.evm) } else { handler.run(&mut self.evm) };
        let wall = start.elapsed();
        match result {
            Ok(result) => Ok((result, intrinsic, wall)),
            Err(e) => {
                self.evm.finalize();
                Err(RunError::Evm(e.to_string()))
            }
        }
    }

    /// The transaction of `kind` with `data`, with the frame gas limit plus intrinsic gas, and
    /// that intrinsic gas.
    fn transaction(&self, kind: TxKind, data: &[u8]) -> Result<(TxEnv, u64), RunError> {
        let tx = TxEnv::builder()
            .caller(CALLER)
            .kind(kind)
            .data(Bytes::copy_from_slice(data))
            .gas_price(0)
            .gas_limit(u64::MAX)
            .build_fill();
        let intrinsic = self.intrinsic_gas(&tx)?;
        let gas_limit = self.opts.gas_limit.checked_add(intrinsic);
        let gas_limit = gas_limit.ok_or_else(|| RunError::Evm("gas limit too large".into()))?;
        Ok((TxEnv { gas_limit, ..tx }, intrinsic))
    }

    /// Intrinsic gas of `tx` (21000 plus calldata), as revm's validation computes it with the
    /// EIP-7623 floor disabled, as configured in [`context`].
    fn intrinsic_gas(&self, tx: &TxEnv) -> Result<u64, RunError> {
        validate_initial_tx_gas(tx, self.opts.spec, true, false, u64::MAX, None)
            .map(|gas| gas.initial_total_gas())
            .map_err(|e| RunError::Evm(e.to_string()))
    }

    fn execution(&self, result: ExecutionResult, gas_used: u64, counting: bool, wall: Duration) -> Execution {
        let (status, output) = match result {
            ExecutionResult::Success { output: Output::Call(out), .. } => (Status::Success, out),
            ExecutionResult::Success { output: Output::Create(out, _), .. } => (Status::Success, out),
            ExecutionResult::Revert { output, .. } => (Status::Revert, output),
            ExecutionResult::Halt { reason, .. } => (Status::Halt(format!("{reason:?}")), Bytes::new()),
        };
        let counts = counting.then(|| self.evm.inspector.counts.clone());
        let gas_by_schedule = match (&counts, &status) {
            // The schedules price EVM384's opcodes: they say nothing of EVMMAX code, nor of
            // today's (`evm384_evm::today` prices it).
            _ if self.opts.extension != Extension::Evm384 => None,
            (Some(c), Status::Success | Status::Revert) => {
                Some(gas_by_schedule(gas_used, c, self.opts.schedule, self.opts.spec))
            }
            _ => None,
        };
        Execution { status, output: output.to_vec(), gas_used, counts, gas_by_schedule, wall }
    }
}

/// Deploys `code` and calls it once with `calldata`.
pub fn execute(code: &[u8], calldata: &[u8], opts: &RunOptions) -> Result<Execution, RunError> {
    let mut runner = Runner::new(opts.clone());
    runner.deploy(code);
    runner.run(calldata)
}

/// Calls a precompile directly (the transaction's target is the precompile): `gas_used` is the
/// precompile's own gas, the figure to set against a contract's `gas_used`.
pub fn call_precompile(address: Address, input: &[u8], opts: &RunOptions) -> Result<Execution, RunError> {
    Runner::new(opts.clone()).call(address, input)
}

/// A contract that STATICCALLs `target` with its calldata and all gas, and returns (or, if
/// the call failed, reverts with) the return data: a precompile measured the way contracts use
/// it, inside the same EVM as EVM384 code.
pub fn precompile_caller_code(target: Address) -> Vec<u8> {
    let mut code = vec![
        0x36, 0x60, 0x00, 0x60, 0x00, 0x37, // CALLDATACOPY(0, 0, CALLDATASIZE)
        0x60, 0x00, 0x60, 0x00, 0x36, 0x60, 0x00, // retSize, retOffset, argsSize, argsOffset
        0x73, // PUSH20 target
    ];
    code.extend_from_slice(target.as_slice());
    code.extend_from_slice(&[
        0x5a, 0xfa, // GAS STATICCALL -> success
        0x3d, 0x60, 0x00, 0x60, 0x00, 0x3e, // RETURNDATACOPY(0, 0, RETURNDATASIZE)
    ]);
    let ok = code.len() as u8 + 3 + 5; // past PUSH1 ok JUMPI and the 5-byte revert path
    code.extend_from_slice(&[0x60, ok, 0x57]); // PUSH1 ok JUMPI
    code.extend_from_slice(&[0x3d, 0x60, 0x00, 0xfd, 0x00]); // REVERT(0, RETURNDATASIZE); pad
    code.extend_from_slice(&[0x5b, 0x3d, 0x60, 0x00, 0xf3]); // ok: RETURN(0, RETURNDATASIZE)
    code
}
