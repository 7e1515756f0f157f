"""The survey report, as JSON (schemas/crash-grab-survey.schema.json) and as text for a terminal."""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..templates import TEMPLATES
from ..validation.codes import DEFAULT_SEVERITY
from .findings import RULE_CODES as SURVEY_CODES
from .freeform_request import FreeformRequest
from .lines import DISTANCES
from .record import BoardRecord
from .runner import SAMPLE, SurveyRequest, board_origin, survey_classes
from .tally import NO_LOOP, Tally

SHARE_DECIMALS = 6
MEAN_DECIMALS = 4
SCORE_TEXT = ("fewest errors, then fewest warnings, then lowest exposure (mean off-board moves per rest "
              "cell), then most even Crash Site distances (lowest variance of the fewest moves between "
              "Crash Sites), then lowest board number")

def _share(count: int, total: int) -> float:
    return round(count / total, SHARE_DECIMALS) if total else 0.0


def _round(value: Fraction | None) -> float | None:
    return None if value is None else round(float(value), MEAN_DECIMALS)


def report_json(request: SurveyRequest, tally: Tally, files: dict[int, str] | None = None) -> dict[str, Any]:
    """The report document; `files` names the layout file written for a best board."""
    total = tally.boards
    codes = request.select if request.select is not None else SURVEY_CODES
    files = files or {}
    edge_total = sum(count * boards for count, boards in tally.edge_sites.items())
    return {
        "format": "crash-grab-survey",
        "version": 2,
        "template": request.template,
        **({"shape": request.shape_json()} if isinstance(request, FreeformRequest) else {}),  # a free-form survey
        "tileset": request.tileset_obj.id,
        "mode": request.mode,
        "seed": request.seed if request.mode == SAMPLE else None,
        "boards": total,
        **_distinct_counts(request, tally),
        "select": list(request.select) if request.select is not None else None,
        "findings": [{"code": code, "severity": DEFAULT_SEVERITY[code],
                      "boards": tally.boards_with_code[code], "share": _share(tally.boards_with_code[code], total),
                      "findings": tally.findings_per_code[code]} for code in codes],
        "severities": {severity: {"boards": tally.boards_with_severity[severity],
                                  "share": _share(tally.boards_with_severity[severity], total)}
                       for severity in ("error", "warning", "info")},
        "valid": {"boards": total - tally.boards_with_severity["error"],
                  "share": _share(total - tally.boards_with_severity["error"], total)},
        "edge_crash_sites": {
            "mean": round(edge_total / total, MEAN_DECIMALS) if total else None,
            "distribution": [{"count": count, "boards": boards, "share": _share(boards, total)}
                             for count, boards in sorted(tally.edge_sites.items())]},
        "accelerator_loops": {
            "by_distance": [{
                "distance": d,
                "boards_with_loops": total - tally.loop_groups[d - 1][0],
                "share": _share(total - tally.loop_groups[d - 1][0], total),
                "distribution": [{"groups": groups, "boards": boards, "share": _share(boards, total)}
                                 for groups, boards in sorted(tally.loop_groups[d - 1].items())]}
                for d in DISTANCES],
            "first_distance": [{"distance": None if d == NO_LOOP else d, "boards": boards,
                                "share": _share(boards, total)}
                               for d, boards in sorted(tally.first_loop.items(), key=lambda i: i[0] or 99)]},
        "exposure": {
            "mean": _round(tally.mean_exposure()),
            "lowest": _extreme(tally.lowest()),
            "highest": _extreme(tally.highest())},
        "crash_site_moves": {"mean": _round(tally.mean_site_moves())},
        "score": SCORE_TEXT,
        "best": [_best(request, rank, record, files.get(record.board))
                 for rank, record in enumerate(tally.best, start=1)],
    }


def _distinct_counts(request: SurveyRequest, tally: Tally) -> dict[str, Any]:
    if request.mode == SAMPLE:
        return {"distinct_boards": None, "checked": tally.distinct, "quarter_turn": False, "symmetries": []}
    classes = survey_classes(request)
    return {"distinct_boards": classes.distinct, "checked": tally.distinct, "quarter_turn": classes.quarter_turn,
            "symmetries": list(classes.reductions)}


def _extreme(value: tuple[Fraction, int] | None) -> dict[str, Any] | None:
    return None if value is None else {"board": value[1], "mean": _round(value[0])}


def _best(request: SurveyRequest, rank: int, record: BoardRecord, file: str | None) -> dict[str, Any]:
    return {
        "rank": rank,
        "board": record.board,
        "origin": board_origin(request, record.board),
        "arrangements": record.weight if request.mode != SAMPLE else None,
        "errors": record.errors,
        "warnings": record.warnings,
        "notes": record.notes,
        "exposure": _round(record.exposure),
        "spread": _round(record.spread),
        "mean_moves": _round(record.mean_moves),
        "codes": dict(record.codes),
        "file": file,
    }


