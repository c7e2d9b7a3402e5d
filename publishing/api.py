"""The club's server's two publishing endpoints, `hello` (try the connection) and `apply` (a
batch of the laptop's club and nights). A request is checked whole before anything is done
with it, each refusal a sentence the director can act on (signing.py says how a request is
signed):

https (loopback spared) -> the key, known and not revoked -> its time -> the body, read with a
cap -> its signature -> its nonce never seen -> gzip unpacked with a cap -> JSON -> the club.

The key gives no other right: these two views are the only code that reads it."""

import datetime
import ipaddress
import json
import re
import uuid
import zlib

from django.conf import settings
from django.db import IntegrityError, transaction
from django.http import HttpRequest, JsonResponse
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt

from config.addresses import client_address
from publishing import signing, snapshot
from publishing.models import PublishingKey, SeenRequest

_NONCE = re.compile(r"^[0-9a-f]{32}$")
# Read on the laptop's Publishing page and in its status line on the club and event pages,
# where there is no box to paste into: say where each step is done.
_NEW_KEY = (
    "make a new key for this laptop on the club's server (Club settings, Publishing keys) and "
    "paste it on the laptop's Publishing page"
)


class Refusal(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


def refused(status: int, message: str) -> JsonResponse:
    return JsonResponse({"ok": False, "error": message}, status=status)


def _endpoint(handler):
    @csrf_exempt
    def view(request: HttpRequest) -> JsonResponse:
        if request.method != "POST":
            return refused(405, "This address takes only a laptop's publishing requests.")
        try:
            key, payload = checked(request)
            return handler(key, payload)
        except Refusal as refusal:
            return refused(refusal.status, refusal.message)

    view.__name__ = handler.__name__
    return view


# Another app's signed endpoint (signup/sync.py's sign-ups) is checked exactly as these two:
# the same key, signature, nonce and refusals, by this one function.
signed_endpoint = _endpoint


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address.split("%")[0]).is_loopback
    except ValueError:
        return False


def checked(request: HttpRequest) -> tuple[PublishingKey, dict]:
    """The request's key and payload, or Refusal: nothing is read before it is allowed."""
    # Behind a proxy, is_secure() follows its X-Forwarded-Proto and the address is the
    # client's own (config/addresses.py), so a proxy on loopback spares no one.
    if not request.is_secure() and not _loopback(client_address(request)):
        raise Refusal(
            403,
            "The club's server takes published nights only over https, so that no one on the "
            'way can read or change them: write the server\'s address with "https://".',
        )
    key = _key(request)
    time, nonce, given = (
        request.headers.get(f"X-Euchre-{h}", "") for h in ("Time", "Nonce", "Signature")
    )
    if not time.isdigit() or not _NONCE.match(nonce):
        raise Refusal(400, "This request is not a publishing request (its headers are missing).")
    skew = abs(timezone.now().timestamp() - int(time))
    if skew > signing.WINDOW_SECONDS:
        raise Refusal(
            401,
            f"The laptop's clock is {round(skew / 60)} minutes away from the server's: set the "
            "laptop's date, time and time zone right (automatically, from the internet) and "
            "publish again.",
        )
    body = _read_capped(request)
    if not signing.verify(key.secret, time, nonce, body, given):
        raise Refusal(
            401,
            "The server does not accept this key: paste it again from the server's keys page, "
            "whole, or make a new one there.",
        )
    _once(key, nonce, int(time))
    payload = _unpack(body, request.headers.get("Content-Encoding", ""))
    _same_club(key, payload)
    return key, payload


def _key(request: HttpRequest) -> PublishingKey:
    key_id = request.headers.get("X-Euchre-Key", "")
    key = (
        PublishingKey.objects.select_related("club").filter(key_id=key_id[:24]).first()
        if key_id
        else None
    )
    if key is None:
        raise Refusal(
            401,
            "The club's server does not know this publishing key: it may be mistyped, or made on "
            f"another server. Check the server's address, or {_NEW_KEY}.",
        )
    if key.revoked_at:
        raise Refusal(
            403,
            f'This publishing key (for the laptop "{key.laptop_name}") was revoked on the club\'s '
            f"server: {_NEW_KEY}.",
        )
    return key


