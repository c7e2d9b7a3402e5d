"""The server's side: a laptop's snapshot applied to its club, whole or not at all.

Everything is read and checked first (`_read`: the format, every field's type and range, every
row a row points at), so a malformed payload is refused in words before anything is written;
then, in one transaction, the club's settings, its players, each night (kept by uid: the same
Event row, its children replaced) and the nights deleted on the laptop. What the server's pages
work out from stored results is worked out again by the same code the laptop runs: the ratings
replayed from the earliest night touched (ratings.services), the season's kept nights dropped
to be read again (seasons.receivers.forget).

The night's rows are written with bulk_create: no model signal fires, so nothing a captain's
post would trip (a bracket refusing a correction on `table_changed`) can refuse an apply, and
no history row is written for a copy (the laptop keeps the history)."""

import datetime
import hashlib
import json
import uuid

from django.core.exceptions import ValidationError
from django.db import DataError, IntegrityError, models, transaction
from django.db.models import F as Col
from django.utils import timezone

import scoring
from brackets.models import Bracket, Game, Match, Team
from clubs.models import Club, Player
from publishing import locks
from publishing.models import Published, PublishingKey
from publishing.signals import night_published
from ratings import services as ratings
from ratings.models import CountedRound
from seasons.models import SeasonRules
from seasons.receivers import forget as forget_night_lines
from tournaments.models import HAND_FIELDS, Entry, Event, Hand, Partnership, Round, Seat, Table

from . import fields as F

# What a hand's entry is; its points, outcome and words are the engine's, worked out here
# again. (entered_at is the server's insert time: auto_now_add; no public page shows it.)
ENTERED = ("number", "dealer", *HAND_FIELDS)

FIX = "Publish again from the laptop; if it is refused again, update the app on both machines."


class Refused(Exception):
    """What the server will not apply, in a sentence a director understands."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


# --- Reading and checking, before anything is written ---------------------------------------


def _malformed(where: str, what: str) -> Refused:
    return Refused(f"The published data is not readable at {where}: {what}. {FIX}")


def _object(data, where: str) -> dict:
    if not isinstance(data, dict):
        raise _malformed(where, "an object was expected")
    return data


def _list(data, where: str) -> list:
    if not isinstance(data, list):
        raise _malformed(where, "a list was expected")
    return data


def _uid(value, where: str) -> uuid.UUID:
    if not isinstance(value, str):
        raise _malformed(where, "a uid (text) was expected")
    try:
        return uuid.UUID(value)
    except ValueError:
        raise _malformed(where, f"“{value[:40]}” is not a uid") from None


def _json_value(field: models.Field, value, where: str):
    """`value` as `field` stores it, if JSON gave it the field's own type."""
    if value is None:
        if field.null:
            return None
        raise _malformed(where, "a value is missing (null)")
    if isinstance(field, models.BooleanField):
        ok = isinstance(value, bool)
    elif isinstance(field, models.IntegerField):
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif isinstance(field, models.DateTimeField):
        ok = isinstance(value, str)
        if ok:
            try:
                value = datetime.datetime.fromisoformat(value)
            except ValueError:
                raise _malformed(where, "a date and time (ISO 8601) was expected") from None
            if timezone.is_naive(value):
                raise _malformed(where, "the time has no time zone")
    elif isinstance(field, models.DateField):
        ok = isinstance(value, str)
        if ok:
            try:
                value = datetime.date.fromisoformat(value)
            except ValueError:
                raise _malformed(where, "a date (YYYY-MM-DD) was expected") from None
    else:
        ok = isinstance(value, str)
    if isinstance(value, str) and "\x00" in value:
        # PostgreSQL stores no NUL in text (it would fail the whole apply); no name holds one.
        raise _malformed(where, "the text holds a NUL character")
    if not ok:
        raise _malformed(where, f"{type(value).__name__} is the wrong kind of value")
    return value


def _fields(model, names, data, where: str) -> dict:
    """The fields `names` of `model`, read from `data` and checked by the model's own rules
    (its choices, ranges and lengths)."""
    data = _object(data, where)
    found = {}
    for name in names:
        if name not in data:
            raise _malformed(where, f"“{name}” is missing")
        field = model._meta.get_field(name)
        value = _json_value(field, data[name], f"{where}.{name}")
        try:
            if value in field.empty_values:
                if value is not None and not field.blank:
                    raise ValidationError("it may not be empty")
            elif field.choices is not None and value not in dict(field.flatchoices):
                raise ValidationError(f"“{str(value)[:40]}” is not one of its choices")
            field.run_validators(value)
        except ValidationError as exc:
            raise _malformed(f"{where}.{name}", " ".join(exc.messages)) from None
        found[name] = value
    return found


