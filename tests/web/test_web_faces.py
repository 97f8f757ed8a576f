"""Each title's face and rules pages (data files of the title), checked without a browser:
the page names no title, and every word a face or rules page needs is there in every
language the client speaks."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from cuberail.games import get_game, titles
from cuberail.server.catalog import face_json, rules_json, titles_json

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "src" / "cuberail" / "web"
LANGS = ("en", "it", "es", "de", "ca")
# a title's words (a whole "trans": not "transform")
TITLE_WORDS = re.compile(r"chicago|siberian|\btrans\b|\bce\b|\bts\b", re.IGNORECASE)


def web_catalog(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((WEB / "i18n" / f"{lang}.json").read_text("utf-8"))
    return data


def labels(face: dict[str, Any]) -> set[str]:
    """Every message key a face names (the page looks each up with t())."""
    out = {c["label"] for c in face.get("company_columns", [])}
    out |= {c["title"] for c in face.get("charts", [])}
    out |= {i.get("meter") or i.get("line") for i in face.get("end_tracker", [])} - {None}
    final = face.get("final", {})
    out |= {final["score"]} | {c["label"] for c in final.get("columns", [])}
    out |= {face["stop"]["label"]} if "stop" in face else set()
    forgo = face.get("forgo")
    if forgo:
        out |= {forgo["title"], forgo["none"]} | {r["say"] for r in forgo["held"]}
    marker = face.get("share_track", {}).get("marker")
    out |= {marker["label"]} if marker else set()
    return out


def test_the_client_names_no_title() -> None:
    for path in [*WEB.rglob("*.js"), *WEB.rglob("*.html")]:
        found = TITLE_WORDS.findall(path.read_text("utf-8"))
        assert not found, f"{path.name} names a title: {found}"


def test_api_titles_serves_each_face() -> None:
    served = {t["title"]: t["face"] for t in titles_json()}
    assert sorted(served) == titles()
    for title, face in served.items():
        assert face["companies"] and face["company_columns"] and face["end_tracker"], title
        assert "about" not in face


@pytest.mark.parametrize("title", titles())
def test_every_face_word_in_every_language(title: str) -> None:
    face = face_json(title)
    words = face.get("words", {})
    assert sorted(words) == sorted(LANGS)
    for lang in LANGS:
        assert sorted(words[lang]) == sorted(words["en"]), lang
        for key, text in words["en"].items():
            names = set(re.findall(r"\{(\w+)\}", text))
            assert set(re.findall(r"\{(\w+)\}", words[lang][key])) == names, (lang, key)
        known = set(web_catalog(lang)) | set(words[lang])
        missing = {k for k in labels(face) if k not in known}
        assert not missing, (lang, missing)


@pytest.mark.parametrize("title", titles())
def test_company_looks_are_complete(title: str) -> None:
    state = get_game(title).new_game(get_game(title).min_players).to_json()
    face = face_json(title)
    for company in state["companies"]:
        look = face["companies"][company["id"]]
        assert re.fullmatch(r"#[0-9a-f]{6}", look["colour"]) and look["letter"]
        for column in face["company_columns"]:  # every column reads a snapshot field
            assert column["value"] in company, column
        status = face.get("company_status")
        if status:  # its status is a word of every language
            for lang in LANGS:
                key = f"{status['label']}{company[status['value']]}"
                assert key in face["words"][lang] or key in web_catalog(lang), (lang, key)


@pytest.mark.parametrize("title", titles())
def test_rules_pages_in_every_language_have_the_same_sections(title: str) -> None:
    english = rules_json(title, "en")
    assert english and english["win"] and len(english["sections"]) >= 5
    for lang in LANGS:
        rules = rules_json(title, lang)
        assert rules is not None and rules["lang"] == lang and rules["win"].strip()
        assert [s["rule"] for s in rules["sections"]] == [s["rule"] for s in english["sections"]]
        for mine, theirs in zip(rules["sections"], english["sections"], strict=True):
            assert len(mine.get("items", [])) == len(theirs.get("items", []))
            assert len(mine.get("text", [])) == len(theirs.get("text", []))
    assert rules_json(title, "fr-FR")["lang"] == "en"  # type: ignore[index]
