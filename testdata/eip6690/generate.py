#!/usr/bin/env python3
"""Writes the EIP-6690 conformance cases (testdata/eip6690/*.json) from the reference model.

    python3 testdata/eip6690/generate.py            # rewrite the JSON files next to this script
    python3 testdata/eip6690/generate.py --out DIR  # write them to DIR instead

Deterministic: the same files byte for byte on every run (values come from SHA-256 of fixed
labels). Every expectation is the model's (`model.py`, written from the EIP text alone); for
the cases that pin a reading or a gas figure, the figure computed by hand from the text is
asserted against the model here too (`expect=`). Standard library only.
"""

import argparse
import hashlib
import json
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the case files
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import model  # noqa: E402
from model import ADD_SUB_COST, MUL_COST, SETMODX_ODD_COST, ceil32, memory_cost  # noqa: E402

EIP = "ethereum/EIPs EIPS/eip-6690.md at f767a1e8078e17c9b381a91d35a09492189ede1b"
GAS_LIMIT = 1_000_000

# ---- the text's rules, quoted --------------------------------------------------------------

T_SETMODX_BASE = 'SETMODX: "Charge COST_SETMODX_BASE." (Constants: COST_SETMODX_BASE = 1)'
T_SETMODX_ID = 'SETMODX: "Assert 0 <= id <= 256."'
T_SETMODX_EXISTING = 'SETMODX: "If a field context for id exists in this call scope: Set it as the active one."'
T_SETMODX_SIZE = 'SETMODX: "Assert modulus_size <= 96."'
T_SETMODX_RANGE = ('SETMODX: "Assert that the byte range [modulus_offset, modulus_offset+modulus_size] falls '
                   'within EVM memory."')
T_SETMODX_ODD_POW2 = 'SETMODX: "Assert modulus is odd or is a power of two."'
T_SETMODX_MIN = 'SETMODX: "Assert 3 <= modulus <= 2**768 - 1."'
T_SETMODX_ALLOC = 'SETMODX: "Assert 0 < alloc_count <= 256."'
T_SETMODX_ELEMENT = ('SETMODX: "element_size as the size needed to represent the modulus padded to be a '
                     'multiple of 64 bits"')
T_SETMODX_CAP = ('SETMODX: "assert that the new size of all virtual registers allocated in the current '
                 'call-context does not exceed 24576 bytes."')
T_SETMODX_GAS = ('SETMODX: "Charge COST_SETMODX_BASE", "Charge EVM memory expansion cost to expand memory by '
                 'alloc_count * element_size bytes", "if the modulus is odd, charge the dynamic cost component" '
                 '(table "Dynamic Cost Component for Odd Moduli")')
T_SETMODX_MEMORY = ('SETMODX: "Charge EVM memory expansion cost to expand memory by alloc_count * element_size '
                    'bytes"; "EVM Memory Expansion Cost Modification"')
T_SETMODX_ACTIVE = 'SETMODX: "The new field context is now set as the active one."'
T_SETMODX_ZEROED = 'SETMODX: "Allocate the new field context with alloc_count initially-zeroed registers."'

T_ARITH_GAS = ('Arithmetic Opcodes: "charge count * operation_cost where operation_cost is drawn from the '
               'cost table" (cost per add/sub, cost per mul by modulus size padded to 64 bits)')
T_ARITH_BOUNDS = 'Arithmetic Opcodes: "all accessed values fall within bounds"'
T_ARITH_STRIDE = 'Arithmetic Opcodes: "out_stride != 0"'
T_ARITH_COUNT = 'Arithmetic Opcodes: "count != 0"'
T_ARITH_ACTIVE = 'Arithmetic Opcodes: "an active field context active_ctx is set."'
T_ARITH_LOOP = ('Arithmetic Opcodes: "registers[out_idx+i*out_stride] = operation(registers[x_idx+i*x_stride], '
                'registers[y_idx+i*y_stride])"')
T_ARITH_OVERLAP = ('Arithmetic Opcodes: "Note: Inputs/outputs can overlap. active_ctx.registers is not modified '
                   'until all operations in the loop have completed."')
T_ARITH_OP = ('Arithmetic Opcodes: "operation computes modular addition, subtraction or multiplication depending '
              'on the opcode"')

T_LOADX_ACTIVE = 'LOADX: "Assert that a field context is set as active in the current call frame."'
T_LOADX_REGS = ('LOADX: "Assert that the range [source, source + count] falls within the active field context\'s '
                'zero-indexed value space."')
T_LOADX_MEMORY = ('LOADX: "Assert that the range [dest, dest + count * active_ctx.element_size] falls entirely '
                  'within EVM memory."')
T_LOADX_GAS_POW2 = 'LOADX: "If modulus is a power of two: charge (active_ctxt.element_size + 31) // 32 * 3 gas"'
T_LOADX_GAS_ODD = ('LOADX: "If modulus is odd: charge count * operation_cost gas, where operation_cost is looked '
                   'up from the multiplication cost table"')
T_LOADX_COPY = ('LOADX: "copy virtual register values [source, source + count] to memory"; "serialization format '
                'for values in EVM memory: big-endian padded to active_ctx.element_size bytes"')
T_STOREX_ACTIVE = 'STOREX: "Assert that a field context is set as active in the current call frame."'
T_STOREX_REGS = ('STOREX: "Assert dest + count is less than or equal to the number of the active field context\'s '
                 'virtual registers."')
T_STOREX_MEMORY = ('STOREX: "Assert that [source, source + count * active_context.element_size] falls entirely '
                   'within EVM memory."')
T_STOREX_VALUE = 'STOREX: "Interpret it as count number of values, asserting that each is less than the modulus"'
T_STOREX_GAS_POW2 = ('STOREX: "If modulus of the active context is a power of two: charge '
                     'cost_mem_copy(count * active_ctx.element_size)"')
T_STOREX_GAS_ODD = ('STOREX: "Else if modulus of the active context is odd: charge count * operation_cost gas, where '
                    'operation_cost is looked up from the multiplication cost table"')
T_BASE_COST = 'Constants: COST_LOADX_BASE = 1, COST_STOREX_BASE = 1 ("static cost")'

T_MEMORY = ('EVM Memory Expansion Cost Modification: "When expanding EVM memory or allocating a new field context '
            'via SETMODX, expansion cost will now consider the size of all allocated virtual registers in the '
            'current call frame."')
T_SCOPE = ('Overview: "The execution state of an EVM call frame is modified to include a mapping of id ... to a '
           'field context"; SETMODX: "in this call scope"; "the current call-context"')
T_CONVENTION = ('Conventions: "the current call frame will consume all call gas and terminate call execution in '
                'an exceptional state"')
T_JUMPS = ('Arithmetic Opcodes: "take a 7 byte immediate" (the text is silent on jump analysis; the immediate '
           'is skipped like PUSH data)')

# ---- helpers ---------------------------------------------------------------------------------


def rnd(label, bits):
    """`bits` deterministic pseudo-random bits from SHA-256 of `label`."""
    out = b""
    i = 0
    while len(out) * 8 < bits:
        out += hashlib.sha256(f"eip6690/{label}/{i}".encode()).digest()
        i += 1
    return int.from_bytes(out, "big") >> (len(out) * 8 - bits)


def odd_modulus(label, w):
    """An odd modulus of exactly 64·w bits."""
    return rnd(label, 64 * w) | (1 << (64 * w - 1)) | 1


def below(label, m):
    return rnd(label, m.bit_length() + 64) % m


