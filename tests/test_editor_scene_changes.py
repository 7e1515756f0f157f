"""An edit repaints only the part of the board it changed; what the view then shows must be exactly
what a scene rebuilt from the model shows.

Each edit goes through the window (its commands, one document method, one signal). After each
one the board view is grabbed as the edit left it, then the scene is rebuilt from the model (new
items, nothing cached) and grabbed again: the two images must be identical pixel for pixel, at
the fitted zoom and zoomed in. The rebuilt scene is where the next edit starts, so every edit is
checked from a picture already proven right.
"""
from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QTransform
from PySide6.QtWidgets import QApplication

from crashgrab.editor.crash_and_grab import style
from crashgrab.editor.crash_and_grab.board_painter import paint_board, picture_changes, picture_of, picture_rect
from crashgrab.editor.crash_and_grab.document import blank_layout
from crashgrab.editor.crash_and_grab.board.scene import BoardItem
from crashgrab.engine.formats.layout_io import load_layout
from crashgrab.engine.grid.model import Placement
from tests.conftest import LAYOUTS
from tests.editor_fixtures import settings, wait_validated, window  # noqa: F401 (fixtures)

CELL = style.CELL


def grab(window) -> QImage:
    QApplication.processEvents()
    return window.view.viewport().grab().toImage()


def board_item(window) -> BoardItem:
    [item] = [i for i in window.scene.items() if type(i) is BoardItem]
    return item


def differing_pixels(a: QImage, b: QImage) -> int:
    assert a.size() == b.size()
    return sum(a.pixel(x, y) != b.pixel(x, y) for y in range(a.height()) for x in range(a.width()))


def check_against_rebuilt(window, what: str) -> None:
    shown = grab(window)
    window.scene.rebuild()
    rebuilt = grab(window)
    assert shown == rebuilt, f"after {what}: {differing_pixels(shown, rebuilt)} pixels differ from a rebuilt scene"


def edit(window, what: str, action, incremental: bool = True) -> None:
    """Do one edit through the window, then compare the view with a rebuilt scene."""
    before, item, tabs = window.document.layout, board_item(window), window.scene.tile_tabs
    assert action() is not False, what
    assert window.document.layout != before, f"{what} changed nothing"
    if incremental:  # the same items repainted in part, not a rebuild that would pass trivially
        assert board_item(window) is item and window.scene.tile_tabs is tabs, what
    check_against_rebuilt(window, what)


def open_zoomed(window, qtbot, name: str, zoom: float | None, tile: str) -> None:
    assert window.open_path(LAYOUTS / name)
    wait_validated(qtbot, window)
    if zoom is not None:
        window.view.set_zoom(zoom)
    window.scene.select_tile(tile)
    placement = window.document.layout.placement_of(tile)
    window.view.centerOn(window.scene.cell_rect((placement.x, placement.y)).center())
    check_against_rebuilt(window, "opening")


@pytest.mark.parametrize("zoom", [None, 1.7], ids=["fitted", "zoomed-in"])
def test_flips_turns_swaps_and_the_history_repaint_as_a_rebuilt_scene_would(window, qtbot, zoom):
    open_zoomed(window, qtbot, "standard-6p.json", zoom, "2")
    stack = window.document.undo_stack
    edit(window, "a flip", window.flip_selected)
    edit(window, "a turn", lambda: window.rotate_selected(True))
    edit(window, "a turn back", lambda: window.rotate_selected(False))
    edit(window, "a swap with the slot to the west", lambda: window.scene.move_selected_by(-1, 0))
    edit(window, "an undo", stack.undo)
    edit(window, "another undo", stack.undo)
    edit(window, "a redo", stack.redo)
    edit(window, "a flip after the redo", window.flip_selected)


@pytest.mark.parametrize("zoom", [None, 1.7], ids=["fitted", "zoomed-in"])
def test_an_emptied_slot_and_a_tile_put_back_repaint_as_a_rebuilt_scene_would(window, qtbot, zoom):
    open_zoomed(window, qtbot, "standard-2-4p.json", zoom, "2")
    stack = window.document.undo_stack
    edit(window, "a removal (an empty slot shows)", window.remove_selected)
    edit(window, "the tile placed again from the palette", lambda: window._palette_activated("2", "B"))
    edit(window, "an undo of the placing", stack.undo)
    edit(window, "an undo of the removal", stack.undo)
    edit(window, "new direction markers (a full rebuild)", lambda: window.set_directions(
        dict(zip(("north", "east", "south", "west"), ("Stars", "Meteor", "Asteroids", "Sun")))), incremental=False)


