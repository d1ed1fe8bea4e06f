//! Every constant matters: each one, perturbed, makes the model miss a vector.

use super::model::{elem, g1_suite, g2_suite, point, rfc9380_json, Field, Point, Suite};
use crate::curves::{bls12_381_map_params, MapParams};
use evm384_arith::Limbs;
use serde_json::Value;

/// Every constant of `m` as (name, words), Fp2 values as their two coordinates. The
/// destructuring names every field: a field added to [`MapParams`] and not listed here does
/// not compile.
pub(super) fn constants_mut(m: &mut MapParams) -> Vec<(String, &mut [u64])> {
    let MapParams {
        g1_sswu_a,
        g1_sswu_b,
        g1_sswu_z,
        g1_iso_x_num,
        g1_iso_x_den,
        g1_iso_y_num,
        g1_iso_y_den,
        g1_h_eff,
        g2_sswu_a,
        g2_sswu_b,
        g2_sswu_z,
        g2_iso_x_num,
        g2_iso_x_den,
        g2_iso_y_num,
        g2_iso_y_den,
        g2_h_eff,
    } = m;
    let mut out: Vec<(String, &mut [u64])> = vec![
        ("g1_sswu_a".into(), g1_sswu_a.as_mut_slice()),
        ("g1_sswu_b".into(), g1_sswu_b.as_mut_slice()),
        ("g1_sswu_z".into(), g1_sswu_z.as_mut_slice()),
        ("g1_h_eff".into(), std::slice::from_mut(g1_h_eff)),
        ("g2_h_eff".into(), g2_h_eff.as_mut_slice()),
    ];
    let g1_tables: [(&str, &mut [Limbs]); 4] = [
        ("g1_iso_x_num", g1_iso_x_num),
        ("g1_iso_x_den", g1_iso_x_den),
        ("g1_iso_y_num", g1_iso_y_num),
        ("g1_iso_y_den", g1_iso_y_den),
    ];
    for (name, table) in g1_tables {
        for (i, c) in table.iter_mut().enumerate() {
            out.push((format!("{name}[{i}]"), c.as_mut_slice()));
        }
    }
    let g2_values: [(&str, &mut [[Limbs; 2]]); 7] = [
        ("g2_sswu_a", std::slice::from_mut(g2_sswu_a)),
        ("g2_sswu_b", std::slice::from_mut(g2_sswu_b)),
        ("g2_sswu_z", std::slice::from_mut(g2_sswu_z)),
        ("g2_iso_x_num", g2_iso_x_num),
        ("g2_iso_x_den", g2_iso_x_den),
        ("g2_iso_y_num", g2_iso_y_num),
        ("g2_iso_y_den", g2_iso_y_den),
    ];
    for (name, table) in g2_values {
        for (i, [c0, c1]) in table.iter_mut().enumerate() {
            out.push((format!("{name}[{i}].c0"), c0.as_mut_slice()));
            out.push((format!("{name}[{i}].c1"), c1.as_mut_slice()));
        }
    }
    out
}

/// The first case of an RFC 9380 hash_to_curve file, from its u: Q0, Q1 and P.
fn first_case_passes<F: Field>(suite: &Suite<F>, vectors: &Value) -> bool {
    let case = &vectors["vectors"][0];
    let mut sum = Point::Infinity;
    for (i, key) in ["Q0", "Q1"].into_iter().enumerate() {
        let u: F = elem(case["u"][i].as_str().unwrap());
        match suite.map_to_curve(&u) {
            Some(q) if q == point(&case[key]) => sum = suite.e.add(&sum, &q),
            _ => return false,
        }
    }
    suite.clear_cofactor(&sum) == point(&case["P"])
}

/// Adding 1 to any one constant (a coordinate of an Fp2 value, a word of h_eff) makes the
/// model miss the first RFC 9380 hash_to_curve vector of G1 or G2: every constant is used,
/// and the vectors pin it.
#[test]
fn every_constant_is_checked_by_the_vectors() {
    let (v1, v2) =
        (rfc9380_json("bls12381g1_xmd_sha256_sswu_ro.json"), rfc9380_json("bls12381g2_xmd_sha256_sswu_ro.json"));
    let passes = |m: &MapParams| first_case_passes(&g1_suite(m), &v1) && first_case_passes(&g2_suite(m), &v2);
    let original = bls12_381_map_params();
    assert!(passes(&original));
    let count = constants_mut(&mut original.clone()).len();
    assert_eq!(count, 3 + (12 + 10 + 16 + 15) + 1 + 2 * (3 + 4 + 2 + 4 + 3) + 1);
    for k in 0..count {
        let mut m = original.clone();
        let name = {
            let mut list = constants_mut(&mut m);
            let (name, words) = &mut list[k];
            words[0] = words[0].wrapping_add(1);
            name.clone()
        };
        assert!(!passes(&m), "{name} + 1 still passes");
    }
}
