"""The sign-up's forms: what the players type on the public form and the private link, and
the director's list and settings. The rules themselves are signup/services.py's; these only
read the fields (lengths, kinds) and hand them on."""

import datetime

from django import forms
from django.utils import timezone

from clubs.dates import day

from .models import CAP_RANGE, Sheet
from .services import EMAIL_MAX, NAME_MAX, PHONE_MAX

CAP_MIN, CAP_MAX = 2, 1000
assert [v.limit_value for v in CAP_RANGE] == [CAP_MIN, CAP_MAX]


class SignUpForm(forms.Form):
    """The public form; the partner fields only for pairs and bracket events."""

    name = forms.CharField(
        label="Your name",
        max_length=NAME_MAX,
        error_messages={"required": "Type your name, as the club knows you."},
        widget=forms.TextInput(attrs={"autocomplete": "name"}),
    )
    email = forms.CharField(
        label="Email address",
        required=False,
        max_length=EMAIL_MAX,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    phone = forms.CharField(
        label="Phone number",
        required=False,
        max_length=PHONE_MAX,
        widget=forms.TextInput(attrs={"autocomplete": "tel", "type": "tel"}),
    )
    partner_name = forms.CharField(label="Your partner's name", required=False, max_length=NAME_MAX)
    find_partner = forms.BooleanField(label="Find me a partner", required=False)

    def __init__(self, *args, pairs: bool, **kwargs):
        super().__init__(*args, **kwargs)
        if not pairs:
            del self.fields["partner_name"], self.fields["find_partner"]
        for field in self.fields.values():
            field.error_messages["max_length"] = "Too long: at most %(limit_value)d characters."


class ChangeForm(SignUpForm):
    """The private link's form: everything but the name (a new name is a new sign-up)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        del self.fields["name"]


class DirectorAddForm(SignUpForm):
    """The director's add: contact optional; a place even past the cap when ticked."""

    past_cap = forms.BooleanField(label="Give a place even past the cap", required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].label = "Name"
        self.fields["name"].error_messages["required"] = "Type the player's name."
        if "partner_name" in self.fields:
            self.fields["partner_name"].label = "Partner's name"
        self.fields["email"].label = "Email address (optional)"
        self.fields["phone"].label = "Phone number (optional)"


class HoldForm(forms.Form):
    name = forms.CharField(
        label="Hold a place for",
        max_length=NAME_MAX,
        error_messages={
            "required": "Type the regular's name: the place is held for them by name.",
            "max_length": "Too long: at most %(limit_value)d characters.",
        },
    )
    past_cap = forms.BooleanField(label="Even past the cap", required=False)


class DateAndTimeInput(forms.MultiWidget):
    """A date field and a time field side by side, wrapping onto two lines on a narrow screen:
    one datetime-local box at 360px with 200% text showed the date alone, the time cut off.
    Read back as one "2026-11-28T18:00" for the DateTimeField; a single value posted under
    the field's own name (a script, an older page) is read as before."""

    template_name = "signup/widgets/date_and_time.html"
    use_fieldset = False  # the field's label names the date box; the time box says "time"

    def __init__(self, attrs=None):
        super().__init__(
            [
                forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
                forms.TimeInput(
                    attrs={"type": "time", "aria-label": "Sign-up closes: time"}, format="%H:%M"
                ),
            ],
            attrs,
        )

    def id_for_label(self, id_):
        # The field's label names the date box (MultiWidget names none).
        return f"{id_}_0" if id_ else ""

    def decompress(self, value):
        if not value:
            return [None, None]
        if isinstance(value, str):  # sent back as typed, with a mistake
            date, _, time = value.replace(" ", "T", 1).partition("T")
            return [date, time]
        value = timezone.localtime(value) if timezone.is_aware(value) else value
        return [value.date(), value.time().replace(second=0, microsecond=0)]

    def value_from_datadict(self, data, files, name):
        if name in data:
            return data[name]
        date, time = super().value_from_datadict(data, files, name)
        date, time = (date or "").strip(), (time or "").strip()
        if not date and not time:
            return ""
        return f"{date}T{time}"

    def value_omitted_from_data(self, data, files, name):
        return name not in data and super().value_omitted_from_data(data, files, name)


class SheetForm(forms.ModelForm):
    """The sign-up's settings. The cap's limits are the model's; the closing time is read in
    the app's time zone (the club's), and a time already past is refused."""

    cap = forms.IntegerField(
        label="Places",
        required=False,
        min_value=CAP_MIN,
        max_value=CAP_MAX,
        help_text="How many players the night takes (a team is 2); past it, sign-ups wait. "
        "Empty: no limit.",
        error_messages={
            "invalid": "Type the number of places as a whole number, e.g. 24, or leave it empty.",
            "min_value": f"At least {CAP_MIN} places, or leave it empty for no limit.",
            "max_value": f"At most {CAP_MAX} places, or leave it empty for no limit.",
        },
    )
    closes_at = forms.DateTimeField(
        label="Sign-up closes",
        required=False,
        widget=DateAndTimeInput(),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S"],
        help_text="Empty: open until the night starts.",
        # The fields are a date picker and a time picker, shown as the phone or computer
        # shows dates: say what to pick, not a format to type.
        error_messages={
            "invalid": "Pick both the date and the time (the time box comes after the date), "
            "or leave both empty."
        },
    )
    starts_at = forms.TimeField(
        label="Cards at",
        required=False,
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        help_text="When play starts: shown on the calendar.",
        error_messages={"invalid": "Type a time of day, e.g. 19:00."},
    )

    class Meta:
        model = Sheet
        fields = ["open", "cap", "closes_at", "starts_at", "money_ahead"]

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event

    def clean_open(self):
        # A night that is over takes no sign-ups: opening it would tell players they can
        # come to a night gone by.
        if self.cleaned_data.get("open") and self.event.date < timezone.localdate():
            raise forms.ValidationError(
                f"{self.event.name} was on {day(self.event.date, self.event)}: its sign-up "
                "cannot open again. Open the coming night's sign-up from its event page."
            )
        return self.cleaned_data.get("open")

    def clean_closes_at(self):
        closes_at = self.cleaned_data.get("closes_at")
        if closes_at is None:
            return None
        if closes_at.year < 2000 or closes_at.year > 2999:
            raise forms.ValidationError("Type a date near the night's, e.g. the day before it.")
        # A time kept from before (shown to the minute) may have passed since: saving the
        # other settings keeps it; only a newly typed time must be ahead.
        before = self.initial.get("closes_at")
        kept = before is not None and before.replace(second=0, microsecond=0) == closes_at
        if not kept and closes_at <= timezone.now():
            raise forms.ValidationError(
                "That time has passed: choose a later one. To stop sign-ups now, untick "
                "“Take sign-ups on the club's page”."
            )
        end_of_night = timezone.make_aware(
            datetime.datetime.combine(self.event.date + datetime.timedelta(days=1), datetime.time())
        )
        if closes_at > end_of_night:
            raise forms.ValidationError(
                "That is after the night: sign-up closes when the night starts anyway. Choose a "
                "time before it, or leave it empty."
            )
        return closes_at
