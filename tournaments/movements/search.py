"""Find whist designs offline: `python -m tournaments.movements.search [N ...]`.

A whist design for n players seats a full rotation so that every two players are partners
exactly once and opponents exactly twice. We look for one that is *developed from a group*:

- n = 4k + 1: the players are the elements of a group G of order n; one base round seats every
  element but 0 (who sits out), and round g is the base round with g added to every player.
- n = 4k: the players are the elements of G (order n - 1) plus a fixed player "infinity", who
  sits at the first base table and never moves.

Adding g keeps differences x - y, so the whole rotation is right when the base round's
differences are: every non-zero element once as a partner difference (both signs counted),
twice as an opponent difference (both signs counted). For the left/right refinement
(triplewhist: each opponent once on each side) the opponent condition becomes directed: going
round each table N -> E -> S -> W -> N, every non-zero element is the step from a player to
the one on their left exactly once.

The search is patterned backtracking first (`patterned`: quick where it applies), then
simulated annealing over the base round (swap two seats, keep the swap if the
difference counts do not get much worse), restarted with new seeds until the cost is 0.
Z_n (cyclic) is tried first; n = 9 has no cyclic design, so its group is Z_3 x Z_3.
Annealing stalls one difference short from about 28 players on, so before plain annealing
comes the `starter` stage: a random starter (the partner pairs) and backtracking over how to
pair its pairs into tables, optionally invariant under a multiplier (MULTIPLIERS), which
found 32-64 in under a minute each (`--plain-only` skips the slow left/right annealing). 44
and 48 (43 and 47 prime: no multiplier helps) took over 5 minutes in pure Python, so they
and 60 (59 prime: 195 s in C, far longer here) were found by a C port of starter() (csearch/, same
algorithm, its own random numbers: their seeds do not reproduce here; "method" says so).

The designs found are written to `designs.py` (the base rounds, the group and the seed that
found each), which the app reads; `tests/test_movements.py` expands and checks every one.
Run with `--check` to only verify the shipped file.
"""

import argparse
import math
import random
import sys
import time
from collections import Counter
from pathlib import Path

from .group import Group

# Groups tried for each order, in turn; Z_m first because its rounds are easiest to read.
GROUPS_TO_TRY = {9: [(3, 3)], 25: [(25,), (5, 5)], 49: [(49,), (7, 7)]}
# Multipliers for starter(), by player count (see its docstring); 1 = none.
MULTIPLIERS = {33: 10, 36: 6, 45: 19, 52: 16, 56: 21, 57: 37, 64: 58}
DEFAULT_SIZES = [n for n in range(8, 65) if n % 4 in (0, 1)]
DESIGNS_FILE = Path(__file__).with_name("designs.py")


