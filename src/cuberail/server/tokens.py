"""Seat and owner tokens: long random secrets, stored only as hashes, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    """A fresh secret (256 random bits, URL-safe)."""
    return secrets.token_urlsafe(32)


def new_game_id() -> str:
    return secrets.token_urlsafe(8)


def hash_token(token: str) -> str:
    """SHA-256 is enough for a 256-bit random secret (no dictionary to guess from)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def matches(token: str, stored: str | None) -> bool:
    """Whether ``token`` is the secret whose hash is ``stored`` (constant time)."""
    if stored is None:
        return False
    return hmac.compare_digest(hash_token(token), stored)
