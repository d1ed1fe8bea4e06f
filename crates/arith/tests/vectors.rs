//! The published arithmetic vectors (`testdata/evm384/arith.json`) through the fast path and the
//! reference path.

use evm384_arith::{addmod384, mulmodmont384, reference, submod384, Limbs};
use serde_json::Value;

fn parse(v: &Value) -> Limbs {
    let s = v.as_str().unwrap().trim_start_matches("0x");
    let s = format!("{s:0>96}");
    assert_eq!(s.len(), 96, "value wider than 384 bits: {s}");
    core::array::from_fn(|i| u64::from_str_radix(&s[96 - 16 * (i + 1)..96 - 16 * i], 16).unwrap())
}

#[test]
fn arith_json_all_cases() {
    let doc: Value = evm384_vectors::load_json("evm384/arith.json").unwrap_or_else(|e| panic!("{e}"));
    let cases = doc["cases"].as_array().unwrap();
    assert!(cases.len() >= 3000, "expected 3000+ cases, found {}", cases.len());
    let mut seen = [0usize; 3];
    for (n, c) in cases.iter().enumerate() {
        let (x, y, m, want) = (parse(&c["x"]), parse(&c["y"]), parse(&c["m"]), parse(&c["out"]));
        let (fast, slow) = match c["op"].as_str().unwrap() {
            "addmod384" => {
                seen[0] += 1;
                (addmod384(&x, &y, &m), reference::addmod384(&x, &y, &m))
            }
            "submod384" => {
                seen[1] += 1;
                (submod384(&x, &y, &m), reference::submod384(&x, &y, &m))
            }
            "mulmodmont384" => {
                seen[2] += 1;
                let inv = parse(&c["inv"])[0];
                (mulmodmont384(&x, &y, &m, inv), reference::mulmodmont384(&x, &y, &m, inv))
            }
            op => panic!("unknown op {op}"),
        };
        assert_eq!(fast, want, "case {n} ({c}): fast path");
        assert_eq!(slow, want, "case {n} ({c}): reference path");
    }
    assert!(seen.iter().all(|&k| k > 500), "op coverage {seen:?}");
}
