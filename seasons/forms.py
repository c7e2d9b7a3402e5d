"""The director's settings for the club's season: every field checked, and refused in words."""

from django import forms

from . import counting
from .models import SeasonRules


class SeasonRulesForm(forms.ModelForm):
    class Meta:
        model = SeasonRules
        fields = [
            "counting",
            "best_nights",
            "minimum_nights",
            "progressive_counts",
            "pairs_counts",
            "bracket_counts",
            "place_points",
            "playing_points",
            "start_month",
            "start_day",
        ]
        widgets = {
            "counting": forms.RadioSelect,
            "progressive_counts": forms.RadioSelect,
            "pairs_counts": forms.RadioSelect,
            "bracket_counts": forms.RadioSelect,
        }
        error_messages = {
            "best_nights": {
                "min_value": "Count at least 1 night.",
                "max_value": "A season has at most 366 nights.",
                "invalid": "The nights that count are a whole number, e.g. 10.",
            },
            "minimum_nights": {
                "min_value": "At least 1 night is needed to be ranked.",
                "max_value": "A season has at most 366 nights.",
                "invalid": "The nights needed are a whole number, e.g. 3.",
            },
            "playing_points": {
                "min_value": "Points for playing cannot be below 0.",
                "max_value": "At most 1000 points for playing.",
                "invalid": "Points for playing are a whole number, e.g. 1.",
            },
            "start_day": {
                "min_value": "The season starts on day 1 to 31 of its month.",
                "max_value": "The season starts on day 1 to 31 of its month.",
                "invalid": "The day is a number from 1 to 31.",
            },
        }

    def _at_least(self, name: str, low: int, message: str) -> int:
        value = self.cleaned_data.get(name)
        if value is not None and value < low:
            raise forms.ValidationError(message)
        return value

    def clean_best_nights(self):
        return self._at_least("best_nights", 1, "Count at least 1 night: 0 or less counts none.")

    def clean_minimum_nights(self):
        return self._at_least("minimum_nights", 1, "At least 1 night is needed to be ranked.")

    def clean_playing_points(self):
        return self._at_least("playing_points", 0, "Points for playing cannot be below 0.")

    def clean_start_day(self):
        return self._at_least("start_day", 1, "The season starts on day 1 to 31 of its month.")

    def clean_place_points(self):
        text = self.cleaned_data.get("place_points", "")
        try:
            points = counting.parse_place_points(text)
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from None
        # Saved as the page shows it: "10, 8, 6".
        return counting.place_points_words(points)

    def clean(self):
        data = super().clean()
        self._something_counts(data)
        self._no_mixed_average(data)
        month, day = data.get("start_month"), data.get("start_day")
        if month and day and not counting.valid_start(month, day):
            name = dict(SeasonRules.MONTHS)[month]
            self.add_error(
                "start_day",
                f"{name} has no day {day} every year: choose a day from 1 to "
                f"{28 if month == 2 else 30 if month in (4, 6, 9, 11) else 31}.",
            )
        return data

    def _something_counts(self, data: dict) -> None:
        """A race no night counts in would rank no one, all season, without saying why."""
        ways = [data.get(f"{night_format}_counts") for night_format in counting.FORMAT_WORDS]
        if all(way == counting.NOT_COUNTED for way in ways):
            self.add_error(
                None,
                "At least one kind of night must count in the season race: every one is set to "
                "“Not at all”. Count progressive nights by their points or by place, or pairs "
                "nights or brackets by place.",
            )

    def _no_mixed_average(self, data: dict) -> None:
        """The best nights and the average a night compare nights' points: a night counted by
        place (11 points for a win) beside a progressive night's own (some 70) would never be
        among the best, and would pull an average down, so the two are not mixed there."""
        how = data.get("counting")
        if how not in (counting.BEST, counting.AVERAGE):
            return
        if data.get("progressive_counts") != counting.BY_POINTS:
            return
        by_place = [
            (name, counting.FORMAT_WORDS[night_format])
            for name, night_format in (
                ("pairs_counts", counting.PAIRS),
                ("bracket_counts", counting.BRACKET),
            )
            if data.get(name) == counting.BY_PLACE
        ]
        way = "the best nights" if how == counting.BEST else "an average a night"
        for name, words in by_place:
            self.add_error(
                name,
                f"{words.capitalize()} count by place, and progressive nights by their points: "
                f"{way} cannot compare the two. Count {words} not at all, progressive nights "
                "by place too, or the season by total points or by place.",
            )


class SeasonDatesForm(forms.Form):
    """The director's own dates, for a look at any stretch of nights."""

    start = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    end = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))

    def clean(self):
        data = super().clean()
        if data.get("start") and data.get("end") and data["start"] > data["end"]:
            raise forms.ValidationError("The season must start before it ends.")
        return data
