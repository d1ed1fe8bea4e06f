"""Transcribes the Groth16 test data of Lightprotocol/groth16-solana's `src/groth16.rs` (its tests'
VERIFYING_KEY, PUBLIC_INPUTS and PROOF: byte arrays, 32-byte big-endian words, G2 as
x_imaginary ‖ x_real ‖ y_imaginary ‖ y_real) into snarkjs' JSON files (decimal strings, G2 as
[[x_real, x_imaginary], [y_real, y_imaginary], ["1", "0"]]).

Usage: python3 transcribe.py groth16.rs  (writes verification_key.json, proof.json, public.json
beside this script)."""
import json
import os
import re
import sys

# the tests' constants (the struct definitions above them name the same fields)
src = open(sys.argv[1]).read()
src = src[src.index("pub const VERIFYING_KEY") :]


def array(name):
    """The integers of the array literal after `name`, as bytes."""
    start = src.index(name)
    body = src[start + len(name) :]
    body = body[body.index("[") :]
    depth, end = 0, 0
    for i, ch in enumerate(body):
        depth += ch == "["
        depth -= ch == "]"
        if depth == 0:
            end = i
            break
    return bytes(int(x) for x in re.findall(r"\d+", body[1:end]))


def words(b):
    return [str(int.from_bytes(b[i : i + 32], "big")) for i in range(0, len(b), 32)]


def g1(b):
    x, y = words(b)
    return [x, y, "1"]


def g2(b):
    x_im, x_re, y_im, y_re = words(b)
    return [[x_re, x_im], [y_re, y_im], ["1", "0"]]


ic = array("vk_ic: &")
assert len(ic) % 64 == 0
ic_points = [g1(ic[i : i + 64]) for i in range(0, len(ic), 64)]
vk = {
    "protocol": "groth16",
    "curve": "bn128",
    "nPublic": len(ic_points) - 1,
    "vk_alpha_1": g1(array("vk_alpha_g1:")),
    "vk_beta_2": g2(array("vk_beta_g2:")),
    "vk_gamma_2": g2(array("vk_gamme_g2:")),
    "vk_delta_2": g2(array("vk_delta_g2:")),
    "IC": ic_points,
}
proof = array("pub const PROOF: [u8; 256] =")
assert len(proof) == 256
public = array("pub const PUBLIC_INPUTS: [[u8; 32]; 9] =")
assert len(public) == 9 * 32
here = os.path.dirname(os.path.abspath(__file__))
files = {
    "verification_key.json": vk,
    "proof.json": {"pi_a": g1(proof[:64]), "pi_b": g2(proof[64:192]), "pi_c": g1(proof[192:]), "protocol": "groth16", "curve": "bn128"},
    "public.json": words(public),
}
for name, value in files.items():
    with open(os.path.join(here, name), "w") as f:
        json.dump(value, f, indent=1)
        f.write("\n")
