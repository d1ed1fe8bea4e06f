//! Groth16 proofs over BN254 (arkworks' `ark-groth16`, eprint 2016/260) of a small circuit with
//! n public inputs, for the report's Groth16 verifier rows (`collect::bn254`): knowledge of w with
//! xⱼ = w^(j+1) for the public inputs x₁ … xₙ. The Groth16 tests of `evm384-gen` and
//! `evm384-build` prove the same circuit: their `tests/common_groth16` includes this file.

use ark_bn254::{Bn254, Fr};
use ark_groth16::{Groth16, Proof, VerifyingKey};
use ark_relations::lc;
use ark_relations::r1cs::{ConstraintSynthesizer, ConstraintSystemRef, SynthesisError};
use ark_snark::SNARK;
use ark_std::rand::{rngs::StdRng, SeedableRng};

/// The circuit: x₁ = w·w, xⱼ₊₁ = xⱼ·w, one constraint per public input.
#[derive(Clone)]
pub struct Powers {
    /// The witness.
    pub w: Fr,
    /// Public inputs.
    pub k: usize,
}

impl Powers {
    /// The public inputs x₁ … xₖ (w², w³, …).
    pub fn inputs(&self) -> Vec<Fr> {
        let mut x = Vec::with_capacity(self.k);
        let mut acc = self.w;
        for _ in 0..self.k {
            acc *= self.w;
            x.push(acc);
        }
        x
    }
}

impl ConstraintSynthesizer<Fr> for Powers {
    fn generate_constraints(self, cs: ConstraintSystemRef<Fr>) -> Result<(), SynthesisError> {
        let w = cs.new_witness_variable(|| Ok(self.w))?;
        let mut prev = w;
        for x in self.inputs() {
            let v = cs.new_input_variable(|| Ok(x))?;
            cs.enforce_constraint(lc!() + prev, lc!() + w, lc!() + v)?;
            prev = v;
        }
        Ok(())
    }
}

/// A verifying key, a valid proof and its public inputs.
pub struct Statement {
    pub vk: VerifyingKey<Bn254>,
    pub proof: Proof<Bn254>,
    pub inputs: Vec<Fr>,
}

/// arkworks' circuit-specific setup and proof of [`Powers`] with `k` public inputs, from a
/// randomness seeded by `seed` (deterministic); arkworks' `Groth16::verify` accepts it.
pub fn prove(k: usize, seed: u64) -> Result<Statement, String> {
    let mut rng = StdRng::seed_from_u64(seed);
    let circuit = Powers { w: Fr::from(5u64 + k as u64), k };
    let (pk, vk) = Groth16::<Bn254>::circuit_specific_setup(circuit.clone(), &mut rng)
        .map_err(|e| format!("Groth16 setup, {k} inputs: {e}"))?;
    let proof = Groth16::<Bn254>::prove(&pk, circuit.clone(), &mut rng)
        .map_err(|e| format!("Groth16 proof, {k} inputs: {e}"))?;
    let inputs = circuit.inputs();
    let valid = Groth16::<Bn254>::verify(&vk, &inputs, &proof).map_err(|e| format!("Groth16 verify: {e}"))?;
    if !valid {
        return Err(format!("arkworks rejects its own Groth16 proof with {k} inputs"));
    }
    Ok(Statement { vk, proof, inputs })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proofs_verify_and_carry_their_inputs() {
        for k in [1, 2] {
            let s = prove(k, 7).unwrap();
            assert_eq!((s.inputs.len(), s.vk.gamma_abc_g1.len()), (k, k + 1));
        }
    }
}
