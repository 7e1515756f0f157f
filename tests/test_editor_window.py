"""The real main window, driven through its actions, keys, mouse gestures and drops."""
from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QDrag, QWheelEvent
from PySide6.QtWidgets import QAbstractItemView, QApplication, QFileDialog, QMessageBox, QStatusBar

from crashgrab.editor.crash_and_grab.window.dialogs import DirectionsDialog, RandomizeDialog
from crashgrab.editor.crash_and_grab.board.overlays import AcceleratorOverlay, ExposureOverlay, ReachabilityOverlay
from crashgrab.editor.crash_and_grab.placing import TILE_MIME, TileDrag
from crashgrab.engine.crash_and_grab.setup import random_layout
from crashgrab.engine.crash_and_grab.templates import TEMPLATES
from crashgrab.engine.crash_and_grab.validation import validate_layout
from crashgrab.engine.formats.layout_io import layout_to_json, load_layout
from crashgrab.engine.grid.model import Placement as P
from tests.conftest import LAYOUTS
from tests.editor_fixtures import settings, window  # noqa: F401  (fixtures, by name)
from tests.editor_fixtures import cell_point, close_window, file_mime, make_window, send_drag_and_drop, wait_validated


def placements(window):
    return window.document.layout.placements


def click_cell(qtbot, window, cell):
    qtbot.mouseClick(window.view.viewport(), Qt.LeftButton, pos=cell_point(window, cell))


def drag_on_board(qtbot, window, start, end):
    """Press on a cell, move past the drag distance, release on another cell."""
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.LeftButton, pos=cell_point(window, start))
    qtbot.mouseMove(viewport, pos=cell_point(window, start) + QPoint(12, 12))
    qtbot.mouseMove(viewport, pos=cell_point(window, end))
    qtbot.mouseRelease(viewport, Qt.LeftButton, pos=cell_point(window, end))


def press_key(qtbot, window, key, modifier=Qt.NoModifier):
    window.activateWindow()
    window.view.setFocus()
    qtbot.keyClick(window.view, key, modifier)


def new_board(window, qtbot, template):
    assert window.new_layout(template)
    wait_validated(qtbot, window)


def test_place_a_tile_by_dragging_it_from_the_palette(window, qtbot):
    new_board(window, qtbot, "2-4")
    mime = window.palette.swatch("3", "B").mime_data()
    assert send_drag_and_drop(window, mime, (5, 6), via=(1, 1))
    assert placements(window) == (P("3", "B", 4, 4, 0),)
    assert window.scene.selected_tile() == "3"
    assert window.palette.cards["3"].placed_as == "B"  # the palette marks the tile as used
    assert window.document.undo_stack.text(0) == "Place tile 3B in the south-east core slot"


def test_a_slot_refuses_a_tile_and_the_status_bar_says_why(window, qtbot):
    new_board(window, qtbot, "2-4")
    send_drag_and_drop(window, window.palette.swatch("5", "A").mime_data(), (1, 1))
    assert placements(window) == ()
    assert window.statusBar().currentMessage() == (
        "Tile 5 does not fit: the north-west core slot takes a core tile (1-4), not tile 5 (a 4x1 arm tile (5-8)).")


