"""The API's description at the top of its OpenAPI document (/openapi.json)."""

API_DOC = """The cuberail game server: play its cube-rail titles (`GET /api/titles`)
with friends and bots.

**index and seq.** `index` counts the *effective* actions of a game (moves not taken
back): send it with every move or undo; a different current index answers 409. `seq`
counts log entries (moves and undos) and only grows: every WebSocket event carries it
(with `index`), so a client that sees a gap in `seq` reconnects with `?since=SEQ`.

**Tokens.** Each human seat has a secret token (`Authorization: Bearer TOKEN`); the
owner has another. Invite links carry them in the URL fragment. An open game
(`"open": true`) gives its creator the tokens of the seats in `keep` (seat 0); its
other human seats are free: `GET /api/open-games` lists them and
`POST /api/games/{id}/seats/{seat}/claim` hands one seat's token to the first caller.

**Hints.** `GET /api/games/{id}/hint` (the seat's token, on its turn) answers the move
a short search prefers (2,000 iterations, deterministic: `by` is `search`; the medium
bot's move, `by` `medium`, when the bots' workers are too busy), the mover's winning
chance after it (`chance`), its sentence in `lang` and a reason when the title offers one,
and `close`, the runner-up, when it does about as well (its chance within 0.03: a close
call).
A game created with `"hints": false` (the game view's `hints`) answers no hint to anyone
while it runs: 403.

**Undo.** `POST /api/games/{id}/undo` (the seat's token) takes back the seat's own last
move in force, with the bot seats' moves after it when only bots have moved since (the
view's `undo_seat` names the seat whose undo is taken now). The table option `undo` (the
game view's `undo`) limits it: `"free"` (the default) allows that; `"unanswered"` takes
no bot's answer back and also refuses it (403) once any other
seat, a bot included, has acted after the move, even with a move taken back since (the
view's `last.answered_by` names that seat).

**Refusals.** An error answer says why in `detail` (English); the server's own refusals
also carry `words`, the same sentence as data (`{"key", "values"}`, as a move's `words`),
to render in the reader's language with `GET /api/words/{lang}`. An engine's reason for an
illegal action is English only (no `words`).

**WebSocket** `/api/games/{id}/ws?since=SEQ`: first a `state` event (the whole game),
then the missed `move`/`undo` entries after `since`, then live events of type `move`,
`undo`, `chat`, `seat`, `over`, `analysis` (a finished game's analysis is ready) and
`rematch` (`{"type": "rematch", "game", "index", "seq", "rematch": NEW_ID}`; a client
that connects later asks `GET /api/games/{id}/rematch`).
A `move` event and a log entry carry the move's `words` and its `events` (what happened
by itself: auctions won, dividends paid to whom, the end and why), sentences as data
whose `{"key": "seat", "values": {"n": N}}` values name the player at seat N; an `undo`
carries the `words` of the move it took back.
Send `{"type": "hello", "token": T}` to show your seat as connected, `{"type": "ping"}`
for a `pong`. A frame the server does not read closes the socket with a code and a
reason: binary 1003, over 64 KiB 1009, JSON nested too deep 1008, NaN or a lone
surrogate 1007.

**Limits.** The log (`GET /api/games/{id}/actions`) comes in pages of at most `limit`
(1000) entries: while `more` is true, ask again with `since` = the last entry's `seq`.
Bodies with NaN, Infinity, lone surrogates or deep nesting answer 422.
"""
