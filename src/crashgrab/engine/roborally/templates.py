"""Templates for `crashgrab new --game roborally --players N` (N = 2 to 8): legal courses of the
standard board set, with starts and three checkpoints.

- 2 to 4 players: Foundry at [0,0] and the Loading dock below it at [0,12]; the first N of the
  dock's numbered start squares; checkpoints [9,2], [2,9], [7,4] (all plain floor of Foundry).
- 5 to 8 players: Gearworks at [0,0] turned a quarter, Foundry at [0,12] and the dock at [0,24];
  checkpoints [2,21] and [9,13] (Foundry), then [10,2] (Gearworks): the route check finds every
  start within 2 registers of the best (no `start-unfair`).
Each start faces north, toward the factory boards. validation.py finds no error in any of them
(tests/test_roborally_templates.py).
"""
from __future__ import annotations

from .boardset_io import standard_boardset
from .model import Course, Placement, Start
from .terms import PLAYERS

SMALL = (Placement("foundry", 0, 0), Placement("dock", 0, 12))
LARGE = (Placement("gearworks", 0, 0, 90), Placement("foundry", 0, 12), Placement("dock", 0, 24))
SMALL_CHECKPOINTS = ((9, 2), (2, 9), (7, 4))
LARGE_CHECKPOINTS = ((2, 21), (9, 13), (10, 2))  # near the dock first: every start within 2 registers
DOCK = "dock"


def dock_starts(course_boards: tuple[Placement, ...], players: int) -> tuple[Start, ...]:
    boardset = standard_boardset()
    placement = next(p for p in course_boards if p.board == DOCK)
    dock = boardset.board(DOCK)
    assert dock is not None, "the standard board set has a loading dock"
    turned = dock.rotated(placement.rotation)
    starts = sorted(turned.starts, key=lambda s: s.number)[:players]
    return tuple(Start(s.number, (s.at[0] + placement.x, s.at[1] + placement.y), s.facing) for s in starts)


def template_layout(players: int, name: str | None = None) -> Course:
    if players not in PLAYERS:
        raise ValueError(f"no RoboRally template for {players} players; 2 to 8 race")
    boards, checkpoints = (SMALL, SMALL_CHECKPOINTS) if players <= 4 else (LARGE, LARGE_CHECKPOINTS)
    return Course(name or f"RoboRally, {players} robots", standard_boardset(), boards, checkpoints,
                  dock_starts(boards, players), (), players, boardset_ref="standard")
