"""The files of any game's window (issue 20's editor shell, a part of `WindowShell`): New, Open
(a failed open leaves the board as it was; another game's board opens in that game's window),
Save, Save As (a failed save is a dialog, the edits stay), maybe-save before unsaved work would
be lost, Open Recent and the last folder used (recent_files.py), Print and Play, files dropped
on the window. Files are read and written only through the engine (the window's document).

A window sets `file_filter` and `noun`, and may change what is said (`unsaved_question`,
`save_failed`), what a new board is (`blank_layout`), and what it does around a board
replaced by New or Open (`layout_replaced` before, `document_replaced` after, `board_started`).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox, QWidget

from crashgrab.engine.errors import CrashGrabError, UnreadableFileError, printable, shown_path
from crashgrab.engine.formats.layout_io import load_layout
from crashgrab.engine.games import system_for_layout

from .designer_words import designer_words, place_words
from .game_views import open_board_window
from .print_dialog import print_and_play
from .recent_files import RecentFiles
from .save_prompt import ask_save_path, ask_to_save, failure_message
from .window_settings import default_settings

FILE_FILTER = "Layouts (*.json);;All files (*)"


def designer_message(error: CrashGrabError) -> str:
    """An engine error for a dialog: the file, where in it in words (not a JSON path), what is
    wrong and how to fix it, command-line advice said as the editor's controls (designer_words)."""
    place = place_words(error.where, always=True)
    head = shown_path(error.file) if error.file else ""
    text = printable(error.shown_message)
    if place:
        text = f"in {place}: {text}"
    text = f"{head}: {text}" if head else text
    return designer_words(f"{text} {error.hint}" if error.hint else text)


def file_stem(name: str, fallback: str = "layout") -> str:
    """A file name from a board's name: "My Board!" -> "my-board"."""
    stem = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in name.lower()).strip("-")
    return stem or fallback


