"""Bit helpers for the packed trie, usable inside numba kernels."""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic


@intrinsic
def popcount32(typingctx, x):
    """LLVM's ctpop: one POPCNT instruction where the CPU has it."""
    sig = types.uint32(types.uint32)

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return sig, codegen


@njit(cache=True, inline="always")
def child(child0, mask, node, code):
    """Child of ``node`` for letter ``code`` in a PackedTrie, -1 when there is none."""
    m = mask[node]
    bit = np.uint32(1) << np.uint32(code)
    if (m & bit) == 0:
        return -1
    return child0[node] + popcount32(m & (bit - np.uint32(1)))


def _cttz(width: int):
    @intrinsic
    def cttz(typingctx, x):
        """LLVM's cttz: index of the lowest set bit (x must not be 0)."""
        ty = types.uint32 if width == 32 else types.uint64
        sig = ty(ty)

        def codegen(context, builder, signature, args):
            return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

        return sig, codegen

    return cttz


lowest_bit32 = _cttz(32)
lowest_bit64 = _cttz(64)
