"""Rule options: parsing from the command line, validation, defaults."""

from __future__ import annotations

import pytest

from cuberail.core import OptionError, OptionSpec
from cuberail.core.options import parse_option_args, resolve_options

MODE = OptionSpec("mode", "stop", "how to stop", choices=("stop", "continue"))
SIZE = OptionSpec("size", 3, "a gauge size", minimum=1, maximum=9)
EVEN = OptionSpec("even", 8, "an even maximum", choices=(4, 6, 8))
FLAG = OptionSpec("flag", False, "a switch")
SPECS = (MODE, SIZE, EVEN, FLAG)


@pytest.mark.parametrize(("spec", "text", "value"),
                         [(MODE, "continue", "continue"), (SIZE, "9", 9), (SIZE, " 1 ", 1),
                          (EVEN, "4", 4), (FLAG, "yes", True), (FLAG, "ON", True),
                          (FLAG, "0", False), (FLAG, "false", False)])
def test_parse_reads_values(spec: OptionSpec, text: str, value: object) -> None:
    assert spec.parse(text) == value
    assert type(spec.parse(text)) is type(value)


@pytest.mark.parametrize(("spec", "text", "message"),
                         [(MODE, "pause", "'pause' is not one of stop, continue"),
                          (SIZE, "three", "'three' is not a whole number"),
                          (SIZE, "0", "0 is below 1"),
                          (SIZE, "10", "10 is above 9"),
                          (EVEN, "7", "7 is not one of 4, 6, 8"),
                          (FLAG, "maybe", "'maybe' is not true or false")])
def test_parse_refuses_bad_values(spec: OptionSpec, text: str, message: str) -> None:
    with pytest.raises(OptionError, match=f"option {spec.name}: {message}"):
        spec.parse(text)


@pytest.mark.parametrize(("spec", "value"),
                         [(SIZE, "3"), (SIZE, True), (SIZE, 3.0), (FLAG, 1), (MODE, 1),
                          (EVEN, None)])
def test_check_refuses_wrong_types(spec: OptionSpec, value: object) -> None:
    with pytest.raises(OptionError, match="is not a"):
        spec.check(value)


def test_check_accepts_valid_values() -> None:
    assert SIZE.check(5) == 5 and FLAG.check(True) is True and MODE.check("stop") == "stop"


def test_describe_names_default_and_allowed_values() -> None:
    assert MODE.describe() == "mode (default stop; one of stop/continue): how to stop"
    assert SIZE.describe() == "size (default 3; 1..9): a gauge size"
    assert FLAG.describe() == "flag (default False): a switch"


def test_resolve_fills_defaults_and_validates() -> None:
    assert resolve_options(SPECS, None) == {"mode": "stop", "size": 3, "even": 8, "flag": False}
    assert resolve_options(SPECS, {"size": 5})["size"] == 5
    with pytest.raises(OptionError, match="option size: 12 is above 9"):
        resolve_options(SPECS, {"size": 12})


def test_resolve_refuses_unknown_options_naming_the_known_ones() -> None:
    with pytest.raises(OptionError, match="unknown option 'colour'; this game has: even, flag,"
                                          " mode, size"):
        resolve_options(SPECS, {"colour": "red"})
    with pytest.raises(OptionError, match="this game has: none"):
        resolve_options((), {"x": 1})


def test_parse_option_args() -> None:
    assert parse_option_args(SPECS, ["size=4", " mode = continue", "flag=1"]) == {
        "size": 4, "mode": "continue", "flag": True}
    assert parse_option_args(SPECS, []) == {}
    with pytest.raises(OptionError, match="must be written NAME=VALUE"):
        parse_option_args(SPECS, ["size"])
    with pytest.raises(OptionError, match="unknown option 'sise'"):
        parse_option_args(SPECS, ["sise=4"])
    with pytest.raises(OptionError, match="not a whole number"):
        parse_option_args(SPECS, ["size=four"])
    with pytest.raises(OptionError, match="option size: 12 is above 9"):
        parse_option_args(SPECS, ["size=12"])


def test_option_errors_are_value_errors() -> None:
    assert issubclass(OptionError, ValueError)
