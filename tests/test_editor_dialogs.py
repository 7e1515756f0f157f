"""The small dialogs as a designer uses them, and the window's file actions around them."""
from __future__ import annotations

import json
import subprocess
import sys

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from crashgrab.editor.crash_and_grab.window.dialogs import DirectionsDialog, PropertiesDialog, RandomizeDialog
from crashgrab.editor.crash_and_grab.document import blank_layout
from crashgrab.engine.crash_and_grab.setup import random_layout
from crashgrab.engine.crash_and_grab.templates import TEMPLATES
from crashgrab.engine.formats.jsonio import read_json
from crashgrab.engine.formats.schemas import validate
from tests.conftest import LAYOUTS, ROOT
from tests.editor_fixtures import settings, window  # noqa: F401  (fixtures, by name)
from tests.editor_fixtures import close_window, make_window, wait_validated


def test_randomize_dialog_shows_and_keeps_the_seed(qtbot):
    base = blank_layout("5", name="My board")
    dialog = RandomizeDialog(base, seed=77)
    qtbot.addWidget(dialog)
    assert dialog.seed.value() == 77 and dialog.template.currentData() == "5"
    layout = dialog.result_layout()
    expected = random_layout(base.tileset, TEMPLATES["5"], 77)
    assert layout.placements == expected.placements and dict(layout.directions) == dict(expected.directions)
    assert layout.name == "My board" and layout.tileset_ref == "standard"
    assert not dialog.preview.pixmap().isNull()
    dialog.seed.setValue(78)
    assert dialog.result_layout().placements == random_layout(base.tileset, TEMPLATES["5"], 78).placements


def test_randomize_dialog_new_seed_button_changes_the_seed(qtbot):
    dialog = RandomizeDialog(blank_layout("2-4"), seed=5)
    qtbot.addWidget(dialog)
    [button] = [b for b in dialog.findChildren(type(dialog.buttons.buttons()[0])) if b.text() == "New seed"]
    values = set()
    for _ in range(5):
        button.click()
        values.add(dialog.seed.value())
    assert len(values) > 1  # five draws from 2**31 seeds: equal only by a near-impossible chance


def test_directions_dialog_swaps_a_marker_chosen_twice(qtbot):
    dialog = DirectionsDialog({"north": "Sun", "east": "Asteroids", "south": "Meteor", "west": "Stars"})
    qtbot.addWidget(dialog)
    dialog.combos["east"].setCurrentText("Sun")
    assert dialog.directions() == {"north": "Asteroids", "east": "Sun", "south": "Meteor", "west": "Stars"}
    dialog.turn_clockwise()
    assert dialog.directions() == {"north": "Stars", "east": "Asteroids", "south": "Sun", "west": "Meteor"}
    dialog.combos["south"].setCurrentText("Meteor")
    assert dialog.directions() == {"north": "Stars", "east": "Asteroids", "south": "Meteor", "west": "Sun"}


def test_properties_edit_the_name_and_notes_undoably(window, monkeypatch):
    def fill(dialog):
        dialog.name.setText("Tournament board")
        dialog.notes.setPlainText("Try the accelerator loops.")
        return PropertiesDialog.Accepted

    monkeypatch.setattr(PropertiesDialog, "exec", fill)
    assert window.properties_dialog()
    assert (window.document.layout.name, window.document.layout.notes) == ("Tournament board",
                                                                            "Try the accelerator loops.")
    window.actions["undo"].trigger()
    assert window.document.layout.name == "Untitled layout"


def test_export_writes_the_resolved_json_and_refuses_an_unfinished_board(window, monkeypatch, tmp_path):
    target = tmp_path / "board.export.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(target), "")))
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", staticmethod(lambda *a: shown.append(a[2])))
    assert not window.export_dialog()  # the empty 2-4 board has four empty slots
    assert len(shown) == 1 and "empty slot" in shown[0] and not target.exists()
    assert window.open_path(LAYOUTS / "standard-5p.json")
    assert window.export_dialog()
    exported = read_json(target)
    validate(exported, "crash-grab-export")
    assert exported["board"] == {"width": 9, "height": 9} and exported["template"] == "5"


def test_open_recent_lists_files_newest_first_and_opens_them(window, qtbot):
    for name in ("standard-2-4p.json", "standard-6p.json"):
        assert window.open_path(LAYOUTS / name)
    entries = [a.text() for a in window.recent_menu.actions() if a.text()]
    assert entries[:2] == ["&1 standard-6p.json", "&2 standard-2-4p.json"]
    next(a for a in window.recent_menu.actions() if a.text() == "&2 standard-2-4p.json").trigger()
    assert window.document.path == LAYOUTS / "standard-2-4p.json"
    window.actions["clear_recent"].trigger()
    assert window.recent_files() == []


def test_window_layout_is_saved_on_close_and_restored(qtbot, settings):
    first = make_window(qtbot, settings)
    first.resize(720, 610)  # within the offscreen screen (800x800), which restoring clamps to
    first.history_dock.hide()
    close_window(first)
    assert settings.value("window/state") is not None and settings.value("window/geometry") is not None
    second = make_window(qtbot, settings)
    try:
        assert (second.width(), second.height()) == (720, 610)
        # So small a window has its panels as tabs of one column: History closed, Findings a tab.
        assert second.compact and not second.history_dock.toggleViewAction().isChecked()
        assert second.findings_dock.toggleViewAction().isChecked()
    finally:
        close_window(second)


def test_middle_button_drag_pans_the_view(window, qtbot):
    window.view.set_zoom(4.0)
    bar = window.view.horizontalScrollBar()
    bar.setValue((bar.minimum() + bar.maximum()) // 2)
    before = bar.value()
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MiddleButton, pos=QPoint(300, 200))
    qtbot.mouseMove(viewport, pos=QPoint(200, 200))
    qtbot.mouseRelease(viewport, Qt.MiddleButton, pos=QPoint(200, 200))
    assert bar.value() == before + 100  # dragging left by 100 pixels shows what lies to the right


def test_a_saved_layout_validates_the_same_on_the_command_line(window, qtbot, monkeypatch, tmp_path):
    assert window.open_path(LAYOUTS / "standard-6p.json")
    window.scene.select_tile("2")
    window.rotate_selected()
    target = tmp_path / "turned.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(target), "")))
    assert window.save_as()
    wait_validated(qtbot, window)
    result = subprocess.run([sys.executable, "-m", "crashgrab.engine", "validate", "--format", "json", str(target)],
                            capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr  # warnings and notes only
    [report] = json.loads(result.stdout)["files"]
    assert report["findings"] == [f.to_json() for f in window.findings.findings()]
    assert report["findings"]  # the turned board has findings to compare
