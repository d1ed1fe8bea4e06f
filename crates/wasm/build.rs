//! Compiles `c/pairing_check.c` with blst's C sources (the `blst` crate's own copy, handed over
//! by its `links = "blst"` as `DEP_BLST_C_SRC`) to a freestanding wasm32 module in `OUT_DIR`.
//! Flags follow blst's build.rs for wasm32 (`-ffreestanding`, no assembly, `SCRATCH_LIMIT`).
//! Without clang's wasm32 target or wasm-ld the crate still builds: the cfg
//! `evm384_wasm_unavailable` is set and the API returns the reason (set again after installing
//! them: `touch crates/wasm/c/pairing_check.c`).

use std::env;
use std::path::PathBuf;
use std::process::Command;

const EXPORTS: [&str; 3] = ["input_buffer", "pairing_check", "f6m_mul_loop"];

fn main() {
    println!("cargo::rustc-check-cfg=cfg(evm384_wasm_unavailable)");
    println!("cargo::rerun-if-changed=c/pairing_check.c");
    println!("cargo::rerun-if-env-changed=EVM384_WASM_CLANG");
    if let Err(why) = build() {
        println!("cargo::warning=evm384-wasm: no wasm module ({why})");
        println!("cargo::rustc-cfg=evm384_wasm_unavailable");
        // Tried again when PATH changes; after installing clang here, touch c/pairing_check.c.
        println!("cargo::rerun-if-env-changed=PATH");
        println!("cargo::rustc-env=EVM384_WASM_UNAVAILABLE={why}");
    }
}

fn build() -> Result<(), String> {
    let blst_src = PathBuf::from(env::var("DEP_BLST_C_SRC").map_err(|_| "the blst crate did not give DEP_BLST_C_SRC")?);
    if !blst_src.join("server.c").is_file() {
        return Err(format!("no server.c in {}", blst_src.display()));
    }
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("pairing_check.wasm");
    let clang = env::var("EVM384_WASM_CLANG").unwrap_or_else(|_| "clang".into());
    let mut cmd = Command::new(&clang);
    cmd.args(["--target=wasm32", "-O3", "-nostdlib", "-ffreestanding", "-fno-builtin"])
        .args(["-D__BLST_NO_ASM__", "-D__BLST_NO_CPUID__", "-DSCRATCH_LIMIT=(45*1024)"])
        .args(["-Wno-unused-function", "-Wno-unused-command-line-argument"])
        .arg("-I")
        .arg(&blst_src)
        // The shadow stack first, so that overflowing it traps instead of overwriting data.
        .args(["-Wl,--no-entry", "-Wl,--stack-first", "-Wl,-z,stack-size=1048576"]);
    for e in EXPORTS {
        cmd.arg(format!("-Wl,--export={e}"));
    }
    cmd.arg("-o").arg(&out).arg("c/pairing_check.c");
    let result = cmd.output().map_err(|e| {
        format!("clang with the wasm32 target and wasm-ld are needed: apt-get install clang lld ({clang}: {e})")
    })?;
    if !result.status.success() {
        let stderr = String::from_utf8_lossy(&result.stderr);
        let first = stderr.lines().find(|l| !l.trim().is_empty()).unwrap_or("no message");
        return Err(format!(
            "clang with the wasm32 target and wasm-ld are needed: apt-get install clang lld ({clang} failed: {first})"
        ));
    }
    println!("cargo::rerun-if-changed={}", blst_src.display());
    Ok(())
}
