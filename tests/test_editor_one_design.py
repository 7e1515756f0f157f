"""Every game's editor held to one design (issue 25), for Crash Grid's and Crash!'s windows: at
1024x640 the board keeps 60% of the window and the panels are tabs of one side rail, with
nothing in them scrolled or cut, editing and playtesting; one toolbar style (commands as icons,
Edit and Playtest as named switches); the square or hex under the pointer or the keyboard's
cursor named in the status bar, following undo; undo saying what it undid; cues told apart
under colour-vision deficiencies by colour or shape; messages in a designer's words."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QImage, QMouseEvent, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (QAbstractButton, QAbstractScrollArea, QApplication, QComboBox, QScrollArea,
                               QTabBar, QTabWidget, QToolButton)

from crashgrab.editor.crash.scene import PLAYER_COLOURS, PIECES, BoardScene, paint_piece
from crashgrab.editor.crash_grid import commands as grid_commands
from crashgrab.editor.game_views import open_board_window
from crashgrab.editor.window_shell import WIDE_WINDOW
from crashgrab.engine.crash.templates import template_layout as crash_board
from crashgrab.engine.crash_grid.templates import template_layout as grid_arena
from crashgrab.engine.games import get_system
from tests.colour_vision import VISIONS, seen_difference

GAMES = {"crash-grid": lambda: grid_arena("4"), "crash": lambda: crash_board("standard")}


def forget_changes(window) -> None:
    window.document.undo_stack.setClean()


@pytest.fixture(params=sorted(GAMES))
def small(request, qtbot):
    """A game's window at 1024x640, its panels arranged for that size."""
    window = open_board_window(get_system(request.param), GAMES[request.param](), None)
    qtbot.addWidget(window, before_close_func=forget_changes)
    window.resize(1024, 640)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.compact is True)
    QApplication.processEvents()
    return window


def play_a_little(window) -> None:
    """A trick (Crash Grid), or p1's turn and p2's automatic part three cars in (Crash!)."""
    window.playtest_action.trigger()
    panel = window.playtest
    if window.system.id == "crash-grid":
        panel.play_button.click()
        return
    for values in ((4, 4, 2), (6, 6, 6)):
        for box, value in zip(panel.dice, values):
            box.setValue(value)
        panel.roll_button.click()
        if values[0] == 4:
            panel.select(4)
            panel.move()
            panel.turn("northeast")
        panel.end_button.click()
    panel.forward_button.click()
    panel.forward_button.click()


def assert_rail_fits(window) -> None:
    QApplication.processEvents()
    view = window.view.geometry()
    assert view.width() * view.height() >= 0.6 * window.width() * window.height()
    docks = [dock for dock in window.rail_docks() if not dock.isHidden()]  # (Playtest only while playtesting)
    assert {window.dockWidgetArea(dock) for dock in docks} == {Qt.RightDockWidgetArea}
    assert set(window.tabifiedDockWidgets(docks[0])) == set(docks[1:])  # one column, a tab each
    assert window.tabPosition(Qt.RightDockWidgetArea) == QTabWidget.East  # the rail down the window's edge
    shown = [dock for dock in docks if dock.isVisible() and not dock.visibleRegion().isEmpty()]
    assert len(shown) == 1, [dock.windowTitle() for dock in shown]
    panel = shown[0]
    assert panel.height() <= view.height() + 30  # no taller than the board beside it
    assert not panel.findChildren(QScrollArea)  # no panel inside a scroll area
    for area in panel.findChildren(QAbstractScrollArea):  # lists and tables: nothing sideways out of view
        if area.isVisible():
            bar = area.horizontalScrollBar()
            assert not (bar.isVisible() and bar.maximum() > 0), (panel.windowTitle(), type(area).__name__)
    inside = panel.rect()
    for widget in panel.findChildren(QAbstractButton) + panel.findChildren(QComboBox):
        if not widget.isVisible() or isinstance(widget, QToolButton) and widget.autoRaise():
            continue
        box = widget.geometry().translated(widget.parentWidget().mapTo(panel, QPoint(0, 0)))
        assert inside.contains(box), (panel.windowTitle(), widget.objectName() or widget.text())
        text = widget.text() if isinstance(widget, QAbstractButton) else widget.currentText()
        if text and not text.startswith(tuple("\u2190\u2192\u2196\u2197\u2198\u2199")):  # words read in full
            assert widget.width() >= widget.fontMetrics().horizontalAdvance(text) + 8, (text, widget.width())