@pytest.mark.parametrize("pressed, grab", [
    ((5, 5), (0, 0)),  # the 4x2 tile's top-left cell: held there, so it lands with that cell under the pointer
    ((40, 5), (2, 0)),
    ((58, 28), (3, 1)),  # its bottom-right cell
])
def test_the_palette_starts_a_drag_holding_the_tile_where_it_was_pressed(window, qtbot, monkeypatch, pressed, grab):
    started = []

    def fake_exec(drag, *args):
        started.append((TileDrag.from_bytes(drag.mimeData().data(TILE_MIME).data()), drag.hotSpot()))
        return Qt.CopyAction

    monkeypatch.setattr(QDrag, "exec", fake_exec)
    assert window.new_layout("6")  # a board with a slot for tile 10
    swatch = window.palette.swatch("10", "B")
    press = QPoint(*pressed)
    qtbot.mousePress(swatch, Qt.LeftButton, pos=press)
    qtbot.mouseMove(swatch, pos=press + QPoint(0, QApplication.startDragDistance() + 2))
    qtbot.mouseRelease(swatch, Qt.LeftButton, pos=press)
    [(drag, hot_spot)] = started
    assert drag == TileDrag("10", "B", 0, grab)
    cell = 24  # the drag picture's pixels per cell: its hot spot lies in the grabbed cell
    assert (hot_spot.x() // cell, hot_spot.y() // cell) == grab


def test_a_tile_with_no_slot_on_the_board_is_dimmed_and_cannot_be_dragged(window, qtbot, monkeypatch):
    monkeypatch.setattr(QDrag, "exec", lambda *a: pytest.fail("a tile with no slot here was dragged"))
    assert window.new_layout("2-4")  # slots for tiles 1-4 only
    card, swatch = window.palette.cards["10"], window.palette.swatch("10", "A")
    assert "no slot here" in card.status.text() and not swatch.usable
    assert swatch.cursor().shape() == Qt.ForbiddenCursor and "no slot" in swatch.toolTip()
    qtbot.mousePress(swatch, Qt.LeftButton, pos=QPoint(5, 5))
    qtbot.mouseMove(swatch, pos=QPoint(5, 5 + QApplication.startDragDistance() + 4))
    qtbot.mouseRelease(swatch, Qt.LeftButton, pos=QPoint(5, 5))
    def shown_and_drawn(of):  # a pixel of the swatch on screen, and of its own picture
        point = QPoint(9, 25)  # tile 10, side A: its Accelerator's diamond at cell (0,1)
        return of.grab().toImage().pixelColor(point), of._picture.toImage().pixelColor(point)

    shown, drawn = shown_and_drawn(swatch)
    assert shown.saturation() < drawn.saturation() * 0.5  # dimmed: the orange faded to a third
    shown, drawn = shown_and_drawn(window.palette.swatch("1", "A"))
    assert shown == drawn  # a usable tile as drawn
    assert window.palette.swatch("1", "A").usable and window.palette.swatch("1", "A").cursor().shape() == Qt.OpenHandCursor


def test_rotate_and_flip_the_selected_tile_with_keys(window, qtbot):
    assert window.open_path(LAYOUTS / "standard-2-4p.json")
    start = window.document.layout.placement_of("2")
    click_cell(qtbot, window, (5, 1))  # a cell of tile 2 (north-east core)
    assert window.scene.selected_tile() == "2"
    press_key(qtbot, window, Qt.Key_R)
    assert window.document.layout.placement_of("2").rotation == (start.rotation + 90) % 360
    press_key(qtbot, window, Qt.Key_R, Qt.ShiftModifier)
    assert window.document.layout.placement_of("2") == start
    assert window.document.undo_stack.count() == 0  # a turn there and back leaves no history
    press_key(qtbot, window, Qt.Key_F)
    assert window.document.layout.placement_of("2") == start.flipped()
    press_key(qtbot, window, Qt.Key_Delete)
    assert window.document.layout.placement_of("2") is None
    assert window.scene.selected_tile() is None


def test_a_flat_arm_turns_half_way_and_says_so(window, qtbot):
    new_board(window, qtbot, "5")
    send_drag_and_drop(window, window.palette.swatch("6", "A").mime_data(), (1, 4))
    assert placements(window) == (P("6", "A", 0, 4, 0),)
    assert window.rotate_selected()
    assert placements(window) == (P("6", "A", 0, 4, 180),)
    assert "takes rotation 0 or 180 only" in window.statusBar().currentMessage()


def test_swap_two_tiles_by_dragging_one_onto_the_other(window, qtbot):
    assert window.open_path(LAYOUTS / "standard-2-4p.json")
    one, four = window.document.layout.placement_of("1"), window.document.layout.placement_of("4")
    drag_on_board(qtbot, window, (1, 1), (6, 6))
    layout = window.document.layout
    assert layout.placement_of("1") == P("1", one.side, 4, 4, one.rotation)
    assert layout.placement_of("4") == P("4", four.side, 0, 0, four.rotation)
    assert window.document.undo_stack.text(0) == "Swap tiles 1 and 4"


def test_undo_and_redo_everything_back_to_the_identical_layout(window, qtbot, monkeypatch):
    new_board(window, qtbot, "5")
    start = window.document.layout
    steps = [
        lambda: send_drag_and_drop(window, window.palette.swatch("1", "B").mime_data(), (2, 2)),
        lambda: send_drag_and_drop(window, window.palette.swatch("7", "A").mime_data(), (4, 1)),
        lambda: window.rotate_selected(False),
        lambda: send_drag_and_drop(window, window.palette.swatch("9", "A").mime_data(), (4, 4)),
        lambda: window.flip_selected(),
        lambda: drag_on_board(qtbot, window, (1, 1), (7, 7)),
        lambda: window.set_directions({"north": "Meteor", "east": "Stars", "south": "Sun", "west": "Asteroids"}),
        lambda: window.scene.select_tile("9") or window.remove_selected(),
    ]
    layouts = [start]
    for step in steps:
        step()
        assert window.document.layout != layouts[-1]
        layouts.append(window.document.layout)
    assert window.document.layout.placements == (P("1", "B", 5, 5, 0), P("7", "A", 4, 0, 270))
    undo, redo = window.actions["undo"], window.actions["redo"]
    for expected in reversed(layouts[:-1]):
        undo.trigger()
        assert window.document.layout == expected
    assert not undo.isEnabled() and not window.document.is_modified()
    for expected in layouts[1:]:
        redo.trigger()
        assert window.document.layout == expected
    assert window.history.model().rowCount() == len(steps) + 1  # "Opened" plus one row per step


def test_undo_and_redo_shortcuts(window, qtbot):
    assert window.open_path(LAYOUTS / "standard-2-4p.json")
    start = window.document.layout
    window.scene.select_tile("3")
    press_key(qtbot, window, Qt.Key_F)
    flipped = window.document.layout
    press_key(qtbot, window, Qt.Key_Z, Qt.ControlModifier)
    assert window.document.layout == start
    press_key(qtbot, window, Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier)
    assert window.document.layout == flipped


def test_save_and_reopen_gives_an_equal_layout(window, qtbot, tmp_path, monkeypatch):
    assert window.open_path(LAYOUTS / "standard-6p.json")
    window.scene.select_tile("14")
    window.flip_selected()
    window.scene.select_tile("1")
    window.rotate_selected()
    target = tmp_path / "my board.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(tmp_path / "my board"), "")))
    assert window.actions["save_as"].trigger() is None and window.document.path == target
    assert not window.document.is_modified() and not window.isWindowModified()
    assert load_layout(target) == window.document.layout
    other = make_window(qtbot, window.settings)
    try:
        assert other.open_path(target)
        assert other.document.layout == window.document.layout
        assert other.recent_files()[0] == str(target.resolve())
    finally:
        close_window(other)


def test_an_accelerator_loop_appears_is_highlighted_and_disappears(window, qtbot):
    # Free-form: tile 5A (". . . >") at (1,0) puts an Accelerator at (4,0); tile 9 at (0,0) shows
    # an Accelerator on side A. Side A: the two Accelerators four apart bounce a saucer moving 4
    # to and fro without end. Side B (plain): no loop.
    new_board(window, qtbot, None)
    send_drag_and_drop(window, window.palette.swatch("5", "A").mime_data(), (3, 0))  # grabbed at its 3rd cell
    send_drag_and_drop(window, window.palette.swatch("9", "B").mime_data(), (-1, 0))  # left of it: the board grows
    assert placements(window) == (P("5", "A", 1, 0, 0), P("9", "B", 0, 0, 0))
    wait_validated(qtbot, window)
    assert not [f for f in window.findings.findings() if f.code == "accelerator-loop"]
    window.flip_selected()  # tile 9 is selected after placing it
    wait_validated(qtbot, window)
    loops = [f for f in window.findings.findings() if f.code == "accelerator-loop"]
    assert [(f.cells, f.details["distance"]) for f in loops] == [(((0, 0), (4, 0)), 4)]
    assert window.findings.select_finding(loops[0])
    assert window.scene.highlighted_cells() == ((0, 0), (4, 0))
    assert "accelerator-loop" in window.scene.cell_tooltip((4, 0))
    window.flip_selected()
    wait_validated(qtbot, window)
    assert not [f for f in window.findings.findings() if f.code == "accelerator-loop"]
    assert window.scene.highlighted_cells() == ()


def test_the_status_bar_sums_up_the_findings(window, qtbot):
    assert window.open_path(LAYOUTS / "standard-6p.json")
    wait_validated(qtbot, window)
    expected = validate_layout(window.document.layout).summary()
    assert expected in window.summary_label.text() and expected in window.findings.summary.text()


def test_the_unsaved_changes_prompt(window, qtbot, monkeypatch, tmp_path):
    answers, asked = [], []

    def answer(*args):
        asked.append(args[2])
        return answers.pop(0)

    monkeypatch.setattr(QMessageBox, "warning", staticmethod(answer))
    copy = tmp_path / "board.json"
    copy.write_text((LAYOUTS / "standard-2-4p.json").read_text(encoding="utf-8"), encoding="utf-8")
    assert window.open_path(copy)
    window.scene.select_tile("1")
    window.flip_selected()
    edited = window.document.layout
    answers.append(QMessageBox.Cancel)
    assert not window.new_layout("6")
    assert window.document.layout is edited and "board.json" in asked[-1]
    answers.append(QMessageBox.Cancel)
    assert not window.close() and window.isVisible()
    answers.append(QMessageBox.Cancel)
    assert not window.open_path(LAYOUTS / "standard-5p.json") and window.document.layout is edited
    answers.append(QMessageBox.Discard)
    assert window.new_layout("6") and window.document.layout.template == "6"
    assert load_layout(copy).placement_of("1").side == "A"  # discarded, not saved
    send_drag_and_drop(window, window.palette.swatch("1", "A").mime_data(), (1, 1))
    assert window.document.is_modified()
    # Save, then cancel the file name: nothing is saved and the new board is not started.
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: ("", "")))
    answers.append(QMessageBox.Save)
    assert not window.new_layout("5") and window.document.layout.template == "6"
    assert len(asked) == 5 and not answers
    # still the unsaved, untitled board with the dropped tile
    assert window.document.is_modified() and window.isWindowModified() and window.document.path is None
    assert [p.tile for p in placements(window)] == ["1"]


