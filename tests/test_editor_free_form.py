"""The free-form canvas in the real window: room on every side (left of and above the board too),
a palette tile held by the cell pressed so a first drop at the canvas's top-left corner lands
there, and the direction markers round the canvas: never on a cell a tile can be dropped on, and
still while the board grows inside it.

In the file a free-form board's top-left corner is always [0,0]: a tile dropped left of or above
it moves every tile's [x,y] (one undoable step), and the canvas and view follow, so nothing the
designer sees moves."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRectF

from crashgrab.editor.crash_and_grab.board_painter import tile_tab_rects
from crashgrab.engine.grid.model import Placement as P
from tests.editor_fixtures import send_drag_and_drop, settings, wait_validated, window  # noqa: F401  (fixtures)

TOP_LEFT = QPoint(3, 3)  # a swatch pixel in its tile's top-left cell: the tile is held by that cell


def free_form(window, qtbot):
    assert window.new_layout(None)
    wait_validated(qtbot, window)
    return window.scene


def on_screen(window, rect: QRectF) -> QRectF:
    return window.view.mapFromScene(rect).boundingRect().toRectF()


def tile_on_screen(window, tile_id):
    placement = window.document.layout.placement_of(tile_id)
    return on_screen(window, window.scene.area_rect((placement.x, placement.y, 4, 4)))


def same_place(a, b) -> bool:
    """Two screen rectangles (or dicts of them) at the same place, to the pixel a refit may round."""
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_place(a[k], b[k]) for k in a)
    return all(abs(p - q) <= 2 for p, q in zip(a.getCoords(), b.getCoords()))


def canvas_cells(scene):
    canvas = scene.canvas_rect()
    left, top = round(canvas.left() / scene.cell), round(canvas.top() / scene.cell)
    return [(x, y) for x in range(left, left + round(canvas.width() / scene.cell))
            for y in range(top, top + round(canvas.height() / scene.cell))]


def assert_pills_clear_of_the_canvas(scene):
    pills = scene.marker_pill_rects()
    assert sorted(pills) == ["east", "north", "south", "west"]
    for side, pill in pills.items():
        assert not pill.intersects(scene.canvas_rect()), side  # no droppable cell under a marker
        assert scene.marker_side_at(pill.center()) == side  # and double-clicking it still opens the markers


def test_a_first_drop_at_the_canvas_top_left_corner_is_accepted_there(window, qtbot):
    scene = free_form(window, qtbot)
    corner = canvas_cells(scene)[0]
    corner_on_screen = on_screen(window, scene.cell_rect(corner))
    mime = window.palette.swatch("3", "A").mime_data(TOP_LEFT)
    assert send_drag_and_drop(window, mime, corner)
    assert window.document.layout.placements == (P("3", "A", 0, 0, 0),)  # the board's corner in the file
    assert window.document.undo_stack.text(0) == "Place tile 3A at [0,0]"
    for tab in tile_tab_rects(scene.tile_tabs.picture, scene.cell):  # drawn whole, though no markers frame the board
        assert scene.tile_tabs.boundingRect().contains(tab)
    tile_corner = on_screen(window, scene.cell_rect((0, 0)))
    assert same_place(tile_corner, corner_on_screen)  # and on screen where it was dropped
    assert_pills_clear_of_the_canvas(scene)


@pytest.mark.parametrize("zoomed", [False, True])  # fitted, or zoomed in and scrolled: the view follows the tiles
def test_room_left_of_and_above_the_board_grows_it_and_nothing_moves_on_screen(window, qtbot, zoomed):
    scene = free_form(window, qtbot)
    assert send_drag_and_drop(window, window.palette.swatch("1", "A").mime_data(TOP_LEFT), (2, 2))
    if zoomed:
        window.view.zoom_in()
        window.view.zoom_in()
        window.view.centerOn(scene.cell_rect((0, 0)).center())
    assert (-1, 0) in canvas_cells(scene) and (0, -1) in canvas_cells(scene)  # room on every side
    tile_1, pills = tile_on_screen(window, "1"), {s: on_screen(window, r) for s, r in scene.marker_pill_rects().items()}
    assert send_drag_and_drop(window, window.palette.swatch("9", "A").mime_data(TOP_LEFT), (-1, 3))  # left of it
    assert send_drag_and_drop(window, window.palette.swatch("2", "B").mime_data(TOP_LEFT), (1, -4))  # above
    layout = window.document.layout
    assert layout.placements == (P("1", "A", 1, 4, 0), P("9", "A", 0, 7, 0), P("2", "B", 1, 0, 0))
    assert window.document.undo_stack.text(2) == "Place tile 2B at [1,0]"
    assert same_place(tile_on_screen(window, "1"), tile_1)  # the tiles already there stay where they were
    assert same_place({s: on_screen(window, r) for s, r in scene.marker_pill_rects().items()}, pills)  # the markers too
    assert_pills_clear_of_the_canvas(scene)
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    assert window.document.layout.placements == (P("1", "A", 0, 0, 0),)
    assert same_place(tile_on_screen(window, "1"), tile_1)
    wait_validated(qtbot, window)


def test_the_markers_stay_put_as_the_board_grows_inside_the_canvas_and_clear_of_it_when_it_grows(window, qtbot):
    scene = free_form(window, qtbot)
    assert_pills_clear_of_the_canvas(scene)  # an empty canvas has its markers round it too
    assert send_drag_and_drop(window, window.palette.swatch("1", "A").mime_data(TOP_LEFT), canvas_cells(scene)[0])
    pills = {s: on_screen(window, r) for s, r in scene.marker_pill_rects().items()}
    for tile, cell in (("2", (4, 0)), ("3", (0, 4)), ("9", (8, 8))):
        assert send_drag_and_drop(window, window.palette.swatch(tile, "A").mime_data(TOP_LEFT), cell)
        assert same_place({s: on_screen(window, r) for s, r in scene.marker_pill_rects().items()}, pills), tile
    right = round(scene.canvas_rect().right() / scene.cell)
    assert send_drag_and_drop(window, window.palette.swatch("4", "A").mime_data(TOP_LEFT), (right - 1, 0))
    placement = window.document.layout.placement_of("4")
    assert scene.canvas_rect().contains(scene.area_rect((placement.x, placement.y, 4, 4)))  # it grew to take it
    assert_pills_clear_of_the_canvas(scene)


def test_removing_the_corner_tile_keeps_the_others_in_place_and_selects_none(window, qtbot):
    scene = free_form(window, qtbot)
    assert send_drag_and_drop(window, window.palette.swatch("1", "A").mime_data(TOP_LEFT), canvas_cells(scene)[0])
    assert send_drag_and_drop(window, window.palette.swatch("2", "A").mime_data(TOP_LEFT), (4, 2))
    tile_2 = tile_on_screen(window, "2")
    scene.select_tile("1")
    assert window.remove_selected()
    assert window.document.layout.placements == (P("2", "A", 0, 0, 0),)  # the corner came along
    assert same_place(tile_on_screen(window, "2"), tile_2) and scene.selected_tile() is None
    window.document.undo_stack.undo()
    assert window.document.layout.placement_of("1") == P("1", "A", 0, 0, 0)
    assert same_place(tile_on_screen(window, "2"), tile_2)
