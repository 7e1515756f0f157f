"""The generic painter: any game's `BoardPicture` (and `Overlay`) drawn with plain QPainter calls,
for square and hex boards alike, so an image, a poster or a read-only view needs no game code.

Cells as the geometry shapes them; features by their kind's shape ("disc", "square", "arrow",
"chevron", "bar", "card") and colour (the feature's own, else its owner's, else the kind's);
edge features once per side of a cell, on top of the cells and at least EDGE_MIN_PX device pixels
wide whatever the zoom, so a wall stays a crisp line; playing pieces over everything, their facing
an arrow turned to its angle. Sizes are in board units times `cell` pixels.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QPolygonF, QTransform

from crashgrab.engine.system import BoardPicture, FeatureKind, GameSystem, Overlay, PlacedFeature, PlayingPiece

from . import style

CELL = 48.0  # pixels per board unit
CELL_FILL = QColor("#f8fafc")
CELL_LINE = QColor("#475569")
FEATURE_RADIUS = 0.32  # board units: a feature's symbol fits a square cell and a hex alike
PIECE_RADIUS = 0.38
EDGE_WIDTH = 0.12  # board units
EDGE_MIN_PX = 2.0  # device pixels: an edge never thins to a blur when zoomed out
OVERLAY_TINT = QColor("#7c3aed")
SHAPES: tuple[str, ...] = ("disc", "square", "arrow", "chevron", "bar", "card")

# Each shape pointing east (angle 0) around (0, 0), in units of its radius.
_OUTLINES: dict[str, tuple[tuple[float, float], ...]] = {
    "arrow": ((-1.0, -0.35), (0.1, -0.35), (0.1, -0.85), (1.0, 0.0), (0.1, 0.85), (0.1, 0.35), (-1.0, 0.35)),
    "chevron": ((-0.8, -0.9), (-0.1, -0.9), (0.8, 0.0), (-0.1, 0.9), (-0.8, 0.9), (0.1, 0.0)),
    "bar": ((-0.2, -1.15), (0.2, -1.15), (0.2, 1.15), (-0.2, 1.15)),
}
# The pointer a disc, square or card shows its facing with: a triangle at its rim.
_POINTER: tuple[tuple[float, float], ...] = ((1.4, 0.0), (0.85, -0.45), (0.85, 0.45))


def device_scale(painter: QPainter) -> float:
    """Device pixels per painter unit (the view's zoom times any scaling the painter was given)."""
    transform = painter.worldTransform()
    return math.sqrt(abs(transform.determinant())) or 1.0


def _turned(points, centre: QPointF, radius: float, angle: float) -> QPolygonF:
    transform = QTransform().translate(centre.x(), centre.y()).rotate(angle).scale(radius, radius)
    return transform.map(QPolygonF([QPointF(x, y) for x, y in points]))


def paint_shape(painter: QPainter, shape: str, centre: QPointF, radius: float, colour: QColor,
                angle: float | None = None, outline: float = 1.0) -> None:
    """One symbol: `shape` of `radius` pixels at `centre`, filled with `colour`, pointing at `angle`
    (degrees clockwise from east; arrow, chevron and bar point east without one). A disc, square
    or card with an angle carries a pointer at its rim toward it. An unknown shape is a disc."""
    painter.setPen(QPen(colour.darker(), outline))
    painter.setBrush(QBrush(colour))
    if shape in _OUTLINES:
        painter.drawPolygon(_turned(_OUTLINES[shape], centre, radius, angle or 0.0))
        return
    box = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
    if shape == "square":
        painter.drawRect(box)
    elif shape == "card":  # a playing card standing up: narrower than tall, rounded corners
        painter.drawRoundedRect(box.adjusted(radius * 0.25, 0, -radius * 0.25, 0), radius * 0.2, radius * 0.2)
    else:
        painter.drawEllipse(box)
    if angle is not None:  # over the body: a square's corner must not hide it
        painter.setBrush(QBrush(colour.darker()))
        painter.drawPolygon(_turned(_POINTER, centre, radius, angle))


def _label(painter: QPainter, centre: QPointF, radius: float, text: str, size: float) -> None:
    painter.setPen(QPen(QColor("white")))
    painter.setFont(style.font(size, bold=True))
    painter.drawText(QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius), Qt.AlignCenter, text)


