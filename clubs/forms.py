from django import forms
from django.core.exceptions import ValidationError
from django.utils.text import slugify

from config.forms import Sections, formfield_in_range

from .models import GAME_POINTS_CHOICES, HOUSE_RULES, OVERRIDABLE, Club, Player

# Paths under /clubs/ that are pages, not clubs.
RESERVED_SLUGS = {"new"}

# A roster file is a few hundred lines at most; anything far bigger is the wrong file.
MAX_ROSTER_BYTES = 1_000_000


def use_rule_set_game(form: forms.BaseForm) -> None:
    """Name the empty "game to" choice for what it means instead of Django's dashes."""
    field = form.fields["game_points"]
    field.choices = [("", "The rule set's own"), *GAME_POINTS_CHOICES]
    field.help_text = ""  # the empty choice says it
    *most, last = [str(points) for points, _ in GAME_POINTS_CHOICES]
    field.error_messages["invalid_choice"] = (
        f"Pick {', '.join(most)} or {last} points, or the rule set's own."
    )


# The rule preset and the house's own values, as a club and an event both show them.
RULE_SECTION = ("Rules", ("rules_preset", *OVERRIDABLE))
HOUSE_SECTION = ("House rules", HOUSE_RULES)


THROWN_IN_COUNTS = [
    (True, "Yes: a round of 8 hands is 8 deals, thrown in or not"),
    (False, "No: a round's hands are all played, however many deals are thrown in"),
]


class HouseRulesFields:
    """The house rules on a club's or an event's form. Each is optional: a form posted without
    one (an older page, a script) keeps the value the club or event has. Whether a thrown-in
    deal counts is a yes/no choice, not a tick box: an unticked box is not posted at all, and
    would read as "no"."""

    # The optional fields that keep their value when a post leaves them out.
    kept: tuple[str, ...] = HOUSE_RULES

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "thrown_in_counts" in self.fields:
            field = forms.TypedChoiceField(
                label=self.fields["thrown_in_counts"].label,
                choices=THROWN_IN_COUNTS,
                coerce=lambda value: value in (True, "True"),
                widget=forms.RadioSelect,
                # A new club has no instance to read: the model's default is the field's initial.
                initial=self.fields["thrown_in_counts"].initial,
                help_text="Some clubs count a thrown-in deal as one of a round's hands; others "
                "play until that many hands have actually been played.",
            )
            field.disabled = self.fields["thrown_in_counts"].disabled
            self.fields["thrown_in_counts"] = field
        for name in self.kept:
            if name in self.fields:
                self.fields[name].required = False

    def clean(self):
        cleaned = super().clean()
        for name in self.kept:
            if name in self.fields and cleaned.get(name) in (None, "") and name not in self.errors:
                cleaned[name] = getattr(self.instance, name)
        return cleaned


class ClubSettingsForm(HouseRulesFields, Sections, forms.ModelForm):
    """The club's name, its default rule preset with the house's own values, and its paper."""

    # How dates are written is kept too when a post (an older page, a script) leaves it out.
    kept = (*HOUSE_RULES, "date_style")

    sections = (
        ("The club", ("name", "slug")),
        RULE_SECTION,
        HOUSE_SECTION,
        ("Printing and results", ("paper_size", "date_style", "results_public", "ratings_shown")),
    )

    class Meta:
        model = Club
        fields = [
            "name",
            "rules_preset",
            *OVERRIDABLE,
            *HOUSE_RULES,
            "paper_size",
            "date_style",
            "results_public",
            "ratings_shown",
        ]
        formfield_callback = formfield_in_range

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        use_rule_set_game(self)