def _unique(values, where: str, what: str) -> None:
    seen = set()
    for value in values:
        if value in seen:
            raise _malformed(where, f"{what} {value} comes twice")
        seen.add(value)


def _read_players(data, where: str) -> dict[uuid.UUID, dict]:
    found = {}
    for i, row in enumerate(_list(data, where)):
        at = f"{where}[{i}]"
        uid = _uid(_object(row, at).get("uid"), f"{at}.uid")
        found[uid] = _fields(Player, F.PLAYER, row, at)
    return found


def _player_ref(value, players: dict, where: str, *, null: bool = False) -> uuid.UUID | None:
    if value is None and null:
        return None
    uid = _uid(value, where)
    if uid not in players:
        raise _malformed(where, "it names a player the night does not list")
    return uid


def _read_club(data) -> dict | None:
    if data is None:
        return None
    where = "club"
    data = _object(data, where)
    club = {
        "uid": _uid(data.get("uid"), "club.uid"),
        "fields": _fields(Club, F.CLUB, data, where),
        "players": _read_players(data.get("players", []), "club.players"),
        "season_rules": None,
    }
    if data.get("season_rules") is not None:
        club["season_rules"] = _fields(
            SeasonRules, F.SEASON_RULES, data["season_rules"], "club.season_rules"
        )
    return club


def _read_event(data, where: str) -> dict:
    data = _object(data, where)
    event = {
        "uid": _uid(data.get("uid"), f"{where}.uid"),
        "fields": _fields(Event, F.EVENT, data, where),
        "players": _read_players(data.get("players"), f"{where}.players"),
    }
    players = event["players"]
    event["partnerships"] = [
        _fields(Partnership, F.PARTNERSHIP, p, f"{where}.partnerships[{i}]")
        for i, p in enumerate(_list(data.get("partnerships"), f"{where}.partnerships"))
    ]
    count = len(event["partnerships"])

    def partnership(value, at: str, null: bool = True) -> int | None:
        if value is None and null:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < count:
            raise _malformed(at, "it names no partnership of the night")
        return value

    entries = []
    for i, row in enumerate(_list(data.get("entries"), f"{where}.entries")):
        at = f"{where}.entries[{i}]"
        entry = _fields(Entry, F.ENTRY, row, at)
        entry["player"] = _player_ref(row.get("player"), players, f"{at}.player")
        entry["partnership"] = partnership(row.get("partnership"), f"{at}.partnership")
        entries.append(entry)
    _unique([e["player"] for e in entries], f"{where}.entries", "the player")
    event["entries"] = entries

    rounds = []
    for i, row in enumerate(_list(data.get("rounds"), f"{where}.rounds")):
        at = f"{where}.rounds[{i}]"
        round_ = _fields(Round, F.ROUND, row, at)
        round_["tables"] = []
        for j, t in enumerate(_list(row.get("tables"), f"{at}.tables")):
            tat = f"{at}.tables[{j}]"
            table = _fields(Table, F.TABLE, t, tat)
            table["captain"] = _player_ref(t.get("captain"), players, f"{tat}.captain")
            table["confirmed_by"] = _player_ref(
                t.get("confirmed_by"), players, f"{tat}.confirmed_by", null=True
            )
            table["hands"] = [
                _read_hand(h, f"{tat}.hands[{k}]")
                for k, h in enumerate(_list(t.get("hands"), f"{tat}.hands"))
            ]
            _unique([h["number"] for h in table["hands"]], f"{tat}.hands", "hand")
            # Checked as a list only: kept on the laptop, not written here (the corrections
            # live in the hands' history, which a copy does not keep; no public page shows them).
            _list(t.get("corrections", []), f"{tat}.corrections")
            round_["tables"].append(table)
        numbers = [t["number"] for t in round_["tables"]]
        _unique(numbers, f"{at}.tables", "table")
        round_["seats"] = []
        for j, s in enumerate(_list(row.get("seats"), f"{at}.seats")):
            sat = f"{at}.seats[{j}]"
            seat = _fields(Seat, F.SEAT, s, sat)
            seat["player"] = _player_ref(s.get("player"), players, f"{sat}.player")
            seat["table"] = s.get("table")
            if seat["table"] is not None and seat["table"] not in numbers:
                raise _malformed(f"{sat}.table", "it names no table of the round")
            if (seat["table"] is None) != (seat["position"] == ""):
                raise _malformed(sat, "a seat at a table has a position, one sitting out none")
            round_["seats"].append(seat)
        _unique([s["player"] for s in round_["seats"]], f"{at}.seats", "the player")
        _unique(
            [(s["table"], s["position"]) for s in round_["seats"] if s["table"] is not None],
            f"{at}.seats",
            "the seat",
        )
        rounds.append(round_)
    _unique([r["number"] for r in rounds], f"{where}.rounds", "round")
    event["rounds"] = rounds
    event["bracket"] = _read_bracket(data.get("bracket"), f"{where}.bracket", partnership, rounds)
    event["prizes"] = _read_prizes(data.get("prizes"), f"{where}.prizes")
    return event


