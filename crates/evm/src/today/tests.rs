//! `today`'s tables against their sources: the copied EIP-7904 CSV, every EIP-2537 and BN254
//! vector's stated gas, revm's own prices.

use super::*;
use evm384_vectors::{load_bn254_files, load_operation_files, testdata, Operation};

/// The opcode byte of a mnemonic, by revm's names.
fn opcode_named(name: &str) -> Option<u8> {
    (0..=255u8).find(|&b| revm::bytecode::OpCode::new(b).is_some_and(|op| op.as_str() == name))
}

/// `(gas_param, new_gas_rounded)` of every row of the copied EIP-7904 CSV.
fn eip7904_csv() -> Vec<(String, u64)> {
    let path = testdata("eip7904/new_gas.csv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header").split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap_or_else(|| panic!("no column {name}"));
    let (param, rounded) = (col("gas_param"), col("new_gas_rounded"));
    lines
        .map(|line| {
            let cells: Vec<&str> = line.split(',').collect();
            assert_eq!(cells.len(), header.len(), "{line}");
            (cells[param].to_string(), cells[rounded].parse().unwrap_or_else(|e| panic!("{line}: {e}")))
        })
        .collect()
}

#[test]
fn eip7904_follows_the_csv() {
    let s = EvmSchedule::Eip7904;
    let rows = eip7904_csv();
    assert_eq!(rows.len(), 18);
    let pair = |p: Precompile, len: usize| s.precompile_gas(p, len);
    let mut csv_opcodes = Vec::new();
    for (param, gas) in &rows {
        if let Some(name) = param.strip_prefix("OPCODE_") {
            let (mnemonic, per_word) = match name.strip_suffix("_PER_WORD") {
                Some(m) => (m, true),
                None => (name.strip_suffix("_BASE").unwrap_or(name), false),
            };
            let op = opcode_named(mnemonic).unwrap_or_else(|| panic!("{param}: no opcode {mnemonic}"));
            csv_opcodes.push(op);
            let ours = if per_word { lookup(EIP7904_PER_WORD, op) } else { Some(s.static_gas(op)) };
            assert_eq!(ours, Some(*gas), "{param}");
            continue;
        }
        let ours = match param.as_str() {
            "PRECOMPILE_ECADD" => pair(Precompile::EcAdd, 128),
            "PRECOMPILE_ECPAIRING_BASE" => pair(Precompile::EcPairing, 0),
            "PRECOMPILE_ECPAIRING_PER_POINT" => pair(Precompile::EcPairing, 192) - pair(Precompile::EcPairing, 0),
            "PRECOMPILE_BLS_G1ADD" => pair(Precompile::Bls12G1Add, 256),
            "PRECOMPILE_BLS_G2ADD" => pair(Precompile::Bls12G2Add, 512),
            // Precompiles this project does not price.
            "PRECOMPILE_ECRECOVER"
            | "PRECOMPILE_BLAKE2F_BASE"
            | "PRECOMPILE_BLAKE2F_PER_ROUND"
            | "PRECOMPILE_POINT_EVALUATION"
            | "PRECOMPILE_P256VERIFY" => continue,
            other => panic!("a row this test does not know: {other}"),
        };
        assert_eq!(ours, *gas, "{param}");
    }
    // And no repricing beyond the CSV's rows.
    let changed: Vec<u8> = (0..=255u8).filter(|&op| s.static_gas(op) != EvmSchedule::Osaka.static_gas(op)).collect();
    csv_opcodes.sort();
    csv_opcodes.dedup();
    assert_eq!(changed, csv_opcodes);
}

fn precompile_of(op: Operation) -> Precompile {
    match op {
        Operation::G1Add => Precompile::Bls12G1Add,
        Operation::G1Msm => Precompile::Bls12G1Msm,
        Operation::G2Add => Precompile::Bls12G2Add,
        Operation::G2Msm => Precompile::Bls12G2Msm,
        Operation::PairingCheck => Precompile::Bls12PairingCheck,
        Operation::MapFpToG1 => Precompile::Bls12MapFpToG1,
        Operation::MapFp2ToG2 => Precompile::Bls12MapFp2ToG2,
        Operation::G1Mul | Operation::G2Mul => panic!("{op}: no EIP-2537 precompile"),
    }
}

/// The independent check of the discount tables: every `Gas` of the shipped EIP-2537
/// vectors (the EIP's own assets, go-ethereum's, the execution-spec tests') and the whole
/// of both tables covered.
#[test]
fn osaka_matches_the_eip2537_vectors() {
    let s = EvmSchedule::Osaka;
    for op in Operation::ALL {
        let p = precompile_of(op);
        assert_eq!(p.address(), op.address_byte(), "{op}");
        let mut checked = 0;
        let mut msm_ks = std::collections::BTreeSet::new();
        for (file, cases) in load_operation_files(op).unwrap() {
            for c in cases.iter().filter(|c| c.gas.is_some()) {
                assert_eq!(Some(s.precompile_gas(p, c.input.len())), c.gas, "{file} {}", c.name);
                checked += 1;
                msm_ks.insert(c.input.len() / if p == Precompile::Bls12G1Msm { 160 } else { 288 });
            }
        }
        assert!(checked > 0, "{op}: no case states its gas");
        if matches!(p, Precompile::Bls12G1Msm | Precompile::Bls12G2Msm) {
            // k = 1..=129: every entry of the table and max_discount beyond it.
            assert!((1..=129).all(|k| msm_ks.contains(&k)), "{op}: vectors cover only k in {msm_ks:?}");
        }
    }
}