def paint_picture(painter: QPainter, system: GameSystem, picture: BoardPicture, cell: float = CELL) -> None:
    """The whole picture, `cell` pixels per board unit: cells, cell features, edge features, pieces."""
    geometry = system.geometry
    painter.setPen(QPen(CELL_LINE, max(1.0, cell / 48)))
    painter.setBrush(QBrush(CELL_FILL))
    for board_cell in picture.cells:
        painter.drawPolygon(QPolygonF([QPointF(x * cell, y * cell) for x, y in geometry.cell_polygon(board_cell)]))
    for feature in picture.features:
        if feature.edge is None:
            kind = system.feature_kind(feature.type)
            colour = QColor(picture.colour_of(kind.colour if kind else "#808080", feature.colour, feature.owner))
            if picture.facing_arrows or (kind is not None and kind.shape not in ("disc", "square", "card")):
                _paint_cell_feature(painter, system, feature, kind, colour, cell)
            else:
                _paint_first_cell_feature(painter, system, feature, kind, colour, cell)
    for feature in picture.edge_features(geometry):
        kind = system.feature_kind(feature.type)
        colour = QColor(picture.colour_of(kind.colour if kind else "#808080", feature.colour, feature.owner))
        paint_edge_feature(painter, system, feature, kind, colour, cell)
    for piece in picture.pieces:
        paint_piece(painter, system, picture, piece, cell)


def _paint_first_cell_feature(painter: QPainter, system: GameSystem, feature: PlacedFeature,
                              kind: FeatureKind | None, colour: QColor, cell: float) -> None:
    """A disc, square or card as the studio first drew them (a pointer line to the side it faces,
    the number or the facing's first letter on it): pictures without `facing_arrows` keep it."""
    geometry = system.geometry
    cx, cy = geometry.cell_centre(feature.cell)
    r = cell * FEATURE_RADIUS
    box = QRectF(cx * cell - r, cy * cell - r, 2 * r, 2 * r)
    if feature.facing in geometry.directions:  # a pointer to the middle of the side it faces
        (ax, ay), (bx, by) = geometry.edge(feature.cell, feature.facing)
        tip = QPointF((cx + 0.8 * ((ax + bx) / 2 - cx)) * cell, (cy + 0.8 * ((ay + by) / 2 - cy)) * cell)
        painter.setPen(QPen(colour.darker(), cell * 0.1, Qt.SolidLine, Qt.RoundCap))
        painter.drawLine(QPointF(cx * cell, cy * cell), tip)
    painter.setPen(QPen(colour.darker(), max(1.0, cell / 48)))
    painter.setBrush(QBrush(colour))
    if kind is not None and kind.shape in ("square", "card"):
        painter.drawRect(box)
    else:
        painter.drawEllipse(box)
    label = str(feature.number) if feature.number is not None else (feature.facing or "")[:1].upper()
    if label:
        painter.setPen(QPen(QColor("white")))
        painter.setFont(style.font(cell * 0.3, bold=True))
        painter.drawText(box, Qt.AlignCenter, label)


def _paint_cell_feature(painter: QPainter, system: GameSystem, feature: PlacedFeature,
                        kind: FeatureKind | None, colour: QColor, cell: float) -> None:
    geometry = system.geometry
    cx, cy = geometry.cell_centre(feature.cell)
    centre, r = QPointF(cx * cell, cy * cell), cell * FEATURE_RADIUS
    angle = geometry.direction_angle(feature.facing) if feature.facing in geometry.directions else None
    paint_shape(painter, kind.shape if kind else "disc", centre, r, colour, angle, max(1.0, cell / 48))
    if feature.number is not None:
        _label(painter, centre, r, str(feature.number), cell * 0.3)


def paint_edge_feature(painter: QPainter, system: GameSystem, feature: PlacedFeature,
                       kind: FeatureKind | None, colour: QColor, cell: float) -> None:
    """A feature on a side of a cell: a "bar" (a wall) is a line along the side, at least
    EDGE_MIN_PX device pixels wide; any other shape stands small on the side's middle, pointing
    its facing, else across the side."""
    geometry = system.geometry
    side = feature.edge or ""
    (ax, ay), (bx, by) = geometry.edge(feature.cell, side)
    shape = kind.shape if kind else "bar"
    if shape == "bar":
        width = max(cell * EDGE_WIDTH, EDGE_MIN_PX / device_scale(painter))
        painter.setPen(QPen(colour, width, Qt.SolidLine, Qt.RoundCap))
        painter.drawLine(QPointF(ax * cell, ay * cell), QPointF(bx * cell, by * cell))
        return
    facing = feature.facing if feature.facing in geometry.directions else side
    middle = QPointF((ax + bx) / 2 * cell, (ay + by) / 2 * cell)
    paint_shape(painter, shape, middle, cell * FEATURE_RADIUS * 0.6, colour, geometry.direction_angle(facing),
                max(1.0, cell / 48))


