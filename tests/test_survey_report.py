"""Survey runs, tallies, the score and the report: merged exactly, ranked as documented,
and the same numbers the reference gives board by board."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from crashgrab.engine.crash_and_grab.survey.record import BoardRecord
from crashgrab.engine.crash_and_grab.survey.report import SURVEY_CODES, report_json, report_text
from crashgrab.engine.crash_and_grab.survey.runner import ALL, SAMPLE, SurveyRequest, board_layout, run_survey, survey_chunk
from crashgrab.engine.crash_and_grab.survey.tally import Tally
from crashgrab.engine.crash_and_grab.validation import DEFAULT_SEVERITY, validate_layout
from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.formats.schemas import validate

STRUCTURAL = {"unknown-tile", "duplicate-tile", "overlap", "outside-board", "slot-mismatch",
              "template-incomplete", "directions", "unknown-code"}


def record(board, errors=0, warnings=0, off_moves=300, rest_cells=60, distances=(1, 2), loops=(0, 0, 0, 0, 0)):
    return BoardRecord(board, (), errors, warnings, 0, 4, loops, off_moves, rest_cells,
                       len(distances), sum(distances), sum(d * d for d in distances))


# --- the score ----------------------------------------------------------------------

def test_spread_is_the_population_variance_of_the_fewest_moves():
    assert record(0, distances=(1, 1, 2, 2)).spread == Fraction(1, 4)
    assert record(0, distances=(2, 2, 2)).spread == 0
    assert record(0, distances=(1, 3)).spread == 1
    assert record(0, distances=()).spread == 0


def test_exposure_is_off_moves_per_rest_cell_exactly():
    assert record(0, off_moves=301, rest_cells=56).exposure == Fraction(301, 56)


@pytest.mark.parametrize("better, worse, why", [
    (record(9, errors=0, warnings=5), record(1, errors=1, warnings=0), "errors first"),
    (record(9, warnings=1, off_moves=400), record(1, warnings=2, off_moves=100), "then warnings"),
    (record(9, off_moves=299, distances=(1, 5)), record(1, off_moves=300, distances=(2, 2)), "then exposure"),
    (record(9, distances=(2, 2, 3)), record(1, distances=(1, 2, 3)), "then even distances"),
    (record(1), record(2), "then the board number"),
])
def test_score_order(better, worse, why):
    assert better.score() < worse.score(), why


def test_a_tally_keeps_the_best_k_in_score_order_whatever_the_grouping():
    records = [record(i, warnings=i % 3, off_moves=300 + (i * 7) % 11, distances=(1, 1 + i % 2)) for i in range(50)]
    whole = Tally(keep_best=5)
    for r in records:
        whole.add(r)
    whole.finish()
    parts = Tally(keep_best=5)
    for start in range(0, 50, 7):
        part = Tally(keep_best=5)
        for r in reversed(records[start:start + 7]):
            part.add(r)
        part.finish()
        parts.merge(part)
    expected = sorted(records, key=BoardRecord.score)[:5]
    assert whole.best == parts.best == expected
    assert whole.first_loop == parts.first_loop and whole.mean_exposure() == parts.mean_exposure()


# --- running ------------------------------------------------------------------------

def small_sample(chunk_size: int) -> SurveyRequest:
    return SurveyRequest("6", SAMPLE, sample=90, seed=5, chunk_size=chunk_size, best=4)


@pytest.fixture(scope="module")
def sample_report():
    request = small_sample(30)
    return request, report_json(request, run_survey(request, workers=1))


def test_two_workers_give_the_report_of_one(sample_report):
    request, expected = sample_report
    assert report_json(request, run_survey(request, workers=2)) == expected


def test_the_chunk_size_does_not_change_the_report(sample_report):
    _, expected = sample_report
    request = small_sample(90)
    assert report_json(request, run_survey(request, workers=1)) == expected


def test_chunks_of_all_arrangements_merge_to_the_whole():
    request = SurveyRequest("2-4", ALL, best=3)
    whole = survey_chunk(request, 0, 120)
    merged = Tally(keep_best=3)
    for start in (0, 50, 100):
        merged.merge(survey_chunk(request, start, min(start + 50, 120)))
    assert report_json(request, merged) == report_json(request, whole)


def test_progress_is_reported_after_every_chunk():
    seen = []
    run_survey(small_sample(40), workers=1, progress=seen.append)
    assert seen == [0, 40, 80, 90]


# --- the report ---------------------------------------------------------------------

def test_survey_codes_are_every_rule_code_of_validation():
    # A new validation code must be taught to the fast path (and the differential test).
    assert set(SURVEY_CODES) == set(DEFAULT_SEVERITY) - STRUCTURAL


def test_the_report_validates_against_its_schema(sample_report):
    _, document = sample_report
    validate(document, "crash-grab-survey")
    broken = dict(document, boards=-1)
    with pytest.raises(InvalidFileError):
        validate(broken, "crash-grab-survey")


def test_shares_add_up(sample_report):
    _, document = sample_report
    total = document["boards"]
    assert total == 90

    def adds_up(items):
        assert sum(item["boards"] for item in items) == total
        assert sum(item["share"] for item in items) == pytest.approx(1, abs=1e-5)
        for item in items:
            assert item["share"] == pytest.approx(item["boards"] / total, abs=1e-6)

    adds_up(document["edge_crash_sites"]["distribution"])
    adds_up(document["accelerator_loops"]["first_distance"])
    for per_distance in document["accelerator_loops"]["by_distance"]:
        adds_up(per_distance["distribution"])
    for item in document["findings"]:
        assert 0 <= item["boards"] <= total and item["boards"] <= item["findings"]
        assert item["share"] == pytest.approx(item["boards"] / total, abs=1e-6)
    assert document["valid"]["boards"] + document["severities"]["error"]["boards"] == total


def test_the_report_tells_what_the_reference_tells_board_by_board(sample_report):
    request, document = sample_report
    reports = [validate_layout(board_layout(request, i)) for i in range(request.sample)]
    with_code = Counter(code for r in reports for code in {f.code for f in r.findings})
    assert {f["code"]: f["boards"] for f in document["findings"]} == {c: with_code[c] for c in SURVEY_CODES}
    edges = Counter(sum(1 for f in r.findings if f.code == "crash-site-edge") for r in reports)
    assert {i["count"]: i["boards"] for i in document["edge_crash_sites"]["distribution"]} == dict(edges)
    for per_distance in document["accelerator_loops"]["by_distance"]:
        groups = Counter(r.metrics["accelerators"]["loop_groups"][str(per_distance["distance"])] for r in reports)
        assert {i["groups"]: i["boards"] for i in per_distance["distribution"]} == dict(groups)
    mean = sum(r.metrics["exposure"]["mean"] for r in reports) / len(reports)
    assert document["exposure"]["mean"] == pytest.approx(mean, abs=1e-4)


def test_best_boards_are_ranked_by_the_reference_counts_too(sample_report):
    request, document = sample_report
    ranks = []
    for item in document["best"]:
        report = validate_layout(board_layout(request, item["board"]))
        counts = report.counts()
        assert (counts["error"], counts["warning"]) == (item["errors"], item["warnings"])
        assert item["exposure"] == report.metrics["exposure"]["mean"]
        ranks.append((item["errors"], item["warnings"], item["exposure"]))
    assert ranks == sorted(ranks) and len(ranks) == 4


def test_select_counts_only_the_chosen_codes():
    request = SurveyRequest("5", SAMPLE, sample=30, seed=1, select=("accelerator-loop",), best=2)
    document = report_json(request, run_survey(request))
    assert [f["code"] for f in document["findings"]] == ["accelerator-loop"]
    assert document["select"] == ["accelerator-loop"]
    # Loops are warnings, so the warning count of a best board is its loop count.
    for item in document["best"]:
        assert set(item["codes"]) <= {"accelerator-loop"}
        assert item["warnings"] == item["codes"].get("accelerator-loop", 0)


def test_the_text_report_names_every_code_and_share(sample_report):
    _, document = sample_report
    text = report_text(document)
    assert "10x10 board for 6 saucers, standard tiles: 90 setups drawn by the rules with seed 5." in text
    for item in document["findings"]:
        assert item["code"] in text
    assert "Best boards" in text and "Shortest loop distance" in text


def test_lowest_and_highest_exposure_break_ties_by_the_lower_board_number():
    tally = Tally()
    for board, off_moves, rest_cells in [(5, 300, 60), (3, 250, 50), (9, 330, 60), (2, 275, 50), (7, 330, 60)]:
        tally.add(record(board, off_moves=off_moves, rest_cells=rest_cells))
    # 300/60 = 250/50 = 5 (boards 5 and 3); 330/60 = 275/50 = 5.5 (boards 9, 2 and 7)
    assert tally.lowest() == (Fraction(5), 3)
    assert tally.highest() == (Fraction(11, 2), 2)


def test_the_2_4_surveys_exposure_extremes_are_the_lowest_numbered_boards_of_their_exposure(tmp_path):
    """Ties go to the lower board number inside a batch too, not only across batches (the highest
    exposure was once the last tied board of its batch: 5341 instead of 5213)."""
    import json
    from fractions import Fraction

    from crashgrab.engine.cli import main
    from tests.survey_records import all_2_4_records

    out = tmp_path / "report.json"
    assert main(["survey", "--players", "2-4", "--all", "--workers", "1", "-q", "-o", str(out)]) == 0
    exposure = json.loads(out.read_text())["exposure"]
    by_board = [(Fraction(r.off_moves, max(r.rest_cells, 1)), r.board) for r in all_2_4_records()]
    highest, lowest = max(e for e, _ in by_board), min(e for e, _ in by_board)
    assert exposure["highest"]["board"] == min(b for e, b in by_board if e == highest)
    assert exposure["lowest"]["board"] == min(b for e, b in by_board if e == lowest)
