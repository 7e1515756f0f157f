"""The Crash Grid arena editor, driven through its real window: walls, starts (place, drag,
R to turn, Delete), resizing, undo/redo, findings, saving, and playtesting a trick."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from crashgrab.editor.crash_grid import ArenaWindow
from crashgrab.editor.crash_grid.scene import CELL
from crashgrab.editor.game_views import open_board_window
from crashgrab.engine.crash_grid.layout_io import load_layout
from crashgrab.engine.crash_grid.model import Start
from crashgrab.engine.crash_grid.templates import template_layout
from crashgrab.engine.games import get_system


def forget_changes(window):
    """Before the test's end closes the window: nothing left to ask about."""
    window.document.undo_stack.setClean()


@pytest.fixture
def window(qtbot):
    window = open_board_window(get_system("crash-grid"), template_layout("4"), None)
    qtbot.addWidget(window, before_close_func=forget_changes)
    qtbot.waitExposed(window)
    return window


def point(window, cell):
    return window.view.mapFromScene(QPointF((cell[0] + 0.5) * CELL, (cell[1] + 0.5) * CELL))


def click(window, cell):
    QTest.mouseClick(window.view.viewport(), Qt.LeftButton, Qt.NoModifier, point(window, cell))


def drag(window, origin, target):
    viewport = window.view.viewport()
    QTest.mousePress(viewport, Qt.LeftButton, Qt.NoModifier, point(window, origin))
    QTest.mouseRelease(viewport, Qt.LeftButton, Qt.NoModifier, point(window, target))


def tool(window, name):
    window.findChild(type(window.playtest_action), f"tool_{name}").trigger()


def test_a_crash_grid_layout_opens_in_its_own_editor(window):
    assert isinstance(window, ArenaWindow)
    assert "(Crash Grid)" in window.windowTitle()
    assert window.scene.kinds().count("start") == 4 and window.scene.kinds().count("square") == 144
    assert window.findings.findings() == ()


def test_walls_toggle_with_undo_and_redo(window):
    click(window, (3, 3))
    assert window.document.layout.walls == {(3, 3)}
    assert window.scene.kinds().count("wall") == 1
    window.undo_stack.undo()
    assert window.document.layout.walls == frozenset() and window.scene.kinds().count("wall") == 0
    window.undo_stack.redo()
    assert window.document.layout.walls == {(3, 3)}
    assert window.windowTitle().startswith("*")


def test_a_start_is_placed_dragged_turned_and_removed(window):
    tool(window, "hearts")
    click(window, (11, 2))                       # hearts moves from [11,5]
    assert window.document.layout.start_of("hearts") == Start("hearts", 11, 2, "west")
    drag(window, (5, 0), (4, 0))                 # spades dragged one square left
    assert window.document.layout.start_of("spades").cell == (4, 0)
    QTest.keyClick(window, Qt.Key_R)             # the dragged start is selected: south -> west
    assert window.document.layout.start_of("spades").facing == "west"
    assert [f.code for f in window.findings.findings()] == ["start-facing", "start-spacing"]
    QTest.keyClick(window, Qt.Key_Delete)
    assert window.document.layout.start_of("spades") is None
    for _ in range(4):
        window.undo_stack.undo()
    assert window.document.layout == template_layout("4")


def test_a_refused_edit_says_why_and_leaves_no_undo_step(window):
    click(window, (2, 2))                        # a wall
    tool(window, "clubs")
    click(window, (2, 2))                        # clubs onto the wall: refused
    assert window.document.layout.start_of("clubs").cell == (0, 6)
    assert window.undo_stack.count() == 1
    assert "is a wall" in window.statusBar().currentMessage()


def test_resizing_and_its_refusal(window):
    window.width_box.setValue(13)
    window.height_box.setValue(12)
    window.toolbar.widgetForAction(window.resize_action).click()
    layout = window.document.layout
    assert (layout.width, layout.height, layout.template) == (13, 12, None)
    assert window.scene.kinds().count("square") == 13 * 12
    window.width_box.setValue(8)
    window.toolbar.widgetForAction(window.resize_action).click()
    assert window.document.layout.width == 13
    assert "would be outside a 8x12 arena" in window.statusBar().currentMessage()


