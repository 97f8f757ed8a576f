"""`cuberail serve` and `cuberail join`: their arguments and the invite links they read."""

from __future__ import annotations

import io
import socket

import pytest
from fastapi.testclient import TestClient
from play import new_game
from rich.console import Console

from cuberail.cli.join import Invite, Remote, join_loop
from cuberail.cli.main import main
from cuberail.cli.serve import listen
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


def test_a_human_joins_moves_from_the_menu_and_quits(client: TestClient) -> None:
    game = new_game(client, 3, bots={1: "random", 2: "random"})
    answers = iter(["help", "board", "bid 8", "undo", "quit"])
    remote = Remote(Invite.parse(game["seats"][0]["invite_url"]), client, use_socket=False,
                    poll_every=0.05)
    console = Console(file=io.StringIO(), width=110)
    assert join_loop(remote, lambda _prompt: next(answers), console, wait=1) == 0
    log = client.get(f"/api/games/{game['id']}/actions").json()["entries"]
    assert (log[0]["seat"], log[0]["action"]) == (0, "bid 8")
    out = console.file.getvalue()  # type: ignore[attr-defined]
    # `help` printed the commands (headed "Commands" since aa9f88c's key table)
    assert "\nCommands\n" in out and "save [FILE]" in out and "left the game" in out


@pytest.mark.parametrize(("flag", "value", "said"), [
    ("--port", "99999", "--port must be from 1 to 65535"),
    ("--port", "0", "--port must be from 1 to 65535"),
    ("--port", "-5", "--port must be from 1 to 65535"),
    ("--bot-time", "-1", "--bot-time must be from 0.01 to 600"),
    ("--bot-time", "nan", "--bot-time must be from 0.01 to 600"),
    ("--bot-time", "inf", "--bot-time must be from 0.01 to 600"),
    ("--bot-workers", "0", "--bot-workers must be from 1 to 64"),
    ("--public-url", "games.example", "is not a base URL"),
    ("--public-url", "ftp://games.example", "is not a base URL"),
    ("--public-url", "https://h/?x=1", "is not a base URL"),
    ("--public-url", "https://h:99999", "is not a base URL"),
    ("--host", "no-such-host.invalid", "--host 'no-such-host.invalid': not an address"),
    ("--host", "192.0.2.77", "cannot listen on 192.0.2.77:8000"),
])
def test_serve_refuses_a_bad_value_before_it_starts(flag: str, value: str, said: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """A port out of range used to be served on another port (99999 -> 34463) under the
    announced one; a bad bot time or worker count failed later, in a game or with a traceback;
    a host this machine lacks ended with uvicorn's log line and exit code 3."""
    assert main(["serve", "--database-url", "sqlite:///x.db", f"{flag}={value}"]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


def test_serve_on_a_busy_port_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["serve", "--database-url", "sqlite:///x.db", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert f"cannot listen on 127.0.0.1:{port}" in err and "choose another --port" in err


def test_the_listening_socket_is_bound_to_the_address_announced() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    sock = listen("127.0.0.1", port)
    try:
        assert sock.getsockname() == ("127.0.0.1", port)
        assert sock.get_inheritable()  # bot worker processes are started after it
    finally:
        sock.close()
