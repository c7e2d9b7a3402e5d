"""A laptop's publishing key: made on the server for one named laptop, shown once as
`euk_<key_id>_<secret>`, pasted on the laptop. The key id is public (it names the key in every
request); the secret signs the requests (publishing/signing.py) and never travels."""

import re
import secrets
from dataclasses import dataclass

from publishing.models import PublishingKey

PREFIX = "euk"
_ID_LENGTH = 12  # hex: 48 bits, unique among a server's keys (the column is unique anyway)
# token_urlsafe's alphabet: the secret may hold "_" and "-", the id never does.
_TEXT = re.compile(r"^euk_([0-9a-f]{12})_([A-Za-z0-9_-]{32,100})$")


class BadKey(ValueError):
    """The text pasted is not a publishing key; the message says why and what to do."""


@dataclass(frozen=True)
class KeyText:
    key_id: str
    secret: str

    def __str__(self) -> str:
        return f"{PREFIX}_{self.key_id}_{self.secret}"


def make_key(club, laptop_name: str, user=None) -> tuple[PublishingKey, str]:
    """A new key for `laptop_name`, and its text, shown to the director once."""
    while True:
        key_id = secrets.token_hex(_ID_LENGTH // 2)
        if not PublishingKey.objects.filter(key_id=key_id).exists():
            break
    secret = secrets.token_urlsafe(32)
    key = PublishingKey.objects.create(
        club=club, laptop_name=laptop_name, key_id=key_id, secret=secret, created_by=user
    )
    return key, str(KeyText(key_id, secret))


def parse(text: str) -> KeyText:
    """The key pasted on the laptop, or BadKey saying what is wrong with it."""
    text = "".join((text or "").split())  # a key copied over two lines, or with spaces
    if not text:
        raise BadKey(
            "Paste the publishing key: the club's server shows it once, when a key is made in "
            "the club's settings there."
        )
    if not text.startswith(f"{PREFIX}_"):
        raise BadKey(
            'This is not a publishing key: a key starts with "euk_". Copy it again from the '
            "club's server (Club settings, Publishing keys), or make a new one there."
        )
    found = _TEXT.match(text)
    if not found:
        raise BadKey(
            "This publishing key is incomplete or mistyped: copy the whole key again with the "
            "Copy button on the club's server, or make a new one there."
        )
    return KeyText(found[1], found[2])