def test_save_writes_the_arena_and_clears_the_star(window, tmp_path):
    click(window, (6, 6))
    path = tmp_path / "arena.json"
    assert window.save_to(path)
    assert load_layout(path).walls == {(6, 6)}
    assert not window.windowTitle().startswith("*")


def test_closing_with_changes_asks_and_may_discard(window, monkeypatch):
    click(window, (6, 6))
    asked = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: asked.append(args[1:3]) or QMessageBox.Discard)
    assert window.close()
    assert asked == [("Unsaved arena", "Save the changes to this arena?")]


def test_playtest_plays_a_trick_and_steps_back(window):
    window.playtest_action.trigger()
    panel = window.playtest
    assert sorted(panel.moves) == ["clubs", "diamonds", "hearts", "spades"]
    assert window.scene.kinds().count("rider") == 4
    for suit in panel.moves:
        panel.moves[suit].setCurrentText("K")
    panel.play_button.click()
    riders = {r.suit: r.at for r in panel.session.state.riders}
    assert riders == {"spades": (5, 1), "hearts": (10, 5), "diamonds": (6, 10), "clubs": (1, 6)}
    assert window.scene.kinds().count("trail") == 4
    assert panel.events.count() == 5            # the order, then four moves
    assert [panel.moves["spades"].itemText(i) for i in range(panel.moves["spades"].count())] == ["J", "Q"]
    panel.back_button.click()
    assert window.scene.kinds().count("trail") == 0
    panel.forward_button.click()
    assert window.scene.kinds().count("trail") == 4
    window.playtest_action.trigger()            # back to editing: the arena again
    assert window.scene.kinds().count("start") == 4 and window.document.layout == template_layout("4")


def test_the_main_windows_new_menu_opens_a_crash_grid_arena(qtbot, tmp_path):
    from crashgrab.editor.crash_and_grab.window.main_window import MainWindow

    main = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    qtbot.addWidget(main)
    action = next(a for a in main.findChildren(type(main.new_menu.menuAction())) if a.objectName() == "new_crash-grid_4")
    action.trigger()
    arena = main.other_windows[-1]
    qtbot.addWidget(arena, before_close_func=forget_changes)
    assert isinstance(arena, ArenaWindow) and arena.document.layout == template_layout("4")


def test_a_playtest_saves_as_a_scenario_that_passes(window, monkeypatch, tmp_path):
    from PySide6.QtWidgets import QFileDialog

    from crashgrab.engine.cli import main

    target = tmp_path / "playtest.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(target), ""))
    window.playtest_action.trigger()
    for suit in window.playtest.moves:
        window.playtest.moves[suit].setCurrentText("Q")
    window.playtest.play_button.click()
    window.playtest.save_button.click()
    assert target.exists()
    assert main(["scenario", "run", str(target)]) == 0


def test_riders_are_dragged_and_turned_before_the_first_trick(window):
    window.playtest_action.trigger()
    drag(window, (5, 0), (5, 3))
    QTest.keyClick(window, Qt.Key_R)                      # south -> west
    spades = window.playtest.session.state.rider("spades")
    assert (spades.at, spades.facing) == ((5, 3), "west")
    assert window.document.layout == template_layout("4")  # the arena itself is not edited
    drag(window, (5, 3), (6, 11))                         # onto diamonds: refused
    assert "[6,11] is taken" in window.playtest.status.text()
    window.playtest.play_button.click()                   # every rider plays J: spades west -> south, [5,4]
    assert window.playtest.session.state.rider("spades").at == (5, 4)
    drag(window, (5, 4), (4, 4))
    assert "before the first trick" in window.playtest.status.text()


def test_the_territory_overlay_tints_each_riders_squares(window):
    window.territory_action.trigger()
    # the 4-player template: 35 squares each, no ties (docs/findings.md metrics)
    assert window.scene.kinds().count("territory") == 140
    click(window, (0, 0))                                 # a wall in a corner: one square fewer
    assert window.scene.kinds().count("territory") == 139
    window.territory_action.trigger()
    assert window.scene.kinds().count("territory") == 0


def test_opening_a_crash_grid_file_from_the_main_window_opens_the_arena_editor(qtbot, tmp_path):
    from crashgrab.editor.crash_and_grab.window.main_window import MainWindow
    from crashgrab.engine.crash_grid.layout_io import save_layout

    path = tmp_path / "arena.json"
    save_layout(template_layout("3"), path)
    main = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    qtbot.addWidget(main)
    before = main.document.layout
    assert main.open_path(path)
    arena = main.other_windows[-1]
    qtbot.addWidget(arena, before_close_func=forget_changes)
    assert isinstance(arena, ArenaWindow) and arena.document.path == path
    assert arena.document.layout == template_layout("3") and main.document.layout is before
    assert not arena.windowTitle().startswith("*")


