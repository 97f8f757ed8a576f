"""Saving records: atomic, durable, unique temporaries, save_new never replaces a game."""

from __future__ import annotations

import errno
import os
import stat
import threading
from pathlib import Path

import pytest
from test_core_record import random_record

from cuberail.core import Action, Record, RecordError, SaveError
from cuberail.core import files as files_module


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_save_writes_through_a_unique_temporary_and_fsyncs_file_and_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[str] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced.append("dir" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    record = random_record(seed=2)
    record.save(tmp_path / "game.json")
    assert synced == ["file", "dir"]
    assert Record.load(tmp_path / "game.json") == record
    assert leftovers(tmp_path) == []


def test_two_games_saving_in_one_folder_never_clobber_each_other(tmp_path: Path) -> None:
    """Before, both wrote NAME.tmp for NAME... and a fixed name per target; now each save has
    its own temporary, so concurrent saves of different games each land whole."""
    games = {name: random_record(seed=i, steps=40) for i, name in enumerate(["a", "b", "c"])}
    errors: list[BaseException] = []

    def keep_saving(name: str) -> None:
        record = games[name]
        try:
            for _ in range(30):
                record.save(tmp_path / f"{name}.json")
                record.save(tmp_path / "shared.json")
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=keep_saving, args=(n,)) for n in games]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    for name, record in games.items():
        assert Record.load(tmp_path / f"{name}.json") == record
    assert Record.load(tmp_path / "shared.json") in games.values()  # one whole game, not a mix
    assert leftovers(tmp_path) == []


def test_a_failed_save_keeps_the_old_file_and_removes_its_temporary(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    old = random_record(seed=3)
    old.save(path)

    def broken_replace(src: object, dst: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(SaveError, match=r"cannot save to .*game\.json: No space left") as info:
        random_record(seed=4).save(path)
    assert isinstance(info.value, OSError) and info.value.strerror == "No space left on device"
    monkeypatch.undo()
    assert Record.load(path) == old
    assert leftovers(tmp_path) == []


def test_a_failed_write_removes_its_temporary(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    def broken_fsync(fd: int) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(SaveError, match="Input/output error"):
        random_record(seed=4).save(tmp_path / "game.json")
    assert list(tmp_path.iterdir()) == []


def test_save_into_a_missing_folder_names_the_path(tmp_path: Path) -> None:
    path = tmp_path / "no" / "game.json"
    with pytest.raises(SaveError) as info:
        random_record(steps=3).save(path)
    assert str(info.value) == f"cannot save to {path}: No such file or directory"


def test_save_over_a_directory_is_refused(tmp_path: Path) -> None:
    (tmp_path / "game.json").mkdir()
    with pytest.raises(SaveError, match="cannot save to"):
        random_record(steps=3).save(tmp_path / "game.json")
    assert leftovers(tmp_path) == []


def test_save_new_writes_a_new_file_and_refuses_an_existing_one(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    first, second = random_record(seed=5), random_record(seed=6)
    first.save_new(path)
    assert Record.load(path) == first
    with pytest.raises(SaveError, match="a file of that name exists") as info:
        second.save_new(path)
    assert info.value.errno == errno.EEXIST
    with pytest.raises(SaveError, match="a file of that name exists"):
        second.save(path, overwrite=False)
    assert Record.load(path) == first  # the other game is not lost
    assert leftovers(tmp_path) == []
    second.save(path)  # a plain save replaces
    assert Record.load(path) == second


def test_save_new_refuses_even_a_file_that_is_not_a_record(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("my notes", encoding="utf-8")
    with pytest.raises(SaveError):
        random_record(steps=3).save_new(path)
    assert path.read_text(encoding="utf-8") == "my notes"


def test_save_new_without_hard_links_falls_back_to_exclusive_create(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_links(src: object, dst: object) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    path = tmp_path / "game.json"
    record = random_record(seed=7)
    record.save_new(path)
    assert Record.load(path) == record
    with pytest.raises(SaveError, match="a file of that name exists"):
        random_record(seed=8).save_new(path)
    assert Record.load(path) == record
    assert leftovers(tmp_path) == []


def test_racing_save_news_to_one_name_leave_exactly_one_game(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    records = [random_record(seed=s, steps=20) for s in range(6)]
    outcomes: list[str] = []
    barrier = threading.Barrier(len(records))

    def race(record: Record) -> None:
        barrier.wait()
        try:
            record.save_new(path)
            outcomes.append("saved")
        except SaveError:
            outcomes.append("refused")

    threads = [threading.Thread(target=race, args=(r,)) for r in records]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["refused"] * 5 + ["saved"]
    assert Record.load(path) in records
    assert leftovers(tmp_path) == []


def test_a_replaced_file_keeps_its_mode_and_a_new_one_is_private(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    random_record(steps=3).save(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    path.chmod(0o644)
    random_record(steps=4).save(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644


@pytest.mark.parametrize("damage", ["float arg", "bool arg", "huge int", "bad name", "no players",
                                    "meta nan"])
def test_save_refuses_a_record_that_would_not_load_again(tmp_path: Path, damage: str) -> None:
    """Nothing is written that Record.load would refuse: that would lose the game silently."""
    path = tmp_path / "game.json"
    good = random_record(seed=9, steps=8)
    good.save(path)
    bad = random_record(seed=9, steps=8)
    if damage == "float arg":
        bad.actions.append(Action("bid", (7.0,)))  # type: ignore[arg-type]
    elif damage == "bool arg":
        bad.actions.append(Action("bid", (True,)))
    elif damage == "huge int":
        bad.actions.append(Action("bid", (10**5000,)))
    elif damage == "bad name":
        bad.players[0] = "\x00\n"  # nothing visible left after cleaning
    elif damage == "no players":
        bad.players = []
    else:
        bad.meta = {"x": float("nan")}
    with pytest.raises(RecordError):
        bad.save(path)
    with pytest.raises(RecordError):
        bad.save_new(tmp_path / "new.json")
    assert Record.load(path) == good
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_write_atomic_refuses_a_path_that_is_not_a_path() -> None:
    with pytest.raises(RecordError, match="a file name is text"):
        files_module.write_atomic(7, b"x")
