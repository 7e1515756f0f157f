"""Keyboard-only work: a designer builds, checks and saves a board without touching the mouse."""
from __future__ import annotations

import json

from PySide6.QtCore import QPointF, QEvent, QObject, Qt
from PySide6.QtWidgets import QApplication, QFileDialog

from crashgrab.editor.crash_and_grab.board.palette import SideSwatch
from tests.conftest import LAYOUTS
from tests.editor_fixtures import settings, window  # noqa: F401  (fixtures)

MOUSE_EVENTS = {QEvent.MouseButtonPress, QEvent.MouseButtonRelease, QEvent.MouseButtonDblClick,
                QEvent.MouseMove, QEvent.Wheel}


class MouseCounter(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() in MOUSE_EVENTS:
            self.count += 1
        return False


def key(qtbot, window, key, modifier=Qt.NoModifier, times: int = 1):
    for _ in range(times):
        target = QApplication.focusWidget() or window
        qtbot.keyClick(target, key, modifier)


def focused_swatch() -> SideSwatch:
    widget = QApplication.focusWidget()
    assert isinstance(widget, SideSwatch), widget
    return widget


def test_build_validate_and_save_the_standard_board_with_the_keyboard_only(window, qtbot, tmp_path, monkeypatch):
    counter = MouseCounter()
    QApplication.instance().installEventFilter(counter)
    try:
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=3000)
        key(qtbot, window, Qt.Key_N, Qt.ControlModifier)  # New 2-4 player board
        assert window.document.layout.template == "2-4" and window.document.layout.placements == ()
        assert QApplication.focusWidget() is window.view  # where the window starts

        key(qtbot, window, Qt.Key_F6, Qt.ShiftModifier)  # back a panel, to the Tiles palette: tile 1, side A
        assert (focused_swatch().tile.id, focused_swatch().side) == ("1", "A")
        key(qtbot, window, Qt.Key_F6)  # to the board: the cell cursor at [0,0]
        assert QApplication.focusWidget() is window.view and window.scene.cursor == (0, 0)
        key(qtbot, window, Qt.Key_Return)  # tile 1A in the slot under the cursor
        assert window.document.layout.placement_of("1") is not None

        key(qtbot, window, Qt.Key_Right, times=5)  # over to the north-east slot, then place 2A there
        key(qtbot, window, Qt.Key_F6, Qt.ShiftModifier)  # back to the palette
        key(qtbot, window, Qt.Key_Down)
        assert (focused_swatch().tile.id, focused_swatch().side) == ("2", "A")
        key(qtbot, window, Qt.Key_F6)
        assert window.scene.cursor == (5, 0)
        key(qtbot, window, Qt.Key_Return)
        assert window.document.layout.placement_of("2").x == 4

        key(qtbot, window, Qt.Key_R)  # the tile under the cursor turns, and back
        assert window.document.layout.placement_of("2").rotation == 90
        key(qtbot, window, Qt.Key_R, Qt.ShiftModifier)
        assert window.document.layout.placement_of("2").rotation == 0

        key(qtbot, window, Qt.Key_F6, Qt.ShiftModifier)  # tiles 3A and 4A: Enter fills the first free slot
        for tile in ("3", "4"):
            key(qtbot, window, Qt.Key_Down)
            assert focused_swatch().tile.id == tile
            key(qtbot, window, Qt.Key_Return)

        qtbot.waitUntil(lambda: "error" not in window.summary_label.text(), timeout=5000)
        key(qtbot, window, Qt.Key_F8)  # walk to the first finding
        assert window.findings.selected_finding() is not None

        target = tmp_path / "keyboard.json"
        monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(target), "")))
        key(qtbot, window, Qt.Key_S, Qt.ControlModifier)
        assert window.document.path == target and not window.document.is_modified()
    finally:
        QApplication.instance().removeEventFilter(counter)
    assert counter.count == 0
    saved, standard = json.loads(target.read_text()), json.loads((LAYOUTS / "standard-2-4p.json").read_text())
    assert saved["placements"] == standard["placements"] and saved["directions"] == standard["directions"]


def test_ctrl_arrows_move_a_free_form_tile_one_cell(window, qtbot):
    assert window.new_layout(None)
    window.scene.set_cursor((1, 1))
    assert window.scene.place_at_cursor("5", "A")
    window.view.setFocus()
    scene = window.scene

    def on_canvas(cell):  # where a cell lies on the canvas, which follows the board's corner
        return scene.cell_rect(cell).topLeft() - scene.canvas_rect().topLeft()

    before = on_canvas((0, 0))
    qtbot.keyClick(window.view, Qt.Key_Right, Qt.ControlModifier)
    qtbot.keyClick(window.view, Qt.Key_Down, Qt.ControlModifier)
    after = window.document.layout.placement_of("5")
    assert (after.x, after.y) == (0, 0)  # the only tile is the board's corner, in the file
    assert on_canvas((0, 0)) - before == QPointF(scene.cell, scene.cell)  # one cell right and down on screen
    assert scene.cursor == (0, 0) and scene.selected_tile() == "5"  # the cursor went with it


def test_help_renders_the_guide_and_lists_every_shortcut(window, qtbot):
    window.actions["guide"].trigger()
    help_window = window.help_window()
    try:
        assert help_window.isVisible()
        text = help_window.browser.toPlainText()
        assert "# " not in text.splitlines()[0] and len(text) > 1000  # rendered, not raw Markdown
        window.actions["shortcuts"].trigger()
        shortcuts = help_window.browser.toPlainText()
        for action in ("Rotate Clockwise", "Next Finding", "Next Panel", "Save"):
            assert action in shortcuts
        assert "F8" in shortcuts and "Ctrl+arrow keys" in shortcuts
    finally:
        help_window.close()