def test_at_1024x640_the_board_keeps_60_percent_and_every_panel_is_a_tab_of_one_rail(small):
    assert_rail_fits(small)
    assert small.findings_dock.isVisible() and not small.findings_dock.visibleRegion().isEmpty()
    tabs = [bar for bar in small.findChildren(QTabBar) if bar.isVisible() and bar.count() > 1]
    names = {bar.tabText(i) for bar in tabs for i in range(bar.count())}
    assert {"Findings", "History", "Messages"} <= names


def test_at_1024x640_a_playtest_is_played_without_scrolling_a_panel(small):
    play_a_little(small)
    assert small.playtest_dock.isVisible() and not small.playtest_dock.visibleRegion().isEmpty()
    assert_rail_fits(small)
    events = small.playtest.events
    assert events.count() > 0 and events.verticalScrollBar().maximum() == 0  # the step shown, in full


def test_wide_again_the_panels_leave_the_rail_and_back(small, qtbot):
    small.resize(1400, 900)
    qtbot.waitUntil(lambda: small.compact is False)
    assert small.tabPosition(Qt.RightDockWidgetArea) == QTabWidget.South
    assert small.history_dock not in small.tabifiedDockWidgets(small.findings_dock)  # History below the findings
    assert small.findings_dock.geometry().bottom() < small.history_dock.geometry().top()
    small.resize(1024, 640)
    qtbot.waitUntil(lambda: small.compact is True)
    assert_rail_fits(small)
    assert WIDE_WINDOW == 1280  # as Crash & Grab's window


def test_one_toolbar_style_commands_as_icons_and_edit_and_playtest_as_named_switches(small):
    bar, modes = small.toolbar, small.modes_toolbar
    assert bar.toolButtonStyle() == Qt.ToolButtonIconOnly and not bar.isMovable()
    assert modes.toolButtonStyle() == Qt.ToolButtonTextBesideIcon
    assert [a.objectName() for a in modes.actions()] == ["edit_mode", "playtest"]
    names = [a.objectName() for a in bar.actions()]
    assert names.index("open") < names.index("save") < names.index("undo") < names.index("redo")
    for action in bar.actions() + modes.actions():
        if not action.isSeparator() and bar.widgetForAction(action) is None and modes.widgetForAction(action) is None:
            continue
        if not action.isSeparator() and not isinstance(bar.widgetForAction(action), (QToolButton, type(None))):
            continue  # a spin box
        if not action.isSeparator() and action.text():
            assert not action.icon().isNull(), action.objectName()
    for name in ("save", "undo", "playtest"):
        action = next(a for a in bar.actions() + modes.actions() if a.objectName() == name)
        assert action.toolTip().endswith(")"), action.toolTip()  # its keys in its tip: "(Ctrl+S)"
    assert small.edit_mode_action.isChecked() and not small.playtest_action.isChecked()
    small.playtest_action.trigger()
    assert small.playtesting and not small.edit_mode_action.isChecked()
    small.edit_mode_action.trigger()  # back to editing ends the playtest
    assert not small.playtesting and small.edit_mode_action.isChecked()
    small.edit_mode_action.trigger()  # a switch: it stays on
    assert small.edit_mode_action.isChecked()
    for toolbar in (bar, modes):
        extension = toolbar.findChild(QToolButton, "qt_toolbar_ext_button")
        assert extension is None or not extension.isVisible()


def test_the_status_bar_names_the_cursors_square_and_follows_undo(small):
    label = small.cell_label
    small.view.setFocus(Qt.ShortcutFocusReason)
    if small.system.id == "crash-grid":
        small.cursor = (0, 0)
        QTest.keyClick(small.view, Qt.Key_Right)
        QTest.keyClick(small.view, Qt.Key_Down)
        assert small.cursor == (1, 1) and label.text() == "[1,1] free square"
        assert small.scene.kinds().count("cursor") == 1
        QTest.keyClick(small.view, Qt.Key_Return)  # the wall tool at the cursor
        assert label.text() == "[1,1] wall"
        small.undo_action.trigger()
        assert label.text() == "[1,1] free square"
        assert small.statusBar().currentMessage() == "Undone: Toggle the wall at [1,1]."
        small.redo_action.trigger()
        assert small.statusBar().currentMessage() == "Redone: Toggle the wall at [1,1]."
        for _ in range(5):
            QTest.keyClick(small.view, Qt.Key_Right)
        QTest.keyClick(small.view, Qt.Key_Up)
        assert label.text() == "[6,0] free square"
        QTest.keyClick(small.view, Qt.Key_Left)
        assert label.text() == "[5,0] \u2660 spades start, facing south"
    else:
        small.cursor = (-1, 0)
        QTest.keyClick(small.view, Qt.Key_Right)
        assert small.cursor == (0, 0) and label.text() == "[0,0] board hex"
        QTest.keyClick(small.view, Qt.Key_Left)
        assert label.text() == "[-1,0] p1's junkyard"
        QTest.keyClick(small.view, Qt.Key_Right)
        QTest.keyClick(small.view, Qt.Key_Delete)  # the hex under the cursor goes
        assert label.text() == "[0,0] not on the board"
        small.undo_action.trigger()
        assert label.text() == "[0,0] board hex"
        assert small.statusBar().currentMessage().startswith("Undone: ")


