"""A plain-Python validator as the survey's baseline (issue 26: the 2-4 survey "≥ 30x a plain-Python
validator of the same three findings measured in the same run"). A benchmark, not product code.

The three findings are the survey's three that need the move graph: `accelerator-loop`
(groups of Accelerators that bounce a saucer among themselves, each counted at the smallest
distance it forms at), `accelerator-trap` (an Accelerator a saucer can reach moving d from
which every bounce of d ends off the board) and `isolated-crash-site` (a Crash Site that
cannot reach every other one, by a breadth-first search over whole moves, which also gives
the fewest moves between Crash Sites that the report's distance figures come from). They are
written the way one would without the survey's machinery: cells as (x, y) tuples, dicts and
sets, one breadth-first search per question (docs/findings.md gives the rules), no tables,
no bit sets, no numpy.

It checks the very boards the survey checks (the 24,576 distinct 2-4 boards up to a quarter
turn, handed over as Python sets of cells, which is not timed) and its answers are compared
with the survey's records board by board (a baseline that disagreed would time something
else). The survey is timed as the whole command, start-up included:

    crashgrab survey --players 2-4 --all --workers 1 -q -o REPORT.json

    python -m crashgrab.engine.crash_and_grab.plain_survey_bench [--boards N] [--runs N]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections import deque
from pathlib import Path

from .startup_bench import crashgrab_command, whole_process
from .terms import MAX_MOVE

TARGET_SPEED_UP = 30
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))

Cell = tuple[int, int]


class PlainBoard:
    """A hole-free width x height board: its Accelerators and its Crash Sites by number."""

    def __init__(self, width: int, height: int, accelerators: set[Cell], sites: list[Cell]) -> None:
        self.width, self.height = width, height
        self.accelerators = accelerators
        self.sites = sites

    def on_board(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def bounce(self, accelerator: Cell, d: int) -> tuple[list[Cell], list[Cell]]:
        """A bounce of d from an Accelerator, each direction: (rest cells it stops on, Accelerators it enters)."""
        rests, entered = [], []
        for dx, dy in DIRECTIONS:
            x, y = accelerator
            for _ in range(d):
                x, y = x + dx, y + dy
                if not self.on_board((x, y)):
                    break                       # off the board: that direction crashes
                if (x, y) in self.accelerators:
                    entered.append((x, y))      # stops there and bounces again
                    break
            else:
                rests.append((x, y))
        return rests, entered

    def bounce_graph(self, d: int) -> tuple[dict[Cell, list[Cell]], dict[Cell, list[Cell]]]:
        rests, links = {}, {}
        for accelerator in self.accelerators:
            rests[accelerator], links[accelerator] = self.bounce(accelerator, d)
        return rests, links


def reachable(start: Cell, links: dict[Cell, list[Cell]]) -> set[Cell]:
    """The Accelerators a chain of one or more bounces from `start` enters (breadth first)."""
    seen: set[Cell] = set()
    queue = deque(links[start])
    while queue:
        cell = queue.popleft()
        if cell not in seen:
            seen.add(cell)
            queue.extend(links[cell])
    return seen


def loops_and_traps(board: PlainBoard) -> tuple[int, list[int], int, list[dict[Cell, set[Cell]]]]:
    """(`accelerator-loop` findings, loop groups per distance 1-5, `accelerator-trap` findings,
    and per distance the rest cells each Accelerator's bounces end on, for the moves)."""
    seen_groups: set[frozenset[Cell]] = set()
    per_distance = []
    trapped: set[Cell] = set()
    bounce_rests = []
    next_to_rest = {a for a in board.accelerators
                    if any(board.on_board((a[0] + dx, a[1] + dy)) and (a[0] + dx, a[1] + dy) not in board.accelerators
                           for dx, dy in DIRECTIONS)}
    for d in range(1, MAX_MOVE + 1):
        rests, links = board.bounce_graph(d)
        chains = {a: reachable(a, links) for a in board.accelerators}
        groups = {frozenset(b for b in chains[a] if a in chains[b]) for a in board.accelerators if a in chains[a]}
        per_distance.append(len(groups))
        seen_groups |= groups
        entered = {b for targets in links.values() for b in targets}
        ends = {a: set(rests[a]).union(*(rests[b] for b in chains[a])) for a in board.accelerators}
        for a in board.accelerators:
            if not ends[a] and (a in next_to_rest or a in entered):
                trapped.add(a)
        bounce_rests.append(ends)
    return len(seen_groups), per_distance, len(trapped), bounce_rests


def one_move(board: PlainBoard, cell: Cell, bounce_rests: list[dict[Cell, set[Cell]]]) -> set[Cell]:
    """Every rest cell one move (1-5 spaces, any direction, bounces included) from a rest cell."""
    found: set[Cell] = set()
    for dx, dy in DIRECTIONS:
        for d in range(1, MAX_MOVE + 1):
            x, y = cell
            for _ in range(d):
                x, y = x + dx, y + dy
                if not board.on_board((x, y)):
                    break
                if (x, y) in board.accelerators:
                    found |= bounce_rests[d - 1][(x, y)]
                    break
            else:
                found.add((x, y))
    return found


def fewest_moves(board: PlainBoard, bounce_rests: list[dict[Cell, set[Cell]]]) -> tuple[int, int, int, int]:
    """(`isolated-crash-site` findings, pairs of Crash Sites joined, sum and sum of squares of
    their fewest moves), by a breadth-first search from each Crash Site."""
    moves = {}
    isolated = pairs = total = squares = 0
    for site in board.sites:
        distance = {site: 0}
        queue = deque([site])
        while queue:
            cell = queue.popleft()
            if cell not in moves:
                moves[cell] = one_move(board, cell, bounce_rests)
            for target in moves[cell]:
                if target not in distance:
                    distance[target] = distance[cell] + 1
                    queue.append(target)
        others = [distance[s] for s in board.sites if s != site and s in distance]
        if len(others) < len(board.sites) - 1:
            isolated += 1
        pairs += len(others)
        total += sum(others)
        squares += sum(m * m for m in others)
    return isolated, pairs, total, squares


def plain_findings(board: PlainBoard) -> tuple:
    loops, per_distance, traps, bounce_rests = loops_and_traps(board)
    return (loops, tuple(per_distance), traps, *fewest_moves(board, bounce_rests))


def survey_boards(limit: int | None = None):
    """The 2-4 survey's distinct boards as PlainBoards, with the survey's own answers for them."""
    from ..crash_and_grab.templates import TEMPLATES
    from ..crash_and_grab.tileset_file import standard_tileset
    from .survey.batch import class_records, template_batches
    from .survey.distinct import distinct_boards
    from .survey.kernel import CODE_INDEX

    template, tiles = TEMPLATES["2-4"], standard_tileset()
    classes = distinct_boards(template, tiles)
    count = classes.count if limit is None else min(limit, classes.count)
    grid, sites, _, _ = template_batches(template, tiles).class_arrays(classes, 0, count)
    records, _, _ = class_records(template, tiles, 0, count)
    width = template.width
    boards, expected = [], []
    for row in range(count):
        accelerators = {(int(c) % width, int(c) // width) for c in grid[row].nonzero()[0]}
        boards.append(PlainBoard(width, template.height, accelerators,
                                 [(int(c) % width, int(c) // width) for c in sites[row]]))
        expected.append((int(records.codes[row, CODE_INDEX["accelerator-loop"]]),
                         tuple(records.loop_groups[row].tolist()),
                         int(records.codes[row, CODE_INDEX["accelerator-trap"]]),
                         int(records.codes[row, CODE_INDEX["isolated-crash-site"]]),
                         int(records.pairs[row]), int(records.moves_sum[row]), int(records.moves_squares[row])))
    return boards, expected


def plain_run(limit: int | None = None) -> tuple[int, float, int]:
    """(boards, CPU seconds of the plain validator over them, boards whose answers differ from the survey's)."""
    boards, expected = survey_boards(limit)
    start = time.process_time()
    found = [plain_findings(board) for board in boards]
    elapsed = time.process_time() - start
    return len(boards), elapsed, sum(a != b for a, b in zip(found, expected))


def survey_process(runs: int) -> tuple[float, float]:
    """Median (wall, CPU) seconds of the whole survey command, after one run not counted."""
    with tempfile.TemporaryDirectory() as scratch:
        command = [*crashgrab_command(), "survey", "--players", "2-4", "--all", "--workers", "1", "-q",
                   "-o", str(Path(scratch) / "r.json")]
        whole_process(command)
        times = [whole_process(command) for _ in range(runs)]
    return statistics.median(t[0] for t in times), statistics.median(t[1] for t in times)


def baseline_lines(runs: int = 5, limit: int | None = None) -> list[str]:
    wall, cpu = survey_process(runs)
    boards, plain_cpu, differ = plain_run(limit)
    total = 24_576
    scaled = plain_cpu * total / boards   # the plain validator's time for all the survey's boards
    lines = ["The 2-4 survey against a plain-Python validator of the same three findings (loops, traps, "
             "isolated Crash Sites and the fewest moves between them)",
             f"  crashgrab survey --players 2-4 --all --workers 1 (whole process, median of {runs})   "
             f"{wall:6.2f} s wall {cpu:6.2f} s CPU   target <= 0.5 s wall",
             f"  plain Python, {boards:,} of its {total:,} boards (checking only, CPU)"
             f"{'':8}{plain_cpu:7.2f} s   {plain_cpu / boards * 1e3:.3f} ms a board"
             f"{'' if boards == total else f', {scaled:.1f} s for all'}; answers differing from the survey's: {differ}",
             f"  plain Python / survey: {scaled / wall:.0f}x the survey's wall time, {scaled / cpu:.0f}x its CPU time   "
             f"target >= {TARGET_SPEED_UP}x"]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m crashgrab.engine.crash_and_grab.plain_survey_bench",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, metavar="N", help="check only the first N boards (default all)")
    parser.add_argument("--runs", type=int, default=5, metavar="N", help="counted runs of the survey command")
    args = parser.parse_args(argv)
    print("\n".join(baseline_lines(args.runs, args.boards)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
