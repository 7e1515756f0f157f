"""Fixtures and helpers for the editor's tests (import them into each tests/test_editor_*.py).

Autouse guards: settings go to a temporary folder, any dialog a test did not patch fails
the test instead of blocking it, and a test that leaves a top-level widget behind fails.
"""
from __future__ import annotations

import pytest
import shiboken6
from PySide6.QtCore import QEvent, QMimeData, QPoint, QPointF, QSettings, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from engine.grid.model import Cell


def widget_key(widget) -> int:
    return shiboken6.getCppPointer(widget)[0]


def flush_deletes() -> None:
    for _ in range(3):
        QApplication.sendPostedEvents(None, QEvent.DeferredDelete)
        QApplication.processEvents()


def leaked_widgets(before: set[int]) -> list:
    """Top-level widgets that exist now but did not before."""
    flush_deletes()
    return [w for w in QApplication.topLevelWidgets() if widget_key(w) not in before]


@pytest.fixture(autouse=True)
def no_leaked_widgets(qapp):
    before = {widget_key(w) for w in QApplication.topLevelWidgets()}
    yield
    leaked = leaked_widgets(before)
    names = [f"{type(w).__name__}({w.objectName() or w.windowTitle()!r})" for w in leaked]
    for widget in leaked:  # clean up so that the next test is not blamed as well
        widget.close()
        widget.deleteLater()
    flush_deletes()
    assert not leaked, f"the test leaked top-level widgets: {', '.join(names)}"


@pytest.fixture(autouse=True)
def private_settings(tmp_path, monkeypatch):
    """QSettings objects made without a file land in a temporary folder, never the user's."""
    folder = tmp_path / "qsettings"
    folder.mkdir()
    for fmt in (QSettings.NativeFormat, QSettings.IniFormat):
        QSettings.setPath(fmt, QSettings.UserScope, str(folder))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder))
    return folder


def _unexpected(name):
    def fail(*args, **kwargs):
        raise AssertionError(f"unexpected {name} dialog: {args[1:3]}")
    return staticmethod(fail)


@pytest.fixture(autouse=True)
def no_unexpected_dialogs(monkeypatch):
    """A modal dialog would block an offscreen test forever; tests patch the ones they expect."""
    for name in ("warning", "critical", "question", "information", "about"):
        monkeypatch.setattr(QMessageBox, name, _unexpected(f"QMessageBox.{name}"))
    for name in ("getOpenFileName", "getSaveFileName"):
        monkeypatch.setattr(QFileDialog, name, _unexpected(f"QFileDialog.{name}"))


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "editor.ini"), QSettings.IniFormat)


def make_window(qtbot, settings):
    from editor.main_window import MainWindow
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


__all__ = ["no_leaked_widgets", "private_settings", "no_unexpected_dialogs", "settings", "window", "make_window",
           "close_window", "wait_validated", "cell_point", "send_drag_and_drop", "file_mime", "leaked_widgets",
           "widget_key", "flush_deletes"]
