"""Security plumbing shared by the routes and the middleware.

- :func:`bearer_token`: the one parser of ``Authorization: Bearer TOKEN`` (the scheme in
  any case, any run of spaces), used by the routes and by the rate limits alike, so that
  spelling the scheme differently neither changes who is asking nor escapes a limit.
- :class:`SecurityHeaders`: headers on every HTTP answer that keep the pages holding seat
  tokens from being framed, sniffed, leaked by referrers or fed foreign script.

The Content-Security-Policy allows scripts and everything else from this origin only.
Styles also allow ``'unsafe-inline'``: the board is SVG with its own ``<style>`` element,
inserted into the page, and chips carry their colours in ``style`` attributes.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline';"
       " img-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'none';"
       " base-uri 'none'; form-action 'self'; object-src 'none'")
HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)


def bearer_token(value: str | None) -> str | None:
    """The token of an ``Authorization`` header value with the Bearer scheme (any case),
    or None when there is none."""
    if not value:
        return None
    parts = value.strip().split(None, 1)
    if len(parts) != 2 or parts[0].lower() != "bearer":
        return None
    return parts[1].strip() or None


class SecurityHeaders:
    """Add :data:`HEADERS` to every HTTP answer (an answer's own value wins)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers") or [])
                present = {name.lower() for name, _ in headers}
                headers.extend(h for h in HEADERS if h[0] not in present)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)
