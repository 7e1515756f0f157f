"""The status bar says what is true now: an empty slot in the legend's words, the keyboard's cell
as it moves, an undone edit as undone, an answered Accelerator question gone."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtWidgets import QGraphicsSceneMouseEvent

from crashgrab.editor.crash_and_grab.placing import TileDrag, plan_drop
from tests.conftest import LAYOUTS
from tests.editor_fixtures import settings, wait_validated, window  # noqa: F401  (fixtures, by name)
from tests.test_editor_playtest_board import ask_at_the_accelerator
from tests.test_editor_window import drag_on_board


def hover(window, cell, screen: QPoint) -> None:
    """A mouse move over `cell` with the pointer at `screen`, as the scene receives it."""
    event = QGraphicsSceneMouseEvent(QEvent.GraphicsSceneMouseMove)
    event.setScenePos(window.scene.cell_rect(cell).center())
    event.setScreenPos(screen)
    window.scene.mouseMoveEvent(event)


def test_an_empty_template_slot_is_called_an_empty_slot_not_a_hole(window, qtbot):
    window.new_layout("2-4")  # nothing placed: every cell is in an empty slot
    wait_validated(qtbot, window)
    hover(window, (0, 0), QPoint(5, 5))
    assert window.cell_label.text().startswith("[0,0] empty slot (")
    assert "hole" not in window.cell_label.text()
    assert "hole" not in window.scene.cell_tooltip((0, 0))


def test_a_hole_inside_the_board_is_still_a_hole(window, qtbot):
    window.new_layout(None)  # free-form: two tiles with a gap between them
    for tile, cell in (("1", (0, 0)), ("2", (6, 0))):
        assert window.scene.apply(plan_drop(window.document.layout, TileDrag(tile, "A", 0, (0, 0)), cell))
    assert not window.scene.board.on_board((4, 1))
    hover(window, (4, 1), QPoint(5, 5))
    assert window.cell_label.text() == "[4,1] hole: off the board"


def test_the_keyboard_cursor_updates_the_cell_and_a_scroll_does_not_undo_it(window, qtbot):
    assert window.open_path(LAYOUTS / "standard-2-4p.json")
    wait_validated(qtbot, window)
    hover(window, (6, 6), QPoint(300, 300))  # the pointer rests on the board
    assert window.cell_label.text().startswith("[6,6] ")
    window.view.setFocus(Qt.ShortcutFocusReason)
    window.scene.set_cursor((1, 0))
    qtbot.keyClick(window.view, Qt.Key_Right)
    assert window.scene.cursor == (2, 0)
    assert window.cell_label.text().startswith("[2,0] ")
    # The view scrolls to follow the cursor: Qt sends a move at the same pointer position, over
    # another cell now. The keyboard's cell stays in the status bar.
    hover(window, (5, 5), QPoint(300, 300))
    assert window.cell_label.text().startswith("[2,0] ")
    hover(window, (5, 5), QPoint(320, 300))  # the pointer itself moves: its cell again
    assert window.cell_label.text().startswith("[5,5] ")


def test_undo_and_redo_replace_the_edits_message(window, qtbot):
    assert window.open_path(LAYOUTS / "standard-2-4p.json")
    drag_on_board(qtbot, window, (1, 1), (6, 6))
    bar = window.statusBar()
    assert bar.currentMessage() == "Swap tiles 1 and 4."
    window.actions["undo"].trigger()
    assert bar.currentMessage() == "Undone: Swap tiles 1 and 4."
    window.actions["redo"].trigger()
    assert bar.currentMessage() == "Redone: Swap tiles 1 and 4."
    window.document.undo_stack.setClean()
    window.new_layout("5")  # a new board empties the history without a word about undoing
    assert not bar.currentMessage().startswith(("Undone", "Redone"))


def test_the_accelerator_question_leaves_the_status_bar_once_answered(window, qtbot):
    mode = ask_at_the_accelerator(window)
    qtbot.keyClick(window.view, Qt.Key_Left)
    assert window.statusBar().currentMessage().startswith("Go west")
    qtbot.keyClick(window.view, Qt.Key_Return)
    assert mode.pending is None
    message = window.statusBar().currentMessage()
    assert "Enter answers" not in message and "which way" not in message
    assert message.startswith("red goes west from the Accelerator at ")
