"""Helpers for the rules tests: small boards and games drawn as text.

Board rows: '.' plain, '#' hole, '>' Accelerator, 1-9 a b c Crash Sites 1-12.
A saucer is its colour's capital initial (R Y G B P O) on a plain cell.
"""
from __future__ import annotations

from crashgrab.engine.crash_and_grab.rules import COLORS, CREW_TYPES, Crew, GameState, Player, Rulings, SaucerState
from crashgrab.engine.grid.model import Board, CellFeature

SAUCER_LETTERS = {color[0].upper(): color for color in COLORS}
SITE_CHARS = "123456789abc"
DIRECTIONS = {"north": "Sun", "east": "Asteroids", "south": "Meteor", "west": "Stars"}


def board_from_rows(rows: list[str]) -> tuple[Board, dict[str, tuple[int, int]]]:
    """The board, and where each saucer letter stands."""
    cells, features, saucers = {}, {}, {}
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            if char == "#":
                continue
            cells[(x, y)] = "t"
            if char == ">":
                features[(x, y)] = CellFeature("accelerator", "t")
            elif char in SITE_CHARS:
                features[(x, y)] = CellFeature("crash_site", "t", SITE_CHARS.index(char) + 1)
            elif char in SAUCER_LETTERS:
                saucers[SAUCER_LETTERS[char]] = (x, y)
    return Board(max(len(r) for r in rows), len(rows), cells, features), saucers


def game(rows: list[str], *, players: list[tuple[str, tuple[str, ...]]] | None = None,
         crew: dict[tuple[int, int], Crew] | None = None, held: dict[str, list[Crew]] | None = None,
         off_board: tuple[str, ...] = (), push_distance: str = "remaining", dice: tuple[int, ...] = (),
         seed: int | None = None, probe: str | None = None, boosters: dict[str, int] | None = None,
         places: dict[str, tuple[int, int]] | None = None, **rulings: str) -> GameState:
    """A game on the drawn board: one player per saucer (p1, p2, ... in colour order)
    unless `players` is given; saucers in `off_board` are not on the board; `places`
    puts saucers on cells the drawing cannot show (an Accelerator, a Crash Site); `rulings`
    sets the other rulings by name (own_saucer_crash="crashed", ...)."""
    board, at = board_from_rows(rows)
    at.update(places or {})
    colors = [c for c in COLORS if c in at or c in off_board]
    if players is None:
        players = [(f"p{i + 1}", (c,)) for i, c in enumerate(colors)]
    saucers = {}
    for color in colors:
        saucer = SaucerState(color, at.get(color), boosters=(boosters or {}).get(color, 0))
        for member in (held or {}).get(color, []):
            saucer = saucer.with_crew(member)
        saucers[color] = saucer
    crew = crew or {}
    placed = set(crew.values()) | {m for ms in (held or {}).values() for m in ms}
    lost = {c: tuple(t for t in CREW_TYPES if Crew(c, t) not in placed) for c in COLORS}
    return GameState(board, DIRECTIONS, tuple(Player(pid, tuple(s)) for pid, s in players), saucers, crew, lost,
                     probe=probe or players[0][0], dice=tuple(dice), rng=seed, rulings=Rulings(push_distance, **rulings))


def saucer_rows(state: GameState) -> list[str]:
    """The board rows with the saucers on it (crew not drawn), for comparing outcomes."""
    board = state.board
    where = {s.at: color[0].upper() for color, s in state.saucers.items() if s.at is not None}
    rows = []
    for y in range(board.height):
        row = ""
        for x in range(board.width):
            cell = (x, y)
            feature = board.feature_at(cell)
            if cell in where:
                row += where[cell]
            elif not board.on_board(cell):
                row += "#"
            elif feature is None:
                row += "."
            elif feature.type == "accelerator":
                row += ">"
            else:
                row += SITE_CHARS[feature.number - 1]
        rows.append(row)
    return rows


def kinds(events) -> list[str]:
    return [event.kind for event in events]