def test_the_status_bar_names_the_square_under_the_pointer(small):
    if small.system.id == "crash-grid":
        from crashgrab.editor.crash_grid.scene import CELL

        centre, expected = QPointF(5.5 * CELL, 0.5 * CELL), "[5,0] \u2660 spades start, facing south"
    else:
        from crashgrab.editor.crash.scene import centre as hex_centre

        centre, expected = hex_centre((1, 0)), "[1,0] p2's junkyard"
    point = small.view.mapFromScene(centre)
    move = QMouseEvent(QMouseEvent.MouseMove, QPointF(point), QPointF(small.view.viewport().mapToGlobal(point)),
                       Qt.NoButton, Qt.NoButton, Qt.NoModifier)
    QApplication.sendEvent(small.view.viewport(), move)
    assert small.cell_label.text() == expected


def test_a_finding_clicked_lights_its_cells_and_its_row_has_a_severity_icon(small):
    if small.system.id == "crash-grid":
        small.edit(grid_commands.ToggleWall(small.document, (5, 1)))
    else:
        from crashgrab.editor.crash.commands import TurnStart

        small.edit(TurnStart(small.document, "p1", 3, 2))
    table = small.findings.table
    index = table.model().index(0, 1)
    assert not index.data(Qt.DecorationRole).isNull()  # the severity's icon beside the code
    QTest.mouseClick(table.viewport(), Qt.LeftButton, Qt.NoModifier, table.visualRect(index).center())
    assert small.scene.kinds().count("focus" if small.system.id == "crash-grid" else "highlight") >= 1


def blue_beyond_the_owners_ring(selected: bool, owner: str, size: int = 120) -> int:
    """How many pixels of a junkyard drawn `size` pixels high are the selection's blue, further
    from its centre than its owner's ring reaches (a hex of radius size/2, the ring at 0.82 of it)."""
    from crashgrab.editor import style

    image = QImage(size, size, QImage.Format_ARGB32)
    image.fill(Qt.transparent)
    painter = QPainter(image)
    paint_piece(painter, image.rect().toRectF(), lambda scene: scene._junkyard(owner, (0, 0), selected))
    painter.end()
    reach = 0.82 * size / 2 + 3  # the owner's ring's corners and half its width
    return sum(1 for x in range(size) for y in range(size)
               if ((x - size / 2) ** 2 + (y - size / 2) ** 2) ** 0.5 > reach
               and image.pixelColor(x, y).alpha() > 200
               and seen_difference(image.pixelColor(x, y), style.SELECTION, "normal") < 8)


def test_a_selected_junkyard_keeps_its_owners_ring_and_gains_a_ring_round_its_hex():
    """The selection's blue is within ΔE 20 of p1's: a selected p2 junkyard must not look like p1's."""
    from crashgrab.editor import style

    assert seen_difference(PLAYER_COLOURS["p1"], style.SELECTION, "normal") < 20
    for owner in ("p1", "p2"):
        assert blue_beyond_the_owners_ring(False, owner) == 0
        assert blue_beyond_the_owners_ring(True, owner) > 150
    scene = BoardScene()
    scene._junkyard("p2", (0, 0), selected=True)
    outlines = [item.pen().color().name() for item in scene.items() if item.data(0) == "junkyard"]
    assert outlines == [PLAYER_COLOURS["p2"].name()]


@pytest.mark.parametrize("vision", VISIONS)
def test_crash_players_are_told_apart_by_colour_and_by_shape(vision):
    """p1 blue discs, p2 red squares: ΔE ≥ 20 apart under each vision, and a different shape
    besides (test_editor_crash measures the shapes); a car's number is white on either."""
    p1, p2 = PLAYER_COLOURS["p1"], PLAYER_COLOURS["p2"]
    assert seen_difference(p1, p2, vision) >= 20
    for colour in (p1, p2):
        assert seen_difference(colour, QColor("white"), vision) >= 20
    assert set(PIECES) >= {"car_p1", "car_p2", "junkyard_p1", "junkyard_p2"}


