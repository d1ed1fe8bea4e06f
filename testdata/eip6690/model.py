"""A small reference model of EIP-6690 (EVMMAX), written from the text alone.

The text: ethereum/EIPs `EIPS/eip-6690.md` at commit f767a1e8078e17c9b381a91d35a09492189ede1b
(status Stagnant). Nothing here is taken from any implementation (this project's included):
the model imports the Python standard library only and reads no file.

It is a tiny EVM: the subset of instructions the conformance cases use, with the gas of the
Osaka fork (which, for this subset, is Berlin's: EIP-2929 account access, EIP-150's 63/64 rule,
EIP-5656 MCOPY), and the six EVMMAX instructions with the text's tables. Values are Python
integers; the registers of an odd-modulus context hold Montgomery form as the text's rationale
describes (R = 2^(8 · element_size)), converted by LOADX and STOREX with the text's `mulmont`.

Readings of the text (see README.md, "Readings"), marked `[Rn]` where they apply.

Entry point: `execute(code, calldata, gas_limit, accounts)` -> `Result(status, output, gas)`.
"""

from dataclasses import dataclass

# ---- constants and tables of the text ----------------------------------------------------

COST_SETMODX_BASE = 1
COST_STOREX_BASE = 1
COST_LOADX_BASE = 1

# "Dynamic Cost Component for Odd Moduli", by modulus size padded to 64 bits (index: words - 1).
SETMODX_ODD_COST = [23, 26, 29, 32, 36, 39, 42, 45, 48, 51, 54, 58]
# "cost per add/sub" and "cost per mul", same index.
ADD_SUB_COST = [1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2]
MUL_COST = [1, 1, 1, 2, 2, 3, 4, 5, 7, 8, 10, 12]

MAX_ID = 256  # "Assert 0 <= id <= 256."
MAX_MODULUS_BYTES = 96  # "Assert modulus_size <= 96."
MAX_ALLOC = 256  # "Assert 0 < alloc_count <= 256."
MAX_REGISTER_BYTES = 24576  # "... does not exceed 24576 bytes."


def _cost_models_agree():
    """The tables equal the text's cost models (`cost_setmodx_dynamic`, `cost_add_or_sub`,
    `cost_mul`) at every width; the model refuses to load otherwise."""
    for words in range(1, 13):
        size = 8 * words
        limbs = (size + 7) // 8
        assert SETMODX_ODD_COST[words - 1] == round(limbs * 3.13 + 19.94), words
        assert ADD_SUB_COST[words - 1] == round(limbs * 0.12 + 0.58), words
        assert MUL_COST[words - 1] == round(0.08 * limbs**2 + -0.06 * limbs + 0.75), words


_cost_models_agree()

# The two readings the project adopts where the text's letter reads otherwise (README.md, R1 and
# R2), and the alternatives they replace. The alternatives are never used for the expected
# results: generate.py switches them on only to find (and tag) the cases that depend on R1/R2.
# R1: the arithmetic bound on the last register touched; alternative, the formula as printed:
#     max(idx + stride * count) < registers.
BOUND_AS_PRINTED = False
# R2: memory expansion with r register bytes costs exactly C(m' + r) - C(m + r); alternative,
#     the larger of that and the EVM's own C(m') - C(m).
MEMORY_AT_LEAST_PLAIN = False

# ---- the EVM subset ----------------------------------------------------------------------

WORD = 1 << 256
STACK_LIMIT = 1024
# Memory beyond this is never reached in a case without running out of gas long before
# (expanding to 2^32 bytes costs about 2^45 gas); the model halts there.
MEMORY_LIMIT = 1 << 32
COLD_ACCOUNT_ACCESS = 2600  # EIP-2929
WARM_ACCOUNT_ACCESS = 100

# Addresses warm at the start of the transaction besides its sender and target: the
# precompiles of Osaka (0x01..0x11, 0x100) and the coinbase (EIP-3651; zero in the runner).
PRECOMPILES = set(range(1, 0x12)) | {0x100}
COINBASE = 0


class Halt(Exception):
    """An exceptional halt: the frame consumes all its gas."""


def memory_cost(size_bytes):
    """The EVM's memory cost of `size_bytes`: 3 per word plus words^2 / 512, rounded down."""
    w = (size_bytes + 31) // 32
    return 3 * w + w * w // 512


def ceil32(n):
    return (n + 31) // 32 * 32


def words(n):
    return (n + 31) // 32


