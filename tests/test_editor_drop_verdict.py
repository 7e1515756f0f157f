"""A drop's verdict is shown at the pointer, by shape as well as colour: a round tick badge and a
solid outline where the tile fits, a square cross badge and a dashed outline where it is refused,
with the reason in words beside the badge. Green and red alone turn the same olive under
deuteranopia (Machado 2009): the shapes must differ in the simulated image too."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QDragEnterEvent, QDragLeaveEvent, QDragMoveEvent, QImage, QPainter
from PySide6.QtWidgets import QApplication

from crashgrab.editor.crash_and_grab.board.drop_verdict import paint_badge
from crashgrab.editor.crash_and_grab.board.scene import TileOutline
from tests.colour_vision import VISIONS, simulate
from tests.editor_fixtures import cell_point, settings, wait_validated, window  # noqa: F401  (fixtures)


def drag_over(window, mime, cell):
    """Enter the board and move over `cell`, holding the tile (no drop)."""
    viewport, actions = window.view.viewport(), Qt.CopyAction | Qt.MoveAction
    point = cell_point(window, cell)
    QApplication.sendEvent(viewport, QDragEnterEvent(point, actions, mime, Qt.LeftButton, Qt.NoModifier))
    QApplication.sendEvent(viewport, QDragMoveEvent(point, actions, mime, Qt.LeftButton, Qt.NoModifier))
    return point


@pytest.mark.parametrize("cell, fits, words", [
    ((4, 4), False, "Tile 1 does not fit: the centre slot takes"),  # a core tile over the centre slot
    ((1, 1), True, "Drop to place tile 1A"),  # and over the north-west core slot
    ((8, 1), True, "Drop to place tile 1A"),  # by the view's right edge: the words go left
])
def test_the_verdict_sits_at_the_pointer_with_its_reason(window, qtbot, cell, fits, words):
    window.resize(1024, 640)  # a small window, where the board reaches the view's edge
    window.new_layout("5")
    wait_validated(qtbot, window)
    point = drag_over(window, window.palette.swatch("1", "A").mime_data(), cell)
    verdict = window.scene.drop_verdict()
    assert verdict is not None and verdict.fits is fits
    assert verdict.text.startswith(words), verdict.text
    assert verdict.text == window.statusBar().currentMessage()  # the same words as the status bar
    # Beside the pointer, on screen, at any zoom: the badge within 40 px of it.
    badge = window.view.mapFromScene(verdict.scenePos()) + verdict.badge_rect.center().toPoint()
    assert QLineF(QPointF(badge), QPointF(point)).length() < 40
    outlines = [i for i in window.scene._preview if isinstance(i, TileOutline)]
    assert outlines and all(o.dashed is (not fits) for o in outlines)
    # All of it inside the board's view, the words never cut off at its edge.
    shown = window.view.mapFromScene(verdict.scenePos())
    on_screen = verdict.boundingRect().translated(shown.x(), shown.y())
    assert window.view.viewport().rect().contains(on_screen.toAlignedRect()), on_screen
    QApplication.sendEvent(window.view.viewport(), QDragLeaveEvent())
    assert window.scene.drop_verdict() is None  # gone with the drag


def badge_image(fits: bool, vision: str) -> QImage:
    image = QImage(40, 40, QImage.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.Antialiasing)
    paint_badge(painter, QRectF(4, 4, 32, 32), fits)
    painter.end()
    for x in range(40):
        for y in range(40):
            image.setPixelColor(x, y, simulate(image.pixelColor(x, y), vision))
    return image


@pytest.mark.parametrize("vision", VISIONS)
def test_yes_and_no_differ_in_shape_where_their_colours_do_not(vision):
    yes, no = badge_image(True, vision), badge_image(False, vision)

    def mark(image, x, y):  # the white tick or cross inside the badge
        return image.pixelColor(x, y).lightness() > 200 and 8 <= x < 32 and 8 <= y < 32

    def badge(image, x, y):  # the coloured body, round or square
        return image.pixelColor(x, y).lightness() < 200

    marks = sum(mark(yes, x, y) != mark(no, x, y) for x in range(40) for y in range(40))
    bodies = sum(badge(yes, x, y) != badge(no, x, y) for x in range(40) for y in range(40))
    assert marks > 40 and bodies > 20, (marks, bodies)