def test_a_moved_free_form_tile_repaints_as_a_rebuilt_scene_would(window, qtbot):
    assert window.new_layout(None)
    wait_validated(qtbot, window)
    for tile in ("1", "9"):
        window._palette_activated(tile, "A")
        window.scene.select_tile(tile)
    wait_validated(qtbot, window)
    check_against_rebuilt(window, "placing two tiles")
    edit(window, "a move inside the board", lambda: window.scene.move_selected_by(0, 1))
    edit(window, "a flip", window.flip_selected)


def test_the_board_lands_in_its_place_in_a_grab_of_the_whole_window(window, qtbot):
    open_zoomed(window, qtbot, "standard-6p.json", None, "2")
    edit(window, "a flip", window.flip_selected)
    viewport = window.view.viewport()
    whole = window.grab().toImage()
    corner, ratio = viewport.mapTo(window, viewport.rect().topLeft()), whole.devicePixelRatio()
    shown = whole.copy(round(corner.x() * ratio), round(corner.y() * ratio), round(viewport.width() * ratio),
                       round(viewport.height() * ratio))
    assert shown.convertToFormat(QImage.Format_RGB32) == grab(window).convertToFormat(QImage.Format_RGB32)


# --- the painter's part: what lies near the exposed rectangle gives the same pixels there as everything ----------

FREE_FORM = blank_layout(None).with_placements([Placement("1", "A", 0, 0, 0), Placement("9", "B", 5, 0, 0)])


def painted(picture, scale: float, exposed: QRectF | None) -> QImage:
    rect = picture_rect(picture.board.width, picture.board.height, CELL)
    image = QImage(int(rect.width() * scale) + 2, int(rect.height() * scale) + 2, QImage.Format_ARGB32_Premultiplied)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    painter.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
    painter.translate(0.37, 0.61)  # a sub-pixel offset, as in a view
    painter.scale(scale, scale)
    painter.translate(-rect.topLeft())
    paint_board(painter, picture, CELL, tile_labels=True, exposed=exposed)
    painter.end()
    return image


@pytest.mark.parametrize("scale", [0.2, 0.79, 0.9277, 1.0, 2.5])
@pytest.mark.parametrize("source, exposed", [
    ("standard-6p.json", QRectF(-7, -7, 206, 206)),  # a 4x4 tile and its tab
    ("standard-6p.json", QRectF(130, 140, 30, 10)),  # inside one cell
    ("standard-6p.json", QRectF(-60, 200, 40, 40)),  # the west marker
    ("standard-6p.json", QRectF(97, 47, 46, 50)),  # edges a pixel inside cells: lines from the cells beside
    ("free-form", QRectF(186, -6, 60, 108)),  # holes next to tiles
], ids=["a tile", "inside a cell", "a marker", "just inside cells", "holes"])
def test_painting_near_the_exposed_rectangle_gives_the_same_pixels_there_as_painting_everything(qapp, scale, source,
                                                                                               exposed):
    picture = picture_of(FREE_FORM if source == "free-form" else load_layout(LAYOUTS / source))
    part, whole = painted(picture, scale, exposed), painted(picture, scale, None)
    rect = picture_rect(picture.board.width, picture.board.height, CELL)
    to_image = QTransform.fromTranslate(0.37, 0.61).scale(scale, scale).translate(-rect.left(), -rect.top())
    copied = to_image.mapRect(exposed).toAlignedRect().adjusted(-1, -1, 1, 1) & part.rect()  # as CachedPicture does
    assert part.copy(copied) == whole.copy(copied)


def test_the_changes_of_a_flip_are_the_flipped_tiles_cells_and_its_tab_and_a_new_size_is_no_change(qapp):
    layout = load_layout(LAYOUTS / "standard-6p.json")
    first = layout.placements[0]
    flipped = layout.with_placements([replace(first, side="B" if first.side == "A" else "A"), *layout.placements[1:]])
    before, after = picture_of(layout), picture_of(flipped)
    board_rects, tab_rects = picture_changes(before, after, CELL)
    [label] = [label for label in before.labels if label.tile == first.tile]
    x, y, w, h = label.area
    tile_rect = QRectF(x * CELL, y * CELL, w * CELL, h * CELL)
    changed = QRectF()
    for rect in board_rects:
        changed |= rect
    assert changed.contains(tile_rect) and tile_rect.adjusted(-6, -6, 6, 6).contains(changed)
    assert len(tab_rects) == 2  # the old tab ("1A") and the new one ("1B"), in the same place
    assert picture_changes(before, before, CELL) == ([], [])
    assert picture_changes(before, picture_of(load_layout(LAYOUTS / "standard-2-4p.json")), CELL) is None