QUARTER_TURNS = ["turn-90", "turn-180", "turn-270"]


def _up_to(symmetries: list[str]) -> str:
    """What a class of checked boards is taken up to, in words."""
    if not symmetries:
        return ""
    if symmetries == QUARTER_TURNS:
        return " up to a quarter turn"
    if len(symmetries) == 7:
        return " up to its turns and mirror images"
    return " up to its " + ", ".join(name.replace("-", " ") for name in symmetries)


def _count(n: int) -> str:
    return f"{n:,}"


def _percent(share: float) -> str:
    return f"{share * 100:.1f}%"


def _board(document: dict[str, Any]) -> str:
    shape = document.get("shape")
    if shape is not None:
        cells = sum(row.count("#") for row in shape["cells"])
        return (f"the free-form {shape['width']}x{shape['height']} board of {cells} cells "
                f"with tiles {', '.join(shape['tiles'])}")
    template = TEMPLATES[document["template"]]
    return f"the {template.width}x{template.height} board for {template.title}"


def report_text(document: dict[str, Any]) -> str:
    """The report for people: the same figures as the JSON document, one block per question."""
    total = document["boards"]
    if document["mode"] == "all":
        turn = _up_to(document.get("symmetries", QUARTER_TURNS if document["quarter_turn"] else []))
        what = (f"all {_count(total)} arrangements, {_count(document['distinct_boards'])} distinct boards, "
                f"{_count(document['checked'])} checked (one per board{turn})")
    else:
        what = f"{_count(total)} setups drawn by the rules with seed {document['seed']}"
    lines = [f"Survey of {_board(document)}, {document['tileset']} tiles: {what}."]
    if document["select"] is not None:
        lines.append(f"Counting only: {', '.join(document['select'])}.")
    lines += ["", "Boards with each finding:"]
    width = max((len(f["code"]) for f in document["findings"]), default=4)
    digits = len(_count(total))  # 98,304 or 4,831,838,208: the columns fit the largest count
    for item in document["findings"]:
        lines.append(f"  {item['severity']:<8} {item['code']:<{width}} {_count(item['boards']):>{digits}} "
                     f"{_percent(item['share']):>7}   ({_count(item['findings'])} findings)")
    severities = document["severities"]
    lines.append(f"  Boards with an error: {_count(severities['error']['boards'])} "
                 f"({_percent(severities['error']['share'])}); with a warning: "
                 f"{_count(severities['warning']['boards'])} ({_percent(severities['warning']['share'])}).")
    edges = document["edge_crash_sites"]
    lines += ["", f"Crash Sites on the edge of the board, per board (mean {edges['mean']}):"]
    lines += [f"  {item['count']:>2} sites: {_count(item['boards']):>{digits}} {_percent(item['share']):>7}"
              for item in edges["distribution"]]
    loops = document["accelerator_loops"]
    lines += ["", "Accelerator loops (strongly connected groups) per distance:"]
    for item in loops["by_distance"]:
        spread = ", ".join(f"{g['groups']} group{'s' if g['groups'] != 1 else ''}: {_count(g['boards'])}"
                           for g in item["distribution"])
        lines.append(f"  d={item['distance']}: {_count(item['boards_with_loops'])} boards with a loop "
                     f"({_percent(item['share'])}); {spread}")
    first = ", ".join(f"{'none' if f['distance'] is None else 'd=' + str(f['distance'])}: "
                      f"{_count(f['boards'])} ({_percent(f['share'])})" for f in loops["first_distance"])
    lines.append(f"  Shortest loop distance: {first}")
    exposure = document["exposure"]
    lines += ["", f"Mean exposure: {exposure['mean']} of a rest cell's 20 moves crash"
                  + (f" (lowest {exposure['lowest']['mean']} on board {exposure['lowest']['board']}, "
                     f"highest {exposure['highest']['mean']} on board {exposure['highest']['board']})."
                     if exposure["lowest"] else ".")]
    lines.append(f"Mean fewest moves between Crash Sites: {document['crash_site_moves']['mean']}")
    if document["best"]:
        lines += ["", f"Best boards ({document['score']}):"]
        for item in document["best"]:
            origin = item["origin"]
            name = (f"arrangement {origin['arrangement']} ({_count(item['arrangements'])} arrangements)"
                    if "arrangement" in origin else f"sample {origin['sample']} (setup seed {origin['setup_seed']})")
            line = (f"  {item['rank']:>2}. {name}: {item['errors']} errors, {item['warnings']} warnings, "
                    f"exposure {item['exposure']}, distance variance {item['spread']}, "
                    f"mean moves {item['mean_moves']}")
            if item["file"]:
                line += f" -> {item['file']}"
            lines.append(line)
    return "\n".join(lines) + "\n"
