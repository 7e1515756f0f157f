"""What a game's editor window shares with every other (the start of issue 20's editor shell):
its File menu and the actions the studio's shortcut table keys (shortcuts.py).

A window mixes `WindowShell` into its QMainWindow and has `system`, `document` (a
layout_document.LayoutDocument), the actions `save_action`, `save_as_action`, `undo_action`,
`redo_action`, `playtest_action`, `next_finding_action`, `previous_finding_action`, and the
methods `open_dialog` and `print_and_play`.
"""
from __future__ import annotations

from typing import Any, Callable

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from .game_views import add_export_menu


class WindowShell:
    system: Any
    document: Any

    def add_file_menu(self, noun: str, free_form: str, new: Callable[[str | None], None]) -> QMenu:
        """File: New (a `noun` per template of the game, and `free_form`), Open, Save, Save As,
        Export, Print and Play, Close; sets `open_action`, `export_menu` and `print_action`."""
        window: Any = self
        file_menu = window.menuBar().addMenu("&File")
        new_menu = file_menu.addMenu("New")
        new_menu.setObjectName(f"new_{noun}")
        for template in self.system.templates:
            action = new_menu.addAction(f"New {template.title} {noun}")
            action.setObjectName(f"new_{template.id}")
            action.triggered.connect(lambda _=False, t=template.id: new(t))
        free = new_menu.addAction(free_form)
        free.setObjectName("new_free")
        free.triggered.connect(lambda: new(None))
        self.open_action = file_menu.addAction("Open\u2026", window.open_dialog)
        self.open_action.setObjectName("open")
        file_menu.addActions([window.save_action, window.save_as_action])
        self.export_menu = add_export_menu(window, self.system, lambda: self.document.layout, lambda: self.document.path)
        file_menu.addMenu(self.export_menu)
        self.print_action = file_menu.addAction("Print and Play\u2026", window.print_and_play)
        self.print_action.setObjectName("print_and_play")
        file_menu.addSeparator()
        file_menu.addAction("Close", QKeySequence.Close, window.close)
        return file_menu

    def shared_actions(self) -> dict[str, QAction]:
        """The actions shortcuts.py gives their keys, by role."""
        window: Any = self
        exports = [a for a in self.export_menu.actions() if a.objectName() != "export_image"]
        return {"open": self.open_action, "save": window.save_action, "save_as": window.save_as_action,
                "export": exports[0],
                "export_image": next(a for a in self.export_menu.actions() if a.objectName() == "export_image"),
                "print_and_play": self.print_action, "undo": window.undo_action, "redo": window.redo_action,
                "playtest": window.playtest_action, "next_finding": window.next_finding_action,
                "previous_finding": window.previous_finding_action}
