"""Boards for the survey tests: drawn free-form boards, random free-form boards with holes,
and the comparison of the fast path with the networkx reference (run in worker processes
by the differential test, so it lives in an importable module).

    picture_layout('''
        1.>#
        .#.2
    ''')
`.` plain, `>` Accelerator, `#` or a space a hole (short rows end in holes), `1`-`9` `a`
`b` `c` Crash Sites 1-12, `x` a Crash Site numbered 13 (outside the die's range). Every
drawn cell is its own 1x1 custom tile, so any shape of board can be drawn.
"""
from __future__ import annotations

import random
import textwrap
from collections import Counter

from crashgrab.engine.crash_and_grab.setup import random_layout
from crashgrab.engine.crash_and_grab.survey.assemble import template_boards
from crashgrab.engine.crash_and_grab.survey.batch import as_records, choice_records
from crashgrab.engine.crash_and_grab.survey.findings import fast_check
from crashgrab.engine.crash_and_grab.survey.record import board_record
from crashgrab.engine.crash_and_grab.templates import TEMPLATES
from crashgrab.engine.crash_and_grab.terms import ACCELERATOR, CRASH_SITE, DEFAULT_DIRECTIONS
from crashgrab.engine.crash_and_grab.validation import validate_layout
from crashgrab.engine.crash_and_grab.validation.fast import fast_validate_layout
from crashgrab.engine.crash_and_grab.tileset_file import standard_tileset
from crashgrab.engine.grid.geometry import ROTATIONS
from crashgrab.engine.grid.model import SIDES, Feature, Placement, Tile, TileSet
from crashgrab.engine.crash_and_grab.layout import Layout

SITE_CHARS = {**{str(n): n for n in range(1, 10)}, "a": 10, "b": 11, "c": 12, "x": 13}


def picture_layout(picture: str, name: str = "drawn") -> Layout:
    rows = textwrap.dedent(picture).strip("\n").splitlines()
    tiles, placements = [], []
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            if char in "# ":
                continue
            if char == ">":
                features = (Feature(ACCELERATOR, 0, 0),)
            elif char in SITE_CHARS:
                features = (Feature(CRASH_SITE, 0, 0, SITE_CHARS[char]),)
            elif char == ".":
                features = ()
            else:
                raise ValueError(f"unknown board character {char!r}")
            tile_id = f"{x},{y}"
            tiles.append(Tile(tile_id, "custom", 1, 1, {"A": features, "B": ()}))
            placements.append(Placement(tile_id, "A", x, y, 0))
    return Layout(name, TileSet("drawn", "drawn tiles", tuple(tiles)), tuple(placements), None,
                  dict(DEFAULT_DIRECTIONS))


def random_picture(rng: random.Random) -> str:
    """A random board up to 9x9: holes, Accelerators, and Crash Sites with repeats and gaps."""
    width, height = rng.randint(1, 9), rng.randint(1, 9)
    hole, accelerator, site = rng.choice((0.0, 0.1, 0.25)), rng.choice((0.05, 0.15, 0.3)), rng.choice((0.1, 0.2))
    numbers = list("123456789abcx")
    rows = []
    for _ in range(height):
        row = ""
        for _ in range(width):
            roll = rng.random()
            if roll < hole:
                row += "#"
            elif roll < hole + accelerator:
                row += ">"
            elif roll < hole + accelerator + site:
                row += rng.choice(numbers)
            else:
                row += "."
        rows.append(row)
    return "\n".join(rows)


def scattered_standard_layout(rng: random.Random, bounds: int = 13) -> Layout:
    """Standard tiles at random free-form positions, sides and rotations, leaving holes between."""
    tileset = standard_tileset()
    taken: set[tuple[int, int]] = set()
    placements = []
    for tile in rng.sample(tileset.tiles, rng.randint(2, 9)):
        for _ in range(20):
            rotation = rng.choice(ROTATIONS)
            width, height = tile.size(rotation)
            if width > bounds or height > bounds:
                break
            placement = Placement(tile.id, rng.choice(SIDES), rng.randint(0, bounds - width),
                                  rng.randint(0, bounds - height), rotation)
            cells = set(placement.cells(tile))
            if not cells & taken:
                taken |= cells
                placements.append(placement)
                break
    return Layout("scattered", tileset, tuple(placements), None, dict(DEFAULT_DIRECTIONS), tileset_ref="standard")


# --- the comparison -----------------------------------------------------------------

def reference_shape(report) -> tuple[list, dict]:
    """The reference's findings without their messages, and its metrics."""
    return ([(f.code, f.severity, tuple(tuple(c) for c in f.cells), dict(f.details)) for f in report.findings],
            report.metrics)


def fast_shape(findings, metrics) -> tuple[list, dict]:
    return [(f.code, f.severity, tuple(f.cells), f.details) for f in findings], metrics


