"""What any game's window keeps between sessions in the studio's settings (QSettings): its size
and place on the screen and, for a window that asks, its panels' arrangement (Qt's saveState),
under a group of the window's own (`WindowSettings(settings, group)`), so each game's window
comes back as it was left and never with another window's panels."""
from __future__ import annotations

import tempfile
from contextlib import contextmanager
from typing import Any, Iterator

from PySide6.QtCore import QByteArray, QSettings, QSize


def default_settings() -> QSettings:
    """The studio's settings (app.py names them), as every window keeps them."""
    from .app import APPLICATION, ORGANISATION

    return QSettings(ORGANISATION, APPLICATION)


@contextmanager
def throwaway_settings() -> Iterator[None]:
    """Windows made from here on keep their settings in a temporary folder (for the rest of the
    process: Qt cannot say where they were kept before, so only the screenshot commands use it):
    a screenshot is drawn at its own size whatever the designer left, and never writes over
    their window sizes or recent files."""
    with tempfile.TemporaryDirectory(prefix="crashgrab-settings-") as folder:
        for kind in (QSettings.NativeFormat, QSettings.IniFormat):
            QSettings.setPath(kind, QSettings.UserScope, folder)
        yield


class WindowSettings:
    def __init__(self, settings: QSettings, group: str) -> None:
        self.settings, self.group = settings, group

    def _value(self, name: str) -> QByteArray | None:
        value = self.settings.value(f"{self.group}/{name}")
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def restore_geometry(self, window: Any, default: QSize) -> bool:
        """The window's saved size and place, else `default`; True when there was one."""
        geometry = self._value("geometry")
        if geometry is not None and window.restoreGeometry(geometry):
            return True
        window.resize(default)
        return False

    def saved_state(self) -> QByteArray | None:
        """The panels' arrangement saved last (the window restores it once its panels exist)."""
        return self._value("state")

    def save(self, window: Any, state: bool = False) -> None:
        """The window's geometry (and, with `state`, its panels' arrangement), written at once."""
        self.settings.setValue(f"{self.group}/geometry", window.saveGeometry())
        if state:
            self.settings.setValue(f"{self.group}/state", window.saveState())
        self.settings.sync()
