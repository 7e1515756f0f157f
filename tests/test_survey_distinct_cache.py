"""The distinct-board listing saved in the user's cache (survey/distinct_cache.py): read back as
the very listing it was made from, and made anew whenever the file is missing, for another
template or tile set, damaged, or does not fit the arrangements."""
from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from crashgrab.engine.crash_and_grab.survey import distinct, distinct_cache, saved_listing
from crashgrab.engine.crash_and_grab.survey.distinct import distinct_boards
from crashgrab.engine.crash_and_grab.templates import TEMPLATES
from crashgrab.engine.crash_and_grab.tileset_file import load_tileset, standard_tileset

SETS = Path(__file__).parent / "fixtures" / "survey_tilesets"
TEMPLATE = TEMPLATES["2-4"]


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("CRASHGRAB_CACHE_DIR", str(tmp_path))
    distinct._distinct_boards.cache_clear()
    yield tmp_path
    distinct._distinct_boards.cache_clear()


def fresh(template, tileset):
    """The listing as made from scratch (the cache left out)."""
    return distinct._list_distinct_boards(distinct.arrangements(template, tileset), template, tileset, True)


def listed(template, tileset):
    distinct._distinct_boards.cache_clear()
    return distinct_boards(template, tileset)


def same_listing(one, other) -> bool:
    groups = all(
        (a.slots, a.weights, a.lowest, a.images, a.tile_ids) == (b.slots, b.weights, b.lowest, b.images, b.tile_ids)
        and all(np.array_equal(x, y) and x.dtype == y.dtype for x, y in
                ((a.tiles, b.tiles), (a.sides, b.sides), (a.rotations, b.rotations)))
        for a, b in zip(one.groups, other.groups, strict=True))
    return groups and (one.symmetries, one.segments, one.distinct, one.content_choices) == \
        (other.symmetries, other.segments, other.distinct, other.content_choices)


def saved_file(folder: Path, template, tileset) -> Path:
    return folder / f"distinct-{distinct_cache.listing_key(template, tileset, True)}.pickle"


def test_a_listing_is_saved_once_and_read_back_as_made(cache):
    tiles = standard_tileset()
    made = listed(TEMPLATE, tiles)
    path = saved_file(cache, TEMPLATE, tiles)
    assert path.is_file() and list(cache.iterdir()) == [path]
    written = path.stat().st_mtime_ns
    read = listed(TEMPLATE, tiles)
    assert read is not made and same_listing(read, made) and same_listing(read, fresh(TEMPLATE, tiles))
    assert path.stat().st_mtime_ns >= written and list(cache.iterdir()) == [path]
    assert read.count == 24_576 and read.weight(7) == made.weight(7) and read.choices(99) == made.choices(99)


def test_each_template_and_tile_set_has_its_own_listing():
    tiles, mirrored = standard_tileset(), load_tileset(SETS / "mirrored.json")
    keys = {distinct_cache.listing_key(t, s, r) for t in (TEMPLATES["2-4"], TEMPLATES["5"]) for s in (tiles, mirrored)
            for r in (True, False)}
    assert len(keys) == 8


@pytest.mark.parametrize("changed_file", ["crash_and_grab/survey/distinct.py", "crash_and_grab/survey/saved_listing.py",
                                          "grid/hex.py", "crash_and_grab/templates.py"])
