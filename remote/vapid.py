"""The VAPID key pair the site signs its Web Push notices with (RFC 8292).

Production names it in the environment (VAPID_PRIVATE_KEY, VAPID_PUBLIC_KEY; config/settings/
production.py refuses to start without them). Elsewhere, with none set, a pair is made once into
VAPID_KEY_FILE (var/vapid.json, outside git) so that `make run` needs no set-up; it must stay the
same across restarts, or every browser's subscription (made for the old public key) is refused.

A new pair for a deployment: `python -m remote.vapid`.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import json
import os
import tempfile
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from py_vapid import Vapid


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_decode(text: str) -> bytes:
    """Raises ValueError (binascii.Error) on anything but base64url, padded or not."""
    text = text.strip()
    return base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)


def public_key() -> str:
    """The site's public key as the Push API's `applicationServerKey` takes it: base64url of the
    uncompressed P-256 point (65 bytes, starting 0x04)."""
    return _public_b64(private_key())


def private_key() -> Vapid:
    """The key pywebpush signs with (a py_vapid `Vapid`, which holds the public key too)."""
    return _load(
        settings.VAPID_PRIVATE_KEY.strip(),
        settings.VAPID_PUBLIC_KEY.strip(),
        str(settings.VAPID_KEY_FILE),
    )


def key_pair_new() -> tuple[str, str]:
    """A new (private, public) pair, both base64url: the private key as its 32 raw bytes."""
    key = ec.generate_private_key(ec.SECP256R1())
    raw = key.private_numbers().private_value.to_bytes(32, "big")
    return b64url(raw), _public_b64(Vapid(key))


def _public_b64(vapid: Vapid) -> str:
    point = vapid.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return b64url(point)


# Keyed on the settings' values, so that a test overriding them reads its own pair.
@functools.lru_cache(maxsize=8)
def _load(private: str, public: str, key_file: str) -> Vapid:
    if not private:
        private, public = _from_file(Path(key_file))
    try:
        # PEM (`vapid --gen`), else base64url: 32 raw bytes (web-push's generate-vapid-keys) or DER
        vapid = Vapid.from_pem(private.encode()) if "-----BEGIN" in private else Vapid.from_string(private)
    except Exception as exc:  # py_vapid and cryptography raise a variety
        raise ImproperlyConfigured(f"VAPID_PRIVATE_KEY cannot be read as a P-256 private key: {exc}") from exc
    if public and public != _public_b64(vapid):
        # Browsers subscribe with the public key and push services check it against the signature:
        # a mismatch would make every notice refused, silently. Say it at once.
        raise ImproperlyConfigured("VAPID_PUBLIC_KEY is not the public half of VAPID_PRIVATE_KEY.")
    return vapid


def _from_file(path: Path) -> tuple[str, str]:
    """The pair kept in `path`, made there first if it is not yet. Two processes starting at once
    (the web server and a worker) keep the first one written: the file appears whole or not at all."""
    with contextlib.suppress(FileNotFoundError):
        return _read(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    private, public = key_pair_new()
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".vapid-")
    try:
        with os.fdopen(fd, "w") as out:
            json.dump({"private_key": private, "public_key": public}, out)
        os.chmod(temporary, 0o600)
        with contextlib.suppress(FileExistsError):
            os.link(temporary, path)  # fails if another process wrote it meanwhile: keep theirs
    finally:
        os.unlink(temporary)
    return _read(path)


def _read(path: Path) -> tuple[str, str]:
    data = json.loads(path.read_text())
    return data["private_key"], data["public_key"]


if __name__ == "__main__":
    new_private, new_public = key_pair_new()
    print(f"VAPID_PRIVATE_KEY={new_private}")
    print(f"VAPID_PUBLIC_KEY={new_public}")
