"""Fixtures and helpers for the editor's tests: import the ones a module uses by name.

The autouse guards (private settings, no unpatched dialogs, no leaked top-level widgets) live in
tests/conftest.py and apply to every test that uses Qt without any import.
"""
from __future__ import annotations

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, QSettings, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from crashgrab.engine.grid.model import Cell
from tests.conftest import flush_deletes


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "editor.ini"), QSettings.IniFormat)


def make_window(qtbot, settings):
    from crashgrab.editor.crash_and_grab.window.main_window import MainWindow
    window = MainWindow(settings)
    window.show()
    qtbot.waitExposed(window)
    return window


def close_window(window) -> None:
    window.document.undo_stack.setClean()  # no unsaved-changes question at teardown
    window.close()
    window.deleteLater()
    flush_deletes()


@pytest.fixture
def window(qtbot, settings):
    window = make_window(qtbot, settings)
    wait_validated(qtbot, window)
    yield window
    close_window(window)


def wait_validated(qtbot, window) -> None:
    """Until the findings shown belong to the document's current layout."""
    qtbot.waitUntil(lambda: window.validator.is_current and window.validator.layout is window.document.layout,
                    timeout=5000)
    QApplication.processEvents()


def cell_point(window, cell: Cell) -> QPoint:
    """The viewport pixel at the centre of a board cell."""
    return window.view.mapFromScene(window.scene.cell_rect(cell).center())


def send_drag_and_drop(window, mime: QMimeData, cell: Cell, via: Cell | None = None) -> bool:
    """The Qt event path of a drop on the board: enter, move (over `via`, then `cell`), drop."""
    viewport = window.view.viewport()
    actions = Qt.CopyAction | Qt.MoveAction
    start = cell_point(window, via or cell)  # QPoint: the QPointF overloads are new in Qt 6.12
    enter = QDragEnterEvent(start, actions, mime, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(viewport, enter)
    if not enter.isAccepted():
        return False
    for point in (start, cell_point(window, cell)):
        QApplication.sendEvent(viewport, QDragMoveEvent(point, actions, mime, Qt.LeftButton, Qt.NoModifier))
    drop = QDropEvent(QPointF(cell_point(window, cell)), actions, mime, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(viewport, drop)
    return drop.isAccepted()


def file_mime(path) -> QMimeData:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    return mime

