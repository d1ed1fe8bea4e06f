//! EIP-2537 PAIRING_CHECK (0x0f) as WebAssembly: blst's C sources compiled by clang to a
//! freestanding wasm32 module (`c/pairing_check.c`, built by `build.rs` from the `blst` crate's
//! own copy) and run in wasmtime with Cranelift optimising for speed. It is the "wasm" row of
//! the EVM384 notes' comparison of native code, wasm and EVM384, measured again with today's
//! engine (`evm384-report`'s runtime section).
//!
//! Input rules and their order are revm's for 0x0f (as `evm384_precompile::decode_pairs`
//! states them): length, every padding, then pair by pair G1 and G2 (canonical coordinates, on
//! the curve, in the subgroup); pairs with a point at infinity are left out, and the product is
//! blst's multi-Miller loop (`blst_miller_loop_n`) with one final exponentiation.
//!
//! The module also exports the notes' synthetic loop, `f6m_mul_loop`: chained Fp6
//! multiplications by blst's `mul_fp6`.
//!
//! Without clang's wasm32 target and wasm-ld at build time the crate still builds and
//! [`PairingCheck::new`] returns [`WasmError::Unavailable`].

use wasmtime::{Config, Engine, Instance, Memory, Module, OptLevel, Store, Strategy, TypedFunc};

/// The wasmtime release this crate runs (its `Cargo.toml` pins it exactly).
pub const WASMTIME_VERSION: &str = "43.0.2";

/// The engine in words, for reports.
pub const ENGINE: &str = "wasmtime 43.0.2 with Cranelift at OptLevel::Speed";

/// Bytes of one pair in EIP-2537 calldata: G1 (2 × 64) ‖ G2 (4 × 64).
pub const PAIR_BYTES: usize = 384;

/// Bytes of one Fp6 element as [`PairingCheck::f6m_mul_loop`] takes it: six canonical
/// big-endian 48-byte Fp values, c0.c0, c0.c1, c1.c0, c1.c1, c2.c0, c2.c1 (blst's and
/// arkworks' tower: Fp2 = Fp\[u\]/(u² + 1), Fp6 = Fp2\[v\]/(v³ − (u + 1))).
pub const FP6_BYTES: usize = 288;

#[cfg(not(evm384_wasm_unavailable))]
const MODULE: Result<&[u8], &str> = Ok(include_bytes!(concat!(env!("OUT_DIR"), "/pairing_check.wasm")));
#[cfg(evm384_wasm_unavailable)]
const MODULE: Result<&[u8], &str> = Err(env!("EVM384_WASM_UNAVAILABLE"));

/// Why the module could not run.
#[derive(Debug, thiserror::Error)]
pub enum WasmError {
    /// The module was not built (no clang wasm32 target or wasm-ld at build time).
    #[error("the wasm module was not built: {0}")]
    Unavailable(&'static str),
    /// wasmtime refused the module or trapped while running it.
    #[error("wasmtime: {0}")]
    Engine(String),
    /// The module's linear memory cannot hold an input this long (wasm32: at most 1 GiB here).
    #[error("an input of {0} bytes does not fit the module's memory")]
    InputTooLarge(usize),
    /// A result code the module does not define.
    #[error("the module returned the unknown code {0}")]
    UnknownCode(i32),
}

impl From<wasmtime::Error> for WasmError {
    fn from(e: wasmtime::Error) -> Self {
        WasmError::Engine(format!("{e:#}"))
    }
}

/// Why an input is rejected: revm's halt reasons for 0x0f (`PrecompileHalt::Bls12381…`,
/// `NonCanonicalFp`), under the same names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    #[error("input length is not a positive multiple of 384")]
    PairingInputLength,
    #[error("the 16 bytes before a field element are not zero")]
    FpPaddingInvalid,
    #[error("a field element is not below p")]
    NonCanonicalFp,
    #[error("a G1 point is not on the curve")]
    G1NotOnCurve,
    #[error("a G1 point is not in the subgroup")]
    G1NotInSubgroup,
    #[error("a G2 point is not on the curve")]
    G2NotOnCurve,
    #[error("a G2 point is not in the subgroup")]
    G2NotInSubgroup,
}

/// The module's result codes (`c/pairing_check.c`).
fn decode(code: i32) -> Result<Result<bool, InputError>, WasmError> {
    Ok(match code {
        0 => Ok(false),
        1 => Ok(true),
        2 => Err(InputError::PairingInputLength),
        3 => Err(InputError::FpPaddingInvalid),
        4 => Err(InputError::NonCanonicalFp),
        5 => Err(InputError::G1NotOnCurve),
        6 => Err(InputError::G1NotInSubgroup),
        7 => Err(InputError::G2NotOnCurve),
        8 => Err(InputError::G2NotInSubgroup),
        c => return Err(WasmError::UnknownCode(c)),
    })
}

