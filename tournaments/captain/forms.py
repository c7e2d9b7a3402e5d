"""The captain's forms: the director's hand form worded for the table, and the code form."""

from dataclasses import dataclass

from django import forms
from django.utils.html import conditional_escape

from clubs.models import Player
from tournaments.forms import THROWN_IN, HandEntryForm
from tournaments.models import TABLE_CODE_LENGTH, Table

IRREGULAR_FIELDS = ("irregularity", "offending_side", "revoke_penalty")


@dataclass(frozen=True, slots=True)
class Drawn:
    """One field as the table page draws it (templates/tournaments/captain/_inputs.jinja).
    Frozen: it is the whole input of the field's markup, so the markup is kept by it
    (tournaments/captain/views.py, `_field_html`)."""

    name: str  # as posted
    id: str
    label: str
    text: str  # the value as the page shows it, "" for none
    checked: bool  # a tick box's state
    invalid: bool  # the field has a problem: marked for screen readers
    focus: bool  # the first problem: the page opens on it
    options: tuple  # a choice's (value, label, chosen)


class CaptainHandForm(HandEntryForm):
    """The director's hand form, worded for the table: the players by name, and the thrown-in
    deal as a button of its own among the irregularities, out of the way."""

    # Set by the thrown-in button (and carried through the check step as a hidden value).
    thrown_in = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, table: Table, seats: dict[str, Player], **kwargs):
        rules = table.rules()
        super().__init__(*args, rules=rules, seats=seats, **kwargs)
        # Thrown in is a button of its own here, not one of the makers.
        self.fields["maker"].choices = [
            choice for choice in self.fields["maker"].choices if choice[0] != THROWN_IN
        ]
        self.fields["maker"].required = False
        self.fields["alone"].label = "Went alone"
        self.thrown_in_allowed = rules.thrown_in_allowed

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("thrown_in"):
            # The button says the whole story: no one called, nothing was played. Whatever
            # else the form holds (a radio cannot be unticked without a script) is not part of
            # this entry.
            for name in ("alone", "lone_defender", "tricks", *IRREGULAR_FIELDS):
                self.errors.pop(name, None)
        elif not cleaned.get("maker") and "maker" not in self.errors:
            self.add_error("maker", "Say who called trump.")
        return cleaned

    def hand_data(self) -> dict:
        if self.cleaned_data.get("thrown_in"):
            return {"maker": ""}
        return super().hand_data()

    def problems(self) -> list[dict]:
        """Every message on the form, in the order of the page, for the summary at its top:
        the whole-form ones first, then each field's, linking to the field."""
        found = [{"anchor": "hand-form", "message": m} for m in self.non_field_errors()]
        for field in self:
            found += [{"anchor": f"field-{field.name}", "message": m} for m in field.errors]
        return found

    def focus_first_problem(self) -> None:
        """Open the page on the first field with a problem (the browser scrolls to it), so a
        captain on a phone lands where the fix is, with no script."""
        for field in self:
            if field.errors and not field.is_hidden:
                field.field.widget.attrs["autofocus"] = True
                return

    def drawn(self) -> dict[str, Drawn]:
        """Every field as the page draws it: values and states worked out here, once, so the
        page's template only writes them out (Django's widget templates took half the time
        of the captain's page; tests/test_captain_reads.py compares the two, field by field)."""
        found, errors = {}, self.errors
        for name, field in self.fields.items():
            bound = self[name]
            value = bound.value()
            text = "" if value is None else str(value)
            # Labels as markup, so that equal Drawn fields always make equal markup.
            options = tuple(
                (str(v), conditional_escape(label), str(v) == text)
                for v, label in getattr(field, "choices", ())
            )
            check = getattr(field.widget, "check_test", None)
            found[name] = Drawn(
                name=bound.html_name,
                id=bound.auto_id,
                label=conditional_escape(bound.label),
                text=text,
                checked=bool(check and check(value)),
                invalid=name in errors,
                focus=bool(field.widget.attrs.get("autofocus")),
                options=options,
            )
        return found

    def irregular_fields(self) -> list:
        return [self[name] for name in IRREGULAR_FIELDS if name in self.fields]

    def irregularity_open(self) -> bool:
        """Show the irregularities unfolded when one is entered or has a message."""
        if not self.is_bound:
            return False
        return any(f.errors or f.value() not in (None, "") for f in self.irregular_fields())


class CaptainFixForm(CaptainHandForm):
    seen = forms.CharField(widget=forms.HiddenInput, max_length=32)


class TableCodeForm(forms.Form):
    code = forms.CharField(
        label="Table code",
        max_length=20,
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )

    def clean_code(self) -> str:
        # People type "abc 23x" or "ABC-23X" for ABC23X.
        code = "".join(c for c in self.cleaned_data["code"].upper() if c.isalnum())
        if len(code) != TABLE_CODE_LENGTH:
            raise forms.ValidationError(
                f"A table code has {TABLE_CODE_LENGTH} letters and digits: check the table card."
            )
        return code


class LastHandForm(forms.Form):
    number = forms.IntegerField(min_value=1)
    seen = forms.CharField(max_length=32)
