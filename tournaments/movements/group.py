"""Finite abelian groups Z_a x Z_b x ..., elements numbered 0..order-1 in mixed radix."""

from functools import cached_property
from itertools import product
from math import prod


class Group:
    def __init__(self, moduli: tuple[int, ...]):
        self.moduli = tuple(moduli)
        self.order = prod(self.moduli)
        self._vectors = list(product(*(range(m) for m in self.moduli)))
        self._index = {v: i for i, v in enumerate(self._vectors)}

    def _combine(self, x: int, y: int, sign: int) -> int:
        a, b = self._vectors[x], self._vectors[y]
        return self._index[
            tuple((p + sign * q) % m for p, q, m in zip(a, b, self.moduli, strict=True))
        ]

    @cached_property
    def add_table(self) -> list[list[int]]:
        return [[self._combine(x, y, 1) for y in range(self.order)] for x in range(self.order)]

    @cached_property
    def sub_table(self) -> list[list[int]]:
        """sub_table[x][y] = x - y."""
        return [[self._combine(x, y, -1) for y in range(self.order)] for x in range(self.order)]
