"""How long one turn takes: `python -m crashgrab.engine.crash_and_grab.rules.benchmark`.

Times `apply` for a turn with a three-saucer push chain, an Accelerator and a pickup
on the standard 2-4 player board, and prints the median and 95th percentile. Not a test:
no assertion.
"""
from __future__ import annotations

import statistics
import sys

from ...formats.layout_io import load_shipped_layout
from ...timing import measure, percentile
from ..resolve import resolve_layout
from .actions import Turn
from .frozen import FrozenMap
from .apply import apply
from .pieces import COLORS, Crew, default_queue
from .state import GameState, Player, SaucerState

def chain_state() -> tuple[GameState, Turn]:
    """red at [0,6] plays 0-5 for 5 east: it hits yellow at [1,6] (pushed 4), which hits
    green at [2,6] (pushed 3), which picks up the blue pilot at [4,6]; then its replacement,
    the front of the blue queue, is placed by the seeded die (print the events with -v)."""
    layout = load_shipped_layout("standard-2-4p.json")
    board = resolve_layout(layout).board
    players = (Player("p1", ("red",)), Player("p2", ("yellow",)), Player("p3", ("green",)), Player("p4", ("blue",)))
    saucers = {"red": SaucerState("red", (0, 6)), "yellow": SaucerState("yellow", (1, 6)),
               "green": SaucerState("green", (2, 6)), "blue": SaucerState("blue", (4, 1))}
    crew = {(4, 6): Crew("blue", "pilot")}
    lost = {c: default_queue(c, crew.values()) for c in COLORS}
    state = GameState(board, FrozenMap(layout.directions), players, FrozenMap(saucers), FrozenMap(crew),
                      FrozenMap(lost), probe="p1", rng=7)
    return state, Turn("red", "0-5", 5, direction="east")


def main(argv: list[str]) -> int:
    state, turn = chain_state()
    new_state, events = apply(state, turn)
    if "-v" in argv:
        for event in events:
            print(event.describe())
    runs = 2000
    times = measure(lambda: apply(state, turn), runs).wall
    median, p95 = statistics.median(times) * 1000, percentile(times, 0.95) * 1000
    print(f"one turn with a push chain ({len(events)} events): median {median:.3f} ms, p95 {p95:.3f} ms "
          f"over {runs} runs")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
