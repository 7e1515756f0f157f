"""Free-form surveys (`crashgrab survey --shape ... --tiles ...`): every way to lay exactly the
given tiles over a shape, counted by hand on tiny shapes; the symmetries proven per shape and
set; records equal to the networkx reference on sampled boards and alike on every image of a
board; bad input one message and exit 2; --resume and --cluster give the very report.
"""
from __future__ import annotations

import json
import pickle
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from crashgrab.engine.cli import main
from crashgrab.engine.crash_and_grab.survey import cluster as cluster_module
from crashgrab.engine.crash_and_grab.survey import freeform_cli, freeform_request
from crashgrab.engine.crash_and_grab.survey.batch import as_records
from crashgrab.engine.crash_and_grab.survey.freeform import Shape, count_arrangements, freeform_space
from crashgrab.engine.crash_and_grab.survey.freeform_request import FreeformRequest, freeform_records
from crashgrab.engine.crash_and_grab.survey.report import report_json
from crashgrab.engine.crash_and_grab.survey.runner import run_survey
from crashgrab.engine.crash_and_grab.survey.symmetry import Symmetry
from crashgrab.engine.crash_and_grab.survey.tally import Tally
from crashgrab.engine.crash_and_grab.terms import ACCELERATOR, CRASH_SITE
from crashgrab.engine.crash_and_grab.tileset_file import save_tileset, standard_tileset
from crashgrab.engine.crash_and_grab.validation import validate_layout
from crashgrab.engine.formats.layout_io import save_layout
from crashgrab.engine.formats.schemas import validate
from crashgrab.engine.grid.model import Feature, Tile, TileSet
from tests.survey_boards import difference, record_difference

QUARTER = ("turn-90", "turn-180", "turn-270")
RECTANGLE = ("turn-180", "mirror-left-right", "mirror-top-bottom")


def tile(tile_id: str, width: int, height: int, a=(), b=()) -> Tile:
    return Tile(tile_id, "custom", width, height, {"A": tuple(a), "B": tuple(b)})


def acc(x: int, y: int) -> Feature:
    return Feature(ACCELERATOR, x, y)


def site(x: int, y: int, number: int) -> Feature:
    return Feature(CRASH_SITE, x, y, number)


def space(shape: Shape, *tiles: Tile, reduce: bool = True):
    return freeform_space(shape, TileSet("hand", "hand-made tiles", tiles), tuple(t.id for t in tiles), reduce)


def random_tile(rng: random.Random, tile_id: str, width: int, height: int, numbers: range) -> Tile:
    """A tile with the Crash Sites `numbers` and a few Accelerators on each side (chiral, so no mirror holds)."""
    sides = {}
    for side in "AB":
        cells = rng.sample([(x, y) for y in range(height) for x in range(width)],
                           min(width * height, len(numbers) + 3))
        sides[side] = tuple(site(x, y, n) for (x, y), n in zip(cells, numbers)) + \
            tuple(acc(x, y) for x, y in cells[len(numbers):])
    return Tile(tile_id, "custom", width, height, sides)


def pair_set() -> TileSet:
    """Two 4x4 tiles with Crash Sites 1-6 and 7-12: every board of 8x4 is whole and numbered (the kernel's)."""
    rng = random.Random(26)
    return TileSet("pair", "two halves", (random_tile(rng, "p", 4, 4, range(1, 7)),
                                          random_tile(rng, "q", 4, 4, range(7, 13))))


# --- counted by hand -----------------------------------------------------------------

def test_a_square_and_a_domino_on_3x2_counted_by_hand():
    # The 2x2 tile S lies at x=0 or x=1, the 2x1 domino D upright in the column left over.
    # S: side A (an Accelerator at its corner) at 4 turns puts it on each of its 4 cells; side B
    # is blank at all 4 turns. D is blank: 2 sides x 2 upright turns = 4. So 2 x 8 x 4 = 64
    # arrangements; the blank board is 2 x 4 x 4 = 32 of them; an Accelerator in column 0 or
    # 2 is made 4 ways (S's one turn, D's 4), in column 1 8 ways (from either position).
    # The rectangle's half turn and mirrors carry the boards onto boards; so 3 classes: blank
    # (32), corner Accelerator (4 boards x 4 = 16), middle Accelerator (2 boards x 8 = 16).
    found = space(Shape.rectangle(3, 2), tile("S", 2, 2, a=[acc(0, 0)]), tile("D", 2, 1))
    assert found.arrangement_count == 64
    assert found.distinct == 7
    assert found.reductions == RECTANGLE
    assert sorted(found.class_weights) == [16, 16, 32]
    assert sum(found.class_weights) == 64
    weights = {}
    for index in range(found.count):
        accelerators, _, _ = found.board_cells(found.class_contents(index, index + 1)[0].tolist())
        weights[tuple(accelerators)] = found.class_weights[index]
    # Cells are numbered row by row: 0 (0,0), 1 (1,0), ...; each class named by its lowest board.
    assert weights == {(): 32, (0,): 16, (1,): 16}


