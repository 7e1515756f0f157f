"""Surveys of a designer's tile set (`crashgrab survey --tileset FILE`): the symmetries proven
per set, classes that are exactly the orbits, a reduced survey equal to the unreduced one,
every proven symmetry changing no record, the fast path and kernel equal to the networkx
reference on sampled boards, and the command with checkpoints and --resume.

Three sets on the 2-4 template (tests/fixtures/survey_tilesets/):
- mirrored: each B side is its A side mirrored, tile 3 is tile 2 transposed, tiles 1 and 4
  are symmetric about their diagonal. By hand: tile 1's B side is its A side turned (a
  mirror of a diagonal-symmetric pattern is a turn), so tile 1 shows 4 contents a slot, 2
  arrangements each, tile 4 alike; tiles 2 and 3 show the same 8 contents a slot between
  them, one side each. Boards: 12 placings of the multiset {1, 4, X, X} x 4 x 4 x 8 x 8 =
  12,288 distinct boards of 8 arrangements each, and every turn and mirror holds.
- offset: 4x3 core tiles, which leave holes and sit at their slots' origins, so no turn or
  mirror carries the board onto itself; random features, so all 98,304 boards differ.
- boosters: 4x4 tiles with 5 Accelerators a side (20 a board): the quarter turns hold (any
  4x4 core tiles have them on this template), no mirror (random features).
"""
from __future__ import annotations

import json
import random
from collections import Counter
from itertools import permutations, product
from pathlib import Path

import pytest

from crashgrab.engine.crash_and_grab.survey.arrangements import arrangements
from crashgrab.engine.crash_and_grab.survey.batch import as_records, choice_records, class_records
from crashgrab.engine.crash_and_grab.survey.distinct import distinct_boards
from crashgrab.engine.crash_and_grab.survey.symmetry import SYMMETRY_NAMES
from crashgrab.engine.crash_and_grab.survey.report import report_json
from crashgrab.engine.crash_and_grab.survey.runner import ALL, SurveyRequest
from crashgrab.engine.crash_and_grab.survey.tally import Tally
from crashgrab.engine.crash_and_grab.survey.tilesets import fit_problem, survey_tileset
from crashgrab.engine.crash_and_grab.templates import TEMPLATES
from crashgrab.engine.crash_and_grab.tileset_file import load_tileset, tileset_from_json, tileset_to_json
from crashgrab.engine.formats.schemas import validate
from crashgrab.engine.grid.model import SIDES, Placement
from crashgrab.engine.cli import main
from crashgrab.engine.formats.layout_io import load_layout
from tests.survey_boards import difference

SETS = Path(__file__).parent / "fixtures" / "survey_tilesets"
TEMPLATE = TEMPLATES["2-4"]
QUARTER = ("turn-90", "turn-180", "turn-270")


def tileset(name: str):
    return load_tileset(SETS / f"{name}.json")


@pytest.mark.parametrize("name, symmetries, distinct", [
    ("mirrored", SYMMETRY_NAMES, 12_288),
    ("offset", (), 98_304),
    ("boosters", QUARTER, 98_304),
])
def test_the_symmetries_proven_for_each_set(name, symmetries, distinct):
    boards = distinct_boards(TEMPLATE, tileset(name))
    assert boards.reductions == symmetries
    assert boards.distinct == distinct
    assert arrangements(TEMPLATE, tileset(name)).count == 98_304


def test_the_mirrored_set_has_eight_arrangements_a_board():
    boards = distinct_boards(TEMPLATE, tileset("mirrored"), reduce=False)
    assert set(boards.groups[0].weights) == {8}


# --- the classes are the orbits ------------------------------------------------------

