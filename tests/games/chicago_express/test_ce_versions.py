"""Rules versions: what version 2 changed, and how records of version 1 fare.

Version 2 (CE-5.7): the Chicago phase interrupts the build at the arrival; (CE-5.1, CE-5.6)
a build is offered only with a company that can place. Version 1 records with chicago=stop
replay unchanged (the golden ones do, test_ce_golden.py), except one that built with a
company unable to place: the replay refuses that action and says why. Version 1 records
with chicago=continue are refused outright (``record_refusal``, for core's record check).
"""

from __future__ import annotations

import pytest

from cuberail.core import Action, RecordError
from cuberail.core.record import new_record, replay
from cuberail.games import get_game
from cuberail.games.chicago_express import INFO, RULES_VERSION, record_refusal


def test_ce_rules_version_is_2() -> None:
    assert RULES_VERSION == INFO.rules_version == 2


def test_version_1_record_with_chicago_continue_is_refused_with_the_reason() -> None:
    reason = record_refusal(1, {"chicago": "continue", "build_gauge": 5})
    assert reason is not None
    assert "rules version 1" in reason and "chicago=continue" in reason
    assert "CE-5.7" in reason and "cannot be replayed" in reason


@pytest.mark.parametrize(("version", "options"), [(1, {"chicago": "stop"}), (1, {}),
                                                  (2, {"chicago": "continue"}),
                                                  (2, {"chicago": "stop"})])
def test_other_records_are_not_refused_by_version(version: int, options: dict[str, str]) -> None:
    assert record_refusal(version, options) is None


def test_version_1_record_building_with_a_company_unable_to_place_stops_there() -> None:
    """Nobody bids for PRR at setup: seat 0 gets it free, PRR has $0 and cannot place. Version
    1 let seat 0 build with it (then only "stop"); version 2 refuses "company PRR"."""
    record = new_record(INFO, ["a", "b", "c"], {})
    record.rules_version = 1
    texts = ["pass", "pass", "pass",  # PRR: nobody bids, seat 0 receives it (CE-2.4)
             "bid 6", "pass", "pass",  # B&O to seat 0
             "bid 5", "pass", "pass",  # C&O to seat 0
             "bid 8", "pass", "pass",  # NYC to seat 0
             "choose build", "company PRR", "stop"]
    record.actions = [Action.from_text(t) for t in texts]
    with pytest.raises(RecordError) as info:
        replay(record, get_game)
    assert info.value.index == 13
    reason = info.value.reason
    assert reason.startswith("PRR cannot place a locomotive now (treasury $0")
    assert "CE-5.1, CE-5.6" in reason and "rules version 2" in reason
    assert "version 1 offered it" in reason
