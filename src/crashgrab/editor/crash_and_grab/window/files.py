"""The main window's files: new, open (a file of another game opens in its own window), save,
exports, files dropped on the window and the recent files. A file that fails to open leaves the
current layout as it was; files are read and written only through the engine (`LayoutDocument`).
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from crashgrab.engine.crash_and_grab.layout import Layout
from crashgrab.engine.crash_and_grab.templates import TEMPLATES
from crashgrab.engine.errors import CrashGrabError, InvalidFileError, UnreadableFileError
from crashgrab.engine.formats.layout_io import load_layout
from crashgrab.engine.formats.safe_read import real_path
from crashgrab.engine.games import all_systems, system_for_layout
from crashgrab.engine.system import GameSystem

from ...designer_words import show_error
from ...game_views import open_board_window
from ...save_prompt import ask_save_path, ask_to_save, failure_message
from ..document import blank_layout

MAX_RECENT = 8
FILE_FILTER = "Crash & Grab layouts (*.json);;All files (*)"
TILED_TMX_FILTER = "Tiled map, XML (*.tmx)"
TILED_TMJ_FILTER = "Tiled map, JSON (*.tmj)"


class FilesMixin:
    """Opening, saving and exporting for `MainWindow`, and its Open Recent menu (kept in its settings)."""

    def maybe_save(self, doing: str = "continuing") -> bool:
        """Unsaved changes: ask to save, discard or cancel. True means go ahead."""
        if not self.document.is_modified():
            return True
        return ask_to_save(self, "Unsaved changes", f"\u201c{self.document.display_name()}\u201d has unsaved "
                           f"changes. Save them before {doing}?", self.save)

    def new_layout(self, template: str | None, layout: Layout | None = None) -> bool:
        """An empty board on `template`; `layout` starts from a given one (another tile set)."""
        if not self.maybe_save("starting a new board"):
            return False
        self.document.reset(layout if layout is not None else blank_layout(template))
        self._document_replaced()
        title = TEMPLATES[template].title if template else "free-form board"
        self.statusBar().showMessage(f"New {title}: drag tiles from the palette onto the board.", 8000)
        return True

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

    def show_other_game(self, system: GameSystem, layout, path) -> QWidget:
        """Another game's board opens in its own window; this window's layout is left as it is."""
        window = open_board_window(system, layout, path, self)
        self.other_windows = [w for w in getattr(self, "other_windows", []) if w.isVisible()] + [window]
        self.statusBar().showMessage(f"Opened a {system.title} board in its own window.", 8000)
        return window

    def open_dialog(self) -> bool:
        path, _ = QFileDialog.getOpenFileName(self, "Open layout", self._last_directory(), FILE_FILTER)
        return self.open_path(path) if path else False

    def open_path(self, path: str | Path) -> bool:
        """Load through the engine first: a file that fails leaves the current layout as it was."""
        try:
            layout = load_layout(path)
        except CrashGrabError as error:
            show_error(self, "Cannot open layout", error)
            if isinstance(error, UnreadableFileError):  # gone for good; a file with a fault stays to be fixed
                self._forget_recent(path)
            return False
        except Exception as error:  # anything else the engine did not foresee, still one message
            QMessageBox.critical(self, "Cannot open layout", f"{path}: {error}")
            return False
        system = system_for_layout(layout)
        if system.layout_type is not Layout:
            self.show_other_game(system, layout, path)
            self._remember_recent(path)
            return True
        if not self.maybe_save("opening another layout"):
            return False
        self.document.reset(layout, path)
        self._document_replaced()
        self._remember_recent(path)
        self.statusBar().showMessage(f"Opened {path}", 5000)
        return True

    def save(self) -> bool:
        if self.document.path is None:
            return self.save_as()
        return self._save_to(self.document.path)

    def save_as(self) -> bool:
        suggested = str(self.document.path or Path(self._last_directory()) / f"{_file_stem(self.document.layout)}.json")
        path = ask_save_path(self, "Save layout as", suggested, FILE_FILTER)
        return self._save_to(path) if path else False

    def _save_to(self, path: str | Path) -> bool:
        try:
            self.document.save(path)
        except Exception as error:  # whatever it is, a dialog: the edits are not saved
            QMessageBox.critical(self, "Cannot save layout", failure_message(error, path))
            return False
        self._remember_recent(path)
        self.statusBar().showMessage(f"Saved {path}", 5000)
        return True

    def export_dialog(self) -> bool:
        base = self.document.path.with_suffix("") if self.document.path else Path(self._last_directory()) / _file_stem(self.document.layout)
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
        base = self.document.path.with_suffix("") if self.document.path else Path(self._last_directory()) / _file_stem(self.document.layout)
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

    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasUrls() and any(u.isLocalFile() for u in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        paths = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if paths:
            event.acceptProposedAction()
            self._files_dropped(paths)

    def recent_files(self) -> list[str]:
        value = self.settings.value("recentFiles", [])
        if isinstance(value, str):  # one entry comes back as a plain string from an ini file
            value = [value]
        return [str(v) for v in (value or [])]

    def _remember_recent(self, path: str | Path) -> None:
        path = str(real_path(path))  # never raises, even for a loop of links
        files = [path] + [f for f in self.recent_files() if f != path]
        self.settings.setValue("recentFiles", files[:MAX_RECENT])
        self.settings.setValue("files/lastDirectory", str(Path(path).parent))
        self._rebuild_recent_menu()

    def _forget_recent(self, path: str | Path) -> None:
        path = str(real_path(path))
        if path in self.recent_files():
            self.settings.setValue("recentFiles", [f for f in self.recent_files() if f != path])
            self._rebuild_recent_menu()

    def clear_recent(self) -> None:
        self.settings.setValue("recentFiles", [])
        self._rebuild_recent_menu()

    def _rebuild_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for index, path in enumerate(files, 1):
            action = self.recent_menu.addAction(f"&{index} {Path(path).name}")
            action.setToolTip(path)
            action.setStatusTip(path)
            action.triggered.connect(lambda _=False, p=path: self.open_path(p))
        if files:
            self.recent_menu.addSeparator()
        self.recent_menu.addAction(self.actions["clear_recent"])
        self.actions["clear_recent"].setEnabled(bool(files))

    def _last_directory(self) -> str:
        return str(self.settings.value("files/lastDirectory", str(Path.cwd())))


def _file_stem(layout: Layout) -> str:
    stem = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in layout.name.lower()).strip("-")
    return stem or "layout"