def test_an_l_shape_counted_by_hand_has_no_symmetry():
    # ###  the shape: a 3x1 tile R must lie along the top row (upright, it would leave
    # ##.  cells no 2x2 fits), the 2x2 tile Q below it: one way to lay them. R: 2 sides
    # ##.  x 2 flat turns = 4, Q: 2 sides x 4 turns = 8: 32 arrangements. No turn or
    # mirror of the 3x3 box carries the shape onto itself.
    shape = Shape.of({(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (0, 2), (1, 2)})
    assert shape.picture() == ["###", "##.", "##."]
    blank = (tile("R", 3, 1), tile("Q", 2, 2))
    assert count_arrangements(shape, blank) == (1, 32)
    found = space(shape, *blank)
    assert (found.arrangement_count, found.distinct, found.class_weights, found.reductions) == (32, 1, (32,), ())
    rng = random.Random(5)
    featured = space(shape, random_tile(rng, "R", 3, 1, range(1, 2)), random_tile(rng, "Q", 2, 2, range(2, 3)))
    assert featured.arrangement_count == sum(featured.class_weights) == 32 and featured.reductions == ()


def test_a_chiral_tile_alone_gives_the_quarter_turns_and_no_mirror():
    # One 2x2 tile on 2x2: side A an Accelerator at (0,0) and a Crash Site at (1,0), side B
    # blank. 2 sides x 4 turns = 8 arrangements; A's 4 turns are 4 boards, B's one board of 4.
    # A mirror of A is none of its turns; the quarter turns carry A's boards onto each other:
    # 2 classes of 4 arrangements.
    found = space(Shape.rectangle(2, 2), tile("T", 2, 2, a=[acc(0, 0), site(1, 0, 1)]))
    assert (found.arrangement_count, found.distinct) == (8, 5)
    assert found.reductions == QUARTER
    assert found.class_weights == (4, 4)


def test_standard_tiles_10_and_5_on_4x3_counted_by_hand():
    # Tile 10 (4x2) flat at the top or the bottom, tile 5 (4x1) flat in the row left over;
    # upright neither fits 3 rows. 2 positions x (2 sides x 2 flat turns) x (2 x 2) = 32.
    found = freeform_space(Shape.rectangle(4, 3), standard_tileset(), ("10", "5"))
    assert found.arrangement_count == 32
    assert "turn-180" in found.reductions
    assert sum(found.class_weights) == 32


def test_arrangement_numbers_name_every_placing_once_and_cover_the_shape():
    found = space(Shape.rectangle(3, 2), tile("S", 2, 2, a=[acc(0, 0)]), tile("D", 2, 1))
    tileset = found.tileset
    seen = set()
    for number in range(found.arrangement_count):
        placements = found.placements(number)
        cells = [c for p in placements for c in p.cells(tileset.get(p.tile))]
        assert sorted(cells) == sorted(found.shape.cells)
        seen.add(placements)
    assert len(seen) == 64
    with pytest.raises(IndexError):
        found.placements(64)


# --- the reference, and records alike on every image ---------------------------------

def _spaces():
    rng = random.Random(9)
    holed = Shape.of({(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (0, 2), (1, 2)})
    yield freeform_space(Shape.rectangle(8, 4), pair_set(), ("p", "q"))
    yield freeform_space(Shape.rectangle(4, 3), standard_tileset(), ("10", "5"))
    r, q = random_tile(rng, "R", 3, 1, range(1, 3)), random_tile(rng, "Q", 2, 2, range(3, 5))
    yield space(holed, r, q)


@pytest.mark.parametrize("found", list(_spaces()), ids=["pair-8x4", "standard-4x3", "l-shape"])
def test_sampled_boards_agree_with_the_networkx_reference(found):
    rng = random.Random(3)
    rows = sorted(rng.sample(range(found.count), min(6, found.count)))
    for row in rows:
        name = int(found.class_names[row])
        layout = found.layout(name)
        problem, _ = difference(layout)
        assert problem is None, f"arrangement {name}: {problem}"
        record = as_records(freeform_records(found, row, row + 1), [name])[0]
        assert record_difference(record, validate_layout(layout)) is None


def test_the_kernel_checks_whole_numbered_boards():
    found = freeform_space(Shape.rectangle(8, 4), pair_set(), ("p", "q"))
    assert found.reductions == ("turn-180",) and found.count == 64
    assert not freeform_records(found, 0, found.count).fallback.all()


@pytest.mark.parametrize("found", list(_spaces())[:2], ids=["pair-8x4", "standard-4x3"])
def test_every_proven_symmetry_leaves_every_record_unchanged(found):
    whole = freeform_space(found.shape, found.tileset, tuple(t.id for t in found.tiles), reduce=False)
    records = as_records(freeform_records(whole, 0, whole.count), whole.class_names.tolist())
    by_board = {}
    for row, record in enumerate(records):
        features = tuple(sorted(f for cid in whole.class_contents(row, row + 1)[0].tolist()
                                for f in whole.contents[cid][1]))
        by_board[features] = replace(record, board=0, weight=1)  # every field but the number and weight
    for name in found.reductions:
        symmetry = Symmetry(name, found.shape.width, found.shape.height)
        for features, fields in by_board.items():
            assert by_board[symmetry.content(((), features))[1]] == fields
    # ... so the reduced survey counts what the unreduced one counts.
    reduced = run_survey(FreeformRequest(found.shape, tuple(t.id for t in found.tiles), found.tileset, best=0))
    unreduced = Tally()
    unreduced.add_batch(freeform_records(whole, 0, whole.count), whole.class_names,
                        np.array(whole.class_weights, dtype=np.int64))
    unreduced.finish()
    assert reduced.boards == unreduced.boards == found.arrangement_count
    assert (reduced.distinct, unreduced.distinct) == (found.count, whole.count)
    for field in ("boards_with_code", "findings_per_code", "boards_with_severity", "edge_sites", "loop_groups",
                  "first_loop", "off_moves_by_rest_cells", "moves_by_pairs"):
        assert getattr(reduced, field) == getattr(unreduced, field), field


# --- the command ---------------------------------------------------------------------

@pytest.fixture
def pair_file(tmp_path) -> Path:
    path = tmp_path / "pair.json"
    save_tileset(pair_set(), path)
    return path


def run(capsys, *arguments) -> tuple[int, str, str]:
    code = main(["survey", *arguments])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("arguments, message", [
    (["--shape", "4x3", "--tiles", "10,99"], "--tiles: 99 is not a tile of the tile set 'standard'"),
    (["--shape", "4x3", "--tiles", "10,10"], "--tiles names 10 more than once"),
    (["--shape", "4x3", "--tiles", "10,5,6"], "the tiles 10, 5, 6 cover 16 cells, but the shape 4x3 has 12"),
    (["--shape", "3x3", "--tiles", "14,9,5"], "cannot cover the shape 3x3 exactly"),
    (["--shape", "9x9", "--tiles", "1,2,3,4,5,6,7,8,9"], "more than the 5,000,000 a free-form survey can list"),
    (["--shape", "8x8", "--tiles", "1,2,3,4,5,6,7,8"], "cover 80 cells, but the shape 8x8 has 64"),
    (["--shape", "8x8", "--tiles", "1,2,3,4"], "in 98,304 ways (98,304 arrangements with their sides and turns): more than "
                                               "the 90,000 a survey lists without --all"),
    (["--shape", "0x3", "--tiles", "1"], "--shape 0x3: a side must be 1 to 32 cells"),
    (["--shape", "nowhere.json", "--tiles", "1"], "is neither WIDTHxHEIGHT"),
    (["--shape", "4x3"], "say which tiles to place on the shape with --tiles"),
    (["--shape", "4x3", "--tiles", "10,5", "--players", "2-4"], "--shape gives the board itself"),
    (["--shape", "4x3", "--tiles", "10,5", "--sample", "5"], "--sample is for a template's setups"),
    (["--players", "2-4", "--tiles", "1"], "--tiles names the tiles to lay on a --shape"),
])
def test_bad_input_is_one_message_and_exit_2(capsys, monkeypatch, arguments, message):
    monkeypatch.setattr(freeform_cli, "QUICK_COVERS", 90_000)  # below the 98,304 ways of 4 core tiles on 8x8
    code, _, err = run(capsys, *arguments)
    assert code == 2 and message in err and err.count("\n") == 1, err


def test_a_space_too_large_to_count_is_one_message_and_exit_2(capsys, monkeypatch):
    from crashgrab.engine.crash_and_grab.survey import freeform
    monkeypatch.setattr(freeform, "MAX_STATES", 10)   # 4 core tiles on 8x8 need more partial covers than that
    code, _, err = run(capsys, "--shape", "8x8", "--tiles", "1,2,3,4")
    assert code == 2 and "lie on the shape 8x8 in too many ways to count" in err and err.count("\n") == 1


def test_a_layout_gives_the_shape_and_its_tiles(tmp_path, capsys):
    found = freeform_space(Shape.rectangle(4, 3), standard_tileset(), ("10", "5"))
    board = tmp_path / "board.json"
    save_layout(found.layout(5, tileset_ref="standard"), board)
    code, out, _ = run(capsys, "--shape", str(board), "-o", str(tmp_path / "a.json"))
    assert code == 0 and "free-form 4x3 board of 12 cells with tiles 10, 5" in out
    assert run(capsys, "--shape", "4x3", "--tiles", "10,5", "-o", str(tmp_path / "b.json"))[0] == 0
    assert (tmp_path / "a.json").read_text() == (tmp_path / "b.json").read_text()


def test_the_report_is_valid_and_names_the_shape(tmp_path, capsys, pair_file):
    out_dir = tmp_path / "best"
    code, out, _ = run(capsys, "--shape", "8x4", "--tileset", str(pair_file), "--tiles", "p,q", "--best", "2",
                       "-o", str(tmp_path / "r.json"), "--out-dir", str(out_dir))
    assert code == 0
    document = json.loads((tmp_path / "r.json").read_text())
    validate(document, "survey")
    assert document["template"] == "free-form" and document["symmetries"] == ["turn-180"]
    assert document["shape"] == {"width": 8, "height": 4, "cells": ["########"] * 4, "tiles": ["p", "q"]}
    assert (document["boards"], document["checked"]) == (128, 64)
    assert "all 128 arrangements" in out and "up to its turn 180" in out
    assert len(list(out_dir.iterdir())) == 2
    best = document["best"][0]
    assert Counter(f.code for f in validate_layout(freeform_space(
        Shape.rectangle(8, 4), pair_set(), ("p", "q")).layout(best["board"])).findings) == Counter(best["codes"])


def test_stopped_and_resumed_it_writes_the_same_bytes(tmp_path, capsys, monkeypatch, pair_file):
    monkeypatch.setattr(freeform_request, "CHUNK_SIZE", 8)  # 64 classes: 8 chunks
    base = ["--shape", "8x4", "--tileset", str(pair_file), "--tiles", "p,q", "--best", "3", "--workers", "1"]
    assert run(capsys, *base, "-o", str(tmp_path / "straight.json"))[0] == 0
    sliced = tmp_path / "sliced.json"
    code, _, err = run(capsys, *base, "-o", str(sliced), "--stop-after", "3")
    assert code == 3 and "stopped after 3 chunks" in err and not sliced.exists()
    assert run(capsys, *base, "-o", str(sliced), "--resume")[0] == 0
    assert sliced.read_bytes() == (tmp_path / "straight.json").read_bytes()
    assert not Path(str(sliced) + ".checkpoint.json").exists()


def test_a_checkpoint_of_another_shape_is_refused(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(freeform_request, "CHUNK_SIZE", 2)
    checkpoint = str(tmp_path / "c.json")
    base = ["--workers", "1", "--checkpoint", checkpoint]
    assert run(capsys, "--shape", "4x3", "--tiles", "10,5", *base, "--stop-after", "1")[0] == 3
    code, _, err = run(capsys, "--shape", "4x3", "--tiles", "5,10", *base, "--resume")
    assert code == 2 and "belongs to another survey: shape" in err


def test_on_a_cluster_it_writes_the_pools_bytes(tmp_path, capsys, monkeypatch, pair_file):
    distributed = pytest.importorskip("distributed")
    monkeypatch.setattr(freeform_request, "CHUNK_SIZE", 8)
    monkeypatch.setattr(cluster_module, "TASK_SECONDS", 0.0)  # a task a chunk: 6 on the cluster
    base = ["--shape", "8x4", "--tileset", str(pair_file), "--tiles", "p,q", "--best", "3"]
    assert run(capsys, *base, "--workers", "1", "-o", str(tmp_path / "pool.json"))[0] == 0
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        assert run(capsys, *base, "--cluster", cluster.scheduler_address, "-o", str(tmp_path / "cluster.json"))[0] == 0
    assert (tmp_path / "cluster.json").read_bytes() == (tmp_path / "pool.json").read_bytes()


def test_the_runner_report_does_not_depend_on_the_chunking():
    shape, tiles = Shape.rectangle(8, 4), ("p", "q")
    one = FreeformRequest(shape, tiles, pair_set(), best=4, chunk_size=64)
    many = FreeformRequest(shape, tiles, pair_set(), best=4, chunk_size=5)
    assert report_json(one, run_survey(one)) == report_json(many, run_survey(many))
    assert pickle.loads(pickle.dumps(many)) == many   # as a job goes to a worker process