def test_save_from_the_prompt_writes_the_file(window, qtbot, monkeypatch, tmp_path):
    target = tmp_path / "board.json"
    (target).write_text((LAYOUTS / "standard-2-4p.json").read_text())
    assert window.open_path(target)
    window.scene.select_tile("1")
    window.flip_selected()
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda *a: QMessageBox.Save))
    assert window.new_layout(None)
    assert load_layout(target).placement_of("1").side == "B"


@pytest.mark.parametrize("content, expected", [
    ('{"format": "crash-grab-layout", "version": 1,', "malformed JSON at line 1"),
    (json.dumps({**json.loads((LAYOUTS / "standard-2-4p.json").read_text()),
                 "placements": [{"tile": "1", "side": "A", "x": 0, "y": 0, "rotation": 45}]}),
     "placement 1, rotation: 45 is not allowed"),  # the JSON path in words ($.placements[0].rotation in the log)
])
def test_a_broken_file_shows_one_dialog_and_keeps_the_layout(window, qtbot, monkeypatch, tmp_path, content, expected):
    assert window.open_path(LAYOUTS / "standard-6p.json")
    before, path = window.document.layout, window.document.path
    broken = tmp_path / "broken.json"
    broken.write_text(content, encoding="utf-8")
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", staticmethod(lambda *a: shown.append(a[1:3])))
    assert not window.open_path(broken)
    assert len(shown) == 1 and str(broken) in shown[0][1] and expected in shown[0][1]
    assert window.document.layout is before and window.document.path == path


def test_recent_files_keep_a_file_with_a_fault_and_forget_a_missing_one(window, qtbot, monkeypatch, tmp_path):
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", staticmethod(lambda *a: shown.append(a[2])))
    good = tmp_path / "board.json"
    text = (LAYOUTS / "standard-2-4p.json").read_text(encoding="utf-8")
    good.write_text(text, encoding="utf-8")
    other = tmp_path / "other.json"
    other.write_text(text, encoding="utf-8")
    assert window.open_path(other) and window.open_path(good)
    assert window.recent_files() == [str(good.resolve()), str(other.resolve())]
    wrong = json.loads(text)
    wrong["placements"][0]["rotation"] = 45
    good.write_text(json.dumps(wrong), encoding="utf-8")
    assert not window.open_path(good)
    assert "placement 1, rotation" in shown[-1] and "$.placements[0].rotation" in window.message_log.messages()[-1]
    assert window.recent_files() == [str(good.resolve()), str(other.resolve())]  # kept, to be fixed
    good.unlink()
    assert not window.open_path(good)
    assert "no such file" in shown[-1] and len(shown) == 2
    assert window.recent_files() == [str(other.resolve())]


