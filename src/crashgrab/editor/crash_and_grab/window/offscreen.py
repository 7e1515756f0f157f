"""The Crash & Grab window offscreen: for `--screenshot`, the docs' pictures and the edit benchmark."""
from __future__ import annotations

import tempfile
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def offscreen_window(size: tuple[int, int]):
    """A main window with throw-away settings (never the user's), closed afterwards
    without asking about unsaved changes."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from .main_window import MainWindow

    with tempfile.TemporaryDirectory() as scratch:
        window = MainWindow(QSettings(str(Path(scratch) / "screenshot.ini"), QSettings.IniFormat))
        try:
            window.resize(*size)
            window.show()
            yield window
        finally:
            window.document.undo_stack.setClean()
            window.close()
            window.deleteLater()
            QApplication.processEvents()


def write_window_png(window, out: str, prog: str) -> int:
    """Let the window settle, fit the board, and write it as a PNG (atomically)."""
    from PySide6.QtWidgets import QApplication

    from ...app import write_widget_png

    for _ in range(3):
        QApplication.processEvents()
    window.view.fit()
    return write_widget_png(window, out, prog)


def screenshot(out: str, file: str | None) -> int:
    """`crashgrab-editor --screenshot`: the window with the first finding that has cells selected."""
    from ...app import PROG, SCREENSHOT_SIZE

    with offscreen_window(SCREENSHOT_SIZE) as window:
        if file and not window.open_path(file):
            return 1
        report = window.validator.validate_now(window.document.layout)
        first = next((f for f in report.findings if f.cells), None)
        if first is not None:
            window.findings.select_finding(first)
        return write_window_png(window, out, PROG)