def anneal(
    n: int,
    group: Group,
    *,
    directed: bool,
    seed: int,
    steps: int,
    hot: float = 2.0,
    cold: float = 0.02,
) -> list[list[int]] | None:
    """One annealing run for a base round; returns its tables (infinity is `group.order`)."""
    rng = random.Random(seed)
    m = group.order
    sub = group.sub_table
    infinity = m
    one_rotational = n % 4 == 0
    elements = list(range(m)) if one_rotational else list(range(1, m))
    rng.shuffle(elements)
    slots = [infinity, *elements] if one_rotational else elements
    size = len(slots)
    fixed = 1 if one_rotational else 0
    partner_of = [s ^ 2 for s in range(size)]
    left_of = [(s & ~3) | ((s + 1) & 3) for s in range(size)]
    right_of = [(s & ~3) | ((s - 1) & 3) for s in range(size)]
    partner_target, opponent_target = 1, (1 if directed else 2)
    partners = [0] * m
    opponents = [0] * m

    def partner_delta(a: int, b: int, sign: int) -> int:
        if a == infinity or b == infinity:
            return 0
        cost = 0
        for d in (sub[a][b], sub[b][a]):
            c = partners[d]
            partners[d] = c + sign
            cost += (c + sign - partner_target) ** 2 - (c - partner_target) ** 2
        return cost

    def arc_delta(a: int, b: int, sign: int) -> int:
        # a has b on their left.
        if a == infinity or b == infinity:
            return 0
        cost = 0
        for d in (sub[b][a],) if directed else (sub[b][a], sub[a][b]):
            c = opponents[d]
            opponents[d] = c + sign
            cost += (c + sign - opponent_target) ** 2 - (c - opponent_target) ** 2
        return cost

    cost = (m - 1) * (partner_target**2 + opponent_target**2)
    for s in range(size):
        if s & 3 < 2:
            cost += partner_delta(slots[s], slots[partner_of[s]], 1)
        cost += arc_delta(slots[s], slots[left_of[s]], 1)

    def touching(s1: int, s2: int) -> tuple[set, set]:
        pairs = {min(s, partner_of[s]) for s in (s1, s2)}
        arcs = set()
        for s in (s1, s2):
            arcs.add((s, left_of[s]))
            arcs.add((right_of[s], s))
        return pairs, arcs

    def apply(pairs, arcs, sign: int) -> int:
        total = 0
        for s in pairs:
            total += partner_delta(slots[s], slots[partner_of[s]], sign)
        for a, b in arcs:
            total += arc_delta(slots[a], slots[b], sign)
        return total

    def in_conflict(s: int) -> bool:
        x = slots[s]
        for y in (slots[partner_of[s]],):
            if y != infinity and partners[sub[x][y]] != partner_target:
                return True
        for a, b in ((x, slots[left_of[s]]), (slots[right_of[s]], x)):
            if a != infinity and b != infinity and opponents[sub[b][a]] != opponent_target:
                return True
        return False

    temperature = hot
    cooling = math.exp(math.log(cold / hot) / steps)
    for _ in range(steps):
        if cost == 0:
            break
        # Mostly move a player who is part of a wrong difference: far fewer wasted swaps.
        for _ in range(6):
            s1 = rng.randrange(fixed, size)
            if in_conflict(s1):
                break
        s2 = rng.randrange(fixed, size)
        if s1 == s2:
            continue
        pairs, arcs = touching(s1, s2)
        delta = apply(pairs, arcs, -1)
        slots[s1], slots[s2] = slots[s2], slots[s1]
        delta += apply(pairs, arcs, 1)
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            cost += delta
        else:
            apply(pairs, arcs, -1)
            slots[s1], slots[s2] = slots[s2], slots[s1]
            apply(pairs, arcs, 1)
        temperature *= cooling
    if cost:
        return None
    return [slots[i : i + 4] for i in range(0, size, 4)]


def patterned(n: int, group: Group, *, seed: int, max_nodes: int) -> list[list[int]] | None:
    """Backtracking over "patterned" base rounds, tables (x, z, -x, -z): partners are always
    {x, -x}, so the partner condition holds by construction, and the table's opponent
    differences are the classes of x - z and x + z (each once on each side), so only a
    matching of the classes {x, -x} with all those images distinct is searched for. For
    n = 4k this gives a plain whist (the fixed player's table is (inf, y, 0, -y)); for n = 4k + 1
    it is a left/right-balanced one. It fails when 3 divides the group order for n = 4k + 1
    (count the classes by their residue mod 3), and for many n = 4k: then anneal()."""
    rng = random.Random(seed)
    m = group.order
    add, sub = group.add_table, group.sub_table
    neg = [sub[0][x] for x in range(m)]
    cls = [min(x, neg[x]) for x in range(m)]
    classes = sorted({cls[x] for x in range(1, m)})
    rng.shuffle(classes)
    images: set[int] = set()
    pairs: list[tuple[int, int]] = []
    nodes = 0

    def match(free: list[int]) -> bool:
        nonlocal nodes
        if not free:
            return True
        nodes += 1
        if nodes > max_nodes:
            return False
        x, rest = free[0], free[1:]
        for z in rng.sample(rest, len(rest)):
            plus, minus = cls[add[x][z]], cls[sub[x][z]]
            if plus == minus or plus in images or minus in images:
                continue
            images.update((plus, minus))
            pairs.append((x, z))
            if match([c for c in rest if c != z]):
                return True
            images.difference_update((plus, minus))
            pairs.pop()
        return False

    tables = []
    if n % 4 == 1:
        if not match(classes):
            return None
    else:
        for y in classes:
            images.add(y)
            if match([c for c in classes if c != y]):
                tables.append([m, y, 0, neg[y]])
                break
            images.discard(y)
            if nodes > max_nodes:
                return None
        else:
            return None
    tables += [[x, z, neg[x], neg[z]] for x, z in pairs]
    return tables


