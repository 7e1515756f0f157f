"""Distinct boards: the counts, the classes' weights, and the proof on all 98,304 2-4
arrangements that a quarter turn of the whole board changes no field of a board's record
(and so no figure of the report), which is what lets a survey check one board per class."""
from __future__ import annotations

from dataclasses import replace

import pytest

from crashgrab.engine.crash_and_grab.survey.arrangements import arrangements
from crashgrab.engine.crash_and_grab.survey.distinct import distinct_boards, sum_of_weights
from crashgrab.engine.crash_and_grab.survey.report import report_json
from crashgrab.engine.crash_and_grab.survey.runner import ALL, SurveyRequest, run_survey
from crashgrab.engine.crash_and_grab.survey.tally import Tally
from crashgrab.engine.crash_and_grab.templates import TEMPLATES
from crashgrab.engine.formats.schemas import validate
from crashgrab.engine.crash_and_grab.tileset_file import standard_tileset
from tests.survey_records import all_2_4_records

TILESET = standard_tileset()
CORES = 24 * 2 ** 4 * 4 ** 4      # 4! tile orders, 2 sides and 4 rotations per slot: all look different


@pytest.mark.parametrize("template, arrangement_count, distinct, classes", [
    # No two 2-4 arrangements look alike; a quarter turn makes classes of four.
    ("2-4", CORES, CORES, CORES // 4),
    # 5: the 1x1 centre looks the same at its 4 rotations (2 looks: its sides); the four
    # 4x1 arms' 6,144 arrangements show 96 different things (worked out in docs/survey.md).
    ("5", CORES * 6144 * 8, CORES * 96 * 2, CORES * 96 * 2 // 4),
    # 6: each 4x2 arm looks the same at both its rotations (4! orders x 2 sides each = 384),
    # the 2x2 centre the same at opposite rotations (2 sides x 2).
    ("6", CORES * 6144 * 8, CORES * 384 * 4, CORES * 384 * 4 // 4),
])
def test_distinct_board_counts(template, arrangement_count, distinct, classes):
    boards = distinct_boards(TEMPLATES[template], TILESET)
    assert boards.arrangements.count == arrangement_count
    assert boards.distinct == distinct
    assert boards.count == classes
    assert boards.quarter_turn
    assert sum_of_weights(boards) == arrangement_count


def test_the_issue_figures():
    assert distinct_boards(TEMPLATES["2-4"], TILESET).count == 24_576
    assert distinct_boards(TEMPLATES["5"], TILESET).distinct == 18_874_368
    assert distinct_boards(TEMPLATES["6"], TILESET).distinct == 150_994_944


@pytest.mark.parametrize("template", ["5", "6"])
def test_a_class_is_named_by_its_lowest_arrangement_which_shows_its_board(template):
    boards = distinct_boards(TEMPLATES[template], TILESET)
    numbered = boards.arrangements
    for index in (0, 1, boards.count // 2, boards.count - 1):
        lowest = boards.lowest_arrangement(index)
        assert numbered.choices(lowest) == boards.choices(index)
        assert numbered.index(boards.choices(index)) == lowest
        # Tile 1 sits in the north-west slot of every class's named arrangement.
        assert boards.choices(index)[0][0] == "1"


@pytest.fixture(scope="module")
def owner() -> dict[int, int]:
    """2-4 arrangement number -> its class's lowest arrangement number."""
    boards = distinct_boards(TEMPLATES["2-4"], TILESET)
    numbered = boards.arrangements
    owner = {}
    for index in range(boards.count):
        choices = boards.choices(index)
        for _ in range(4):
            owner[numbered.index(choices)] = boards.lowest_arrangement(index)
            choices = boards.turned(choices)
    return owner


def test_every_2_4_arrangement_is_in_exactly_one_class_with_the_weight_it_says():
    boards = distinct_boards(TEMPLATES["2-4"], TILESET)
    numbered = boards.arrangements
    owner = {}
    for index in range(boards.count):
        choices = boards.choices(index)
        assert boards.weight(index) == 4
        for _ in range(4):
            number = numbered.index(choices)
            assert number not in owner
            owner[number] = index
            choices = boards.turned(choices)
        assert choices == boards.choices(index)  # four turns come back
    assert len(owner) == numbered.count


@pytest.fixture(scope="module")
def records():
    return all_2_4_records()


def test_a_quarter_turn_changes_no_field_of_any_2_4_board_record(records):
    boards = distinct_boards(TEMPLATES["2-4"], TILESET)
    numbered = arrangements(TEMPLATES["2-4"], TILESET)
    differ = []
    for number, record in enumerate(records):
        turned = records[numbered.index(boards.turned(numbered.choices(number)))]
        if replace(turned, board=number) != record:
            differ.append(number)
    assert differ == []
    # ...and the records are not all alike, so the comparison could fail.
    assert len({replace(r, board=0) for r in records}) > 10_000


def test_the_survey_by_classes_equals_the_survey_of_every_arrangement(records, owner):
    request = SurveyRequest("2-4", ALL, best=5)
    by_classes = run_survey(request)
    every = Tally(keep_best=4 * 5)
    for record in records:
        every.add(record)
    every.finish()
    assert by_classes.boards == every.boards == 98_304
    assert by_classes.distinct == 24_576
    for field in ("boards_with_code", "findings_per_code", "boards_with_severity", "edge_sites", "loop_groups",
                  "first_loop", "off_moves_by_rest_cells", "moves_by_pairs"):
        assert getattr(by_classes, field) == getattr(every, field), field
    assert by_classes.mean_exposure() == every.mean_exposure()
    assert by_classes.lowest() == every.lowest()
    # The best distinct boards are the best arrangements, each turn of a board once (its lowest number).
    seen, expected = set(), []
    for record in every.best:
        if owner[record.board] not in seen:
            seen.add(owner[record.board])
            assert owner[record.board] == record.board  # a class's first in the ranking is its lowest number
            expected.append(replace(record, weight=4))
    assert by_classes.best == expected[:5]
    document = report_json(request, by_classes)
    validate(document, "crash-grab-survey", "report.json")
    assert (document["boards"], document["distinct_boards"], document["checked"], document["quarter_turn"]) == \
        (98_304, 98_304, 24_576, True)
    assert all(item["arrangements"] == 4 for item in document["best"])


@pytest.mark.parametrize("template", ["5", "6"])
def test_a_quarter_turn_changes_no_record_on_sampled_5_and_6_saucer_boards(template):
    # All 98,304 2-4 boards above; here 3,000 random arrangements of the big templates.
    import random

    import numpy as np

    from crashgrab.engine.crash_and_grab.survey.batch import as_records, choice_records

    boards = distinct_boards(TEMPLATES[template], TILESET)
    numbered = boards.arrangements
    rng = random.Random(int(template))
    chosen = [numbered.choices(rng.randrange(numbered.count)) for _ in range(3000)]
    turned = [boards.turned(c) for c in chosen]
    numbers = np.zeros(len(chosen), dtype=np.int64)
    before = as_records(choice_records(TEMPLATES[template], TILESET, chosen), numbers)
    after = as_records(choice_records(TEMPLATES[template], TILESET, turned), numbers)
    assert before == after
    assert len(set(before)) > 1000
