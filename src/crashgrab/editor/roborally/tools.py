"""The editor's tools: what each places, its name, and its icon drawn as the board draws it (so
the toolbar, the board and the legend agree). Course tools place boards, checkpoints, starts and
the expansion's factory element pieces; board tools paint cell elements and put edge elements
on a cell's side."""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QIcon, QPainter, QPen, QPixmap

from crashgrab.engine.roborally.model import CellElement, EdgeElement, Piece

from . import marks


@dataclass(frozen=True)
class Tool:
    id: str
    title: str
    tip: str
    edge: bool = False  # acts on a cell's side (picked within a few pixels of it)


SELECT = Tool("select", "Select and move", "click a thing to select it, drag it to move it")
COURSE_TOOLS = (
    SELECT,
    Tool("board", "Place a board", "click a square: the board chosen in Settings goes there (its top-left corner)"),
    Tool("checkpoint", "Checkpoint", "click a square to add the next checkpoint"),
    Tool("start", "Start", "click a square to add a start with the next number"),
    Tool("portal", "Portal piece", "click an empty square"),
    Tool("crusher", "Crusher piece", "click an empty square"),
    Tool("flamethrower", "Flamethrower piece", "click an empty square"),
    Tool("door", "Revolving door piece", "click near a square's side", edge=True),
)
BOARD_TOOLS = (
    SELECT,
    Tool("floor", "Floor (erase)", "click or drag to clear squares"),
    Tool("pit", "Pit", "click or drag to paint"),
    Tool("conveyor", "Conveyor belt", "click or drag to paint; it faces the way set in Settings"),
    Tool("express", "Express belt", "click or drag to paint; it faces the way set in Settings"),
    Tool("gear-left", "Gear turning left", "click or drag to paint"),
    Tool("gear-right", "Gear turning right", "click or drag to paint"),
    Tool("repair-1", "Repair site (1 wrench)", "click or drag to paint"),
    Tool("repair-2", "Repair site (2 wrenches)", "click or drag to paint"),
    Tool("oil", "Oil slick", "click or drag to paint"),
    Tool("portal", "Portal", "click a square; its colour is set in Settings"),
    Tool("crusher", "Crusher", "click a square; its steps are set in Settings"),
    Tool("flamethrower", "Flamethrower", "click a square; its facing and steps are set in Settings"),
    Tool("wall", "Wall", "click a square's side to add or remove a wall", edge=True),
    Tool("laser", "Laser", "click a square's side: a laser on that wall, firing into the square", edge=True),
    Tool("pusher", "Pusher", "click a square's side: a pusher on that wall, pushing into the square", edge=True),
    Tool("door", "Revolving door", "click a square's side to add or remove a door", edge=True),
)


@dataclass(frozen=True)
class Settings:
    """What the Settings panel holds: the facing, steps, beams and colour new things get."""

    facing: str = "east"
    steps: tuple[int, ...] = (1, 3, 5)
    beams: int = 1
    colour: str = "blue"


def cell_element(tool: str, settings: Settings) -> CellElement | None:
    """The element a board tool paints (None: floor)."""
    return {
        "floor": None,
        "pit": CellElement("pit"),
        "conveyor": CellElement("conveyor", facing=settings.facing, express=False),
        "express": CellElement("conveyor", facing=settings.facing, express=True),
        "gear-left": CellElement("gear", turn="left"),
        "gear-right": CellElement("gear", turn="right"),
        "repair-1": CellElement("repair", wrenches=1),
        "repair-2": CellElement("repair", wrenches=2),
        "oil": CellElement("oil"),
        "portal": CellElement("portal", colour=settings.colour),
        "crusher": CellElement("crusher", steps=settings.steps),
        "flamethrower": CellElement("flamethrower", facing=settings.facing, steps=settings.steps),
    }[tool]


def edge_element(tool: str, cell, side: str, settings: Settings) -> EdgeElement:
    if tool == "laser":
        return EdgeElement("laser", (cell, side), beams=settings.beams)
    if tool in ("pusher", "door"):
        return EdgeElement(tool, (cell, side), steps=settings.steps)
    return EdgeElement("wall", (cell, side))


def piece(tool: str, cell, side: str | None, settings: Settings) -> Piece:
    if tool == "portal":
        return Piece("portal", cell, colour=settings.colour)
    if tool == "crusher":
        return Piece("crusher", cell, steps=settings.steps)
    if tool == "flamethrower":
        return Piece("flamethrower", cell, facing=settings.facing, steps=settings.steps)
    return Piece("door", cell, side=side, steps=settings.steps)


