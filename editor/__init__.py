"""The Crash & Grab board editor: a PySide6 view over the engine.

`crashgrab.editor.app.main` is the entry point; `crashgrab.editor.board_painter.paint_board` draws a board on
any QPainter (the scene, image exports).
"""