def test_modified_is_the_undo_stacks_clean_state(window):
    assert not window.document.dirty and not window.windowTitle().startswith("*")
    click(window, (3, 3))
    assert window.document.dirty and window.windowTitle().startswith("*")
    window.undo_stack.undo()  # back where it was saved: nothing to ask about
    assert not window.document.dirty and not window.windowTitle().startswith("*")


def test_new_arenas_from_the_file_menu(window):
    new_menu = window.findChild(type(window.menuBar().actions()[0].menu()), "new_arena")
    assert [a.objectName() for a in new_menu.actions()] == ["new_3", "new_4", "new_free"]
    window.findChild(type(window.playtest_action), "new_3").trigger()
    layout = window.document.layout
    assert (layout.width, layout.height, len(layout.starts), layout.template) == (10, 10, 3, "3")
    assert window.undo_stack.count() == 0 and not window.document.dirty


def test_open_replaces_the_arena_a_bad_file_leaves_it_and_another_games_board_gets_its_window(
        window, tmp_path, monkeypatch):
    from crashgrab.engine.cli import main as cli

    said = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _parent, _title, text: said.append(text))
    arena = tmp_path / "three.json"
    assert cli(["new", "--game", "crash-grid", "--players", "3", "-o", str(arena)]) == 0
    assert window.open_path(arena)
    assert window.document.path == arena and window.document.layout.width == 10
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "crash-grab-layout"', encoding="utf-8")
    assert not window.open_path(broken)
    assert window.document.path == arena and len(said) == 1 and "broken.json" in said[0]
    from tests.conftest import LAYOUTS

    assert window.open_path(LAYOUTS / "standard-2-4p.json")
    other = window.other_windows[-1]
    assert window.document.path == arena  # this arena stays; the other game's board has its own window
    assert type(other).__name__ == "MainWindow" and other.document.path == LAYOUTS / "standard-2-4p.json"
    other.close()


def test_the_editor_opens_a_file_itself_when_the_app_gives_only_its_path(qtbot, tmp_path, monkeypatch):
    from crashgrab.editor.crash_grid import EDITOR

    arena = tmp_path / "arena.json"
    arena.write_text("", encoding="utf-8")  # empty: not JSON
    said = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _parent, _title, text: said.append(text))
    window = EDITOR.open(get_system("crash-grid"), None, arena, None)
    qtbot.addWidget(window, before_close_func=forget_changes)
    assert said and "arena.json" in said[0]
    assert window.document.path is None and window.document.layout.template == "3"  # a new arena instead


def test_the_whole_arena_is_in_view_in_a_small_window(window, qtbot):
    window.resize(1024, 640)
    qtbot.wait(10)
    arena = window.view.mapFromScene(window.scene.itemsBoundingRect()).boundingRect()
    assert window.view.viewport().rect().contains(arena)
    assert arena.height() > window.view.viewport().height() * 0.8  # fitted, not shrunk to a stamp


def test_file_export_writes_the_arena_for_other_programs_and_as_an_image(window, tmp_path, monkeypatch):
    import json

    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QFileDialog

    targets = iter([str(tmp_path / "arena.export.json"), str(tmp_path / "arena.png")])
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (next(targets), ""))
    click(window, (3, 3))  # a wall, so the export is of the arena as edited
    export_menu = window.findChild(type(window.menuBar().actions()[0].menu()), "export_menu")
    assert [a.objectName() for a in export_menu.actions()] == ["export_json", "export_image"]
    window.findChild(type(window.playtest_action), "export_json").trigger()
    exported = json.loads((tmp_path / "arena.export.json").read_text(encoding="utf-8"))
    assert exported["game"] == "crash-grid" and [3, 3] in exported["walls"]
    window.findChild(type(window.playtest_action), "export_image").trigger()
    image = QImage(str(tmp_path / "arena.png"))
    assert not image.isNull() and image.width() == image.height()  # a square arena, margins alike
    assert "arena.png" in window.statusBar().currentMessage()
