"""The Crash! board editor, driven through its real window: painting hexes (click and drag) with
undo, starts placed, dragged and turned with R / Shift+R, junkyards moved, live findings whose
hexes light up when one is clicked, metrics, the keyboard, files, and a playtest stepped back
and forward and saved as a scenario that `crashgrab scenario run` passes."""
from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog, QMessageBox, QToolButton

from crashgrab.editor.crash import CrashBoardWindow
from crashgrab.editor.crash.scene import PLAYER_COLOURS, centre
from crashgrab.editor.game_views import open_board_window
from crashgrab.engine.crash.layout_io import load_layout
from crashgrab.engine.crash.model import Junkyard, Start
from crashgrab.engine.crash.templates import template_layout
from crashgrab.engine.games import get_system

STANDARD = template_layout()


def forget_changes(window):
    """Before the test's end closes the window: nothing left to ask about."""
    window.document.undo_stack.setClean()


@pytest.fixture
def window(qtbot):
    window = open_board_window(get_system("crash"), STANDARD, None)
    qtbot.addWidget(window, before_close_func=forget_changes)
    qtbot.waitExposed(window)
    return window


def point(window, cell):
    return window.view.mapFromScene(centre(cell))


def click(window, cell):
    QTest.mouseClick(window.view.viewport(), Qt.LeftButton, Qt.NoModifier, point(window, cell))


def drag(window, *cells):
    viewport = window.view.viewport()
    QTest.mousePress(viewport, Qt.LeftButton, Qt.NoModifier, point(window, cells[0]))
    for cell in cells[1:]:
        QTest.mouseMove(viewport, point(window, cell))
    QTest.mouseRelease(viewport, Qt.LeftButton, Qt.NoModifier, point(window, cells[-1]))


def tool(window, name):
    window.tool_actions[name].trigger()


def findings(window):
    return [finding.code for finding in window.findings.findings()]


def test_a_crash_board_opens_in_its_own_editor(window):
    assert isinstance(window, CrashBoardWindow)
    assert "(Crash!)" in window.windowTitle() and not window.windowTitle().startswith("*")
    kinds = window.scene.kinds()
    assert kinds.count("hex") == 37 and kinds.count("start") == 12 and kinds.count("junkyard") == 2
    assert kinds.count("ghost") == 24  # the ring just outside a side-4 hexagon: 6 * 4
    assert findings(window) == []


def test_a_hex_is_painted_with_the_mouse_and_undone(window):
    click(window, (4, 0))                                  # a ghost hex east of the board
    assert (4, 0) in window.document.layout.hexes and window.scene.kinds().count("hex") == 38
    assert window.windowTitle().startswith("*")
    window.undo_stack.undo()
    assert window.document.layout == STANDARD and window.scene.kinds().count("hex") == 37
    assert not window.windowTitle().startswith("*")       # modified is the undo stack's clean state


def test_a_drag_removes_a_row_of_hexes_in_one_undo_step(window):
    drag(window, (0, 3), (1, 2), (2, 1))                   # starts on a free hex: removes; [2,1] holds p1's car 6
    assert {(0, 3), (1, 2)} & window.document.layout.hexes == set()
    assert (2, 1) in window.document.layout.hexes
    assert "p1's car 6 is on [2,1]; move it first" in window.statusBar().currentMessage()
    assert window.undo_stack.count() == 1
    window.undo_stack.undo()
    assert window.document.layout == STANDARD


def test_a_start_is_placed_dragged_and_turned_with_r(window):
    tool(window, "start_p1")
    window.car_box.setValue(3)
    click(window, (0, 0))                                  # car 3 moves from [3,-2] to the centre
    start = window.document.layout.start_of("p1", 3)
    assert start.at == (0, 0) and window.selected == ("start", "p1", 3)
    facing = start.facing
    QTest.keyClick(window.view, Qt.Key_R)
    assert window.document.layout.start_of("p1", 3).facing == get_system("crash").geometry.turned(facing, 60)
    QTest.keyClick(window.view, Qt.Key_R, Qt.ShiftModifier)
    QTest.keyClick(window.view, Qt.Key_R, Qt.ShiftModifier)
    assert window.document.layout.start_of("p1", 3).facing == get_system("crash").geometry.turned(facing, 300)
    drag(window, (0, 0), (0, 1))
    assert window.document.layout.start_of("p1", 3) == Start("p1", 3, (0, 1), window.document.layout.start_of(
        "p1", 3).facing)
    assert window.undo_stack.count() == 5
    for _ in range(5):
        window.undo_stack.undo()
    assert window.document.layout == STANDARD


