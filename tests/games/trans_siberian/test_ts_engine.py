"""The state interface: refusals, clones, snapshots, determinism and the text view."""

from __future__ import annotations

import io
import json
import random

import pytest
from rich.console import Console
from ts_helpers import build_leaning, builder, give, new, opened, play, texts

from cuberail.core.actions import Action
from cuberail.core.errors import IllegalActionError
from cuberail.games.trans_siberian.actions import parse_pay, pay_arg, payee_bit
from cuberail.terminal import face
from cuberail.terminal import trans_siberian as view


@pytest.mark.parametrize("text", [
    "buy red", "bid 7", "bid 100", "value 8", "link moscow-kazan", "stop", "surcharge red",
    "build red", "dance", "link nowhere",
])
def test_refused_actions_leave_the_state_untouched(text: str) -> None:
    s = new()
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalActionError) as err:
        s.apply(Action.from_text(text))
    assert err.value.reason
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_refusals_during_a_build_name_the_reason() -> None:
    s = builder()
    play(s, "build red")
    with pytest.raises(IllegalActionError, match="'pass' is not allowed now; allowed: link"):
        play(s, "pass")
    with pytest.raises(IllegalActionError, match="write 'link ID'"):
        play(s, "link atlantis")
    play(s, "link kazan-yekaterinburg")
    with pytest.raises(IllegalActionError, match="already owned by red"):
        play(s, "link kazan-yekaterinburg")


def test_the_game_over_refuses_everything() -> None:
    s = opened(dividend_track=1, timing_track=1)
    play(s, "pass")
    with pytest.raises(IllegalActionError, match="the game is over"):
        play(s, "pass")


def test_clone_is_independent() -> None:
    s = builder()
    twin = s.clone()
    play(twin, "build red", "link kazan-yekaterinburg", "stop")
    assert s.owner != twin.owner and s.treasury != twin.treasury
    assert texts(s) != texts(twin)
    play(s, "build red", "link kazan-yekaterinburg", "stop")
    assert s.to_json() == twin.to_json()


def test_legal_actions_are_deterministic() -> None:
    def run() -> list[list[str]]:
        rng, s, seen = random.Random(5), new(4), []
        while not s.is_terminal():
            seen.append(texts(s))
            s.apply(build_leaning(s, rng))
        return seen

    assert run() == run()


def test_pay_words_round_trip() -> None:
    key = 2 * payee_bit(1) + payee_bit(6)
    assert pay_arg(key) == "pay:blue,blue,bank"
    assert parse_pay("pay:blue,blue,bank") == key
    assert parse_pay("pay:purple") is None and parse_pay("blue") is None
    action = Action.from_text("link omsk-barnaul pay:blue,blue,bank")
    assert action.args == ("omsk-barnaul", "pay:blue,blue,bank")
    assert Action.from_json(action.to_json()) == action


def test_snapshot_is_plain_json() -> None:
    s = builder()
    give(s, "blue", "yaroslavl-kirov")
    play(s, "build red", "link kirov-yekaterinburg pay:blue,blue")
    data = s.to_json()
    assert json.loads(json.dumps(data)) == data
    assert data["build"] == {"company": "red", "first_link": "kirov-yekaterinburg",
                             "second_from": ["yekaterinburg"]}
    assert data["links"]["kirov-yekaterinburg"] == "red"
    assert data["players"][0]["score"] == s.scores()[0]


def test_view_renders_in_100_columns_and_describes_every_action() -> None:
    assert face("trans-siberian") is view
    rng, s, step = random.Random(3), new(5), 0
    names = ["Anastasia", "Boris", "Catherine", "Dmitri", "Elena"]
    while not s.is_terminal():
        step += 1
        if step % 9 == 0:  # drawing is slow; every step kind still comes by
            out = io.StringIO()
            Console(file=out, width=100).print(view.render(s, names))
            assert max(len(line) for line in out.getvalue().splitlines()) <= 100
        for action in s.legal_actions():
            assert view.describe_action(s, action)
        before = s.clone()
        s.apply(build_leaning(s, rng))
        view.events(before, s, names)
    out = io.StringIO()
    Console(file=out, width=100).print(view.render(s, names))
    assert "game over" in out.getvalue()


def test_describe_action_examples() -> None:
    s = opened()
    assert view.describe_action(s, Action.from_text("buy red")) == "buy a share of red for $12"
    s = builder()
    give(s, "blue", "yaroslavl-kirov")
    play(s, "build red")
    text = view.describe_action(s, Action.from_text("link kirov-yekaterinburg pay:blue,blue"))
    assert text == ("build Kirov–Yekaterinburg 3 for red: $8 (jumping 2 links of other owners:"
                    " blue $4), income +3")