def jumpdests(code):
    """Valid jump destinations: JUMPDEST bytes that are not PUSH data nor one of the 7
    immediate bytes of ADDMODX/SUBMODX/MULMODX [R12]."""
    valid = set()
    i = 0
    while i < len(code):
        op = code[i]
        if 0x60 <= op <= 0x7F:
            i += op - 0x5F
        elif 0xC3 <= op <= 0xC5:
            i += 7
        elif op == 0x5B:
            valid.add(i)
        i += 1
    return valid


# ---- EVMMAX --------------------------------------------------------------------------------


def mulmont(x, y, mod, mont_const, R):
    """The text's "Basic Montgomery Multiplication"."""
    t = x * y
    m = ((t % R) * mont_const) % R
    t = t + m * mod
    assert t % R == 0
    t //= R
    if t >= mod:
        t -= mod
    return t


class FieldContext:
    def __init__(self, modulus, alloc_count):
        self.modulus = modulus
        # "element_size as the size needed to represent the modulus padded to be a multiple of
        # 64 bits" [R9: the modulus value's size, not the bytes it was read from].
        self.words = (modulus.bit_length() + 63) // 64
        self.element_size = 8 * self.words
        self.odd = modulus & 1 == 1
        self.registers = [0] * alloc_count  # "initially-zeroed registers"
        if self.odd:
            # "R (must be coprime and greater than M, chosen as a power of two)".
            self.R = 1 << (8 * self.element_size)
            self.mont_const = pow(-modulus, -1, self.R)
            self.r2 = self.R * self.R % modulus

    def byte_size(self):
        return len(self.registers) * self.element_size

    def to_internal(self, v):
        # "mulmont(canon_val, R**2 % M, M) = mont_val"
        return mulmont(v, self.r2, self.modulus, self.mont_const, self.R) if self.odd else v

    def to_canonical(self, v):
        # "mulmont(mont_val, 1, M) = canon_val"
        return mulmont(v, 1, self.modulus, self.mont_const, self.R) if self.odd else v

    def operate(self, opcode, a, b):
        m = self.modulus
        if opcode == 0xC3:
            return (a + b) % m
        if opcode == 0xC4:
            return (a - b) % m
        return mulmont(a, b, m, self.mont_const, self.R) if self.odd else a * b % m


# ---- frames ----------------------------------------------------------------------------------


@dataclass
class Result:
    status: str  # "success" | "revert" | "halt"
    output: bytes
    gas: int  # gas used by the frame (its whole limit for a halt)


class Transaction:
    """What outlives one frame: the accounts' code and the set of warm addresses."""

    def __init__(self, accounts, sender, target):
        self.accounts = accounts  # address (int) -> code (bytes)
        self.warm = set(PRECOMPILES) | {COINBASE, sender, target}


