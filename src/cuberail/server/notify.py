"""Webhooks for asynchronous games: a seat's URL is called when it is its turn and at the end.

The body ``{"content": ..., "text": ...}`` is accepted by Discord (``content``) and Slack
(``text``) incoming webhooks alike. Calls run in the background with a short timeout:
a slow or broken webhook never delays a move.
"""

from __future__ import annotations

import asyncio
import logging

import httpx

log = logging.getLogger("cuberail.server")
TIMEOUT = 5.0
PARALLEL = 20


class Notifier:
    """Fire-and-forget webhook calls, a bounded number at a time."""

    def __init__(self) -> None:
        self._client: httpx.AsyncClient | None = None
        self._gate = asyncio.Semaphore(PARALLEL)
        self._tasks: set[asyncio.Task[None]] = set()
        self.sent = 0

    def send(self, url: str, message: str) -> None:
        task = asyncio.get_running_loop().create_task(self._post(url, message))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _post(self, url: str, message: str) -> None:
        if self._client is None:
            self._client = httpx.AsyncClient(timeout=TIMEOUT, follow_redirects=False)
        async with self._gate:
            try:
                reply = await self._client.post(url, json={"content": message, "text": message})
                self.sent += 1
                if reply.status_code >= 400:
                    log.warning("webhook answered %s", reply.status_code)
            except httpx.HTTPError as exc:
                log.warning("webhook failed: %s", type(exc).__name__)

    async def drain(self) -> None:
        """Wait for the calls in flight (tests, shutdown)."""
        if self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def close(self) -> None:
        await self.drain()
        if self._client is not None:
            await self._client.aclose()
