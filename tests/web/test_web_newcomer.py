"""A newcomer's run of the browser table (issue 29, second round), in real Chromium: the
board zoomed to Trans-Siberian's links on a phone, the gauges' and bids' words, plurals of
one, headers that break only between words, the log beside the board, the lobby's labels."""

from __future__ import annotations

import json
import re
from importlib.resources import files
from typing import Any

import pytest
from test_web_ts_labels import NAMES, page_of_current, table_fits
from webapi import create, play_until
from webplay import click_action, create_in_lobby, get_json, is_my_turn, post_json

PHONE = {"width": 390, "height": 844, "touch": True}


def _settled(page: Any) -> None:
    """The live connection open and its first refresh done (no redraw under the test)."""
    page.wait_for_selector("#game[data-live='1']")
    page.wait_for_timeout(300)
    page.wait_for_selector("#game[aria-busy='false']")


def _links_to_build(view: dict[str, Any]) -> bool:
    return view["index"] > 8 and any(a.startswith("link ") for a in view["legal"])


def _svg_width(page: Any) -> float:
    return float(page.evaluate("() => document.querySelector('#board svg')"
                               ".getBoundingClientRect().width"))


def test_trans_siberian_on_a_phone_zooms_to_the_links_and_back(base_url: str,
                                                               open_page: Any) -> None:
    made = create(base_url, "trans-siberian", NAMES)
    view = play_until(base_url, made, _links_to_build, seed=2)
    page = page_of_current(base_url, open_page, made, view, **PHONE)
    assert is_my_turn(page)
    frame = page.locator("#board").bounding_box()
    assert _svg_width(page) > 3 * frame["width"]  # far closer than the phone's 1.8
    boxes = page.evaluate("() => [...document.querySelectorAll('#board .target rect')]"
                          ".map(r => { const b = r.getBoundingClientRect();"
                          " return [b.left, b.top, b.right, b.bottom]; })")
    assert boxes and min(b[2] - b[0] for b in boxes) >= 16  # a value box a finger can hit
    assert all(b[0] >= frame["x"] - 1 and b[2] <= frame["x"] + frame["width"] + 1
               and b[1] >= frame["y"] - 1 and b[3] <= frame["y"] + frame["height"] + 1
               for b in boxes), (boxes, frame)
    page.click("#zoom-fit")  # "Whole map"
    assert page.locator("#zoom-fit").inner_text() == "Whole map"
    assert abs(_svg_width(page) - frame["width"]) < 20
    click_action(page, sorted(a for a in view["legal"] if a.startswith("link "))[0])


WORD_SPLIT = """() => [...document.querySelectorAll('table thead th')].flatMap(th => {
    // each word of the header on one line: a range over the word has one client rect
    const out = [];
    const walk = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      for (const m of node.textContent.matchAll(/[^\\s/]+/g)) {
        const r = document.createRange();
        r.setStart(node, m.index);
        r.setEnd(node, m.index + m[0].length);
        const lines = new Set([...r.getClientRects()].map(x => Math.round(x.top)));
        if (lines.size > 1) out.push(m[0]);
      }
    }
    return out;
  })"""


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
@pytest.mark.parametrize("size", [(1366, 768), (390, 844)])
def test_table_headers_break_between_words_only(base_url: str, open_page: Any, title: str,
                                                size: tuple[int, int]) -> None:
    made = create(base_url, title, NAMES)
    view = play_until(base_url, made, lambda v: v["index"] >= 12, seed=1)
    for lang in ("en-US", "it-IT", "es-ES", "ca-ES", "de-DE"):
        page = page_of_current(base_url, open_page, made, view, width=size[0],
                               height=size[1], locale=lang)
        page.wait_for_selector("table.companies")
        assert page.evaluate(WORD_SPLIT) == [], lang
        if size[0] == 1366:
            table_fits(page)


LANGS = ("en", "it", "es", "ca", "de")
NEEDLES = ("needle", "lancetta", "aguja", "agulla", "Zeiger")


