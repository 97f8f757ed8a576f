"""Real records of both titles, and the ways the fuzz tests break them.

Each mutation takes the bytes of a real record and a random source and returns bytes: a
record with one kind of damage. Most work on the parsed JSON (fields deleted, retyped,
actions shuffled...); some only make sense on the text or the bytes (deep nesting, huge
integers, which ``json.dumps`` itself refuses to write, bad UTF-8, truncation).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

from cuberail.core.errors import RecordError
from cuberail.core.record import Record, new_record, replay
from cuberail.games import get_game, titles

Mutation = Callable[[bytes, random.Random], bytes]
FIELDS = ("format", "title", "rules_version", "options", "players", "actions", "meta")
ODD_VALUES: tuple[Any, ...] = (None, True, False, 0, -1, 7, 2**31, 1.5, 7.0, "", "x", "7",
                               [], [1], ["a"], {}, {"a": 1}, [[[]]], 10**19)


@cache
def real_records() -> tuple[bytes, ...]:
    """Whole and partial seeded random games of every title, as saved-file bytes."""
    out = []
    for title in titles():
        info = get_game(title)
        for seed in range(3):
            players = info.min_players + seed % (info.max_players - info.min_players + 1)
            rng = random.Random(f"{title}/{seed}")
            record = new_record(info, [f"p{i}" for i in range(players)], {})
            record.meta = {"seed": seed, "note": "fuzz"}
            state = info.new_game(players)
            stop = None if seed == 0 else rng.randrange(1, 60)
            while not state.is_terminal() and (stop is None or len(record.actions) < stop):
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
                state.apply(action)
                record.actions.append(action)
            out.append((record.dumps() + "\n").encode())
    return tuple(out)


def _data(raw: bytes) -> dict[str, Any]:
    data = json.loads(raw)
    if not isinstance(data, dict):
        raise ValueError("not a JSON object: nothing to damage further")
    return data


def _dump(data: object) -> bytes:
    return json.dumps(data).encode()


def _edit_actions(raw: bytes, rng: random.Random, edit: Callable[[list[Any], int], None]) -> bytes:
    data = _data(raw)
    actions = data["actions"]
    if actions:
        edit(actions, rng.randrange(len(actions)))
    return _dump(data)


def delete_action(raw: bytes, rng: random.Random) -> bytes:
    return _edit_actions(raw, rng, lambda a, i: a.pop(i))


def duplicate_action(raw: bytes, rng: random.Random) -> bytes:
    return _edit_actions(raw, rng, lambda a, i: a.insert(i, a[i]))


def swap_actions(raw: bytes, rng: random.Random) -> bytes:
    def swap(actions: list[Any], i: int) -> None:
        j = rng.randrange(len(actions))
        actions[i], actions[j] = actions[j], actions[i]
    return _edit_actions(raw, rng, swap)


GARBAGE_ACTIONS: tuple[Any, ...] = (
    "", " ", "bid", "bid 7.0", "bid True", "bid -0", "bid 007", "bid 99999999999",
    "bid " + "9" * 300, "BID 7", "7 bid", "bid\x007", "bid 7\n", "pass pass", "share B&O",
    "place Z99", "nonsense", "bid ²", "bid \u0663", "bid +7", "x" * 201, "pass " * 20,
    {"kind": "bid", "args": [7.0]}, {"kind": "bid", "args": [True]}, {"kind": "bid"},
    {"kind": "bid", "args": [10**12]}, {"kind": "bid", "args": "7"}, {"kind": "Bid"},
    {"kind": "bid", "args": [7], "extra": 1}, {"args": [7]}, 7, None, [], ["bid", 7],
    {"kind": "bid", "args": [[7]]}, {"kind": "bid", "args": ["a b"]},
)


def garbage_action(raw: bytes, rng: random.Random) -> bytes:
    return _edit_actions(raw, rng, lambda a, i: a.insert(i, rng.choice(GARBAGE_ACTIONS)))


def other_legal_looking_action(raw: bytes, rng: random.Random) -> bytes:
    """An action text taken from elsewhere in this record (often legal-looking, rarely legal)."""
    return _edit_actions(raw, rng, lambda a, i: a.insert(i, rng.choice(a)))


def retype_field(raw: bytes, rng: random.Random) -> bytes:
    data = _data(raw)
    data[rng.choice(FIELDS)] = rng.choice(ODD_VALUES)
    return _dump(data)


def drop_field(raw: bytes, rng: random.Random) -> bytes:
    data = _data(raw)
    data.pop(rng.choice(FIELDS), None)
    return _dump(data)


def extra_field(raw: bytes, rng: random.Random) -> bytes:
    data = _data(raw)
    data[rng.choice(["extra", "Title", "version", ""])] = rng.choice(ODD_VALUES)
    return _dump(data)


def retype_item(raw: bytes, rng: random.Random) -> bytes:
    """One player name, option value or meta value of another type."""
    data = _data(raw)
    where = rng.choice(["players", "options", "meta"])
    box = data.setdefault(where, {})
    if isinstance(box, list) and box:
        box[rng.randrange(len(box))] = rng.choice(ODD_VALUES)
    elif isinstance(box, dict) and box:
        box[rng.choice(sorted(box))] = rng.choice(ODD_VALUES)
    return _dump(data)


def unknown_option(raw: bytes, rng: random.Random) -> bytes:
    data = _data(raw)
    data["options"][rng.choice(["colour", "x", "bid_limit", "seed2"])] = rng.choice([1, "a", True])
    return _dump(data)


def bad_option_value(raw: bytes, rng: random.Random) -> bytes:
    data = _data(raw)
    name = rng.choice(sorted(data["options"]))
    data["options"][name] = rng.choice([-1, 0, 10**6, "nope", "", True, 99, "a" * 101])
    return _dump(data)


def wrong_rules_version(raw: bytes, rng: random.Random) -> bytes:
    data = _data(raw)
    data["rules_version"] = rng.choice([0, -1, 2, 3, 10**6, 999_999, "1", 1.0, True, None])
    return _dump(data)


def wrong_title(raw: bytes, rng: random.Random) -> bytes:
    data = _data(raw)
    data["title"] = rng.choice([*titles(), "monopoly", "Chicago-Express", "", "a" * 41])
    return _dump(data)


def wrong_players(raw: bytes, rng: random.Random) -> bytes:
    data = _data(raw)
    data["players"] = rng.choice([[], ["solo"], ["a"] * 9, ["a"] * 7, [" ", "b", "c"],
                                  ["a" * 41, "b", "c"], ["a\tb", "c", "d"], ["<b>x</b>", "y"],
                                  ["[bold]x[/]", "y", "z"], ["\u202eevil", "y", "z"]])
    return _dump(data)


def meta_damage(raw: bytes, rng: random.Random) -> bytes:
    data = _data(raw)
    data["meta"] = rng.choice([[], "meta", 7, None, {"x": "a" * 70_000}, {"x": 1e308},
                               {"seats": [{"name": "a", "seed": 2**63}]}, {"": None}])
    return _dump(data)


def _text_insert(raw: bytes, rng: random.Random, piece: str) -> bytes:
    """Put ``piece`` into one of the record's strings (a name, an action, an option...)."""
    text = raw.decode()
    quotes = [i for i, c in enumerate(text) if c == '"']
    at = rng.choice(quotes) + 1
    return (text[:at] + piece + text[at:]).encode()


