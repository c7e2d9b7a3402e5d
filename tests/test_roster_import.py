"""Roster import: pasted names or a CSV file, duplicates reported and skipped, and any error
means nothing is created."""

import pytest
from django.core.exceptions import ValidationError

from clubs.models import Player
from clubs.services import player_add, roster_import


def roster(club) -> list[tuple[str, str, str]]:
    return list(club.players.order_by("name").values_list("name", "email", "phone"))


def test_pasted_names_are_trimmed_and_blank_lines_ignored(club):
    result = roster_import(club=club, text="  Mary   Smith \n\nJohn Brown\n   \n\tEd  Lee\t\n")

    assert [p.name for p in result.created] == ["Mary Smith", "John Brown", "Ed Lee"]
    assert result.duplicates == []
    assert result.errors == []
    assert roster(club) == [("Ed Lee", "", ""), ("John Brown", "", ""), ("Mary Smith", "", "")]
    assert all(p.pk is not None for p in result.created)


def test_pasted_names_skip_roster_and_input_duplicates_case_and_space_insensitive(club):
    Player.objects.create(club=club, name="Mary Smith")

    result = roster_import(club=club, text="mary  smith\nJohn Brown\nJOHN BROWN\nAnn Cole\n")

    assert [p.name for p in result.created] == ["John Brown", "Ann Cole"]
    assert [d.message for d in result.duplicates] == [
        "Line 1: Mary Smith is already on the roster (typed “mary smith”).",
        "Line 3: John Brown is already on line 2 (typed “JOHN BROWN”).",
    ]
    assert result.errors == []
    assert club.players.count() == 3


def test_duplicates_only_against_this_club(club, other_club):
    Player.objects.create(club=other_club, name="Mary Smith")

    result = roster_import(club=club, text="Mary Smith")

    assert [p.name for p in result.created] == ["Mary Smith"]
    assert result.duplicates == []


def test_csv_without_header_reads_name_email_phone(club):
    text = (
        'Mary Smith,mary@example.org,555-0101\nJohn Brown,,\n"Lee, Ed",ed@example.org\nAnn Cole\n'
    )

    result = roster_import(club=club, text=text, is_csv=True)

    assert result.errors == []
    assert roster(club) == [
        ("Ann Cole", "", ""),
        ("John Brown", "", ""),
        ("Lee, Ed", "ed@example.org", ""),
        ("Mary Smith", "mary@example.org", "555-0101"),
    ]


def test_csv_header_row_is_skipped_and_names_the_columns(club):
    # A spreadsheet export: byte-order mark, header in another order, Windows line ends.
    text = (
        "\ufeffName,Phone,E-mail\r\nMary Smith,555-0101, mary@example.org \r\n\r\nJohn Brown,,\r\n"
    )

    result = roster_import(club=club, text=text, is_csv=True)

    assert result.errors == []
    assert [p.name for p in result.created] == ["Mary Smith", "John Brown"]
    assert roster(club) == [
        ("John Brown", "", ""),
        ("Mary Smith", "mary@example.org", "555-0101"),
    ]


def test_csv_first_row_without_name_header_is_a_player(club):
    result = roster_import(club=club, text="Nancy Name,nancy@example.org\n", is_csv=True)

    assert roster(club) == [("Nancy Name", "nancy@example.org", "")]
    assert result.errors == []


def test_csv_duplicates_are_reported_not_created(club):
    Player.objects.create(club=club, name="Mary Smith", email="old@example.org")

    result = roster_import(
        club=club,
        text="name,email\nMARY SMITH,new@example.org\nJohn Brown,\n john  brown ,x@example.org\n",
        is_csv=True,
    )

    assert [(d.line, d.name, d.existing) for d in result.duplicates] == [
        (2, "MARY SMITH", "Mary Smith"),
        (4, "john brown", "John Brown"),
    ]
    assert [p.name for p in result.created] == ["John Brown"]
    # The roster's Mary keeps her address: a duplicate changes nothing.
    assert club.players.get(name="Mary Smith").email == "old@example.org"


def test_any_error_creates_nothing_and_names_each_line(club):
    text = (
        "name,email,phone\n"
        "Mary Smith,mary@example.org,\n"
        "John Brown,john.example.org,\n"
        ",ann@example.org,555\n"
        f"{'X' * 121},,\n"
    )

    result = roster_import(club=club, text=text, is_csv=True)

    assert result.created == []
    assert result.errors == [
        "Line 3: 'john.example.org' is not an email address. Fix the line and import again.",
        "Line 4: a name is required. Fix the line and import again.",
        "Line 5: the name is 121 characters long; the most is 120. Fix the line and import again.",
    ]
    assert club.players.count() == 0


def test_pasted_name_too_long_is_an_error_naming_the_line(club):
    result = roster_import(club=club, text=f"Mary Smith\n\n{'Y' * 130}\n")

    assert result.errors == [
        "Line 3: the name is 130 characters long; the most is 120. Fix the line and import again."
    ]
    assert club.players.count() == 0


def test_csv_errors_are_listed_in_line_order(club):
    text = "Ann Cole,ann@\nMary Smith,m@example.org,555,extra\n,,\nBob,b@\n"

    result = roster_import(club=club, text=text, is_csv=True)

    assert [e.split(":")[0] for e in result.errors] == ["Line 1", "Line 2", "Line 4"]
    assert result.errors[1] == (
        "Line 2: 4 columns, but a roster has at most 3 (name, email, phone). Fix the line and "
        "import again."
    )
    assert club.players.count() == 0


def test_nothing_to_import_is_an_error(club):
    result = roster_import(club=club, text="\n  \n")

    assert result.errors == ["Nothing to import: there is no name in the text."]
    assert result.created == []


def test_header_only_csv_is_nothing_to_import(club):
    result = roster_import(club=club, text="name,email,phone\n", is_csv=True)

    assert result.errors == ["Nothing to import: there is no name in the text."]


def test_player_add_normalises_and_refuses_a_duplicate(club):
    player = player_add(club=club, name="  Mary   Smith ", email="mary@example.org")

    assert (player.name, player.email) == ("Mary Smith", "mary@example.org")
    with pytest.raises(ValidationError) as exc:
        player_add(club=club, name="MARY SMITH")
    assert exc.value.message_dict == {
        "name": [
            "Mary Smith is already on the roster. Add a middle initial or a nickname if this "
            "is a different person."
        ]
    }
    assert club.players.count() == 1


def test_player_add_refuses_a_bad_email(club):
    with pytest.raises(ValidationError) as exc:
        player_add(club=club, name="Ann Cole", email="not-an-email")

    assert exc.value.message_dict == {"email": ["'not-an-email' is not an email address."]}
    assert club.players.count() == 0


def test_non_ascii_names_are_duplicates_whatever_their_case(club):
    # SQLite's LOWER() folds ASCII letters only; the import compares in Python.
    Player.objects.create(club=club, name="Émile Dubé")

    result = roster_import(club=club, text="ÉMILE DUBÉ\nZoë Ångström\n")

    assert [d.name for d in result.duplicates] == ["ÉMILE DUBÉ"]
    assert [p.name for p in result.created] == ["Zoë Ångström"]


def test_pasted_line_with_an_email_is_an_error_not_a_name(club):
    result = roster_import(club=club, text="John Brown\nMary Smith, mary@example.org\n")

    assert result.errors == [
        "Line 2: 'Mary Smith, mary@example.org' has an email address in it. Paste names only, "
        "one per line, or upload a CSV file with name, email and phone columns."
    ]
    assert club.players.count() == 0