def test_a_playtest_saved_says_so_in_a_designers_words(small, monkeypatch, tmp_path):
    from PySide6.QtWidgets import QFileDialog

    target = tmp_path / "played.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(target), ""))
    play_a_little(small)
    assert small.save_playtest() and target.exists()
    said = small.statusBar().currentMessage()
    assert "crashgrab" not in said and "--" not in said and str(target) in said
    # the command line's form, for who wants it, in the Messages panel only
    assert any("crashgrab scenario run" in text for text in small.message_log.messages())


def test_a_file_that_does_not_open_is_said_without_json_paths(small, monkeypatch, tmp_path):
    from PySide6.QtWidgets import QMessageBox

    bad = tmp_path / "bad.json"
    if small.system.id == "crash-grid":
        bad.write_text('{"format": "crash-grab-layout", "version": 2, "game": "crash-grid", "name": "x", '
                       '"template": null, "arena": {"width": 12, "height": 12}, '
                       '"starts": [{"suit": "spades", "x": 40, "y": 0, "facing": "south"}], "walls": []}',
                       encoding="utf-8")
    else:
        bad.write_text('{"format": "crash-grab-layout", "version": 2, "game": "crash", "hexes": "many"}',
                       encoding="utf-8")
    said = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _parent, _title, text: said.append(text))
    before = small.document.layout
    assert not small.open_path(bad)
    assert small.document.layout is before
    assert said and "bad.json" in said[0] and "$" not in said[0], said


def test_make_screenshot_draws_every_games_states_at_both_sizes(qapp, tmp_path):
    from pathlib import Path

    from crashgrab.editor.crash import screenshots as crash_shots
    from crashgrab.editor.crash_grid import screenshots as grid_shots

    recipe = Path(__file__).resolve().parents[1].joinpath("Makefile").read_text(encoding="utf-8")
    recipe = recipe[recipe.index("\nscreenshot:"):].split("\n\n")[0]
    for package in ("crash_and_grab", "crash", "crash_grid"):
        assert f"-m crashgrab.editor.{package}.screenshots docs" in recipe
    for shots in (crash_shots, grid_shots):
        names = shots.state_names()
        assert names == [f"{state}{suffix}" for state in shots.STATES for suffix in ("", "-small")]
    written = grid_shots.write_states(tmp_path, ["crash-grid-playtest", "crash-grid-editor-small"])
    sizes = [(QImage(str(path)).width(), QImage(str(path)).height()) for path in written]
    assert [path.name for path in written] == ["crash-grid-editor-small.png", "crash-grid-playtest.png"]
    assert sizes == [(1024, 640), (1400, 900)]


def test_a_new_user_builds_validates_playtests_and_saves_at_1024x640_without_scrolling(small, monkeypatch, tmp_path):
    """From File > New to a saved board, the board keeping 60% and no panel scrolled at each step."""
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QFileDialog

    target = tmp_path / "mine.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(target), ""))
    template = "new_4" if small.system.id == "crash-grid" else "new_standard"
    next(a for a in small.findChildren(QAction) if a.objectName() == template).trigger()
    assert_rail_fits(small)
    summary = small.findings.summary.text()
    if small.system.id == "crash-grid":  # build: a wall just ahead of the spades start
        small.cursor = (5, 1)
        small.view.setFocus(Qt.ShortcutFocusReason)
        QTest.keyClick(small.view, Qt.Key_Return)
    else:  # build: p1's car 3 turned away from the other side
        from crashgrab.editor.crash.commands import TurnStart

        small.edit(TurnStart(small.document, "p1", 3, 2))
    assert small.findings.summary.text() != summary and small.findings.findings()  # validated as it was built
    small.findings.select_next(1)
    assert_rail_fits(small)
    play_a_little(small)
    assert_rail_fits(small)
    small.edit_mode_action.trigger()
    assert_rail_fits(small)
    assert small.findings_dock.isVisible() and not small.findings_dock.visibleRegion().isEmpty()
    QTest.keyClick(small, Qt.Key_S, Qt.ControlModifier)  # Save (the studio's keys), a new board: where to
    assert target.exists() and not small.document.dirty
    assert (small.width(), small.height()) == (1024, 640)


def test_f6_goes_from_the_board_to_the_findings_even_behind_another_tab(small):
    small.history_dock.raise_()  # the findings behind History in the rail
    QApplication.processEvents()
    small.view.setFocus(Qt.ShortcutFocusReason)
    QTest.keyClick(small, Qt.Key_F6)
    assert small.focusWidget() is small.findings.table
    assert not small.findings_dock.visibleRegion().isEmpty()  # its tab in front
    if small.system.id == "crash-grid":
        QTest.keyClick(small, Qt.Key_F6)
        assert small.focusWidget() is small.view and small.scene.kinds().count("cursor") == 1


