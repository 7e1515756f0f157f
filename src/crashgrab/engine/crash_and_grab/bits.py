"""Sets of small non-negative integers (cells, indices) kept as the bits of one Python int."""
from __future__ import annotations

from typing import Iterator


def iter_bits(bits: int) -> Iterator[int]:
    """The indices of the set bits of `bits`, lowest first, in time linear in its length.

    (Peeling off the lowest bit with `bits ^= bits & -bits` copies the whole int for every
    bit, which is quadratic on the boards' thousand-bit sets.)"""
    if bits < 0:
        raise ValueError("a bit set is a non-negative int")
    digits = bin(bits)[:1:-1]  # lowest bit first, without "0b"
    index = digits.find("1")
    while index >= 0:
        yield index
        index = digits.find("1", index + 1)