def starter(
    n: int,
    group: Group,
    *,
    seed: int,
    max_nodes: int,
    max_starters: int,
    multiplier: int = 1,
) -> list[list[int]] | None:
    """Starter and matching (`starter`): a table's partner pairs {N, S} and {E, W} meet as
    opponents in all four cross pairs, whichever way round they sit. So draw a random starter
    (pairs covering every non-zero element once, each difference class once; for n = 4k the
    fixed player partners 0), then backtrack over matchings of its pairs into tables, always
    extending the pair with fewest tables left that keep every class met at most twice, until
    every class is met exactly twice. Each starter gets `max_nodes` nodes, then a new one.

    With a `multiplier` w (a unit of the group), the base round is made invariant under
    x -> w x: pairs and tables are added a whole orbit at a time, which shrinks the search
    (w = 21 for 56 = 55 + 1, w = 37 for 57, w = 58 of order 3 for 64 = 63 + 1). w = -1 gives
    only the patterned tables, so it is no use where patterned() fails."""
    rng = random.Random(seed)
    m = group.order
    sub, add = group.sub_table, group.add_table
    infinity = m
    cls = [min(x, sub[0][x]) for x in range(m)]
    scale = [0] * m
    for x in range(m):
        for _ in range(multiplier % m):
            scale[x] = add[scale[x]][x]
    scale.append(infinity)
    for _ in range(max_starters):
        partner = draw_starter(m, cls, sub, scale, rng)
        if partner is None:
            continue
        pairs = [(infinity, 0)] if n % 4 == 0 else []
        pairs += [(x, y) for x, y in partner.items() if x < y]
        index = {frozenset(p): i for i, p in enumerate(pairs)}
        image = [index[frozenset((scale[x], scale[y]))] for x, y in pairs]
        cross = [
            [[cls[sub[a][b]] for a in p for b in q if infinity not in (a, b)] for q in pairs]
            for p in pairs
        ]
        mate = match_pairs(cross, image, m, rng, max_nodes)
        if mate is not None:
            return [[pairs[i][0], pairs[j][0], pairs[i][1], pairs[j][1]] for i, j in mate.items()]
    return None


def orbit(first: tuple[int, int], image) -> list[tuple[int, int]]:
    """The images of a pair (of elements or of pair numbers) under the multiplier, until it
    comes back (as a set): [first] when it is fixed."""
    result = [first]
    while True:
        x, y = result[-1]
        nxt = (image[x], image[y])
        if set(nxt) == set(first):
            return result
        result.append(nxt)


def match_pairs(
    cross: list[list[list[int]]], image: list[int], m: int, rng: random.Random, max_nodes: int
) -> dict[int, int] | None:
    """Backtracking for starter(): pairs i, j sharing a table meet as opponents in the classes
    cross[i][j]; match all pairs, a multiplier orbit of tables at a time, so that every class
    is met exactly twice."""
    k = len(cross)
    count = [0] * m
    free = set(range(k))
    mate: dict[int, int] = {}
    nodes = 0

    def tables(i: int, j: int) -> list[tuple[int, int]] | None:
        found = orbit((i, j), image)
        members = [p for t in found for p in t]
        if len(set(members)) < len(members) or not free.issuperset(members):
            return None
        classes = [c for a, b in found for c in cross[a][b]]
        if any(count[c] + classes.count(c) > 2 for c in classes):
            return None
        return found

    def place(found: list[tuple[int, int]], sign: int) -> None:
        for a, b in found:
            for c in cross[a][b]:
                count[c] += sign
            if sign > 0:
                free.difference_update((a, b))
                mate[a] = b
            else:
                free.update((a, b))
                del mate[a]

    def match() -> bool:
        nonlocal nodes
        if not free:
            return True
        nodes += 1
        if nodes > max_nodes:
            return False
        options = {}
        for i in free:
            options[i] = [t for j in free if j != i and (t := tables(i, j)) is not None]
            if not options[i]:
                return False
        i = min(options, key=lambda p: len(options[p]))
        for found in rng.sample(options[i], len(options[i])):
            place(found, 1)
            if match():
                return True
            place(found, -1)
            if nodes > max_nodes:
                break
        return False

    return mate if match() else None


