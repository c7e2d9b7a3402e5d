"""Roster workflows: adding players one at a time or many at once (pasted names or a CSV file).

A roster import is all or nothing: if any line is wrong, nothing is created and every wrong line
is reported, so the director fixes the text and imports it again without creating half a
roster. Names already on the roster, or repeated in the input, are not errors: they are skipped
and listed, never silently created twice.

Two names are the same name when a person would read them so: case, spacing, accents,
apostrophes, quotes and hyphens aside ("zoe bronte" is likely Zoë Brontë, "Mary OBrien" Mary
O’Brien), by clubs.text.name_key, which sorts and searches names everywhere else too.

A player already on the roster is renamed, retired (and brought back) or merged with another
(the same person entered twice) here too: player_rename, player_retire, player_merge.
"""

import csv
import io
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.core.validators import EmailValidator
from django.db import IntegrityError, transaction
from django.utils.html import format_html

from .models import Club, ClubDirector, MergedPlayer, Player
from .text import name_key, visible_name

NAME_MAX = Player._meta.get_field("name").max_length
EMAIL_MAX = Player._meta.get_field("email").max_length
PHONE_MAX = Player._meta.get_field("phone").max_length

# Header cells a spreadsheet may use for each column, compared lower-cased.
HEADER_ALIASES = {
    "name": "name",
    "player": "name",
    "email": "email",
    "e-mail": "email",
    "email address": "email",
    "phone": "phone",
    "telephone": "phone",
    "phone number": "phone",
    "mobile": "phone",
}
POSITIONAL_COLUMNS = ("name", "email", "phone")

_email_validator = EmailValidator()


@dataclass(frozen=True)
class Duplicate:
    """A line skipped: its name is already on the roster, or on an earlier line."""

    line: int
    name: str  # as typed
    existing: str  # as the roster, or the earlier line, spells it
    earlier_line: int | None = None  # None: on the roster
    # On the roster but retired: not on its main list, so "already on the roster" alone
    # sent the director looking for a name they could not see.
    retired: bool = False

    @property
    def message(self) -> str:
        return self._words("{}", str.format)

    @property
    def message_html(self) -> str:
        """The message for the page: each name in <bdi>, so a right-to-left name keeps its
        place in the sentence."""
        return self._words("<bdi>{}</bdi>", format_html)

    def _words(self, name: str, fill) -> str:
        where = "on the roster" if self.earlier_line is None else f"on line {self.earlier_line}"
        # As the single add says it (_duplicate_message).
        tail = ": bring them back from the Retired list" if self.retired else ""
        if self.retired:
            where += ", retired"
        if self.name == self.existing:
            return fill(f"Line {self.line}: {name} is already {where}{tail}.", self.existing)
        typed = f"Line {self.line}: {name} is already {where} (typed “{name}”){tail}."
        return fill(typed, self.existing, self.name)


@dataclass
class RosterImport:
    created: list[Player] = field(default_factory=list)
    # Lines skipped: the name is already on the roster or repeated in the input.
    duplicates: list[Duplicate] = field(default_factory=list)
    # One message per wrong line, naming the line: "Line 3: ...".
    errors: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Row:
    line: int
    name: str
    email: str = ""
    phone: str = ""


def normalise_name(name: str) -> str:
    """'  mary   Smith ' -> 'mary Smith': trimmed, inner spaces collapsed, case kept, and
    invisible characters left out (clubs.text.visible_name says which, and which
    joiners stay). The roster form and the import both clean names here."""
    return " ".join(visible_name(name).split())


def _problems(name: str, email: str, phone: str) -> dict[str, str]:
    """What is wrong with one player's details, by field, in words a director can act on."""
    problems = {}
    if not name:
        problems["name"] = "a name is required"
    elif len(name) > NAME_MAX:
        problems["name"] = f"the name is {len(name)} characters long; the most is {NAME_MAX}"
    if email:
        try:
            if len(email) > EMAIL_MAX:
                raise ValidationError("too long")
            _email_validator(email)
        except ValidationError:
            problems["email"] = f"'{email}' is not an email address"
    if len(phone) > PHONE_MAX:
        problems["phone"] = f"the phone number is longer than {PHONE_MAX} characters"
    return problems


def _rows_from_text(text: str) -> tuple[list[_Row], list[tuple[int, str]]]:
    rows, errors = [], []
    for number, line in enumerate(text.splitlines(), start=1):
        name = normalise_name(line)
        if "@" in name:
            # A pasted spreadsheet row: without this, "Mary Smith, mary@x.org" becomes a name.
            errors.append(
                (
                    number,
                    f"'{name}' has an email address in it. Paste names only, one per line, "
                    "or upload a CSV file with name, email and phone columns.",
                )
            )
        elif name:
            rows.append(_Row(line=number, name=name))
    return rows, errors


