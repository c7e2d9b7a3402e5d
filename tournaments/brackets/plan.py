"""The plan of a single or double elimination bracket: which match feeds which, drawn once from
the number of teams and the options, before a card is played.

Teams are seeds 1..teams (1 = best). The first round is drawn for the next power of two, so the
missing teams are byes, and the standard seed order gives them to the best seeds. Only the
winners' first round may show a bye: anywhere else a bye would be a team waiting a round for
nobody, so those matches are collapsed away and the rounds renumbered (`_collapse`).
"""

from dataclasses import dataclass

from .core import FORMATS, MAX_TEAMS, MIN_TEAMS, Match, Plan, PlanError, Slot, drawn_size

# Re-exported: the shapes of a plan are importable from here as well as from the package.
__all__ = ["MAX_TEAMS", "MIN_TEAMS", "Match", "Plan", "PlanError", "Slot", "plan", "seed_order"]


def seed_order(size: int) -> list[int]:
    """The standard draw for a power of two: [1, 8, 4, 5, 2, 7, 3, 6] for 8. Seeds 1 and 2 are
    in opposite halves, 1 and 4 meet 2 and 3 no sooner than the semi-finals, and every match
    of the first round adds up to size + 1, so byes (the seeds past the field) meet the best."""
    if size < 1 or size & (size - 1):
        raise ValueError(f"A draw is for a power of two, not {size}.")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def _check(teams, format, third_place, consolation) -> None:
    if isinstance(teams, bool) or not isinstance(teams, int):
        raise PlanError(f"The number of teams must be a whole number, not {teams!r}.")
    if teams == 2:
        raise PlanError(
            "A bracket needs at least 3 teams: 2 teams play one match, no bracket needed."
        )
    if teams < MIN_TEAMS:
        raise PlanError(f"A bracket needs at least {MIN_TEAMS} teams, not {teams}.")
    if teams > MAX_TEAMS:
        raise PlanError(
            f"At most {MAX_TEAMS} teams in one bracket: split the field, or play qualifying "
            "rounds first."
        )
    if format not in FORMATS:
        raise PlanError(
            f'There is no "{format}" bracket: choose "single" (out after one loss) or '
            '"double" (out after two losses).'
        )
    if format == "double" and third_place:
        raise PlanError(
            "In double elimination the losers' bracket final decides third place: "
            "no separate match."
        )
    if format == "double" and consolation:
        raise PlanError(
            "A consolation bracket is for single elimination: in double elimination every "
            "team already plays at least twice. Leave the consolation bracket out."
        )
    if third_place and teams < 4:
        raise PlanError(
            f"A third-place match needs at least 4 teams: with {teams}, the one semi-final "
            "played decides third place. Leave the third-place match out."
        )
    size = drawn_size(teams)
    if third_place and consolation and size == 4:
        raise PlanError(
            "With 4 teams the first round is the semi-finals, so the consolation bracket would "
            "be the third-place match played twice: ask for one of them, not both."
        )
    played = teams - size // 2
    if consolation and played < 2:
        fields = f"{size} teams" if size // 2 + 2 == size else f"{size // 2 + 2} to {size} teams"
        raise PlanError(
            f"A consolation bracket needs at least 2 first-round matches played: with {teams} "
            f"teams only {played} is played ({size - teams} byes). Leave it out, or change the "
            f"field: {fields} play at least 2."
        )


