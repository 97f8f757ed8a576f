"""The table's words and layout (issue 29, items 2, 5 and 9), in real Chromium:
Trans-Siberian's own "stop" label, the companies table whole at 1366 px, the share track
whole on a phone, why "forgo" is the only move, refusals naming players, the undo line
naming who took back what, and "My games" in words."""

from __future__ import annotations

from typing import Any

from webapi import create, play_until
from webplay import click_action, create_in_lobby, is_my_turn, offered, wait_loaded

NAMES = ["Ann", "Bob", "Cleo"]


def page_of_current(base_url: str, open_page: Any, made: dict[str, Any], view: dict[str, Any],
                    **kw: Any) -> Any:
    page = open_page(**kw).page
    page.goto(made["seats"][view["current_player"]]["invite_url"])
    wait_loaded(page)
    return page


def test_trans_siberian_stop_has_its_own_label(base_url: str, open_page: Any) -> None:
    made = create(base_url, "trans-siberian", NAMES)
    view = play_until(base_url, made, lambda v: "stop" in v["legal"], seed=2)
    page = page_of_current(base_url, open_page, made, view, width=1366, height=768)
    assert is_my_turn(page)
    label = page.locator("#actions button[data-action='stop']").inner_text()
    company = view["state"]["build"]["company"]
    assert label == f"Finish the build: no second {company} link", label
    assert "placed" not in label


def table_fits(page: Any) -> None:
    page.wait_for_selector("table.companies")
    fit = page.evaluate("""() => {
        const table = document.querySelector('table.companies');
        const card = table.closest('.card');
        const last = [...table.querySelectorAll('thead th')].pop().getBoundingClientRect();
        return {table: table.scrollWidth, card: card.clientWidth,
                right: last.right, cardRight: card.getBoundingClientRect().right};
    }""")
    assert fit["right"] <= fit["cardRight"], fit
    assert fit["table"] <= fit["card"], fit


def test_companies_tables_fit_at_1366(base_url: str, open_page: Any) -> None:
    for title, lang in (("trans-siberian", "de-DE"), ("chicago-express", "de-DE"),
                        ("chicago-express", "es-ES"), ("chicago-express", "en-US")):
        made = create(base_url, title, NAMES)
        view = play_until(base_url, made, lambda v: v["index"] >= 12, seed=1)
        page = page_of_current(base_url, open_page, made, view, width=1366, height=768,
                               locale=lang)
        table_fits(page)
        dividend = page.locator("table.companies thead th").nth(4 if title == "chicago-express"
                                                                else 3)
        assert dividend.is_visible()


def test_share_track_whole_on_a_phone(base_url: str, open_page: Any) -> None:
    made = create(base_url, "trans-siberian", NAMES)
    view = play_until(base_url, made, lambda v: any(a.startswith("value ") for a in v["legal"]),
                      seed=1)
    page = page_of_current(base_url, open_page, made, view, width=390, height=844, touch=True)
    page.wait_for_selector("#share-strip:visible")
    cells = page.locator("#share-cells li")
    assert cells.count() == 23
    assert cells.last.inner_text().startswith("$75")
    widths = page.evaluate("() => [...document.querySelectorAll('#share-cells li')]"
                           ".map(e => e.getBoundingClientRect().right)")
    assert max(widths) <= 390
    # choosing the share value works from the strip (the values are buttons)
    values = page.locator("#share-cells button[data-action^='value ']")
    assert values.count() >= 1
    before = view["index"]
    values.first.click()
    page.locator("#chooser:not([hidden]) button[data-confirm]").first.click()
    page.wait_for_function(
        f"() => document.querySelector('#game').dataset.gameIndex !== '{before}'")
    # the desktop hides the strip (the drawn track fits there)
    wide = page_of_current(base_url, open_page, made, view, width=1366, height=768)
    assert wide.locator("#share-strip").is_hidden()


def test_only_forgo_says_why(base_url: str, open_page: Any) -> None:
    def forgo(v: dict[str, Any]) -> bool:
        return [m["words"]["key"] for m in v["moves"]] == ["ce.move_forgo_build"]

    for seed in range(1, 12):
        made = create(base_url, "chicago-express", NAMES)
        view = play_until(base_url, made, forgo, seed=seed, limit=400)
        if forgo(view):
            break
    else:
        raise AssertionError("no build with nothing to build in 11 games")
    page = page_of_current(base_url, open_page, made, view, width=1366, height=768,
                           locale="es-ES")
    help_box = page.locator("#actions .help.forgo")
    assert help_box.is_visible()
    text = help_box.inner_text()
    assert text.startswith("Ahora no se puede construir nada"), text
    assert help_box.locator("li").count() >= 1


def test_refusals_name_players_and_the_undo_line_names_who(base_url: str,
                                                           open_page: Any) -> None:
    made = create(base_url, "chicago-express", ["Ann", "Bob"])
    first = play_until(base_url, made, lambda v: True)["current_player"]
    page = open_page().page
    page.goto(made["seats"][first]["invite_url"])
    assert is_my_turn(page)
    shown = page.evaluate("""async () => {
        const { refusalText } = await import('/static/js/i18n.js');
        const names = ['Ann', 'Bob'];
        return [
          refusalText({ status: 422, data: { detail:
            "illegal action forgo: not allowed now; step 'choose action' (player 0):"
              + " choose auction" } },
            (n) => names[n]),
          refusalText({ status: 0, network: true, data: { detail: 'TypeError: Failed to fetch' } }),
          refusalText({ status: 403, data: { words: { key: 'refusal.not_your_turn',
            values: { seat: 0, current: 1 } } } }),
        ];
    }""")
    assert shown[0].endswith("step 'choose action' (Ann): choose auction"), shown
    assert shown[1] == "Can't reach the server — reconnecting…"
    assert "seat 1" in shown[2] and "seat 2" in shown[2], shown
    move = offered(page)[0]
    click_action(page, move)
    page.click("#undo")
    page.wait_for_selector("#log li.undo")
    line = page.locator("#log li.undo").inner_text()
    me = ["Ann", "Bob"][first]
    assert line.startswith(f"{me} takes back the last move ("), line


def test_my_games_in_words(base_url: str, open_page: Any) -> None:
    w = open_page()
    create_in_lobby(w.page, base_url, "chicago-express", [{"name": "Ann"}, {"name": "Bob"}])
    w.page.reload()
    w.page.wait_for_selector("#mine li.my-game .who:not(:empty)")
    item = w.page.locator("#mine li.my-game").first
    text = item.inner_text()
    assert text.startswith("Chicago Express"), text
    assert "chicago-express" not in text
    assert "with Ann, Bob" in text and "started " in text, text