def esize(m):
    return 8 * ((m.bit_length() + 63) // 64)


def width(m):
    return (m.bit_length() + 63) // 64


def be(v, n):
    return v.to_bytes(n, "big")


def mem_exp(m, r, new):
    """The text's charge for `new` bytes beyond memory `m` and registers `r`."""
    return memory_cost(m + r + new) - memory_cost(m + r)


ADDMODX, SUBMODX, MULMODX = 0xC3, 0xC4, 0xC5
OPNAME = {ADDMODX: "addmodx", SUBMODX: "submodx", MULMODX: "mulmodx"}


def op_gas(op, m):
    return (MUL_COST if op == MULMODX else ADD_SUB_COST)[width(m) - 1]


def apply(op, a, b, m):
    return {ADDMODX: a + b, SUBMODX: a - b, MULMODX: a * b}[op] % m


class Asm:
    """A tiny assembler."""

    def __init__(self):
        self.code = bytearray()

    def op(self, *bs):
        self.code += bytes(bs)
        return self

    def push(self, v, width=None):
        if width is None:
            if v == 0:
                return self.op(0x5F)
            width = max(1, (v.bit_length() + 7) // 8)
        self.code.append(0x5F + width)
        self.code += v.to_bytes(width, "big")
        return self

    def setmodx(self, id_, off, size, alloc):
        return self.push(alloc).push(size).push(off).push(id_).op(0xC0)

    def loadx(self, dest, source, count):
        return self.push(count).push(source).push(dest).op(0xC1)

    def storex(self, dest, source, count):
        return self.push(count).push(source).push(dest).op(0xC2)

    def arith(self, op, out, out_stride, x, x_stride, y, y_stride, count):
        return self.op(op, out, out_stride, x, x_stride, y, y_stride, count)

    def mstore(self, off, v):
        return self.push(v).push(off).op(0x52)

    def mstore8(self, off, v=0):
        return self.push(v).push(off).op(0x53)

    def copy_calldata(self, dest=0):
        return self.op(0x36).push(0).push(dest).op(0x37)  # CALLDATACOPY(dest, 0, CALLDATASIZE)

    def ret(self, off, size):
        return self.push(size).push(off).op(0xF3)

    def revert(self, off, size):
        return self.push(size).push(off).op(0xFD)

    def call(self, gas, addr, a_off=0, a_size=0, r_off=0, r_size=0):
        self.push(r_size).push(r_off).push(a_size).push(a_off).push(0).push(addr).push(gas)
        return self.op(0xF1)

    def staticcall(self, gas, addr, a_off=0, a_size=0, r_off=0, r_size=0):
        self.push(r_size).push(r_off).push(a_size).push(a_off).push(addr).push(gas)
        return self.op(0xFA)

    def measured(self, scratch, body):
        """Runs `body` between two GAS readings and stores its gas (everything it charged,
        memory expansion included) as a 32-byte word at `scratch`, which must lie inside memory
        already. GAS PUSH2 MSTORE <body> GAS: the window holds 8 gas besides the body."""
        self.op(0x5A).push(scratch, 2).op(0x52)
        body(self)
        self.op(0x5A).push(scratch, 2).op(0x51, 0x03).push(8, 1).op(0x90, 0x03)
        return self.push(scratch, 2).op(0x52)

    def here(self):
        return len(self.code)


class Layout:
    """Memory of a case: the calldata copied to 0 (`data`), a 32-byte `scratch` word after it,
    then `out_len` bytes of output (`out`); the code's prologue expands memory to `end` at once,
    so later instructions run with a known memory size."""

    def __init__(self, calldata, out_len=0, extra=0):
        self.data = ceil32(len(calldata))
        self.scratch = self.data
        self.out = self.scratch + 32
        self.end = self.out + ceil32(out_len) + extra

    def prologue(self, asm, calldata):
        if calldata:
            asm.copy_calldata()
        return asm.mstore8(self.end - 1, 0)


class Group:
    def __init__(self, name, description):
        self.name = name
        self.description = description
        self.cases = []
        self.names = set()

    def add(self, name, rule, code, calldata=b"", gas_limit=GAS_LIMIT, accounts=None, readings=(), expect=None):
        """A case whose expectations are the model's; `expect` (status, output, gas, or
        measured: the first output word) are figures from the text asserted against it."""
        assert name not in self.names, name
        self.names.add(name)
        code = bytes(code.code if isinstance(code, Asm) else code)
        accounts = {a: bytes(c.code if isinstance(c, Asm) else c) for a, c in (accounts or {}).items()}
        r = model.execute(code, calldata, gas_limit, accounts)
        # The cases whose outcome depends on R1 or R2 are tagged so (README: "Readings").
        readings = set(readings)
        for flag, reading in (("BOUND_AS_PRINTED", "R1"), ("MEMORY_AT_LEAST_PLAIN", "R2")):
            setattr(model, flag, True)
            try:
                alt = model.execute(code, calldata, gas_limit, accounts)
            finally:
                setattr(model, flag, False)
            if (alt.status, alt.output, alt.gas) != (r.status, r.output, r.gas):
                readings.add(reading)
        for key, want in (expect or {}).items():
            got = {"status": r.status, "output": r.output, "gas": r.gas,
                   "measured": int.from_bytes(r.output[:32], "big") if len(r.output) >= 32 else None}[key]
            assert got == want, f"{self.name}/{name}: {key} = {got!r}, the text says {want!r}"
        case = {"name": name, "rule": rule}
        if readings:
            case["readings"] = sorted(readings, key=lambda s: int(s[1:]))
        case["code"] = code.hex()
        case["calldata"] = bytes(calldata).hex()
        if accounts:
            case["accounts"] = {f"0x{a:040x}": c.hex() for a, c in sorted(accounts.items())}
        case.update({"gas_limit": gas_limit, "status": r.status, "output": r.output.hex(), "gas": r.gas})
        self.cases.append(case)
        return r

    def add_exact_gas(self, name, rule, code, calldata=b"", readings=()):
        """The same program with exactly the gas it needs (succeeds) and one less (halts)."""
        r = model.execute(bytes(code.code), calldata, GAS_LIMIT)
        assert r.status == "success", name
        self.add(f"{name}_exact_gas", rule, code, calldata, gas_limit=r.gas, readings=readings,
                 expect={"status": "success", "gas": r.gas})
        self.add(f"{name}_one_gas_short", rule + "; " + T_CONVENTION, code, calldata, gas_limit=r.gas - 1,
                 readings=readings, expect={"status": "halt", "gas": r.gas - 1})

    def document(self):
        return {"group": self.name, "description": self.description, "eip": EIP, "fork": "Osaka",
                "cases": self.cases}


def halt():
    return {"status": "halt", "output": b"", "gas": GAS_LIMIT}


# Moduli by width: `full` has exactly 64·w bits, `short` 64·(w−1) + 1 bits (the smallest width-w
# size); powers of two likewise (2^(64w−1) has 64·w bits, 2^(64(w−1)) has 64(w−1) + 1).
def odd_full(w):
    return odd_modulus(f"odd-full-{w}", w)


def odd_short(w):
    return (1 << (64 * (w - 1))) + 1 if w > 1 else 3


def pow2_full(w):
    return 1 << (64 * w - 1)


def pow2_short(w):
    return 1 << (64 * (w - 1)) if w > 1 else 4


def kind(m):
    return "odd" if m & 1 else "pow2"


def context_program(m, alloc, values, out_len, id_=0, mod_size=None, extra=0):
    """Calldata = modulus (mod_size bytes, default element_size) + values; code: prologue,
    SETMODX(id, 0, mod_size, alloc), STOREX(0, mod_size, len(values)). Returns (asm, calldata,
    layout)."""
    es = esize(m)
    mod_size = mod_size or es
    calldata = be(m, mod_size) + b"".join(be(v, es) for v in values)
    lay = Layout(calldata, out_len, extra)
    asm = Asm()
    lay.prologue(asm, calldata)
    asm.setmodx(id_, 0, mod_size, alloc)
    if values:
        asm.storex(0, mod_size, len(values))
    return asm, calldata, lay


# ---- SETMODX ---------------------------------------------------------------------------------


def setmodx_group():
    g = Group("setmodx", "SETMODX: every assertion, the gas by width (odd and power-of-two moduli), "
                         "existing ids, the 24,576-byte register cap.")

    # Gas by width, measured: the base, the odd part, and the registers' memory expansion.
    for w in range(1, 13):
        for m, label in ((odd_full(w), "full"), (odd_short(w), "short"), (pow2_full(w), "full"),
                         (pow2_short(w), "short")):
            if label == "short" and w == 1 and m & 1 == 0:
                label = "4"
            es = esize(m)
            assert es == 8 * w
            alloc = 16
            calldata = be(m, es)
            lay = Layout(calldata, es)
            asm = Asm()
            lay.prologue(asm, calldata)
            asm.push(alloc).push(es).push(0).push(0)
            asm.measured(lay.scratch, lambda a: a.op(0xC0))
            asm.loadx(lay.out, alloc - 1, 1).ret(lay.scratch, 32 + es)
            want = 1 + (SETMODX_ODD_COST[w - 1] if m & 1 else 0) + mem_exp(lay.end, 0, alloc * es)
            g.add(f"gas_{kind(m)}_{w}_words_{label}", T_SETMODX_GAS + "; " + T_SETMODX_ELEMENT, asm, calldata,
                  readings={"R10"}, expect={"status": "success", "measured": want})

    # The element size counts the modulus value, not the bytes it is read from.
    for name, m, size in (("leading_zeros_96_bytes_value_7", 7, 96), ("leading_zeros_16_bytes_2_pow_63", 1 << 63, 16),
                          ("minimal_bytes_2_pow_64_in_9_bytes", 1 << 64, 9),
                          ("minimal_bytes_65_bit_odd_in_9_bytes", (1 << 64) + 13, 9)):
        es = esize(m)
        calldata = be(m, size) + be(m - 1, es)
        lay = Layout(calldata, 2 * es)
        asm = Asm()
        lay.prologue(asm, calldata)
        asm.push(2).push(size).push(0).push(0)
        asm.measured(lay.scratch, lambda a: a.op(0xC0))
        # r1 = m − 1 (element_size bytes) and back
        asm.storex(1, size, 1).loadx(lay.out, 0, 2).ret(lay.scratch, 32 + 2 * es)
        want = 1 + (SETMODX_ODD_COST[width(m) - 1] if m & 1 else 0) + mem_exp(lay.end, 0, 2 * es)
        g.add(name, T_SETMODX_ELEMENT, asm, calldata, readings={"R9", "R10"},
              expect={"status": "success", "measured": want})

    # Every assertion, each its own case.
    def single(name, rule, mod_bytes, id_=0, alloc=1, off=0, size=None, readings=(), expect=None, mem=None):
        asm = Asm()
        if mod_bytes:
            asm.copy_calldata()
        if mem:
            asm.mstore8(mem - 1)
        asm.setmodx(id_, off, len(mod_bytes) if size is None else size, alloc).op(0x00)
        return g.add(name, rule, asm, mod_bytes, readings=readings, expect=expect)

    ok = {"status": "success"}
    single("id_0", T_SETMODX_ID, b"\x65", id_=0, expect=ok)
    single("id_256", T_SETMODX_ID, b"\x65", id_=256, expect=ok)
    single("id_257_halts", T_SETMODX_ID, b"\x65", id_=257, expect=halt())
    single("id_2_pow_64_halts", T_SETMODX_ID, b"\x65", id_=1 << 64, expect=halt())
    single("id_2_pow_256_minus_1_halts", T_SETMODX_ID, b"\x65", id_=(1 << 256) - 1, expect=halt())
    single("modulus_size_96", T_SETMODX_SIZE, be((1 << 768) - 1, 96), expect=ok)
    single("modulus_size_97_halts", T_SETMODX_SIZE, be((1 << 760) + 1, 97), expect=halt())
    single("modulus_size_97_value_fits_96_halts", T_SETMODX_SIZE, be(101, 97), expect=halt())
    single("modulus_size_2_pow_64_halts", T_SETMODX_SIZE, b"\x65", size=1 << 64, expect=halt())
    single("modulus_range_ends_at_memory_end", T_SETMODX_RANGE, be(101, 32), off=0, size=32,
           readings={"R14"}, expect=ok)
    single("modulus_range_one_byte_past_memory_halts", T_SETMODX_RANGE, be(101, 32), off=1, size=32,
           readings={"R14"}, expect=halt())
    single("modulus_range_in_empty_memory_halts", T_SETMODX_RANGE, b"", off=0, size=1, expect=halt())
    single("modulus_offset_2_pow_256_minus_1_halts", T_SETMODX_RANGE, b"\x65", off=(1 << 256) - 1, size=1,
           expect=halt())
    single("modulus_offset_2_pow_64_halts", T_SETMODX_RANGE, b"\x65", off=1 << 64, size=1, expect=halt())
    single("modulus_even_6_halts", T_SETMODX_ODD_POW2, b"\x06", expect=halt())
    single("modulus_even_2_pow_64_plus_2_halts", T_SETMODX_ODD_POW2, be((1 << 64) + 2, 9), expect=halt())
    single("modulus_even_two_bits_768_halts", T_SETMODX_ODD_POW2, be((1 << 767) + (1 << 766), 96), expect=halt())
    single("modulus_even_all_ones_but_last_halts", T_SETMODX_ODD_POW2, be((1 << 768) - 2, 96), expect=halt())
    single("modulus_0_halts", T_SETMODX_MIN, b"\x00", expect=halt())
    single("modulus_1_halts", T_SETMODX_MIN, b"\x01", expect=halt())
    single("modulus_2_halts", T_SETMODX_MIN, b"\x02", expect=halt())
    single("modulus_2_in_96_bytes_halts", T_SETMODX_MIN, be(2, 96), expect=halt())
    single("modulus_empty_halts", T_SETMODX_MIN, b"", size=0, expect=halt())
    single("modulus_empty_inside_memory_halts", T_SETMODX_MIN, b"", size=0, off=0, mem=32, expect=halt())
    single("modulus_zero_96_bytes_halts", T_SETMODX_MIN, bytes(96), expect=halt())
    single("modulus_3", T_SETMODX_MIN, b"\x03", expect=ok)
    single("modulus_4", T_SETMODX_MIN + "; " + T_SETMODX_ODD_POW2, b"\x04", expect=ok)
    single("modulus_2_pow_767", T_SETMODX_MIN + "; " + T_SETMODX_ODD_POW2, be(1 << 767, 96), expect=ok)
    single("modulus_2_pow_768_minus_1", T_SETMODX_MIN, be((1 << 768) - 1, 96), expect=ok)
    single("alloc_count_0_halts", T_SETMODX_ALLOC, b"\x65", alloc=0, expect=halt())
    single("alloc_count_1", T_SETMODX_ALLOC, b"\x65", alloc=1, expect=ok)
    single("alloc_count_256", T_SETMODX_ALLOC, b"\x65", alloc=256, expect=ok)
    single("alloc_count_257_halts", T_SETMODX_ALLOC, b"\x65", alloc=257, expect=halt())
    single("alloc_count_2_pow_256_minus_1_halts", T_SETMODX_ALLOC, b"\x65", alloc=(1 << 256) - 1, expect=halt())
    single("alloc_count_257_pow2_halts", T_SETMODX_ALLOC, b"\x08", alloc=257, expect=halt())

    # New contexts start zeroed and become active.
    for m in (odd_full(6), pow2_full(3)):
        asm, calldata, lay = context_program(m, 3, [], 3 * esize(m))
        asm.loadx(lay.out, 0, 3).ret(lay.out, 3 * esize(m))
        g.add(f"new_context_registers_zero_{kind(m)}", T_SETMODX_ZEROED + "; " + T_SETMODX_ACTIVE, asm, calldata,
              expect={"status": "success", "output": bytes(3 * esize(m))})

    # Existing ids: only activated (base cost, no checks of the other operands, no allocation).
    m = odd_full(2)
    asm, calldata, lay = context_program(m, 4, [below("ex", m)], 16, id_=5)
    asm.push(0).push(200).push((1 << 256) - 1).push(5)
    asm.measured(lay.scratch, lambda a: a.op(0xC0))
    asm.loadx(lay.out, 0, 1).ret(lay.scratch, 48)
    g.add("existing_id_only_activates", T_SETMODX_EXISTING + "; " + T_SETMODX_BASE, asm, calldata,
          readings={"R8"}, expect={"status": "success", "measured": 1})
    asm, calldata, lay = context_program(m, 4, [below("ex", m)], 16, id_=256)
    asm.setmodx(256, 0, 0, 0).loadx(lay.out, 0, 1).ret(lay.out, 16)
    g.add("existing_id_256_reactivated", T_SETMODX_EXISTING, asm, calldata, readings={"R8"},
          expect={"status": "success"})
    # Two contexts, switched back and forth: each keeps its modulus and registers.
    ma, mb = odd_full(1), pow2_full(2)
    va, vb = below("sa", ma), below("sb", mb)
    calldata = be(ma, 8) + be(mb, 16) + be(va, 8) + be(vb, 16)
    lay = Layout(calldata, 64)
    asm = Asm()
    lay.prologue(asm, calldata)
    asm.setmodx(1, 0, 8, 3).storex(1, 24, 1)
    asm.setmodx(2, 8, 16, 3).storex(1, 32, 1)
    asm.setmodx(1, 0, 0, 0).loadx(lay.out, 1, 1)  # 8 bytes from context 1
    asm.setmodx(2, 0, 0, 0).loadx(lay.out + 8, 1, 1)  # 16 bytes from context 2
    asm.setmodx(1, 0, 0, 0).arith(ADDMODX, 0, 1, 1, 1, 1, 1, 1).loadx(lay.out + 24, 0, 1)
    asm.ret(lay.out, 32)
    g.add("existing_ids_switch_contexts", T_SETMODX_EXISTING + "; " + T_SETMODX_ACTIVE, asm, calldata,
          readings={"R8"},
          expect={"status": "success", "output": be(va, 8) + be(vb, 16) + be(2 * va % ma, 8)})
    # A failed id check comes first even for a would-be existing id.
    asm, calldata, lay = context_program(m, 4, [], 0, id_=1)
    asm.setmodx(257, 0, 0, 0).op(0x00)
    g.add("id_257_with_contexts_halts", T_SETMODX_ID, asm, calldata, expect=halt())

    # The 24,576-byte cap over all of the frame's registers.
    big = be((1 << 768) - 1, 96)
    small = be(101, 1)

    def cap(name, contexts, expect, readings=("R13",)):
        """contexts: (modulus bytes, alloc) in order; each SETMODX with the next id."""
        calldata = b"".join(mb for mb, _ in contexts)
        asm = Asm().copy_calldata()
        off = 0
        for i, (mb, alloc) in enumerate(contexts):
            asm.setmodx(i, off, len(mb), alloc)
            off += len(mb)
        asm.op(0x59).push(0).op(0x52).ret(0, 32)  # MSIZE: registers are not EVM memory
        g.add(name, T_SETMODX_CAP, asm, calldata, readings=set(readings), expect=expect)

    cap("cap_one_context_24576_bytes", [(big, 256)], {"status": "success"})
    cap("cap_full_then_new_context_halts", [(big, 256), (small, 1)], halt())
    cap("cap_255_x_96_plus_12_x_8", [(big, 255), (small, 12)], {"status": "success"})
    cap("cap_255_x_96_plus_13_x_8_halts", [(big, 255), (small, 13)], halt())
    cap("cap_255_x_96_plus_2_x_48_pow2", [(big, 255), (be(1 << 383, 48), 2)], {"status": "success"})
    cap("cap_255_x_96_plus_3_x_48_pow2_halts", [(big, 255), (be(1 << 383, 48), 3)], halt())
    cap("cap_16_contexts_of_1536_bytes", [(big, 16)] * 16, {"status": "success"})
    cap("cap_16_contexts_then_one_8_byte_register_halts", [(big, 16)] * 16 + [(small, 1)], halt())
    # At the cap, an existing id is still activated.
    calldata = big
    asm = Asm().copy_calldata().setmodx(0, 0, 96, 256).setmodx(0, 0, 96, 256).op(0x00)
    g.add("cap_full_then_existing_id", T_SETMODX_CAP + "; " + T_SETMODX_EXISTING, asm, calldata,
          readings={"R8", "R13"}, expect={"status": "success"})

    # Exact gas: the widest context with the most registers.
    asm = Asm().copy_calldata().setmodx(0, 0, 96, 256).op(0x00)
    g.add_exact_gas("widest_odd_256_registers", T_SETMODX_GAS, asm, big, readings={"R10"})
    asm = Asm().copy_calldata().setmodx(0, 0, 96, 256).op(0x00)
    g.add_exact_gas("widest_pow2_256_registers", T_SETMODX_GAS, asm, be(1 << 767, 96), readings={"R10"})
    return g


# ---- LOADX / STOREX --------------------------------------------------------------------------


def transfer_group():
    g = Group("transfer", "LOADX and STOREX: every assertion, the gas by width (odd and power-of-two moduli), "
                          "round trips through the registers.")
    for w in range(1, 13):
        for m in (odd_full(w), pow2_full(w)):
            es = esize(m)
            vals = [below(f"tr-{w}-{kind(m)}-{i}", m) for i in range(3)]
            # STOREX of three values, measured, then LOADX of them.
            calldata = be(m, es) + b"".join(be(v, es) for v in vals)
            lay = Layout(calldata, 3 * es)
            asm = Asm()
            lay.prologue(asm, calldata)
            asm.setmodx(0, 0, es, 4).push(3).push(es).push(1)
            asm.measured(lay.scratch, lambda a: a.op(0xC2))
            asm.loadx(lay.out, 1, 3).ret(lay.scratch, 32 + 3 * es)
            want = 1 + (3 * MUL_COST[w - 1] if m & 1 else 3 * ((3 * es + 31) // 32))
            g.add(f"storex_gas_{kind(m)}_{w}_words", (T_STOREX_GAS_ODD if m & 1 else T_STOREX_GAS_POW2) + "; "
                  + T_BASE_COST, asm, calldata, readings={"R3"} | (set() if m & 1 else {"R7"}),
                  expect={"status": "success", "measured": want,
                          "output": be(want, 32) + b"".join(be(v, es) for v in vals)})
            # LOADX of three values, measured.
            asm, calldata, lay = context_program(m, 4, vals, 3 * es)
            asm.push(3).push(0).push(lay.out)
            asm.measured(lay.scratch, lambda a: a.op(0xC1))
            asm.ret(lay.scratch, 32 + 3 * es)
            want = 1 + (3 * MUL_COST[w - 1] if m & 1 else (es + 31) // 32 * 3)
            g.add(f"loadx_gas_{kind(m)}_{w}_words", (T_LOADX_GAS_ODD if m & 1 else T_LOADX_GAS_POW2) + "; "
                  + T_BASE_COST, asm, calldata, readings={"R3"} | (set() if m & 1 else {"R6"}),
                  expect={"status": "success", "measured": want,
                          "output": be(want, 32) + b"".join(be(v, es) for v in vals)})

    def measured_transfer(name, rule, m, opcode, count, readings, want, alloc=8):
        """LOADX of registers 0.. to the output area, or STOREX of the values (in memory after
        the modulus) to registers 0.., measured."""
        es = esize(m)
        vals = [below(f"{name}-{i}", m) for i in range(max(count, 1))]
        asm, calldata, lay = context_program(m, alloc, vals, max(count, 1) * es)
        if opcode == 0xC1:
            asm.push(count).push(0).push(lay.out)
        else:
            asm.push(count).push(es).push(0)
        asm.measured(lay.scratch, lambda a: a.op(opcode))
        asm.ret(lay.scratch, 32)
        g.add(name, rule + "; " + T_BASE_COST, asm, calldata, readings=readings,
              expect={"status": "success", "measured": want})

    # Power-of-two rounding of the copy cost, and LOADX's once-only charge.
    measured_transfer("storex_pow2_32_bytes", T_STOREX_GAS_POW2, pow2_full(1), 0xC2, 4, {"R3", "R7"}, 1 + 3)
    measured_transfer("storex_pow2_40_bytes", T_STOREX_GAS_POW2, pow2_full(1), 0xC2, 5, {"R3", "R7"}, 1 + 6)
    measured_transfer("storex_pow2_8_registers_of_96_bytes", T_STOREX_GAS_POW2, pow2_full(12), 0xC2, 8,
                      {"R3", "R7"}, 1 + 3 * 24)
    measured_transfer("loadx_pow2_charged_once_40_byte_elements_count_1", T_LOADX_GAS_POW2, pow2_full(5), 0xC1, 1,
                      {"R3", "R6"}, 1 + 6)
    measured_transfer("loadx_pow2_charged_once_40_byte_elements_count_8", T_LOADX_GAS_POW2, pow2_full(5), 0xC1, 8,
                      {"R3", "R6"}, 1 + 6)
    measured_transfer("loadx_pow2_charged_once_96_byte_elements_count_8", T_LOADX_GAS_POW2, pow2_full(12), 0xC1, 8,
                      {"R3", "R6"}, 1 + 9)
    measured_transfer("loadx_odd_count_8_12_words", T_LOADX_GAS_ODD, odd_full(12), 0xC1, 8, {"R3"}, 1 + 8 * 12)
    # count 0: only the base (and LOADX's once-only copy for powers of two).
    measured_transfer("loadx_count_0_odd", T_LOADX_GAS_ODD, odd_full(6), 0xC1, 0, {"R3"}, 1)
    measured_transfer("loadx_count_0_pow2", T_LOADX_GAS_POW2, pow2_full(6), 0xC1, 0, {"R3", "R6"}, 1 + 6)
    measured_transfer("storex_count_0_odd", T_STOREX_GAS_ODD, odd_full(6), 0xC2, 0, {"R3"}, 1)
    measured_transfer("storex_count_0_pow2", T_STOREX_GAS_POW2, pow2_full(6), 0xC2, 0, {"R3", "R7"}, 1)

    # No active context.
    asm = Asm().mstore(0, 0).loadx(0, 0, 1).op(0x00)
    g.add("loadx_no_active_context_halts", T_LOADX_ACTIVE, asm, expect=halt())
    asm = Asm().mstore(0, 0).loadx(0, 0, 0).op(0x00)
    g.add("loadx_count_0_no_active_context_halts", T_LOADX_ACTIVE, asm, expect=halt())
    asm = Asm().mstore(0, 0).storex(0, 0, 1).op(0x00)
    g.add("storex_no_active_context_halts", T_STOREX_ACTIVE, asm, expect=halt())
    asm = Asm().mstore(0, 0).storex(0, 0, 0).op(0x00)
    g.add("storex_count_0_no_active_context_halts", T_STOREX_ACTIVE, asm, expect=halt())

    # Register ranges (n = 8 registers).
    m = odd_full(4)
    es = esize(m)
    vals = [below(f"rr-{i}", m) for i in range(8)]

    def regs(name, rule, body, expect, readings=("R4",)):
        asm, calldata, lay = context_program(m, 8, vals, 8 * es)
        body(asm, lay)
        g.add(name, rule, asm, calldata, readings=set(readings), expect=expect)

    regs("loadx_last_register", T_LOADX_REGS, lambda a, l: a.loadx(l.out, 7, 1).ret(l.out, es),
         {"status": "success", "output": be(vals[7], es)})
    regs("loadx_all_registers", T_LOADX_REGS, lambda a, l: a.loadx(l.out, 0, 8).ret(l.out, 8 * es),
         {"status": "success", "output": b"".join(be(v, es) for v in vals)})
    regs("loadx_one_register_past_halts", T_LOADX_REGS, lambda a, l: a.loadx(l.out, 7, 2).op(0x00), halt())
    regs("loadx_source_at_end_halts", T_LOADX_REGS, lambda a, l: a.loadx(l.out, 8, 1).op(0x00), halt())
    regs("loadx_count_0_source_at_end", T_LOADX_REGS, lambda a, l: a.loadx(l.out, 8, 0).ret(l.out, 0),
         {"status": "success"})
    regs("loadx_count_0_source_past_end_halts", T_LOADX_REGS, lambda a, l: a.loadx(l.out, 9, 0).op(0x00), halt())
    regs("loadx_source_2_pow_64_halts", T_LOADX_REGS, lambda a, l: a.loadx(l.out, 1 << 64, 1).op(0x00), halt())
    regs("loadx_count_2_pow_256_minus_1_halts", T_LOADX_REGS,
         lambda a, l: a.loadx(l.out, 0, (1 << 256) - 1).op(0x00), halt())
    regs("storex_last_register", T_STOREX_REGS,
         lambda a, l: a.storex(7, es, 1).loadx(l.out, 6, 2).ret(l.out, 2 * es),
         {"status": "success", "output": be(vals[6], es) + be(vals[0], es)})
    regs("storex_all_registers", T_STOREX_REGS,
         lambda a, l: a.storex(0, 2 * es, 7).loadx(l.out, 0, 8).ret(l.out, 8 * es),
         {"status": "success", "output": b"".join(be(v, es) for v in vals[1:] + vals[7:])})
    regs("storex_one_register_past_halts", T_STOREX_REGS, lambda a, l: a.storex(7, es, 2).op(0x00), halt())
    regs("storex_dest_at_end_halts", T_STOREX_REGS, lambda a, l: a.storex(8, es, 1).op(0x00), halt())
    regs("storex_count_0_dest_at_end", T_STOREX_REGS, lambda a, l: a.storex(8, es, 0).op(0x00),
         {"status": "success"})
    regs("storex_dest_2_pow_64_halts", T_STOREX_REGS, lambda a, l: a.storex(1 << 64, es, 1).op(0x00), halt())
    regs("storex_count_2_pow_256_minus_1_halts", T_STOREX_REGS,
         lambda a, l: a.storex(0, es, (1 << 256) - 1).op(0x00), halt())

    # Memory ranges: inside memory, never expanded (memory ends at lay.end).
    def mem(name, rule, body, expect):
        asm, calldata, lay = context_program(m, 8, vals, 8 * es)
        body(asm, lay)
        g.add(name, rule, asm, calldata, readings={"R5"}, expect=expect)

    mem("loadx_range_ends_at_memory_end", T_LOADX_MEMORY,
        lambda a, l: a.loadx(l.end - 2 * es, 0, 2).op(0x59).push(0).op(0x52).ret(0, 32),
        {"status": "success"})
    mem("loadx_range_8_bytes_past_memory_halts", T_LOADX_MEMORY,
        lambda a, l: a.loadx(l.end - 2 * es + 8, 0, 2).op(0x00), halt())
    mem("loadx_range_wholly_past_memory_halts", T_LOADX_MEMORY, lambda a, l: a.loadx(l.end, 0, 1).op(0x00), halt())
    mem("loadx_dest_2_pow_64_halts", T_LOADX_MEMORY, lambda a, l: a.loadx(1 << 64, 0, 1).op(0x00), halt())
    mem("storex_range_ends_at_memory_end", T_STOREX_MEMORY,
        lambda a, l: a.loadx(l.end - 2 * es, 0, 2).storex(6, l.end - 2 * es, 2).loadx(l.out, 6, 2).ret(l.out, 2 * es),
        {"status": "success", "output": be(vals[0], es) + be(vals[1], es)})
    mem("storex_range_8_bytes_past_memory_halts", T_STOREX_MEMORY,
        lambda a, l: a.storex(0, l.end - 2 * es + 8, 2).op(0x00), halt())
    mem("storex_source_2_pow_64_halts", T_STOREX_MEMORY, lambda a, l: a.storex(0, 1 << 64, 1).op(0x00), halt())
    mem("storex_in_empty_memory_halts", T_STOREX_MEMORY, lambda a, l: a.storex(0, l.end, 1).op(0x00), halt())

    # Values not below the modulus.
    def value(name, m, vs, expect):
        es = esize(m)
        calldata = be(m, es) + b"".join(be(v, es) for v in vs)
        lay = Layout(calldata, len(vs) * es)
        asm = Asm()
        lay.prologue(asm, calldata)
        asm.setmodx(0, 0, es, len(vs)).storex(0, es, len(vs)).loadx(lay.out, 0, len(vs)).ret(lay.out, len(vs) * es)
        g.add(name, T_STOREX_VALUE, asm, calldata, expect=expect)

    for m in (odd_full(1), odd_full(6), odd_full(12), odd_short(7), pow2_full(1), pow2_short(2), pow2_full(12),
              pow2_short(1)):
        k, bits, es = kind(m), m.bit_length(), esize(m)
        value(f"storex_modulus_minus_1_{k}_{bits}_bits", m, [m - 1], {"status": "success", "output": be(m - 1, es)})
        value(f"storex_modulus_{k}_{bits}_bits_halts", m, [m], halt())
        value(f"storex_all_ones_{k}_{bits}_bits_halts", m, [(1 << (8 * es)) - 1], halt())
    value("storex_second_value_at_modulus_halts", odd_full(3), [5, odd_full(3)], halt())
    value("storex_zero_and_one", odd_full(3), [0, 1], {"status": "success", "output": be(0, 24) + be(1, 24)})

    # Exact gas.
    for m in (odd_full(12), pow2_full(12)):
        vals8 = [below(f"eg-{i}", m) for i in range(8)]
        asm, calldata, lay = context_program(m, 8, vals8, 8 * 96)
        asm.loadx(lay.out, 0, 8).ret(lay.out, 8 * 96)
        g.add_exact_gas(f"storex_loadx_8_values_{kind(m)}_12_words", T_STOREX_GAS_ODD if m & 1 else T_STOREX_GAS_POW2,
                        asm, calldata, readings={"R3"} | (set() if m & 1 else {"R6", "R7"}))
    return g


# ---- ADDMODX / SUBMODX / MULMODX -------------------------------------------------------------


def arith_group():
    g = Group("arithmetic", "ADDMODX, SUBMODX, MULMODX: gas by width (odd and power-of-two moduli), results, "
                            "every assertion, the register bound at the last register and one past it.")
    for w in range(1, 13):
        for m in (odd_full(w), pow2_full(w)):
            es = esize(m)
            vals = [below(f"ar-{w}-{kind(m)}-{i}", m) for i in range(6)]
            vals[3] = m - 1  # the first pair: x − (m − 1) wraps, (m − 1) + x wraps
            for op in (ADDMODX, SUBMODX, MULMODX):
                asm, calldata, lay = context_program(m, 10, vals, 3 * es)
                asm.measured(lay.scratch, lambda a: a.arith(op, 6, 1, 0, 1, 3, 1, 3))
                asm.loadx(lay.out, 6, 3).ret(lay.scratch, 32 + 3 * es)
                want = 3 * op_gas(op, m)
                results = b"".join(be(apply(op, vals[i], vals[3 + i], m), es) for i in range(3))
                g.add(f"{OPNAME[op]}_gas_{kind(m)}_{w}_words", T_ARITH_GAS + "; " + T_ARITH_OP, asm, calldata,
                      expect={"status": "success", "measured": want, "output": be(want, 32) + results})

    # Moduli at both sides of a price step: 192 → 193 bits (3 → 4 words) MULMODX 1 → 2;
    # 448 → 449 bits (7 → 8 words) ADDMODX 1 → 2, MULMODX 4 → 5.
    for bits in (192, 193, 448, 449):
        for m in ((1 << (bits - 1)) + 1, 1 << (bits - 1)):
            es = esize(m)
            vals = [below(f"bw-{bits}-{kind(m)}-{i}", m) for i in range(2)]
            for op in (ADDMODX, MULMODX):
                asm, calldata, lay = context_program(m, 4, vals, es)
                asm.measured(lay.scratch, lambda a: a.arith(op, 2, 1, 0, 1, 1, 1, 1))
                asm.loadx(lay.out, 2, 1).ret(lay.scratch, 32 + es)
                g.add(f"{OPNAME[op]}_gas_{kind(m)}_{bits}_bit_modulus", T_ARITH_GAS, asm, calldata,
                      expect={"status": "success", "measured": op_gas(op, m),
                              "output": be(op_gas(op, m), 32) + be(apply(op, vals[0], vals[1], m), es)})

    # Results at the edges.
    def results(name, m, vals, body, want, rule=T_ARITH_OP):
        es = esize(m)
        asm, calldata, lay = context_program(m, 9, vals, 8 * es)
        body(asm)
        asm.loadx(lay.out, 0, 8).ret(lay.out, 8 * es)
        got = vals + [0] * (8 - len(vals))
        for i, v in want.items():
            got[i] = v
        g.add(name, rule, asm, calldata, expect={"status": "success", "output": b"".join(be(v, es) for v in got)})

    for m in (odd_full(1), odd_full(6), odd_full(12), odd_short(5), pow2_full(1), pow2_full(6), pow2_full(12),
              pow2_short(1)):
        k, w = kind(m), width(m)
        results(f"edges_{k}_{w}_words_{m.bit_length()}_bits", m, [m - 1, 1, 0],
                lambda a: a.arith(MULMODX, 3, 1, 0, 0, 0, 1, 3)  # r3.. = (m−1)·(m−1), (m−1)·1, (m−1)·0
                .arith(SUBMODX, 6, 1, 2, 0, 0, 1, 2)  # r6, r7 = 0 − (m−1), 0 − 1
                .arith(ADDMODX, 2, 1, 0, 0, 0, 0, 1),  # r2 = (m−1) + (m−1)
                {3: (m - 1) * (m - 1) % m, 4: m - 1, 5: 0, 6: 1, 7: m - 1, 2: (2 * m - 2) % m})

    # Every assertion, for each opcode.
    m = odd_full(2)
    es = esize(m)
    vals = [below(f"as-{i}", m) for i in range(8)]
    for op in (ADDMODX, SUBMODX, MULMODX):
        n = OPNAME[op]
        g.add(f"{n}_no_active_context_halts", T_ARITH_ACTIVE, Asm().arith(op, 0, 1, 0, 1, 0, 1, 1).op(0x00),
              expect=halt())

        def case(name, rule, imm, expect, readings=()):
            asm, calldata, lay = context_program(m, 8, vals, 8 * es)
            asm.arith(op, *imm).loadx(lay.out, 0, 8).ret(lay.out, 8 * es)
            g.add(f"{n}_{name}", rule, asm, calldata, readings=set(readings), expect=expect)

        out = lambda i, v: {"status": "success", "output": b"".join(  # noqa: E731
            be(v if j == i else vals[j], es) for j in range(8))}
        case("out_stride_0_halts", T_ARITH_STRIDE, (0, 0, 1, 1, 2, 1, 1), halt())
        case("out_stride_0_count_2_halts", T_ARITH_STRIDE, (0, 0, 1, 1, 2, 1, 2), halt())
        case("count_0_halts", T_ARITH_COUNT, (0, 1, 1, 1, 2, 1, 0), halt())
        case("out_last_register", T_ARITH_BOUNDS, (7, 1, 0, 1, 1, 1, 1), out(7, apply(op, vals[0], vals[1], m)))
        case("out_one_past_halts", T_ARITH_BOUNDS, (8, 1, 0, 1, 1, 1, 1), halt())
        case("x_last_register", T_ARITH_BOUNDS, (0, 1, 7, 1, 1, 1, 1), out(0, apply(op, vals[7], vals[1], m)))
        case("x_one_past_halts", T_ARITH_BOUNDS, (0, 1, 8, 1, 1, 1, 1), halt())
        case("y_last_register", T_ARITH_BOUNDS, (0, 1, 1, 1, 7, 1, 1), out(0, apply(op, vals[1], vals[7], m)))
        case("y_one_past_halts", T_ARITH_BOUNDS, (0, 1, 1, 1, 8, 1, 1), halt())
        case("x_255_halts", T_ARITH_BOUNDS, (0, 1, 255, 0, 1, 1, 1), halt())

    # Bounds with strides and counts (n = 8): the last register touched decides.
    def bound(name, imm, expect):
        asm, calldata, lay = context_program(m, 8, vals, 8 * es)
        asm.arith(ADDMODX, *imm).loadx(lay.out, 0, 8).ret(lay.out, 8 * es)
        g.add(name, T_ARITH_BOUNDS, asm, calldata, expect=expect)

    ok = {"status": "success"}
    bound("bound_out_all_8_registers", (0, 1, 0, 0, 0, 0, 8), ok)
    bound("bound_out_9_registers_halts", (0, 1, 0, 0, 0, 0, 9), halt())
    bound("bound_out_stride_7_count_2", (0, 7, 0, 0, 0, 0, 2), ok)
    bound("bound_out_stride_8_count_2_halts", (0, 8, 0, 0, 0, 0, 2), halt())
    bound("bound_out_stride_255_count_1", (7, 255, 0, 0, 0, 0, 1), ok)
    bound("bound_x_stride_255_count_1", (0, 1, 7, 255, 7, 255, 1), ok)
    bound("bound_x_stride_3_count_3", (0, 1, 1, 3, 0, 0, 3), ok)
    bound("bound_x_stride_3_count_3_from_2_halts", (0, 1, 2, 3, 0, 0, 3), halt())
    bound("bound_y_stride_2_count_4", (0, 1, 0, 0, 1, 2, 4), ok)
    bound("bound_y_stride_2_count_4_from_2_halts", (0, 1, 0, 0, 2, 2, 4), halt())
    bound("bound_x_stride_0_at_last", (0, 1, 7, 0, 0, 1, 8), ok)
    bound("bound_x_stride_0_past_halts", (0, 1, 8, 0, 0, 1, 1), halt())
    bound("bound_y_stride_0_past_halts", (0, 1, 0, 1, 8, 0, 1), halt())
    bound("bound_out_stride_2_count_4_from_1", (1, 2, 0, 0, 0, 0, 4), ok)
    bound("bound_out_stride_2_count_4_from_2_halts", (2, 2, 0, 0, 0, 0, 4), halt())

    # 255 operations over 256 registers, the widest modulus: the last register as output.
    m12 = odd_full(12)
    vals12 = [below(f"big-{i}", m12) for i in range(2)]
    for count, alloc, status in ((255, 256, "success"), (255, 255, "halt")):
        asm, calldata, lay = context_program(m12, alloc, vals12, 96)
        asm.arith(MULMODX, 1, 1, 0, 0, 1, 0, count).loadx(lay.out, alloc - 1, 1).ret(lay.out, 96)
        name = f"mulmodx_count_255_{alloc}_registers" + ("_halts" if status == "halt" else "")
        g.add(name, T_ARITH_BOUNDS + "; " + T_ARITH_GAS, asm, calldata,
              expect={"status": status} if status == "success" else halt())
    asm, calldata, lay = context_program(m12, 256, vals12, 96)
    asm.measured(lay.scratch, lambda a: a.arith(MULMODX, 1, 1, 0, 0, 1, 0, 255))
    asm.loadx(lay.out, 255, 1).ret(lay.scratch, 32 + 96)
    g.add("mulmodx_count_255_gas", T_ARITH_GAS, asm, calldata,
          expect={"status": "success", "measured": 255 * 12,
                  "output": be(255 * 12, 32) + be(vals12[0] * vals12[1] % m12, 96)})

    # Exact gas.
    for op in (ADDMODX, MULMODX):
        for m in (odd_full(12), pow2_full(12)):
            asm, calldata, lay = context_program(m, 17, [below("x", m), below("y", m)], 96)
            asm.arith(op, 2, 1, 0, 0, 1, 0, 14).loadx(lay.out, 15, 1).ret(lay.out, 96)
            g.add_exact_gas(f"{OPNAME[op]}_count_14_{kind(m)}_12_words", T_ARITH_GAS, asm, calldata)
    return g


# ---- strided semantics -----------------------------------------------------------------------


def strides_group():
    g = Group("strides", "The arithmetic loop with strides: overlapping inputs and outputs (every result from "
                         "the registers as before the instruction), stride-0 broadcast of x and y.")

    def strided(name, m, vals, n, imms, rule=T_ARITH_LOOP + "; " + T_ARITH_OVERLAP):
        es = esize(m)
        asm, calldata, lay = context_program(m, min(n + 1, 256), vals, n * es)
        regs = vals + [0] * (n - len(vals))
        for op, imm in imms:
            asm.arith(op, *imm)
            out, os_, x, xs, y, ys, count = imm
            res = [apply(op, regs[x + i * xs], regs[y + i * ys], m) for i in range(count)]
            for i, v in enumerate(res):
                regs[out + i * os_] = v
        asm.loadx(lay.out, 0, n).ret(lay.out, n * es)
        g.add(name, rule, asm, calldata,
              expect={"status": "success", "output": b"".join(be(v, es) for v in regs)})

    for m in (odd_full(1), odd_full(6), pow2_full(4), odd_full(12)):
        k, w = kind(m), width(m)
        v = [below(f"st-{k}-{w}-{i}", m) for i in range(8)]
        strided(f"overlap_out_ahead_of_inputs_{k}_{w}", m, v, 8, [(ADDMODX, (1, 1, 0, 1, 0, 1, 7))])
        strided(f"overlap_in_place_with_broadcast_{k}_{w}", m, v, 8, [(MULMODX, (0, 1, 0, 1, 0, 0, 8))])
        strided(f"overlap_out_behind_inputs_{k}_{w}", m, v, 8, [(SUBMODX, (0, 1, 1, 1, 2, 1, 6))])
        strided(f"overlap_out_stride_2_over_inputs_{k}_{w}", m, v, 8, [(SUBMODX, (0, 2, 1, 1, 0, 1, 4))])
        strided(f"broadcast_x_{k}_{w}", m, v, 8, [(SUBMODX, (4, 1, 0, 0, 1, 1, 4))])
        strided(f"broadcast_y_{k}_{w}", m, v, 8, [(SUBMODX, (4, 1, 0, 1, 1, 0, 4))])
        strided(f"broadcast_x_and_y_{k}_{w}", m, v, 8, [(MULMODX, (1, 1, 0, 0, 0, 0, 7))])
        strided(f"strides_2_3_1_{k}_{w}", m, v, 16, [(MULMODX, (1, 2, 0, 3, 2, 1, 5))])
    m = odd_full(2)
    v = [below(f"st2-{i}", m) for i in range(4)]
    strided("squaring_chain_is_one_step", m, v, 4, [(MULMODX, (1, 1, 0, 1, 0, 1, 3))])
    strided("reverse_pairs_swap", m, v, 4, [(ADDMODX, (0, 1, 1, 1, 3, 0, 1)), (ADDMODX, (0, 2, 0, 0, 1, 0, 2))])
    strided("out_stride_255_count_2", m, v, 256, [(ADDMODX, (0, 255, 1, 1, 2, 1, 2))])
    strided("shift_255_registers_up_by_one", m, v, 256, [(ADDMODX, (1, 1, 0, 1, 255, 0, 255))])
    strided("count_128_stride_2_interleaved", m, v, 256, [(MULMODX, (1, 2, 0, 2, 0, 2, 128))])
    return g


# ---- memory expansion with registers ---------------------------------------------------------


def memory_group():
    g = Group("memory", "Memory expansion counts the frame's registers: C(m' + r) − C(m + r) exactly, for "
                        "ordinary instructions and for SETMODX's own registers; registers are not EVM memory.")
    one = be(101, 1)

    def frame(registers, mem_bytes, body, name, rule=T_MEMORY, readings=(), expect=None, gas_limit=GAS_LIMIT):
        """Memory starts at mem_bytes (a multiple of 32, ≥ 32: word 0 is the scratch); then
        `registers`: a list of (modulus bytes, alloc) contexts, ids 0, 1, …; then body."""
        calldata = b"".join(mb for mb, _ in registers)
        asm = Asm()
        if calldata:
            asm.copy_calldata(64)  # moduli at 64..; words 0 and 1 free
        asm.mstore8(mem_bytes - 1)
        off = 64
        for i, (mb, alloc) in enumerate(registers):
            asm.setmodx(i, off, len(mb), alloc)
            off += len(mb)
        body(asm)
        return g.add(name, rule, asm, calldata, readings=set(readings), expect=expect, gas_limit=gas_limit)

    def start(registers, mem_bytes):
        """Memory when `frame`'s body starts."""
        n = sum(len(mb) for mb, _ in registers)
        return max(mem_bytes, ceil32(64 + n) if n else 0)

    def grow(r, m0, end):
        """The text's figure for growing memory from m0 to cover `end` with r register bytes."""
        new = ceil32(end)
        return memory_cost(new + r) - memory_cost(m0 + r) if new > m0 else 0

    def measured_op(pre, opcode):
        """Operands pushed by `pre`, then the instruction alone measured; returns the figure."""
        return lambda a: pre(a).measured(0, lambda b: b.op(opcode)).ret(0, 32)

    # The rounding case: 32 register bytes, memory at 22 words, MSTORE to 23 words.
    # exact C(24 words) − C(23 words) = 73 − 70 = 3; revm's own C(23w) − C(22w) = 70 − 66 = 4.
    assert memory_cost(24 * 32) - memory_cost(23 * 32) == 3 and memory_cost(23 * 32) - memory_cost(22 * 32) == 4
    mstore_704 = measured_op(lambda a: a.push(0).push(22 * 32), 0x52)
    frame([(one, 4)], 22 * 32, mstore_704, "floor_32_register_bytes_22_to_23_words",
          expect={"status": "success", "measured": 3 + 3})
    frame([(one, 1)], 22 * 32, mstore_704, "floor_8_register_bytes_22_to_23_words",
          expect={"status": "success", "measured": 3 + 3})
    frame([], 22 * 32, mstore_704, "no_registers_22_to_23_words", expect={"status": "success", "measured": 3 + 4})
    frame([(one, 4)], 22 * 32, measured_op(lambda a: a.push(0).push(22 * 32), 0x53),
          "floor_32_register_bytes_mstore8", expect={"status": "success", "measured": 3 + 3})
    frame([(one, 4)], 22 * 32, measured_op(lambda a: a.push(22 * 32), 0x51),
          "floor_32_register_bytes_mload", expect={"status": "success", "measured": 3 + 3})
    for short in (0, 1):
        calldata = one
        asm = Asm().copy_calldata(64).mstore8(22 * 32 - 1).setmodx(0, 64, 1, 4).mstore(22 * 32, 0).op(0x00)
        base = model.execute(bytes(asm.code), calldata, GAS_LIMIT).gas
        g.add("floor_32_register_bytes_mstore_" + ("exact_gas" if not short else "one_gas_short"),
              T_MEMORY + ("; " + T_CONVENTION if short else ""), asm, calldata, gas_limit=base - short,
              expect={"status": "halt" if short else "success", "gas": base - short})

    # Quadratic term with the widest register space (24,576 bytes = 768 words).
    full = (be((1 << 768) - 1, 96), 256)
    R = 24576
    m0 = start([full], 32)
    for name, end in (("first_word", m0 + 32), ("to_100_words", 3200), ("to_1000_words", 32000)):
        frame([full], 32, measured_op(lambda a, end=end: a.push(0).push(end - 1), 0x53),
              f"mstore8_24576_register_bytes_{name}",
              expect={"status": "success", "measured": 3 + grow(R, m0, end)})
    frame([full], 32, measured_op(lambda a: a.push(0).push(63), 0x53), "inside_memory_costs_nothing_extra",
          expect={"status": "success", "measured": 3})
    # Several contexts add up (odd and power of two).
    regs = [(be(1 << 700, 88), 100), (be(odd_full(3), 24), 200), (one, 37)]
    r = 100 * 88 + 200 * 24 + 37 * 8
    frame(regs, 64, measured_op(lambda a: a.push(4000), 0x51), "mload_three_contexts",
          expect={"status": "success", "measured": 3 + grow(r, start(regs, 64), 4032)})

    # Every memory-touching instruction of the subset, 24,576 register bytes, memory m0 → 512.
    frame([full], 32, measured_op(lambda a: a.push(480), 0x51), "mload",
          expect={"status": "success", "measured": 3 + grow(R, m0, 512)})
    frame([full], 32, measured_op(lambda a: a.push(1).push(480), 0x52), "mstore",
          expect={"status": "success", "measured": 3 + grow(R, m0, 512)})
    frame([full], 32, measured_op(lambda a: a.push(1).push(511), 0x53), "mstore8",
          expect={"status": "success", "measured": 3 + grow(R, m0, 512)})
    frame([full], 32, measured_op(lambda a: a.push(300).push(0).push(200), 0x37), "calldatacopy",
          expect={"status": "success", "measured": 3 + 3 * 10 + grow(R, m0, 500)})
    frame([full], 32, measured_op(lambda a: a.push(300).push(0).push(200), 0x39), "codecopy",
          expect={"status": "success", "measured": 3 + 3 * 10 + grow(R, m0, 500)})
    frame([full], 32, measured_op(lambda a: a.push(300).push(32).push(200), 0x5E), "mcopy_destination",
          expect={"status": "success", "measured": 3 + 3 * 10 + grow(R, m0, 500)})
    frame([full], 32, measured_op(lambda a: a.push(300).push(200).push(32), 0x5E), "mcopy_source",
          expect={"status": "success", "measured": 3 + 3 * 10 + grow(R, m0, 500)})
    frame([full], 32, measured_op(lambda a: a.push(0).push(0).push(1 << 64), 0x3E), "returndatacopy_empty",
          expect={"status": "success", "measured": 3})
    frame([full], 32, lambda a: a.ret(0, 512), "return", expect={"status": "success"})
    frame([full], 32, lambda a: a.revert(0, 512), "revert", expect={"status": "revert"})
    frame([full], 32, lambda a: a.ret(1 << 64, 0), "return_empty_range_far_away",
          expect={"status": "success", "output": b""})
    frame([full], 32, lambda a: a.ret(1 << 64, 1), "return_range_far_away_halts", expect=halt())
    # CALL / STATICCALL: the input and output ranges, to an account without code (cold: 2600).
    empty = 0x66900
    frame([full], 32, measured_op(lambda a: a.push(32).push(480).push(0).push(0).push(0).push(empty).push(0),
                                  0xF1), "call_output_range",
          expect={"status": "success", "measured": 2600 + grow(R, m0, 512)})
    frame([full], 32, measured_op(lambda a: a.push(0).push(0).push(32).push(480).push(0).push(empty).push(0),
                                  0xF1), "call_input_range",
          expect={"status": "success", "measured": 2600 + grow(R, m0, 512)})
    frame([full], 32, measured_op(lambda a: a.push(32).push(600).push(32).push(480).push(empty).push(0), 0xFA),
          "staticcall_both_ranges", expect={"status": "success", "measured": 2600 + grow(R, m0, 632)})

    # SETMODX's own expansion: on top of memory and earlier registers.
    odd10 = be(odd_full(10), 80)
    for name, regs, mem, new in (
        ("setmodx_counts_memory", [], 640 * 32, (be(odd_full(2), 16), 256)),
        ("setmodx_counts_memory_and_registers", [(odd10, 256)], 32, (be(odd_full(2), 16), 256)),
        ("setmodx_counts_memory_and_registers_floor", [(one, 4)], 22 * 32, (one, 1)),
        ("setmodx_second_context_no_memory", [(one, 4)], 32, (be(1 << 100, 16), 64)),
    ):
        r = sum(alloc * esize(int.from_bytes(mb, "big")) for mb, alloc in regs)
        mb, alloc = new
        nm = int.from_bytes(mb, "big")
        calldata_off = 64 + sum(len(x) for x, _ in regs)
        mstart = max(mem, ceil32(calldata_off + len(mb)))
        want = 1 + (SETMODX_ODD_COST[width(nm) - 1] if nm & 1 else 0) + mem_exp(mstart, r, alloc * esize(nm))

        def body(a, mb=mb, alloc=alloc, calldata_off=calldata_off, n=len(regs)):
            a.push(alloc).push(len(mb)).push(calldata_off).push(n)
            a.measured(0, lambda b: b.op(0xC0)).ret(0, 32)

        # the new modulus travels in the calldata after the earlier ones (alloc 0: not set up)
        calldata = b"".join(x for x, _ in regs) + mb
        asm = Asm().copy_calldata(64).mstore8(mem - 1)
        off = 64
        for i, (x, al) in enumerate(regs):
            asm.setmodx(i, off, len(x), al)
            off += len(x)
        body(asm)
        g.add(name, T_SETMODX_MEMORY, asm, calldata, readings={"R10"},
              expect={"status": "success", "measured": want})

    # Registers are not EVM memory: MSIZE, and LOADX cannot write past memory's end.
    frame([full], 32, lambda a: a.op(0x59).push(0).op(0x52).ret(0, 32), "msize_excludes_registers",
          readings=("R5",), expect={"status": "success", "output": be(m0, 32)})
    return g


# ---- call frames -----------------------------------------------------------------------------

A1, A2, A3 = 0x66901, 0x66902, 0x66903


def scope_group():
    g = Group("scope", "Field contexts belong to one call frame: a called frame starts with none, its own "
                       "contexts, cap and memory pricing; the caller's state is intact after it returns.")
    m = odd_full(2)
    es = 16
    va, vb = below("sc-a", m), below("sc-b", m)
    one = be(101, 1)

    def parent(regs_alloc=4, extra=128):
        """Parent: context 1 (modulus m) with r0 = va, r1 = vb; memory 0..lay.end."""
        return context_program(m, regs_alloc, [va, vb], extra, id_=1)

    # 1. The child sees no context: its ADDMODX halts; the parent's context is intact.
    child = Asm().arith(ADDMODX, 0, 1, 0, 1, 0, 1, 1).op(0x00)
    asm, calldata, lay = parent()
    asm.call(100_000, A1).push(lay.scratch).op(0x52)
    asm.arith(ADDMODX, 2, 1, 0, 1, 1, 1, 1).loadx(lay.out, 0, 3).ret(lay.scratch, 32 + 3 * es)
    g.add("child_has_no_active_context", T_SCOPE, asm, calldata, accounts={A1: child}, readings={"R11"},
          expect={"status": "success",
                  "output": be(0, 32) + be(va, es) + be(vb, es) + be((va + vb) % m, es)})
    # 1b. Through STATICCALL likewise.
    child = Asm().mstore(0, 0).loadx(0, 0, 1).op(0x00)
    asm, calldata, lay = parent()
    asm.staticcall(100_000, A1).push(lay.scratch).op(0x52).loadx(lay.out, 0, 2).ret(lay.scratch, 32 + 2 * es)
    g.add("staticcall_child_has_no_active_context", T_SCOPE, asm, calldata, accounts={A1: child},
          readings={"R11"}, expect={"status": "success", "output": be(0, 32) + be(va, es) + be(vb, es)})

    # 2. The child's SETMODX with the caller's id is a new context (full price), zeroed; the
    #    caller's context 1 stays active and intact.
    child = (Asm().mstore8(0, 101).mstore8(127).push(2).push(1).push(0).push(1)
             .measured(32, lambda a: a.op(0xC0)).loadx(64, 0, 1).mstore(72, 0).ret(32, 40 + 32))
    asm, calldata, lay = parent(extra=128)
    asm.call(100_000, A1, 0, 0, lay.out, 72)
    asm.push(lay.scratch).op(0x52)
    asm.arith(MULMODX, 2, 1, 0, 1, 1, 1, 1).loadx(lay.out + 72, 0, 3).ret(lay.scratch, 32 + 72 + 3 * es)
    want_child_setmodx = 1 + 23 + memory_cost(128 + 16) - memory_cost(128)
    g.add("child_same_id_is_a_new_context", T_SCOPE + "; " + T_SETMODX_EXISTING, asm, calldata,
          accounts={A1: child}, readings={"R11", "R10"},
          expect={"status": "success",
                  "output": be(1, 32) + be(want_child_setmodx, 32) + bytes(8) + bytes(32)
                  + be(va, es) + be(vb, es) + be(va * vb % m, es)})

    # 3. The child's memory pricing ignores the caller's registers (caller: 24,576 bytes).
    full = be((1 << 768) - 1, 96)
    child = Asm().mstore8(31).push(0).push(3199).measured(0, lambda a: a.op(0x53)).ret(0, 32)
    asm = Asm().copy_calldata(64).setmodx(0, 64, 96, 256).call(100_000, A1, 0, 0, 0, 32).op(0x50)
    asm.push(0).push(3199).measured(32, lambda a: a.op(0x53)).ret(0, 64)
    g.add("child_memory_ignores_caller_registers", T_SCOPE + "; " + T_MEMORY, asm, full, accounts={A1: child},
          readings={"R11"},
          expect={"status": "success",
                  "output": be(3 + memory_cost(3200) - memory_cost(32), 32)
                  + be(3 + memory_cost(3200 + 24576) - memory_cost(160 + 24576), 32)})
    # 4. The caller's memory pricing ignores a child's registers.
    child = Asm().mstore8(95).mstore8(0, 0x80).setmodx(0, 0, 96, 256).op(0x59).push(0).op(0x52).ret(0, 32)
    asm = Asm().mstore8(63, 101).setmodx(0, 63, 1, 4).call(100_000, A1, 0, 0, 32, 32).op(0x50)
    asm.push(0).push(22 * 32 - 1).measured(0, lambda a: a.op(0x53)).ret(0, 64)
    g.add("caller_memory_ignores_child_registers", T_SCOPE + "; " + T_MEMORY, asm, b"", accounts={A1: child},
          readings={"R11"},
          expect={"status": "success", "output": be(3 + memory_cost(22 * 32 + 32) - memory_cost(64 + 32), 32)
                  + be(96, 32)})
    # 4b. The child gets its moduli by calldata from the caller's memory: a full child under a full caller.
    child = Asm().copy_calldata().setmodx(0, 0, 96, 256).op(0x59).push(0).op(0x52).ret(0, 32)
    asm = Asm().copy_calldata().setmodx(0, 0, 96, 256).call(200_000, A1, 0, 96, 0, 32)
    asm.push(32).op(0x52).ret(0, 64)
    g.add("child_register_cap_is_its_own", T_SCOPE + "; " + T_SETMODX_CAP, asm, full, accounts={A1: child},
          readings={"R11", "R13"}, expect={"status": "success", "output": be(96, 32) + be(1, 32)})

    # 5. Sibling frames: the second child does not see the first child's context.
    set_ctx = Asm().mstore8(0, 101).setmodx(7, 0, 1, 2).op(0x00)
    use_ctx = Asm().mstore(0, 0).setmodx(7, 0, 0, 0).loadx(0, 0, 1).ret(0, 8)
    asm = Asm().call(100_000, A1).push(0).op(0x52).call(100_000, A2, 0, 0, 64, 8).push(32).op(0x52).ret(0, 72)
    g.add("sibling_frames_start_empty", T_SCOPE, asm, b"", accounts={A1: set_ctx, A2: use_ctx}, readings={"R11"},
          expect={"status": "success", "output": be(1, 32) + be(0, 32) + bytes(8)})
    # 5b. The same child called twice: the second call starts empty too.
    # child: if calldata non-empty: SETMODX(3, …) STOP; else LOADX(0, 0, 1) (halts without a context)
    c = Asm()
    c.op(0x36)  # CALLDATASIZE
    jump_at = c.here()
    c.push(0, 1).op(0x57)  # PUSH1 dest JUMPI (patched below)
    c.mstore(0, 0).loadx(0, 0, 1).ret(0, 8)
    dest = c.here()
    c.op(0x5B).mstore8(0, 101).setmodx(3, 0, 1, 1).op(0x00)
    c.code[jump_at + 1] = dest
    asm = Asm().mstore(0, 1).call(100_000, A1, 0, 32, 0, 0).push(64).op(0x52)
    asm.call(100_000, A1, 0, 0, 0, 0).push(96).op(0x52).ret(64, 64)
    g.add("same_child_twice_starts_empty", T_SCOPE, asm, b"", accounts={A1: c}, readings={"R11"},
          expect={"status": "success", "output": be(1, 32) + be(0, 32)})

    # 6. A child that reverts after using EVMMAX: the caller continues with its own context.
    child = (Asm().mstore8(0, 101).setmodx(1, 0, 1, 3).mstore(0, 5 << 192).storex(0, 0, 1)
             .arith(MULMODX, 1, 1, 0, 1, 0, 1, 1).loadx(0, 1, 1).revert(0, 8))
    asm, calldata, lay = parent()
    asm.call(100_000, A1, 0, 0, lay.out, 8).push(lay.scratch).op(0x52)
    asm.loadx(lay.out + 8, 0, 2).ret(lay.scratch, 32 + 8 + 2 * es)
    g.add("child_reverts_caller_intact", T_SCOPE, asm, calldata, accounts={A1: child}, readings={"R11"},
          expect={"status": "success", "output": be(0, 32) + be(25, 8) + be(va, es) + be(vb, es)})
    # 7. A child computing with EVMMAX under STATICCALL (no state is modified).
    child = (Asm().copy_calldata().setmodx(0, 0, 16, 4).storex(0, 16, 2)
             .arith(MULMODX, 2, 1, 0, 1, 1, 1, 1).loadx(0, 2, 1).ret(0, 16))
    asm2 = Asm()
    cd = be(m, 16) + be(va, 16) + be(vb, 16)
    lay2 = Layout(cd, 32)
    lay2.prologue(asm2, cd)
    asm2.staticcall(100_000, A1, 0, 48, lay2.out, 16).push(lay2.scratch).op(0x52).ret(lay2.scratch, 48)
    g.add("staticcall_child_computes", T_SCOPE, asm2, cd, accounts={A1: child}, readings={"R11"},
          expect={"status": "success", "output": be(1, 32) + be(va * vb % m, 16)})
    # 8. Depth 2: the grandchild sees neither; the child's context survives the grandchild.
    grandchild = Asm().mstore(0, 0).loadx(0, 0, 1).ret(0, 8)
    child = (Asm().mstore8(0, 101).setmodx(1, 0, 1, 2).mstore(0, 9 << 192).storex(1, 0, 1)
             .call(50_000, A2).push(32).op(0x52).loadx(0, 1, 1).ret(0, 64))
    asm = Asm().call(200_000, A1, 0, 0, 0, 64).push(64).op(0x52).ret(0, 96)
    g.add("grandchild_sees_no_context", T_SCOPE, asm, b"", accounts={A1: child, A2: grandchild},
          readings={"R11"}, expect={"status": "success", "output": be(9, 8) + bytes(24) + be(0, 32) + be(1, 32)})
    # 9. A halting child consumes all it was given (63/64 of what is left when asked for more).
    child = Asm().arith(MULMODX, 0, 1, 0, 1, 0, 1, 1)
    asm = Asm().mstore8(0, 101).setmodx(1, 0, 1, 2).call((1 << 32), A3).push(0).op(0x52).ret(0, 32)
    g.add("halting_child_consumes_63_64", T_SCOPE + "; " + T_CONVENTION, asm, b"", accounts={A3: child},
          gas_limit=100_000, readings={"R11"}, expect={"status": "success", "output": be(0, 32)})
    # 10. Warm access on the second call to the same child.
    child = Asm().op(0x00)
    asm = Asm().mstore8(95).mstore8(0, 101).setmodx(1, 0, 1, 2)
    for scratch in (32, 64):
        asm.push(0).push(0).push(0).push(0).push(0).push(A3).push(1000)
        asm.measured(scratch, lambda a: a.op(0xF1)).op(0x50)
    asm.ret(32, 64)
    g.add("cold_then_warm_call_with_registers", T_SCOPE, asm, b"", accounts={A3: child}, readings={"R11"},
          expect={"status": "success", "output": be(2600, 32) + be(100, 32)})
    return g


# ---- jump analysis ---------------------------------------------------------------------------


def jumps_group():
    g = Group("jumps", "Jump analysis skips the 7 immediate bytes of ADDMODX, SUBMODX and MULMODX (the text is "
                       "silent; read like PUSH data); SETMODX, LOADX and STOREX have none.")
    for op in (ADDMODX, SUBMODX, MULMODX):
        for k in range(7):
            imm = [1, 1, 1, 1, 1, 1, 1]
            imm[k] = 0x5B
            asm = Asm().push(0, 1).op(0x56)  # PUSH1 dest JUMP
            at = asm.here()
            asm.op(op, *imm).op(0x00)
            asm.code[1] = at + 1 + k
            g.add(f"{OPNAME[op]}_immediate_byte_{k}_is_no_jumpdest", T_JUMPS, asm, readings={"R12"}, expect=halt())
        # The byte after the immediate is a JUMPDEST, even when the immediate ends in a PUSH32 byte.
        asm = Asm().push(0, 1).op(0x56)
        asm.op(op, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F)
        dest = asm.here()
        asm.op(0x5B).push(1).push(0).op(0x52).ret(0, 32)
        asm.code[1] = dest
        g.add(f"{OPNAME[op]}_jumpdest_after_immediate", T_JUMPS, asm, readings={"R12"},
              expect={"status": "success", "output": be(1, 32)})
    for op in (0xC0, 0xC1, 0xC2):
        asm = Asm().push(0, 1).op(0x56, op)
        dest = asm.here()
        asm.op(0x5B).push(1).push(0).op(0x52).ret(0, 32)
        asm.code[1] = dest
        g.add(f"no_immediate_after_0x{op:02x}", T_JUMPS, asm, readings={"R12"},
              expect={"status": "success", "output": be(1, 32)})
    asm = Asm().push(0, 1).op(0x56, 0x60, ADDMODX)
    dest = asm.here()
    asm.op(0x5B).push(1).push(0).op(0x52).ret(0, 32)
    asm.code[1] = dest
    g.add("addmodx_byte_in_push_data", T_JUMPS, asm, readings={"R12"},
          expect={"status": "success", "output": be(1, 32)})
    # A loop over an executed MULMODX: r0 = 3^(2^5) mod 101 by squaring 5 times.
    asm = Asm().mstore8(0, 101).mstore8(15, 3).setmodx(0, 0, 1, 2).storex(0, 8, 1).push(5)
    loop = asm.here()
    asm.op(0x5B).arith(MULMODX, 0, 1, 0, 1, 0, 1, 1).push(1).op(0x90, 0x03)  # counter − 1
    asm.op(0x80).push(loop, 1).op(0x57)  # DUP1 PUSH1 loop JUMPI
    asm.loadx(0, 0, 1).ret(0, 8)
    g.add("loop_over_mulmodx", T_JUMPS + "; " + T_ARITH_OP, asm, readings={"R12"},
          expect={"status": "success", "output": be(pow(3, 32, 101), 8)})
    # An immediate cut off by the end of the code reads zeros: count 0 halts.
    asm = Asm().mstore8(0, 101).setmodx(0, 0, 1, 4).op(ADDMODX, 1, 1, 0)
    g.add("truncated_immediate_halts", T_ARITH_COUNT, asm, readings={"R12"}, expect=halt())
    return g


GROUPS = [setmodx_group, transfer_group, arith_group, strides_group, memory_group, scope_group, jumps_group]


def render(group):
    return json.dumps(group.document(), indent=1) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    total = 0
    for make in GROUPS:
        group = make()
        with open(os.path.join(args.out, f"{group.name}.json"), "w", newline="\n") as f:
            f.write(render(group))
        print(f"{group.name}: {len(group.cases)} cases")
        total += len(group.cases)
    print(f"total: {total} cases")


if __name__ == "__main__":
    main()