PRIZE_TEXT = 4000  # the longest words of a prize table (its legend: the night's rules in words)


def _read_prizes(data, where: str) -> dict | None:
    """The laptop's prize table: words only (labels, names, amounts), each a short text."""
    if data is None:
        return None
    data = _object(data, where)

    def text(value, at: str) -> str:
        if not isinstance(value, str) or len(value) > PRIZE_TEXT or "\x00" in value:
            raise _malformed(at, f"a text of at most {PRIZE_TEXT} characters was expected")
        return value

    rows = [
        {
            name: text(_object(row, f"{where}.rows[{i}]").get(name), f"{where}.rows[{i}].{name}")
            for name in ("label", "name", "amount", "team")
        }
        for i, row in enumerate(_list(data.get("rows"), f"{where}.rows"))
    ]
    return {
        "rows": rows,
        **{name: text(data.get(name), f"{where}.{name}") for name in ("paid_out", "pot", "legend")},
    }


def _read_hand(data, where: str) -> dict:
    hand = _fields(Hand, F.HAND, data, where)
    if (hand["maker"] == "") != (hand["tricks"] is None):
        raise _malformed(where, "a thrown-in deal has no tricks, a played one has them")
    return hand


def _read_bracket(data, where: str, partnership, rounds: list[dict]) -> dict | None:
    if data is None:
        return None
    bracket = _fields(Bracket, F.BRACKET, data, where)
    source = _object(data, where).get("source_event")
    bracket["source_event"] = None if source is None else _uid(source, f"{where}.source_event")
    bracket["teams"] = []
    for i, row in enumerate(_list(data.get("teams"), f"{where}.teams")):
        at = f"{where}.teams[{i}]"
        team = _fields(Team, F.TEAM, row, at)
        team["partnership"] = partnership(row.get("partnership"), f"{at}.partnership", False)
        bracket["teams"].append(team)
    _unique([t["seed"] for t in bracket["teams"]], f"{where}.teams", "seed")
    _unique([t["partnership"] for t in bracket["teams"]], f"{where}.teams", "partnership")
    round_numbers = {r["number"] for r in rounds}
    bracket["matches"] = []
    for i, row in enumerate(_list(data.get("matches"), f"{where}.matches")):
        at = f"{where}.matches[{i}]"
        match = _fields(Match, F.MATCH, row, at)
        match["games"] = []
        for j, g in enumerate(_list(row.get("games"), f"{at}.games")):
            game = _fields(Game, F.GAME, g, f"{at}.games[{j}]")
            game["round"] = g.get("round")
            if game["round"] not in round_numbers:
                raise _malformed(f"{at}.games[{j}].round", "it names no round of the night")
            match["games"].append(game)
        _unique([g["number"] for g in match["games"]], f"{at}.games", "game")
        bracket["matches"].append(match)
    _unique([m["code"] for m in bracket["matches"]], f"{where}.matches", "match")
    _unique(
        [g["round"] for m in bracket["matches"] for g in m["games"]], f"{where}.matches", "round"
    )
    return bracket