def surrogate(raw: bytes, rng: random.Random) -> bytes:
    return _text_insert(raw, rng, rng.choice(["\\ud800", "\\udfff", "\\udc80x", "\\ud83d"]))


def nul_escape(raw: bytes, rng: random.Random) -> bytes:
    return _text_insert(raw, rng, rng.choice(["\\u0000", "\\u001b[31m", "\\n", "\\u2028"]))


def nul_bytes(raw: bytes, rng: random.Random) -> bytes:
    at = rng.randrange(len(raw) + 1)
    return raw[:at] + b"\x00" * rng.randint(1, 3) + raw[at:]


BAD_UTF8 = (b"\xff", b"\x80", b"\xc3", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80",
            b"\xfe\xff")


def bad_utf8(raw: bytes, rng: random.Random) -> bytes:
    at = rng.randrange(len(raw) + 1)
    return raw[:at] + rng.choice(BAD_UTF8) + raw[at:]


def huge_int(raw: bytes, rng: random.Random) -> bytes:
    """A number of thousands of digits where a number (or an action's number) stands."""
    digits = "9" * rng.choice([13, 41, 4301, 5000, 100_000])
    text = raw.decode()
    targets = [f'"rules_version": {json.loads(raw)["rules_version"]}', '"bid ']
    target = rng.choice([t for t in targets if t in text] or targets[:1])
    replacement = (f'"rules_version": {digits}' if target.startswith('"rules')
                   else f'"bid {digits[:rng.choice([10, 200, 4400])]} ", "bid ')
    return text.replace(target, replacement, 1).encode()


