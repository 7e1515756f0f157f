"""Words on the playtest board (a mark's "push 2" or "die 7\u21928", the Accelerator's question)
and where they go.

`place_label` puts a label as near its cell as it can (first choice: on the cell's top
edge) without covering anything in `taken`: the layer passes the other labels, the tile
tabs, the features, the pieces, the direction arrows and the markers. A label that had to
go further than its cell's edge gets a thin leader line back to the cell.

Labels are opaque: their text's contrast is against their own background wherever they
land (a see-through label took on the colour of whatever lay beneath it).
"""
from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsLineItem

from .. import style

Box = tuple[float, float, float, float]  # left, top, right, bottom, in scene units
SEARCH_STEP = 1 / 8   # of a cell: how finely the places round a cell are tried
NEAR_REACH = 2.5      # cells: how far from its cell a label may go before the wider search
FAR_REACH = 6.0
GAP = 1.5             # scene units kept clear round a label


def box_of(rect: QRectF) -> Box:
    return rect.left(), rect.top(), rect.right(), rect.bottom()


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _inside(a: Box, bounds: Box) -> bool:
    return a[0] >= bounds[0] and a[1] >= bounds[1] and a[2] <= bounds[2] and a[3] <= bounds[3]


def _gap(a: Box, b: Box) -> float:
    """Distance between two boxes (0 when they touch or overlap)."""
    dx = max(b[0] - a[2], a[0] - b[2], 0.0)
    dy = max(b[1] - a[3], a[1] - b[3], 0.0)
    return math.hypot(dx, dy)


def place_label(width: float, height: float, anchor: Box, cell: float, taken: list[Box], bounds: Box,
                reach: float = NEAR_REACH, rise: float = 0.0, hug: bool = True) -> Box | None:
    """The free box nearest `anchor` (a cell) for a `width` x `height` label, or None.

    Places are tried on a grid of 1/8 cell round the cell. Its home is centred on the
    cell's top edge, `rise` cells higher. With `hug`, places touching the cell come first
    (a mark's words belong by their cell); then the nearest to the home."""
    step = cell * SEARCH_STEP
    reach_steps = math.ceil(reach * cell / step)
    centre_x = (anchor[0] + anchor[2]) / 2
    home_y = anchor[1] - rise * cell
    search = (centre_x - reach * cell - width, home_y - reach * cell - height,
              centre_x + reach * cell + width, home_y + reach * cell + height)
    nearby = [b for b in taken if _overlaps(b, search)]
    candidates = []
    for i in range(-reach_steps, reach_steps + 1):
        for j in range(-reach_steps, reach_steps + 1):
            x, y = centre_x + i * step, home_y + j * step
            box = (x - width / 2, y - height / 2, x + width / 2, y + height / 2)
            candidates.append((round(_gap(box, anchor) / step) if hug else 0, math.hypot(i, j), box))
    candidates.sort(key=lambda c: (c[0], c[1]))
    for _, _, box in candidates:
        padded = (box[0] - GAP, box[1] - GAP, box[2] + GAP, box[3] + GAP)
        if _inside(box, bounds) and not any(_overlaps(padded, other) for other in nearby):
            return box
    return None


class BoardLabel(QGraphicsItem):
    """A rounded label in opaque colours: `background` behind `ink`, an optional `border`.
    Its box is its bounding rectangle; the layer moves it with `setPos`."""

    FONT_SHARE = 0.22  # of a cell: the letters' pixel size at 100%

    def __init__(self, text: str, cell_size: float, background: QColor, ink: QColor,
                 border: QColor | None = None) -> None:
        super().__init__()
        self.text, self.size = text, cell_size
        self.background, self.ink, self.border = QColor(background), QColor(ink), border
        letters = self.letter_size(cell_size)
        self.font = style.font(letters, bold=True)
        width = QFontMetricsF(self.font).horizontalAdvance(text) + letters * 1.2
        self._rect = QRectF(0, 0, width, letters * 1.45)
        self.setAcceptedMouseButtons(Qt.NoButton)

    @classmethod
    def letter_size(cls, cell_size: float) -> float:
        return cell_size * cls.FONT_SHARE

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.Antialiasing)
        radius = self._rect.height() / 2
        pen_width = self.size * 0.035
        if self.border is not None:
            painter.setPen(QPen(self.border, pen_width))
            box = self._rect.adjusted(pen_width / 2, pen_width / 2, -pen_width / 2, -pen_width / 2)
        else:
            painter.setPen(Qt.NoPen)
            box = self._rect
        painter.setBrush(self.background)
        painter.drawRoundedRect(box, radius, radius)
        painter.setPen(self.ink)
        painter.setFont(self.font)
        painter.drawText(self._rect, Qt.AlignCenter, self.text)


def leader(label: QRectF, cell: QRectF, colour: QColor, cell_size: float) -> QGraphicsLineItem | None:
    """A thin line from a label to its cell's nearest edge, when the label does not touch it."""
    if _gap(box_of(label), box_of(cell)) < 1.0:
        return None
    centre = label.center()
    end = QPointF(min(max(centre.x(), cell.left()), cell.right()), min(max(centre.y(), cell.top()), cell.bottom()))
    start = QPointF(min(max(end.x(), label.left()), label.right()), min(max(end.y(), label.top()), label.bottom()))
    line = QGraphicsLineItem(QLineF(start, end))
    line.setPen(style.outline_pen(colour, cell_size * 0.04))
    line.setAcceptedMouseButtons(Qt.NoButton)
    return line