@pytest.mark.parametrize("lang", LANGS)
def test_the_gauges_are_said_as_drawn_boxes_not_needles(base_url: str, lang: str) -> None:
    """The drawing's gauges are rows of boxes that fill and turn red: no needle."""
    guide = get_json(f"{base_url}/api/titles/chicago-express/guide/{lang}")
    face = next(x for x in get_json(f"{base_url}/api/titles")
                if x["title"] == "chicago-express")["face"]
    said = json.dumps(guide, ensure_ascii=False) + json.dumps(face["words"][lang],
                                                                ensure_ascii=False)
    assert not [n for n in NEEDLES if n.lower() in said.lower()]
    click = guide["decisions"]["choose action"]["click"]
    boxes = {"en": "boxes", "it": "caselle", "es": "casillas", "ca": "caselles",
             "de": "Kästchen"}[lang]
    assert boxes in click and boxes in face["words"][lang]["decide.choose action"]


def _bidding(view: dict[str, Any]) -> bool:
    return sum(a.startswith("bid ") for a in view["legal"]) > 3


@pytest.mark.parametrize("typed, says", [
    ("1", "is too low: the lowest bid allowed now is ${min}."),
    ("999", "is too high: you can bid up to ${max}."),
    ("", "Type a whole number of dollars, from ${min} to ${max}."),
    ("7.5", "Type a whole number of dollars, from ${min} to ${max}.")])
def test_a_typed_bid_not_allowed_says_why_and_what_is(base_url: str, open_page: Any,
                                                      typed: str, says: str) -> None:
    made = create(base_url, "chicago-express", NAMES)
    view = play_until(base_url, made, _bidding, seed=4)
    bids = sorted(int(a.split()[1]) for a in view["legal"] if a.startswith("bid "))
    page = page_of_current(base_url, open_page, made, view, width=1366, height=768)
    assert is_my_turn(page)
    _settled(page)
    page.fill("#bid-amount", typed)
    why = page.locator("#bid-why")
    expected = says.replace("{min}", str(bids[0])).replace("{max}", str(bids[-1]))
    assert why.inner_text().endswith(expected), why.inner_text()
    assert page.locator("button.bid.free").is_disabled()
    assert page.locator("#bid-amount").get_attribute("aria-invalid") == "true"
    page.fill("#bid-amount", str(bids[0]))
    assert why.is_hidden() and page.locator("button.bid.free").is_enabled()


@pytest.mark.parametrize("locale, one", [
    ("en-US", "The board move as a list"), ("it-IT", "La mossa sul tabellone in elenco"),
    ("es-ES", "La jugada del tablero en lista"), ("ca-ES", "La jugada del tauler en llista"),
    ("de-DE", "Der Planzug als Liste")])
def test_one_board_move_is_said_in_the_singular(base_url: str, open_page: Any, locale: str,
                                                one: str) -> None:
    made = create(base_url, "chicago-express", NAMES)
    view = play_until(base_url, made, lambda v: v["index"] > 8 and len(
        [a for a in v["legal"] if a.split()[0] in ("place", "develop", "choose")]) == 1, seed=1)
    page = page_of_current(base_url, open_page, made, view, width=1366, height=768,
                           locale=locale)
    assert page.locator("details.board-moves summary").inner_text() == one


def test_the_log_is_in_view_beside_the_board_at_1366(base_url: str, open_page: Any) -> None:
    made = create(base_url, "chicago-express", NAMES)
    view = play_until(base_url, made, lambda v: v["index"] >= 30, seed=3)
    page = page_of_current(base_url, open_page, made, view, width=1366, height=768)
    page.wait_for_selector("#log li.move:not(.folded)")  # (a closed auction's bids fold)
    inside = """sel => { const r = document.querySelector(sel).getBoundingClientRect();
                         return r.top >= 0 && r.bottom <= innerHeight && r.height > 0; }"""
    assert page.evaluate(inside, "#log-title")
    assert page.evaluate(inside, "#log li.move:last-of-type")  # the latest move
    assert page.evaluate(inside, "#actions-title")  # the controls stay first
    board = page.locator("#board").bounding_box()
    log = page.locator("#log").bounding_box()
    assert log["x"] > board["x"] + board["width"]  # beside the board, not under it


