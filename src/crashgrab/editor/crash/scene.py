"""The board drawn from the model (rebuilt from it on every change): hexes, starts and
junkyards, or, while playtesting, the cars of the frame shown. Hexes are drawn and hit-tested
with the generic hex geometry (engine/grid/hex.py); nothing here does square arithmetic.
Mouse presses, drags and releases are reported by hex; the scene never changes the model.

Players are told apart by shape as well as colour: p1's cars are discs, p2's squares; a
junkyard is labelled J1 or J2 by its owner."""
from __future__ import annotations

import math
from typing import Callable

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsScene

from crashgrab.engine.crash.model import CrashLayout
from crashgrab.engine.crash.rules import CrashState
from crashgrab.engine.crash.terms import FACINGS, HEX, Cell, cell_text

from .. import style

UNIT = 40.0  # scene units per board unit (a hex's radius)
PLAYER_COLOURS = {"p1": QColor("#2563eb"), "p2": QColor("#dc2626")}
PLAYER_SHAPES = {"p1": "disc", "p2": "square"}
HEX_FILL = QColor("#f8fafc")
HEX_LINE = QColor("#64748b")
GHOST_LINE = QColor("#9aa5b4")
JUNKYARD = QColor("#374151")
MARKER = 0.46  # a car marker's radius, in hex radii


def polygon(cell: Cell, scale: float = 1.0) -> QPolygonF:
    """The hex's outline in scene units, shrunk about its centre by `scale`."""
    cx, cy = HEX.cell_centre(cell)
    return QPolygonF([QPointF((cx + (x - cx) * scale) * UNIT, (cy + (y - cy) * scale) * UNIT)
                      for x, y in HEX.cell_polygon(cell)])


def centre(cell: Cell) -> QPointF:
    x, y = HEX.cell_centre(cell)
    return QPointF(x * UNIT, y * UNIT)


def toward(cell: Cell, direction: str, fraction: float) -> QPointF:
    """A point `fraction` of the way from the hex's centre to the middle of its side toward `direction`."""
    (ax, ay), (bx, by) = HEX.edge(cell, direction)
    cx, cy = HEX.cell_centre(cell)
    return QPointF((cx + fraction * ((ax + bx) / 2 - cx)) * UNIT, (cy + fraction * ((ay + by) / 2 - cy)) * UNIT)


