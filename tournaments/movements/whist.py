"""Full rotations from whist designs: expand a base round by its group.

`designs.py` holds base rounds found by `search.py`; for a prime p = 4k + 1 the classic
construction below needs no search. Player numbers are group elements + 1; the fixed player
(infinity) of an n = 4k design is player n.
"""

from functools import cache

from .core import Movement, Round
from .designs import DESIGNS
from .group import Group


def _primitive_root(p: int) -> int:
    factors = {q for q in range(2, p) if (p - 1) % q == 0 and all(q % r for r in range(2, q))}
    return next(g for g in range(2, p) if all(pow(g, (p - 1) // q, p) != 1 for q in factors))


def _is_prime(n: int) -> bool:
    return n > 1 and all(n % d for d in range(2, int(n**0.5) + 1))


def prime_base(p: int) -> list[tuple[int, int, int, int]]:
    """For a prime p = 4k + 1 with primitive root g and w = g^k (so w^2 = -1): the tables
    g^i * (1, w, -1, -w), i < k. Partner differences 2g^i(1, w) and left steps g^i w^j (w - 1)
    run over every non-zero residue once: a whist design balanced left and right."""
    k = (p - 1) // 4
    g = _primitive_root(p)
    w = pow(g, k, p)
    return [tuple(pow(g, i, p) * c % p for c in (1, w, p - 1, p - w)) for i in range(k)]


def design_for(n: int) -> dict | None:
    if n in DESIGNS:
        return DESIGNS[n]
    if n % 4 == 1 and _is_prime(n):
        return {"group": (n,), "base": prime_base(n), "triplewhist": True}
    return None


def has_design(n: int) -> bool:
    return design_for(n) is not None


@cache
def expand_design(n: int) -> Movement:
    """The full rotation for n players: n - 1 rounds (n = 4k) or n rounds (n = 4k + 1)."""
    design = design_for(n)
    if design is None:
        raise KeyError(f"no whist design for {n} players")
    group = Group(tuple(design["group"]))
    add = group.add_table
    infinity = group.order
    rounds = []
    for g in range(group.order):
        tables = [
            tuple(x + 1 if x == infinity else add[x][g] + 1 for x in table)
            for table in design["base"]
        ]
        # n = 4k + 1: the base round leaves out 0, so round g leaves out g.
        sit_out = [g + 1] if n % 4 == 1 else []
        rounds.append(Round(tables=tables, sit_out=sit_out))
    method = "left/right whist design" if design["triplewhist"] else "whist design"
    return Movement(players=n, rounds=rounds, method=method)