def _header_columns(cells: list[str]) -> dict[str, int] | None:
    """The column of each known field if the first row is a header (its first cell says
    'name'), else None."""
    labels = [c.strip().lower() for c in cells]
    if not labels or HEADER_ALIASES.get(labels[0]) != "name":
        return None
    columns: dict[str, int] = {}
    for index, label in enumerate(labels):
        known = HEADER_ALIASES.get(label)
        if known is not None and known not in columns:
            columns[known] = index
    return columns


def _rows_from_csv(text: str) -> tuple[list[_Row], list[tuple[int, str]]]:
    rows: list[_Row] = []
    errors: list[tuple[int, str]] = []
    # newline="": a line may end in CR LF (Windows), LF, or CR alone (a Mac spreadsheet's
    # "CSV" before OS X); otherwise a CR-only file is one long line that csv refuses.
    reader = csv.reader(io.StringIO(text, newline=""))
    columns = None
    try:
        for index, cells in enumerate(reader):
            # line_num counts physical lines, so a quoted field with a line break stays right.
            line = reader.line_num
            if index == 0:
                columns = _header_columns(cells)
                if columns is not None:
                    continue
            if not any(c.strip() for c in cells):
                continue
            if columns is None:
                extra = [c for c in cells[len(POSITIONAL_COLUMNS) :] if c.strip()]
                if extra:
                    errors.append(
                        (
                            line,
                            f"{len(cells)} columns, but a roster has at most 3 (name, email, "
                            "phone). Fix the line and import again.",
                        )
                    )
                    continue
                values = dict(zip(POSITIONAL_COLUMNS, cells, strict=False))
            else:
                values = {f: cells[i] for f, i in columns.items() if i < len(cells)}
            rows.append(
                _Row(
                    line=line,
                    name=normalise_name(values.get("name", "")),
                    email=values.get("email", "").strip(),
                    phone=values.get("phone", "").strip(),
                )
            )
    except csv.Error as exc:
        errors.append(
            (reader.line_num, f"the file is not valid CSV ({exc}). Fix the line and import again.")
        )
    return rows, errors


@transaction.atomic
def roster_import(*, club: Club, text: str, is_csv: bool = False) -> RosterImport:
    """Add the players in `text` (one name per line, or CSV name,email,phone) to the roster.

    Returns what was created, the names skipped as duplicates, and the errors; when there is
    any error nothing at all is created.
    """
    _lock_roster(club)
    text = text.lstrip("\ufeff")
    rows, errors = _rows_from_csv(text) if is_csv else _rows_from_text(text)
    result = RosterImport()
    # Each name's key: the name as the roster (line None) or an earlier line spells it, and
    # whether the roster's player is retired.
    seen: dict[str, tuple[str, int | None, bool]] = {
        name_key(n): (n, None, not active)
        for n, active in club.players.values_list("name", "active")
    }
    to_create: list[Player] = []
    for row in rows:
        problems = _problems(row.name, row.email, row.phone)
        if problems:
            errors.append(
                (row.line, f"{'; '.join(problems.values())}. Fix the line and import again.")
            )
            continue
        key = name_key(row.name)
        if key in seen:
            existing, line, retired = seen[key]
            result.duplicates.append(Duplicate(row.line, row.name, existing, line, retired))
            continue
        seen[key] = (row.name, row.line, False)
        to_create.append(Player(club=club, name=row.name, email=row.email, phone=row.phone))
    # In line order, whichever check found them.
    result.errors = [f"Line {line}: {message}" for line, message in sorted(errors)]
    if not rows and not result.errors:
        result.errors.append("Nothing to import: there is no name in the text.")
    if result.errors:
        return result
    try:
        with transaction.atomic():
            result.created = Player.objects.bulk_create(to_create)
    except IntegrityError:
        # Someone added one of these names while we were checking: nothing was created.
        result.errors.append(
            "The roster changed while importing (someone added a player with one of these "
            "names). Nothing was imported: import again."
        )
    return result


def _lock_roster(club: Club) -> None:
    """Hold the club's row until the transaction ends, so two posts adding (or renaming to)
    "Mary O'Brien" and "Mary O’Brien" at once cannot both pass the duplicate check: the
    database's own constraint compares lower-cased names only. (SQLite's IMMEDIATE
    transactions already take one write at a time.)"""
    Club.objects.select_for_update().filter(pk=club.pk).first()


def same_name(club: Club, name: str, *, exclude: Player | None = None) -> Player | None:
    """The club's player whose name reads as `name` (case, spaces, accents, apostrophes,
    quotes, hyphens and dashes aside: clubs.text.name_key), retired or not; None if none."""
    found = club.players.filter(sort_name=Player(name=name).name_key())
    if exclude is not None:
        found = found.exclude(pk=exclude.pk)
    return found.order_by("pk").first()


