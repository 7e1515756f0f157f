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
    assert (document["game"], document["radius"], document["beacons"]) == (GAME, 3, [{"at": [0, 0]}])
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
    assert window.save_to(path) and read_json(path)["beacons"] == [{"at": [-1, 1]}, {"at": [0, 0]}]


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


# --- Beacon Hex's rules on the play kernel: a chance node, scenarios through the CLI -------------
# The toy's schemas live in its Python module, not schemas/, so its scenario is written by the tests.
FENCED_WALK = {
    "format": "crash-grab-scenario", "version": 2, "game": GAME,
    "name": "A fence stops the walker, then a reach-2 beacon lights as it passes near",
    "layout": {"format": "crash-grab-layout", "version": 2, "game": GAME, "name": "Fenced", "radius": 3,
               "beacons": [{"at": [3, -1], "reach": 2}], "fences": [{"at": [2, 0], "side": "east"}]},
    "start": {"at": [-1, 0], "facing": "east"},
    "rolls": [2, 3],
    "expect": {"walker": [2, 0], "lit": [[3, -1]], "events": ["rolled", "walked", "rolled", "fenced", "walked", "lit"]},
}


def write_scenario(folder, **changes):
    path = folder / "walk.json"
    path.write_text(json.dumps({**FENCED_WALK, **changes}))
    return path


