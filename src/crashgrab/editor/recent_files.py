"""File > Open Recent for any game's window: the files last opened or saved, newest first, kept
in the studio's settings (one list for every game: a file opens in its own game's window), and
the folder the designer last used, where Open and Save As begin.

A file that is gone (missing, a folder, a dangling link) is forgotten when opening it fails; one
that is there but cannot be read or has a fault stays, to be fixed.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from crashgrab.engine.formats.safe_read import real_path

MAX_RECENT = 8
RECENT_KEY = "recentFiles"
FOLDER_KEY = "files/lastDirectory"


class RecentFiles:
    """The list in `settings`, and the Open Recent menu showing it (rebuilt on every change)."""

    def __init__(self, settings: QSettings, menu: QMenu, open_path: Callable[[str], object],
                 clear_action: QAction | None = None) -> None:
        self.settings, self.menu, self.open_path = settings, menu, open_path
        if clear_action is None:  # else the window's own action, which calls `clear`
            clear_action = QAction("Clear Recent Files", menu.parentWidget() or menu)  # clear() deletes the menu's own
            clear_action.setObjectName("clear_recent")
            clear_action.triggered.connect(self.clear)
        self.clear_action = clear_action
        menu.aboutToShow.connect(self.refresh_menu)  # another window may have changed the list
        self.refresh_menu()

    def files(self) -> list[str]:
        value = self.settings.value(RECENT_KEY, [])
        if isinstance(value, str):  # one entry comes back as a plain string from an ini file
            value = [value]
        return [str(v) for v in (value or [])]

    def remember(self, path: str | Path) -> None:
        """`path` first (its real path, so a link and its target are one entry); its folder the last used."""
        path = str(real_path(path))  # never raises, even for a loop of links
        files = [path] + [f for f in self.files() if f != path]
        self.settings.setValue(RECENT_KEY, files[:MAX_RECENT])
        self.settings.setValue(FOLDER_KEY, str(Path(path).parent))
        self.refresh_menu()

    def forget(self, path: str | Path) -> None:
        path = str(real_path(path))
        if path in self.files():
            self.settings.setValue(RECENT_KEY, [f for f in self.files() if f != path])
            self.refresh_menu()

    def clear(self) -> None:
        self.settings.setValue(RECENT_KEY, [])
        self.refresh_menu()

    def last_folder(self) -> str:
        return str(self.settings.value(FOLDER_KEY, str(Path.cwd())))

    def refresh_menu(self) -> None:
        """The menu as the settings have it now (another window may have changed them)."""
        self.menu.clear()
        files = self.files()
        for index, path in enumerate(files, 1):
            action = self.menu.addAction(f"&{index} {Path(path).name}")
            action.setToolTip(path)
            action.setStatusTip(path)
            action.triggered.connect(lambda _=False, p=path: self.open_path(p))
        if files:
            self.menu.addSeparator()
        self.menu.addAction(self.clear_action)
        self.clear_action.setEnabled(bool(files))
