"""A seat's link as a QR code (issue 29, the 37th newcomer run copied the address bar to
go on from a phone and found itself watching: the seat's link is in "On another device";
the code takes it to a phone by its camera). Drawn only for the token that holds the
seat: the code is the seat."""

from __future__ import annotations

import segno
from fastapi.testclient import TestClient
from play import auth, new_game

from cuberail.server.runtime import seat_url
from cuberail.server.seatcode import seat_code


def test_the_code_is_the_seats_own_link(client: TestClient) -> None:
    game = new_game(client, players=3, bots={1: "random"})
    seat = game["seats"][2]
    reply = client.get(f"/api/games/{game['id']}/seats/2/link.svg",
                       headers=auth(seat["token"]))
    assert reply.status_code == 200, reply.text
    assert reply.headers["content-type"].startswith("image/svg+xml")
    assert reply.headers["cache-control"] == "no-store"  # it holds the token
    # the same link as the invite link the game's creation answered, drawn as a code
    assert seat["invite_url"] == seat_url("http://testserver", game["id"], 2, seat["token"])
    assert reply.content == seat_code(seat["invite_url"], "QR code: seat 3's link")
    assert b"viewBox" in reply.content and b"<title>QR code: seat 3" in reply.content
    other = seat_code(seat_url("http://testserver", game["id"], 0, seat["token"]), "x")
    assert other != seat_code(seat["invite_url"], "x")  # the seat's number is in the code


def test_the_code_encodes_the_link_in_a_readable_version() -> None:
    """A link with a 43-character token fits version 6 at error correction M (41
    modules): small enough for a phone's camera at the page's 148 px."""
    url = seat_url("https://cuberail.example.org", "PqiR8Z9nldQ", 3, "x" * 43)
    code = segno.make(url, error="m")
    assert code.version <= 6 and code.error == "M"


def test_no_code_for_a_stranger_or_another_seat(client: TestClient) -> None:
    game = new_game(client, players=3)
    path = f"/api/games/{game['id']}/seats/1/link.svg"
    assert client.get(path).status_code == 401  # no token
    assert client.get(path, headers=auth("forged-token")).status_code == 403
    mine = game["seats"][0]["token"]
    refused = client.get(path, headers=auth(mine))  # seat 0's token, seat 1's code
    assert refused.status_code == 403 and "svg" not in refused.headers["content-type"]
    assert refused.json()["detail"]
    assert client.get("/api/games/nosuchgame/seats/0/link.svg",
                      headers=auth(mine)).status_code == 404
    assert client.get(f"/api/games/{game['id']}/seats/9/link.svg",
                      headers=auth(mine)).status_code == 403