def test_title_shows_the_file_and_an_unsaved_mark(window, qtbot):
    assert window.open_path(LAYOUTS / "standard-5p.json")
    assert window.windowTitle().startswith("standard-5p.json[*]") and not window.isWindowModified()
    window.scene.select_tile("9")
    window.flip_selected()
    assert window.isWindowModified()
    window.actions["undo"].trigger()
    assert not window.isWindowModified()
    new_board(window, qtbot, None)
    assert window.windowTitle().startswith("Untitled layout[*] (free-form)")


def test_dropping_a_file_on_the_window_opens_it(window, qtbot):
    viewport = window.view.viewport()
    mime = file_mime(LAYOUTS / "standard-5p.json")
    from PySide6.QtGui import QDragEnterEvent, QDropEvent
    enter = QDragEnterEvent(QPoint(40, 40), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(viewport, enter)
    assert enter.isAccepted()
    QApplication.sendEvent(viewport, QDropEvent(QPointF(40, 40), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier))
    assert window.document.path == LAYOUTS / "standard-5p.json"
    assert window.document.layout == load_layout(LAYOUTS / "standard-5p.json")


def test_randomize_with_a_seed_reproduces_the_board(window, qtbot, monkeypatch):
    def accept(dialog):
        dialog.template.setCurrentIndex(dialog.template.findData("6"))
        dialog.seed.setValue(1234)
        return RandomizeDialog.Accepted

    monkeypatch.setattr(RandomizeDialog, "exec", accept)
    assert window.randomize_dialog()
    expected = random_layout(window.document.layout.tileset, TEMPLATES["6"], 1234)
    layout = window.document.layout
    assert (layout.template, layout.placements, dict(layout.directions)) == \
        ("6", expected.placements, dict(expected.directions))
    assert "seed 1234" in window.document.undo_stack.text(0)
    assert int(window.settings.value("randomize/seed")) == 1234
    window.actions["undo"].trigger()
    assert window.document.layout.template == "2-4" and window.document.layout.placements == ()


def test_direction_markers_are_an_undoable_edit(window, qtbot, monkeypatch):
    def choose(dialog):
        dialog.combos["north"].setCurrentText("Stars")  # Stars was west: the two swap
        return DirectionsDialog.Accepted

    monkeypatch.setattr(DirectionsDialog, "exec", choose)
    before = dict(window.document.layout.directions)
    assert before == {"north": "Sun", "east": "Asteroids", "south": "Meteor", "west": "Stars"}
    assert window.actions["directions"].trigger() is None
    assert dict(window.document.layout.directions) == {"north": "Stars", "east": "Asteroids", "south": "Meteor",
                                                        "west": "Sun"}
    window.actions["undo"].trigger()
    assert dict(window.document.layout.directions) == before


def test_overlays_follow_the_view_menu_and_persist(window, qtbot, settings):
    # A free-form row of four plain cells (tile 6, side A): from (0,0) one move reaches
    # (1,0) with 1, (2,0) with 2 and (3,0) with 3; every other move leaves the board.
    new_board(window, qtbot, None)
    send_drag_and_drop(window, window.palette.swatch("6", "A").mime_data(), (2, 0))  # held by its 3rd cell
    assert placements(window) == (P("6", "A", 0, 0, 0),)
    wait_validated(qtbot, window)
    window.actions["overlay_reach"].trigger()
    click_cell(qtbot, window, (0, 0))
    [reach] = [i for i in window.scene.overlay_items() if isinstance(i, ReachabilityOverlay)]
    assert reach.origin == (0, 0) and reach.reached == {(1, 0): 1, (2, 0): 2, (3, 0): 3}
    window.actions["overlay_exposure"].trigger()
    [exposure] = [i for i in window.scene.overlay_items() if isinstance(i, ExposureOverlay)]
    # From (0,0): north, south and west always crash (15 moves); east crashes with 4 and 5.
    assert exposure.off_moves[(0, 0)] == 17
    assert exposure.off_moves[(1, 0)] == 10 + 4 + 3  # north and south always; west 2-5; east 3-5
    window.actions["overlay_accelerators"].trigger()
    window.actions["distance_4"].trigger()
    [graph] = [i for i in window.scene.overlay_items() if isinstance(i, AcceleratorOverlay)]
    assert graph.distance == 4 and graph.links == [] and graph.loop_groups == []
    window.actions["overlay_exposure"].trigger()
    assert not [i for i in window.scene.overlay_items() if isinstance(i, ExposureOverlay)]
    settings.sync()
    again = make_window(qtbot, settings)
    try:
        assert again.actions["overlay_accelerators"].isChecked() and again.actions["distance_4"].isChecked()
        assert again.actions["overlay_reach"].isChecked() and not again.actions["overlay_exposure"].isChecked()
    finally:
        close_window(again)


def test_the_accelerator_graph_draws_loops_in_the_error_colour(window, qtbot):
    new_board(window, qtbot, None)
    send_drag_and_drop(window, window.palette.swatch("5", "A").mime_data(), (3, 0))
    send_drag_and_drop(window, window.palette.swatch("9", "A").mime_data(), (-1, 0))
    wait_validated(qtbot, window)
    window.actions["distance_4"].trigger()
    window.actions["overlay_accelerators"].trigger()
    [graph] = [i for i in window.scene.overlay_items() if isinstance(i, AcceleratorOverlay)]
    assert sorted(graph.links) == [((0, 0), (4, 0)), ((4, 0), (0, 0))]
    assert graph.loop_groups == [frozenset({(0, 0), (4, 0)})] and graph.in_loop((0, 0), (4, 0))
    window.actions["distance_3"].trigger()  # 4 apart: a move of 3 cannot link them
    [graph] = [i for i in window.scene.overlay_items() if isinstance(i, AcceleratorOverlay)]
    assert graph.links == [] and graph.loop_groups == []


def test_hovering_a_cell_tells_its_feature_and_findings(window, qtbot):
    assert window.open_path(LAYOUTS / "standard-2-4p.json")
    wait_validated(qtbot, window)
    layout = window.document.layout
    one = layout.placement_of("1")
    assert (one.side, one.rotation, one.x, one.y) == ("A", 0, 0, 0)  # Crash Site 1 at (1,0), on the edge
    text = window.scene.cell_tooltip((1, 0))
    assert "Crash Site 1" in text and "tile 1A" in text and "crash-site-edge" in text
    assert "off the board" in window.scene.cell_tooltip((9, 9))
    qtbot.mouseMove(window.view.viewport(), pos=cell_point(window, (1, 0)))
    assert window.cell_label.text().startswith("[1,0] Crash Site 1")


def test_ctrl_wheel_zooms_and_ctrl_0_fits(window, qtbot):
    window.view.fit()
    fitted = window.view.zoom()
    viewport = window.view.viewport()
    centre = QPointF(viewport.width() / 2, viewport.height() / 2)
    wheel = QWheelEvent(centre, window.view.mapToGlobal(centre.toPoint()).toPointF(), QPoint(), QPoint(0, 240),
                        Qt.NoButton, Qt.ControlModifier, Qt.NoScrollPhase, False)
    QApplication.sendEvent(viewport, wheel)
    assert window.view.zoom() == pytest.approx(fitted * 1.44)
    press_key(qtbot, window, Qt.Key_0, Qt.ControlModifier)
    assert window.view.zoom() == pytest.approx(fitted)


def test_double_clicking_a_palette_tile_fills_the_first_free_slot(window, qtbot):
    new_board(window, qtbot, "6")
    qtbot.mouseDClick(window.palette.swatch("12", "B"), Qt.LeftButton, pos=QPoint(4, 4))
    assert placements(window) == (P("12", "B", 4, 0, 90),)  # the north arm stands


def test_escape_cancels_a_move_in_progress(window, qtbot):
    assert window.open_path(LAYOUTS / "standard-2-4p.json")
    before = window.document.layout
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.LeftButton, pos=cell_point(window, (1, 1)))
    qtbot.mouseMove(viewport, pos=cell_point(window, (1, 1)) + QPoint(12, 12))
    qtbot.mouseMove(viewport, pos=cell_point(window, (6, 6)))
    assert window.scene.previewing()  # the drop target is shown
    press_key(qtbot, window, Qt.Key_Escape)
    assert not window.scene.previewing() and window.statusBar().currentMessage() == "Move cancelled."
    qtbot.mouseRelease(viewport, Qt.LeftButton, pos=cell_point(window, (6, 6)))
    assert window.document.layout is before and window.document.undo_stack.count() == 0
    assert window.scene.selected_tile() == "1"
    press_key(qtbot, window, Qt.Key_Escape)
    assert window.scene.selected_tile() is None


