"""Reaching a table by typing its card's code, within the limits on wrong codes."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from config.addresses import client_address
from tournaments import guesses
from tournaments.models import TableCard

from .forms import TableCodeForm


def _wait_words(seconds: int) -> str:
    minutes = -(-seconds // 60)  # rounded up: never "0 minutes"
    if minutes <= 90:
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    return f"about {round(minutes / 60)} hours"


def _too_many(guess: guesses.Guess) -> str:
    wait = _wait_words(guess.wait_seconds)
    if guess.refused is guesses.PHONE:
        return (
            f"Too many wrong codes from this phone: try again in {wait}. Scanning the QR code "
            "on the table card always works."
        )
    return (
        "Too many wrong codes from this network: typing codes is paused for every phone on it "
        f"for {wait}. Scanning the QR code on the table card always works, and the director "
        "can help."
    )


def code_entry(request: HttpRequest) -> HttpResponse:
    """Type the short code on the table card; it leads to that table's link. A typed code
    takes a slot in this phone's and this address's budgets before it is looked at, and only
    a wrong code keeps it (tournaments/guesses.py)."""
    form = TableCodeForm(request.POST or None)
    context = {"form": form, "refusal": ""}
    status = 200
    phone = guesses.phone_of(request)
    if request.method == "POST":
        guess = guesses.reserve(address=client_address(request), phone=phone)
        if guess.refused:
            # Refused before the code is even looked at, so a guesser learns nothing more.
            context.update(form=TableCodeForm(), refusal=_too_many(guess))
            status = 429
        elif not form.is_valid():
            guess.give_back()  # too short or too long to look up: not a guess
        elif card := TableCard.objects.filter(code=form.cleaned_data["code"]).first():
            guess.give_back()
            return redirect("tournaments:captain-table", token=card.token)
        else:
            # A reissued card's old code is no longer stored: it answers as any unknown code.
            form.add_error("code", "No table has this code: check it on the table card.")
            status = 404
    response = render(request, "tournaments/captain/code.html", context, status=status)
    if status == 429:
        response["Retry-After"] = guess.wait_seconds
    guesses.remember_phone(response, phone)
    return response