def test_lobby_checkboxes_stay_beside_their_words_on_a_phone(base_url: str,
                                                             open_page: Any) -> None:
    page = open_page(**PHONE).page
    page.goto(f"{base_url}/")
    page.wait_for_selector("body[data-ready='1']")
    for box in ("#open-game", "#hints-allowed"):
        words = page.locator(f"label:has({box}) span").bounding_box()
        tick = page.locator(box).bounding_box()
        assert tick["x"] + tick["width"] <= words["x"]  # on its left
        assert words["y"] <= tick["y"] + tick["height"] / 2 <= words["y"] + words["height"]


@pytest.mark.parametrize("locale, label, choice", [
    ("en-US", "At Chicago", "the build stops"), ("de-DE", "In Chicago", "endet der Bau"),
    ("it-IT", "All'arrivo a Chicago", "la costruzione si ferma"),
    ("es-ES", "Al llegar a Chicago", "la construcción se detiene"),
    ("ca-ES", "En arribar a Chicago", "la construcció s'atura")])
def test_rule_options_have_labels_in_the_page_language(base_url: str, open_page: Any,
                                                       locale: str, label: str,
                                                       choice: str) -> None:
    page = open_page(locale=locale).page
    page.goto(f"{base_url}/")
    page.wait_for_selector("body[data-ready='1']")
    page.click("#options-box summary")
    for title in ("chicago-express", "trans-siberian"):
        page.select_option("#title", title)
        assert page.locator("#options code").count() == 0  # no raw name shown
        labels = page.locator("#options label")
        assert labels.count() == len(page.locator("#options .option").all())
        for i in range(labels.count()):
            name = labels.nth(i).get_attribute("title") or ""
            assert name and labels.nth(i).get_attribute("for") == f"opt-{name}"
            assert "_" not in labels.nth(i).inner_text()
    page.select_option("#title", "chicago-express")
    assert page.locator("label[for='opt-chicago']").inner_text() == label
    assert page.locator("#opt-chicago option:checked").inner_text() == choice
    assert page.locator("#opt-chicago").input_value() == "stop"  # the value stays the name


def _last_company(base_url: str, made: dict[str, Any], view: dict[str, Any]) -> str:
    """The company the player to move built for last (undone moves left out), or ""."""
    entries = get_json(f"{base_url}/api/games/{made['id']}/actions")["entries"]
    moves: list[dict[str, Any]] = []
    for e in entries:
        if e.get("kind") == "undo":
            moves.pop()
        else:
            moves.append(e)
    mine = [e["action"] for e in moves if e["seat"] == view["current_player"]
            and e["action"].startswith("company ")]
    return mine[-1] if mine else ""


def test_building_for_another_company_reads_as_a_neutral_tip(base_url: str,
                                                             open_page: Any) -> None:
    """A newcomer's run: the nudge about the company built for last time read like a rule
    broken; it is a tip (grey, "Tip:"), above the company buttons, never a refusal."""
    made = create(base_url, "chicago-express", NAMES)

    def ready(v: dict[str, Any]) -> bool:
        if v["state"].get("step") != "choose company":
            return False
        last = _last_company(base_url, made, v)
        return bool(last) and any(a.startswith("company ") and a != last for a in v["legal"])

    view = play_until(base_url, made, ready, seed=7)
    assert ready(view)
    last = _last_company(base_url, made, view).split()[1]
    page = page_of_current(base_url, open_page, made, view, width=1366, height=768)
    _settled(page)
    tip = page.locator("#move-list p.help.tip")
    assert tip.inner_text().startswith(f"Tip: last time you built for {last}.")
    colour = tip.evaluate("e => getComputedStyle(e).borderLeftColor")
    assert colour == "rgb(120, 144, 156)"  # neutral, not the warning amber or red
    first_button = page.locator("#move-list button.move").first
    assert tip.evaluate("(e, b) => !!(e.compareDocumentPosition(b)"
                        " & Node.DOCUMENT_POSITION_FOLLOWING)", first_button.element_handle())