@pytest.mark.parametrize("name", ["standard-2-4p.json", "standard-5p.json", "standard-6p.json"])
def test_build_each_standard_board_from_an_empty_template_with_mouse_and_keys(window, qtbot, monkeypatch,
                                                                               tmp_path, name):
    shipped = load_layout(LAYOUTS / name)
    new_board(window, qtbot, shipped.template)
    for placement in shipped.placements:
        tile = shipped.tileset.get(placement.tile)
        w, h = tile.size(placement.rotation)
        target = (placement.x + w - 1, placement.y + h - 1)  # the slot's far corner: snapping does the rest
        assert send_drag_and_drop(window, window.palette.swatch(placement.tile, "B").mime_data(), target)
        press_key(qtbot, window, Qt.Key_F)  # to side A, as the shipped board has it
        press_key(qtbot, window, Qt.Key_R)
        press_key(qtbot, window, Qt.Key_R, Qt.ShiftModifier)
    assert sorted(placements(window), key=lambda p: p.tile) == sorted(shipped.placements, key=lambda p: p.tile)
    target = tmp_path / name
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(target), "")))
    press_key(qtbot, window, Qt.Key_S, Qt.ControlModifier)
    assert window.document.path == target and not window.document.is_modified()
    wait_validated(qtbot, window)
    assert window.findings.findings() == validate_layout(load_layout(target)).findings \
        == validate_layout(shipped).findings


def test_selecting_a_finding_scrolls_its_cells_into_view(window, qtbot):
    assert window.open_path(LAYOUTS / "standard-6p.json")
    wait_validated(qtbot, window)
    window.view.set_zoom(5.0)
    window.view.centerOn(window.scene.cell_rect((0, 0)).center())
    corner = next(f for f in window.findings.findings() if f.cells == ((9, 9),))  # the Accelerator in the corner
    visible = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    assert not visible.contains(window.scene.cell_rect((9, 9)))
    assert window.findings.select_finding(corner)
    visible = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    assert visible.contains(window.scene.cell_rect((9, 9))) and window.scene.highlighted_cells() == ((9, 9),)