def draw_starter(
    m: int, cls: list[int], sub, scale: list[int], rng: random.Random
) -> dict[int, int] | None:
    """Random pairs covering 1..m-1 whose differences hit each class {d, -d} once, closed
    under the multiplier (scale[x] = w x)."""
    partner: dict[int, int] = {}
    used_classes: set[int] = set()
    nodes = 0

    def extend(x: int) -> bool:
        nonlocal nodes
        while x < m and x in partner:
            x += 1
        if x == m:
            return True
        nodes += 1
        if nodes > 100_000:
            return False
        options = [y for y in range(1, m) if y != x and y not in partner]
        for y in rng.sample(options, len(options)):
            found = orbit((x, y), scale)
            members = [z for pair in found for z in pair]
            classes = [cls[sub[a][b]] for a, b in found]
            if (
                len(set(members)) < len(members)
                or any(z in partner for z in members)
                or len(set(classes)) < len(classes)
                or used_classes.intersection(classes)
            ):
                continue
            for a, b in found:
                partner[a], partner[b] = b, a
            used_classes.update(classes)
            if extend(x + 1):
                return True
            for z in members:
                del partner[z]
            used_classes.difference_update(classes)
        return False

    return partner if extend(1) else None


def find(n: int, *, tries: int, steps: int, left_right_tries: int) -> dict | None:
    """The cheapest search first: patterned backtracking, then annealing for a left/right
    balanced design (a few runs), then starter and matching, then annealing for a plain
    one."""
    m = n if n % 4 == 1 else n - 1
    groups = [Group(moduli) for moduli in GROUPS_TO_TRY.get(m, [(m,)])]
    stages = [("patterned", True, tries)] if n % 4 == 1 else []
    stages += [("anneal", True, left_right_tries)]
    if n % 4 == 0:
        stages += [("patterned", False, tries)]
    stages += [("starter", False, tries), ("anneal", False, tries)]
    for method, directed, runs in stages:
        for group in groups:
            for seed in range(runs):
                if method == "patterned":
                    tables = patterned(n, group, seed=seed, max_nodes=5000)
                elif method == "starter":
                    w = MULTIPLIERS.get(n, 1)
                    tables = starter(
                        n, group, seed=seed, max_nodes=20_000, max_starters=50, multiplier=w
                    )
                    if tables is not None:
                        return {
                            "group": group.moduli,
                            "base": tables,
                            "triplewhist": left_right(tables, group),
                            "seed": seed,
                            "method": f"starter, multiplier {w}" if w != 1 else "starter",
                        }
                else:
                    tables = anneal(n, group, directed=directed, seed=seed, steps=steps)
                if tables is not None:
                    return {
                        "group": group.moduli,
                        "base": tables,
                        "triplewhist": directed,
                        "seed": seed,
                        "method": method,
                    }
    return None


def left_right(tables: list[list[int]], group: Group) -> bool:
    """Whether a base round is also left/right balanced: every non-zero element once as the
    step from a player to the one on their left (the fixed player's steps left out)."""
    m = group.order
    steps = [
        group.sub_table[t[(i + 1) % 4]][t[i]]
        for t in tables
        for i in range(4)
        if m not in (t[i], t[(i + 1) % 4])
    ]
    return sorted(steps) == list(range(1, m))


def one_sided(tables: list[tuple[int, ...]], group: Group) -> int:
    """How many differences d are the step to the left twice (so -d never): each is m pairs of
    opponents who meet twice on the same side. Zero is left/right balance, which no base round
    for n = 4k developed from an abelian group can reach: the steps of a table without infinity
    add up to 0, infinity's table's to c - a, and the non-zero elements of an abelian group of
    odd order to 0, so c = a: at least one difference is one-sided."""
    m, sub = group.order, group.sub_table
    steps = Counter(
        sub[t[(i + 1) % 4]][t[i]]
        for t in tables
        for i in range(4)
        if m not in (t[i], t[(i + 1) % 4])
    )
    return sum(1 for count in steps.values() if count > 1)


def turned(tables: list[tuple[int, ...]], group: Group, *, seed: int = 0) -> list[tuple]:
    """The base round with some tables turned round, (N, E, S, W) to (N, W, S, E), for the
    fewest one-sided differences: partners and opponents stay, only sides change. Every choice
    up to 12 tables, else 20,000 random turns kept when no worse."""

    def turn(t: tuple, flip: bool) -> tuple:
        return (t[0], t[3], t[2], t[1]) if flip else tuple(t)

    tables = [tuple(t) for t in tables]
    best = (one_sided(tables, group), tables)
    if len(tables) <= 12:
        for mask in range(1 << len(tables)):
            choice = [turn(t, mask >> i & 1) for i, t in enumerate(tables)]
            best = min(best, (one_sided(choice, group), choice), key=lambda b: b[0])
        return best[1]
    rng = random.Random(seed)
    current = list(tables)
    for _ in range(20_000):
        i = rng.randrange(len(current))
        before = current[i]
        current[i] = turn(before, True)
        cost = one_sided(current, group)
        if cost <= best[0]:
            best = (cost, list(current))
        else:
            current[i] = before
    return best[1]


