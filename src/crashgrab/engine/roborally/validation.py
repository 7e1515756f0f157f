"""Structural findings and metrics of a RoboRally course (docs/findings.md, "RoboRally").

Codes: board-overlap, off-course, checkpoint-count, checkpoint-on-pit, start-count, start-hazard,
piece-not-empty, portal-unpaired (errors); course-split, checkpoint-on-crusher (warnings);
conveyor-loop, laser-on-checkpoint (info). Metrics: boards, cells, checkpoints, the life points
for 2-8 players (the seed's table) and each board laser's beam. No file I/O here.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

import networkx as nx

from ..findings import Finding
from ..grid.square import SQUARE
from ..report import ValidationReport, sort_findings
from .model import Course, EdgeElement
from .resolved import ResolvedCourse, resolve_course, resolved_course_json
from .rules.routes import route_checks
from .terms import (FACTORY_SIDE, FINDING_CODES as CODES, MAX_CHECKPOINTS, MAX_STARTS, PLAYERS, Cell, cell_text,
                    edge_text, life_points)

START_HAZARDS = ("pit", "conveyor", "gear", "crusher", "oil", "portal")


# How to fix each structural finding, said after what is wrong (docs/findings.md says the same).
FIXES = {
    "board-overlap": "move or turn one of them so that no square lies on two boards",
    "course-split": "move a board so that it shares a side with the others (or mean it: a robot cannot cross)",
    "off-course": "move it onto a board, or put a board under it",
    "checkpoint-count": "place 1 to 8 checkpoints, in race order",
    "checkpoint-on-pit": "move the checkpoint to a square a robot can stand on",
    "checkpoint-on-crusher": "move the checkpoint, or keep it if robots waiting there should risk it",
    "start-count": "give the course one start per robot, numbered 1, 2, 3 ... without gaps",
    "start-hazard": "move the start to plain floor, a repair site or a checkpoint's square",
    "piece-not-empty": "move the piece to an empty square (a door: to a free side)",
    "portal-unpaired": "place portals of a colour in pairs: exactly two of each",
    "conveyor-loop": "turn one belt out of the ring if robots should get off by themselves",
    "laser-on-checkpoint": "move the checkpoint out of the beam, or keep it to make touching it cost damage",
}


def _finding(code: str, message: str, cells=(), **details) -> Finding:
    """A finding of `code`, its message ending with how to fix it."""
    return Finding(code, CODES[code], f"{message.rstrip('.')}; {FIXES[code]}.", tuple(cells), details)


def board_title(resolved: ResolvedCourse, index: int) -> str:
    """The name of the course's `index`th placed board, as its board set calls it."""
    board_id = resolved.course.boards[index].board
    board = resolved.course.boardset.board(board_id)
    return board.name if board is not None else board_id


def _sorted(cells) -> list[Cell]:
    return sorted(set(cells), key=lambda c: (c[1], c[0]))


def overlap_findings(resolved: ResolvedCourse) -> list[Finding]:
    pairs: dict[tuple[int, ...], list[Cell]] = {}
    for cell, indices in resolved.overlaps.items():
        pairs.setdefault(indices, []).append(cell)
    findings = []
    for indices, cells in sorted(pairs.items()):
        names = " and ".join(f"board {i + 1} ({board_title(resolved, i)})" for i in indices)
        findings.append(_finding("board-overlap", f"{names} share {len(cells)} cell{'s' if len(cells) != 1 else ''}, "
                                 f"from {cell_text(_sorted(cells)[0])}.", _sorted(cells), boards=list(indices)))
    return findings


