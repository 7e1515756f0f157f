"""Crash Grid's editor looks and answers like every game's editor (issue 25 item 3): the shared
shortcut table (the same in Crash & Grab's, Crash Grid's and Crash!'s windows, F6 too), the studio's
findings panel (a finding clicked outlines its squares), a legend
naming each suit by its symbol, a toolbar that fits 1024x640 and does not reflow with the undo
text, and suits told apart under colour-vision deficiencies by colour or, failing that, shape."""
from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QAction, QColor, QImage, QKeySequence, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QToolButton

from crashgrab.editor.crash_grid import commands
from crashgrab.editor.crash_grid.marks import SUIT_COLOURS, SUIT_INK, WALL, paint_card
from crashgrab.editor.game_views import open_board_window
from crashgrab.editor.shortcuts import ROLE_PROPERTY, SHORTCUTS
from crashgrab.engine.crash.templates import template_layout as crash_board
from crashgrab.engine.crash_grid.templates import template_layout
from crashgrab.engine.games import get_system
from tests.colour_vision import seen_difference
from tests.editor_fixtures import settings, window  # noqa: F401 (fixtures: Crash & Grab's window)


@pytest.fixture
def arena(qtbot):
    window = open_board_window(get_system("crash-grid"), template_layout("4"), None)
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    qtbot.waitExposed(window)
    return window


def shortcut_table(window) -> dict[str, tuple[str, ...]]:
    """role -> keys, read from the window's own QActions."""
    table = {}
    for action in window.findChildren(QAction):
        role = action.property(ROLE_PROPERTY)
        if role:
            assert role not in table, f"two actions claim {role}"
            table[role] = tuple(key.toString(QKeySequence.PortableText) for key in action.shortcuts())
    return table


@pytest.fixture
def hex_board(qtbot):
    """Crash!'s window, on its standard board."""
    window = open_board_window(get_system("crash"), crash_board("standard"), None)
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    return window


def test_every_games_window_gives_the_shared_actions_the_same_keys(window, arena, hex_board):
    assert shortcut_table(window) == shortcut_table(arena) == shortcut_table(hex_board) == SHORTCUTS
    assert SHORTCUTS["playtest"] == ("F5",) and SHORTCUTS["print_and_play"] == ("Ctrl+P",)
    for game_window in (window, arena, hex_board):  # and no other action of any window takes one of those keys
        owners = {}
        for action in game_window.findChildren(QAction):
            for key in action.shortcuts():
                owners.setdefault(key.toString(QKeySequence.PortableText), set()).add(action)
        for button in game_window.findChildren(QAbstractButton):  # a panel's button with keys of its own
            if not button.shortcut().isEmpty():
                owners.setdefault(button.shortcut().toString(QKeySequence.PortableText), set()).add(button)
        for role, keys in SHORTCUTS.items():
            for key in keys:
                assert {a.property(ROLE_PROPERTY) for a in owners[key]} == {role}, (type(game_window).__name__, key)


def test_every_games_window_goes_from_panel_to_panel_with_f6(window, arena, hex_board):
    for game_window in (window, arena, hex_board):
        keys = {action.objectName(): tuple(k.toString(QKeySequence.PortableText) for k in action.shortcuts())
                for action in game_window.findChildren(QAction) if action.objectName() in ("next_panel", "previous_panel")}
        assert keys == {"next_panel": ("F6",), "previous_panel": ("Shift+F6",)}, type(game_window).__name__


def test_clicking_a_finding_outlines_its_squares_and_selects_its_start(arena, qtbot):
    arena.edit(commands.ToggleWall(arena.document, (5, 1)))  # a wall just ahead of the spades start [5,0]
    table = arena.findings.table
    index = table.model().index(0, 1)
    assert index.data() == "start-blocked"
    assert arena.scene.focus_cells == ()
    QTest.mouseClick(table.viewport(), Qt.LeftButton, Qt.NoModifier, table.visualRect(index).center())
    assert arena.scene.focus_cells == ((5, 0), (5, 1))
    assert arena.scene.kinds().count("focus") == 2
    assert arena.scene.selected == "spades"
    assert "[5,0] [5,1]" in arena.findings.detail.text()
    QTest.keyClick(arena, Qt.Key_R)  # the start it selected turns at once
    assert arena.document.layout.start_of("spades").facing == "west"
    assert arena.scene.kinds().count("focus") == 0  # that finding is gone, and its outline with it