def _boards_in_index_order(numbered, pieces: dict):
    """Every arrangement's board as the set of what its slots show, worked out from the tiles
    alone, in arrangement order (tile order, then each slot's side, then each slot's
    rotation). A slot's showing is (cell, what) items; `pieces` numbers them."""
    slots = numbered.template.slots
    piece_of = {}
    for index, slot in enumerate(slots):
        for tile in numbered.tileset.tiles:
            for side in SIDES:
                for rotation in slot.rotations:
                    placement = Placement(tile.id, side, slot.x, slot.y, rotation)
                    shown = frozenset([(cell, "covered", None) for cell in placement.cells(tile)]
                                      + [((slot.x + f.x, slot.y + f.y), f.type, f.number)
                                         for f in tile.features(side, rotation)])
                    piece_of[(index, tile.id, side, rotation)] = pieces.setdefault(shown, len(pieces))
    tiles = [t.id for t in numbered.tileset.tiles]
    for order in permutations(tiles, len(slots)):
        for sides in product(SIDES, repeat=len(slots)):
            for rotations in product(*(slot.rotations for slot in slots)):
                yield frozenset([piece_of[(i, t, s, r)] for i, (t, s, r) in enumerate(zip(order, sides, rotations))])


# The eight symmetries of an 8x8 board, written out (independently of distinct.Symmetry).
_MAPS = [lambda x, y: (x, y), lambda x, y: (7 - y, x), lambda x, y: (7 - x, 7 - y), lambda x, y: (y, 7 - x),
         lambda x, y: (7 - x, y), lambda x, y: (x, 7 - y), lambda x, y: (y, x), lambda x, y: (7 - y, 7 - x)]


def test_the_mirrored_sets_classes_are_exactly_the_orbits_of_its_boards():
    numbered = arrangements(TEMPLATE, tileset("mirrored"))
    boards = distinct_boards(TEMPLATE, tileset("mirrored"))
    size: Counter = Counter()
    lowest: dict[frozenset, int] = {}
    pieces: dict[frozenset, int] = {}
    for index, shown in enumerate(_boards_in_index_order(numbered, pieces)):
        size[shown] += 1
        lowest.setdefault(shown, index)
    assert len(size) == 12_288
    shown_by = {number: piece for piece, number in pieces.items()}
    images_of = [{n: pieces.get(frozenset((m(*cell), kind, number) for cell, kind, number in shown_by[n]))
                  for n in shown_by} for m in _MAPS]
    orbits: dict[frozenset, list[frozenset]] = {}
    for shown in size:
        images = {frozenset(image[n] for n in shown) for image in images_of}
        assert images <= size.keys()  # every image is a board of the set
        orbits.setdefault(min(images, key=lambda b: lowest[b]), sorted(images, key=lambda b: lowest[b]))
    expected = sorted((min(lowest[b] for b in orbit), sum(size[b] for b in orbit)) for orbit in orbits.values())
    found = sorted((boards.lowest_arrangement(i), boards.weight(i)) for i in range(boards.count))
    assert found == expected
    assert Counter(len(orbit) for orbit in orbits.values()) == Counter(
        s.orbit for s in boards.segments for _ in range(s.count))


# --- reduced equals unreduced, and no symmetry changes a record ----------------------------

def _tally(template, tiles, classes) -> Tally:
    tally = Tally(keep_best=0)
    records, numbers, weights = class_records(template, tiles, 0, classes.count, classes)
    tally.add_batch(records, numbers, weights)
    tally.finish()
    return tally


def _boosters_with_mirrored_b_sides():
    """The boosters set with each B side its A side mirrored: every turn and mirror holds, and
    every board has one Crash Site per number (the kernel's path, so the unreduced survey of
    its 98,304 boards takes a moment; the mirrored set's boards repeat numbers and go to the
    Python fast path)."""
    document = tileset_to_json(tileset("boosters"))
    for tile in document["tiles"]:
        tile["sides"]["B"] = [dict(f, x=tile["width"] - 1 - f["x"]) for f in tile["sides"]["A"]]
    document["id"] = "boosters-mirrored"
    return tileset_from_json(document)


