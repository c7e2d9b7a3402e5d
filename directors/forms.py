from django import forms
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError

from clubs.models import Club, ClubDirector

from . import services

User = get_user_model()
NAME_MAX = Club._meta.get_field("name").max_length
# settings.AUTH_PASSWORD_VALIDATORS, in words; the validators themselves say what is wrong.
PASSWORD_HELP = (
    "At least 8 characters, not only numbers, not a common password, and not like your address."
)


# The address becomes the account's username, the shorter of the two columns: PostgreSQL
# refuses a longer one (SQLite would store it).
EMAIL_MAX = min(User._meta.get_field(f).max_length for f in ("email", "username"))


def _email_field(label: str) -> forms.EmailField:
    return forms.EmailField(
        label=label,
        max_length=EMAIL_MAX,
        error_messages={
            "required": "Type your email address: the link to confirm it goes there.",
            "invalid": "This is not an email address: check it, e.g. ann@example.org.",
            "max_length": f"An address here has at most {EMAIL_MAX} characters; this one has "
            "%(show_value)d.",
        },
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )


def _check_password(form: forms.Form, field: str, email: str) -> None:
    """Django's own password rules (settings.AUTH_PASSWORD_VALIDATORS), told under the field;
    the address is the account's, so a password like it is refused too."""
    password = form.cleaned_data.get(field)
    if not password:
        return
    try:
        password_validation.validate_password(password, User(username=email, email=email))
    except ValidationError as exc:
        form.add_error(field, exc)


class JoinForm(forms.Form):
    email = _email_field("Your email address")
    password = forms.CharField(
        label="A password",
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text=PASSWORD_HELP,
        error_messages={"required": "Choose a password: you log in with it and your address."},
    )
    club_name = forms.CharField(
        label="Your club's name",
        max_length=NAME_MAX,
        help_text="As players know it, e.g. Maple Hall Euchre Club. You can change it later.",
        error_messages={
            "required": "Type your club's name.",
            "max_length": f"A club's name has at most {NAME_MAX} characters; this one has "
            "%(show_value)d.",
        },
    )

    def clean_club_name(self):
        name = " ".join(self.cleaned_data["club_name"].split())
        # Any alphabet: a name with no Latin letter gets the web address "club" (services).
        if not any(c.isalnum() for c in name):
            raise ValidationError("Give the club a name with at least one letter or number.")
        # Asked again at the confirming (directors.services.join_confirm): taken meanwhile.
        taken = services.club_named(name)
        if taken is not None:
            raise ValidationError(services.name_taken(taken))
        return name

    def clean(self):
        cleaned = super().clean()
        _check_password(self, "password", cleaned.get("email", ""))
        return cleaned


class AcceptForm(forms.Form):
    """A new account for the invited address: a password, typed twice (nobody sees it)."""

    password1 = forms.CharField(
        label="Choose a password",
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text=PASSWORD_HELP,
        error_messages={"required": "Choose a password: you log in with it and your address."},
    )
    password2 = forms.CharField(
        label="The same password again",
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        error_messages={"required": "Type the password a second time, to be sure of it."},
    )

    def __init__(self, *args, email: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.email = email

    def clean(self):
        cleaned = super().clean()
        one, two = cleaned.get("password1"), cleaned.get("password2")
        if one and two and one != two:
            self.add_error("password2", "The two passwords differ: type the same one twice.")
        else:
            _check_password(self, "password1", self.email)
        return cleaned


ROLE_CHOICES = [
    (ClubDirector.Role.ASSISTANT, "Assistant director: runs nights, changes no settings"),
    (ClubDirector.Role.DIRECTOR, "Director: everything, settings and staff too"),
]


class InviteForm(forms.Form):
    email = _email_field("Their email address")
    role = forms.ChoiceField(
        label="As",
        choices=ROLE_CHOICES,
        initial=ClubDirector.Role.ASSISTANT,
        widget=forms.RadioSelect,
        error_messages={
            "required": "Choose what they will be: assistant director or director.",
            "invalid_choice": "Choose assistant director or director.",
        },
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["email"].error_messages.update(
            required="Type the address to send the invitation to."
        )


USERNAME_MAX = User._meta.get_field("username").max_length


class AddHereForm(AcceptForm):
    """Where no mail goes (the hall's laptop): someone added to the staff at this computer,
    with a username and a password they type themselves, twice."""

    username = forms.CharField(
        label="The name they log in with",
        max_length=USERNAME_MAX,
        help_text="One word, e.g. ann or ann.lee: letters, digits and . @ + - _ only.",
        validators=[
            UnicodeUsernameValidator(
                message="Use letters, digits and . @ + - _ only, with no spaces: e.g. ann.lee."
            )
        ],
        error_messages={
            "required": "Type the name they will log in with, e.g. ann.",
            "max_length": f"A username has at most {USERNAME_MAX} characters; this one has "
            "%(show_value)d.",
        },
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "none"}),
    )
    role = InviteForm.base_fields["role"]
    field_order = ["username", "role", "password1", "password2"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, email="", **kwargs)
        self.fields["password1"].label = "Their password"
        self.fields["password1"].error_messages["required"] = (
            "Hand them the keyboard to choose a password: they log in with it."
        )
        self.fields["password1"].help_text = "They type it themselves. " + PASSWORD_HELP.replace(
            "your address", "their name"
        )
        self.fields["password2"].label = "Their password again"

    def clean(self):
        self.email = self.cleaned_data.get("username", "")
        return super().clean()


class RoleForm(forms.Form):
    role = forms.ChoiceField(
        choices=ClubDirector.Role.choices,
        error_messages={"invalid_choice": "Choose assistant director or director."},
    )
