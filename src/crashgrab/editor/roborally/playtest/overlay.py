"""What the playtest and the route overlay add over the painted course, as scene items tagged
with their kind (`data(0)`, as view.py tags its own): each robot a disc in its colour with a
wedge toward its facing and its initial; the lasers the shown phase fired, as orange beams from
their source over the squares they crossed; the route of the selected start, a line through the square
after every register with each register's number and card."""
from __future__ import annotations

from typing import Iterable, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsScene

from crashgrab.engine.roborally.rules.events import Beam
from crashgrab.engine.roborally.rules.routes import RouteStep
from crashgrab.engine.roborally.rules.state import Robot

from .. import marks

ROBOT_COLOURS = {"red": "#dc2626", "blue": "#2563eb", "green": "#16a34a", "yellow": "#eab308", "orange": "#ea580c",
                 "purple": "#9333ea", "white": "#f8fafc", "black": "#111827"}
BEAM_PEN = QColor(249, 115, 22, 230)   # orange: the beams fired now, over the red of the Laser Beams overlay
ROUTE = QColor(124, 58, 237, 210)   # violet: no element of the course uses it


def centre(cell, size: float) -> QPointF:
    return QPointF((cell[0] + 0.5) * size, (cell[1] + 0.5) * size)


def add_robots(scene: QGraphicsScene, robots: Iterable[Robot], size: float) -> None:
    for robot in robots:
        if robot.at is None:
            continue
        middle = centre(robot.at, size)
        colour = QColor(ROBOT_COLOURS.get(robot.name, "#64748b"))
        radius = size * 0.34
        disc = scene.addEllipse(QRectF(middle.x() - radius, middle.y() - radius, 2 * radius, 2 * radius),
                                QPen(QColor("#111827"), size * 0.05), QBrush(colour))
        disc.setData(0, "robot")
        disc.setData(1, robot.name)
        disc.setToolTip(f"{robot.name}: facing {robot.facing}, damage {robot.damage}, lives {robot.lives}, "
                        f"next checkpoint {robot.next}")
        dx, dy = marks.VECTORS[robot.facing]
        tip = QPointF(middle.x() + dx * size * 0.48, middle.y() + dy * size * 0.48)
        side = QPointF(-dy * size * 0.16, dx * size * 0.16)
        base = QPointF(middle.x() + dx * size * 0.22, middle.y() + dy * size * 0.22)
        wedge = scene.addPolygon(QPolygonF([tip, base + side, base - side]), QPen(QColor("#111827"), size * 0.03),
                                 QBrush(QColor("#111827")))
        wedge.setData(0, "robot_facing")
        label = scene.addSimpleText(robot.name[0].upper())
        font = QFont()
        font.setPixelSize(int(size * 0.32))
        font.setBold(True)
        label.setFont(font)
        label.setBrush(QBrush(QColor("#111827") if robot.name in ("white", "yellow") else QColor("white")))
        box = label.boundingRect()
        label.setPos(middle.x() - box.width() / 2, middle.y() - box.height() / 2)


def add_beams(scene: QGraphicsScene, events: Iterable[object], size: float) -> None:
    """The shown phase's laser beams: a line from the first to the last square each crossed."""
    pen = QPen(BEAM_PEN, size * 0.12)
    pen.setCapStyle(Qt.RoundCap)
    for event in events:
        if not isinstance(event, Beam) or not event.cells:
            continue
        dx, dy = marks.VECTORS[event.direction]
        first, last = centre(event.cells[0], size), centre(event.cells[-1], size)
        first -= QPointF(dx * size * 0.5, dy * size * 0.5)
        if event.hit:
            last -= QPointF(dx * size * 0.2, dy * size * 0.2)
        else:
            last += QPointF(dx * size * 0.5, dy * size * 0.5)
        line = scene.addLine(first.x(), first.y(), last.x(), last.y(), pen)
        line.setData(0, "beam")
        line.setToolTip(event.describe())


def add_route(scene: QGraphicsScene, steps: Sequence[RouteStep], size: float) -> None:
    """The route: a line through the square after each register, the register's number and card there."""
    if len(steps) < 2:
        return
    path = QPainterPath(centre(steps[0][0], size))
    for at, _facing, _touched, _card in steps[1:]:
        path.lineTo(centre(at, size))
    pen = QPen(ROUTE, size * 0.07, Qt.DashLine)
    pen.setJoinStyle(Qt.RoundJoin)
    scene.addPath(path, pen).setData(0, "route")
    font = QFont()
    font.setPixelSize(int(size * 0.2))
    seen: dict[tuple[int, int], int] = {}
    for number, (at, facing, _touched, card) in enumerate(steps[1:], 1):
        row = seen.get(at, 0)
        seen[at] = row + 1
        label = scene.addSimpleText(f"{number} {card.kind if card else ''}")
        label.setFont(font)
        label.setBrush(QBrush(ROUTE.darker(160)))
        label.setPos(at[0] * size + size * 0.04, at[1] * size + size * 0.04 + row * size * 0.22)
        label.setData(0, "route_step")
        label.setToolTip(f"register {number}: {card} leaves the robot on [{at[0]},{at[1]}] facing {facing}")
