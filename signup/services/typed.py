"""What a player or the director typed, checked: each problem in words, by field."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.core.validators import validate_email

from clubs.services import normalise_name
from clubs.text import name_key
from signup.models import SignUp
from tournaments.models import Event

from .figures import pairs_event

NAME_MAX = SignUp._meta.get_field("name").max_length
PHONE_MAX = SignUp._meta.get_field("phone").max_length
EMAIL_MAX = 254
# The shortest number anyone rings back: a local number without its area code.
PHONE_DIGITS_MIN = 7


# --- Checking what was typed ----------------------------------------------------------------


@dataclass(frozen=True)
class Details:
    """A sign-up's details, cleaned and checked."""

    name: str
    email: str = ""
    phone: str = ""
    partner_name: str = ""
    find_partner: bool = False

    @property
    def places(self) -> int:
        return 2 if self.partner_name else 1


def details(
    *,
    event: Event,
    name: str,
    email: str = "",
    phone: str = "",
    partner_name: str = "",
    find_partner: bool = False,
    contact_needed: bool = True,
) -> Details:
    """The details cleaned (names as the roster cleans them); ValidationError keyed by field,
    each message saying what to do."""
    name = normalise_name(name or "")
    partner_name = normalise_name(partner_name or "")
    email = (email or "").strip()
    phone = " ".join((phone or "").split())
    problems = {}
    if not name:
        problems["name"] = "Type your name, as the club knows you."
    elif len(name) > NAME_MAX:
        problems["name"] = f"The name is {len(name)} characters long; the most is {NAME_MAX}."
    if email:
        try:
            if len(email) > EMAIL_MAX:
                raise ValidationError("too long")
            validate_email(email)
        except ValidationError:
            problems["email"] = "That is not an email address: type it whole, e.g. ann@example.com."
    if len(phone) > PHONE_MAX:
        problems["phone"] = f"The phone number is longer than {PHONE_MAX} characters."
    elif phone and sum(c.isdigit() for c in phone) < PHONE_DIGITS_MIN:
        # Too few digits for anyone to ring back ("12"): the director could not reach them.
        problems["phone"] = (
            f"A phone number has at least {PHONE_DIGITS_MIN} digits: type it whole, as you "
            "would dial it, e.g. 555 0100."
        )
    if contact_needed and not email and not phone and "email" not in problems:
        problems["email"] = (
            "Give an email address or a phone number (or both), so the director can reach you. "
            "Neither is ever shown on the club's pages."
        )
    if pairs_event(event):
        if partner_name and find_partner:
            problems["partner_name"] = (
                "Either name your partner or tick “Find me a partner”, not both."
            )
        elif not partner_name and not find_partner and contact_needed:
            problems["partner_name"] = (
                "Type your partner's name, or tick “Find me a partner” if you have none yet."
            )
        elif len(partner_name) > NAME_MAX:
            problems["partner_name"] = f"The partner's name is longer than {NAME_MAX} characters."
        elif partner_name and name and name_key(partner_name) == name_key(name):
            problems["partner_name"] = "Your partner is someone else: type their name."
    else:
        # A progressive night changes partners every round: nobody brings one.
        partner_name, find_partner = "", False
    if problems:
        raise ValidationError(problems)
    return Details(name, email, phone, partner_name, bool(find_partner))
