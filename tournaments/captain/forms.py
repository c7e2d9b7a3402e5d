"""The captain's forms: the director's hand form worded for the table, and the code form."""

from django import forms
from django.forms.renderers import Jinja2
from markupsafe import escape

from clubs.models import Player
from tournaments.forms import THROWN_IN, HandEntryForm
from tournaments.models import TABLE_CODE_LENGTH, Table

IRREGULAR_FIELDS = ("irregularity", "offending_side", "revoke_penalty")


class Widgets(Jinja2):
    """Draws the table page's inputs, radio buttons and selects in Python, with exactly the
    markup of Django's own widget templates (tests/test_captain_widgets.py compares them);
    any other widget goes to those templates. The page draws some 25 widgets after every
    hand, and a template render costs about 28 µs each however small the template is: most
    of the page's time. The page renders its fields one by one, never `{{ form }}`, so
    config/forms.py's form templates are not needed here."""

    def render(self, template_name, context, request=None):
        if template_name == "django/forms/label.html":
            return _label(context)
        draw = _DRAWN.get(template_name.rpartition("/")[2])
        if draw is None or not template_name.startswith("django/forms/widgets/"):
            return super().render(template_name, context, request)
        return draw(context["widget"])


def _attrs(widget: dict) -> str:
    return _attributes(widget["attrs"])


def _attributes(attrs: dict) -> str:
    # As attrs.html: True gives a bare name, False nothing, anything else name="value".
    return "".join(
        f" {name}" if value is True else f' {name}="{escape(value)}"'
        for name, value in attrs.items()
        if value is not False
    )


def _label(context: dict) -> str:
    if not context["use_tag"]:
        return escape(context["label"])
    tag = context["tag"]
    return f"<{tag}{_attributes(context['attrs'] or {})}>{escape(context['label'])}</{tag}>"


def _input(widget: dict) -> str:
    value = "" if widget["value"] is None else f' value="{escape(widget["value"])}"'
    return f'<input type="{widget["type"]}" name="{escape(widget["name"])}"{value}{_attrs(widget)}>'


def _input_option(widget: dict) -> str:
    if not widget.get("wrap_label"):
        return _input(widget)
    label_for = f' for="{escape(widget["attrs"]["id"])}"' if widget["attrs"].get("id") else ""
    return f"<label{label_for}>{_input(widget)} {escape(widget['label'])}</label>"


def _select(widget: dict) -> str:
    parts = [f'<select name="{escape(widget["name"])}"{_attrs(widget)}>']
    for group_name, options, _ in widget["optgroups"]:
        if group_name:
            parts.append(f'\n  <optgroup label="{escape(group_name)}">')
        for option in options:
            parts.append(
                f'\n  <option value="{escape(option["value"])}"{_attrs(option)}>'
                f"{escape(option['label'])}</option>"
            )
        if group_name:
            parts.append("\n  </optgroup>")
    parts.append("\n</select>")
    return "".join(parts)


_DRAWN = {
    **dict.fromkeys(("input.html", "hidden.html", "checkbox.html", "number.html"), _input),
    **dict.fromkeys(("radio_option.html", "checkbox_option.html"), _input_option),
    "select.html": _select,
}


WIDGETS = Widgets()


class CaptainHandForm(HandEntryForm):
    """The director's hand form, worded for the table: the players by name, and the thrown-in
    deal as a button of its own among the irregularities, out of the way."""

    default_renderer = WIDGETS
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
