"""A game with no editor of its own, on hexes with features on edges (tests/toy_hex_game.py), made,
shown, checked, drawn and exported through the command line and edited in the studio's generic
editor (editor/generic/) with the mouse and the keyboard, through the registry alone."""
from __future__ import annotations

import json
from importlib import metadata

import pytest

from crashgrab.engine import games
from crashgrab.engine.cli import main
from crashgrab.engine.errors import EditRefused
from crashgrab.engine.formats.jsonio import read_json
from crashgrab.engine.formats.layout_io import load_layout
from crashgrab.engine.grid.hex import HEX

from .toy_hex_game import GAME, SYSTEM, HexEdits, HexField, toy_hex_entry_point


@pytest.fixture
def hex_installed(monkeypatch):
    real = metadata.entry_points

    def entry_points(**selection):
        found = real(**selection)
        if selection.get("group") == games.GROUP:
            return metadata.EntryPoints((*found, toy_hex_entry_point()))
        return found

    monkeypatch.setattr(games, "entry_points", entry_points)
    games.refresh()
    yield
    games.refresh()


def test_a_fence_is_one_edge_whichever_hex_names_it():
    edits = HexEdits()
    field = HexField("f", 2)
    east = edits.place(field, "fence", (0, 0), "east")
    assert east.fences == (((0, 0), "east"),)
    with pytest.raises(EditRefused, match="has a fence already"):
        edits.place(east, "fence", (1, 0), "west")  # the same side, named from the other hex
    assert edits.remove(east, (1, 0), "west").fences == ()
    with pytest.raises(EditRefused, match="off the board"):
        edits.place(field, "beacon", (3, 0))


def test_the_hex_game_runs_through_the_command_line(hex_installed, tmp_path, capsys):
    path = tmp_path / "field.json"
    assert main(["new", "--game", GAME, "--players", "3", "-o", str(path)]) == 0
    document = read_json(path)
    assert (document["game"], document["radius"], document["beacons"]) == (GAME, 3, [[0, 0]])
    capsys.readouterr()
    assert main(["show", str(path)]) == 0
    shown = capsys.readouterr().out
    assert "B" in shown and "0 fence(s)" in shown
    document["beacons"], document["fences"] = [], [{"at": [9, 9], "side": "east"}]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document))
    assert main(["validate", str(bad), "--format", "json"]) == 1
    codes = sorted(f["code"] for f in json.loads(capsys.readouterr().out)["files"][0]["findings"])
    assert codes == ["fence-adrift", "no-beacon"]
    assert main(["export", str(path), "--format", "json"]) == 0
    exported = json.loads(capsys.readouterr().out)
    assert len(exported["hexes"]) == 37  # 1 + 6 + 12 + 18 hexes within 3 of the centre