def deep_nesting(raw: bytes, rng: random.Random) -> bytes:
    depth = rng.choice([65, 1000, 100_000])
    opener, closer = rng.choice([("[", "]"), ('{"a":', "}")])
    nested = opener * depth + "1" + closer * depth
    field = rng.choice(["meta", "options", "extra", "actions"])
    data = _data(raw)
    data[field] = "NESTED"
    return _dump(data).replace(b'"NESTED"', nested.encode())


def nan_constant(raw: bytes, rng: random.Random) -> bytes:
    data = _data(raw)
    data["meta"] = {"x": "CONSTANT"}
    constant = rng.choice(["NaN", "Infinity", "-Infinity"])
    return _dump(data).replace(b'"CONSTANT"', constant.encode())


def duplicate_key(raw: bytes, rng: random.Random) -> bytes:
    field = rng.choice(["title", "players", "rules_version"])
    text = raw.decode()
    return text.replace("{", '{"' + field + '": 1, ', 1).encode()


def truncate(raw: bytes, rng: random.Random) -> bytes:
    return raw[: rng.randrange(len(raw))]


def flip_byte(raw: bytes, rng: random.Random) -> bytes:
    at = rng.randrange(len(raw))
    return raw[:at] + bytes([rng.randrange(256)]) + raw[at + 1:]


def not_an_object(raw: bytes, rng: random.Random) -> bytes:
    return rng.choice([b"[]", b"null", b"7", b'"record"', b"true", b"", b"  ", b"\xef\xbb\xbf",
                       b"[" + raw + b"]"])


def oversize(raw: bytes, rng: random.Random) -> bytes:
    data = _data(raw)
    kind = rng.choice(["actions", "pad", "players"])
    if kind == "actions":
        data["actions"] = data["actions"] + ["pass"] * 20_001
        return _dump(data)
    if kind == "players":
        data["players"] = ["p"] * 100_000
        return _dump(data)
    return raw + b" " * (5 * 1024 * 1024)


MUTATIONS: dict[str, Mutation] = {
    f.__name__: f for f in (
        delete_action, duplicate_action, swap_actions, garbage_action,
        other_legal_looking_action, retype_field, drop_field, extra_field, retype_item,
        unknown_option, bad_option_value, wrong_rules_version, wrong_title, wrong_players,
        meta_damage, surrogate, nul_escape, nul_bytes, bad_utf8, huge_int, deep_nesting,
        nan_constant, duplicate_key, truncate, flip_byte, not_an_object, oversize)
}

# Kinds whose every output must be refused when read (the others may yield a valid game, or
# be refused by the game itself on replay: an unknown option, a player count it does not take).
ALWAYS_REFUSED = frozenset({
    "extra_field", "surrogate", "nul_bytes", "bad_utf8", "huge_int", "deep_nesting", "nan_constant",
    "duplicate_key", "not_an_object", "oversize",
})


def one_line(exc: BaseException) -> str:
    """The message of a refusal, checked to be one short printable line."""
    message = str(exc)
    assert message.isprintable() and 0 < len(message) <= 600, repr(message)
    return message


def outcome(raw: bytes) -> str:
    """What reading ``raw`` as a record gives: 'refused', 'replay refused' or 'game'.

    Any exception but RecordError fails. A game is checked to be correct: every action
    in the legal list where it was played, the record round-tripping through its text.
    """
    try:
        record = Record.loads(raw)
    except RecordError as exc:
        assert one_line(exc).startswith("record refused: ")
        return "refused"
    assert Record.loads(record.dumps()) == record
    try:
        state = replay(record, get_game)
    except RecordError as exc:
        one_line(exc)
        assert exc.index is None or 0 <= exc.index < len(record.actions)
        return "replay refused"
    info = get_game(record.title)
    again = info.new_game(len(record.players),
                          info.record_options(record.rules_version, record.options))
    for action in record.actions:
        assert action in again.legal_actions()
        again.apply(action)
    assert again.to_json() == state.to_json()
    return "game"
