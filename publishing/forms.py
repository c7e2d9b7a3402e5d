"""The publishing pages' forms: a key for a named laptop (server), the link (laptop)."""

from django import forms

from publishing import keys, sender


class KeyForm(forms.Form):
    laptop_name = forms.CharField(
        label="The laptop's name",
        max_length=80,
        help_text='So you know which key is which, e.g. "The hall laptop" or "Dora\'s laptop".',
    )


class LinkForm(forms.Form):
    server_url = forms.CharField(
        label="The club's server's address",
        max_length=300,
        widget=forms.TextInput(
            attrs={"placeholder": "https://euchre.example.org", "inputmode": "url"}
        ),
    )
    key = forms.CharField(
        label="The publishing key",
        max_length=300,
        help_text="Made on the club's server: Club settings, Publishing keys.",
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )

    def clean_server_url(self) -> str:
        try:
            return sender.server_address(self.cleaned_data["server_url"])
        except ValueError as wrong:
            raise forms.ValidationError(str(wrong)) from None

    def clean_key(self) -> str:
        try:
            return str(keys.parse(self.cleaned_data["key"]))
        except keys.BadKey as wrong:
            raise forms.ValidationError(str(wrong)) from None