def test_the_hex_games_scenario_runs_through_the_cli(hex_installed, tmp_path, capsys):
    """Worked by hand: from [-1,0] facing east, a 2 walks to [1,0]; a 3 gets one hex to [2,0],
    where the fence on its east side stops it; [3,-1]'s beacon (reach 2) is 1 hex away: lit."""
    path = write_scenario(tmp_path)
    assert main(["scenario", "run", str(path)]) == 0
    out = capsys.readouterr().out
    assert "A fence on the east side of [2,0] stops the walker." in out and f"PASS: {path}" in out
    assert main(["scenario", "run", str(path), "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["final"] == {"walker": [2, 0], "lit": [[3, -1]]}


def test_an_impossible_roll_is_exit_2_naming_the_roll(hex_installed, tmp_path, capsys):
    bad = write_scenario(tmp_path, rolls=[2, 4])
    assert main(["scenario", "run", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "roll 2: a three-sided die shows 1, 2 or 3, not 4." in err and "$.rolls[1]" in err


def test_a_beacons_reach_is_a_typed_setting_checked_on_load(hex_installed, tmp_path, capsys):
    document = json.loads(json.dumps(FENCED_WALK["layout"]))
    document["beacons"][0]["reach"] = 5
    bad = tmp_path / "field.json"
    bad.write_text(json.dumps(document))
    assert main(["validate", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "$.beacons[0]" in err and "reach" in err and "5" in err
    document["beacons"][0]["reach"] = 2
    bad.write_text(json.dumps(document))
    assert main(["show", str(bad), "--format", "json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert any(f.get("settings") == {"reach": 2} for f in shown["features"])


def test_the_die_is_a_chance_node_with_exact_outcomes_and_seeded_draws():
    from fractions import Fraction

    from crashgrab.engine.play.session import Session

    from .toy_hex_rules import RULES, Rolled

    field = HexField("f", 3)
    start = RULES.initial_state(field, (-3, 0), "east", seed=11)
    assert RULES.chance(start).probabilities() == ((1, Fraction(1, 3)), (2, Fraction(1, 3)), (3, Fraction(1, 3)))
    session = Session(RULES, start)
    # A policy enumerates the outcomes instead of replaying: every roll walks that far on an open board.
    for roll in session.options():
        assert session.play(roll).state.walker == (-3 + roll, 0)
    drawn = session.play(None)
    again = Session(RULES, start).play(None)
    assert drawn.state == again.state  # the seed is in the state: the same draw every time
    value = next(e.value for e in drawn.events if isinstance(e, Rolled))
    assert drawn.state.walker == (-3 + value, 0) and drawn.state.seed != start.seed
    assert drawn.back().state == start and drawn.back().forward().state == drawn.state


def test_the_generic_editor_playtests_on_the_play_kernel(hex_installed, qtbot):
    """F5 plays the board: the die's outcomes listed with their odds, Play selected walks that far,
    Step draws from the panel's seed, Back and Forward move through what was played."""
    from PySide6.QtCore import Qt

    from crashgrab.editor.generic.window import GenericEditorWindow

    window = GenericEditorWindow(SYSTEM, HexField("walk", 3, ((2, 0),)))
    qtbot.addWidget(window)
    assert window.playtest_action.isEnabled()
    window.playtest_action.trigger()
    transport = window.playtest
    assert not window.playtest_dock.isHidden()
    assert [transport.options_list.item(i).text() for i in range(3)] == ["1  (1 in 3)", "2  (1 in 3)", "3  (1 in 3)"]
    transport.options_list.setCurrentRow(1)
    qtbot.mouseClick(transport.buttons["play"], Qt.LeftButton)
    assert transport.session.state.walker == (2, 0)
    assert "The beacon at [2,0] is lit." in transport.log.toPlainText()
    pieces = window.view.board_item.picture.pieces
    assert [(p.kind, p.cell, p.facing) for p in pieces] == [("walker", (2, 0), 0.0)]
    seed = transport.seed_box.value()
    qtbot.mouseClick(transport.buttons["step"], Qt.LeftButton)
    assert transport.session.at == 2 and transport.seed_box.value() != seed
    qtbot.mouseClick(transport.buttons["back"], Qt.LeftButton)
    assert transport.session.state.walker == (2, 0) and transport.buttons["forward"].isEnabled()
    qtbot.mouseClick(transport.buttons["forward"], Qt.LeftButton)
    assert transport.session.at == 2
    # Clicks on the board do not edit while playtesting; turning it off shows the layout again.
    before = window.document.layout
    window.on_pressed((0.0, 0.0), Qt.LeftButton)
    assert window.document.layout is before and window.undo_stack.count() == 0
    window.playtest_action.trigger()
    assert window.view.board_item.picture.pieces == ()


def test_every_side_of_a_hex_is_in_reach_of_the_keyboard(hex_installed, qtbot):
    """The arrows name four of a hex's six sides; [ and ] turn the side round, so a fence goes on
    the northeast side too, and R and Delete act on the fence there."""
    from PySide6.QtCore import Qt

    from crashgrab.editor.generic.window import GenericEditorWindow

    window = GenericEditorWindow(SYSTEM, HexField("keys", 2, ((0, 0),)))
    qtbot.addWidget(window)
    window.tool_actions["fence"].trigger()
    qtbot.keyClick(window, Qt.Key_Right)  # the cursor on the first hex, its side east
    start = window.cursor
    sides = []
    for _ in range(6):
        qtbot.keyClick(window, Qt.Key_BracketLeft)
        sides.append(window.cursor_side)
    assert sorted(sides) == sorted(HEX.directions) and window.cursor == start
    while window.cursor_side != "northeast":
        qtbot.keyClick(window, Qt.Key_BracketRight)
    qtbot.keyClick(window, Qt.Key_Return)
    assert window.document.layout.fences == (HEX.edge_key(start, "northeast"),)
    qtbot.keyClick(window, Qt.Key_Delete)
    assert window.document.layout.fences == ()
    window.undo_stack.setClean()


def test_a_game_without_exports_gets_the_generic_editor_and_two_dice_show_their_true_odds(hex_installed, qtbot):
    """The walkthrough says an export is optional: the window opens without one (its Export key
    does nothing). A chance node whose outcomes share values lists each value once, with the odds
    of all its ways together."""
    from fractions import Fraction

    from crashgrab.editor.generic.transport import PlaytestTransport
    from crashgrab.editor.generic.window import GenericEditorWindow
    from crashgrab.engine.play.chance import Chance

    from .toy_hex_game import BeaconHex
    from .toy_hex_rules import RULES

    class NoExports(BeaconHex):
        export_formats = ()

    window = GenericEditorWindow(NoExports(), HexField("plain", 2))
    qtbot.addWidget(window)
    assert not window.shared_actions()["export"].isEnabled()

    class TwoDice(type(RULES)):
        def chance(self, state):
            return Chance.product([Chance.uniform((1, 2, 3)), Chance.uniform((1, 2, 3))]).map(sum)

    transport = PlaytestTransport(TwoDice())
    qtbot.addWidget(transport)
    transport.start(HexField("f", 3))
    shown = [transport.options_list.item(i).text() for i in range(transport.options_list.count())]
    assert shown == ["2  (1 in 9)", "3  (2 in 9)", "4  (1 in 3)", "5  (2 in 9)", "6  (1 in 9)"]
    assert TwoDice().chance(None).probability(4) == Fraction(1, 3)
