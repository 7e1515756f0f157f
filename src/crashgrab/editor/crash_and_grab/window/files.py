"""Crash & Grab's files beyond the shell's (editor/shell_files.py: new, open, save, maybe-save,
Open Recent, drops): its own words for them, a new board of another game from its New menu,
and the exports (resolved JSON, a Tiled map). A file that fails to open leaves the current layout
as it was; files are read and written only through the engine (`LayoutDocument`).
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from crashgrab.engine.crash_and_grab.layout import Layout
from crashgrab.engine.crash_and_grab.templates import TEMPLATES
from crashgrab.engine.errors import CrashGrabError, InvalidFileError
from crashgrab.engine.games import all_systems
from crashgrab.engine.system import GameSystem

from ...designer_words import show_error
from ...recent_files import MAX_RECENT
from ...save_prompt import failure_message
from ...shell_files import file_stem
from ..document import blank_layout
from .print_dialog import print_and_play_dialog

FILE_FILTER = "Crash & Grab layouts (*.json);;All files (*)"
TILED_TMX_FILTER = "Tiled map, XML (*.tmx)"
TILED_TMJ_FILTER = "Tiled map, JSON (*.tmj)"
__all__ = ["FILE_FILTER", "MAX_RECENT", "TILED_TMJ_FILTER", "TILED_TMX_FILTER", "FilesMixin"]


class FilesMixin:
    """What `MainWindow` says and does about files on top of the shell's."""

    noun = "layout"
    file_filter = FILE_FILTER

    def unsaved_question(self, doing: str) -> tuple[str, str]:
        return "Unsaved changes", (f"\u201c{self.document.display_name()}\u201d has unsaved changes. "
                                   f"Save them before {doing}?")

    def open_failed(self, error: CrashGrabError) -> None:
        show_error(self, "Cannot open layout", error)

    def save_failed(self, error: Exception, path: str | Path) -> None:
        QMessageBox.critical(self, "Cannot save layout", failure_message(error, path))

    def layout_replaced(self) -> None:
        """Nothing to end first: the playtest and the scene follow the document's own signal."""

    def document_replaced(self) -> None:
        self._document_replaced()

    def blank_layout(self, template: str | None) -> Layout:
        return blank_layout(template)

    def board_started(self, template: str | None) -> None:
        title = TEMPLATES[template].title if template else "free-form board"
        self.statusBar().showMessage(f"New {title}: drag tiles from the palette onto the board.", 8000)

    def print_and_play(self) -> bool:
        """The shell's print dialog with the tile sheets, keeping a changed cell size (undoable)."""
        return print_and_play_dialog(self)

    def new_layout(self, template: str | None, layout: Layout | None = None) -> bool:
        """An empty board on `template`; `layout` starts from a given one (another tile set)."""
        return self.new_board(template, layout)

    def _add_other_games(self, menu) -> None:
        """A submenu per other installed game: its templates, then free-form."""
        for system in all_systems():
            if system.layout_type is Layout:  # the game this window edits: the entries above
                continue
            submenu = menu.addMenu(system.title)
            submenu.setObjectName(f"new_game_{system.id}")
            for template in system.templates:
                action = submenu.addAction(f"New {template.title} ({template.width}\u00d7{template.height})")
                action.setObjectName(f"new_{system.id}_{template.id}")
                action.triggered.connect(lambda _=False, s=system, t=template.id: self.new_game_layout(s, t))
            action = submenu.addAction(f"New Free-form {system.title} Board")
            action.setObjectName(f"new_{system.id}_free")
            action.triggered.connect(lambda _=False, s=system: self.new_game_layout(s, None))

    def new_game_layout(self, system: GameSystem, template: str | None) -> QWidget:
        """A new board of another game, in that game's editor (or read-only when it has none)."""
        return self.show_other_game(system, system.new_layout(template=template), None)

    def export_dialog(self) -> bool:
        base = self.document.path.with_suffix("") if self.document.path else Path(self.last_folder()) / file_stem(self.document.layout.name)
        path, _ = QFileDialog.getSaveFileName(self, "Export resolved JSON", f"{base}.export.json",
                                              "Resolved export (*.json)")
        if not path:
            return False
        try:
            self.document.export(path)
        except InvalidFileError as error:
            show_error(self, "Cannot export", error, "Other programs need a playable board: fix the errors listed "
                       "in the Findings panel, then export again.")
            return False
        except Exception as error:
            QMessageBox.critical(self, "Cannot export", failure_message(error, path))
            return False
        self.statusBar().showMessage(f"Exported the resolved board to {path}", 5000)
        return True

    def export_tiled_dialog(self) -> bool:
        base = self.document.path.with_suffix("") if self.document.path else Path(self.last_folder()) / file_stem(self.document.layout.name)
        path, chosen = QFileDialog.getSaveFileName(self, "Export Tiled map", f"{base}.tmx",
                                                   f"{TILED_TMX_FILTER};;{TILED_TMJ_FILTER}")
        if not path:
            return False
        if not path.lower().endswith((".tmx", ".tmj")):  # the extension picks the form
            path += ".tmj" if chosen == TILED_TMJ_FILTER else ".tmx"
        try:
            image = self.document.export_tiled(path)
        except InvalidFileError as error:
            show_error(self, "Cannot export", error, "Tiled needs a playable board: fix the errors listed in the "
                       "Findings panel, then export again.")
            return False
        except Exception as error:
            QMessageBox.critical(self, "Cannot export", failure_message(error, path))
            return False
        self.statusBar().showMessage(f"Exported the Tiled map to {path} and its tileset image to {image.name}", 5000)
        return True

    def _files_dropped(self, paths: list[str]) -> None:
        if paths:
            self.open_path(paths[0])