def test_a_typed_bid_and_its_reason_outlive_a_redraw(base_url: str, open_page: Any) -> None:
    """A redraw (a live update, here the language switch) keeps the amount being typed,
    and says its reason again, in the new language."""
    made = create(base_url, "chicago-express", NAMES)
    view = play_until(base_url, made, _bidding, seed=4)
    low = min(int(a.split()[1]) for a in view["legal"] if a.startswith("bid "))
    page = page_of_current(base_url, open_page, made, view, width=1366, height=768)
    _settled(page)
    page.fill("#bid-amount", "1")
    page.select_option("#lang", "it")
    page.wait_for_function("() => document.querySelector('#bid-why')?.textContent"
                           ".includes('troppo poco')")
    assert page.locator("#bid-amount").input_value() == "1"
    assert page.locator("#bid-why").inner_text() == (
        f"$1 è troppo poco: l'offerta minima ora è ${low}.")
    assert page.locator("button.bid.free").is_disabled()


def _held_without_build(view: dict[str, Any]) -> list[str]:
    """The companies in play the player to move holds but may not build for now."""
    s = view["state"]
    if s.get("step") != "turn":
        return []
    me = next(p for p in s["players"] if p["seat"] == view["current_player"])
    return [c["id"] for c in s["companies"] if c["status"] == "in play"
            and me["shares"].get(c["id"]) and f"build {c['id']}" not in view["legal"]]


def test_why_a_build_is_missing_is_a_box_of_its_own(base_url: str, open_page: Any) -> None:
    """A newcomer's run: "cannot build for green: ..." sat under the last option as if
    part of it; it is a headed box of its own, one line per company, after the moves."""
    made = create(base_url, "trans-siberian", NAMES)
    view = play_until(base_url, made, lambda v: bool(_held_without_build(v)), seed=3)
    missing = _held_without_build(view)
    page = page_of_current(base_url, open_page, made, view, width=1366, height=768)
    _settled(page)
    box = page.locator("#move-list section.help.missing")
    assert box.locator("h3").inner_text() == "Why some builds are not offered"
    lines = box.locator("li").all_inner_texts()
    assert len(lines) == len(missing)
    for company, line in zip(missing, lines, strict=True):
        assert line.startswith(f"{company}: "), line
    opened = "() => document.querySelector('#actions').classList.contains('open')"
    if not page.evaluate(opened):
        box.locator("h3").click()  # a desktop's action bar shows its heading: opened, whole
        page.wait_for_function(opened)
    last = page.locator("#move-list button.move").last.bounding_box()
    head = box.bounding_box()
    assert head["y"] >= last["y"] + last["height"] + 8  # apart from the last button
    assert page.locator("#move-list button.move").last.inner_text() not in box.inner_text()


