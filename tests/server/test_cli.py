"""`cuberail serve` and `cuberail join`: their arguments and the invite links they read."""

from __future__ import annotations

import pytest

from cuberail.cli.join import Invite
from cuberail.cli.main import main
from cuberail.core.errors import CuberailError


def test_an_invite_link_names_the_server_game_seat_and_token() -> None:
    invite = Invite.parse("https://games.example/cr/g/AbC_12#seat=2&token=s3cr3t")
    assert invite == Invite("https://games.example/cr", "AbC_12", 2, "s3cr3t")


@pytest.mark.parametrize("url", ["games.example/g/x#seat=1&token=t", "http://h/x#seat=1&token=t",
                                 "http://h/g/x", "http://h/g/x#seat=a&token=t",
                                 "http://h/g/x#seat=1"])
def test_a_link_that_is_not_an_invite_is_refused_with_the_expected_form(url: str) -> None:
    with pytest.raises(CuberailError, match=r"invite|seat and token"):
        Invite.parse(url)


def test_join_with_a_bad_link_exits_2_with_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["join", "http://127.0.0.1:9/nothing"]) == 2
    assert "not an invite link" in capsys.readouterr().err


def test_join_refuses_an_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["join", "http://127.0.0.1:9/g/x#seat=0&token=t", "--bot", "genius"]) == 2
    assert "unknown bot" in capsys.readouterr().err


def test_serve_refuses_an_unsupported_database(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--database-url", "mysql://u@h/db"]) == 2
    assert "sqlite" in capsys.readouterr().err
