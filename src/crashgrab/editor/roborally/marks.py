"""How RoboRally's things look, drawn with a QPainter so the board, the legend, the tool icons
and the print poster show them alike. Every colour is doubled by a shape or a letter: belts by
one chevron (normal) or two (express), gears by L / R and their turning arrow, repair sites by
one or two W, portals by a ring and their colour's initial, crushers by teeth and X,
flamethrowers by F and a flame toward their facing, checkpoints by a flag disc and number,
starts by a square, number and arrow; on the edges a wall is a bar on the line itself, a laser a
red emitter with 1 to 3 ticks (its beams), a pusher a plate with P, a door a dashed bar with D.

`cell` is one square's size in painter units. Walls in the editor are drawn in device pixels
(`crisp_bar`): whole pixels, centred on the edge, at every zoom.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF

from crashgrab.engine.roborally.model import CellElement
from crashgrab.engine.roborally.system import PORTAL_COLOURS, SYSTEM

from .. import style

COLOURS = {kind.type: QColor(kind.colour) for kind in SYSTEM.feature_kinds if kind.colour}
FLOOR = QColor("#f8fafc")  # the studio's free square (crash_grid.marks.FREE), under every element
FLOOR_LINE = QColor("#b8bec8")
OFF_COURSE = QColor("#d9dde3")
INK = QColor("#ffffff")
DARK_INK = QColor("#111827")
BEAM = QColor(220, 38, 38, 170)
FLOW = QColor(17, 24, 39, 190)  # dark: read on yellow and blue belts alike
BOARD_EDGE = QColor("#334155")
ANGLES = {"north": -90.0, "east": 0.0, "south": 90.0, "west": 180.0}
VECTORS = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}


def colour_of(kind: str) -> QColor:
    return QColor(COLOURS.get(kind, QColor("#64748b")))


def portal_colour(name: str | None) -> QColor:
    return QColor(PORTAL_COLOURS.get(name or "", "#2563eb"))


def steps_text(steps) -> str:
    """A crusher's, flamethrower's, pusher's or door's program steps, e.g. "135" ("1-5": every step)."""
    return "1-5" if not steps else "".join(str(s) for s in steps)


def _text(painter: QPainter, rect: QRectF, text: str, size: float, colour: QColor, bold: bool = True,
          align=Qt.AlignCenter) -> None:
    painter.setPen(QPen(colour))
    painter.setFont(style.font(size, bold))
    painter.drawText(rect, align, text)


def paint_floor(painter: QPainter, rect: QRectF, line_width: float = 1.0, cosmetic: bool = False) -> None:
    pen = QPen(FLOOR_LINE, 1 if cosmetic else line_width)
    pen.setCosmetic(cosmetic)
    painter.setPen(pen)
    painter.setBrush(QBrush(FLOOR))
    painter.drawRect(rect)


def _chevron(painter: QPainter, centre: QPointF, size: float, angle: float, colour: QColor, width: float) -> None:
    painter.save()
    painter.translate(centre)
    painter.rotate(angle)
    pen = QPen(colour, width)
    pen.setCapStyle(Qt.RoundCap)
    pen.setJoinStyle(Qt.RoundJoin)
    painter.setPen(pen)
    painter.setBrush(Qt.NoBrush)
    painter.drawPolyline(QPolygonF([QPointF(-size * 0.5, -size), QPointF(size * 0.5, 0), QPointF(-size * 0.5, size)]))
    painter.restore()


def _arrow(painter: QPainter, centre: QPointF, length: float, angle: float, colour: QColor) -> None:
    """A solid triangle pointing along `angle`, its tip `length` / 2 from the centre."""
    painter.save()
    painter.translate(centre)
    painter.rotate(angle)
    painter.setPen(Qt.NoPen)
    painter.setBrush(QBrush(colour))
    painter.drawPolygon(QPolygonF([QPointF(length / 2, 0), QPointF(-length / 4, -length * 0.4),
                                   QPointF(-length / 4, length * 0.4)]))
    painter.restore()


def paint_element(painter: QPainter, rect: QRectF, element: CellElement) -> None:
    """A cell element filling its square `rect` (the floor is already drawn)."""
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    painter.setRenderHint(QPainter.TextAntialiasing)
    cell = rect.width()
    inner = rect.adjusted(cell * 0.06, cell * 0.06, -cell * 0.06, -cell * 0.06)
    centre = rect.center()
    kind = element.type
    if kind == "pit":
        painter.setPen(QPen(QColor("#4b5563"), cell * 0.05))
        painter.setBrush(QBrush(colour_of("pit")))
        painter.drawRect(inner)
        painter.setPen(QPen(QColor("#374151"), cell * 0.04))  # a hole's inner rim: a pit by its shape too
        painter.drawRect(inner.adjusted(cell * 0.14, cell * 0.14, -cell * 0.14, -cell * 0.14))
    elif kind == "conveyor":
        express = bool(element.express)
        band = colour_of("express-conveyor" if express else "conveyor")
        painter.setPen(Qt.NoPen)
        painter.setBrush(QBrush(band))
        painter.drawRect(rect.adjusted(cell * 0.02, cell * 0.02, -cell * 0.02, -cell * 0.02))
        angle = ANGLES.get(element.facing or "east", 0.0)
        dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        offsets = (-0.14, 0.14) if express else (0.0,)
        for offset in offsets:  # one chevron on a belt, two on an express belt
            at = QPointF(centre.x() + dx * offset * cell, centre.y() + dy * offset * cell)
            _chevron(painter, at, cell * 0.17, angle, INK, cell * 0.09)
    elif kind == "gear":
        colour = colour_of(f"gear-{element.turn or 'left'}")
        painter.setPen(Qt.NoPen)
        painter.setBrush(QBrush(colour))
        teeth = QPolygonF()
        for index in range(16):  # a cog: eight teeth
            radius = cell * (0.44 if index % 2 == 0 else 0.36)
            angle = math.radians(index * 22.5)
            teeth.append(QPointF(centre.x() + radius * math.cos(angle), centre.y() + radius * math.sin(angle)))
        painter.drawPolygon(teeth)
        painter.setPen(QPen(INK, cell * 0.06))
        painter.setBrush(Qt.NoBrush)
        arc = QRectF(centre.x() - cell * 0.24, centre.y() - cell * 0.24, cell * 0.48, cell * 0.48)
        left = element.turn == "left"
        painter.drawArc(arc, 100 * 16, 260 * 16 if left else -260 * 16)
        _text(painter, inner, "L" if left else "R", cell * 0.28, INK)
    elif kind == "repair":
        painter.setPen(QPen(colour_of("repair").darker(140), cell * 0.04))
        painter.setBrush(QBrush(colour_of("repair")))
        painter.drawRoundedRect(inner, cell * 0.1, cell * 0.1)
        _text(painter, inner, "W" * (element.wrenches or 1), cell * 0.3, INK)
    elif kind == "oil":
        painter.setPen(Qt.NoPen)
        painter.setBrush(QBrush(colour_of("oil")))
        path = QPainterPath()
        path.addEllipse(QRectF(rect.left() + cell * 0.12, rect.top() + cell * 0.22, cell * 0.62, cell * 0.5))
        path.addEllipse(QRectF(rect.left() + cell * 0.42, rect.top() + cell * 0.36, cell * 0.44, cell * 0.42))
        painter.drawPath(path.simplified())
        _text(painter, inner, "~", cell * 0.4, INK)
    elif kind == "portal":
        colour = portal_colour(element.colour)
        painter.setBrush(Qt.NoBrush)
        for radius, width in ((0.4, 0.08), (0.26, 0.06)):  # a portal's double ring
            painter.setPen(QPen(colour, cell * width))
            painter.drawEllipse(centre, cell * radius, cell * radius)
        _text(painter, inner, (element.colour or "?")[0].upper(), cell * 0.24, colour.darker(130))
    elif kind == "crusher":
        painter.setPen(QPen(colour_of("crusher").darker(150), cell * 0.04))
        painter.setBrush(QBrush(colour_of("crusher")))
        painter.drawRect(inner)
        teeth = QPolygonF()
        for index in range(9):  # teeth along the top: a crusher's jaw
            x = inner.left() + inner.width() * index / 8
            teeth.append(QPointF(x, inner.top() + (cell * 0.14 if index % 2 else 0)))
        painter.setPen(QPen(INK, cell * 0.04))
        painter.drawPolyline(teeth)
        _text(painter, inner.adjusted(0, 0, 0, -cell * 0.2), "X", cell * 0.3, INK)
        _text(painter, inner.adjusted(0, cell * 0.5, 0, 0), steps_text(element.steps), cell * 0.2, INK)
    elif kind == "flamethrower":
        colour = colour_of("flamethrower")
        painter.setPen(QPen(colour.darker(150), cell * 0.03))
        painter.setBrush(QBrush(QColor("#fed7aa")))
        painter.drawRect(inner)
        angle = ANGLES.get(element.facing or "east", 0.0)
        painter.save()
        painter.translate(centre)
        painter.rotate(angle)
        flame = QPainterPath(QPointF(-cell * 0.3, 0))
        flame.cubicTo(QPointF(-cell * 0.1, -cell * 0.34), QPointF(cell * 0.2, -cell * 0.2), QPointF(cell * 0.42, 0))
        flame.cubicTo(QPointF(cell * 0.2, cell * 0.2), QPointF(-cell * 0.1, cell * 0.34), QPointF(-cell * 0.3, 0))
        painter.setPen(Qt.NoPen)
        painter.setBrush(QBrush(colour))
        painter.drawPath(flame)
        painter.restore()
        _text(painter, inner.adjusted(0, 0, 0, -cell * 0.18), "F", cell * 0.26, DARK_INK)
        _text(painter, inner.adjusted(0, cell * 0.52, 0, 0), steps_text(element.steps), cell * 0.19, DARK_INK)
    painter.restore()


def paint_checkpoint(painter: QPainter, rect: QRectF, number: int, outline: QColor | None = None) -> None:
    """A checkpoint: a red flag disc with a white ring and its number (the race order)."""
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    cell = rect.width()
    centre = rect.center()
    painter.setPen(QPen(outline if outline is not None else INK, cell * (0.09 if outline is not None else 0.06)))
    painter.setBrush(QBrush(colour_of("checkpoint-flag")))
    painter.drawEllipse(centre, cell * 0.36, cell * 0.36)
    flag = QPolygonF([QPointF(centre.x() - cell * 0.14, centre.y() - cell * 0.28),
                      QPointF(centre.x() + cell * 0.16, centre.y() - cell * 0.2),
                      QPointF(centre.x() - cell * 0.14, centre.y() - cell * 0.12)])
    painter.setPen(Qt.NoPen)
    painter.setBrush(QBrush(INK))
    painter.drawPolygon(flag)
    _text(painter, QRectF(centre.x() - cell * 0.3, centre.y() - cell * 0.12, cell * 0.6, cell * 0.42), str(number),
          cell * 0.3, INK)
    painter.restore()


def paint_start(painter: QPainter, rect: QRectF, number: int, facing: str, outline: QColor | None = None) -> None:
    """A start square: a purple square with its number and an arrow toward its facing."""
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    cell = rect.width()
    box = rect.adjusted(cell * 0.14, cell * 0.14, -cell * 0.14, -cell * 0.14)
    painter.setPen(QPen(outline if outline is not None else colour_of("start").darker(160),
                        cell * (0.09 if outline is not None else 0.04)))
    painter.setBrush(QBrush(colour_of("start")))
    painter.drawRoundedRect(box, cell * 0.06, cell * 0.06)
    dx, dy = VECTORS.get(facing, (0, -1))
    _arrow(painter, QPointF(rect.center().x() + dx * cell * 0.25, rect.center().y() + dy * cell * 0.25), cell * 0.22,
           ANGLES.get(facing, -90.0), INK)
    back = QPointF(rect.center().x() - dx * cell * 0.06, rect.center().y() - dy * cell * 0.06)
    _text(painter, QRectF(back.x() - cell * 0.2, back.y() - cell * 0.2, cell * 0.4, cell * 0.4), str(number),
          cell * 0.28, INK)
    painter.restore()


def side_line(rect: QRectF, side: str) -> tuple[QPointF, QPointF]:
    """The side `side` of the square `rect`, as two points."""
    return {"north": (rect.topLeft(), rect.topRight()), "east": (rect.topRight(), rect.bottomRight()),
            "south": (rect.bottomLeft(), rect.bottomRight()), "west": (rect.topLeft(), rect.bottomLeft())}[side]


def wall_pixels(pixels_per_cell: float) -> int:
    """A wall's thickness on screen, whole device pixels: 3 at a small zoom, up to 9."""
    return max(3, min(9, round(pixels_per_cell * 0.1)))


