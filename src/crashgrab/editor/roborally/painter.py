"""A resolved course (or one board of the board set, as a course of one board) painted on any
QPainter: floor and cell elements, the boards' outlines, the laser-beam and conveyor-flow
overlays, the edges (walls on the line itself), the pieces, checkpoints and starts. The scene's
item, the print poster (`GameEditor.paint_board`) and the tests all paint through here.

`wall_pixels`: the editor's zoomed view draws walls and doors in whole device pixels (crisp at
any zoom); None draws them in painter units (paper).
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPen

from crashgrab.engine.roborally.editing import single_board_course
from crashgrab.engine.roborally.model import Course
from crashgrab.engine.roborally.resolved import ResolvedCourse, resolve_course
from crashgrab.engine.roborally.validation import belt_successor, laser_beams

from . import marks


@dataclass(frozen=True)
class Overlays:
    beams: bool = True
    flow: bool = True


def board_as_course(course: Course, board_id: str) -> Course:
    """One board of the course's board set on its own, at [0,0] unturned, with its printed starts:
    what the board editor shows."""
    return single_board_course(course.boardset, board_id, course.boardset_ref)


def cell_rect(cell, size: float) -> QRectF:
    return QRectF(cell[0] * size, cell[1] * size, size, size)


def paint_course(painter: QPainter, resolved: ResolvedCourse, cell: float, wall_pixels: int | None = None,
                 overlays: Overlays = Overlays(), markers: bool = True) -> None:
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    line = max(0.5, cell / 48)
    for at in resolved.sorted_cells():
        rect = cell_rect(at, cell)
        marks.paint_floor(painter, rect, line, cosmetic=wall_pixels is not None)
        element = resolved.elements.get(at)
        if element is not None:
            marks.paint_element(painter, rect, element)
    if overlays.flow:
        for at in resolved.sorted_cells():
            nxt = belt_successor(resolved, at)
            if nxt is not None:
                marks.paint_flow(painter, at, nxt, cell)
    if overlays.beams:
        for element, covered in laser_beams(resolved):
            marks.paint_beam(painter, covered, element.mount[1], element.beams or 1, cell)
    _board_outlines(painter, resolved, cell, wall_pixels)
    for items in resolved.edges.values():
        for element in items:
            at, side = element.mount
            rect = cell_rect(at, cell)
            if element.type == "wall":
                marks.paint_wall(painter, rect, side, wall_pixels)
            elif element.type == "door":
                marks.paint_door(painter, rect, side, element.steps, wall_pixels)
    for items in resolved.edges.values():  # lasers and pushers over the walls they stand on
        for element in items:
            at, side = element.mount
            if element.type == "laser":
                marks.paint_laser(painter, cell_rect(at, cell), side, element.beams or 1)
            elif element.type == "pusher":
                marks.paint_pusher(painter, cell_rect(at, cell), side, element.steps)
    if markers:
        paint_markers(painter, resolved.course, cell)
    painter.restore()


def _board_outlines(painter: QPainter, resolved: ResolvedCourse, cell: float, wall_pixels: int | None) -> None:
    pen = QPen(marks.BOARD_EDGE, 2 if wall_pixels is not None else cell / 30)
    pen.setCosmetic(wall_pixels is not None)
    painter.setPen(pen)
    painter.setBrush(Qt.NoBrush)
    for item in resolved.placed:
        painter.drawRect(QRectF(item.placement.x * cell, item.placement.y * cell, item.board.width * cell,
                                item.board.height * cell))


def paint_markers(painter: QPainter, course: Course, cell: float) -> None:
    """The pieces' dotted frames (what is a piece, not the board's print), checkpoints and starts."""
    pen = QPen(marks.DARK_INK, cell * 0.04, Qt.DotLine)
    for piece in course.pieces:
        painter.setPen(pen)
        painter.setBrush(Qt.NoBrush)
        rect = cell_rect(piece.at, cell).adjusted(cell * 0.03, cell * 0.03, -cell * 0.03, -cell * 0.03)
        if piece.type == "door":
            continue  # a door piece is its dashed bar
        painter.drawRect(rect)
    for number, at in enumerate(course.checkpoints, 1):
        marks.paint_checkpoint(painter, cell_rect(at, cell), number)
    for start in course.starts:
        marks.paint_start(painter, cell_rect(start.at, cell), start.number, start.facing)


def course_bounds(resolved: ResolvedCourse) -> tuple[int, int]:
    """(width, height) in squares of the box from [0,0] that holds the boards and every marker."""
    width, height = resolved.bounds()
    course = resolved.course
    cells = list(course.checkpoints) + [s.at for s in course.starts] + [p.at for p in course.pieces]
    for x, y in cells:
        width, height = max(width, x + 1), max(height, y + 1)
    return width, height


def paint_course_layout(painter: QPainter, course: Course, cell: float) -> None:
    """`GameEditor.paint_board`: the course as the editor shows it, for the print poster."""
    paint_course(painter, resolve_course(course), cell, None, Overlays(beams=False, flow=False))


def centre(cell, size: float) -> QPointF:
    return QPointF((cell[0] + 0.5) * size, (cell[1] + 0.5) * size)

