//! `EVM384_IFMA=off` forces blst behind the whole API (its own test binary: the backend is read
//! once per process), with blst's values.
mod common;
use common::*;
use evm384_ifma::*;

#[test]
fn env_off_forces_blst() {
    // SAFETY: single-threaded at this point of this binary (one test).
    unsafe { std::env::set_var("EVM384_IFMA", "off") };
    assert_eq!(backend(), Backend::Blst);
    assert_eq!(BatchOptions::default().backend, Backend::Blst);
    assert!(autotune().is_none(), "nothing to tune without IFMA");

    let mut rng = Rng(31);
    let (p, q) = rng.pair();
    let np = g1_neg(&p);
    assert_eq!(pairing(&p, &q), ref_pairing(&p, &q));
    let ml = miller_loop(&[(p, q)]);
    assert_eq!(ml, ref_miller_loop(&[(p, q)]));
    assert_eq!(final_exp(&ml), ref_pairing(&p, &q));
    assert!(pairing_check(&[(p, q), (np, q)]));
    assert!(!pairing_check(&[(p, q), (p, q)]));
    let pairs: Vec<Pair> = (0..3).map(|_| rng.pair()).collect();
    let want: Vec<_> = pairs.iter().map(|(p, q)| ref_pairing(p, q)).collect();
    let good = [(p, q), (np, q)];
    let bad = [(p, q), (p, q)];
    let checks: Vec<&[Pair]> = vec![&good, &bad];
    // Any engine asked for runs blst.
    for engine in [Engine::Auto, Engine::Lanes, Engine::Latency] {
        for threads in [Threads::One, Threads::All] {
            let o = BatchOptions { engine, threads, ..Default::default() };
            assert_eq!(pairing_batch(&pairs, o), want);
            assert_eq!(pairing_check_batch(&checks, o), [true, false]);
        }
    }
    // The subgroup tests fall back to blst's.
    let g1s: Vec<blst::blst_p1_affine> = pairs.iter().map(|pr| pr.0).collect();
    assert_eq!(g1_in_subgroup(&g1s), vec![true; 3]);
    assert_eq!(pairing_check_testing_g2(&good), (true, vec![true, true]));
    assert_eq!(pairing_check_testing_g2(&bad), (false, vec![true, true]));
}