def test_render_draws_every_hex_of_a_board_around_its_centre(hex_installed, qapp, tmp_path):
    """The picture spans the geometry's bounds (hexes at negative coordinates), nothing clipped."""
    from PySide6.QtGui import QImage

    path = tmp_path / "field.json"
    assert main(["new", "--game", GAME, "--players", "2", "-o", str(path)]) == 0
    assert main(["render", str(path), "-o", str(tmp_path / "field.png"), "--dpi", "40"]) == 0
    image = QImage(str(tmp_path / "field.png"))
    # The beacon in the centre hex is drawn in its colour at the middle of the image.
    assert image.pixelColor(image.width() // 2, image.height() // 2).name() == "#b45309"


def _click_side(qtbot, window, cell, side, button=None):
    from PySide6.QtCore import QPoint, Qt

    from crashgrab.editor.game_views import CELL

    (ax, ay), (bx, by) = HEX.edge(cell, side)
    scene_point = window.view.mapFromScene((ax + bx) / 2 * CELL, (ay + by) / 2 * CELL)
    qtbot.mouseClick(window.view.viewport(), button or Qt.LeftButton, pos=QPoint(scene_point.x(), scene_point.y()))


def test_the_generic_editor_places_a_fence_on_an_edge_with_the_mouse_undoes_and_saves(hex_installed, qtbot, tmp_path):
    from PySide6.QtCore import Qt

    from crashgrab.editor.game_views import open_board_window
    from crashgrab.editor.generic.window import GenericEditorWindow

    path = tmp_path / "field.json"
    assert main(["new", "--game", GAME, "--players", "2", "-o", str(path)]) == 0
    window = open_board_window(SYSTEM, load_layout(path), path)
    qtbot.addWidget(window)
    assert isinstance(window, GenericEditorWindow) and not window.document.dirty
    assert [a.text() for a in window.tool_actions.values()] == ["Beacon", "Fence"]
    window.tool_actions["fence"].trigger()
    _click_side(qtbot, window, (1, 0), "west")  # the side between [0,0] and [1,0], named from [1,0]
    assert window.document.layout.fences == (((0, 0), "east"),)
    assert window.document.dirty and window.windowTitle().startswith("*")
    assert window.undo_stack.undoText() == "Place Fence at [1,0] west side"
    window.undo_action.trigger()
    assert window.document.layout.fences == () and not window.document.dirty
    window.redo_action.trigger()
    assert window.save_to(path)
    assert read_json(path)["fences"] == [{"at": [0, 0], "side": "east"}] and not window.document.dirty
    # Right-click on the same side removes the fence; a beacon goes into a hex with a click.
    _click_side(qtbot, window, (0, 0), "east", Qt.RightButton)
    assert window.document.layout.fences == ()
    window.tool_actions["beacon"].trigger()
    from PySide6.QtCore import QPoint

    from crashgrab.editor.game_views import CELL

    x, y = HEX.cell_centre((-1, 1))
    point = window.view.mapFromScene(x * CELL, y * CELL)
    qtbot.mouseClick(window.view.viewport(), Qt.LeftButton, pos=QPoint(point.x(), point.y()))
    assert window.document.layout.beacons == ((-1, 1), (0, 0))
    assert window.save_to(path) and read_json(path)["beacons"] == [[-1, 1], [0, 0]]


def test_the_generic_editor_refuses_an_edge_feature_away_from_a_side_and_shows_findings(hex_installed, qtbot):
    from PySide6.QtCore import QPoint, Qt

    from crashgrab.editor.game_views import CELL
    from crashgrab.editor.generic.window import GenericEditorWindow

    window = GenericEditorWindow(SYSTEM, HexField("empty", 2))
    qtbot.addWidget(window)
    assert [f.code for f in window.findings.findings()] == ["no-beacon"]
    window.tool_actions["fence"].trigger()
    x, y = HEX.cell_centre((0, 0))
    point = window.view.mapFromScene(x * CELL, y * CELL)
    qtbot.mouseClick(window.view.viewport(), Qt.LeftButton, pos=QPoint(point.x(), point.y()))
    assert window.document.layout.fences == () and window.undo_stack.count() == 0
    assert "click nearer a cell's side" in window.statusBar().currentMessage()
    window.tool_actions["beacon"].trigger()
    qtbot.mouseClick(window.view.viewport(), Qt.LeftButton, pos=QPoint(point.x(), point.y()))
    assert window.findings.findings() == ()
    window.undo_stack.setClean()


def test_the_generic_editor_works_from_the_keyboard(hex_installed, qtbot):
    from PySide6.QtCore import Qt

    from crashgrab.editor.generic.window import GenericEditorWindow

    window = GenericEditorWindow(SYSTEM, HexField("keys", 2))
    qtbot.addWidget(window)
    window.tool_actions["beacon"].trigger()
    qtbot.keyClick(window, Qt.Key_Right)  # the cursor appears on the first hex
    first = window.cursor
    qtbot.keyClick(window, Qt.Key_Right)  # and steps east
    assert window.cursor == HEX.step(first, "east")
    qtbot.keyClick(window, Qt.Key_Return)
    assert window.document.layout.beacons == (window.cursor,)
    qtbot.keyClick(window, Qt.Key_Delete)
    assert window.document.layout.beacons == ()
    window.tool_actions["fence"].trigger()
    qtbot.keyClick(window, Qt.Key_Return)  # on the side the last arrow pointed to
    assert window.document.layout.fences == (HEX.edge_key(window.cursor, "east"),)
    shared = {a.property("shortcutRole") for a in window.findChildren(type(window.undo_action))
              if a.property("shortcutRole")}
    from crashgrab.editor.shortcuts import SHORTCUTS

    assert shared == set(SHORTCUTS)
    window.undo_stack.setClean()