class ClubCreateForm(ClubSettingsForm):
    """A new club: its settings plus the short name used in its web address."""

    class Meta(ClubSettingsForm.Meta):
        fields = [
            "name",
            "slug",
            "rules_preset",
            *OVERRIDABLE,
            *HOUSE_RULES,
            "paper_size",
            "date_style",
            "results_public",
        ]
        labels = {"slug": "Web address"}
        help_texts = {
            "slug": "The club's pages are at /c/<web address>/. Letters, numbers and hyphens, "
            "e.g. maple-hall. Leave empty to make one from the name."
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["slug"].required = False

    def clean(self):
        cleaned = super().clean()
        name = cleaned.get("name") or ""
        slug = cleaned.get("slug") or slugify(name)[:60]
        if not slug:
            self.add_error("name", "Give the club a name with at least one letter or number.")
            return cleaned
        if slug in RESERVED_SLUGS:
            self.add_error("slug", f"“{slug}” is a word the app uses itself: pick another.")
        elif Club.objects.filter(slug=slug).exists():
            self.add_error("slug", f"Another club already uses “{slug}”: pick another web address.")
        cleaned["slug"] = slug
        self.instance.slug = slug
        return cleaned

    def validate_unique(self):
        # The web address is checked in clean() in words, and by the database when saved
        # (services.club_create, in the same words); Django's own check in between would say
        # "Club with this Slug already exists" when another post took it a moment before.
        try:
            self.instance.validate_unique(exclude=self._get_validation_exclusions() | {"slug"})
        except ValidationError as exc:
            self._update_errors(exc)


class PlayerForm(forms.ModelForm):
    """One new player; `services.player_add` checks the roster for the same name."""

    class Meta:
        model = Player
        fields = ["name", "email", "phone"]


class RosterImportForm(forms.Form):
    """Many players at once: names pasted one per line, or a CSV file (name, email, phone)."""

    text = forms.CharField(
        label="Paste names, one per line",
        required=False,
        widget=forms.Textarea(attrs={"rows": 6, "placeholder": "Mary Smith\nJohn Brown"}),
    )
    file = forms.FileField(
        label="or upload a CSV file",
        required=False,
        help_text="Columns: name, then optional email and phone. A header row is fine.",
    )

    def clean_file(self):
        upload = self.cleaned_data.get("file")
        if upload is None:
            return None
        if upload.size > MAX_ROSTER_BYTES:
            raise forms.ValidationError(
                "That file is over 1 MB: a roster CSV is much smaller. Check you picked the "
                "right file."
            )
        try:
            # utf-8-sig: spreadsheets often save "CSV UTF-8" with a byte-order mark.
            text = upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            raise forms.ValidationError(
                "This file is not UTF-8 text. In your spreadsheet, save it as "
                '"CSV UTF-8" and upload it again.'
            ) from None
        if "\x00" in text:
            # A NUL is no name's character; PostgreSQL refuses to store one, SQLite would keep it.
            raise forms.ValidationError(
                "This file has a NUL character in it, so it is not a plain CSV file (perhaps a "
                'spreadsheet file or UTF-16). In your spreadsheet, save it as "CSV UTF-8" and '
                "upload it again."
            )
        return text

    def clean(self):
        cleaned = super().clean()
        text = (cleaned.get("text") or "").strip()
        csv_text = cleaned.get("file")
        if self.errors:
            return cleaned
        if text and csv_text is not None:
            raise forms.ValidationError(
                "Paste names or upload a file, not both: clear one of them."
            )
        if not text and not (csv_text or "").strip():
            raise forms.ValidationError(
                "Nothing to import: paste names (one per line) or choose a CSV file."
            )
        return cleaned

    @property
    def is_csv(self) -> bool:
        return self.cleaned_data.get("file") is not None

    @property
    def roster_text(self) -> str:
        return self.cleaned_data["file"] if self.is_csv else self.cleaned_data["text"]


class PlayerRenameForm(forms.Form):
    """A player's new name; `services.player_rename` checks the roster for the same name."""

    name = forms.CharField(
        label="New name",
        max_length=Player._meta.get_field("name").max_length,
        error_messages={
            "required": "Type the player's new name.",
            "null_characters_not_allowed": "Type only the letters of a name.",
        },
    )


class PlayerFindForm(forms.Form):
    """The other player of a merge, found by a few letters of their name."""

    find = forms.CharField(
        label="Find the other player by name",
        required=False,
        max_length=60,
        widget=forms.TextInput(attrs={"type": "search", "autocomplete": "off"}),
        error_messages={
            "max_length": "Type at most 60 letters of a name.",
            "null_characters_not_allowed": "Type only the letters of a name.",
        },
    )
