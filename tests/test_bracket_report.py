"""`manage.py bracket_report`: a bracket's plan in words, or as JSON. No database."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

ROOT = Path(__file__).resolve().parent.parent


def report(*args):
    out = io.StringIO()
    call_command("bracket_report", *args, stdout=out)
    return out.getvalue()


def test_json_for_twelve_teams_double():
    printed = report("--teams", "12", "--format", "double", "--json")
    found = json.loads(printed)  # exactly one JSON object: anything else would not parse
    assert (found["teams"], found["format"]) == (12, "double")
    ids = [m["id"] for m in found["matches"]]
    assert len(ids) == len(set(ids))
    named = [
        slot.get("winner_of") or slot.get("loser_of")
        for m in found["matches"]
        for slot in m["slots"]
        if "winner_of" in slot or "loser_of" in slot
    ]
    assert named and set(named) <= set(ids)
    played = [m for m in found["matches"] if {"bye": True} not in m["slots"]]
    assert len(played) == 23 and ids[-2:] == ["F1", "F2"]
    assert sum({"bye": True} in m["slots"] for m in found["matches"]) == 4


def test_words():
    lines = report("--teams", "12", "--format", "double").splitlines()
    assert lines[0] == (
        "12 teams, double elimination: 22 or 23 matches to play, 4 byes (seeds 1\N{EN DASH}4)."
    )
    assert lines[1] == "W1-1 (winners' round 1): seed 1 against a bye"
    # The byes' losers are collapsed away: the first losers' round meets the second drop.
    assert "L1-1 (losers' round 1): loser of W1-2 against loser of W2-4" in lines
    assert lines[-1].startswith("F2 (final, if necessary): winner of F1 against loser of F1")
    assert len(lines) == 1 + (8 + 4 + 2 + 1) + (4 + 2 + 2 + 1 + 1) + 2


@pytest.mark.parametrize(
    ("args", "first"),
    [
        (["--teams", "8"], "8 teams, single elimination: 7 matches to play, no byes."),
        (
            ["--teams", "7", "--third-place"],
            "7 teams, single elimination with a third-place match: 7 matches to play, "
            "1 bye (seed 1).",
        ),
        (
            ["--teams", "12", "--format", "double", "--no-reset"],
            "12 teams, double elimination, one final (no reset): 22 matches to play, "
            "4 byes (seeds 1\N{EN DASH}4).",
        ),
        (
            ["--teams", "12", "--consolation"],
            "12 teams, single elimination with a consolation bracket: 14 matches to play, "
            "4 byes (seeds 1\N{EN DASH}4).",
        ),
    ],
)
def test_headings(args, first):
    assert report(*args).splitlines()[0] == first


def test_too_few_teams():
    with pytest.raises(CommandError, match="at least 3 teams: 2 teams play one match"):
        report("--teams", "2")


def test_a_plan_error_is_a_message_not_a_traceback():
    done = subprocess.run(
        [sys.executable, "manage.py", "bracket_report", "--teams", "8", "--format", "double",
         "--third-place"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.strip() == (
        "CommandError: In double elimination the losers' bracket final decides third place: "
        "no separate match."
    )