@pytest.mark.parametrize("suit", ["spades", "clubs"])
def test_a_selected_start_gets_a_ring_round_its_card_not_only_a_colour(suit):
    """The clubs card is within ΔE 20 of the selection's blue: a selected card is ringed clear of itself."""
    from crashgrab.editor import style
    from crashgrab.editor.crash_grid.marks import SUIT_COLOURS, card_rect
    from crashgrab.editor.crash_grid.scene import CELL, CardItem

    assert seen_difference(SUIT_COLOURS["clubs"], style.SELECTION, "normal") < 20

    def blue_outside_the_card(selected: bool) -> int:
        image = QImage(int(CELL), int(CELL), QImage.Format_ARGB32)
        image.fill(Qt.white)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.Antialiasing)
        painter.translate(CELL / 2, CELL / 2)
        CardItem(suit, QPointF(0, 0), "south", selected).paint(painter, None)
        painter.end()
        card = card_rect(QPointF(CELL / 2, CELL / 2), CELL).adjusted(-1.5, -1.5, 1.5, 1.5)
        return sum(1 for x in range(image.width()) for y in range(image.height())
                   if not card.contains(QPointF(x + 0.5, y + 0.5))
                   and seen_difference(image.pixelColor(x, y), style.SELECTION, "normal") < 12)

    assert blue_outside_the_card(False) == 0
    assert blue_outside_the_card(True) > 60


def test_territory_tints_too_faint_to_tell_apart_carry_their_riders_symbol(qtbot):
    """The tints are faint (the squares' symbols stay readable under them), so some pairs are
    under ΔE 20 even with normal sight: each tinted square carries its rider's suit symbol."""
    import itertools

    from crashgrab.editor.crash_grid.marks import FREE, SUIT_COLOURS, SUIT_SYMBOLS
    from crashgrab.editor.crash_grid.scene import CELL

    def tinted(colour: QColor) -> QColor:
        image = QImage(4, 4, QImage.Format_ARGB32)
        image.fill(FREE)
        tint = QColor(colour)
        tint.setAlpha(45)
        painter = QPainter(image)
        painter.fillRect(image.rect(), tint)
        painter.end()
        return image.pixelColor(1, 1)

    close = {(a, b) for a, b in itertools.combinations(SUIT_COLOURS, 2) for vision in VISIONS
             if seen_difference(tinted(SUIT_COLOURS[a]), tinted(SUIT_COLOURS[b]), vision) < 20}
    assert close  # so the symbols carry it
    window = open_board_window(get_system("crash-grid"), grid_arena("4"), None)
    qtbot.addWidget(window, before_close_func=forget_changes)
    window.territory_action.setChecked(True)
    owners = dict(window.system.overlay(window.document.layout, "territory").labels)
    by_initial = {suit[0]: suit for suit in SUIT_COLOURS}
    marks = {(int(item.pos().x() // CELL), int(item.pos().y() // CELL)): item.text()
             for item in window.scene.items() if item.data(0) == "territory-mark"}
    assert marks == {cell: SUIT_SYMBOLS[by_initial[initial]] for cell, initial in owners.items()}
    assert len(set(marks.values())) == 4


def test_every_games_window_shows_open_save_undo_and_redo_as_the_studios_icons(qtbot):
    """One toolbar style across the games (issue 25: three button styles were one too many): the
    commands every window has are icon-only buttons with the studio's glyphs, not words."""
    from PySide6.QtWidgets import QToolBar, QToolButton

    from crashgrab.editor.game_views import open_board_window
    from crashgrab.editor.shortcuts import ROLE_PROPERTY
    from crashgrab.engine.games import all_systems

    for system in all_systems():
        window = open_board_window(system, system.new_layout(template=system.templates[0].id), None)
        qtbot.addWidget(window)
        shown = {}
        for bar in window.findChildren(QToolBar):
            for action in bar.actions():
                role = action.property(ROLE_PROPERTY)
                button = bar.widgetForAction(action)
                if role in ("open", "save", "undo", "redo") and isinstance(button, QToolButton):
                    shown[role] = (not action.icon().isNull(), button.toolButtonStyle())
        assert shown == {role: (True, Qt.ToolButtonIconOnly) for role in ("open", "save", "undo", "redo")}, system.id
        window.document.undo_stack.setClean()
