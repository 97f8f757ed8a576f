"""The Trans-Siberian guide states the score as TS-9.2 does: only shares of public
companies count, a private or nationalized company's shares score nothing."""

from __future__ import annotations

import json
from importlib import resources

import pytest

# The words for "public" and "nothing" in each language's guide.
WORDS = {"en": ("public", "nothing"), "de": ("öffentlich", "nichts"),
         "it": ("pubblica", "nulla"), "es": ("pública", "nada"), "ca": ("pública", "gens")}


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_the_auction_help_scores_only_public_companies_shares(lang: str) -> None:
    data = resources.files("cuberail.games.trans_siberian") / "data" / f"guide-{lang}.json"
    guide = json.loads(data.read_text(encoding="utf-8"))
    public, nothing = WORDS[lang]
    why = guide["decisions"]["auction"]["why"]
    assert public in why.lower() and nothing in why.lower(), why
    turn = guide["decisions"]["turn"]["why"]
    assert public in turn.lower(), turn
