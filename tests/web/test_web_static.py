"""The static client's files, checked without a browser: catalogs, references, packaging."""

from __future__ import annotations

import json
import re
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "src" / "cuberail" / "web"
LANGS = ("en", "it", "es", "de", "ca")


def catalog(lang: str) -> dict[str, str]:
    data = json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalog_has_exactly_the_english_keys_and_placeholders(lang: str) -> None:
    en, other = catalog("en"), catalog(lang)
    assert sorted(other) == sorted(en)
    for key, text in en.items():
        assert set(re.findall(r"\{(\w+)\}", other[key])) == set(re.findall(r"\{(\w+)\}", text)), key
        assert other[key].strip(), key


def test_every_message_the_pages_use_is_in_the_catalog() -> None:
    en = catalog("en")
    used: set[str] = set()
    for path in [*WEB.glob("*.html"), *(WEB / "js").glob("*.js")]:
        source = path.read_text(encoding="utf-8")
        used.update(re.findall(r'\bt\("([\w.]+)"', source))
        used.update(re.findall(r'data-i18n(?:-\w+)?="([\w.]+)"', source))
    assert used, "no messages found"
    assert sorted(used - set(en)) == []


def test_pages_reference_only_files_that_exist() -> None:
    for page in WEB.glob("*.html"):
        for ref in re.findall(r'(?:src|href)="/static/([^"]+)"', page.read_text()):
            assert (WEB / ref).is_file(), f"{page.name} -> {ref}"
    for module in (WEB / "js").glob("*.js"):
        for ref in re.findall(r'from "\./([^"]+)"', module.read_text()):
            assert (WEB / "js" / ref).is_file(), f"{module.name} -> {ref}"
    assert (WEB / "favicon.ico").read_bytes()[:4] == b"\x00\x00\x01\x00"


BUILT = (".py", ".pyc", ".so", ".c", ".h", ".o")  # code, or what a build makes of it


def test_package_data_ships_every_data_file_of_the_package() -> None:
    """Every file of the package that is not code (client, catalogues, board data, kits'
    data, weights) is in package-data, or an installed wheel would lack it."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    globs = config["tool"]["setuptools"]["package-data"]["cuberail"]
    package = ROOT / "src" / "cuberail"
    files = [p for p in package.rglob("*") if p.is_file() and p.suffix not in BUILT
             and "__pycache__" not in p.parts and not p.name.startswith(".")]
    assert len(files) > 50
    for path in files:
        rel = path.relative_to(package).as_posix()
        assert any(fnmatch(rel, g) for g in globs), f"{rel} is not in package-data"