class Frame:
    def __init__(self, tx, address, code, calldata, gas, static, depth):
        self.tx = tx
        self.address = address
        self.code = bytes(code)
        self.calldata = bytes(calldata)
        self.gas = gas
        self.static = static
        self.depth = depth
        self.stack = []
        self.memory = bytearray()
        self.pc = 0
        self.returndata = b""
        self.jumpdests = jumpdests(self.code)
        # EVMMAX state of this call frame: "a mapping of id (a number 0-256) to a field
        # context" and the active one [R11: a new frame starts with none].
        self.contexts = {}
        self.active = None

    # -- helpers --
    def use(self, gas):
        if gas > self.gas:
            raise Halt("out of gas")
        self.gas -= gas

    def pop(self, n=1):
        if len(self.stack) < n:
            raise Halt("stack underflow")
        values = [self.stack.pop() for _ in range(n)]
        return values

    def push(self, v):
        if len(self.stack) >= STACK_LIMIT:
            raise Halt("stack overflow")
        self.stack.append(v % WORD)

    def register_bytes(self):
        return sum(c.byte_size() for c in self.contexts.values())

    def expand(self, offset, size):
        """Memory expansion to cover [offset, offset + size): "expansion cost will now consider
        the size of all allocated virtual registers in the current call frame" [R2]: from m to
        m' bytes with r register bytes, C(m' + r) - C(m + r)."""
        if size == 0:
            return
        end = offset + size
        if end > MEMORY_LIMIT:
            raise Halt("memory limit")
        new, old = ceil32(end), len(self.memory)
        if new <= old:
            return
        r = self.register_bytes()
        cost = memory_cost(new + r) - memory_cost(old + r)
        if MEMORY_AT_LEAST_PLAIN:
            cost = max(cost, memory_cost(new) - memory_cost(old))
        self.use(cost)
        self.memory.extend(bytes(new - old))

    def mem_read(self, offset, size):
        return bytes(self.memory[offset : offset + size])

    def mem_write(self, offset, data):
        self.memory[offset : offset + len(data)] = data

    def immediate(self, n):
        data = self.code[self.pc + 1 : self.pc + 1 + n]
        return data + bytes(n - len(data))  # code is read as zero past its end

    # -- the interpreter --
    def run(self):
        """Runs to the end; returns (status, output)."""
        while True:
            op = self.code[self.pc] if self.pc < len(self.code) else 0x00
            result = self.step(op)
            if result is not None:
                return result

    def step(self, op):
        if op == 0x00:  # STOP
            return ("success", b"")
        if op == 0x01:  # ADD
            self.use(3)
            a, b = self.pop(2)
            self.push(a + b)
        elif op == 0x02:  # MUL
            self.use(5)
            a, b = self.pop(2)
            self.push(a * b)
        elif op == 0x03:  # SUB
            self.use(3)
            a, b = self.pop(2)
            self.push(a - b)
        elif op == 0x10:  # LT
            self.use(3)
            a, b = self.pop(2)
            self.push(int(a < b))
        elif op == 0x14:  # EQ
            self.use(3)
            a, b = self.pop(2)
            self.push(int(a == b))
        elif op == 0x15:  # ISZERO
            self.use(3)
            (a,) = self.pop()
            self.push(int(a == 0))
        elif op == 0x35:  # CALLDATALOAD
            self.use(3)
            (off,) = self.pop()
            data = self.calldata[off : off + 32] if off < len(self.calldata) else b""
            self.push(int.from_bytes(data + bytes(32 - len(data)), "big"))
        elif op == 0x36:  # CALLDATASIZE
            self.use(2)
            self.push(len(self.calldata))
        elif op in (0x37, 0x39):  # CALLDATACOPY, CODECOPY
            dest, off, size = self.pop(3)
            self.use(3 + 3 * words(size))
            self.expand(dest, size)
            src = self.calldata if op == 0x37 else self.code
            data = src[off : off + size] if off < len(src) else b""
            if size:
                self.mem_write(dest, data + bytes(size - len(data)))
        elif op == 0x3D:  # RETURNDATASIZE
            self.use(2)
            self.push(len(self.returndata))
        elif op == 0x3E:  # RETURNDATACOPY
            dest, off, size = self.pop(3)
            self.use(3 + 3 * words(size))
            if off + size > len(self.returndata):
                raise Halt("return data out of bounds")
            self.expand(dest, size)
            if size:
                self.mem_write(dest, self.returndata[off : off + size])
        elif op == 0x50:  # POP
            self.use(2)
            self.pop()
        elif op == 0x51:  # MLOAD
            self.use(3)
            (off,) = self.pop()
            self.expand(off, 32)
            self.push(int.from_bytes(self.mem_read(off, 32), "big"))
        elif op == 0x52:  # MSTORE
            self.use(3)
            off, v = self.pop(2)
            self.expand(off, 32)
            self.mem_write(off, v.to_bytes(32, "big"))
        elif op == 0x53:  # MSTORE8
            self.use(3)
            off, v = self.pop(2)
            self.expand(off, 1)
            self.memory[off] = v & 0xFF
        elif op == 0x56:  # JUMP
            self.use(8)
            (dest,) = self.pop()
            if dest not in self.jumpdests:
                raise Halt("invalid jump")
            self.pc = dest
            return None
        elif op == 0x57:  # JUMPI
            self.use(10)
            dest, cond = self.pop(2)
            if cond:
                if dest not in self.jumpdests:
                    raise Halt("invalid jump")
                self.pc = dest
                return None
        elif op == 0x58:  # PC
            self.use(2)
            self.push(self.pc)
        elif op == 0x59:  # MSIZE
            self.use(2)
            self.push(len(self.memory))
        elif op == 0x5A:  # GAS
            self.use(2)
            self.push(self.gas)
        elif op == 0x5B:  # JUMPDEST
            self.use(1)
        elif op == 0x5E:  # MCOPY
            dest, src, size = self.pop(3)
            self.use(3 + 3 * words(size))
            if size:
                self.expand(max(dest, src), size)
                self.mem_write(dest, self.mem_read(src, size))
        elif op == 0x5F:  # PUSH0
            self.use(2)
            self.push(0)
        elif 0x60 <= op <= 0x7F:  # PUSH1..PUSH32
            self.use(3)
            n = op - 0x5F
            self.push(int.from_bytes(self.immediate(n), "big"))
            self.pc += n
        elif 0x80 <= op <= 0x8F:  # DUP1..DUP16
            self.use(3)
            n = op - 0x7F
            if len(self.stack) < n:
                raise Halt("stack underflow")
            self.push(self.stack[-n])
        elif 0x90 <= op <= 0x9F:  # SWAP1..SWAP16
            self.use(3)
            n = op - 0x8F
            if len(self.stack) < n + 1:
                raise Halt("stack underflow")
            self.stack[-1], self.stack[-1 - n] = self.stack[-1 - n], self.stack[-1]
        elif op == 0xC0:
            self.setmodx()
        elif op == 0xC1:
            self.loadx()
        elif op == 0xC2:
            self.storex()
        elif 0xC3 <= op <= 0xC5:
            self.arith(op)
            self.pc += 7
        elif op in (0xF1, 0xFA):  # CALL, STATICCALL
            self.call(op)
        elif op in (0xF3, 0xFD):  # RETURN, REVERT
            off, size = self.pop(2)
            self.expand(off, size)
            out = self.mem_read(off, size) if size else b""
            return ("success" if op == 0xF3 else "revert", out)
        else:
            raise Halt(f"undefined instruction 0x{op:02x}")
        self.pc += 1
        return None

    # -- CALL and STATICCALL (value 0 only) --
    def call(self, op):
        if op == 0xF1:
            gas, addr, value, a_off, a_size, r_off, r_size = self.pop(7)
        else:
            gas, addr, a_off, a_size, r_off, r_size = self.pop(6)
            value = 0
        if value != 0:
            raise NotImplementedError("value transfer is outside the model")
        addr %= 1 << 160
        # Memory for the input and the output ranges (with the frame's registers [R2]).
        end = 0
        for off, size in ((a_off, a_size), (r_off, r_size)):
            if size:
                end = max(end, off + size)
        if end:
            self.expand(0, end)
        cost = WARM_ACCOUNT_ACCESS if addr in self.tx.warm else COLD_ACCOUNT_ACCESS
        self.tx.warm.add(addr)
        self.use(cost)
        forwarded = min(gas, self.gas - self.gas // 64)  # EIP-150
        self.use(forwarded)
        code = self.tx.accounts.get(addr, b"")
        args = self.mem_read(a_off, a_size) if a_size else b""
        child = Frame(self.tx, addr, code, args, forwarded, self.static or op == 0xFA, self.depth + 1)
        try:
            status, output = child.run()
            left = child.gas
        except Halt:
            status, output, left = "halt", b"", 0
        self.gas += left
        self.returndata = output
        if r_size:
            n = min(r_size, len(output))
            self.mem_write(r_off, output[:n])
        self.push(1 if status == "success" else 0)

    # -- EVMMAX --
    def active_context(self):
        # "Assert that a field context is set as active in the current call frame."
        if self.active is None:
            raise Halt("no active field context")
        return self.contexts[self.active]

    def setmodx(self):
        # "Input: <top of stack> id modulus_offset modulus_size alloc_count"
        id_, mod_off, mod_size, alloc = self.pop(4)
        self.use(COST_SETMODX_BASE)  # "Charge COST_SETMODX_BASE."
        if id_ > MAX_ID:  # "Assert 0 <= id <= 256."
            raise Halt("id out of range")
        if id_ in self.contexts:  # "If a field context for id exists in this call scope:
            self.active = id_  #    Set it as the active one." [R8]
            return
        if mod_size > MAX_MODULUS_BYTES:  # "Assert modulus_size <= 96."
            raise Halt("modulus size")
        # "Assert that the byte range [modulus_offset, modulus_offset+modulus_size] falls
        # within EVM memory." [R14: modulus_offset + modulus_size <= memory size]
        if mod_off + mod_size > len(self.memory):
            raise Halt("modulus outside memory")
        modulus = int.from_bytes(self.mem_read(mod_off, mod_size), "big")
        # "Assert modulus is odd or is a power of two."
        if not (modulus & 1 or (modulus and modulus & (modulus - 1) == 0)):
            raise Halt("modulus neither odd nor a power of two")
        # "Assert 3 <= modulus <= 2**768 - 1."
        if not 3 <= modulus <= (1 << 768) - 1:
            raise Halt("modulus out of range")
        if not 0 < alloc <= MAX_ALLOC:  # "Assert 0 < alloc_count <= 256."
            raise Halt("alloc_count")
        ctx = FieldContext(modulus, alloc)
        before = self.register_bytes()
        # "assert that the new size of all virtual registers allocated in the current
        # call-context does not exceed 24576 bytes." [R13]
        if before + ctx.byte_size() > MAX_REGISTER_BYTES:
            raise Halt("register cap")
        # "Charge EVM memory expansion cost to expand memory by alloc_count * element_size
        # bytes" [R10: on top of the frame's memory and earlier registers]
        m = len(self.memory)
        self.use(memory_cost(m + before + ctx.byte_size()) - memory_cost(m + before))
        if ctx.odd:  # "if the modulus is odd, charge the dynamic cost component"
            self.use(SETMODX_ODD_COST[ctx.words - 1])
        self.contexts[id_] = ctx
        self.active = id_

    def loadx(self):
        # "Stack in: (top of stack) dest source count"
        dest, source, count = self.pop(3)
        self.use(COST_LOADX_BASE)  # [R3]
        ctx = self.active_context()
        # "Assert that the range [source, source + count] falls within the active field
        # context's zero-indexed value space." [R4: source + count <= registers]
        if source + count > len(ctx.registers):
            raise Halt("register range")
        size = count * ctx.element_size
        # "Assert that the range [dest, dest + count * element_size] falls entirely within EVM
        # memory." [R5: dest + count * element_size <= memory size; never expanded]
        if dest + size > len(self.memory):
            raise Halt("memory range")
        if ctx.odd:
            # "charge count * operation_cost ... from the multiplication cost table"
            self.use(count * MUL_COST[ctx.words - 1])
        else:
            # "charge (active_ctxt.element_size + 31) // 32 * 3 gas" [R6: once]
            self.use((ctx.element_size + 31) // 32 * 3)
        out = b"".join(
            ctx.to_canonical(v).to_bytes(ctx.element_size, "big") for v in ctx.registers[source : source + count]
        )
        self.mem_write(dest, out)

    def storex(self):
        # "Stack in: dest source count"
        dest, source, count = self.pop(3)
        self.use(COST_STOREX_BASE)  # [R3]
        ctx = self.active_context()
        # "Assert dest + count is less than or equal to the number of the active field
        # context's virtual registers."
        if dest + count > len(ctx.registers):
            raise Halt("register range")
        size = count * ctx.element_size
        if ctx.odd:
            self.use(count * MUL_COST[ctx.words - 1])
        else:
            # "charge cost_mem_copy(count * active_ctx.element_size)" [R7: 3 per 32-byte word]
            self.use(3 * words(size))
        # "Assert that [source, source + count * element_size] falls entirely within EVM
        # memory." [R5]
        if source + size > len(self.memory):
            raise Halt("memory range")
        values = []
        for i in range(count):
            at = source + i * ctx.element_size
            v = int.from_bytes(self.mem_read(at, ctx.element_size), "big")
            if v >= ctx.modulus:  # "asserting that each is less than the modulus"
                raise Halt("value not below the modulus")
            values.append(ctx.to_internal(v))
        ctx.registers[dest : dest + count] = values

    def arith(self, op):
        out, out_stride, x, x_stride, y, y_stride, count = self.immediate(7)
        ctx = self.active_context()  # "an active field context active_ctx is set"
        if out_stride == 0:  # "out_stride != 0"
            raise Halt("out_stride 0")
        if count == 0:  # "count != 0"
            raise Halt("count 0")
        # "all accessed values fall within bounds" [R1: the last index touched,
        # idx + stride * (count - 1) < registers, for out, x and y]
        n = len(ctx.registers)
        for idx, stride in ((out, out_stride), (x, x_stride), (y, y_stride)):
            if idx + stride * (count - 1 + BOUND_AS_PRINTED) >= n:
                raise Halt("register bound")
        table = MUL_COST if op == 0xC5 else ADD_SUB_COST
        self.use(count * table[ctx.words - 1])  # "charge count * operation_cost"
        regs = ctx.registers
        # "active_ctx.registers is not modified until all operations in the loop have completed"
        results = [ctx.operate(op, regs[x + i * x_stride], regs[y + i * y_stride]) for i in range(count)]
        for i, v in enumerate(results):
            regs[out + i * out_stride] = v


# ---- entry point -----------------------------------------------------------------------------

# The runner's addresses (any two distinct addresses outside the precompiles would do: both are
# warm from the start of the transaction, which is all the model needs of them).
CONTRACT = 0xE384C0DE
CALLER = 0xCA11E401


def execute(code, calldata=b"", gas_limit=1_000_000, accounts=None):
    """Runs `code` as the target of a call with `gas_limit` gas; `accounts` maps addresses
    (int) to code for the frames it calls. Returns the status, output and execution gas."""
    tx = Transaction(dict(accounts or {}), CALLER, CONTRACT)
    frame = Frame(tx, CONTRACT, code, calldata, gas_limit, False, 0)
    try:
        status, output = frame.run()
    except Halt:
        return Result("halt", b"", gas_limit)
    return Result(status, output, gas_limit - frame.gas)