def test_a_junkyard_is_dragged_and_the_findings_update_live(window):
    drag(window, (-1, 0), (2, 0))                          # p1's junkyard next to p1's own starts
    assert window.document.layout.junkyard_of("p1") == Junkyard("p1", (2, 0))
    assert "junkyard-nearer" in findings(window) and "unbalanced" in findings(window)
    assert "warning" in window.findings.summary.text()
    window.undo_stack.undo()
    assert window.document.layout.junkyard_of("p1").at == (-1, 0) and findings(window) == []


def test_clicking_a_finding_highlights_its_hexes(window):
    tool(window, "junkyard_p2")
    click(window, (0, -3))                                 # p2's junkyard moved up north, off the middle row
    assert findings(window)
    row = findings(window).index("junkyard-nearer") if "junkyard-nearer" in findings(window) else 0
    cells = window.findings.findings()[row].cells
    assert window.scene.kinds().count("highlight") == 0
    table = window.findings.table
    index = table.model().index(row, 1)
    QTest.mouseClick(table.viewport(), Qt.LeftButton, Qt.NoModifier, table.visualRect(index).center())
    assert cells and window.highlight == tuple(cells)
    assert window.scene.kinds().count("highlight") == len(cells)


def test_f8_and_shift_f8_step_through_the_findings_lighting_each_ones_hexes(window):
    tool(window, "junkyard_p2")
    click(window, (0, -3))
    listed = window.findings.findings()
    assert len(listed) >= 2
    QTest.keyClick(window, Qt.Key_F8)
    assert window.findings.selected_finding() == listed[0] and window.highlight == tuple(listed[0].cells)
    QTest.keyClick(window, Qt.Key_F8)
    assert window.findings.selected_finding() == listed[1] and window.highlight == tuple(listed[1].cells)
    QTest.keyClick(window, Qt.Key_F8, Qt.ShiftModifier)
    assert window.findings.selected_finding() == listed[0]


def test_the_legend_shows_each_owners_pieces_as_the_board_draws_them(window):
    entries = dict(window.legend.entries)
    assert list(entries) == ["p1's cars (discs)", "p2's cars (squares)", "J1: p1's junkyard", "J2: p2's junkyard",
                             "Board hex", "Dashed: a hex to add"]
    for text, colour in (("p1's cars (discs)", PLAYER_COLOURS["p1"]), ("p2's cars (squares)", PLAYER_COLOURS["p2"])):
        image = QImage(100, 100, QImage.Format_ARGB32)
        image.fill(Qt.transparent)
        painter = QPainter(image)
        entries[text](painter, QRectF(0, 0, 100, 100))
        painter.end()
        assert image.pixelColor(35, 35) == colour, text  # inside the marker, clear of its number and pointer
        # told by shape too: a disc reaches as far to the north-west as to the west, a square much further
        west = next(step for step in range(50) if image.pixelColor(50 - step, 50).alpha() == 0)
        north_west = next(step for step in range(50) if image.pixelColor(50 - step, 50 - step).alpha() == 0) * 2 ** 0.5
        assert (north_west / west < 1.0) if text.startswith("p1") else (north_west / west > 1.05), (text, west, north_west)
    legend = next(a for a in window.menuBar().actions() if a.text() == "&View").menu().actions()
    toggle = next(a for a in legend if a.text() == "Legend")
    assert window.legend_dock.isVisible()
    toggle.trigger()
    assert not window.legend_dock.isVisible()


def test_at_1024_by_640_nothing_hides_behind_the_toolbar_overflow(window, qtbot):
    window.resize(1024, 640)
    qtbot.wait(20)
    bar = window.toolbar
    extension = bar.findChild(QToolButton, "qt_toolbar_ext_button")
    assert extension is None or not extension.isVisible()
    for action in bar.actions():
        if not action.isSeparator():
            assert bar.rect().contains(bar.widgetForAction(action).geometry()), action.text()
    assert window.legend.sizeHint().width() <= window.legend.width()  # every entry of the legend shown


def test_the_metrics_are_validations_and_follow_edits(window):
    assert window.metrics.value("car 1", "p1 to junkyard") == "3"   # [2,-3] to [-1,0]: three hexes west-southwest
    assert window.metrics.value("Total", "p1 to junkyard") == window.metrics.value("Total", "p2 to junkyard")
    tool(window, "start_p1")
    window.car_box.setValue(1)
    click(window, (0, 0))                                  # one hex from p1's junkyard at [-1,0]
    assert window.metrics.value("car 1", "p1 to junkyard") == "1"