def test_only_consecutive_turns_of_one_tile_merge_and_the_history_names_the_real_angle(window, qtbot):
    """R, Delete, Ctrl+Z, R is two quarter turns in two steps, never one step called a quarter turn."""
    assert window.open_path(LAYOUTS / "standard-2-4p.json")
    start = window.document.layout.placement_of("2")
    stack = window.document.undo_stack
    click_cell(qtbot, window, (5, 1))
    press_key(qtbot, window, Qt.Key_R)
    press_key(qtbot, window, Qt.Key_Delete)
    press_key(qtbot, window, Qt.Key_Z, Qt.ControlModifier)
    click_cell(qtbot, window, (5, 1))
    press_key(qtbot, window, Qt.Key_R)
    assert [stack.text(i) for i in range(stack.count())] == ["Rotate tile 2 90\u00b0 clockwise"] * 2
    press_key(qtbot, window, Qt.Key_Z, Qt.ControlModifier)
    assert window.document.layout.placement_of("2").rotation == (start.rotation + 90) % 360
    press_key(qtbot, window, Qt.Key_R)  # straight after an undo: a new step, not merged with the first
    assert stack.count() == 2
    press_key(qtbot, window, Qt.Key_R)  # directly after its own turn: merged, and named by the real angle
    assert stack.count() == 2 and stack.text(1) == "Rotate tile 2 180\u00b0"
    press_key(qtbot, window, Qt.Key_R, Qt.ShiftModifier)
    assert stack.text(1) == "Rotate tile 2 90\u00b0 clockwise"


def test_delete_in_the_findings_list_never_deletes_the_selected_tile(window, qtbot):
    assert window.open_path(LAYOUTS / "standard-2-4p.json")
    wait_validated(qtbot, window)
    click_cell(qtbot, window, (5, 1))
    assert window.scene.selected_tile() == "2"
    table = window.findings_dock.findChild(QAbstractItemView)
    table.setFocus()
    for key in (Qt.Key_Delete, Qt.Key_Backspace, Qt.Key_R, Qt.Key_F):
        qtbot.keyClick(table, key)
    assert window.document.layout.placement_of("2") is not None and window.document.undo_stack.count() == 0
    press_key(qtbot, window, Qt.Key_Delete)  # on the board it still removes the tile
    assert window.document.layout.placement_of("2") is None


def test_a_long_status_message_is_elided_at_a_word_and_kept_in_the_message_log(window, qtbot):
    window.resize(1024, 640)
    window.show()
    qtbot.waitExposed(window)
    bar = window.statusBar()
    text = ("The east arm slot takes rotation 0 or 180 only, so tile 7 turned 180\u00b0 to 180; "
            "drag it elsewhere or flip it to its other side to try the other orientation of the arm tile.")
    bar.showMessage(text)
    shown = QStatusBar.currentMessage(bar)
    assert shown.endswith("\u2026") and text.startswith(shown[:-1]) and text[len(shown) - 1] in " ,;"
    assert bar.fontMetrics().horizontalAdvance(shown) <= window.cell_label.geometry().left()
    assert bar.currentMessage() == text and bar.toolTip() == text
    assert window.message_log.messages()[-1] == text
    assert window.messages_dock.toggleViewAction().isChecked()  # a tab beside History
    window.messages_dock.raise_()
    assert window.messages_dock.isVisible() and window.message_log.item(window.message_log.count() - 1).text().endswith(text)


def test_the_hovered_cell_label_is_cleared_by_a_new_board(window, qtbot):
    assert window.open_path(LAYOUTS / "standard-2-4p.json")
    window._cell_hovered((3, 3))
    assert window.cell_label.text().startswith("[3,3]")
    new_board(window, qtbot, "6")
    assert window.cell_label.text() == ""


def test_tile_tabs_lie_above_the_selection_and_the_finding_highlight(window, qtbot):
    assert window.open_path(LAYOUTS / "standard-6p.json")
    wait_validated(qtbot, window)
    rect = window.scene.highlight_cells([(3, 0), (4, 0)], "warning")  # under the "10A" tab
    click_cell(qtbot, window, (4, 0))
    tabs = window.scene.tile_tabs
    covering = [item for item in window.scene.items(rect) if item is not tabs and item.zValue() >= tabs.zValue()]
    assert covering == [], "nothing over the tabs but the playtest pieces"
    assert window.scene.selected_tile() == "10"  # the tabs take no clicks


def test_a_selected_finding_dims_the_board_and_outlines_its_cells_in_a_colour_no_feature_has(window, qtbot):
    from crashgrab.editor.crash_and_grab import style

    def distance(a, b):
        return sum((x - y) ** 2 for x, y in zip(a.getRgb()[:3], b.getRgb()[:3])) ** 0.5
    features = [style.ACCELERATOR, style.ACCELERATOR_RING, style.CRASH_SITE, style.CRASH_SITE_RING]
    assert min(distance(style.FOCUS, colour) for colour in features) > 150
    others = [style.SELECTION, *style.SEVERITY_COLOURS.values(), *style.PAPER.values()]
    assert min(distance(style.FOCUS, colour) for colour in others) > 90
    assert window.open_path(LAYOUTS / "standard-6p.json")
    wait_validated(qtbot, window)
    window.scene.highlight_cells([(3, 0), (4, 0)], "warning")
    image = window.view.grab().toImage()
    def pixel(cell, dx=0.5, dy=0.5):
        rect = window.scene.cell_rect(cell)
        point = window.view.mapFromScene(rect.left() + rect.width() * dx, rect.top() + rect.height() * dy)
        return image.pixelColor(point)
    outline = pixel((3, 0), dx=0.5, dy=0.06)
    assert distance(outline, style.FOCUS) < 60
    dimmed, clear = pixel((7, 7), dx=0.1, dy=0.1), pixel((3, 0), dx=0.2, dy=0.8)  # plain paper both
    assert dimmed.lightness() < clear.lightness() - 40


