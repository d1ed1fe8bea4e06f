//! Pairings through the public API against blst; bilinearity; checks; batch lane independence.
mod common;
use blst::*;
use common::*;
use evm384_ifma::*;

/// Both engines a batch can run on with IFMA.
const ENGINES: [Engine; 2] = [Engine::Lanes, Engine::Latency];

fn ifma(engine: Engine, threads: Threads) -> BatchOptions {
    BatchOptions { backend: Backend::Ifma, engine, threads }
}

fn blst_batch(threads: Threads) -> BatchOptions {
    BatchOptions { backend: Backend::Blst, engine: Engine::Auto, threads }
}

#[test]
fn pairing_batch_equals_blst_per_lane() {
    if !require_ifma("pairing_batch_equals_blst_per_lane") {
        return;
    }
    let mut rng = Rng(21);
    let pairs: Vec<Pair> = (0..8).map(|_| rng.pair()).collect();
    for e in ENGINES {
        let got = pairing_batch(&pairs, ifma(e, Threads::All));
        for (l, (p, q)) in pairs.iter().enumerate() {
            assert_eq!(got[l], ref_pairing(p, q), "{e:?}, lane {l}");
        }
        // Not a constant: distinct pairs give distinct values.
        assert_ne!(got[0], got[1]);
        assert_eq!(pairing_batch(&pairs, ifma(e, Threads::One)), got, "{e:?}");
    }
    // Auto is the engine `batch_engine` names
    let auto = match batch_engine() {
        BatchEngine::Lanes => Engine::Lanes,
        BatchEngine::Latency => Engine::Latency,
    };
    assert_eq!(pairing_batch(&pairs, BatchOptions::default()), pairing_batch(&pairs, ifma(auto, Threads::All)));
}

#[test]
fn autotune_times_both_engines() {
    if !require_ifma("autotune_times_both_engines") {
        return;
    }
    let t = autotune().expect("IFMA in use");
    println!("batch of 8: {t:?} → {:?}", t.faster());
    // a batch of eight pairings takes between 0.1 and 1,000 ms on either engine
    for ns in [t.lanes_ns, t.latency_ns] {
        assert!(ns.is_finite() && (1e5..1e9).contains(&ns), "{t:?}");
    }
    if evm384_ifma::forced_batch_engine().is_none() {
        assert_eq!(batch_engine(), t.faster());
    }
}

#[test]
fn single_pairing_and_stages_equal_blst() {
    if !require_ifma("single_pairing_and_stages_equal_blst") {
        return;
    }
    let mut rng = Rng(22);
    let (p, q) = rng.pair();
    let want = ref_pairing(&p, &q);
    assert_eq!(pairing(&p, &q), want);
    // Miller loops differ by factors the final exponentiation kills.
    let ml = miller_loop(&[(p, q)]);
    assert_eq!(ref_final_exp(&ml), want);
    assert_eq!(final_exp(&ml), want);
    assert_eq!(final_exp(&ref_miller_loop(&[(p, q)])), want);
    // The final exponentiation of an arbitrary Fp12 equals blst's.
    let f = rng.fp12();
    assert_eq!(final_exp(&f), ref_final_exp(&f));
}

#[test]
fn bilinearity() {
    if !require_ifma("bilinearity") {
        return;
    }
    let mut rng = Rng(23);
    let (p, q) = rng.pair();
    let a = rng.scalar();
    let lhs = pairing(&g1_aff_mul(&p, &a), &q); // e([a]P, Q)
    let rhs = pairing(&p, &g2_aff_mul(&q, &a)); // e(P, [a]Q)
    assert_eq!(lhs, rhs);
    assert_eq!(lhs, fp12_pow(&pairing(&p, &q), &a)); // e(P, Q)^a
    let mut two = [0u8; 32];
    two[0] = 2;
    assert_ne!(pairing(&p, &q), pairing(&p, &g2_aff_mul(&q, &two)));
}