class BoardScene(QGraphicsScene):
    pressed = Signal(object, object)   # hex, Qt.MouseButton
    dragged = Signal(object)           # hex, while a button is held, each time it changes
    released = Signal(object)          # hex
    hovered = Signal(object)           # the hex under the pointer, each time it changes (None: none)

    def __init__(self) -> None:
        super().__init__()
        self.setBackgroundBrush(style.SCENE_BACKGROUND)
        self._pressed_on: Cell | None = None
        self._hovered: Cell | None = None

    @property
    def held(self) -> bool:
        """A mouse button is down on the board (a stroke or a drag under way)."""
        return self._pressed_on is not None

    def cell_at(self, point: QPointF) -> Cell:
        return HEX.cell_at((point.x() / UNIT, point.y() / UNIT))

    def mousePressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        self._pressed_on = self.cell_at(event.scenePos())
        self.pressed.emit(self._pressed_on, event.button())

    def mouseMoveEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        cell = self.cell_at(event.scenePos())
        if cell != self._hovered:
            self._hovered = cell
            self.hovered.emit(cell)
        if self._pressed_on is None:
            return
        if cell != self._pressed_on:
            self._pressed_on = cell
            self.dragged.emit(cell)

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        self._pressed_on = None
        self.released.emit(self.cell_at(event.scenePos()))

    # --- drawing ---------------------------------------------------------------------------
    def _board(self, hexes: frozenset[Cell], junkyards) -> None:
        self.clear()
        ghosts = {n for cell in hexes for n in HEX.neighbours(cell)} - hexes if hexes else {(0, 0)}
        for cell in sorted(ghosts):
            self._ghost(cell)
        for cell in sorted(hexes):
            self._hex(cell)
        for owner, cell in junkyards:
            self._junkyard(owner, cell)
        if self.held:
            return  # the board keeps its place under the mouse until the button is let go
        shown = set(hexes) | ghosts
        xs = [HEX.cell_centre(c)[0] for c in shown]
        ys = [HEX.cell_centre(c)[1] for c in shown]
        self.setSceneRect(QRectF((min(xs) - 1.5) * UNIT, (min(ys) - 1.5) * UNIT,
                                 (max(xs) - min(xs) + 3) * UNIT, (max(ys) - min(ys) + 3) * UNIT))

    def _hex(self, cell: Cell) -> None:
        item = self.addPolygon(polygon(cell), QPen(HEX_LINE, 1.5), QBrush(HEX_FILL))
        item.setData(0, "hex")
        item.setToolTip(cell_text(cell))

    def _ghost(self, cell: Cell) -> None:
        item = self.addPolygon(polygon(cell, 0.96), QPen(GHOST_LINE, 1.2, Qt.DashLine), QBrush(Qt.NoBrush))
        item.setData(0, "ghost")
        item.setToolTip(f"{cell_text(cell)}: not on the board (the hex tool adds it)")

    def _junkyard(self, owner: str, cell: Cell, selected: bool = False) -> None:
        """Its owner's ring and label (J1, J2); selected, a ring round its hex as a selected car
        has: the selection blue is close to p1's, so it never replaces the owner's ring."""
        if selected:
            outer = self.addPolygon(polygon(cell, 0.97), style.outline_pen(style.SELECTION, 5), QBrush(Qt.NoBrush))
            outer.setData(0, "selected")
        item = self.addPolygon(polygon(cell, 0.82), QPen(PLAYER_COLOURS[owner], 3.5), QBrush(JUNKYARD))
        item.setData(0, "junkyard")
        item.setToolTip(f"{owner}'s junkyard at {cell_text(cell)}: a car entering it scores for {owner}")
        label = self.addSimpleText(f"J{owner[1:]}", style.font(UNIT * 0.55, bold=True))
        label.setBrush(QBrush(QColor("white")))
        box = label.boundingRect()
        label.setPos(centre(cell) - QPointF(box.width() / 2, box.height() / 2))
        label.setData(0, "label")

    def _car(self, player: str, number: int, cell: Cell, facing: str, kind: str, selected: bool = False,
             waiting: bool = False) -> None:
        """A car: its player's shape and colour, its number, a pointer to the side it faces."""
        colour = QColor(PLAYER_COLOURS[player])
        if waiting:
            colour.setAlpha(90)
        tip, side = toward(cell, facing, 1.0), math.radians(60 * FACINGS.index(facing) + 90)
        base = toward(cell, facing, 0.3)
        half = QPointF(math.cos(side) * UNIT * 0.34, math.sin(side) * UNIT * 0.34)
        pointer = self.addPolygon(QPolygonF([tip, base + half, base - half]), QPen(Qt.NoPen),
                                  QBrush(colour.darker(140)))
        pointer.setData(0, "pointer")
        if selected:  # a ring round the hex, clear of the marker whatever its colour
            ring = self.addPolygon(polygon(cell, 0.9), style.outline_pen(style.SELECTION, 5), QBrush(Qt.NoBrush))
            ring.setData(0, "selected")
        r = UNIT * MARKER
        outline = QPen(colour.darker(160), 1.5, Qt.DashLine if waiting else Qt.SolidLine)
        box = QRectF(centre(cell).x() - r, centre(cell).y() - r, 2 * r, 2 * r)
        if PLAYER_SHAPES[player] == "disc":
            item = self.addEllipse(box, outline, QBrush(colour))
        else:
            path = QPainterPath()
            path.addRoundedRect(box.adjusted(r * 0.1, r * 0.1, -r * 0.1, -r * 0.1), r * 0.2, r * 0.2)
            item = self.addPath(path, outline, QBrush(colour))
        item.setData(0, kind)
        where = "waiting in its slot for" if waiting else "at"
        item.setToolTip(f"{player}'s car {number} {where} {cell_text(cell)}, facing {facing}")
        label = self.addSimpleText(str(number), style.font(UNIT * 0.62, bold=True))
        label.setBrush(QBrush(QColor("white") if not waiting else colour.darker(200)))
        text = label.boundingRect()
        label.setPos(centre(cell) - QPointF(text.width() / 2, text.height() / 2))
        label.setData(0, "label")

    def _marks(self, highlight, cursor: Cell | None) -> None:
        for cell in highlight:
            halo = self.addPolygon(polygon(cell, 0.97), QPen(style.FOCUS_HALO, 9), QBrush(Qt.NoBrush))
            halo.setData(0, "halo")
            item = self.addPolygon(polygon(cell, 0.97), style.outline_pen(style.FOCUS, 5), QBrush(Qt.NoBrush))
            item.setData(0, "highlight")
        if cursor is not None:
            item = self.addPolygon(polygon(cursor, 0.9), style.outline_pen(style.SELECTION, 4, Qt.DashLine),
                                   QBrush(Qt.NoBrush))
            item.setData(0, "cursor")
            item.setZValue(10)

    def show_layout(self, layout: CrashLayout, *, selected=None, highlight=(), cursor: Cell | None = None) -> None:
        """The board; `selected` is ("start", player, car) or ("junkyard", player)."""
        self._board(layout.hexes, ())
        for junkyard in layout.junkyards:
            self._junkyard(junkyard.player, junkyard.at, selected == ("junkyard", junkyard.player))
        for start in layout.starts:
            self._car(start.player, start.car, start.at, layout.facing_of(start), "start",
                      selected == ("start", start.player, start.car))
        self._marks(highlight, cursor)

    def show_state(self, state: CrashState, *, selected: tuple[str, int] | None = None, choices=None, highlight=(),
                   cursor: Cell | None = None, moves=()) -> None:
        """A playtest frame: the cars where they are; `selected` (player, car) a car chosen, and
        `choices` (hex -> "move" or a direction) what its die may do, drawn as teal marks; `moves`
        (from, to) the hexes the cars went between in the step shown."""
        self._board(state.hexes, state.junkyards)
        for origin, target in moves:  # what the step shown did: a teal trail from each car's hex to its next
            line = self.addLine(centre(origin).x(), centre(origin).y(), centre(target).x(), centre(target).y(),
                                style.outline_pen(style.CHOICE, 5, Qt.DashLine))
            line.setData(0, "trail")
        for cell, choice in (choices or {}).items():  # under the cars, so a car on one stays readable
            self._choice(cell, choice)
        occupied = {c.at for c in state.cars if c.at is not None}
        for car in state.cars:
            if car.in_slot:
                start = state.start_hex(car.player, car.number)
                if start is not None and start not in occupied:
                    self._car(car.player, car.number, start, car.facing, "slot", (car.player, car.number) == selected,
                              waiting=True)
        for car in state.cars:
            if car.at is not None:
                self._car(car.player, car.number, car.at, car.facing, "car", (car.player, car.number) == selected)
        self._marks(highlight, cursor)

    def _choice(self, cell: Cell, choice: str) -> None:
        pen = style.outline_pen(style.CHOICE, 3.5 if choice == "move" else 2, Qt.SolidLine)
        colour = QColor(style.CHOICE)
        colour.setAlpha(70 if choice == "move" else 30)
        item = self.addPolygon(polygon(cell, 0.8), pen, QBrush(colour))
        item.setData(0, "choice")
        item.setToolTip("click: move forward here" if choice == "move" else f"click: turn to face {choice}")
        if choice != "move":  # a teal pointer: the way the car would face
            tip, base = toward(cell, choice, 0.55), toward(cell, choice, -0.25)
            side = math.radians(60 * FACINGS.index(choice) + 90)
            half = QPointF(math.cos(side) * UNIT * 0.22, math.sin(side) * UNIT * 0.22)
            pointer = self.addPolygon(QPolygonF([tip, base + half, base - half]), QPen(Qt.NoPen),
                                      QBrush(style.CHOICE))
            pointer.setData(0, "pointer")
        else:
            label = self.addSimpleText("move", style.font(UNIT * 0.38, bold=True))
            label.setBrush(QBrush(style.CHOICE_ACTIVE))
            box = label.boundingRect()
            label.setPos(centre(cell) - QPointF(box.width() / 2, box.height() / 2))
            label.setData(0, "label")

    def kinds(self) -> list[str]:
        """What is drawn, by kind (for tests and screenshots)."""
        return sorted(str(item.data(0)) for item in self.items() if item.data(0))


