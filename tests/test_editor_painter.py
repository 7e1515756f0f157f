"""The board painter draws without a scene: sample pixels of a board painted onto an image.

The board: free-form, tile 1 side A at (0,0) (Crash Sites 1 at (1,0), 3 at (2,1), 2 at
(0,2); Accelerators at (3,0) and (0,3)) and tile 9 side B (plain) at (5,0). It spans 6x4
cells; column 4 and the cells under tile 9 are holes.
"""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPainter

from crashgrab.editor.crash_and_grab import style
from crashgrab.editor.crash_and_grab.board_painter import paint_board, paint_tile_face, picture_of, picture_rect
from crashgrab.editor.crash_and_grab.marker_painter import marker_rects
from crashgrab.editor.crash_and_grab.document import blank_layout
from crashgrab.engine.crash_and_grab.resolve import resolve_layout
from crashgrab.engine.grid.model import Placement as P

CELL = 40
LAYOUT = blank_layout(None).with_placements([P("1", "A", 0, 0, 0), P("9", "B", 5, 0, 0)])


def render(source, cell=CELL, markers=True):
    board = picture_of(source).board
    rect = picture_rect(board.width, board.height, cell, markers)
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    paint_board(painter, source, cell, origin=-rect.topLeft(), markers=markers)
    painter.end()
    return image, -rect.topLeft()


def pixel(image, origin, x, y):
    """The colour at (x, y) in board units (cells), e.g. (1.5, 0.5) is the middle of cell (1,0)."""
    return image.pixelColor(int(origin.x() + x * CELL), int(origin.y() + y * CELL)).name()


def close(colour: str, expected: QColor, tolerance: int = 40) -> bool:
    c = QColor(colour)
    return all(abs(a - b) <= tolerance for a, b in
               zip((c.red(), c.green(), c.blue()), (expected.red(), expected.green(), expected.blue())))


def test_the_picture_is_the_board_plus_a_margin_for_the_markers(qapp):
    image, origin = render(LAYOUT)
    margin = CELL * 1.1
    assert (image.width(), image.height()) == (int(6 * CELL + 2 * margin), int(4 * CELL + 2 * margin))
    assert origin == QPointF(margin, margin)


@pytest.mark.parametrize("where, expected", [
    ((1.22, 0.5), style.CRASH_SITE),  # Crash Site 1's disc, left of its number
    ((2.22, 1.5), style.CRASH_SITE),  # Crash Site 3
    ((0.22, 2.5), style.CRASH_SITE),  # Crash Site 2
    ((3.25, 0.5), style.ACCELERATOR),  # the Accelerator's diamond, left of its chevrons
    ((0.25, 3.5), style.ACCELERATOR),
    ((2.5, 2.5), style.PAPER["core"]),  # a plain space on a core tile
    ((5.5, 0.7), style.PAPER["centre5"]),  # tile 9, side B: plain
])
def test_features_and_spaces_are_drawn_in_their_colours(qapp, where, expected):
    image, origin = render(LAYOUT)
    assert close(pixel(image, origin, *where), expected), (where, pixel(image, origin, *where))


def test_holes_are_hatched(qapp):
    image, origin = render(LAYOUT)
    colours = {pixel(image, origin, 4 + dx / CELL, 1 + dy / CELL) for dx in range(3, CELL - 3) for dy in range(3, CELL - 3)}
    assert any(close(c, style.HOLE_FILL, 6) for c in colours)
    assert any(close(c, style.HOLE_HATCH, 30) for c in colours)
    assert not any(close(c, style.PAPER["core"], 4) for c in colours)


def test_tile_borders_are_heavier_than_cell_lines(qapp):
    image, origin = render(LAYOUT, markers=False)
    tile_edge = pixel(image, origin, 4.0 - 1 / CELL, 2.5)  # tile 1's east edge
    cell_line = pixel(image, origin, 2.0, 2.5)  # between two cells of tile 1
    assert close(tile_edge, style.TILE_BORDER, 30)
    assert close(cell_line, style.CELL_LINE, 40) and not close(cell_line, style.TILE_BORDER, 60)


def test_the_direction_markers_sit_on_their_sides(qapp):
    image, origin = render(LAYOUT)
    rects = marker_rects(picture_rect(6, 4, CELL, False), CELL)
    assert rects["north"].bottom() < 0 < rects["south"].top() - 4 * CELL
    assert rects["west"].right() < 0 < rects["east"].left() - 6 * CELL
    for side, rect in rects.items():  # both rounded ends of each dark pill, clear of its icon and arrow
        short = min(rect.width(), rect.height())
        inset = short / 2 * 0.12
        if rect.width() > rect.height():
            ends = [QPointF(rect.left() + inset, rect.center().y()), QPointF(rect.right() - inset, rect.center().y())]
        else:
            ends = [QPointF(rect.center().x(), rect.top() + inset), QPointF(rect.center().x(), rect.bottom() - inset)]
        for end in ends:
            colour = image.pixelColor(int(origin.x() + end.x()), int(origin.y() + end.y())).name()
            assert close(colour, style.MARKER_BACK, 12), (side, colour)


def test_a_bare_board_draws_with_tile_ids_as_labels(qapp):
    board = resolve_layout(LAYOUT).board
    picture = picture_of(board, {"north": "Sun", "east": "Stars", "south": "Meteor", "west": "Asteroids"})
    assert [(label.tile, label.text, label.area) for label in picture.labels] == [
        ("1", "1", (0, 0, 4, 4)), ("9", "9", (5, 0, 1, 1))]
    image, origin = render(picture)
    assert close(pixel(image, origin, 1.22, 0.5), style.CRASH_SITE)


def test_an_empty_template_shows_its_slots(qapp):
    picture = picture_of(blank_layout("5"))
    assert [(s.name, s.hint, s.area) for s in picture.empty_slots][:6] == [
        ("north-west core", "tiles 1-4", (0, 0, 4, 4)), ("north-east core", "tiles 1-4", (5, 0, 4, 4)),
        ("south-west core", "tiles 1-4", (0, 5, 4, 4)), ("south-east core", "tiles 1-4", (5, 5, 4, 4)),
        ("north arm", "tiles 5-8", (4, 0, 1, 4)), ("west arm", "tiles 5-8", (0, 4, 4, 1))]
    assert picture.empty_slots[-1] == type(picture.empty_slots[0])("centre", "tile 9", (4, 4, 1, 1))


def test_a_tile_face_turns_with_its_rotation(qapp):
    tile = LAYOUT.tileset.get("5")  # side A: ". . . >"; at 90 it stands with the Accelerator at the bottom
    image = QImage(CELL, 4 * CELL, QImage.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    paint_tile_face(painter, tile, "A", 90, CELL, label=False)
    painter.end()
    assert close(image.pixelColor(int(CELL * 0.25), int(CELL * 3.5)).name(), style.ACCELERATOR)
    assert close(image.pixelColor(int(CELL * 0.25), int(CELL * 0.5)).name(), style.PAPER["arm5"])