def _duplicate_message(existing: Player) -> str:
    if not existing.active:
        return (
            f"{existing.name} is already on the roster, retired: bring them back from the "
            "Retired list, or add a middle initial or a nickname if this is a different person."
        )
    return (
        f"{existing.name} is already on the roster. Add a middle initial or a nickname if this "
        "is a different person."
    )


def player_add(*, club: Club, name: str, email: str = "", phone: str = "") -> Player:
    """Add one player; raises ValidationError (keyed by field) on a bad value or a duplicate."""
    name = normalise_name(name)
    email = email.strip()
    phone = phone.strip()
    problems = _problems(name, email, phone)
    if problems:
        raise ValidationError({f: m[0].upper() + m[1:] + "." for f, m in problems.items()})
    try:
        with transaction.atomic():
            _lock_roster(club)
            # Compared by the stored key: SQLite's LOWER() and iexact only fold ASCII letters,
            # and no database folds accents or apostrophes.
            existing = same_name(club, name)
            if existing is not None:
                raise ValidationError({"name": _duplicate_message(existing)})
            return Player.objects.create(club=club, name=name, email=email, phone=phone)
    except IntegrityError:
        raise ValidationError({"name": f"{name} is already on the roster."}) from None


def player_rename(*, player: Player, name: str) -> Player:
    """Give `player` a new name, checked as a new player's is; every night, rating and season
    line is the player's by id, so all of it follows the new name. Raises ValidationError
    (keyed "name")."""
    name = normalise_name(name)
    problem = _problems(name, "", "").get("name")
    if problem:
        raise ValidationError({"name": problem[0].upper() + problem[1:] + "."})
    old = player.name
    if name == old:
        raise ValidationError({"name": f"{old} is already their name: type the new name."})
    try:
        with transaction.atomic():
            _lock_roster(player.club)
            existing = same_name(player.club, name, exclude=player)
            if existing is not None:
                raise ValidationError(
                    {
                        "name": f"{existing.name} is already on the roster. If they are the same "
                        f"person as {old}, merge the two instead."
                    }
                )
            player.name = name
            player._change_reason = f"Renamed from {old}."
            player.save(update_fields=["name"])
    except IntegrityError:
        player.name = old
        raise ValidationError({"name": f"{name} is already on the roster."}) from None
    return player


def player_retire(*, player: Player, retired: bool) -> Player:
    """Retire a player (off the roster's main list and the players a night adds, every night
    of theirs kept) or bring them back."""
    player.active = not retired
    player._change_reason = "Retired." if retired else "Brought back from retirement."
    player.save(update_fields=["active"])
    return player


@dataclass
class Merge:
    """What a merge moved, filled in by the receivers of clubs.signals (each app counts its
    own rows): `moved` by what (merge.moved["nights entered"] == 3), each said in the words
    its receiver gave ("3 nights played"); `nights`, the ids of the events the player merged
    away had a part in, for what is worked out again from them; and `details`, what becomes
    of each player's email and phone (the merged-away player's row is deleted: a detail the
    kept player does not take is dropped, and the preview says so beforehand)."""

    keep: Player
    other: Player
    moved: dict[str, int] = field(default_factory=dict)
    nights: set[int] = field(default_factory=set)
    details: list[str] = field(default_factory=list)
    # A preview: everything is done, shown, and rolled back; the ratings are not replayed.
    preview: bool = False
    # How each count is said: (one, many), "{}" standing for the number.
    words: dict[str, tuple[str, str]] = field(default_factory=dict)

    def count(self, what: str, n: int, one: str = "", many: str = "") -> None:
        """Count `n` rows of `what`, said as `one` or `many` ("{} night played")."""
        if one:
            self.words[what] = (one, many or one)
        if n:
            self.moved[what] = self.moved.get(what, 0) + n

    @property
    def lines(self) -> list[str]:
        said = []
        for what, n in self.moved.items():
            one, many = self.words.get(what, (f"{what}: {{}}", f"{what}: {{}}"))
            said.append((one if n == 1 else many).format(n))
        return said


class MergeRefused(ValidationError):
    """The two players cannot be one (both played in one night), or something refers to the
    player merged away that no app moves."""


def player_relations() -> list:
    """Every relation to Player as Django knows it, those with no name back ("+") too: a
    model added later is found here without being named."""
    return [
        f
        for f in Player._meta.get_fields(include_hidden=True)
        if f.is_relation and f.auto_created and not f.concrete
    ]


def _left_behind(other: Player) -> list[str]:
    """Every kind of row that still refers to `other`."""
    left = []
    for relation in player_relations():
        model = relation.related_model
        if model._default_manager.filter(**{relation.field.name: other.pk}).exists():
            left.append(f"{model._meta.verbose_name} ({relation.field.name})")
    return left


_DETAILS = (("email", "email"), ("phone", "phone number"))