def write_designs(designs: dict[int, dict], path: Path = DESIGNS_FILE) -> None:
    lines = [
        '"""Whist designs found by `python -m tournaments.movements.search` (do not edit by hand).',
        "",
        "For each player count: the group (the moduli of Z_a x Z_b ...; elements numbered in",
        "mixed radix), the base round's tables in seat order N, E, S, W (the group's order",
        "stands for the fixed player, infinity), whether it is a triplewhist (each opponent met",
        'once on each side) and the search seed that found it."""',
        "",
        "DESIGNS = {",
    ]
    for n in sorted(designs):
        d = designs[n]
        lines.append(f"    {n}: {{")
        lines.append(f'        "group": {tuple(d["group"])!r},')
        lines.append(f'        "triplewhist": {d["triplewhist"]!r},')
        lines.append(f'        "seed": {d["seed"]!r},')
        lines.append(f'        "method": "{d.get("method", "anneal")}",')
        lines.append(f'        "seconds": {d.get("seconds")!r},')
        lines.append('        "base": [')
        for table in d["base"]:
            lines.append(f"            {tuple(table)!r},")
        lines.append("        ],")
        lines.append("    },")
    lines.append("}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sizes", nargs="*", type=int, default=DEFAULT_SIZES)
    parser.add_argument("--tries", type=int, default=40, help="annealing runs per group")
    parser.add_argument("--steps", type=int, default=1_000_000, help="swaps per run")
    parser.add_argument(
        "--left-right-tries", type=int, default=2, help="annealing runs for left/right balance"
    )
    parser.add_argument("--plain-only", action="store_true", help="skip the triplewhist search")
    parser.add_argument(
        "--turn",
        action="store_true",
        help="only turn the shipped n = 4k designs' tables for the fewest one-sided opponents",
    )
    parser.add_argument("--check", action="store_true", help="only verify designs.py")
    parser.add_argument(
        "--output", type=Path, default=DESIGNS_FILE, help="where to write (to search side by side)"
    )
    args = parser.parse_args(argv)

    from .designs import DESIGNS
    from .quality import movement_report
    from .whist import expand_design

    if args.check:
        wrong = 0
        for n in sorted(DESIGNS):
            report = movement_report(expand_design(n))
            balanced = report.left_right_gap == 0
            # The file's word on left/right must be true too, either way.
            wrong += not report.is_whist or balanced != DESIGNS[n]["triplewhist"]
            side = "balanced left/right" if balanced else f"left/right gap {report.left_right_gap}"
            print(n, "whist" if report.is_whist else "NOT WHIST", side, flush=True)
        return 1 if wrong else 0

    designs = dict(DESIGNS)
    if args.turn:
        for n in sorted(n for n in designs if n % 4 == 0 and not designs[n]["triplewhist"]):
            group = Group(tuple(designs[n]["group"]))
            before = one_sided(designs[n]["base"], group)
            base = turned(designs[n]["base"], group)
            print(f"{n}: one-sided differences {before} -> {one_sided(base, group)}", flush=True)
            designs[n] = {**designs[n], "base": base}
        write_designs(designs, args.output)
        return 0
    for n in args.sizes:
        if n % 4 not in (0, 1) or n < 8:
            print(f"{n}: whist designs need n % 4 in (0, 1), n >= 8", file=sys.stderr)
            continue
        started = time.perf_counter()
        found = find(
            n,
            tries=args.tries,
            steps=args.steps,
            left_right_tries=0 if args.plain_only else args.left_right_tries,
        )
        seconds = time.perf_counter() - started
        if found is None:
            print(f"{n}: nothing found in {seconds:.1f} s", flush=True)
            continue
        kind = "triplewhist" if found["triplewhist"] else "whist"
        print(
            f"{n}: {kind} over {found['group']} by {found['method']}, seed {found['seed']}, "
            f"{seconds:.1f} s",
            flush=True,
        )
        found["seconds"] = round(seconds, 1)
        designs[n] = found
        write_designs(designs, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