def test_a_change_to_the_listing_code_names_another_file(tmp_path, monkeypatch, changed_file):
    """Any module of the survey or the grid model, or the templates: a change there is a new listing."""
    tiles = standard_tileset()
    before = distinct_cache.listing_key(TEMPLATE, tiles, True)
    engine = Path(distinct.__file__).resolve().parents[2]
    copy = tmp_path / "engine"
    for folder in ("crash_and_grab/survey", "grid"):
        shutil.copytree(engine / folder, copy / folder, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("crash_and_grab/templates.py", "feature_settings.py"):
        shutil.copy(engine / name, copy / name)
    monkeypatch.setattr(distinct_cache, "_SOURCE_FOLDERS", (copy / "crash_and_grab/survey", copy / "grid"))
    monkeypatch.setattr(distinct_cache, "_SOURCE_FILES", (copy / "crash_and_grab/templates.py",
                                                           copy / "feature_settings.py"))
    assert distinct_cache.listing_key(TEMPLATE, tiles, True) == before
    edited = copy / changed_file
    edited.write_bytes(edited.read_bytes() + b"# changed\n")
    assert distinct_cache.listing_key(TEMPLATE, tiles, True) != before


def stale_cases(cache: Path, tiles, other):
    """Ways a file under `tiles`' name holds something else; each writes it and says how."""
    path = saved_file(cache, TEMPLATE, tiles)

    def another_sets_file():    # the mirrored set's listing, copied under this set's name
        listed(TEMPLATE, other)
        shutil.copy(saved_file(cache, TEMPLATE, other), path)

    def damaged():
        listed(TEMPLATE, tiles)
        data = bytearray(path.read_bytes())
        data[len(data) // 2] ^= 0xFF
        path.write_bytes(bytes(data))

    def not_fitting():          # a well-formed file of this name whose listing is another template's
        distinct_cache.save_listing(distinct_cache.listing_key(TEMPLATE, tiles, True),
                                    saved_listing.to_parts(fresh(TEMPLATES["5"], standard_tileset())))

    def not_a_listing():
        path.write_bytes(b"not a listing")

    return [another_sets_file, damaged, not_fitting, not_a_listing]


@pytest.mark.parametrize("case", range(4))
def test_a_stale_or_damaged_file_is_made_anew(cache, case):
    tiles, other = load_tileset(SETS / "offset.json"), load_tileset(SETS / "mirrored.json")
    stale_cases(cache, tiles, other)[case]()
    path = saved_file(cache, TEMPLATE, tiles)
    stale = path.read_bytes()
    rebuilt = listed(TEMPLATE, tiles)
    assert same_listing(rebuilt, fresh(TEMPLATE, tiles))
    assert path.read_bytes() != stale                       # and the file now holds this set's listing
    assert same_listing(listed(TEMPLATE, tiles), rebuilt)


def test_an_unwritable_cache_folder_only_means_no_file(tmp_path, monkeypatch):
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    monkeypatch.setenv("CRASHGRAB_CACHE_DIR", str(blocked / "cache"))
    tiles = standard_tileset()
    assert same_listing(listed(TEMPLATE, tiles), fresh(TEMPLATE, tiles))
    distinct._distinct_boards.cache_clear()


def test_only_the_listings_used_last_are_kept(cache, monkeypatch):
    monkeypatch.setattr(distinct_cache, "KEEP", 2)
    for name in ("offset", "mirrored", "boosters"):
        listed(TEMPLATE, load_tileset(SETS / f"{name}.json"))
    assert len(list(cache.glob("distinct-*.pickle"))) == 2
    assert not saved_file(cache, TEMPLATE, load_tileset(SETS / "offset.json")).exists()


class _Planted:
    """What someone else's cache file could hold: an object whose unpickling calls a function."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (Path.touch, (self.marker,))


def test_a_cache_file_that_would_run_code_is_refused_and_runs_none(cache):
    import hashlib
    import pickle

    tiles = standard_tileset()
    key = distinct_cache.listing_key(TEMPLATE, tiles, True)
    marker = cache / "ran"
    payload = pickle.dumps({"groups": [_Planted(marker)]})
    # a well-formed file under the right name with the right checksum: only its contents are wrong
    saved_file(cache, TEMPLATE, tiles).write_bytes(distinct_cache.FORMAT + key.encode() + b"\n"
                                                   + hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload)
    assert distinct_cache.load_listing(key) is None
    assert not marker.exists()
    made = listed(TEMPLATE, tiles)                       # listed anew, and saved over it
    assert made.distinct == fresh(TEMPLATE, tiles).distinct and not marker.exists()
    assert distinct_cache.load_listing(key) is not None