def crisp_bar(painter: QPainter, a: QPointF, b: QPointF, colour: QColor, pixels: int, dashed: bool = False) -> QRect:
    """A horizontal or vertical bar from `a` to `b` (painter units) drawn in device pixels: a whole
    number of pixels thick, centred on the line, no anti-aliased fringe at any zoom. Returns it."""
    transform = painter.worldTransform()
    da, db = transform.map(a), transform.map(b)
    half = pixels // 2
    if abs(da.y() - db.y()) < abs(da.x() - db.x()):  # horizontal
        y = round(da.y())
        left, right = sorted((round(da.x()), round(db.x())))
        box = QRect(left - half, y - half, right - left + pixels, pixels)
    else:
        x = round(da.x())
        top, bottom = sorted((round(da.y()), round(db.y())))
        box = QRect(x - half, top - half, pixels, bottom - top + pixels)
    painter.save()
    painter.resetTransform()
    painter.setRenderHint(QPainter.Antialiasing, False)
    if not dashed:
        painter.fillRect(box, colour)
    else:  # a door: dashes of 3 wall-widths, so it reads as a door without its colour
        horizontal = box.width() > box.height()
        length = box.width() if horizontal else box.height()
        dash = max(4, pixels * 3)
        for start in range(0, length, dash * 2 - dash // 2):
            piece = (QRect(box.left() + start, box.top(), min(dash, length - start), box.height()) if horizontal
                     else QRect(box.left(), box.top() + start, box.width(), min(dash, length - start)))
            painter.fillRect(piece, colour)
    painter.restore()
    return box


def paint_wall(painter: QPainter, rect: QRectF, side: str, pixels: int | None = None) -> None:
    """A wall on the side of square `rect`: in device pixels when `pixels` is given (the editor),
    else a bar a tenth of a square thick (print, legend)."""
    a, b = side_line(rect, side)
    if pixels is not None:
        crisp_bar(painter, a, b, colour_of("wall"), pixels)
        return
    painter.save()
    pen = QPen(colour_of("wall"), rect.width() * 0.1)
    pen.setCapStyle(Qt.SquareCap)
    painter.setPen(pen)
    painter.drawLine(a, b)
    painter.restore()


def paint_door(painter: QPainter, rect: QRectF, side: str, steps, pixels: int | None = None) -> None:
    """A revolving door: a dashed teal bar on the side, a D and its open steps just inside."""
    a, b = side_line(rect, side)
    colour = colour_of("door")
    if pixels is not None:
        crisp_bar(painter, a, b, colour, pixels, dashed=True)
    else:
        painter.save()
        pen = QPen(colour, rect.width() * 0.1, Qt.DashLine)
        painter.setPen(pen)
        painter.drawLine(a, b)
        painter.restore()
    _mounted_label(painter, rect, side, f"D{steps_text(steps)}", colour)


def _inside(rect: QRectF, side: str, depth: float, length: float) -> QRectF:
    """A box against the side `side`, inside the square: `depth` deep, `length` long (of a square)."""
    cell = rect.width()
    d, half = cell * depth, cell * length / 2
    c = rect.center()
    if side == "north":
        return QRectF(c.x() - half, rect.top(), 2 * half, d)
    if side == "south":
        return QRectF(c.x() - half, rect.bottom() - d, 2 * half, d)
    if side == "west":
        return QRectF(rect.left(), c.y() - half, d, 2 * half)
    return QRectF(rect.right() - d, c.y() - half, d, 2 * half)


def _mounted_label(painter: QPainter, rect: QRectF, side: str, text: str, colour: QColor) -> None:
    cell = rect.width()
    box = _inside(rect, side, 0.26, 0.62).translated(*(v * cell * 0.07 for v in _inward(side)))
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    painter.setPen(Qt.NoPen)
    painter.setBrush(QBrush(QColor(255, 255, 255, 215)))
    painter.drawRoundedRect(box, cell * 0.04, cell * 0.04)
    _text(painter, box, text, cell * 0.17, colour.darker(140))
    painter.restore()


def _inward(side: str) -> tuple[int, int]:
    dx, dy = VECTORS[side]
    return -dx, -dy


def paint_laser(painter: QPainter, rect: QRectF, side: str, beams: int) -> None:
    """A laser emitter on the wall of `side`: a red block with a tick per beam, pointing into the square."""
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    cell = rect.width()
    box = _inside(rect, side, 0.26, 0.5)
    dx, dy = VECTORS[side]  # over its wall: the emitter is mounted on it, so it covers the wall's line
    box.translate(dx * cell * 0.06, dy * cell * 0.06)
    painter.setPen(QPen(DARK_INK, cell * 0.02))
    painter.setBrush(QBrush(colour_of("laser")))
    painter.drawRect(box)
    ix, iy = _inward(side)
    edge = QPointF(*{"north": (rect.center().x(), rect.top()), "south": (rect.center().x(), rect.bottom()),
                     "west": (rect.left(), rect.center().y()), "east": (rect.right(), rect.center().y())}[side])
    painter.setPen(QPen(INK, cell * 0.045))
    for index in range(beams):  # the beams: 1 to 3 white ticks on the emitter's inner half, off the wall's line
        offset = (index - (beams - 1) / 2) * cell * 0.12
        across = QPointF(offset * abs(iy), offset * abs(ix))
        near = edge + QPointF(ix * cell * 0.07, iy * cell * 0.07) + across
        far = edge + QPointF(ix * cell * 0.17, iy * cell * 0.17) + across
        painter.drawLine(near, far)
    painter.restore()


def paint_pusher(painter: QPainter, rect: QRectF, side: str, steps) -> None:
    """A pusher on the wall of `side`: an amber plate with P and its steps, pushing into the square."""
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    cell = rect.width()
    box = _inside(rect, side, 0.3, 0.74)
    painter.setPen(QPen(DARK_INK, cell * 0.025))
    painter.setBrush(QBrush(colour_of("pusher")))
    painter.drawRect(box)
    _text(painter, box, f"P{steps_text(steps)}", cell * 0.17, DARK_INK)
    painter.restore()


def paint_beam(painter: QPainter, cells, side: str, beams: int, cell: float) -> None:
    """A laser's beam across the squares it covers: 1 to 3 thin red lines from its wall onward."""
    if not cells:
        return
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    dx, dy = _inward(side)
    first, last = cells[0], cells[-1]
    start = QPointF((first[0] + 0.5 - dx * 0.5) * cell, (first[1] + 0.5 - dy * 0.5) * cell)
    end = QPointF((last[0] + 0.5 + dx * 0.5) * cell, (last[1] + 0.5 + dy * 0.5) * cell)
    pen = QPen(BEAM, cell * 0.035)
    painter.setPen(pen)
    for index in range(beams):
        offset = (index - (beams - 1) / 2) * cell * 0.1
        shift = QPointF(offset * abs(dy), offset * abs(dx))
        painter.drawLine(start + shift, end + shift)
    painter.restore()


def paint_flow(painter: QPainter, a, b, cell: float) -> None:
    """A belt's flow from square `a` to the next belt `b`: a blue line between their centres with a head."""
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    start = QPointF((a[0] + 0.5) * cell, (a[1] + 0.5) * cell)
    end = QPointF((b[0] + 0.5) * cell, (b[1] + 0.5) * cell)
    halo = QPen(QColor(255, 255, 255, 170), cell * 0.1)
    halo.setCapStyle(Qt.RoundCap)
    painter.setPen(halo)
    painter.drawLine(start, end)
    pen = QPen(FLOW, cell * 0.045)
    pen.setCapStyle(Qt.RoundCap)
    painter.setPen(pen)
    painter.drawLine(start, end)
    angle = math.degrees(math.atan2(end.y() - start.y(), end.x() - start.x()))
    _arrow(painter, (start + end) / 2, cell * 0.2, angle, FLOW)
    painter.restore()