def difference(layout: Layout) -> tuple[str | None, Counter]:
    """Where the fast path and the reference disagree on `layout` (None: nowhere), and the
    codes the reference found."""
    reference = validate_layout(layout)
    expected = reference_shape(reference)
    codes = Counter(f.code for f in reference.findings)
    fast = fast_check(layout)
    found = fast_shape(fast.findings, fast.metrics)
    if found != expected:
        return _first_difference("fast_check", expected, found), codes
    # The editor's live report: the same findings with the very same messages.
    live = fast_validate_layout(layout)
    if live.findings != reference.findings:
        first = next((i for i, (a, b) in enumerate(zip(reference.findings, live.findings)) if a != b), None)
        expected = reference.findings[first] if first is not None else len(reference.findings)
        found = live.findings[first] if first is not None else len(live.findings)
        return f"fast_validate_layout: finding {first}: reference {expected}, fast {found}", codes
    if live.metrics != reference.metrics or live.board != reference.board:
        return "fast_validate_layout: metrics or board differ", codes
    if layout.template is not None:
        # The survey's own route, pieces per slot instead of resolving the layout, must
        # give the very same facts.
        boards = template_boards(TEMPLATES[layout.template], layout.tileset)
        facts = boards.facts(boards.choices_of(layout.placements))
        if facts != fast.facts:
            return "template pieces: the facts differ from those of the resolved board", codes
        problem = record_difference(board_record(0, facts), reference)
        if problem:
            return problem, codes
        # ...and so must the batch kernel's record, straight against the reference.
        kernel = as_records(choice_records(TEMPLATES[layout.template], layout.tileset,
                                           [boards.choices_of(layout.placements)]), [0])[0]
        problem = record_difference(kernel, reference)
        if problem:
            return "kernel: " + problem, codes
    return None, codes


def record_difference(record, reference) -> str | None:
    """The survey record's figures, each worked out again from the reference's report."""
    metrics = reference.metrics
    cells = metrics["exposure"]["cells"]
    matrix = metrics["crash_site_moves"]["matrix"]
    between = [m for i, row in enumerate(matrix) for j, m in enumerate(row) if i != j and m is not None]
    severities = Counter(f.severity for f in reference.findings)
    expected = {
        "codes": tuple(sorted(Counter(f.code for f in reference.findings).items())),
        "errors": severities["error"], "warnings": severities["warning"], "notes": severities["info"],
        "edge_sites": sum(1 for f in reference.findings if f.code == "crash-site-edge"),
        "loop_groups": tuple(metrics["accelerators"]["loop_groups"][str(d)] for d in range(1, 6)),
        "off_moves": sum(c["off_moves"] for c in cells), "rest_cells": len(cells),
        "pairs": len(between), "moves_sum": sum(between), "moves_squares": sum(m * m for m in between),
    }
    found = {name: getattr(record, name) for name in expected}
    if found != expected:
        return f"survey record: expected {expected}, found {found}"
    return None


def _first_difference(route: str, expected, found) -> str:
    (expected_findings, expected_metrics), (found_findings, found_metrics) = expected, found
    for index, (a, b) in enumerate(zip(expected_findings, found_findings)):
        if a != b:
            return f"{route}: finding {index}: reference {a}, fast {b}"
    if len(expected_findings) != len(found_findings):
        return f"{route}: reference has {len(expected_findings)} findings, fast {len(found_findings)}"
    for key in expected_metrics:
        if expected_metrics[key] != found_metrics.get(key):
            return f"{route}: metric {key}: reference {expected_metrics[key]}, fast {found_metrics.get(key)}"
    return f"{route}: metrics differ in their keys"


def compare_template_seeds(job: tuple[str, int, int]) -> tuple[list[str], Counter]:
    """Compare seeded setups start..stop-1 of one template; (problems, reference codes seen)."""
    template_id, start, stop = job
    tileset = standard_tileset()
    problems, seen = [], Counter()
    for seed in range(start, stop):
        layout = random_layout(tileset, TEMPLATES[template_id], seed, tileset_ref="standard")
        problem, codes = difference(layout)
        seen.update(codes)
        if problem:
            problems.append(f"template {template_id} seed {seed}: {problem}")
    return problems, seen


def compare_free_form(job: tuple[int, int]) -> tuple[list[str], Counter]:
    """Compare random drawn boards and scattered standard tiles for seeds start..stop-1."""
    start, stop = job
    problems, seen = [], Counter()
    for seed in range(start, stop):
        rng = random.Random(seed)
        picture = random_picture(rng)
        for layout, what in ((picture_layout(picture), f"picture\n{picture}"),
                             (scattered_standard_layout(rng), "scattered standard tiles")):
            problem, codes = difference(layout)
            seen.update(codes)
            if problem:
                problems.append(f"free-form seed {seed} ({what}): {problem}")
    return problems, seen