def test_the_legend_is_a_strip_that_never_covers_a_cell_and_empty_slots_are_not_holes(window, qtbot):
    from crashgrab.editor.crash_and_grab import style

    window.resize(1024, 640)
    new_board(window, qtbot, "2-4")
    window.view.zoom_in()
    window.view.zoom_in()
    legend = window.legend_dock.geometry()
    assert window.legend_dock.isVisible() and not legend.intersects(window.view.geometry())
    window.actions["legend"].trigger()
    assert not window.legend_dock.isVisible()
    window.actions["legend"].trigger()
    assert window.legend_dock.isVisible()
    texts = [text for text, _, _ in window.legend.entry_rects()]
    assert "Hole (off the board)" in texts and "Empty slot" in texts
    window.scene.clear_highlight()
    image = window.view.grab().toImage()
    rect = window.scene.cell_rect((1, 1))
    point = window.view.mapFromScene(rect.center())
    assert image.pixelColor(point) == style.SLOT_FILL  # plain, not the hole's hatch


def test_f8_walks_the_findings_and_a_code_can_be_ignored_or_changed_for_this_layout(window, qtbot):
    assert window.open_path(LAYOUTS / "standard-6p.json")
    wait_validated(qtbot, window)
    findings = window.findings.findings()
    press_key(qtbot, window, Qt.Key_F8)
    first = window.findings.selected_finding()
    press_key(qtbot, window, Qt.Key_F8)
    second = window.findings.selected_finding()
    assert first is not None and second is not None and first != second
    assert window.scene.highlighted_cells() == second.cells
    press_key(qtbot, window, Qt.Key_F8, Qt.ShiftModifier)
    assert window.findings.selected_finding() == first
    press_key(qtbot, window, Qt.Key_F8, Qt.ShiftModifier)  # wraps round to the last
    assert window.findings.selected_finding() == findings[-1]

    menu = window.findings.severity_menu(next(f for f in findings if f.code == "accelerator-loop"))
    texts = [action.text() for action in menu.actions()]
    assert texts == ["Ignore accelerator-loop on This Layout", "Report accelerator-loop as error",
                     "Report accelerator-loop as note"]
    menu.actions()[0].trigger()
    menu.deleteLater()
    wait_validated(qtbot, window)
    assert window.document.layout.severity_overrides == {"accelerator-loop": "off"}
    assert not any(f.code == "accelerator-loop" for f in window.findings.findings())
    assert window.findings.ignored_button.text() == "Ignored 1"
    assert window.document.undo_stack.undoText() == "Ignore accelerator-loop"
    window.findings.severityRequested.emit("crash-site-edge", "warning")
    wait_validated(qtbot, window)
    assert {f.severity for f in window.findings.findings() if f.code == "crash-site-edge"} == {"warning"}
    assert layout_to_json(window.document.layout)["validation"]["severity"] == {
        "accelerator-loop": "off", "crash-site-edge": "warning"}  # what Save writes
    window.findings.ignored_button.menu().actions()[0].trigger()  # accelerator-loop: back to default
    wait_validated(qtbot, window)
    assert window.document.layout.severity_overrides == {"crash-site-edge": "warning"}
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    assert window.document.layout.severity_overrides == {} and not window.document.is_modified()


def test_selecting_a_loop_draws_its_path_and_shows_the_graph_at_its_distance(window, qtbot):
    assert window.open_path(LAYOUTS / "standard-6p.json")
    wait_validated(qtbot, window)
    window.actions["overlay_accelerators"].setChecked(True)
    window.actions["distance_4"].trigger()
    assert window.scene.accelerator_distance == 4
    loop = next(f for f in window.findings.findings() if f.code == "accelerator-loop" and f.details["distance"] == 1)
    assert window.findings.select_finding(loop)
    # Shown at the loop's distance; the designer's choice (distance 4) stays chosen.
    assert window.actions["distance_4"].isChecked() and window.scene.accelerator_distance == 1
    highlight = window.scene._highlight
    assert highlight.path == tuple(tuple(c) for c in loop.details["cycle"])  # both cells: the example is the route
    assert highlight.caption == "Loop at distance 1: steps 1 to 2 go round its 2 Accelerators"
    caption = highlight.caption_rect()
    assert caption.top() >= window.scene.cell_rect((0, 9)).bottom()  # under the board, over no cell
    window.actions["overlay_accelerators"].setChecked(False)
    window.findings.select_finding(next(f for f in window.findings.findings()
                                        if f.code == "accelerator-loop" and f.details["distance"] == 4))
    assert window.actions["distance_4"].isChecked() and window.scene.accelerator_distance is None  # graph off
    assert window.scene._highlight.path == ((3, 0), (4, 0), (8, 0), (4, 0))  # every Accelerator of the loop


