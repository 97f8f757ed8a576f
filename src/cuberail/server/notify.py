"""Webhooks for asynchronous games: a seat's URL is called when it is its turn and at the end.

The body ``{"content": ..., "text": ...}`` is accepted by Discord (``content``) and Slack
(``text``) incoming webhooks alike. Calls run in the background with a short timeout:
a slow or broken webhook never delays a move.

Anyone holding a seat token may register a URL, so the server must not become a way
to reach what only it can reach (SSRF): a URL is refused unless it is http(s), carries
no credentials, and its host is, and resolves only to, public addresses (no loopback,
private, link-local such as the cloud metadata 169.254.169.254, multicast,
unspecified, reserved or other non-global ones). The check runs again at every call on
the freshly resolved addresses, and the call connects to the address checked (the TLS
name and the Host header stay the URL's), so a DNS answer changed in between (DNS
rebinding) cannot redirect it. Redirects are not followed. A LAN server may allow
private addresses (``cuberail serve --allow-private-webhooks``).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import SplitResult, urlsplit

import httpx

from cuberail.server.games import Refused

log = logging.getLogger("cuberail.server")
TIMEOUT = 5.0
PARALLEL = 20
IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
Resolver = Callable[[str, int], Awaitable[list[str]]]
NAT64 = ipaddress.IPv6Network("64:ff9b::/96")
NAT64_LOCAL = ipaddress.IPv6Network("64:ff9b:1::/48")  # where it embeds IPv4 varies
# Discord: never ping (a name may read "@everyone"); Slack: its mentions are <!...>.
NO_MENTIONS: dict[str, list[str]] = {"parse": []}


class WebhookRefused(ValueError):
    """A webhook URL the server will not call, with the reason for a person."""


async def resolve(host: str, port: int) -> list[str]:
    """The addresses ``host`` resolves to (the event loop's resolver, off the loop)."""
    infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return sorted({str(info[4][0]) for info in infos})


def embedded_ipv4(ip: IPAddress) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 one carries and reaches: IPv4-mapped, 6to4 (2002::/16),
    Teredo (its client) or NAT64 (64:ff9b::/96); None for any other address."""
    if not isinstance(ip, ipaddress.IPv6Address):
        return None
    if ip.ipv4_mapped is not None or ip.sixtofour is not None:
        return ip.ipv4_mapped or ip.sixtofour
    if ip.teredo is not None:
        return ip.teredo[1]
    if ip in NAT64:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return None


def address_kind(ip: IPAddress) -> str | None:
    """Why an address is not one a webhook may reach (None: a public address); an IPv6
    address that carries an IPv4 one is judged by that one too."""
    inner = embedded_ipv4(ip)
    if inner is not None and address_kind(inner) is not None:
        return address_kind(inner)
    if ip in NAT64_LOCAL:
        return "non-public"
    kinds = [("loopback", ip.is_loopback), ("link-local", ip.is_link_local),
             ("multicast", ip.is_multicast), ("unspecified", ip.is_unspecified),
             ("reserved", ip.is_reserved), ("private", ip.is_private),
             ("non-public", not ip.is_global)]
    return next((name for name, hit in kinds if hit), None)


def parse(url: str) -> tuple[SplitResult, str, int]:
    """The URL's parts, host and port, or WebhookRefused for its form."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise WebhookRefused("a webhook URL starts with http:// or https:// and names a host")
    if parts.username is not None or parts.password is not None:
        raise WebhookRefused("a webhook URL may not carry a user name or password (user@host)")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise WebhookRefused("the webhook URL's port is not a number from 0 to 65535") from None
    return parts, parts.hostname, port


async def checked_addresses(url: str, allow_private: bool,
                            resolver: Resolver = resolve) -> list[IPAddress]:
    """The addresses a call to ``url`` may connect to, or WebhookRefused with the reason."""
    _parts, host, port = parse(url)
    try:
        ips: list[IPAddress] = [ipaddress.ip_address(host)]
        literal = True
    except ValueError:
        literal = False
        try:
            ips = [ipaddress.ip_address(a.split("%")[0]) for a in await resolver(host, port)]
        except (OSError, UnicodeError, ValueError):
            ips = []
        if not ips:
            raise WebhookRefused(f"the webhook host {host[:80]!r} does not resolve") from None
    if allow_private:
        return ips
    for ip in ips:
        kind = address_kind(ip)
        if kind is not None:
            where = f"is {ip}" if literal else f"{host[:80]!r} resolves to {ip}"
            raise WebhookRefused(f"the webhook host {where}, a {kind} address: webhooks may"
                                 " only call public addresses (a LAN server may allow private"
                                 " ones: cuberail serve --allow-private-webhooks)")
    return ips


def pinned(url: str, ip: IPAddress) -> tuple[str, dict[str, str], dict[str, str]]:
    """The URL aimed at ``ip``, with the Host header and TLS name of the original host."""
    parts, host, _port = parse(url)
    netloc = f"[{ip}]" if ip.version == 6 else str(ip)
    if parts.port is not None:
        netloc += f":{parts.port}"
    target = parts._replace(netloc=netloc).geturl()
    host_header = parts.netloc.rpartition("@")[2]
    return target, {"Host": host_header}, {"sni_hostname": host}


def payload(message: str) -> dict[str, Any]:
    """The JSON body of a call: ``content`` for Discord, ``text`` for Slack, neither able
    to ping anyone (no @everyone/@here, no Slack <!channel>)."""
    quiet = message.replace("@", "@\u200b")  # a zero-width space after every @
    slack = quiet.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return {"content": quiet, "text": slack, "allowed_mentions": NO_MENTIONS}


class Notifier:
    """Fire-and-forget webhook calls, a bounded number at a time, to checked addresses."""

    def __init__(self, allow_private: bool = False, resolver: Resolver = resolve) -> None:
        self.allow_private = allow_private
        self.resolver = resolver
        self._client: httpx.AsyncClient | None = None
        self._gate = asyncio.Semaphore(PARALLEL)
        self._tasks: set[asyncio.Task[None]] = set()
        self.sent = 0
        self.refused = 0

    async def check(self, url: str | None) -> None:
        """Refuse (422, with the reason) a URL that may not be registered; None (no
        webhook) is always fine."""
        if url is None:
            return
        try:
            await checked_addresses(url, self.allow_private, self.resolver)
        except WebhookRefused as exc:
            raise Refused(422, str(exc)) from None

    def send(self, url: str, message: str) -> None:
        task = asyncio.get_running_loop().create_task(self._post(url, message))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _post(self, url: str, message: str) -> None:
        if self._client is None:  # no proxies from the environment: the address is pinned
            self._client = httpx.AsyncClient(timeout=TIMEOUT, follow_redirects=False,
                                             trust_env=False)
        async with self._gate:
            try:
                ips = await checked_addresses(url, self.allow_private, self.resolver)
                target, headers, extensions = pinned(url, ips[0])
                reply = await self._client.post(target, headers=headers, extensions=extensions,
                                                json=payload(message))
                self.sent += 1
                if reply.status_code >= 400:
                    log.warning("webhook answered %s", reply.status_code)
            except WebhookRefused as exc:
                self.refused += 1
                log.warning("webhook not called: %s", exc)
            except (httpx.HTTPError, httpx.InvalidURL, ValueError) as exc:
                log.warning("webhook failed: %s", type(exc).__name__)

    async def drain(self) -> None:
        """Wait for the calls in flight (tests, shutdown)."""
        if self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def close(self) -> None:
        await self.drain()
        if self._client is not None:
            await self._client.aclose()