def _choosing_without_shares(view: dict[str, Any]) -> bool:
    s = view["state"]
    me = next(p for p in s["players"] if p["seat"] == view["current_player"])
    return (s.get("step") == "choose action" and "choose build" in view["legal"]
            and not any(me["shares"].values()))


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)])
def test_the_actions_are_buttons_in_view_and_a_build_to_forgo_says_so_first(
        base_url: str, open_page: Any, size: tuple[int, int]) -> None:
    """A newcomer's run: the gauges were under the fold (cut on a phone), and the build
    gauge said only after the click that nothing could be built. The three actions are
    buttons beside the decision's words, in view; the build is marked before the click."""
    for seed in range(1, 30):
        made = create(base_url, "chicago-express", NAMES)
        view = play_until(base_url, made, _choosing_without_shares, seed=seed, limit=300)
        if _choosing_without_shares(view):
            break
    else:
        raise AssertionError("no shareless player choosing an action in 29 games")
    page = page_of_current(base_url, open_page, made, view, width=size[0], height=size[1])
    _settled(page)
    gauges = sorted(a for a in view["legal"] if a.startswith("choose "))
    inside = """e => { const r = e.getBoundingClientRect();
                       return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0
                         && r.right <= innerWidth && r.height > 0; }"""
    for action in gauges:
        button = page.locator(f"#move-list button.move[data-action='{action}']")
        assert button.evaluate(inside), action
    build = page.locator("#move-list button.move[data-action='choose build']")
    assert "forgoes" in (build.get_attribute("class") or "")
    note = page.locator("#forgo-ahead")
    assert build.get_attribute("aria-describedby") == "forgo-ahead"
    assert note.inner_text().startswith("Build: nothing can be built now, so choosing it"
                                        " only forgoes the build:")
    assert "you hold no share of any company" in note.inner_text()
    gauge = page.locator("#board [data-action='choose build']")
    assert gauge.get_attribute("aria-describedby") == "forgo-ahead"
    assert gauge.locator("title").text_content().endswith("only forgoes the build:")
    other = page.locator("#move-list button.move[data-action='choose auction']")
    assert "forgoes" not in (other.get_attribute("class") or "")
    click_action(page, "choose build")
    page.wait_for_selector("#actions .help.forgo:not(.ahead)")


def test_the_bid_box_holds_the_lowest_bid_unless_the_reader_typed(base_url: str,
                                                                  open_page: Any) -> None:
    """A newcomer's run: the amount box read $8 while the lowest bid was $6 (a value of an
    earlier auction kept over a redraw); only what the reader typed is kept."""
    made = create(base_url, "chicago-express", NAMES)
    view = play_until(base_url, made, _bidding, seed=4)
    low = min(int(a.split()[1]) for a in view["legal"] if a.startswith("bid "))
    page = page_of_current(base_url, open_page, made, view, width=1366, height=768)
    _settled(page)
    assert page.locator("#bid-amount").input_value() == str(low)
    page.evaluate("() => { document.querySelector('#bid-amount').value = '99'; }")  # not typed
    page.select_option("#lang", "it")  # a redraw
    page.wait_for_function("() => document.querySelector('.auction h3')?.textContent"
                           " !== 'Auction'")
    assert page.locator("#bid-amount").input_value() == str(low)


def test_no_auction_panel_while_the_winner_places_the_first_link(base_url: str,
                                                                 open_page: Any) -> None:
    """A newcomer's run: choosing Red's first link, the page still showed the auction
    ("Minimum bid –"); no auction runs then, so there is no auction panel."""
    made = create(base_url, "trans-siberian", NAMES)
    view = play_until(base_url, made, lambda v: v["state"].get("step") == "choose first link")
    assert view["state"].get("auction")  # the snapshot still tells of the auction won
    page = page_of_current(base_url, open_page, made, view, width=1366, height=768)
    _settled(page)
    assert page.locator("#auction .auction").count() == 0
    shown = page.locator("#actions").inner_text()
    assert "Minimum bid" not in shown and "Next bid from" not in shown


def test_a_game_of_bots_alone_opens_its_table_to_watch(base_url: str, open_page: Any) -> None:
    """A newcomer's run: a game of bots alone stayed on the lobby, and was over before it
    was found; now its table opens at once, as a spectator's (no seat, no move)."""
    page = open_page().page
    create_in_lobby(page, base_url, "chicago-express",
                    [{"bot": "random"}, {"bot": "random"}, {"bot": "random"}])
    assert "/g/" in page.url
    assert "#" not in page.url  # no seat's token: a spectator
    assert page.locator("#board svg").count() == 1
    assert page.locator("#actions button[data-action]").count() == 0