def _read_capped(request: HttpRequest) -> bytes:
    limit = settings.PUBLISH_MAX_BYTES
    too_big = Refusal(
        413,
        f"This batch is larger than the server takes ({limit // (1024 * 1024)} MB packed): ask "
        "the server's administrator to raise PUBLISH_MAX_BYTES.",
    )
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        raise Refusal(400, "This request's length is not a number.") from None
    if declared > limit:
        raise too_big  # refused before a byte of it is read
    body = request.read(limit + 1)  # never more, whatever the length claimed
    if len(body) > limit:
        raise too_big
    return body


def _once(key: PublishingKey, nonce: str, time: int) -> None:
    """A nonce is taken once: the same request sent again (a replay) is refused. Nonces older
    than the window are forgotten: a request that old is refused by its time."""
    now = timezone.now()
    SeenRequest.objects.filter(
        key=key, at__lt=now - datetime.timedelta(seconds=2 * signing.WINDOW_SECONDS)
    ).delete()
    try:
        with transaction.atomic():
            SeenRequest.objects.create(
                key=key, nonce=nonce, at=datetime.datetime.fromtimestamp(time, datetime.UTC)
            )
    except IntegrityError:
        raise Refusal(
            409,
            "This request was already received once (a replay): it is refused. The laptop "
            "sends each change in a new request by itself.",
        ) from None


def _unpack(body: bytes, encoding: str) -> dict:
    limit = settings.PUBLISH_MAX_UNPACKED_BYTES
    malformed = Refusal(
        400,
        "The server could not read this batch (it is not packed JSON): update the app on the "
        "laptop to the server's version and publish again.",
    )
    if encoding.strip().lower() == "gzip":
        unpacker = zlib.decompressobj(wbits=31)  # gzip only
        try:
            text = unpacker.decompress(body, limit + 1)
        except zlib.error:
            raise malformed from None
        # A few MB that unpack to gigabytes (a zip bomb) stop at the cap, unread past it.
        if len(text) > limit or unpacker.unconsumed_tail:
            raise Refusal(
                413,
                f"This batch unpacks to more than the server takes ({limit // (1024 * 1024)} MB): "
                "ask the server's administrator to raise PUBLISH_MAX_UNPACKED_BYTES.",
            )
        if not unpacker.eof or unpacker.unused_data:
            raise malformed
    elif encoding.strip().lower() in ("", "identity"):
        text = body
    else:
        raise malformed
    try:
        payload = json.loads(text.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise malformed from None
    if not isinstance(payload, dict):
        raise malformed
    try:
        payload["club_uid"] = uuid.UUID(str(payload.get("club_uid")))
    except ValueError:
        raise malformed from None
    return payload


def _same_name(a: str, b: str) -> bool:
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


def _same_club(key: PublishingKey, payload: dict) -> None:
    """A key publishes one laptop club: the first that uses it. hello binds it only when the
    laptop's club has the server club's name (else the laptop refuses the link, and a
    mistaken key stays free for its own club)."""
    source = payload["club_uid"]
    if key.source_club_uid is None:
        if payload.get("hello") and not _same_name(
            str(payload.get("club_name", "")), key.club.name
        ):
            return
        PublishingKey.objects.filter(pk=key.pk, source_club_uid__isnull=True).update(
            source_club_uid=source
        )
        key.refresh_from_db(fields=["source_club_uid"])
    if key.source_club_uid != source:
        raise Refusal(
            403,
            "This publishing key belongs to another club's laptop: it publishes "
            f'"{key.club.name}" from the laptop that first used it. Make a key for this '
            "club's own laptop on the club's server.",
        )


@_endpoint
def hello(key: PublishingKey, payload: dict) -> JsonResponse:
    _used(key)
    return JsonResponse(
        {
            "ok": True,
            "club": key.club.name,
            "laptop": key.laptop_name,
            "bound": key.source_club_uid == payload["club_uid"],
        }
    )


@_endpoint
def apply(key: PublishingKey, payload: dict) -> JsonResponse:
    try:
        with transaction.atomic():
            # One batch of a key at a time, in order; revoked meanwhile, refused at once.
            locked = PublishingKey.objects.select_for_update().filter(pk=key.pk).first()
            if locked is None or locked.revoked_at:
                raise Refusal(
                    403, f"This publishing key was revoked on the club's server: {_NEW_KEY}."
                )
            summary = snapshot.apply(locked, payload)
    except snapshot.Refused as refusal:
        return refused(getattr(refusal, "status", 400), str(refusal))
    _used(key)
    return JsonResponse({"ok": True, **(summary or {})})


def _used(key: PublishingKey) -> None:
    PublishingKey.objects.filter(pk=key.pk).update(last_used_at=timezone.now())


key_used = _used