def _read(payload) -> dict:
    payload = _object(payload, "the top level")
    if payload.get("format") != F.FORMAT:
        raise Refused(
            f"The laptop sent its nights in a format this server does not know "
            f"({str(payload.get('format'))[:20]}; this server reads format {F.FORMAT}): "
            "update the app on both machines to the same version, then publish again."
        )
    events = [
        _read_event(e, f"events[{i}]") for i, e in enumerate(_list(payload.get("events"), "events"))
    ]
    _unique([e["uid"] for e in events], "events", "the night")
    deleted = [
        _uid(u, f"deleted_events[{i}]")
        for i, u in enumerate(_list(payload.get("deleted_events", []), "deleted_events"))
    ]
    return {"club": _read_club(payload.get("club")), "events": events, "deleted": deleted}


# --- Writing, in one transaction --------------------------------------------------------------


def apply(key: PublishingKey, payload) -> dict:
    """Apply a laptop's snapshot (fields.py's format) to `key`'s club: whole, or not at all
    (Refused, with the reason). Returns {"events": nights applied, "hands": hands written}."""
    read = _read(payload)
    try:
        with transaction.atomic():
            summary = _apply(key, read)
    except DataError:
        # A value the checks above let through and the database refused (its own limits).
        raise Refused(f"The database refused a value of the published nights. {FIX}") from None
    except IntegrityError:
        raise Refused(
            "The published nights hold two rows where one is allowed (the same seat, table or "
            f"hand twice), so nothing was saved. {FIX}"
        ) from None
    return summary


def _apply(key: PublishingKey, read: dict) -> dict:
    # One apply of a club at a time: two laptops of the club, or a send repeated after its
    # answer was lost, queue here rather than interleave.
    club = Club.objects.select_for_update().get(pk=key.club_id)
    if (
        read["club"] is not None
        and key.source_club_uid is not None
        and read["club"]["uid"] != key.source_club_uid
    ):
        raise Refused(
            "These results are another club's, not the club this publishing key was made for: "
            "link the laptop with a key made in that club's settings on the server."
        )
    players = dict(read["club"]["players"]) if read["club"] else {}
    for event in read["events"]:
        players.update(event["players"])
    player_pk = _apply_players(club, players)
    if read["club"] is not None:
        _apply_club(club, read["club"])

    wanted = [e["uid"] for e in read["events"]] + read["deleted"]
    found = {e.uid: e for e in Event.objects.filter(uid__in=wanted).select_related("club")}
    published = set(
        Published.objects.filter(event__in=found.values()).values_list("event__uid", flat=True)
    )
    for uid, event in found.items():
        if event.club_id != club.pk:
            raise Refused(
                f"The night “{event.name}” belongs to another club on this server, so nothing "
                "was saved: this laptop can publish only its own club's nights."
            )
        if uid not in published:
            raise Refused(
                f"The night “{event.name}” was run on this server itself, not on a laptop, so "
                "nothing was saved: change it here, on the server."
            )

    since, deleted = [], 0
    for uid in read["deleted"]:
        if uid in found and uid not in {e["uid"] for e in read["events"]}:
            event = found[uid]
            since.append((event.date, event.pk))
            _clear(event)
            event.delete()
            deleted += 1
    applied, hands = [], 0
    now = timezone.now()
    for data in read["events"]:
        event = found.get(data["uid"])
        digests = _round_digests(data)
        if event is not None:
            since.append((event.date, event.pk))
            before = Published.objects.filter(event=event).values_list("round_digests", flat=True)
            keep = {int(n) for n, d in (before.first() or {}).items() if digests.get(n) == d}
            _clear(event, keep)
            for name, value in data["fields"].items():
                setattr(event, name, value)
            event.save()
        else:
            keep = set()
            event = Event(club=club, uid=data["uid"], **data["fields"])
            event.save()
        hands += _write_night(event, data, player_pk, club, keep)
        since.append((event.date, event.pk))
        forget_night_lines(event.pk)
        marked = {
            "key": key,
            "laptop_name": key.laptop_name,
            "applied_at": now,
            "round_digests": digests,
            "prizes": data["prizes"],
        }
        if data["uid"] in found:
            Published.objects.filter(event=event).update(**marked, changes=Col("changes") + 1)
        else:
            Published.objects.create(event=event, **marked)
        locks.forget(event.uid)
        applied.append(event)
    if since:
        date, pk = min(since)
        ratings.replay_since(club.pk, date, pk)
    # The results mail (results_mail/) hears of each night once it is committed, never before.
    for event in applied:
        transaction.on_commit(lambda event=event: night_published.send(sender=None, event=event))
    return {"events": len(applied), "hands": hands, "deleted": deleted}


