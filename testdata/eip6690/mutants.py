#!/usr/bin/env python3
"""How strong is the suite? Each mutant is the model (`model.py`) with one misreading of the
text (several of them what other implementations or earlier readings do); every case file is
run against it, and the cases that catch it are listed. Exits 1 if a mutant survives.

    python3 testdata/eip6690/mutants.py

Standard library only; reads model.py's source and the JSON files next to this script.
"""

import glob
import json
import os
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = open(os.path.join(HERE, "model.py")).read()

# (what is misread, text in model.py, replacement)
MUTANTS = [
 ("bound: idx + stride*count < registers (the formula as printed)",
  "BOUND_AS_PRINTED = False", "BOUND_AS_PRINTED = True"),
 ("bound: idx + stride*count <= registers (go-ethereum's branch)",
  "if idx + stride * (count - 1 + BOUND_AS_PRINTED) >= n:", "if idx + stride * count > n:"),
 ("SETMODX id not range-checked", "        if id_ > MAX_ID:  # \"Assert 0 <= id <= 256.\"\n            raise Halt(\"id out of range\")\n", ""),
 ("STOREX pow2: 3*ceil(count*registers/32)", "self.use(3 * words(size))", "self.use(3 * words(count * len(ctx.registers)))"),
 ("memory: revm's own charge plus max(0, difference)",
  "MEMORY_AT_LEAST_PLAIN = False", "MEMORY_AT_LEAST_PLAIN = True"),
 ("memory: registers ignored by ordinary expansion",
  "        cost = memory_cost(new + r) - memory_cost(old + r)\n",
  "        cost = memory_cost(new) - memory_cost(old)\n"),
 ("LOADX base cost 0", "self.use(COST_LOADX_BASE)", "self.use(0)"),
 ("STOREX base cost 0", "self.use(COST_STOREX_BASE)", "self.use(0)"),
 ("LOADX/STOREX base cost 2 (GasQuickStep)", "COST_STOREX_BASE = 1\nCOST_LOADX_BASE = 1", "COST_STOREX_BASE = 2\nCOST_LOADX_BASE = 2"),
 ("LOADX pow2: 3*ceil(count*es/32)", "self.use((ctx.element_size + 31) // 32 * 3)", "self.use(3 * words(count * ctx.element_size))"),
 ("STOREX pow2: once 3*ceil(es/32)", "self.use(3 * words(size))", "self.use(3 * words(ctx.element_size))"),
 ("SETMODX odd cost indexed by words (one width dearer)", "self.use(SETMODX_ODD_COST[ctx.words - 1])", "self.use(SETMODX_ODD_COST[min(ctx.words, 11)])"),
 ("SETMODX base not charged for an existing id",
  "            self.active = id_  #    Set it as the active one.\" [R8]\n",
  "            self.active = id_\n            self.gas += COST_SETMODX_BASE\n"),
 ("SETMODX expansion ignores memory", "self.use(memory_cost(m + before + ctx.byte_size()) - memory_cost(m + before))",
  "self.use(memory_cost(before + ctx.byte_size()) - memory_cost(before))"),
 ("SETMODX expansion ignores earlier registers", "self.use(memory_cost(m + before + ctx.byte_size()) - memory_cost(m + before))",
  "self.use(memory_cost(m + ctx.byte_size()) - memory_cost(m))"),
 ("SETMODX expansion not charged", "self.use(memory_cost(m + before + ctx.byte_size()) - memory_cost(m + before))", "pass"),
 ("arithmetic written in place (no buffering)",
  "        results = [ctx.operate(op, regs[x + i * x_stride], regs[y + i * y_stride]) for i in range(count)]\n        for i, v in enumerate(results):\n            regs[out + i * out_stride] = v\n",
  "        for i in range(count):\n            regs[out + i * out_stride] = ctx.operate(op, regs[x + i * x_stride], regs[y + i * y_stride])\n"),
 ("x/y stride 0 halts too", "        if out_stride == 0:", "        if out_stride == 0 or x_stride == 0 or y_stride == 0:"),
 ("contexts shared with called frames",
  "        child = Frame(self.tx, addr, code, args, forwarded, self.static or op == 0xFA, self.depth + 1)\n",
  "        child = Frame(self.tx, addr, code, args, forwarded, self.static or op == 0xFA, self.depth + 1)\n        child.contexts, child.active = self.contexts, self.active\n"),
 ("called frames inherit the active id only",
  "        child = Frame(self.tx, addr, code, args, forwarded, self.static or op == 0xFA, self.depth + 1)\n",
  "        child = Frame(self.tx, addr, code, args, forwarded, self.static or op == 0xFA, self.depth + 1)\n        child.contexts = dict(self.contexts)\n"),
 ("jump analysis does not skip immediates", "        elif 0xC3 <= op <= 0xC5:\n            i += 7\n", ""),
 ("LOADX also requires source < registers", "        if source + count > len(ctx.registers):\n            raise Halt(\"register range\")\n        size = count * ctx.element_size\n        # \"Assert that the range [dest",
  "        if source + count > len(ctx.registers) or source >= len(ctx.registers):\n            raise Halt(\"register range\")\n        size = count * ctx.element_size\n        # \"Assert that the range [dest"),
 ("register cap exclusive (<)", "if before + ctx.byte_size() > MAX_REGISTER_BYTES:", "if before + ctx.byte_size() >= MAX_REGISTER_BYTES:"),
 ("element size from modulus_size bytes", "        ctx = FieldContext(modulus, alloc)\n",
  "        ctx = FieldContext(modulus, alloc)\n        ctx.words = max(ctx.words, (mod_size + 7) // 8); ctx.element_size = 8 * ctx.words\n        if ctx.odd: ctx.R = 1 << (8 * ctx.element_size); ctx.mont_const = pow(-modulus, -1, ctx.R); ctx.r2 = ctx.R * ctx.R % modulus\n"),
 ("moduli 1 and 2 accepted", "if not 3 <= modulus <= (1 << 768) - 1:", "if not 1 <= modulus <= (1 << 768) - 1:"),
 ("id 256 refused", "MAX_ID = 256", "MAX_ID = 255"),
 ("alloc_count 256 refused", "MAX_ALLOC = 256", "MAX_ALLOC = 255"),
 ("STOREX accepts values >= modulus (reduced)", "            if v >= ctx.modulus:", "            v %= ctx.modulus\n            if False:"),
 ("LOADX expands memory instead of halting", "        if dest + size > len(self.memory):\n            raise Halt(\"memory range\")\n",
  "        self.expand(dest, size)\n"),
 ("STOREX expands memory instead of halting", "        if source + size > len(self.memory):\n            raise Halt(\"memory range\")\n",
  "        self.expand(source, size)\n"),
 ("modulus range not checked (memory read as zero-padded)", "        if mod_off + mod_size > len(self.memory):\n            raise Halt(\"modulus outside memory\")\n", ""),
 ("existing id re-created (registers zeroed)", "        if id_ in self.contexts:", "        if False:"),
 ("SUBMODX as y - x", "            return (a - b) % m", "            return (b - a) % m"),
 ("MULMODX of Montgomery-form registers as a plain product", "return mulmont(a, b, m, self.mont_const, self.R) if self.odd else a * b % m", "return a * b % m"),
 ("ADDMODX/SUBMODX cost table off by one width", "table = MUL_COST if op == 0xC5 else ADD_SUB_COST\n        self.use(count * table[ctx.words - 1])", "table = MUL_COST if op == 0xC5 else ADD_SUB_COST\n        self.use(count * (table[min(ctx.words, 11)] if op != 0xC5 else table[ctx.words - 1]))"),
 ("MULMODX cost table off by one width", "table = MUL_COST if op == 0xC5 else ADD_SUB_COST\n        self.use(count * table[ctx.words - 1])", "table = MUL_COST if op == 0xC5 else ADD_SUB_COST\n        self.use(count * (table[min(ctx.words, 11)] if op == 0xC5 else table[ctx.words - 1]))"),
 ("arithmetic gas per instruction, not per count", "self.use(count * table[ctx.words - 1])", "self.use(table[ctx.words - 1])"),
]