#[test]
fn osaka_matches_the_bn254_vectors_and_eip1108() {
    let s = EvmSchedule::Osaka;
    let bn254 = [
        (Operation::G1Add, Precompile::EcAdd),
        (Operation::G1Mul, Precompile::EcMul),
        (Operation::PairingCheck, Precompile::EcPairing),
    ];
    for (op, p) in bn254 {
        assert_eq!(Some(p.address()), op.bn254_address_byte(), "{op}");
        for len in (0..2_000).step_by(32) {
            assert_eq!(Some(s.precompile_gas(p, len)), op.bn254_gas(len), "{p} {len}");
        }
        let mut checked = 0;
        for (file, cases) in load_bn254_files(op).unwrap() {
            for c in cases.iter().filter(|c| c.gas.is_some()) {
                assert_eq!(Some(s.precompile_gas(p, c.input.len())), c.gas, "{file} {}", c.name);
                checked += 1;
            }
        }
        assert!(checked > 0, "{op}: no BN254 case states its gas");
    }
}

/// What the runner charges: revm's precompile constants.
#[test]
fn osaka_matches_revm() {
    use revm::precompile::bls12_381_const as c;
    use revm::precompile::bn254;
    let p = OSAKA_PRECOMPILES;
    assert_eq!(p.g1_msm.discount, &c::DISCOUNT_TABLE_G1_MSM);
    assert_eq!(p.g2_msm.discount, &c::DISCOUNT_TABLE_G2_MSM);
    assert_eq!([p.g1_msm.max_discount, p.g2_msm.max_discount], [G1_MSM_DISCOUNT[127], G2_MSM_DISCOUNT[127]]);
    assert_eq!(
        [p.g1_add, p.g2_add, p.g1_msm.multiplication, p.g2_msm.multiplication, p.map_fp_to_g1, p.map_fp2_to_g2],
        [
            c::G1_ADD_BASE_GAS_FEE,
            c::G2_ADD_BASE_GAS_FEE,
            c::G1_MSM_BASE_GAS_FEE,
            c::G2_MSM_BASE_GAS_FEE,
            c::MAP_FP_TO_G1_BASE_GAS_FEE,
            c::MAP_FP2_TO_G2_BASE_GAS_FEE
        ]
    );
    assert_eq!(
        (p.pairing_check.base, p.pairing_check.per_pair, MSM_MULTIPLIER),
        (c::PAIRING_OFFSET_BASE, c::PAIRING_MULTIPLIER_BASE, c::MSM_MULTIPLIER)
    );
    assert_eq!(
        [p.ec_add, p.ec_mul, p.ec_pairing.base, p.ec_pairing.per_pair],
        [
            bn254::add::ISTANBUL_ADD_GAS_COST,
            bn254::mul::ISTANBUL_MUL_GAS_COST,
            bn254::pair::ISTANBUL_PAIR_BASE,
            bn254::pair::ISTANBUL_PAIR_PER_POINT
        ]
    );
    for (p, addr) in [
        (Precompile::Bls12G1Add, c::G1_ADD_ADDRESS),
        (Precompile::Bls12G1Msm, c::G1_MSM_ADDRESS),
        (Precompile::Bls12G2Add, c::G2_ADD_ADDRESS),
        (Precompile::Bls12G2Msm, c::G2_MSM_ADDRESS),
        (Precompile::Bls12PairingCheck, c::PAIRING_ADDRESS),
        (Precompile::Bls12MapFpToG1, c::MAP_FP_TO_G1_ADDRESS),
        (Precompile::Bls12MapFp2ToG2, c::MAP_FP2_TO_G2_ADDRESS),
    ] {
        assert_eq!(addr.0[19], p.address(), "{p}");
        assert!(addr.0[..19].iter().all(|&b| b == 0), "{p}");
    }
}

/// The module table's Osaka column is revm's.
#[test]
fn osaka_column_is_revms() {
    let s = EvmSchedule::Osaka;
    let ops = [opcode::DIV, opcode::SDIV, opcode::MOD, opcode::SMOD, opcode::ADDMOD, opcode::MULMOD, opcode::KECCAK256];
    assert_eq!(ops.map(|op| s.static_gas(op)), [5, 5, 5, 5, 8, 8, 30]);
    assert_eq!(lookup(OSAKA_PER_WORD, opcode::KECCAK256), Some(6));
    assert_eq!(s.static_gas(opcode::ADD), 3);
}