def _merge_details(keep: Player, other: Player, merge: Merge) -> None:
    """The kept player's own details after a merge: an email or phone only the other had is
    kept; a player who asked to be shown by initials stays so (either of the two asking is
    enough: the merge must not show a name someone asked to hide); and one who still plays
    (either of the two not retired) is not retired."""
    for name, _ in _DETAILS:
        if not getattr(keep, name) and getattr(other, name):
            setattr(keep, name, getattr(other, name))
    keep.shown_publicly = keep.shown_publicly and other.shown_publicly
    keep.active = keep.active or other.active


def _details_in_words(keep: Player, other: Player) -> list[str]:
    """What _merge_details does to each email and phone, in words: taken over, or dropped
    because the kept player has their own (a player has one of each)."""
    words = []
    for name, label in _DETAILS:
        mine, theirs = getattr(keep, name), getattr(other, name)
        if not theirs or theirs.casefold() == mine.casefold():
            continue
        if mine:
            words.append(f"{other.name}’s {label} {theirs} is dropped: {keep.name} keeps {mine}")
        else:
            words.append(f"{keep.name} takes {other.name}’s {label} {theirs}")
    return words


def _merge(*, keep: Player, other: Player, preview: bool) -> Merge:
    # Imported here: clubs.signals' receivers live in the apps above, which import clubs.
    from .signals import player_merged, player_merging

    if keep.pk == other.pk:
        raise MergeRefused("Pick two different players to merge.")
    if keep.club_id != other.club_id:
        raise MergeRefused("Only two players of the same club can be merged.")
    merge = Merge(keep=keep, other=other, preview=preview)
    # Both rows locked, in one order whichever is kept, so two merges cannot cross.
    locked = list(Player.objects.select_for_update().filter(pk__in=[keep.pk, other.pk]))
    if len(locked) != 2:
        raise MergeRefused("One of the two players is no longer on the roster: reload the page.")
    # As they are now, locked: a rename posted a moment ago is not written back over.
    keep.refresh_from_db()
    other.refresh_from_db()
    player_merging.send(sender=Player, keep=keep, other=other, merge=merge)
    player_merged.send(sender=Player, keep=keep, other=other, merge=merge)
    # Whoever was merged into `other` before now leads on to `keep`.
    MergedPlayer.objects.filter(into=other).update(into=keep)
    left = _left_behind(other)
    if left:
        raise MergeRefused(
            f"Nothing was merged: {other.name} still has {', '.join(left)} that the merge does "
            "not know how to move. Tell whoever looks after the app."
        )
    merge.details = _details_in_words(keep, other)
    if preview:
        return merge  # rolled back by the caller: nothing saved, nothing deleted
    _merge_details(keep, other, merge)
    keep._change_reason = f"{other.name} (player {other.pk}) merged in: " + (
        "; ".join(merge.lines + merge.details) or "nothing to move"
    )
    keep.save()
    other._change_reason = f"Merged into {keep.name} (player {keep.pk})."
    other_pk = other.pk
    other.delete()
    # Their old addresses lead on to the kept player (players.views.player_page).
    MergedPlayer.objects.create(club_id=keep.club_id, old_id=other_pk, into=keep)
    return merge


def player_merge(*, keep: Player, other: Player) -> Merge:
    """Make `other` and `keep` one player, `keep`: every night's entries and seats, the tables
    captained or confirmed, partnerships and bracket teams (through the entries), ratings and
    season lines follow `keep`, and `other` is deleted (the history keeps their last row and
    where they went). All or nothing: raises MergeRefused, with nothing changed, if both
    played in one night (one person cannot sit in two seats) or a row cannot be moved."""
    with transaction.atomic():
        return _merge(keep=keep, other=other, preview=False)


def player_merge_preview(*, keep: Player, other: Player) -> Merge:
    """What player_merge would move, worked out by doing it and rolling it back, so the
    preview cannot disagree with the merge; raises MergeRefused as the merge would."""
    with transaction.atomic():
        merge = _merge(keep=keep, other=other, preview=True)
        transaction.set_rollback(True)
    return merge


def club_create(*, form, user) -> Club:
    """Save a new club from a valid ClubCreateForm; whoever creates it directs it. Raises
    ValidationError (on the web address) when another post took the address between the
    form's check and this save (two posts at the same moment, or a double click)."""
    try:
        with transaction.atomic():
            club = form.save()
            ClubDirector.objects.create(club=club, user=user, role=ClubDirector.Role.DIRECTOR)
    except IntegrityError:
        slug = form.instance.slug
        if not Club.objects.filter(slug=slug).exists():
            raise
        form.instance.pk = None  # the insert was rolled back: the form may be sent again
        raise ValidationError(
            {"slug": f"Another club already uses “{slug}”: pick another web address."}
        ) from None
    return club