def split_findings(resolved: ResolvedCourse) -> list[Finding]:
    """The boards as nodes, joined when a cell of one is an orthogonal neighbour of (or shares a cell
    with) a cell of the other."""
    graph = nx.Graph()
    owner: dict[Cell, set[int]] = {}
    for item in resolved.placed:
        graph.add_node(item.index)
        for cell in item.course_cells():
            owner.setdefault(cell, set()).add(item.index)
    for cell, indices in owner.items():
        near = set(indices)
        for side in ("east", "south"):
            near |= owner.get(SQUARE.step(cell, side), set())
        ordered = sorted(near)
        graph.add_edges_from((ordered[0], other) for other in ordered[1:])
    parts = sorted((sorted(p) for p in nx.connected_components(graph)), key=lambda p: p[0])
    if len(parts) < 2:
        return []
    text = "; ".join(", ".join(resolved.course.boards[i].board for i in part) for part in parts)
    return [_finding("course-split", f"the boards form {len(parts)} separate courses, no edge joining them: {text}.",
                     [resolved.placed[0].to_course((0, 0))] if resolved.placed else [], parts=parts)]


def off_course_findings(resolved: ResolvedCourse) -> list[Finding]:
    course = resolved.course
    findings = []
    things = [(f"checkpoint {n}", c, f"$.checkpoints[{n - 1}]") for n, c in enumerate(course.checkpoints, 1)]
    things += [(f"start {s.number}", s.at, f"$.starts[{i}]") for i, s in enumerate(course.starts)]
    things += [(f"the {p.type} piece", p.at, f"$.pieces[{i}]") for i, p in enumerate(course.pieces)]
    for what, cell, where in things:
        if not resolved.on_course(cell):
            findings.append(_finding("off-course", f"{what} at {cell_text(cell)} is outside every board.", [cell],
                                     item=where))
    return findings


def checkpoint_findings(resolved: ResolvedCourse) -> list[Finding]:
    course = resolved.course
    count = len(course.checkpoints)
    findings = []
    if count == 0:
        findings.append(_finding("checkpoint-count", "the course has no checkpoint; a race needs at least one.",
                                 checkpoints=0))
    elif count > MAX_CHECKPOINTS:
        findings.append(_finding("checkpoint-count", f"{count} checkpoints; the game has {MAX_CHECKPOINTS}.",
                                 list(course.checkpoints[MAX_CHECKPOINTS:]), checkpoints=count))
    for number, cell in enumerate(course.checkpoints, 1):
        element = resolved.elements.get(cell)
        if element is None:
            continue
        if element.type == "pit":
            findings.append(_finding("checkpoint-on-pit", f"checkpoint {number} at {cell_text(cell)} is on a pit: "
                                     "a robot reaching it falls.", [cell], checkpoint=number))
        elif element.type == "crusher":
            findings.append(_finding("checkpoint-on-crusher", f"checkpoint {number} at {cell_text(cell)} is on a "
                                     "crusher: a robot touching it may be destroyed.", [cell], checkpoint=number))
    return findings


def start_findings(resolved: ResolvedCourse) -> list[Finding]:
    course = resolved.course
    starts = course.starts
    numbers = sorted(s.number for s in starts)
    findings = []
    problems = []
    if len(starts) < course.player_count:
        problems.append(f"{len(starts)} start{'s' if len(starts) != 1 else ''} for {course.player_count} players")
    if len(starts) > MAX_STARTS:
        problems.append(f"{len(starts)} starts; the game has {MAX_STARTS} robots")
    if numbers != list(range(1, len(starts) + 1)):
        doubled = sorted(n for n, k in Counter(numbers).items() if k > 1)
        problems.append(f"the numbers are {', '.join(map(str, numbers)) or 'none'}, not 1 to {len(starts)}"
                        + (f" ({', '.join(map(str, doubled))} twice)" if doubled else ""))
    if problems:
        findings.append(_finding("start-count", "; ".join(problems) + ".", [s.at for s in starts],
                                 starts=len(starts), players=course.player_count, numbers=numbers))
    for start in starts:
        element = resolved.elements.get(start.at)
        if element is not None and element.type in START_HAZARDS:
            findings.append(_finding("start-hazard", f"start {start.number} at {cell_text(start.at)} is on a "
                                     f"{element.type}; a robot must start on a safe square.", [start.at],
                                     start=start.number, element=element.type))
    return findings