def paint_tool(painter: QPainter, rect: QRectF, tool: str) -> None:
    """A tool's symbol in the square `rect`, as the board draws it."""
    settings = Settings()
    square = QRectF(rect)
    if tool in ("select", "board"):
        painter.save()
        painter.setRenderHint(QPainter.Antialiasing)
        marks.paint_floor(painter, square.adjusted(1, 1, -1, -1))
        if tool == "board":  # a board's corner: a thick outline
            painter.setPen(QPen(marks.BOARD_EDGE, rect.width() * 0.12))
            painter.setBrush(Qt.NoBrush)
            painter.drawRect(square.adjusted(rect.width() * 0.2, rect.width() * 0.2, 0, 0))
        else:  # an arrow pointer
            painter.setPen(Qt.NoPen)
            painter.setBrush(QBrush(marks.DARK_INK))
            w = rect.width()
            painter.drawPolygon([QPointF(rect.left() + w * 0.3, rect.top() + w * 0.15),
                                 QPointF(rect.left() + w * 0.75, rect.top() + w * 0.55),
                                 QPointF(rect.left() + w * 0.52, rect.top() + w * 0.58),
                                 QPointF(rect.left() + w * 0.62, rect.top() + w * 0.85),
                                 QPointF(rect.left() + w * 0.5, rect.top() + w * 0.88),
                                 QPointF(rect.left() + w * 0.42, rect.top() + w * 0.62),
                                 QPointF(rect.left() + w * 0.3, rect.top() + w * 0.72)])
        painter.restore()
        return
    marks.paint_floor(painter, square)
    if tool == "checkpoint":
        marks.paint_checkpoint(painter, square, 1)
    elif tool == "start":
        marks.paint_start(painter, square, 1, "north")
    elif tool == "wall":
        marks.paint_wall(painter, square, "north")
        painter.save()
        painter.setPen(QPen(marks.colour_of("wall"), rect.width() * 0.16))
        painter.drawLine(square.topLeft(), square.topRight())
        painter.restore()
    elif tool == "laser":
        marks.paint_wall(painter, square, "west")
        marks.paint_laser(painter, square, "west", 2)
    elif tool == "pusher":
        marks.paint_wall(painter, square, "west")
        marks.paint_pusher(painter, square, "west", ())
    elif tool == "door":
        marks.paint_door(painter, square, "north", ())
    else:
        element = cell_element(tool, settings)
        if element is not None:
            marks.paint_element(painter, square, element)


def tool_icon(tool: str, size: int = 22) -> QIcon:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.Antialiasing)
    paint_tool(painter, QRectF(0, 0, size, size), tool)
    painter.end()
    return QIcon(pixmap)


def legend_entries(board_mode: bool) -> list:
    """The legend strip's entries: every symbol the board shows (as the tools draw them), then the
    overlays; the board editor's own tools first when a board is edited, the course's otherwise."""
    names = {"conveyor": "Belt", "express": "Express belt", "gear-left": "Gear L", "gear-right": "Gear R",
             "repair-1": "Repair W", "repair-2": "Repair WW", "oil": "Oil", "flamethrower": "Flamer F",
             "crusher": "Crusher X", "portal": "Portal", "door": "Door D", "laser": "Laser", "pusher": "Pusher P",
             "wall": "Wall", "pit": "Pit", "checkpoint": "Checkpoint", "start": "Start"}
    markers = ["checkpoint", "start"]
    elements = [t.id for t in BOARD_TOOLS if t.id in names]
    order = elements + markers if board_mode else markers + elements
    entries = [(names[kind], lambda p, r, i=kind: paint_tool(p, r, i)) for kind in order]
    entries.append(("Laser beam", lambda p, r: _translated(p, r, lambda: marks.paint_beam(p, [(0, 0)], "west", 2,
                                                                                         r.width()))))
    entries.append(("Belt flow", lambda p, r: _translated(p, r, lambda: marks.paint_flow(p, (0, 0), (1, 0),
                                                                                        r.width() / 2))))
    return entries


def _translated(painter: QPainter, rect: QRectF, paint) -> None:
    painter.save()
    painter.translate(rect.topLeft())
    paint()
    painter.restore()
