"""Hostile files, made on demand in a test's folder: the table that tests/test_hostile_input.py
runs every command (and the editor's Open) over. Each entry says which words the one-line
message must hold; every one of them must exit 2 (the command cannot use the file)."""
from __future__ import annotations

import contextlib
import json
import os
import signal
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from tests.conftest import LAYOUTS, ROOT

GOOD_LAYOUT = LAYOUTS / "standard-2-4p.json"
SCENARIO_WITH_LAYOUT_PATH = ROOT / "tests" / "scenarios" / "auto-choices.json"
SHIPPED_SCENARIO = LAYOUTS / "scenarios" / "first-moves.json"
CRASH_GRID_SCENARIO = ROOT / "tests" / "crash_grid_scenarios" / "wall-crash.json"
CRASH_GRID_LAYOUT = ROOT / "tests" / "crash_grid_scenarios" / "layouts" / "walled-6x6.json"
SMALL_LIMIT_MB = "0.01"
SMALL_VALUE_LIMIT = "1000"  # CRASHGRAB_MAX_VALUES for the values case  # CRASHGRAB_MAX_FILE_MB for the size case: 10 KiB


@dataclass(frozen=True)
class Hostile:
    name: str
    make: Callable[[Path], Path]  # folder -> the file to hand to the command
    words: tuple[str, ...]  # the message must contain each
    where: str | None = None  # the JSON path the message must name, if any


def _layout_document() -> dict:
    return json.loads(GOOD_LAYOUT.read_text(encoding="utf-8"))


def _write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def _changed_layout(folder: Path, name: str, edit) -> Path:
    document = _layout_document()
    edit(document)
    return _write(folder, name, json.dumps(document))


def _fifo(folder: Path, name: str = "pipe.json") -> Path:
    path = folder / name
    os.mkfifo(path)
    return path


def _loop(folder: Path, name: str = "loop.json") -> Path:
    other = folder / f"{name}.other"
    os.symlink(other, folder / name)
    os.symlink(folder / name, other)
    return folder / name


def _with_tileset_ref(target: Callable[[Path], Path | str]) -> Callable[[Path], Path]:
    """A good layout whose "tileset" names the hostile file `target` makes."""
    def make(folder: Path) -> Path:
        ref = str(target(folder))
        return _changed_layout(folder, "uses-tileset.json", lambda d: d.update(tileset=ref))
    return make


def _duplicate_key(folder: Path) -> Path:
    text = GOOD_LAYOUT.read_text(encoding="utf-8").replace(
        '"format": "crash-grab-layout"', '"format": "bogus", "format": "crash-grab-layout"', 1)
    return _write(folder, "twice.json", text)


def _huge_number(folder: Path) -> Path:
    text = json.dumps(_layout_document()).replace('"x": 0', '"x": ' + "9" * 5000, 1)
    return _write(folder, "digits.json", text)


def _nan(folder: Path) -> Path:
    return _write(folder, "nan.json", json.dumps(_layout_document()).replace('"x": 0', '"x": NaN', 1))


def _features(count: int) -> dict:
    """The standard tile set with `count` features on a side of its first tile (no game limits them)."""
    tileset = json.loads((LAYOUTS / "tilesets" / "standard.json").read_text(encoding="utf-8"))
    tileset["tiles"][0]["sides"]["A"] = [[0]] * count
    return tileset


def _placements(edit):
    def apply(document):
        edit(document["placements"][1])
    return apply