def piece_findings(resolved: ResolvedCourse) -> list[Finding]:
    course = resolved.course
    taken = {c: f"checkpoint {n}" for n, c in enumerate(course.checkpoints, 1)}
    taken.update({s.at: f"start {s.number}" for s in course.starts})
    findings = []
    seen: dict[Cell, str] = {}
    doors: list[tuple[Cell, str]] = []
    for index, piece in enumerate(course.pieces):
        if not resolved.on_course(piece.at):
            continue  # off-course says so
        where = cell_text(piece.at)
        if piece.type == "door":
            assert piece.side is not None
            key = SQUARE.edge_key(piece.at, piece.side)
            others = [e for e in resolved.edges.get(key, ()) if not _is_piece_door(e, course)]
            if others or key in doors:
                held = others[0].type if others else "door"
                findings.append(_finding("piece-not-empty", f"the door piece on {edge_text(piece.at, piece.side)} "
                                         f"stands where a {held} already is; a door needs a side with nothing on it.",
                                         [piece.at], piece=index))
            doors.append(key)
            continue
        element = resolved.board_elements.get(piece.at)
        what: str | None = (f"a {element.type}" if element is not None else taken.get(piece.at) or
                (f"the {seen[piece.at]} piece" if piece.at in seen else None))
        if what is not None:
            findings.append(_finding("piece-not-empty", f"the {piece.type} piece at {where} is on {what}; pieces go "
                                     "on empty spaces only.", [piece.at], piece=index))
        seen.setdefault(piece.at, piece.type)
    return findings


def _is_piece_door(element: EdgeElement, course: Course) -> bool:
    return element.type == "door" and any(p.type == "door" and (p.at, p.side) == element.mount for p in course.pieces)


def portal_findings(resolved: ResolvedCourse) -> list[Finding]:
    """Portals of the boards and pieces together, each colour exactly twice."""
    by_colour: dict[str, list[Cell]] = {}
    for cell in resolved.sorted_cells():
        element = resolved.elements.get(cell)
        if element is not None and element.type == "portal" and element.colour:
            by_colour.setdefault(element.colour, []).append(cell)
    # a portal piece hidden under a board element still counts (piece-not-empty says where it is)
    for piece in resolved.course.pieces:
        if piece.type == "portal" and piece.colour and piece.at not in by_colour.get(piece.colour, []):
            by_colour.setdefault(piece.colour, []).append(piece.at)
    return [_finding("portal-unpaired", f"{len(cells)} {colour} portal{'s' if len(cells) != 1 else ''}; portals of "
                     "one colour come in pairs, exactly two.", cells, colour=colour, portals=len(cells))
            for colour, cells in sorted(by_colour.items()) if len(cells) != 2]


def belt_successor(resolved: ResolvedCourse, cell: Cell) -> Cell | None:
    """The cell a belt at `cell` carries a robot to, when that is a belt too and no wall is between."""
    element = resolved.elements.get(cell)
    if element is None or element.type != "conveyor" or element.facing is None:
        return None
    if resolved.wall_on(cell, element.facing):
        return None
    nxt = SQUARE.step(cell, element.facing)
    after = resolved.elements.get(nxt)
    return nxt if after is not None and after.type == "conveyor" else None


def conveyor_loops(resolved: ResolvedCourse) -> list[list[Cell]]:
    """Every closed ring of belts (a belt's successor is unique, so rings never share a cell)."""
    graph = nx.DiGraph()
    for cell in resolved.elements:
        nxt = belt_successor(resolved, cell)
        if nxt is not None:
            graph.add_edge(cell, nxt)
    rings = []
    for component in nx.strongly_connected_components(graph):
        if len(component) > 1:
            rings.append(_sorted(component))
    return sorted(rings)