/// One compiled module and one instance of it, whose linear memory every call reuses (grown
/// once for the largest input seen).
pub struct PairingCheck {
    store: Store<()>,
    module: Module,
    exports: Exports,
}

struct Exports {
    memory: Memory,
    input_buffer: TypedFunc<u32, u32>,
    pairing_check: TypedFunc<u32, i32>,
    f6m_mul_loop: TypedFunc<(u32, u32), i32>,
}

impl Exports {
    fn instantiate(store: &mut Store<()>, module: &Module) -> Result<Self, WasmError> {
        let instance = Instance::new(&mut *store, module, &[])?;
        let memory =
            instance.get_memory(&mut *store, "memory").ok_or_else(|| WasmError::Engine("no exported memory".into()))?;
        Ok(Exports {
            memory,
            input_buffer: instance.get_typed_func(&mut *store, "input_buffer")?,
            pairing_check: instance.get_typed_func(&mut *store, "pairing_check")?,
            f6m_mul_loop: instance.get_typed_func(&mut *store, "f6m_mul_loop")?,
        })
    }
}

impl PairingCheck {
    /// Compiles the module with Cranelift (`OptLevel::Speed`) and instantiates it.
    pub fn new() -> Result<Self, WasmError> {
        let bytes = MODULE.map_err(WasmError::Unavailable)?;
        let mut config = Config::new();
        config.strategy(Strategy::Cranelift).cranelift_opt_level(OptLevel::Speed);
        let engine = Engine::new(&config)?;
        let module = Module::new(&engine, bytes)?;
        let mut store = Store::new(&engine, ());
        let exports = Exports::instantiate(&mut store, &module)?;
        Ok(PairingCheck { store, module, exports })
    }

    /// EIP-2537 PAIRING_CHECK of `input`: `Ok(Ok(product is one))`, `Ok(Err(why rejected))`, or
    /// `Err` when the engine failed (after a trap the next call runs on a fresh instance).
    pub fn run(&mut self, input: &[u8]) -> Result<Result<bool, InputError>, WasmError> {
        let (len, _) = self.place(input)?;
        let code = self.call(|s, e| e.pairing_check.call(s, len))?;
        decode(code)
    }

    /// The notes' chained loop by blst's `mul_fp6` inside the module: r4 = a·b, r5 = a·r4, then
    /// per iteration ten products each of the two before it (ewasm/evm384_f6m_mul's Yul
    /// versions; `evm384_gen::f6m_mul_loop_program` is the same loop); returns r5. Operands and
    /// result as [`FP6_BYTES`] describes; `Ok(Err(NonCanonicalFp))` when a value is not below
    /// p. The conversions to and from Montgomery form are part of the call.
    pub fn f6m_mul_loop(
        &mut self,
        a: &[u8; FP6_BYTES],
        b: &[u8; FP6_BYTES],
        iterations: u32,
    ) -> Result<Result<[u8; FP6_BYTES], InputError>, WasmError> {
        let mut io = [0u8; 2 * FP6_BYTES];
        io[..FP6_BYTES].copy_from_slice(a);
        io[FP6_BYTES..].copy_from_slice(b);
        let (_, at) = self.place(&io)?;
        let code = self.call(|s, e| e.f6m_mul_loop.call(s, (at, iterations)))?;
        match code {
            0 => {
                let mut out = [0u8; FP6_BYTES];
                self.exports
                    .memory
                    .read(&self.store, at as usize, &mut out)
                    .map_err(|e| WasmError::Engine(e.to_string()))?;
                Ok(Ok(out))
            }
            4 => Ok(Err(InputError::NonCanonicalFp)),
            c => Err(WasmError::UnknownCode(c)),
        }
    }

    /// Writes `bytes` where the module reads its input; returns their length and address.
    fn place(&mut self, bytes: &[u8]) -> Result<(u32, u32), WasmError> {
        let len = u32::try_from(bytes.len()).map_err(|_| WasmError::InputTooLarge(bytes.len()))?;
        let at = self.call(|s, e| e.input_buffer.call(s, len))?;
        if at == 0 {
            return Err(WasmError::InputTooLarge(bytes.len()));
        }
        self.exports.memory.write(&mut self.store, at as usize, bytes).map_err(|e| WasmError::Engine(e.to_string()))?;
        Ok((len, at))
    }

    /// Calls into the module; after a trap the instance is replaced (its shadow stack pointer
    /// is left where the trap stopped it).
    fn call<T>(&mut self, f: impl FnOnce(&mut Store<()>, &Exports) -> wasmtime::Result<T>) -> Result<T, WasmError> {
        match f(&mut self.store, &self.exports) {
            Ok(v) => Ok(v),
            Err(trap) => {
                self.store = Store::new(self.module.engine(), ());
                self.exports = Exports::instantiate(&mut self.store, &self.module)?;
                Err(trap.into())
            }
        }
    }
}