def _apply_club(club: Club, data: dict) -> None:
    for name, value in data["fields"].items():
        setattr(club, name, value)
    club.save(update_fields=list(data["fields"]))
    if data["season_rules"] is not None:
        SeasonRules.objects.update_or_create(club=club, defaults=data["season_rules"])


def _apply_players(club: Club, wanted: dict[uuid.UUID, dict]) -> dict[uuid.UUID, int]:
    """The server's player for each of the laptop's, by uid: the same uid, else the club's
    player of the same name (the roster's rule, clubs.services.same_name: "Mary Smith",
    "mary smith" and "Mary  Smith" are one), who takes the laptop's uid, else a new player.
    Returns {uid: server pk}."""
    by_uid = {p.uid: p for p in Player.objects.filter(uid__in=wanted)}
    for uid, player in by_uid.items():
        if player.club_id != club.pk:
            raise Refused(
                f"The player “{wanted[uid]['name']}” belongs to another club on this server, "
                "so nothing was saved: this laptop can publish only its own club's players."
            )

    def key_of(name: str) -> str:
        return Player(name=name).name_key()

    roster = {p.sort_name: p for p in Player.objects.filter(club=club)}
    new = []
    for uid, data in wanted.items():
        player = by_uid.get(uid)
        adopted = False
        if player is None:
            same_name = roster.get(key_of(data["name"]))
            if same_name is not None and same_name.uid not in wanted:
                player = same_name
                player.uid = uid  # saved below, with the laptop's name and choices
                by_uid[uid] = player
                adopted = True
            elif same_name is not None:
                raise _name_taken(data["name"])
            else:
                player = Player(club=club, uid=uid, **data)
                new.append(player)
                by_uid[uid] = player
                roster[key_of(data["name"])] = player
                continue
        holder = roster.get(key_of(data["name"]))
        if holder is not None and holder.pk != player.pk:
            raise _name_taken(data["name"])
        if adopted or any(getattr(player, n) != v for n, v in data.items()):
            roster.pop(player.sort_name, None)
            for name, value in data.items():
                setattr(player, name, value)
            player._change_reason = "Published from the hall laptop"
            player.save()  # a rename kept in the player's history, as on the roster page
            roster[player.sort_name] = player
    Player.objects.bulk_create(new)
    return {uid: p.pk for uid, p in by_uid.items()}


def _name_taken(name: str) -> Refused:
    return Refused(
        f"Two players are called “{name}”: the laptop's, and another of the club's players on "
        "this server. Rename one of them (on the laptop or here), then publish again."
    )


def _round_digests(data: dict) -> dict[str, str]:
    """Each round's fingerprint: its rows (tables, seats, hands) with the night's own fields,
    so a change of the night's rules rewrites every round (its hands are scored again)."""
    night = json.dumps(data["fields"], sort_keys=True, default=str)
    return {
        str(r["number"]): hashlib.sha256(
            (night + json.dumps(r, sort_keys=True, default=str)).encode()
        ).hexdigest()
        for r in data["rounds"]
    }


def _clear(event: Event, keep: set[int] = frozenset()) -> None:
    """The night's rows, gone, but the rounds numbered in `keep` (unchanged since the last
    apply): deleted by the database alone (`_raw_delete`), children first, so no model signal
    fires (a round deleted would replay the ratings once a round, a hand deleted would write
    its history) and nothing a captain's post would trip runs."""

    def gone(queryset) -> None:
        queryset._raw_delete(queryset.db)

    gone(Hand.objects.filter(table__round__event=event).exclude(table__round__number__in=keep))
    gone(Seat.objects.filter(round__event=event).exclude(round__number__in=keep))
    gone(Game.objects.filter(round__event=event))
    gone(CountedRound.objects.filter(event=event).exclude(round__number__in=keep))
    gone(Table.objects.filter(round__event=event).exclude(round__number__in=keep))
    gone(Game.objects.filter(match__bracket__event=event))
    gone(Match.objects.filter(bracket__event=event))
    gone(Team.objects.filter(bracket__event=event))
    gone(Bracket.objects.filter(event=event))
    gone(Round.objects.filter(event=event).exclude(number__in=keep))
    gone(Entry.objects.filter(event=event))
    gone(Team.objects.filter(partnership__event=event))
    gone(Partnership.objects.filter(event=event))