# Inputs that every command reading a layout must refuse with exit 2.
LAYOUT_CASES = [
    Hostile("nested 995 deep", lambda f: _write(f, "deep.json", "[" * 995 + "]" * 995), ("more than 64 levels",)),
    Hostile("an unclosed nesting", lambda f: _write(f, "open.json", "[" * 100_000), ("more than 64 levels",)),
    Hostile("a symlink loop", _loop, ("loop of symbolic links",)),
    Hostile("a FIFO", _fifo, ("named pipe (FIFO)",)),
    Hostile("/dev/zero", lambda f: Path("/dev/zero"), ("a device",)),
    Hostile("/dev/urandom", lambda f: Path("/dev/urandom"), ("a device",)),
    Hostile("a folder", lambda f: (f / "folder.json").mkdir() or f / "folder.json", ("a folder",)),
    Hostile("over the size limit", lambda f: _changed_layout(f, "big.json", lambda d: d.update(notes="n" * 20_000)),
            ("more than the limit of 10,485 bytes", "CRASHGRAB_MAX_FILE_MB")),
    Hostile("a repeated key", _duplicate_key, ('"format" appears more than once',), "$.format"),
    Hostile("rotation 90.0", lambda f: _changed_layout(f, "r.json", _placements(lambda p: p.update(rotation=90.0))),
            ("90.0 is written as a decimal", "Write 90"), "$.placements[1].rotation"),
    Hostile("version 1.0", lambda f: _changed_layout(f, "v.json", lambda d: d.update(version=1.0)),
            ("1.0 is written as a decimal",), "$.version"),
    Hostile("x 2.0", lambda f: _changed_layout(f, "x.json", _placements(lambda p: p.update(x=float(p["x"])))),
            ("is written as a decimal",), "$.placements[1].x"),
    Hostile("a UTF-16 byte-order mark", lambda f: _write(f, "u16.json", GOOD_LAYOUT.read_text().encode("utf-16")),
            ("UTF-16", "Save it as UTF-8")),
    Hostile("a 200,000-character value", lambda f: _changed_layout(f, "long.json", lambda d: d.update(template="y" * 200_000)),
            ("200,002 characters", "is not allowed here"), "$.template"),
    Hostile("NaN", _nan, ("NaN is not a JSON number",)),
    Hostile("a 5000-digit number", _huge_number, ("too many digits",)),
    Hostile("a scenario", lambda f: SHIPPED_SCENARIO, ("this is a scenario, not a layout", "crashgrab scenario run"), "$.format"),
    Hostile("a tile set", lambda f: LAYOUTS / "tilesets" / "standard.json", ("this is a tile set, not a layout",), "$.format"),
    Hostile("no format", lambda f: _write(f, "plain.json", '{"name": "x"}'), ('it has no "format"',), "$"),
    Hostile("tile set: a symlink loop", _with_tileset_ref(_loop), ("loop of symbolic links",), "$.tileset"),
    Hostile("tile set: a FIFO", _with_tileset_ref(_fifo), ("named pipe",), "$.tileset"),
    Hostile("tile set: /dev/zero", _with_tileset_ref(lambda f: "/dev/zero"), ("a device",), "$.tileset"),
    Hostile("tile set: /dev/urandom", _with_tileset_ref(lambda f: "/dev/urandom"), ("a device",), "$.tileset"),
    Hostile("tile set: not a tile set", _with_tileset_ref(lambda f: _write(f, "secret.json", '{"password": "hunter2"}')),
            ('is not a tile set: it has no "format"',), "$.tileset"),
    Hostile("tile set: another format", _with_tileset_ref(lambda f: _write(f, "secret.json", '{"format": "hunter2"}')),
            ('its "format" is not "crash-grab-tileset"',), "$.tileset"),
    # Issue 27: odd characters, and paths holding what no path can.
    Hostile("a lone surrogate", lambda f: _changed_layout(f, "half.json", lambda d: d.update(name="x\ud800")),
            ("\\ud800", "surrogate pair without its other half"), "$.name"),
    Hostile("a surrogate escape", lambda f: _changed_layout(f, "ff.json", _placements(lambda p: p.update(tile="\udcff"))),
            ("\\udcff", "surrogate"), "$.placements[1].tile"),
    Hostile("a lone surrogate in a key", lambda f: _write(f, "key.json", json.dumps({**_layout_document(), "n\ud800": 1})),
            ("\\ud800",), '$["n\\ud800"]'),
    Hostile("tile set: a NUL byte", _with_tileset_ref(lambda f: "tiles\0.json"), ("NUL byte",), "$.tileset"),
    Hostile("tile set: a layout", _with_tileset_ref(lambda f: GOOD_LAYOUT), ("this is a layout, not a tile set",),
            "$.tileset"),
    Hostile("too many values", lambda f: _changed_layout(f, "values.json", lambda d: d.update(tileset=_features(1_001))),
            ("more than 1,000 values", "CRASHGRAB_MAX_VALUES"), "$"),
]
SECRET = "hunter2"  # in files a layout points at: no message may show it


def _scenario_using(layout: Callable[[Path], Path | str]) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        document = json.loads(SCENARIO_WITH_LAYOUT_PATH.read_text(encoding="utf-8"))
        document["layout"] = str(layout(folder))
        return _write(folder, "scenario.json", json.dumps(document))
    return make


def _million_turns(folder: Path) -> Path:
    document = json.loads(SHIPPED_SCENARIO.read_text(encoding="utf-8"))
    document["turns"] = [{"end_round": True}] * 10_001
    return _write(folder, "long-game.json", json.dumps(document))


def _long_player_ids(folder: Path) -> Path:
    document = json.loads(SHIPPED_SCENARIO.read_text(encoding="utf-8"))
    for player in document["players"][:2]:
        player["id"] = "p" * 200_000
    return _write(folder, "long-ids.json", json.dumps(document))


def _crash_grid_scenario(folder: Path, *, tricks: int = 1, **changes) -> Path:
    """The Crash Grid scenario of a crash into a wall, with its layout path made absolute, its
    one trick repeated `tricks` times and `changes` made."""
    document = json.loads(CRASH_GRID_SCENARIO.read_text(encoding="utf-8"))
    document["layout"] = str(CRASH_GRID_SCENARIO.parent / document["layout"])
    document["tricks"] = document["tricks"] * tricks
    document.update(changes)
    return _write(folder, "grid-scenario.json", json.dumps(document))