@pytest.mark.parametrize("tiles, classes", [(_boosters_with_mirrored_b_sides, 12_288),
                                            (lambda: tileset("boosters"), 24_576)])
def test_a_survey_by_symmetry_classes_equals_the_survey_of_every_distinct_board(tiles, classes):
    tiles = tiles()
    reduced, full = distinct_boards(TEMPLATE, tiles), distinct_boards(TEMPLATE, tiles, reduce=False)
    request = SurveyRequest("2-4", ALL, best=0, tileset=tiles)
    one, other = report_json(request, _tally(TEMPLATE, tiles, reduced)), report_json(request, _tally(TEMPLATE, tiles, full))
    assert (one["boards"], one["checked"], other["checked"]) == (98_304, classes, 98_304)
    # The highest exposure names the highest-numbered board among equals: a class is named
    # by its lowest arrangement, so only that name may differ.
    for document in (one, other):
        document["exposure"]["highest"]["board"] = document["checked"] = None
    assert one == other


@pytest.mark.parametrize("name", ["mirrored", "boosters"])
def test_no_proven_symmetry_changes_a_board_record(name):
    tiles = tileset(name)
    boards = distinct_boards(TEMPLATE, tiles)
    rng = random.Random(26)
    numbered = arrangements(TEMPLATE, tiles)
    chosen = [numbered.choices(rng.randrange(numbered.count)) for _ in range(40)]
    fields = ("codes", "edge_sites", "loop_groups", "off_moves", "rest_cells", "pairs", "moves_sum", "moves_squares")
    original = as_records(choice_records(TEMPLATE, tiles, chosen), [0] * len(chosen))
    for symmetry in boards.reductions:
        images = [boards.image(c, symmetry) for c in chosen]
        assert all(None not in image for image in images)
        imaged = as_records(choice_records(TEMPLATE, tiles, images), [0] * len(chosen))
        assert [[getattr(r, f) for f in fields] for r in imaged] == [[getattr(r, f) for f in fields] for r in original]


# --- the reference -------------------------------------------------------------------

@pytest.mark.parametrize("name", ["mirrored", "offset", "boosters"])
def test_the_fast_path_and_kernel_equal_the_reference_on_sampled_boards_of_the_set(name):
    tiles = tileset(name)
    boards = distinct_boards(TEMPLATE, tiles)
    numbered = arrangements(TEMPLATE, tiles)
    rng = random.Random(7)
    sampled = sorted(rng.sample(range(boards.count), 4))
    for index in sampled:
        layout = numbered.layout(boards.lowest_arrangement(index), tileset_ref=None)
        problem, _ = difference(layout)
        assert problem is None, f"{name} class {index}: {problem}"
        # The class's row of the survey's batch is the board's record too.
        row = as_records(*class_records(TEMPLATE, tiles, index, index + 1, boards))[0]
        single = as_records(choice_records(TEMPLATE, tiles, [numbered.choices(row.board)]), [row.board])[0]
        assert (row.codes, row.loop_groups, row.off_moves, row.moves_sum) == \
               (single.codes, single.loop_groups, single.off_moves, single.moves_sum)


def test_the_boosters_boards_have_twenty_accelerators():
    tiles = tileset("boosters")
    numbered = arrangements(TEMPLATE, tiles)
    layout = numbered.layout(0, tileset_ref=None)
    count = sum(1 for p in layout.placements for f in tiles.get(p.tile).features(p.side, p.rotation)
                if f.type == "accelerator")
    assert count == 20


# --- tile sets that do not fit ---------------------------------------------------------

def _changed(**tile_changes) -> dict:
    document = tileset_to_json(tileset("boosters"))
    document["tiles"][0].update(tile_changes)
    return document