def plan(
    teams: int,
    format: str = "single",
    *,
    third_place: bool = False,
    consolation: bool = False,
    reset: bool = True,
) -> Plan:
    """The bracket for `teams` seeds. Raises PlanError, in words for the director, for a field
    or an option that cannot be drawn."""
    _check(teams, format, third_place, consolation)
    size = drawn_size(teams)
    rounds = size.bit_length() - 1  # size = 2 ** rounds
    double = format == "double"
    draft: list[_Draft] = []
    order = seed_order(size)
    for i in range(size // 2):
        pair = [order[2 * i], order[2 * i + 1]]
        slots = [Slot(seed=s) if s <= teams else Slot(bye=True) for s in pair]
        draft.append(_Draft(f"W1-{i + 1}", "winners", 1, slots))
    # Single elimination's last round is the final, F1; double's winners' final is W{rounds}-1.
    last = rounds if double else rounds - 1
    draft += _knockout("W", "winners", 2, last, size // 4)
    if double:
        draft += _losers(size, rounds)
        champion_of_losers = Slot(winner_of=f"L{2 * (rounds - 1)}-1")
        draft.append(_Draft("F1", "final", 1, [Slot(winner_of=f"W{rounds}-1"), champion_of_losers]))
        if reset:
            slots = [Slot(winner_of="F1"), Slot(loser_of="F1")]
            draft.append(_Draft("F2", "final", 2, slots, if_necessary=True))
    else:
        semis = f"W{rounds - 1}"
        if third_place:
            slots = [Slot(loser_of=f"{semis}-1"), Slot(loser_of=f"{semis}-2")]
            draft.append(_Draft("3P", "third", 1, slots))
        draft.append(_Draft("F1", "final", 1, [Slot(winner_of=f"{semis}-{i}") for i in (1, 2)]))
        if consolation:
            # The losers of the winners' first round, drawn as they lost: neighbours meet.
            firsts = size // 4
            draft += [
                _Draft(f"C1-{i}", "consolation", 1, _losers_of(2 * i - 1, 2 * i))
                for i in range(1, firsts + 1)
            ]
            draft += _knockout("C", "consolation", 2, rounds - 1, firsts // 2)
    return Plan(
        teams=teams,
        format=format,
        third_place=bool(third_place),
        consolation=bool(consolation),
        reset=bool(reset) and double,
        matches=tuple(_renumbered(_collapse(draft))),
    )


@dataclass
class _Draft:
    """A match while the plan is being drawn: a slot of None is "no team" (the loser of a bye)."""

    id: str
    side: str
    round: int
    slots: list
    if_necessary: bool = False


def _knockout(prefix: str, side: str, first: int, last: int, count: int) -> list[_Draft]:
    """Rounds first..last of a knockout, `count` matches in round `first`, each match taking
    the winners of two neighbouring matches of the round before."""
    drafts = []
    for number in range(first, last + 1):
        for i in range(1, count + 1):
            before = f"{prefix}{number - 1}"
            slots = [Slot(winner_of=f"{before}-{2 * i - 1}"), Slot(winner_of=f"{before}-{2 * i}")]
            drafts.append(_Draft(f"{prefix}{number}-{i}", side, number, slots))
        count //= 2
    return drafts


def _losers(size: int, rounds: int) -> list[_Draft]:
    """The losers' bracket for a full first round of `size`: 2 * (rounds - 1) rounds. Odd
    rounds pair the bracket's own winners; even rounds bring in the losers of the next
    winners' round. Every other drop reverses their order, so a team dropping down meets the
    other half of the draw first, not a team it has just beaten."""
    count = size // 4
    drafts = [
        _Draft(f"L1-{i}", "losers", 1, _losers_of(2 * i - 1, 2 * i)) for i in range(1, count + 1)
    ]
    for drop in range(1, rounds):
        number = 2 * drop
        for i in range(1, count + 1):
            m = count + 1 - i if drop % 2 else i
            slots = [Slot(winner_of=f"L{number - 1}-{i}"), Slot(loser_of=f"W{drop + 1}-{m}")]
            drafts.append(_Draft(f"L{number}-{i}", "losers", number, slots))
        if drop < rounds - 1:
            drafts += _knockout("L", "losers", number + 1, number + 1, count // 2)
            count //= 2
    return drafts


def _losers_of(first: int, second: int) -> list[Slot]:
    """The losers of two winners' first-round matches, to meet each other."""
    return [Slot(loser_of=f"W1-{first}"), Slot(loser_of=f"W1-{second}")]


def _collapse(draft: list[_Draft]) -> list[_Draft]:
    """Removes every match outside the winners' first round that has a "no team" slot (the
    loser of a bye, or of a match already removed): the team in its other slot goes straight
    to where its winner would have gone, and its loser is "no team" in turn. The draft is in
    dependency order, so one pass that rewrites each match's slots before looking at it
    reaches the same end as repeating the rule until nothing changes."""
    gone_losers = {d.id for d in draft if d.round == 1 and d.side == "winners" and _has_bye(d)}
    instead: dict[str, Slot | None] = {}  # a removed match's id -> who takes its winner's place
    kept = []
    for d in draft:
        d.slots = [_rewritten(s, instead, gone_losers) for s in d.slots]
        if (d.side, d.round) != ("winners", 1) and None in d.slots:
            instead[d.id] = d.slots[1] if d.slots[0] is None else d.slots[0]
            gone_losers.add(d.id)
            continue
        kept.append(d)
    return kept


def _has_bye(d: _Draft) -> bool:
    return any(s is not None and s.bye for s in d.slots)


def _rewritten(slot: Slot | None, instead: dict, gone_losers: set) -> Slot | None:
    if slot is None:
        return None
    if slot.winner_of in instead:
        return instead[slot.winner_of]
    if slot.loser_of in gone_losers:
        return None
    return slot


def _renumbered(draft: list[_Draft]) -> list[Match]:
    """Losers' and consolation rounds renumbered after the collapse: rounds from 1 with no
    gaps, matches from 1 within each round, in the order they were drawn."""
    new_ids: dict[str, str] = {}
    places: dict[tuple[str, int], tuple[int, int]] = {}  # (side, old round) -> (round, count)
    for d in draft:
        if d.side not in ("losers", "consolation"):
            continue
        if (d.side, d.round) not in places:
            rounds_so_far = sum(1 for side, _ in places if side == d.side)
            places[d.side, d.round] = (rounds_so_far + 1, 0)
        number, count = places[d.side, d.round]
        places[d.side, d.round] = (number, count + 1)
        new_ids[d.id] = f"{d.side[0].upper()}{number}-{count + 1}"
        d.round = number

    def renamed(slot: Slot) -> Slot:
        if slot.winner_of in new_ids:
            return Slot(winner_of=new_ids[slot.winner_of])
        if slot.loser_of in new_ids:
            return Slot(loser_of=new_ids[slot.loser_of])
        return slot

    return [
        Match(
            id=new_ids.get(d.id, d.id),
            side=d.side,
            round=d.round,
            slots=(renamed(d.slots[0]), renamed(d.slots[1])),
            if_necessary=d.if_necessary,
        )
        for d in draft
    ]