def test_the_keyboard_moves_a_cursor_paints_moves_and_deletes(window):
    window.view.setFocus(Qt.ShortcutFocusReason)
    window.cursor = (0, 0)
    QTest.keyClick(window.view, Qt.Key_Right)
    QTest.keyClick(window.view, Qt.Key_Up)
    QTest.keyClick(window.view, Qt.Key_Down)
    assert window.cursor == (1, 0) and window.scene.kinds().count("cursor") == 1  # up then down comes back
    QTest.keyClick(window.view, Qt.Key_Return)             # Enter on p2's junkyard selects it
    assert window.selected == ("junkyard", "p2")
    QTest.keyClick(window.view, Qt.Key_Down, Qt.ControlModifier)
    assert window.document.layout.junkyard_of("p2").at == (0, 1)
    QTest.keyClick(window.view, Qt.Key_Delete)
    assert window.document.layout.junkyard_of("p2") is None and "junkyard-count" in findings(window)
    QTest.keyClick(window.view, Qt.Key_Left)               # [0,1] -> [-1,1], a free hex
    QTest.keyClick(window.view, Qt.Key_Delete)             # nothing selected: the hex goes
    assert (-1, 1) not in window.document.layout.hexes
    QTest.keyClick(window.view, Qt.Key_Return)             # the hexes tool puts it back
    assert (-1, 1) in window.document.layout.hexes


def test_f6_goes_from_panel_to_panel(window):
    window.view.setFocus(Qt.ShortcutFocusReason)
    QTest.keyClick(window, Qt.Key_F6)
    assert window.findings.table.hasFocus()
    QTest.keyClick(window, Qt.Key_F6)
    assert window.metrics.hasFocus()
    QTest.keyClick(window, Qt.Key_F6)
    assert window.view.hasFocus()


def test_save_and_reopen_gives_the_same_board(window, tmp_path):
    tool(window, "start_p2")
    window.car_box.setValue(2)
    click(window, (0, 2))
    QTest.keyClick(window.view, Qt.Key_R)
    click(window, (-4, 0))                                 # a ghost hex: the start tool refuses it
    assert "not a hex of the board" in window.statusBar().currentMessage()
    path = tmp_path / "board.json"
    assert window.save_to(path)
    assert not window.windowTitle().startswith("*") and window.windowTitle().startswith("board.json")
    edited = window.document.layout
    window.new_board(None)
    assert window.document.layout.starts == ()
    assert window.open_path(path)
    assert window.document.layout == edited == load_layout(path)


def test_new_standard_and_a_bad_file_leaves_the_board(window, tmp_path, monkeypatch):
    said = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _parent, _title, text: said.append(text))
    new_menu = window.findChild(type(window.menuBar().actions()[0].menu()), "new_board")
    assert [a.objectName() for a in new_menu.actions()] == ["new_standard", "new_free"]
    click(window, (4, 0))
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: QMessageBox.Discard)
    window.findChild(type(window.playtest_action), "new_standard").trigger()
    assert window.document.layout == STANDARD and not window.document.dirty
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    assert not window.open_path(broken)
    assert said and "broken.json" in said[0] and window.document.layout == STANDARD


def test_file_export_is_the_games_export_menu(window, tmp_path, monkeypatch):
    target = tmp_path / "board.export.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(target), ""))
    window.findChild(type(window.playtest_action), "export_json").trigger()
    assert json.loads(target.read_text(encoding="utf-8"))["game"] == "crash"


# --- playtest ------------------------------------------------------------------------------------
def start_playtest(window):
    window.playtest_action.trigger()
    return window.playtest


def test_a_scripted_turn_steps_forward_and_back(window):
    panel = start_playtest(window)
    assert window.scene.kinds().count("car") == 12 and not window.tool_actions["hex"].isEnabled()
    for box, value in zip(panel.dice, (4, 4, 2)):
        box.setValue(value)
    panel.roll_button.click()
    click(window, (3, -1))                                 # p1's car 4: selected, teal hexes around it
    assert panel.selected == 4 and window.scene.kinds().count("choice") == 6
    click(window, (2, -1))                                 # the hex ahead (west): it moves
    assert panel.session.live.car("p1", 4).at == (2, -1)
    QTest.keyClick(window.view, Qt.Key_E)                  # the second 4: turn to face northeast
    assert panel.session.live.car("p1", 4).facing == "northeast"
    panel.end_button.click()                               # the opening turn: no automatic part
    for box, value in zip(panel.dice, (6, 6, 6)):
        box.setValue(value)
    panel.roll_button.click()
    panel.end_button.click()                               # p2's automatic part, shown car by car
    session = panel.session
    cars_moving = [f for f in session.frames if f.action == len(session.played)]
    assert len(cars_moving) == 6 and session.frame == cars_moving[0]
    assert session.state.car("p2", 1).at != session.start.car("p2", 1).at    # car 1 has gone ...
    assert session.state.car("p2", 2).at == session.start.car("p2", 2).at    # ... car 2 not yet
    assert window.scene.kinds().count("trail") == 1                          # car 1's step drawn
    for _ in range(5):
        panel.forward_button.click()
    assert session.played[-1].state == panel.session.state and not panel.forward_button.isEnabled()
    steps = len(panel.session.frames) - 1
    for _ in range(steps):
        panel.back_button.click()
    assert panel.session.state == panel.session.start and not panel.back_button.isEnabled()
    assert window.scene.kinds().count("car") == 12
    window.playtest_action.trigger()                       # back to editing: the board as it was
    assert window.document.layout == STANDARD and window.scene.kinds().count("start") == 12