@pytest.mark.parametrize("changes, message", [
    ({"role": "arm5"}, "has 4 slot(s) taking core tiles, but the tile set has 3: 2, 3, 4"),
    ({"width": 5}, "tile 1 (5x4) at rotation 0 in the north-east core slot reaches off the 8x8 board"),
])
def test_a_set_whose_tiles_do_not_fit_the_slots_is_refused_with_the_reason(changes, message):
    problem = fit_problem(TEMPLATE, tileset_from_json(_changed(**changes)))
    assert problem is not None and message in problem[0]


def test_an_overlapping_tile_is_refused():
    document = tileset_to_json(tileset("boosters"))
    for n in range(4):  # arms and a centre, so that the 5-saucer template has its tiles
        document["tiles"].append({"id": f"arm{n}", "role": "arm5", "width": 4, "height": 1,
                                  "sides": {"A": [], "B": []}})
    # 9x9: a 2x2 centre at (4, 4) reaches into the east arm's first cell (5, 4)
    document["tiles"].append({"id": "mid", "role": "centre5", "width": 2, "height": 2, "sides": {"A": [], "B": []}})
    problem = fit_problem(TEMPLATES["5"], tileset_from_json(document))
    assert problem is not None
    assert problem[0] == "tile mid at rotation 0 in the centre slot overlaps the east arm slot at cell (5, 4)."


# --- the command -----------------------------------------------------------------------

def _survey(capsys, *args) -> tuple[int, str, str]:
    code = main(["survey", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_the_command_surveys_a_set_and_resumes_to_the_same_report(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = str(SETS / "boosters.json")
    base = ["--template", "2-4", "--tileset", path, "--workers", "1", "--best", "2"]
    assert _survey(capsys, *base, "-o", "whole.json")[0] == 0
    code, _, err = _survey(capsys, *base, "-o", "sliced.json", "--stop-after", "4")
    assert code == 3 and "sliced.json.checkpoint.json" in err
    saved = json.loads(Path("sliced.json.checkpoint.json").read_text())
    assert saved["request"]["tileset"]["id"] == "boosters"
    assert _survey(capsys, *base, "-o", "sliced.json", "--resume")[0] == 0
    whole = json.loads(Path("whole.json").read_text())
    assert Path("sliced.json").read_text() == Path("whole.json").read_text()
    validate(whole, "crash-grab-survey", "whole.json")
    assert (whole["tileset"], whole["symmetries"], whole["checked"], whole["boards"]) == \
           ("boosters", list(QUARTER), 24_576, 98_304)


def test_a_checkpoint_of_another_version_of_the_set_is_refused(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    base = ["--players", "3", "--workers", "1", "--checkpoint", "run.json"]
    assert _survey(capsys, *base, "--tileset", str(SETS / "boosters.json"), "--stop-after", "1")[0] == 3
    changed = tileset_to_json(tileset("boosters"))
    changed["tiles"][0]["sides"]["A"].pop()
    Path("boosters.json").write_text(json.dumps(changed))
    code, _, err = _survey(capsys, *base, "--tileset", "boosters.json", "--resume")
    assert code == 2 and "another version of it" in err
    code, _, err = _survey(capsys, *base, "--resume")
    assert code == 2 and "the standard tiles" in err


def test_a_set_that_does_not_fit_is_one_message_and_exit_2(tmp_path, capsys):
    code, out, err = _survey(capsys, "--players", "5", "--all", "--tileset", str(SETS / "offset.json"))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "taking arm5 tiles, but the tile set has 0" in err


def test_best_boards_of_a_set_are_saved_with_its_tiles(tmp_path, capsys):
    code, _, _ = _survey(capsys, "--template", "2-4", "--tileset", str(SETS / "mirrored.json"), "--workers", "1",
                         "--best", "1", "--out-dir", str(tmp_path))
    assert code == 0
    (saved,) = tmp_path.glob("best-01-*.json")
    layout = load_layout(saved)
    assert layout.tileset == survey_tileset(SETS / "mirrored.json", TEMPLATE)  # embedded, not "standard"
    assert layout.tileset_ref is None and layout.template == "2-4"
