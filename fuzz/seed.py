#!/usr/bin/env python3
"""Seed corpora for the libFuzzer targets from the project's test data.

corpus/pairing/: every PAIRING_CHECK input of testdata/eip2537 (success and failure vectors).
corpus/bytecode/: the EVM384 programs of testdata/evm384/programs.json, each behind the
3-byte header the bytecode target reads (its interface, the largest gas limit).
"""
import json
import pathlib

root = pathlib.Path(__file__).resolve().parent
testdata = root.parent / "testdata"

pairing = root / "corpus" / "pairing"
pairing.mkdir(parents=True, exist_ok=True)
n = 0
for f in sorted((testdata / "eip2537").rglob("*.json")):
    if "pairing" not in f.name.lower():
        continue
    for i, case in enumerate(json.loads(f.read_text())):
        data = bytes.fromhex(case["Input"].removeprefix("0x"))
        (pairing / f"{f.stem}-{i}").write_bytes(data)
        n += 1
print(f"{n} pairing seeds in {pairing}")

bytecode = root / "corpus" / "bytecode"
bytecode.mkdir(parents=True, exist_ok=True)
m = 0
programs = json.loads((testdata / "evm384" / "programs.json").read_text())["cases"]
interfaces = {"v7": 0, "v8": 1, "v9": 2}
for prog in programs:
    header = bytes([interfaces[prog["interface"]], 0xFF, 0xFF])
    (bytecode / prog["name"]).write_bytes(header + bytes.fromhex(prog["code"].removeprefix("0x")))
    m += 1
print(f"{m} bytecode seeds in {bytecode}")