def _luminance(rgb: str) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (float(x) for x in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3])
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _contrast(ink: str, ground: str) -> float:
    a, b = sorted((_luminance(ink), _luminance(ground)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def test_finish_the_build_stays_readable_under_the_pointer(base_url: str,
                                                           open_page: Any) -> None:
    """A newcomer's run: "Finish the build (0 placed)" looked disabled, its words almost
    invisible (white on the pale blue of a hovered move); AA contrast (4.5) under the
    pointer too."""
    made = create(base_url, "chicago-express", NAMES)
    view = play_until(base_url, made, lambda v: "stop" in v["legal"], seed=1)
    page = page_of_current(base_url, open_page, made, view, width=1366, height=768)
    _settled(page)
    stop = page.locator("#move-list button[data-action='stop']")
    page.mouse.move(0, 0)
    colours = "e => { const s = getComputedStyle(e); return [s.color, s.backgroundColor]; }"
    assert _contrast(*stop.evaluate(colours)) >= 4.5
    stop.hover()
    page.wait_for_timeout(200)
    assert _contrast(*stop.evaluate(colours)) >= 4.5, stop.evaluate(colours)


FIRST_PERSON = {"en": r"\b(I|me|my)\b", "it": r"\b(mio|mia|mi|me|ho|posso|offro)\b",
                "es": r"\b(mí|mi|me|tengo|puedo|pujo)\b",
                "ca": r"\b(mi|meva|em|tinc|puc|ofereixo)\b|\bm'",
                "de": r"\b(ich|mir|mich|meinem|meinen)\b"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("bot", ["chicago_express", "trans_siberian"])
def test_a_hint_gives_its_reason_to_the_player_not_as_the_bot(lang: str, bot: str) -> None:
    """A newcomer's run: "Why: ... worth more to me than this bid: I bid up to about $25"
    read as the bot talking; the hint's reason speaks to the player ("to you")."""
    words = json.loads(files(f"cuberail.bots.{bot}").joinpath(f"data/words-{lang}.json")
                       .read_text(encoding="utf-8"))
    said = {k: v for k, v in words.items() if k != "_"}
    assert said
    flags = 0 if lang == "en" else re.IGNORECASE
    assert [k for k, v in said.items() if re.search(FIRST_PERSON[lang], v, flags)] == []


def _outbid(view: dict[str, Any]) -> bool:
    auction = view["state"].get("auction") or {}
    return view["legal"] == ["pass"] and auction.get("high_bid") is not None


def test_an_auction_out_of_reach_says_only_pass_and_the_real_minimum(base_url: str,
                                                                     open_page: Any) -> None:
    """A newcomer's run (CE-3.3): "Minimum bid $3 | High bid $5 ... you can bid up to $0";
    a bid is above the high bid, and with no bid in reach the page says to pass."""
    made = create(base_url, "chicago-express", NAMES)
    view = None
    for seed in range(1, 9):
        view = play_until(base_url, made, _outbid, seed=seed)
        if _outbid(view):
            break
        made = create(base_url, "chicago-express", NAMES)
    assert view is not None and _outbid(view), "no auction out of a player's reach"
    high = view["state"]["auction"]["high_bid"]
    page = page_of_current(base_url, open_page, made, view, width=1366, height=768)
    _settled(page)
    assert page.locator("#auction dd.minimum").inner_text() == f"${high + 1}"
    said = page.locator("#auction .afford").inner_text()
    assert "you can only pass" in said and "up to $0" not in said


def test_a_bot_named_by_its_level_has_no_second_level_badge(base_url: str,
                                                            open_page: Any) -> None:
    """A newcomer's run: "Bot 2 (medium) bot medium"; the name says the level once."""
    made = post_json(f"{base_url}/api/games", {
        "title": "chicago-express", "players": 3,
        "seats": [{"name": "Ann"}, {"bot": "medium"}, {"name": "Rob", "bot": "easy"}]})
    me = next(s for s in made["seats"] if s.get("token"))
    page = open_page(width=1366, height=768).page
    page.goto(me["invite_url"])
    page.wait_for_selector("#players tr[data-seat='2']")
    named = page.locator("#players tr[data-seat='1'] th").inner_text()
    assert "(medium)" in named and "bot medium" not in named
    assert "bot easy" in page.locator("#players tr[data-seat='2'] th").inner_text()