def loop_findings(resolved: ResolvedCourse) -> list[Finding]:
    return [_finding("conveyor-loop", f"a ring of {len(ring)} belts from {cell_text(ring[0])}: a robot on it rides "
                     "round for ever unless it moves off.", ring, belts=len(ring)) for ring in conveyor_loops(resolved)]


def laser_beams(resolved: ResolvedCourse) -> list[tuple[EdgeElement, list[Cell]]]:
    """Each board laser and the cells its beam covers: from its own cell, away from its wall, until a
    wall or the edge of the course (robots aside; doors counted open, as a beam passes an open door)."""
    beams = []
    for key in sorted(resolved.edges, key=lambda k: (k[0][1], k[0][0], SQUARE.directions.index(k[1]))):
        for element in resolved.edges[key]:
            if element.type != "laser":
                continue
            cell, side = element.mount
            direction = SQUARE.opposite(side)
            covered = []
            while resolved.on_course(cell):
                covered.append(cell)
                if resolved.wall_on(cell, direction):
                    break
                cell = SQUARE.step(cell, direction)
            beams.append((element, covered))
    return beams


def laser_findings(resolved: ResolvedCourse, beams) -> list[Finding]:
    checkpoints = {c: n for n, c in enumerate(resolved.course.checkpoints, 1)}
    findings = []
    for element, covered in beams:
        hit = [c for c in covered if c in checkpoints]
        for cell in hit:
            findings.append(_finding("laser-on-checkpoint", f"the laser on {edge_text(*element.mount)} fires across "
                                     f"checkpoint {checkpoints[cell]} at {cell_text(cell)}.", [element.mount[0], cell],
                                     checkpoint=checkpoints[cell], laser=[list(element.mount[0]), element.mount[1]]))
    return findings


def factory_boards(resolved: ResolvedCourse) -> int:
    """The boards that count for life points: factory boards (12 x 12 or more), not a start strip."""
    return sum(1 for item in resolved.placed if min(item.board.width, item.board.height) >= FACTORY_SIDE)


def metrics(resolved: ResolvedCourse, beams) -> dict[str, Any]:
    boards = factory_boards(resolved)
    return {
        "boards": len(resolved.placed),
        "factory_boards": boards,
        "cells": len(resolved.board_of),
        "checkpoints": len(resolved.course.checkpoints),
        "players": resolved.course.player_count,
        "life_points": {str(players): life_points(players, boards) for players in PLAYERS},
        "lasers": [{"at": list(e.mount[0]), "side": e.mount[1], "beams": e.beams,
                    "cells": [list(c) for c in covered]} for e, covered in beams],
    }


def structural_findings(course: Course, resolved: ResolvedCourse | None = None) -> list[Finding]:
    resolved = resolved or resolve_course(course)
    findings = (overlap_findings(resolved) + split_findings(resolved) + off_course_findings(resolved)
                + checkpoint_findings(resolved) + start_findings(resolved) + piece_findings(resolved)
                + portal_findings(resolved) + loop_findings(resolved))
    return findings + laser_findings(resolved, laser_beams(resolved))


def validate_course(course: Course, severity_overrides: Mapping[str, str] | None = None, *,
                    routes: bool = True) -> ValidationReport:
    """Every finding and the metrics. `severity_overrides` maps a code to error/warning/info or "off".
    `routes=False` leaves out the route checks (the editor runs them on a worker)."""
    resolved = resolve_course(course)
    beams = laser_beams(resolved)
    findings = structural_findings(course, resolved)
    course_metrics = metrics(resolved, beams)
    if routes and not any(f.severity == "error" for f in findings):  # a route on a broken course means nothing
        route_findings, course_metrics["routes"] = route_checks(resolved_course_json(course, resolved))
        findings += route_findings
    overrides = dict(severity_overrides or {})
    findings = [f if f.code not in overrides else f.with_severity(overrides[f.code]) for f in findings]
    findings = [f for f in findings if f.severity != "off"]
    return ValidationReport(sort_findings(findings), course_metrics, resolved)
