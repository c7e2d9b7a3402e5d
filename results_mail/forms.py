from django import forms


class AskForm(forms.Form):
    email = forms.EmailField(
        label="Your email address",
        max_length=254,
        error_messages={
            "required": "Type your email address, e.g. ann@example.com.",
            "invalid": "That is not an email address: type it whole, e.g. ann@example.com.",
        },
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )


class RecordForm(AskForm):
    email = forms.EmailField(
        label="The player's email address",
        max_length=254,
        error_messages=AskForm.base_fields["email"].error_messages,
    )
    consent = forms.BooleanField(
        label="The player asked for their results by mail",
        error_messages={
            "required": "Tick “The player asked for their results by mail”: a mail goes only "
            "to a player who asked for it."
        },
    )