def test_the_legend_names_each_suit_by_its_symbol(arena):
    texts = arena.legend.texts()
    for text in ("Wall", "\u2660 Spades start", "\u2665 Hearts start", "\u2666 Diamonds start", "\u2663 Clubs start"):
        assert text in texts
    assert arena.legend_dock.isVisible()


def test_the_arena_has_its_columns_and_rows_numbered(arena):
    numbers = sorted(int(item.text()) for item in arena.scene.items() if item.data(0) == "coordinate")
    assert numbers == sorted([*range(12), *range(12)])


def test_at_1024_by_640_nothing_hides_behind_the_toolbar_overflow(arena, qtbot):
    arena.resize(1024, 640)
    qtbot.wait(20)
    shown = set()
    for bar in (arena.toolbar, arena.modes_toolbar):
        extension = bar.findChild(QToolButton, "qt_toolbar_ext_button")
        assert extension is None or not extension.isVisible()
        for action in bar.actions():
            if action.isSeparator():
                continue
            widget = bar.widgetForAction(action)
            assert widget is not None and widget.isVisible(), action.text()
            assert bar.rect().contains(widget.geometry()), action.text()
        shown |= {action.objectName() for action in bar.actions()}
    assert {"open", "undo", "save", "playtest", "edit_mode", "territory", "resize"} <= shown


def test_the_undo_button_keeps_its_width_and_says_what_it_undoes_in_its_tip(arena):
    button = arena.toolbar.widgetForAction(arena.undo_action)
    width, text = button.width(), button.text()
    arena.edit(commands.RotateStart(arena.document, "spades"))
    assert (button.width(), button.text()) == (width, text) == (width, "Undo")
    assert arena.undo_action.toolTip() == "Undo turn the spades start (Ctrl+Z)"
    arena.undo_stack.undo()
    assert arena.undo_action.toolTip() == "Nothing to undo (Ctrl+Z)"
    assert arena.redo_action.toolTip() == "Redo turn the spades start (Ctrl+Shift+Z)"


def card_ink(suit: str, size: int = 96) -> set[tuple[int, int]]:
    """The pixels of a suit's card drawn in its ink (its symbol): the card's shape without its colour."""
    card, ink = SUIT_COLOURS[suit], SUIT_INK[suit]
    image = QImage(size, size, QImage.Format_ARGB32)
    image.fill(card)  # round the card too: only the symbol is in ink
    painter = QPainter(image)
    paint_card(painter, QPointF(size / 2, size / 2), size, suit, None)
    painter.end()

    def distance(a: QColor, b: QColor) -> int:
        return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue())

    return {(x, y) for x in range(size) for y in range(size)
            if distance(image.pixelColor(x, y), ink) < distance(image.pixelColor(x, y), card) // 2}


@pytest.mark.parametrize("deficiency", [None, "protanopia", "deuteranopia"])
def test_suits_are_told_apart_by_colour_or_by_shape_under_colour_blindness(deficiency):
    """Machado 2009 at full severity: a pair of suits (or a suit and the wall) closer than ΔE 20 must
    differ in shape; every suit draws its own symbol, so even then they do."""
    colours = {name: QColor(colour) for name, colour in [*SUIT_COLOURS.items(), ("wall", WALL)]}
    close = [(a, b) for a, b in itertools.combinations(colours, 2)
             if seen_difference(colours[a], colours[b], deficiency or "normal") < 20]
    assert close == []  # the colours chosen in marks.py keep every pair apart
    inks = {suit: card_ink(suit) for suit in SUIT_COLOURS}
    for a, b in itertools.combinations(inks, 2):
        differing = len(inks[a] ^ inks[b])
        assert differing > 0.3 * min(len(inks[a]), len(inks[b])), (a, b)  # a different symbol, not a shifted one