def test_a_swap_preview_shows_each_tile_where_it_lands_without_a_double_exposure(window, qtbot):
    from crashgrab.editor.crash_and_grab.board.scene import TileGhost

    assert window.open_path(LAYOUTS / "standard-2-4p.json")
    placement = window.document.layout.placement_of("1")
    drag = TileDrag("1", placement.side, placement.rotation, (1, 1))
    window.scene.preview_drop(window.scene.cell_rect((6, 6)).center(), drag)
    ghosts = {item.tile.id: item for item in window.scene.items() if isinstance(item, TileGhost)}
    assert set(ghosts) == {"1", "4"}
    assert ghosts["1"].boundingRect() == window.scene.area_rect((4, 4, 4, 4))
    assert ghosts["4"].boundingRect() == window.scene.area_rect((0, 0, 4, 4))
    assert ghosts["1"].opacity() == ghosts["4"].opacity() == 1.0  # each covers the other tile: opaque
    window.scene.clear_preview()


def test_randomize_shows_the_candidate_boards_findings_before_accepting(window, qtbot):
    dialog = RandomizeDialog(window.document.layout, 1234, window)
    try:
        dialog.template.setCurrentIndex(dialog.template.findData("6"))
        candidate = dialog.result_layout()
        summary = validate_layout(candidate).summary()
        assert dialog.findings.text().startswith("This board: ") and summary in dialog.findings.text()
        dialog.seed.setValue(99)
        assert validate_layout(dialog.result_layout()).summary() in dialog.findings.text()
    finally:
        dialog.deleteLater()


def test_every_toolbar_action_has_an_icon_and_the_modes_are_visible_switches(window, qtbot):
    toolbar_actions = [a for a in window.toolbar.actions() if not a.isSeparator() and a.text()]
    assert toolbar_actions and all(not a.icon().isNull() for a in toolbar_actions)
    assert window.toolbar.toolButtonStyle() == Qt.ToolButtonIconOnly
    modes = [a.objectName() for a in window.modes_toolbar.actions()]
    assert modes == ["edit_mode", "playtest", "tile_designer"]
    assert window.actions["edit_mode"].isChecked() and not window.actions["playtest"].isChecked()
    assert window.open_path(LAYOUTS / "standard-2-4p.json")
    window.actions["playtest"].trigger()
    assert window.playtest.active and not window.actions["edit_mode"].isChecked()
    window.actions["edit_mode"].trigger()  # back to editing ends the playtest
    assert not window.playtest.active and window.actions["edit_mode"].isChecked()
    window.distance_box.setCurrentIndex(0)
    window.distance_box.activated.emit(0)
    assert window.actions["distance_1"].isChecked()
    window.actions["distance_4"].trigger()
    assert window.distance_box.currentIndex() == 3



def test_a_small_window_gives_the_board_most_of_its_area_and_every_panel_a_tab(window, qtbot):
    from PySide6.QtWidgets import QDockWidget

    window.resize(1024, 640)
    assert window.open_path(LAYOUTS / "standard-2-4p.json")
    wait_validated(qtbot, window)
    QApplication.processEvents()
    view = window.view.geometry()
    assert view.width() * view.height() >= 0.6 * window.width() * window.height()
    panels = (window.palette_dock, window.findings_dock, window.history_dock, window.messages_dock)
    assert {window.dockWidgetArea(dock) for dock in panels} == {Qt.RightDockWidgetArea}
    assert set(window.tabifiedDockWidgets(window.palette_dock)) == set(panels[1:])  # one column, a tab each
    docks = [d for d in window.findChildren(QDockWidget) if d.isVisible() and not d.isFloating()]
    assert window.legend_dock.height() <= window.legend.sizeHint().height() + 4  # a strip, no taller
    assert all(d.height() <= view.height() + 30 for d in docks)  # none taller than the board beside it
    window.findings_dock.raise_()
    QApplication.processEvents()
    assert window.findings.table.isVisible() and window.findings.model.rowCount() > 0
    window.resize(1400, 900)  # wide again: Findings and History back across the bottom
    QApplication.processEvents()
    assert window.dockWidgetArea(window.findings_dock) == Qt.BottomDockWidgetArea
    assert window.dockWidgetArea(window.palette_dock) == Qt.LeftDockWidgetArea


def test_the_graph_distance_box_says_what_it_is_and_works_only_with_the_graph_on(window):
    box, graph = window.distance_box, window.actions["overlay_accelerators"]
    assert [box.itemText(i) for i in range(box.count())] == [f"Distance {d}" for d in range(1, 6)]
    assert box.accessibleName() == "Accelerator graph distance"
    if graph.isChecked():
        graph.trigger()
    assert not box.isEnabled()  # no graph: nothing for it to set
    graph.trigger()
    assert box.isEnabled() and window.scene.accelerator_distance == box.currentIndex() + 1
    graph.trigger()
    assert not box.isEnabled()


def test_the_legend_names_every_look_on_the_board_and_fits_a_small_window(window, qtbot):
    window.resize(1024, 640)
    qtbot.waitUntil(lambda: window.compact, timeout=3000)
    texts = [text for text, _, _ in window.legend.entry_rects()]
    assert texts == ["Crash Site", "Accelerator", "Hole (off the board)", "Empty slot", "Tile 3, side A",
                     "Core, arm, centre tile", "Direction marker"]
    assert window.legend.sizeHint().width() <= window.legend.width()  # every entry in view at 1024 wide
    rects = [symbol | label for _, symbol, label in window.legend.entry_rects()]
    assert all(not a.intersects(b) for a, b in zip(rects, rects[1:]))
    image = window.legend.grab().toImage()
    _, tints, _ = window.legend.entry_rects()[5]
    from crashgrab.editor.crash_and_grab import style
    for index, role in enumerate(("core", "arm5", "centre5")):  # the three papers, left to right
        x = round(tints.left() + tints.width() * (index + 0.5) / 3)
        assert image.pixelColor(x, round(tints.center().y())) == style.PAPER[role], role
