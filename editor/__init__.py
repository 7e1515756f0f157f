"""The Crash & Grab board editor: a PySide6 view over the engine.

`editor.app.main` is the entry point; `editor.board_painter.paint_board` draws a board on
any QPainter (the scene, image exports).
"""
from .qt_compat import guard as _guard_pyside_refcounts

_guard_pyside_refcounts()  # before any widget exists; see editor/qt_compat.py
