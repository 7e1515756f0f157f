"""Every colour cue of the RoboRally editor is doubled by a shape or a letter: each pair of
symbols (the tools, as the board and the legend draw them, and portals of two colours) still
differs when only the light ink and the dark ink are kept, as a reader who cannot tell the
colours apart sees them."""
from __future__ import annotations

from itertools import combinations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from crashgrab.editor.roborally import marks
from crashgrab.editor.roborally.tools import BOARD_TOOLS, COURSE_TOOLS, paint_tool
from crashgrab.engine.roborally.model import CellElement

SIZE = 48


def symbol(paint) -> QImage:
    image = QImage(SIZE, SIZE, QImage.Format_RGB32)
    image.fill(Qt.white)
    painter = QPainter(image)
    paint(painter, QRectF(0, 0, SIZE, SIZE))
    painter.end()
    return image


def shape(image: QImage) -> set[tuple[int, int]]:
    """The pixels a colour-blind reader still tells apart from the rest: the light ones (ink, floor)."""
    return {(x, y) for x in range(SIZE) for y in range(SIZE) if QColor(image.pixel(x, y)).lightness() > 200}


SYMBOLS = {t.id: (lambda p, r, i=t.id: paint_tool(p, r, i)) for t in BOARD_TOOLS + COURSE_TOOLS}
for colour in ("red", "green"):  # the Portal tool draws the blue one
    SYMBOLS[f"portal-{colour}"] = lambda p, r, c=colour: (marks.paint_floor(p, r),
                                                          marks.paint_element(p, r, CellElement("portal", colour=c)))


@pytest.fixture(scope="module")
def shapes(qapp):
    return {name: shape(symbol(paint)) for name, paint in SYMBOLS.items()}


def test_every_pair_of_symbols_differs_in_shape_not_only_in_colour(shapes):
    alike = [(a, b, len(shapes[a] ^ shapes[b])) for a, b in combinations(sorted(shapes), 2)
             if len(shapes[a] ^ shapes[b]) < 12]
    assert alike == []


def test_the_shape_test_tells_two_colours_of_one_shape_apart_from_two_shapes(qapp):
    """The measure itself: a red and a green square of one shape look alike to it."""
    red = shape(symbol(lambda p, r: p.fillRect(r.adjusted(8, 8, -8, -8), QColor("#dc2626"))))
    green = shape(symbol(lambda p, r: p.fillRect(r.adjusted(8, 8, -8, -8), QColor("#16a34a"))))
    assert len(red ^ green) < 12