def _write_night(event: Event, data: dict, player_pk: dict, club: Club, keep: set[int]) -> int:
    """The night's rows from `data`, but the rounds in `keep`, which stayed as they were."""
    partnerships = Partnership.objects.bulk_create(
        Partnership(event=event, **p) for p in data["partnerships"]
    )

    def partnership(index):
        return None if index is None else partnerships[index]

    Entry.objects.bulk_create(
        Entry(
            event=event,
            player_id=player_pk[e["player"]],
            partnership=partnership(e["partnership"]),
            present=e["present"],
            stays=e["stays"],
        )
        for e in data["entries"]
    )
    plain = {"tables", "seats"}
    changed = [r for r in data["rounds"] if r["number"] not in keep]
    rounds = Round.objects.bulk_create(
        Round(event=event, **{k: v for k, v in r.items() if k not in plain}) for r in changed
    )
    tables = Table.objects.bulk_create(
        Table(
            round=round_,
            number=t["number"],
            first_dealer=t["first_dealer"],
            confirmed_at=t["confirmed_at"],
            hands_at_time=t["hands_at_time"],
            captain_id=player_pk[t["captain"]],
            confirmed_by_id=None if t["confirmed_by"] is None else player_pk[t["confirmed_by"]],
        )
        for round_, r in zip(rounds, changed, strict=True)
        for t in r["tables"]
    )
    table_of = {(t.round_id, t.number): t for t in tables}
    Seat.objects.bulk_create(
        Seat(
            round=round_,
            table=None if s["table"] is None else table_of[(round_.pk, s["table"])],
            position=s["position"],
            player_id=player_pk[s["player"]],
        )
        for round_, r in zip(rounds, changed, strict=True)
        for s in r["seats"]
    )
    # Each hand scored again by the engine, with the night's rules: the server shows what
    # its own code gives, and a hand its rules refuse is refused here, not shown.
    rules = event.ruleset()
    hands = []
    for round_, r in zip(rounds, changed, strict=True):
        for t in r["tables"]:
            table = table_of[(round_.pk, t["number"])]
            for h in t["hands"]:
                hand = Hand(table=table, **{k: h[k] for k in ENTERED})
                try:
                    hand.apply_score(scoring.score_hand(hand.to_engine_hand(), rules))
                except scoring.HandError as err:
                    raise Refused(
                        f"Hand {h['number']} at table {t['number']} of round {r['number']} of "
                        f"“{event.name}” breaks the night's rules ({err.message}), so nothing "
                        "was saved: correct it on the laptop, then publish again."
                    ) from None
                hands.append(hand)
    Hand.objects.bulk_create(hands, batch_size=2000)
    if keep:  # a bracket's games are played in rounds kept as well as rounds written
        rounds = list(Round.objects.filter(event=event))
    _bracket(event, data["bracket"], partnerships, rounds, club)
    return len(hands)


def _bracket(event, data, partnerships, rounds, club) -> None:
    if data is None:
        return
    source = None
    if data["source_event"] is not None:
        source = Event.objects.filter(club=club, uid=data["source_event"]).first()
    plain = {"teams", "matches", "source_event"}
    fields = {k: v for k, v in data.items() if k not in plain}
    (bracket,) = Bracket.objects.bulk_create([Bracket(event=event, source_event=source, **fields)])
    Team.objects.bulk_create(
        Team(
            bracket=bracket,
            partnership=partnerships[t["partnership"]],
            seed=t["seed"],
            withdrawn_at=t["withdrawn_at"],
        )
        for t in data["teams"]
    )
    matches = Match.objects.bulk_create(
        Match(bracket=bracket, **{k: v for k, v in m.items() if k != "games"})
        for m in data["matches"]
    )
    round_of = {r.number: r for r in rounds}
    Game.objects.bulk_create(
        Game(match=match, number=g["number"], round=round_of[g["round"]])
        for match, m in zip(matches, data["matches"], strict=True)
        for g in m["games"]
    )
