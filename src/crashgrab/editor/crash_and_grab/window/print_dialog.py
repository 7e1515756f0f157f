"""File > Print and Play… in Crash & Grab's window: the studio's print dialog (`editor/print_dialog.py`),
with a changed cell size kept in the layout's print settings, as an undoable edit, when the PDF is saved."""
from __future__ import annotations

from ...print_dialog import PrintDialog, print_and_play
from ...print_pages import DEFAULT_CELL_MM
from ..commands import SetPrintCellSize


def print_and_play_dialog(window) -> bool:
    """Ask, write the PDF, and keep a changed cell size with the layout (undoable)."""
    from crashgrab.engine.games import system_for_layout

    from .. import EDITOR

    document = window.document

    def keep_cell_size(dialog: PrintDialog) -> None:
        cell = dialog.settings().cell_mm
        if cell != (document.layout.print_cell_mm or DEFAULT_CELL_MM):
            document.undo_stack.push(SetPrintCellSize(document, cell))

    return print_and_play(window, system_for_layout(document.layout), document.layout, document.path, editor=EDITOR,
                          saved=keep_cell_size)