def paint_piece(painter: QPainter, rect: QRectF, draw: Callable[[BoardScene], None], tight: bool = False) -> None:
    """One hex of the board, drawn by `draw` (a scene method's call at hex [0,0]) into `rect`: the
    legend and the toolbar's icons show a piece with the very code that draws it on the board.
    `tight`: only the square as wide as the hex (a car or a junkyard, not the hex's points), larger."""
    scene = BoardScene()
    scene.setBackgroundBrush(QBrush(Qt.NoBrush))
    draw(scene)
    source = polygon((0, 0)).boundingRect()
    if tight:
        source = QRectF(-source.width() / 2, -source.width() / 2, source.width(), source.width())
    scene.render(painter, rect, source, Qt.KeepAspectRatio)


PIECES: dict[str, Callable[[BoardScene], None]] = {
    "hex": lambda scene: scene._hex((0, 0)),
    "ghost": lambda scene: scene._ghost((0, 0)),
    **{f"car_{p}": (lambda scene, p=p: scene._car(p, 1, (0, 0), "east", "start")) for p in PLAYER_COLOURS},
    **{f"junkyard_{p}": (lambda scene, p=p: scene._junkyard(p, (0, 0))) for p in PLAYER_COLOURS},
}  # what a legend or a tool shows, by name