# For `scenario run`: the scenario itself, or its layout, is hostile.
SCENARIO_CASES = [
    Hostile("a 200,000-character id", _long_player_ids, ("200,002 characters", "is used twice"), "$.players[1].id"),
    Hostile("nested 995 deep", LAYOUT_CASES[0].make, ("more than 64 levels",)),
    Hostile("a symlink loop", _loop, ("loop of symbolic links",)),
    Hostile("a FIFO", _fifo, ("named pipe (FIFO)",)),
    Hostile("/dev/zero", lambda f: Path("/dev/zero"), ("a device",)),
    Hostile("a repeated key", lambda f: _write(f, "s.json", SHIPPED_SCENARIO.read_text().replace(
        '"format": "crash-grab-scenario"', '"format": "crash-grab-scenario", "format": "x"', 1)),
            ('"format" appears more than once',), "$.format"),
    Hostile("a layout", lambda f: GOOD_LAYOUT, ("this is a layout, not a scenario",), "$.format"),
    Hostile("more turns than the limit", _million_turns, ("10,001 turns", "at most 10,000", "CRASHGRAB_MAX_TURNS"),
            "$.turns"),
    Hostile("layout: a symlink loop", _scenario_using(_loop), ("loop of symbolic links",), "$.layout"),
    Hostile("layout: a FIFO", _scenario_using(_fifo), ("named pipe",), "$.layout"),
    Hostile("layout: /dev/zero", _scenario_using(lambda f: "/dev/zero"), ("a device",), "$.layout"),
    Hostile("layout: a scenario", _scenario_using(lambda f: SHIPPED_SCENARIO), ("this is a scenario, not a layout",),
            "$.layout"),
    # Issue 27: another game's files, odd characters, limits of every game.
    Hostile("layout: a Crash Grid arena", _scenario_using(lambda f: CRASH_GRID_LAYOUT),
            ("this scenario is Crash & Grab's, but its layout is a Crash Grid arena",), "$.layout"),
    Hostile("layout: a NUL byte", _scenario_using(lambda f: "board\0.json"), ("NUL byte",), "$.layout"),
    Hostile("a lone surrogate", lambda f: _write(f, "half.json", json.dumps(
        {**json.loads(SHIPPED_SCENARIO.read_text(encoding="utf-8")), "notes": "\udcff"})), ("\\udcff",), "$.notes"),
    Hostile("more dice than the limit", lambda f: _write(f, "dice.json", json.dumps(
        {**json.loads(SHIPPED_SCENARIO.read_text(encoding="utf-8")), "dice": [1] * 10_001})),
            ("10,001 scripted die results", "at most 10,000", "CRASHGRAB_MAX_DICE"), "$.dice"),
    Hostile("Crash Grid: a Crash & Grab layout", lambda f: _crash_grid_scenario(f, layout=str(GOOD_LAYOUT)),
            ("this scenario is Crash Grid's, but its layout is a Crash & Grab layout",), "$.layout"),
    Hostile("Crash Grid: more tricks than the limit", lambda f: _crash_grid_scenario(f, tricks=4_097),
            ("4,097 tricks", "at most 4,096", "CRASHGRAB_MAX_TRICKS"), "$.tricks"),
    Hostile("Crash Grid: a lone surrogate", lambda f: _crash_grid_scenario(f, name="\ud800"), ("\\ud800",), "$.name"),
]

# For the tile designer's Open.
TILESET_CASES = [
    Hostile("nested 995 deep", LAYOUT_CASES[0].make, ("more than 64 levels",)),
    Hostile("a symlink loop", _loop, ("loop of symbolic links",)),
    Hostile("a FIFO", _fifo, ("named pipe (FIFO)",)),
    Hostile("/dev/zero", lambda f: Path("/dev/zero"), ("a device",)),
    Hostile("a layout", lambda f: GOOD_LAYOUT, ("this is a layout, not a tile set",), "$.format"),
]


def prepare(case: Hostile, folder: Path, monkeypatch) -> Path:
    """Make the case's file in `folder` (and lower the size limit for the size case)."""
    if case.name == "over the size limit":
        monkeypatch.setenv("CRASHGRAB_MAX_FILE_MB", SMALL_LIMIT_MB)
    if case.name == "too many values":  # the cap is 200,000: a small one tells the same, faster
        monkeypatch.setenv("CRASHGRAB_MAX_VALUES", SMALL_VALUE_LIMIT)
    folder.mkdir(parents=True, exist_ok=True)
    return case.make(folder)


class TookTooLong(Exception):
    pass


@contextlib.contextmanager
def within(seconds: int):
    """Fail instead of hanging: SIGALRM interrupts even a blocking open() of a FIFO."""
    def alarm(*_):
        raise TookTooLong(f"still running after {seconds} s")
    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
