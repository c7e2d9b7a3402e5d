"""The director's bracket forms: each refuses bad input in words, before anything is saved."""

from django import forms

from clubs import dates

from .models import Bracket

MAX_TABLE = 200


class BracketSettingsForm(forms.ModelForm):
    class Meta:
        model = Bracket
        fields = ["kind", "best_of", "third_place", "consolation", "reset"]
        widgets = {"kind": forms.RadioSelect, "best_of": forms.RadioSelect}
        help_texts = {
            "third_place": "Single elimination: the two semi-final losers play for third.",
            "consolation": (
                "Single elimination: the first-round losers play on for a consolation prize."
            ),
        }

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("kind") == Bracket.Kind.DOUBLE:
            for name in ("third_place", "consolation"):
                if cleaned.get(name):
                    self.add_error(
                        name,
                        "Single elimination only: in double elimination the losers' bracket "
                        "decides third place, and every team plays at least twice. Untick it.",
                    )
        return cleaned


class DrawForm(forms.Form):
    draw_number = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=999_999,
        label="Draw number (optional)",
        help_text="Leave empty for a new draw; give a past draw's number to make it again.",
        error_messages={
            "invalid": "A draw number is a whole number, like 482113.",
            "min_value": "A draw number is from 1 to 999999.",
            "max_value": "A draw number is from 1 to 999999.",
        },
    )


class OrderForm(forms.Form):
    """A seed for every team, by its partnership id (fields `seed_<id>`)."""

    def __init__(self, *args, teams, **kwargs):
        super().__init__(*args, **kwargs)
        self.teams = list(teams)
        for number, team in enumerate(self.teams, start=1):
            self.fields[f"seed_{team.pk}"] = forms.IntegerField(
                label=str(team),
                min_value=1,
                max_value=len(self.teams),
                initial=number,
                error_messages={
                    "required": f"Give {team} a seed.",
                    "invalid": f"{team}'s seed is a whole number.",
                    "min_value": f"Seeds run from 1 to {len(self.teams)}.",
                    "max_value": f"Seeds run from 1 to {len(self.teams)}.",
                },
            )

    def clean(self):
        cleaned = super().clean()
        seeds = {pk: cleaned.get(f"seed_{pk}") for pk in (t.pk for t in self.teams)}
        if None in seeds.values():
            return cleaned
        given = sorted(seeds.values())
        if given != list(range(1, len(self.teams) + 1)):
            twice = sorted({s for s in given if given.count(s) > 1})
            raise forms.ValidationError(
                f"Each seed once: {', '.join(map(str, twice))} "
                f"{'is' if len(twice) == 1 else 'are'} given to more than one team."
            )
        cleaned["order"] = [pk for pk, _ in sorted(seeds.items(), key=lambda item: item[1])]
        return cleaned


class StandingsSeedForm(forms.Form):
    source = forms.ModelChoiceField(
        queryset=None,
        label="Seed from the standings of",
        empty_label="Choose a finished pairs event",
        error_messages={"invalid_choice": "Choose one of the club's pairs events listed."},
    )
    top = forms.IntegerField(
        label="How many teams go into the bracket",
        min_value=3,
        max_value=128,
        error_messages={
            "min_value": "A bracket needs at least 3 teams.",
            "max_value": "At most 128 teams in one bracket.",
        },
    )

    def __init__(self, *args, events, **kwargs):
        super().__init__(*args, **kwargs)
        # Each night by its name and its date as the club writes it (clubs/dates.py).
        self.fields["source"].queryset = events.select_related("club")
        self.fields["source"].label_from_instance = lambda e: f"{e.name} ({dates.day(e.date, e)})"


class CallForm(forms.Form):
    table = forms.IntegerField(
        min_value=1,
        max_value=MAX_TABLE,
        label="Table",
        error_messages={
            "required": "Give the table number the match plays at.",
            "invalid": "A table number is a whole number, like 3.",
            "min_value": f"Table numbers run from 1 to {MAX_TABLE}.",
            "max_value": f"Table numbers run from 1 to {MAX_TABLE}.",
        },
    )


class ReasonForm(forms.Form):
    reason = forms.CharField(
        max_length=500,
        label="Why?",
        error_messages={
            "required": "Say why: the reason is kept with the change.",
            "max_length": "Keep the reason under 500 characters.",
        },
    )


class ResetForm(ReasonForm):
    """Which called match to reset (its id), and why."""

    match = forms.ChoiceField(
        label="Match",
        error_messages={
            "required": "Choose the match to reset.",
            "invalid_choice": "Choose one of the matches listed: only a called match is reset.",
        },
    )
    field_order = ["match", "reason"]

    def __init__(self, *args, codes, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["match"].choices = [("", "Choose a match"), *((c, c) for c in codes)]


class WithdrawForm(ReasonForm):
    """Which team withdraws, and why."""

    team = forms.ModelChoiceField(
        queryset=None,
        label="Team",
        empty_label="Choose a team",
        error_messages={
            "required": "Choose the team that withdraws.",
            "invalid_choice": "Choose one of the teams listed: it may have withdrawn already.",
        },
    )
    field_order = ["team", "reason"]

    def __init__(self, *args, teams, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = teams