#[test]
fn pairing_checks() {
    if !require_ifma("pairing_checks") {
        return;
    }
    let mut rng = Rng(24);
    let (p, q) = rng.pair();
    let np = g1_neg(&p);
    assert!(pairing_check(&[(p, q), (np, q)]), "e(P,Q)e(-P,Q) = 1");
    assert!(!pairing_check(&[(p, q), (p, q)]));
    assert!(!pairing_check(&[(p, q)]));
    assert!(pairing_check(&[]), "empty product");
    for k in [3usize, 8, 9, 12] {
        let mut pairs: Vec<Pair> = Vec::new();
        for _ in 0..k / 2 {
            let (p, q) = rng.pair();
            pairs.push((p, q));
            pairs.push((g1_neg(&p), q));
        }
        if k % 2 == 1 {
            pairs.push((blst_p1_affine::default(), rng.g2())); // infinity: contributes 1
        }
        assert!(pairing_check(&pairs), "k = {k}");
        let last = pairs.len() - 2;
        pairs[last].1 = rng.g2();
        assert!(!pairing_check(&pairs), "k = {k}, broken");
        assert_eq!(final_exp(&miller_loop(&pairs)), ref_final_exp(&ref_miller_loop(&pairs)), "k = {k}");
    }
}

#[test]
fn infinity_gives_one() {
    if !require_ifma("infinity_gives_one") {
        return;
    }
    let mut rng = Rng(25);
    let (p, q) = rng.pair();
    let one = fp12_one();
    assert_eq!(pairing(&blst_p1_affine::default(), &q), one);
    assert_eq!(pairing(&p, &blst_p2_affine::default()), one);
    assert_eq!(miller_loop(&[(p, blst_p2_affine::default())]), one);
    for e in ENGINES {
        let got = pairing_batch(
            &[(p, q), (blst_p1_affine::default(), q), (p, blst_p2_affine::default())],
            ifma(e, Threads::One),
        );
        assert_eq!(got[0], ref_pairing(&p, &q), "{e:?}");
        assert_eq!(&got[1..], &[one, one], "{e:?}");
    }
}

#[test]
fn batch_lanes_are_independent() {
    if !require_ifma("batch_lanes_are_independent") {
        return;
    }
    let mut rng = Rng(26);
    let mut checks: Vec<Vec<Pair>> = Vec::new();
    for l in 0..8 {
        // Lane l: l+1 pairs (different lengths per lane), the product is 1 when l is even.
        let mut c = Vec::new();
        let (p, q) = rng.pair();
        c.push((p, q));
        c.push((g1_neg(&p), q));
        for _ in 2..l + 1 {
            c.push((blst_p1_affine::default(), rng.g2()));
        }
        if l % 2 == 1 {
            c.push(rng.pair());
        }
        checks.push(c);
    }
    let refs: Vec<&[Pair]> = checks.iter().map(|c| c.as_slice()).collect();
    let want: Vec<bool> = (0..8).map(|l| l % 2 == 0).collect();
    assert_eq!(pairing_check_batch(&refs, blst_batch(Threads::All)), want);
    // Break lane 4 only: the other lanes keep their answers.
    let mut broken = checks.clone();
    broken[4][1].1 = rng.g2();
    let refs2: Vec<&[Pair]> = broken.iter().map(|c| c.as_slice()).collect();
    let mut want2 = want.clone();
    want2[4] = false;
    let pairs: Vec<Pair> = (0..11).map(|_| rng.pair()).collect();
    let mut changed = pairs.clone();
    changed[5] = rng.pair();
    for e in ENGINES {
        assert_eq!(pairing_check_batch(&refs, ifma(e, Threads::All)), want, "{e:?}");
        assert_eq!(pairing_check_batch(&refs2, ifma(e, Threads::All)), want2, "{e:?}");
        // Values: each lane of a batch equals the pairing computed alone.
        let batch = pairing_batch(&pairs, ifma(e, Threads::All));
        let batch2 = pairing_batch(&changed, ifma(e, Threads::All));
        for l in 0..11 {
            assert_eq!(batch[l], ref_pairing(&pairs[l].0, &pairs[l].1), "{e:?}, lane {l}");
            if l != 5 {
                assert_eq!(batch2[l], batch[l], "{e:?}: lane {l} moved when lane 5 changed");
            }
        }
        assert_ne!(batch2[5], batch[5]);
    }
}