#[test]
fn modarith_changes_addmod_and_mulmod_only() {
    let (m, o) = (EvmSchedule::ModArith, EvmSchedule::Osaka);
    let changed: Vec<u8> = (0..=255u8).filter(|&op| m.static_gas(op) != o.static_gas(op)).collect();
    assert_eq!(changed, [opcode::ADDMOD, opcode::MULMOD]);
    assert_eq!((m.static_gas(opcode::ADDMOD), m.static_gas(opcode::MULMOD)), (3, 4));
    assert_eq!(
        (EvmSchedule::Eip7904.static_gas(opcode::ADDMOD), EvmSchedule::Eip7904.static_gas(opcode::MULMOD)),
        (3, 4)
    );
    for p in Precompile::ALL {
        for len in [0, 128, 160, 192, 256, 288, 384, 512, 1920, 3840, 160 * 200, 288 * 200] {
            assert_eq!(m.precompile_gas(p, len), o.precompile_gas(p, len), "{p} {len}");
        }
    }
}

#[test]
fn execution_gas_from_a_histogram() {
    let mut counts = OpcodeCounts::default();
    counts.0[opcode::MULMOD as usize] = 10;
    counts.0[opcode::ADDMOD as usize] = 5;
    counts.0[opcode::DIV as usize] = 3;
    counts.0[opcode::ADD as usize] = 7;
    // Osaka's static gas: 10·8 + 5·8 + 3·5 + 7·3 = 156; 1,000 leaves 844 of dynamic gas.
    let gas = |s: EvmSchedule| s.execution_gas(1_000, &counts);
    assert_eq!(gas(EvmSchedule::Osaka), Ok(1_000));
    // 1,000 + 10·(4 − 8) + 5·(3 − 8)
    assert_eq!(gas(EvmSchedule::ModArith), Ok(935));
    // and 3·(2 − 5) for DIV
    assert_eq!(gas(EvmSchedule::Eip7904), Ok(926));
    // Fewer gas than the histogram's static gas: no run charged at Osaka's prices.
    let err = EvmSchedule::ModArith.execution_gas(155, &counts).unwrap_err();
    assert!(err.contains("156"), "{err}");

    counts.0[opcode::KECCAK256 as usize] = 2;
    assert_eq!(EvmSchedule::Osaka.execution_gas(1_000, &counts), Ok(1_000));
    assert_eq!(EvmSchedule::ModArith.execution_gas(1_000, &counts), Ok(935));
    let err = EvmSchedule::Eip7904.execution_gas(1_000, &counts).unwrap_err();
    assert!(err.contains("KECCAK256") && err.contains("6 → 3"), "{err}");
}

#[test]
fn precompile_prices_by_input() {
    let o = EvmSchedule::Osaka;
    assert_eq!(o.precompile_gas(Precompile::Bls12PairingCheck, 2 * 384), 37_700 + 2 * 32_600);
    assert_eq!(o.precompile_gas(Precompile::Bls12PairingCheck, 2 * 384 + 383), 37_700 + 2 * 32_600);
    assert_eq!(o.precompile_gas(Precompile::Bls12G1Msm, 0), 0);
    assert_eq!(o.precompile_gas(Precompile::Bls12G1Msm, 160), 12_000);
    // k = 2: 2·12,000·949 / 1000; k = 200 takes max_discount 519.
    assert_eq!(o.precompile_gas(Precompile::Bls12G1Msm, 320), 22_776);
    assert_eq!(o.precompile_gas(Precompile::Bls12G1Msm, 200 * 160), 200 * 12_000 * 519 / 1000);
    assert_eq!(o.precompile_gas(Precompile::Bls12G2Msm, 200 * 288), 200 * 22_500 * 524 / 1000);
    assert_eq!(EvmSchedule::Eip7904.precompile_gas(Precompile::EcPairing, 2 * 192), 8_247 + 2 * 11_712);
    assert_eq!(EvmSchedule::Eip7904.precompile_gas(Precompile::EcMul, 96), 6_000);
}

#[test]
fn names_round_trip() {
    for s in EvmSchedule::ALL {
        assert_eq!(s.name().parse::<EvmSchedule>(), Ok(s));
        assert_eq!(s.to_string(), s.name());
        assert!(!s.provenance().contains('\n'));
    }
    assert_eq!("EIP-7904".parse::<EvmSchedule>(), Ok(EvmSchedule::Eip7904));
    let err = "prague".parse::<EvmSchedule>().unwrap_err();
    assert!(err.contains("prague") && err.contains("osaka, eip-7904, modarith"), "{err}");
    let mut addresses: Vec<u8> = Precompile::ALL.iter().map(|p| p.address()).collect();
    addresses.sort();
    assert_eq!(addresses, [0x06, 0x07, 0x08, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11]);
}