def paint_piece(painter: QPainter, system: GameSystem, picture: BoardPicture, piece: PlayingPiece,
                cell: float = CELL) -> None:
    """A playing piece on its cell: its kind's shape (an arrow when it has no kind but a facing)
    in its colour, turned to its facing, its label on it."""
    kind = system.piece_kind(piece.kind)
    shape = kind.shape if kind else ("arrow" if piece.facing is not None else "disc")
    colour = QColor(picture.colour_of(kind.colour if kind else "#808080", piece.colour, piece.owner))
    cx, cy = system.geometry.cell_centre(piece.cell)
    centre, r = QPointF(cx * cell, cy * cell), cell * PIECE_RADIUS
    paint_shape(painter, shape, centre, r, colour, piece.facing, max(1.5, cell / 32))
    if piece.label:
        _label(painter, centre, r, piece.label, cell * 0.3)


def paint_overlay(painter: QPainter, system: GameSystem, overlay: Overlay, cell: float = CELL) -> None:
    """An overlay over a painted picture: cells and sides of cells tinted by their value (0..1),
    arrows from cell to cell, and each cell's label."""
    geometry = system.geometry
    painter.setPen(Qt.NoPen)
    for board_cell, value in overlay.cells.items():
        tint = QColor(OVERLAY_TINT)
        tint.setAlphaF(max(0.0, min(1.0, value)) * 0.6)
        painter.setBrush(QBrush(tint))
        painter.drawPolygon(QPolygonF([QPointF(x * cell, y * cell) for x, y in geometry.cell_polygon(board_cell)]))
    drawn = set()
    width = max(cell * EDGE_WIDTH * 1.5, EDGE_MIN_PX / device_scale(painter))
    for (board_cell, side), value in overlay.edges.items():
        key = geometry.edge_key(board_cell, side)
        if key in drawn:
            continue
        drawn.add(key)
        tint = QColor(OVERLAY_TINT)
        tint.setAlphaF(max(0.0, min(1.0, value)))
        (ax, ay), (bx, by) = geometry.edge(board_cell, side)
        painter.setPen(QPen(tint, width, Qt.SolidLine, Qt.RoundCap))
        painter.drawLine(QPointF(ax * cell, ay * cell), QPointF(bx * cell, by * cell))
    arrow_pen = QPen(OVERLAY_TINT.darker(), max(1.5, cell / 24), Qt.SolidLine, Qt.RoundCap)
    for start, end in overlay.arrows:
        (sx, sy), (ex, ey) = geometry.cell_centre(start), geometry.cell_centre(end)
        painter.setPen(arrow_pen)
        painter.drawLine(QPointF(sx * cell, sy * cell), QPointF(ex * cell, ey * cell))
        angle = math.degrees(math.atan2(ey - sy, ex - sx))
        painter.setBrush(QBrush(OVERLAY_TINT.darker()))
        painter.drawPolygon(_turned(((0.0, 0.0), (-1.0, -0.5), (-1.0, 0.5)), QPointF(ex * cell, ey * cell),
                                    cell * 0.2, angle))
    painter.setPen(QPen(QColor("#1e1b4b")))
    painter.setFont(style.font(cell * 0.22, bold=True))
    for board_cell, text in overlay.labels.items():
        cx, cy = geometry.cell_centre(board_cell)
        painter.drawText(QRectF((cx - 0.5) * cell, (cy + 0.05) * cell, cell, 0.4 * cell), Qt.AlignCenter, text)


def paint_legend_symbol(painter: QPainter, rect: QRectF, shape: str, colour: str, piece: bool = False) -> None:
    """A legend entry's symbol in `rect`: a bar as a line, another shape as the board shows it."""
    centre, radius = rect.center(), min(rect.width(), rect.height()) * 0.4
    if shape == "bar" and not piece:
        painter.setPen(QPen(QColor(colour), max(2.0, rect.height() * 0.18), Qt.SolidLine, Qt.RoundCap))
        painter.drawLine(QPointF(centre.x(), rect.top() + 2), QPointF(centre.x(), rect.bottom() - 2))
        return
    paint_shape(painter, shape, centre, radius, QColor(colour), 0.0 if piece and shape in ("disc", "square", "card") else None)