def test_an_illegal_choice_says_why_and_plays_nothing(window):
    panel = start_playtest(window)
    for box, value in zip(panel.dice, (1, 1, 1)):
        box.setValue(value)
    panel.roll_button.click()
    played = len(panel.session.played)
    QTest.keyClick(window.view, Qt.Key_2)                  # car 2: no die shows it
    assert not panel.move_button.isEnabled()
    QTest.keyClick(window.view, Qt.Key_M)
    assert "no die shows car 2" in panel.message.text() and len(panel.session.played) == played


def test_a_playtest_saves_as_a_scenario_that_runs(window, tmp_path, monkeypatch):
    from crashgrab.engine.cli import main

    target = tmp_path / "playtest.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(target), ""))
    panel = start_playtest(window)
    panel.seed_roll_button.click()                         # seeded dice
    die = panel.session.live.dice[0]
    QTest.keyClick(window.view, getattr(Qt, f"Key_{die}"))
    QTest.keyClick(window.view, Qt.Key_M)
    panel.end_button.click()
    panel.seed_roll_button.click()
    panel.end_button.click()                               # p2's automatic part: its first car shown
    panel.save_button.click()
    assert [t["player"] for t in json.loads(target.read_text(encoding="utf-8"))["turns"]] == ["p1"]
    while panel.forward_button.isEnabled():                # the rest of it: turn 2 is complete
        panel.forward_button.click()
    panel.save_button.click()
    assert window.save_to(tmp_path / "board.json") and len(panel.session.played) == 5  # saving the board keeps the game
    document = json.loads(target.read_text(encoding="utf-8"))
    assert document["game"] == "crash" and [t["player"] for t in document["turns"]] == ["p1", "p2"]
    assert document["turns"][0]["control"] == [{"car": die, "move": True}]
    assert main(["scenario", "run", str(target)]) == 0


def test_a_board_with_errors_cannot_be_playtested(window):
    window.selected = ("start", "p1", 1)
    window.delete()
    panel = start_playtest(window)
    assert panel.session is None and "start-count" in panel.message.text()
    assert window.scene.kinds().count("start") == 11


def test_the_editors_screenshot_of_a_crash_board(tmp_path, qapp):
    """`crashgrab-editor --screenshot out.png layouts/crash/standard.json`: this editor's window,
    both players' cars in their colours."""
    from PySide6.QtGui import QImage

    from crashgrab.editor.app import SCREENSHOT_SIZE, main
    from crashgrab.editor.crash.scene import PLAYER_COLOURS
    from tests.conftest import LAYOUTS

    out = tmp_path / "crash.png"
    assert main(["--screenshot", str(out), str(LAYOUTS / "crash" / "standard.json")]) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == SCREENSHOT_SIZE
    colours = {image.pixelColor(x, y).name() for x in range(0, image.width(), 3) for y in range(0, image.height(), 3)}
    assert {colour.name() for colour in PLAYER_COLOURS.values()} <= colours


def test_the_docs_states_are_drawn_at_both_sizes(tmp_path, qapp):
    from PySide6.QtGui import QImage

    from crashgrab.editor.crash.screenshots import write_states

    written = write_states(tmp_path, None, ["crash-editor-small", "crash-playtest"])
    sizes = [(QImage(str(p)).width(), QImage(str(p)).height()) for p in written]
    assert sizes == [(1024, 640), (1400, 900)]


def test_german_cars_wait_in_their_slots_and_enter_on_their_start(window):
    panel = start_playtest(window)
    panel.variant.setCurrentText("german")
    assert window.scene.kinds().count("slot") == 12 and window.scene.kinds().count("car") == 0
    for box, value in zip(panel.dice, (1, 5, 5)):
        box.setValue(value)
    panel.roll_button.click()
    start = STANDARD.start_of("p1", 1).at
    click(window, start)                                   # the faint car 1 on its start hex: selected
    assert panel.selected == 1 and window.scene.kinds().count("selected") == 1
    click(window, start)                                   # its teal "move" hex is its start: it enters
    assert panel.session.live.car("p1", 1).at == start
    assert window.scene.kinds().count("slot") == 11 and window.scene.kinds().count("car") == 1
