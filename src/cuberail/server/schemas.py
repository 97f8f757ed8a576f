"""Request and response models (pydantic), and the checks on what clients may send.

Names and chat are data, never markup: they are stripped of control characters and
capped in length here, and every page shows them as text. Bot names are capped to the
levels a server may run (a search budget from the network must stay bounded).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any, Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, field_validator

from cuberail.core.errors import NameRefusedError
from cuberail.core.names import clean_name as core_clean_name

NAME_MAX = 40
CHAT_MAX = 500
GAME_NAME_MAX = 100
ACTION_MAX = 200
MCTS_MAX = 5000
URL_MAX = 1000
BOT_DELAY_MAX = 10.0  # seconds a bot may be told to wait between moves (watchable games)
BOT_LEVELS = ("random", "easy", "medium", "hard", "heuristic")
_BOT = re.compile(r"(random|easy|medium|hard|heuristic|mcts:([0-9]{1,4}))")
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def check_bot(name: str) -> str:
    """A bot name a server may run: random/easy/medium/hard/heuristic or mcts:N (N <= 5000)."""
    key = name.strip().lower()
    match = _BOT.fullmatch(key)
    if match is None or (match.group(2) is not None and not 1 <= int(match.group(2)) <= MCTS_MAX):
        raise ValueError(f"bot {name[:40]!r} is not allowed here; choose from"
                         f" {', '.join(BOT_LEVELS)} or mcts:N with N from 1 to {MCTS_MAX}")
    return key


# The table option ``undo`` (server/undo.py): "free", a seat takes back its own last move;
# "unanswered", only until another seat acts after it
UndoOption = Literal["free", "unanswered"]


def check_bot_delay(value: object) -> object:
    """``bot_delay`` in seconds, from 0 to :data:`BOT_DELAY_MAX` (a number outside: the
    range named in the 422; anything else is left to the field's type)."""
    if isinstance(value, int | float) and not isinstance(value, bool) \
            and not 0 <= value <= BOT_DELAY_MAX:
        raise ValueError("bot_delay is seconds between bot moves, from 0 to"
                         f" {BOT_DELAY_MAX:g}")
    return value


def clean_text(text: str, limit: int) -> str:
    """Text as plain data: control and format characters dropped, spaces folded, capped."""
    kept = "".join(" " if c in "\t\n\r" else c for c in text
                   if c in "\t\n\r" or unicodedata.category(c)[0] != "C")
    return " ".join(kept.split())[:limit]


def clean_name(text: str) -> str:
    """A player name by the one rule every name follows (:func:`cuberail.core.names.clean_name`).

    A refusal is a ValueError, so that pydantic answers it as a 422 naming the field.
    """
    try:
        return core_clean_name(text)
    except NameRefusedError as exc:
        raise ValueError(str(exc)) from None


def clean_game_name(text: str) -> str | None:
    """A game's name by the rule of player names, at most :data:`GAME_NAME_MAX` characters;
    blank means no name (None), and a name with nothing visible left is refused."""
    if not text.strip():
        return None
    try:
        return core_clean_name(text, GAME_NAME_MAX)
    except NameRefusedError:
        raise ValueError("a game name needs a visible character (control and format"
                         f" characters are removed); at most {GAME_NAME_MAX} are kept,"
                         " or send null for none") from None


def check_webhook(url: str) -> str:
    """An http(s) URL of a webhook (Discord, Slack or any that takes a JSON POST)."""
    if len(url) > URL_MAX:
        raise ValueError(f"a webhook URL is at most {URL_MAX} characters")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError("a webhook URL starts with http:// or https:// and names a host")
    return url


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(Strict):
    name: str | None = Field(default=None, description="the seat's name (plain text, capped)")
    bot: str | None = Field(default=None, description="a bot level: random, easy, medium, hard,"
                            " heuristic or mcts:N (N <= 5000); null for a human seat")

    @field_validator("name")
    @classmethod
    def _name(cls, v: str | None) -> str | None:
        return None if v is None else clean_name(v)

    @field_validator("bot")
    @classmethod
    def _bot(cls, v: str | None) -> str | None:
        return None if v is None else check_bot(v)


class CreateGame(Strict):
    title: str = Field(description="the game: a title of GET /api/titles, or one of its aliases",
                       max_length=64)
    players: int = Field(ge=1, le=8, description="number of seats")
    options: dict[str, int | str | bool] | None = Field(default=None, description="rule options")
    seats: list[SeatSpec] | None = Field(default=None, max_length=8,
                                         description="per seat, in seat order")
    name: str | None = Field(default=None, description="a name for this game (plain text,"
                             f" cleaned as player names are, at most {GAME_NAME_MAX}"
                             " characters kept)")
    bot_after: float | None = Field(
        None, ge=1, le=30 * 86400,
        description="seconds a human seat may stay idle on turn before the medium bot"
                    " moves for it (null: never)")

    open: bool = Field(default=False, description="an open game: the human seats not in"
                       " `keep` get no token and anyone may claim them from the lobby")
    keep: list[int] | None = Field(default=None, max_length=8, description="open game: the"
                                   " human seats whose tokens the creator gets (default [0])")
    hints: bool = Field(default=True, description="table option: whether GET"
                        " /api/games/{id}/hint answers in this game (false: no hint for"
                        " anyone while it runs)")
    undo: UndoOption = Field(default="free", description="table option: \"free\", a seat"
                             " may take back its own last move (POST /api/games/{id}/undo),"
                             " with the bot seats' moves after it; \"unanswered\", only"
                             " until another seat, a bot included, acts after it")
    bot_delay: float | None = Field(
        default=None, ge=0, le=BOT_DELAY_MAX,
        description="table option: seconds a bot waits after the game's last move (or its"
                    " creation) before it moves, so that a game of bots can be watched;"
                    f" from 0 to {BOT_DELAY_MAX:g} (null or 0: bots move at once)")

    @field_validator("name")
    @classmethod
    def _name(cls, v: str | None) -> str | None:
        return None if v is None else clean_game_name(v)

    @field_validator("bot_delay", mode="before")
    @classmethod
    def _bot_delay(cls, v: object) -> object:
        return check_bot_delay(v)


class SeatToken(BaseModel):
    seat: int
    token: str | None
    invite_url: str
    free: bool = Field(default=False, description="a free seat of an open game: anyone may"
                       " claim it (POST /api/games/{id}/seats/{seat}/claim)")


class ClaimRequest(Strict):
    name: str = Field(max_length=4 * NAME_MAX, description="the player's name (cleaned by"
                      " the same rule as every name: visible text, at most 40 characters)")

    @field_validator("name")
    @classmethod
    def _name(cls, v: str) -> str:
        return clean_name(v)


class Claimed(BaseModel):
    seat: int
    name: str
    token: str
    invite_url: str


class Created(BaseModel):
    id: str
    owner_token: str
    owner_url: str
    seats: list[SeatToken]


class MoveRequest(Strict):
    action: str = Field(max_length=ACTION_MAX, description="the action text, e.g. `bid 8`")
    index: int = Field(ge=0, description="the index (effective actions applied) the move"
                       " was chosen at; a different current index answers 409")


class UndoRequest(Strict):
    index: int = Field(ge=0, description="the current index; the undo takes back action"
                       " index-1, which must be the caller's own")


class IndexReply(BaseModel):
    index: int = Field(description="effective actions applied after this request")
    seq: int = Field(description="log entries so far (moves and undos): grows by one with"
                     " every entry, never goes back; WebSocket events carry it")


class ChatRequest(Strict):
    text: str = Field(max_length=4 * CHAT_MAX)

    @field_validator("text")
    @classmethod
    def _text(cls, v: str) -> str:
        text = clean_text(v, CHAT_MAX)
        if not text:
            raise ValueError("a chat message needs a visible character")
        return text


class SeatChange(Strict):
    bot: str | None = Field(description="the bot that now plays the seat, or null to hand"
                            " it back to a human")
    new_token: bool = Field(default=False, description="issue a fresh seat token (the old one stops"
                            " working); always done when the seat had none")

    @field_validator("bot")
    @classmethod
    def _bot(cls, v: str | None) -> str | None:
        return None if v is None else check_bot(v)


class WebhookRequest(Strict):
    url: str | None = Field(description="a Discord or Slack incoming-webhook URL (or any URL"
                            " taking a JSON POST); null removes it")

    @field_validator("url")
    @classmethod
    def _url(cls, v: str | None) -> str | None:
        return None if v is None else check_webhook(v)


class ImportRequest(Strict):
    record: dict[str, Any] = Field(description="a cuberail game record (as `cuberail play`"
                                   " saves it)")
    seats: list[SeatSpec] | None = Field(default=None, max_length=8, description="override the"
                                         " seats (names, bots) the record's meta names")
    name: str | None = Field(default=None, description="a name for this game (plain text,"
                             f" cleaned as player names are, at most {GAME_NAME_MAX}"
                             " characters kept)")
    bot_after: float | None = Field(default=None, ge=1, le=30 * 86400)

    @field_validator("name")
    @classmethod
    def _name(cls, v: str | None) -> str | None:
        return None if v is None else clean_game_name(v)


EntryKind = Literal["move", "undo"]


# ----- answers: the documented bodies of the routes (OpenAPI) ----------------------------


class Words(BaseModel):
    key: str = Field(description="a sentence of the catalog (GET /api/words/{lang})")
    values: dict[str, Any] = Field(description="the sentence's values (nested sentences as"
                                   " objects)")


class Problem(BaseModel):
    type: str = Field(description="the kind of problem, e.g. `missing`, `int_parsing`")
    loc: list[str | int] = Field(description="where: `body`, `query`, `path` or `header`,"
                                 " then the field")
    msg: str
    ctx: dict[str, Any] | None = Field(default=None, description="the limit or pattern broken")


class Refusal(BaseModel):
    """Every error answer: why in ``detail``; ``words`` for the server's own refusals."""

    detail: str | list[Problem] = Field(description="why, in English; a list of problems"
                                        " when the request's fields do not validate (422)")
    words: Words | None = Field(default=None, description="the same sentence as data, to"
                                " render in the reader's language (the server's refusals)")


class LogEntry(BaseModel):
    seq: int
    seat: int
    kind: EntryKind
    action: str = Field(description="the move made, or the one an undo took back")
    created: str
    words: Words | None = Field(default=None, description="the action's sentence as data"
                                " (for an undo: the move it took back), to render in the"
                                " reader's language with GET /api/words/{lang}")
    events: list[Words] = Field(default_factory=list, description="what happened by itself"
                                " when the move was applied (auctions won, dividends and who"
                                " received what, the end and why), as sentences of data; a"
                                " `seat` value (`{\"key\": \"seat\", \"values\": {\"n\":"
                                " 2}}`) names the player at that seat (from 0)")


class LogPage(BaseModel):
    id: str
    index: int
    seq: int
    more: bool = Field(description="later entries remain: ask again from the last seq")
    entries: list[LogEntry]


class ChatLine(BaseModel):
    type: Literal["chat"]
    game: str
    index: int
    seq: int
    id: int
    seat: int | None = Field(description="the writer's seat; null: the owner")
    name: str
    text: str
    created: str


class SeatChanged(BaseModel):
    seat: int
    bot: str | None
    token: str | None = Field(description="the seat's new token (null: none issued)")
    invite_url: str | None


class StateAt(BaseModel):
    index: int = Field(description="the actions in force at this position")
    state: dict[str, Any] = Field(description="the game's snapshot")
    moves: list[MoveChoice] = Field(description="the legal actions, as in the game view")


class Sample(BaseModel):
    index: int = Field(description="the actions in force at this point")
    state: dict[str, Any] = Field(description="the game's snapshot")


class Course(BaseModel):
    last: int = Field(description="the actions in force now")
    samples: list[Sample] = Field(description="snapshots from move 0 to `last`, in order")


class MoveChoice(BaseModel):
    action: str = Field(description="the action's text, to send as a move")
    label: str = Field(description="what it does, in English")
    words: Words = Field(description="the same sentence as data, for the reader's language")
    note: Words | None = Field(None, description="a note beside the choice, as data (only where"
                               " the title has one: a legal move worth a thought first)")


class PlayerView(BaseModel):
    seat: int
    name: str
    bot: str | None = Field(description="the bot playing the seat; null: a person")
    connected: bool
    webhook: bool


class LastMove(BaseModel):
    action: str
    seat: int
    name: str
    answered_by: int | None = Field(description="the first other seat that acted after this"
                                    " move, even with a move taken back since (null: none);"
                                    " with the table option undo \"unanswered\" the move"
                                    " can no longer be taken back")


class GameResult(BaseModel):
    scores: list[int]
    winners: list[int]


class GameView(BaseModel):
    """``GET /api/games/{id}``: the whole game as a page needs it."""

    id: str
    title: str
    name: str | None
    index: int = Field(description="the actions in force")
    seq: int = Field(description="the log entries so far (moves and undos)")
    current_player: int = Field(description="the seat to act; -1 once the game is over")
    over: bool
    state: dict[str, Any] = Field(description="the game's snapshot (its title's schema)")
    legal: list[str]
    moves: list[MoveChoice]
    result: GameResult | None
    options: dict[str, Any]
    bot_after: float | None = Field(description="seconds before a bot moves for an idle"
                                    " seat (null: never)")
    bot_delay: float = Field(description="the table option: seconds a bot waits after the"
                             " last move before its own (0: at once)")
    created: str
    players: list[PlayerView]
    last: LastMove | None
    chat: list[ChatLine]
    hints: bool = Field(description="the table option: whether the seat on turn may ask"
                        " GET /api/games/{id}/hint")
    undo: UndoOption = Field(description="the table option: \"free\" or \"unanswered\""
                             " (an undo only until another seat acts after the move)")
    undo_seat: int | None = Field(description="the seat whose POST .../undo is taken now:"
                                  " its own move last in force, or (free undo) followed only"
                                  " by bot seats' moves, which it takes back too; null: none")


class HintRunnerUp(BaseModel):
    """A hint's runner-up when the hint is a close call."""

    action: str = Field(description="the runner-up's text, to send as a move")
    sentence: str = Field(description="what it does, in the requested language")
    chance: float = Field(description="the mover's winning chance after it, 0-1")


class HintRival(BaseModel):
    """The rival whose winning chance moved most the other way since the seat's last hint."""

    seat: int = Field(description="the rival's seat (0-based)")
    name: str = Field(description="the rival's name")
    from_: float = Field(alias="from", description="its chance at the seat's last hint, 0-1")
    to: float = Field(description="its chance now, 0-1")


class HintSince(BaseModel):
    """How the hint's chance moved since the seat's last hint, when by 0.15 or more."""

    chance: float = Field(description="the seat's chance at its last hint, 0-1")
    moves: int = Field(description="the moves played since that hint")
    surprise: bool = Field(
        default=False, description="moved by 0.4 or more: a short search's chance, whose"
        " playouts play simply for everyone, turned by a move it did not expect")
    rival: HintRival | None = Field(
        default=None, description="the rival whose chance moved most the other way (0.08"
        " at least; else null): whose moves changed the estimate")


class HintReply(BaseModel):
    """``GET /api/games/{id}/hint``: the move a short search prefers for the seat on turn."""

    index: int = Field(description="the actions in force: the position the hint is for")
    action: str = Field(description="the action's text, to send as a move")
    sentence: str = Field(description="what it does, in the requested language")
    words: Words = Field(description="the same sentence as data, for the reader's language")
    reason: str | None = Field(description="why, in the requested language, when the"
                               " title's words offer a reason (else null)")
    chance: float | None = Field(default=None, description="the mover's winning chance"
                                 " after the move as the search estimates it, 0-1 (null"
                                 " when no search answered)")
    by: Literal["search", "points", "margin", "medium", "only"] = Field(
        default="search", description="what chose the move: `search` (a short search,"
        " deterministic), `points` (the same search found no winning line in reach: the"
        " move keeps the mover's score nearest the leader's), `margin` (every line it"
        " searched wins: the move plays for the widest margin), `medium` (the medium bot:"
        " the search could not run in time) or `only` (the only legal move)")
    close: HintRunnerUp | None = Field(
        default=None, description="when the search's runner-up does about as well as the"
        " move (its winning chance within 0.03 of it, within a short search's noise): that"
        " move, so the page can say the hint is a close call; else null")
    then: list[str] = Field(
        default_factory=list, description="the sentences of the mover's own next moves as"
        " the search plans them (a move of several steps: choose an action, then bid or"
        " forgo it; at most 3, in the requested language); the next hint keeps to this plan"
        " while the search rates it within 0.03 of its own choice")
    since: HintSince | None = Field(
        default=None, description="when the chance moved by 0.15 or more since the seat's"
        " last hint that the server keeps (within 80 positions): that hint's chance, the"
        " moves since and the rival whose chance moved most the other way; else null")


class WordsReply(BaseModel):
    lang: str
    words: dict[str, str]


def _error(description: str, headers: dict[str, Any] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"model": Refusal, "description": description}
    if headers:
        out["headers"] = headers
    return out


RETRY = {"Retry-After": {"description": "seconds to wait before asking again",
                         "schema": {"type": "integer", "minimum": 1}}}
BEARER = {"WWW-Authenticate": {"description": "`Bearer`", "schema": {"type": "string"}}}
ERRORS: dict[int, dict[str, Any]] = {
    400: _error("a body that is not JSON text (not UTF-8)"),
    401: _error("no token, where one is needed", BEARER),
    403: _error("a token that holds no seat here, a seat not on turn, not the owner, not"
                " an open game, or over this server's bot caps"),
    404: _error("no such game (or seat)"),
    408: _error("the request body did not arrive in time"),
    409: _error("`index` is not the current index (stale or duplicate), the game is over,"
                " or the seat is taken or a bot's"),
    411: _error("a chunked body without Content-Length"),
    413: _error("the request body is over the server's limit"),
    422: _error("a field that does not validate (`detail`: a list of problems), or an"
                " action, option or record the game refuses (`detail`: the reason)"),
    429: _error("too many requests of this kind from this address or token", RETRY),
    503: _error("the server is busy (drawings queued, the database away for a moment or"
                " analysis turned off or full)", RETRY),
}
BODY_ERRORS = (400, 408, 411, 413, 422)  # routes that take a JSON body


def errors(*statuses: int, said: dict[int, str] | None = None) -> dict[int | str, Any]:
    """The documented error answers ``statuses`` (one shared description of each), and
    those of ``said`` with a description of the route's own."""
    out: dict[int | str, Any] = {status: ERRORS[status] for status in statuses}
    for status, description in (said or {}).items():
        out[status] = {**ERRORS[status], "description": description}
    return out