/// The all-cores batch (8-check chunks over rayon's pool, the last one partial) keeps every
/// check's answer in its place: equal to the one-core batch and to blst, check by check.
#[test]
fn all_cores_batch_keeps_the_order() {
    if !require_ifma("all_cores_batch_keeps_the_order") {
        return;
    }
    let mut rng = Rng(29);
    let checks: Vec<Vec<Pair>> = (0..27)
        .map(|i| {
            let (p, q) = rng.pair();
            // Product one unless i is a multiple of 3.
            let partner = if i % 3 == 0 { rng.g2() } else { q };
            vec![(p, q), (g1_neg(&p), partner)]
        })
        .collect();
    let refs: Vec<&[Pair]> = checks.iter().map(|c| c.as_slice()).collect();
    let want: Vec<bool> = (0..27).map(|i| i % 3 != 0).collect();
    assert_eq!(refs.iter().map(|c| ref_pairing_check(c)).collect::<Vec<_>>(), want);
    for e in ENGINES.into_iter().chain([Engine::Auto]) {
        assert_eq!(pairing_check_batch(&refs, ifma(e, Threads::All)), want, "{e:?}");
        assert_eq!(pairing_check_batch(&refs, ifma(e, Threads::One)), want, "{e:?}");
    }
    assert_eq!(pairing_check_batch(&refs, BatchOptions::default()), want);
    assert_eq!(pairing_check_batch(&refs, blst_batch(Threads::All)), want);
}

/// The blst fallback behind the batches (what runs on CPUs without IFMA): checks, and batches
/// whose lanes keep their own answers. The single-shot functions' fallback: `dispatch_env.rs`.
#[test]
fn blst_fallback_checks_and_batches() {
    let mut rng = Rng(28);
    let (p, q) = rng.pair();
    let np = g1_neg(&p);
    let pairs: Vec<Pair> = (0..9).map(|_| rng.pair()).collect();
    for threads in [Threads::One, Threads::All] {
        for (l, v) in pairing_batch(&pairs, blst_batch(threads)).iter().enumerate() {
            assert_eq!(*v, ref_pairing(&pairs[l].0, &pairs[l].1), "lane {l}");
        }
        let good = [(p, q), (np, q)];
        let bad = [(p, q), (p, q)];
        let checks: Vec<&[Pair]> = vec![&good, &bad, &good[..0], &bad[..1]];
        assert_eq!(pairing_check_batch(&checks, blst_batch(threads)), [true, false, true, false]);
    }
}

#[test]
fn validation_rejects_bad_points() {
    let mut rng = Rng(27);
    let (p, q) = rng.pair();
    assert_eq!(validate_pairs(&[(p, q)]), Ok(()));
    assert_eq!(validate_pairs(&[(blst_p1_affine::default(), blst_p2_affine::default())]), Ok(()));
    let mut off = p;
    off.y = rng.fp();
    assert_eq!(validate_pairs(&[(p, q), (off, q)]), Err(InvalidPoint::G1NotOnCurve(1)));
    let mut off2 = q;
    off2.y = rng.fp2();
    assert_eq!(validate_pairs(&[(p, off2)]), Err(InvalidPoint::G2NotOnCurve(0)));
}

#[test]
fn dispatch() {
    assert_eq!(backend() == Backend::Ifma, ifma_supported() && !evm384_ifma::ifma_switched_off());
    // EVM384_IFMA=off is read once per process: checked in tests/dispatch_env.rs.
}