cases = []
for f in sorted(glob.glob(os.path.join(HERE, "*.json"))):
    d = json.load(open(f))
    for c in d["cases"]:
        cases.append((d["group"], c))

def load(src):
    m = types.ModuleType("mut")
    exec(compile(src, "mut", "exec"), m.__dict__)
    return m

def check(mod):
    bad = []
    for g, c in cases:
        acc = {int(a, 16): bytes.fromhex(code) for a, code in c.get("accounts", {}).items()}
        try:
            r = mod.execute(bytes.fromhex(c["code"]), bytes.fromhex(c["calldata"]), c["gas_limit"], acc)
        except IndexError:  # the mutant read a register that does not exist
            bad.append(f"{g}/{c['name']} (register index out of range)")
            continue
        if (r.status, r.output.hex(), r.gas) != (c["status"], c["output"], c["gas"]):
            bad.append(f"{g}/{c['name']}")
    return bad

def main():
    assert not check(load(SRC)), "the model itself disagrees with the case files: regenerate them"
    survivors = 0
    for name, old, new in MUTANTS:
        assert SRC.count(old) == 1, (name, SRC.count(old))
        bad = check(load(SRC.replace(old, new)))
        survivors += not bad
        print(f"{len(bad):4}  {name}: {', '.join(bad[:3])}{' ...' if len(bad) > 3 else ''}")
    print(f"{len(MUTANTS) - survivors} of {len(MUTANTS)} mutants caught")
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
