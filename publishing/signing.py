"""Each request a laptop sends is signed with its key's secret over the time, a nonce and the
whole body as sent (PUBLISH_CONTRACT, wire format): changed on its way, it no longer matches;
sent again, its nonce was seen; held back, its time is stale."""

import hashlib
import hmac
import secrets
import time as _time

# How far the laptop's clock and the server's may disagree, and how long a nonce is kept.
WINDOW_SECONDS = 300


def signature(secret: str, time: str, nonce: str, body: bytes) -> str:
    message = f"{time}\n{nonce}\n".encode() + body
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def headers(key_id: str, secret: str, body: bytes, now: float | None = None) -> dict[str, str]:
    """The headers that sign `body` (the bytes exactly as sent, gzip and all)."""
    time = str(int(_time.time() if now is None else now))
    nonce = secrets.token_hex(16)
    return {
        "X-Euchre-Key": key_id,
        "X-Euchre-Time": time,
        "X-Euchre-Nonce": nonce,
        "X-Euchre-Signature": signature(secret, time, nonce, body),
    }


def verify(secret: str, time: str, nonce: str, body: bytes, given: str) -> bool:
    # compare_digest: the time a comparison takes says nothing of how much of it matched.
    expected = signature(secret, time, nonce, body).encode()
    return hmac.compare_digest(expected, (given or "").encode("utf-8", "replace"))