class ShellFiles:
    system: Any
    document: Any
    noun = "board"
    file_filter = FILE_FILTER
    _studio_settings: QSettings | None = None
    recent: RecentFiles | None = None

    # --- settings and the recent files ---------------------------------------------------------
    @property
    def studio_settings(self) -> QSettings:
        """The studio's settings (window_settings.py), unless the window was given its own
        (tests, screenshots): what every window keeps, the recent files among them."""
        if self._studio_settings is None:
            self._studio_settings = default_settings()
        return self._studio_settings

    @studio_settings.setter
    def studio_settings(self, settings: QSettings) -> None:
        self._studio_settings = settings

    def add_recent_menu(self, file_menu: QMenu, clear_action=None) -> QMenu:
        """File > Open Recent, filled from the settings."""
        menu = file_menu.addMenu("Open &Recent")
        menu.setObjectName("open_recent")
        self.recent_menu = menu
        self.recent = RecentFiles(self.studio_settings, menu, self.open_path, clear_action)
        return menu

    def recent_files(self) -> list[str]:
        return self.recent.files() if self.recent is not None else []

    def remember_recent(self, path: str | Path) -> None:
        if self.recent is not None:
            self.recent.remember(path)

    def clear_recent(self) -> None:
        if self.recent is not None:
            self.recent.clear()

    def last_folder(self) -> str:
        """Where Open and Save As begin: the folder of the file last opened or saved."""
        return self.recent.last_folder() if self.recent is not None else str(Path.cwd())

    # --- what is said (a window may say it its own way) ------------------------------------------
    def unsaved_question(self, doing: str) -> tuple[str, str]:
        """The title and question before unsaved work would be lost (`doing`: "closing")."""
        return f"Unsaved {self.noun}", f"Save the changes to this {self.noun}?"

    def open_failed(self, error: CrashGrabError) -> None:
        """One dialog in the designer's words; the engine's own (with the JSON path) in Messages."""
        QMessageBox.critical(self, "Cannot open layout", designer_message(error))  # type: ignore[call-overload]
        log = getattr(self, "message_log", None)
        if log is not None:
            log.add(f"Not opened: {error}")

    def save_failed(self, error: Exception, path: str | Path) -> None:
        said = designer_message(error) if isinstance(error, CrashGrabError) else failure_message(error, path)
        QMessageBox.warning(self, "Not saved", said)  # type: ignore[call-overload]

    # --- around a board replaced -------------------------------------------------------------------
    def layout_replaced(self) -> None:
        """The window's board is about to be another (New, Open): playtesting ends. A window that
        keeps more about the old board (a selection) forgets it here too."""
        window: Any = self
        window.playtest_action.setChecked(False)

    def document_replaced(self) -> None:
        """The document holds the new board (New, Open): a window that does not follow the
        document's signal for it shows it here."""

    def blank_layout(self, template: str | None) -> Any:
        return self.system.new_layout(template=template)

    def board_started(self, template: str | None) -> None:
        """After New: a window may say what to do first."""

    # --- the commands ------------------------------------------------------------------------------
    def maybe_save(self, doing: str = "continuing") -> bool:
        """Unsaved changes: save, discard or cancel. True means go ahead."""
        if not self.document.dirty:
            return True
        title, question = self.unsaved_question(doing)
        return ask_to_save(self, title, question, self.save)

    def new_board(self, template: str | None, layout: Any = None) -> bool:
        """An empty board on `template` (free-form: None); `layout`, a given one to start from."""
        if not self.maybe_save("starting a new board"):
            return False
        self.layout_replaced()
        self.document.reset(layout if layout is not None else self.blank_layout(template))
        self.document_replaced()
        self.board_started(template)
        return True

    def open_dialog(self) -> bool:
        path, _ = QFileDialog.getOpenFileName(self, "Open layout", self.last_folder(), self.file_filter)  # type: ignore[call-overload]
        return self.open_path(path) if path else False

    def open_path(self, path: str | Path) -> bool:
        """Load through the engine first: a file that fails leaves this board as it was. A board
        of another game opens in that game's window."""
        window: Any = self
        try:
            layout = load_layout(path)
        except CrashGrabError as error:
            self.open_failed(error)
            if isinstance(error, UnreadableFileError) and _gone(path):   # a file with a fault stays to be fixed
                self.recent is not None and self.recent.forget(path)
            return False
        except Exception as error:  # anything else the engine did not foresee, still one message
            QMessageBox.critical(window, "Cannot open layout", failure_message(error, path, "read"))
            return False
        system = system_for_layout(layout)
        if system.id != self.system.id:
            self.show_other_game(system, layout, path)
            self.remember_recent(path)
            return True
        if not self.maybe_save("opening another layout"):
            return False
        self.layout_replaced()
        self.document.reset(layout, Path(path))
        self.document_replaced()
        self.remember_recent(path)
        window.statusBar().showMessage(f"Opened {path}", 5000)
        return True

    def show_other_game(self, system, layout, path) -> QWidget:
        """Another game's board opens in its own window; this window's board is left as it is."""
        window: Any = self
        opened = open_board_window(system, layout, path, window)
        window.other_windows = [w for w in getattr(window, "other_windows", []) if w.isVisible()] + [opened]
        window.statusBar().showMessage(f"Opened a {system.title} board in its own window.", 8000)
        return opened

    def save(self) -> bool:
        return self.save_to(self.document.path) if self.document.path else self.save_as()

    def save_as(self) -> bool:
        name = self.system.layout_name(self.document.layout)
        suggested = str(self.document.path or Path(self.last_folder()) / f"{file_stem(name, self.noun)}.json")
        path = ask_save_path(self, f"Save {self.noun} as", suggested, self.file_filter)
        return self.save_to(Path(path)) if path else False

    def save_to(self, path: str | Path) -> bool:
        window: Any = self
        try:
            self.document.save(path)
        except Exception as error:  # whatever it is, a dialog: the board is not saved, the edits stay
            self.save_failed(error, path)
            return False
        self.remember_recent(path)
        window.statusBar().showMessage(f"Saved {path}", 5000)
        return True

    def print_and_play(self) -> bool:
        """The board as a poster PDF (the studio's print dialog)."""
        return print_and_play(self, self.system, self.document.layout, self.document.path)  # type: ignore[arg-type]

    # --- files dropped on a window that accepts drops --------------------------------------------
    def dragEnterEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if event.mimeData().hasUrls() and any(u.isLocalFile() for u in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        paths = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if paths:
            event.acceptProposedAction()
            self.open_path(paths[0])


def _gone(path: str | Path) -> bool:
    """Whether the path leads to no file at all (missing, a dangling link or a link loop, or a
    folder): what Open Recent forgets. An unreadable file (no permission, not UTF-8) stays."""
    try:
        return not Path(path).is_file()
    except OSError:   # a link loop, a name too long
        return True
