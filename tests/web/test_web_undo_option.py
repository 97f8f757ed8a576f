"""The table option undo "unanswered", in Chromium: the lobby's box (off by default) creates
a game with it; on the game page the undo button stays while your move is unanswered, and
once another player (a bot too) has moved after it, it is shown disabled with the reason.
Without it (free undo) the button takes back your move and the bots' answers after it."""

from __future__ import annotations

from typing import Any

from webplay import click_action, click_create, get_json, is_my_turn, offered, post_json

NAMES = ["Ann", "Bob"]


def test_the_lobby_box_creates_the_game_and_the_page_says_why_undo_is_off(
        base_url: str, open_page: Any) -> None:
    page = open_page().page
    for limited in (True, False):
        page.goto(f"{base_url}/")
        page.wait_for_selector("body[data-ready='1']")
        box = page.locator("#undo-unanswered")
        assert not box.is_checked()  # free undo by default
        label = page.locator("label.undo-choice").text_content() or ""
        assert "Undo only before anyone answers" in label
        if limited:
            box.check()
        page.select_option("#title", "chicago-express")
        game_id = click_create(page)["id"]
        page.wait_for_url(f"**/g/{game_id}")  # against bots: the table at once
        view = get_json(f"{base_url}/api/games/{game_id}")
        assert view["undo"] == ("unanswered" if limited else "free")
        assert is_my_turn(page)
        click_action(page, offered(page)[0])  # the bots answer at once
        page.wait_for_selector("#turn.mine")
        undo, why = page.locator("#undo"), page.locator("#undo-why")
        if limited:
            assert undo.is_visible() and undo.is_disabled()
            text = why.text_content() or ""
            assert why.is_visible() and text.startswith("No undo: "), text
            assert "moved last" in text or "has moved since your move" in text, text
            assert "allows undo only until someone answers" in text
            assert undo.get_attribute("aria-describedby") == "undo-why"
        else:  # free: your move and the bots' answers after it are taken back together,
            # said beside the button (the 41st newcomer run did not dare press it)
            assert undo.is_visible() and undo.is_enabled()
            text = why.text_content() or ""
            assert why.is_visible() and text.startswith("Undo would take back your move: "), text
            assert text.endswith("bot moves after it.") or text.endswith(
                "the bot's move after it."), text
            assert undo.get_attribute("aria-describedby") == "undo-why"
            undo.click()
            page.wait_for_selector("#game[data-game-index='0'][aria-busy='false']")
            assert get_json(f"{base_url}/api/games/{game_id}")["index"] == 0
            assert is_my_turn(page)


def test_an_unanswered_move_may_be_taken_back_an_answered_one_says_who(
        base_url: str, open_page: Any) -> None:
    made: dict[str, Any] = post_json(f"{base_url}/api/games", {
        "title": "chicago-express", "players": 2, "seats": [{"name": n} for n in NAMES],
        "undo": "unanswered"})
    game_id, bob = made["id"], made["seats"][1]["token"]
    page = open_page().page
    page.goto(made["seats"][0]["invite_url"])
    assert is_my_turn(page)
    click_action(page, offered(page)[0])  # CE-2.1: Ann opens an auction
    undo = page.locator("#undo")
    undo.wait_for(state="visible")
    said = page.locator("#undo-why").text_content() or ""
    assert undo.is_enabled() and said.startswith("Undo would take back your move: "), said
    assert said.endswith(".") and "after it" not in said, said  # nobody answered
    view = get_json(f"{base_url}/api/games/{game_id}")
    post_json(f"{base_url}/api/games/{game_id}/actions",
              {"action": view["legal"][0], "index": 1}, bob)
    post_json(f"{base_url}/api/games/{game_id}/undo", {"index": 2}, bob)  # Bob takes it back
    # the page may see Bob's move before his undo ("Bob moved last ..."): the words after
    # the undo come with the next update (a loaded CI run read them in between)
    page.wait_for_function("() => { const why = document.querySelector('#undo-why');"
                           " return !why.hidden && why.textContent.startsWith("
                           "'No undo: Bob has moved since your move'); }")
    assert undo.is_visible() and undo.is_disabled()
    assert get_json(f"{base_url}/api/games/{game_id}")["last"]["answered_by"] == 1
