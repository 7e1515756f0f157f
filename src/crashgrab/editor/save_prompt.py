"""The questions every editor window asks about saving: before unsaved work would be lost, and where to."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox

from crashgrab.engine.errors import CrashGrabError, printable, shown_path


def ask_to_save(parent, title: str, question: str, save) -> bool:
    """Save, discard or cancel unsaved changes; True means go ahead (saved or discarded)."""
    answer = QMessageBox.warning(parent, title, question,
                                 QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel, QMessageBox.Save)
    if answer == QMessageBox.Save:
        return save()
    return answer == QMessageBox.Discard


def failure_message(error: Exception, path, doing: str = "written") -> str:
    """What a dialog says when writing (or reading) `path` failed: the engine's one line, or, for
    a fault the engine did not foresee, the file and the error, so a failure is never silent."""
    if isinstance(error, CrashGrabError):
        return str(error)
    return f"{shown_path(path)}: could not be {doing} ({printable(str(error)) or type(error).__name__})."


def ask_save_path(parent, title: str, suggested: str, file_filter: str, suffix: str = ".json") -> str | None:
    """The file the designer picks to save into (None: cancelled); a name typed without an
    extension gets `suffix`, so the file opens again as what it is."""
    path, _ = QFileDialog.getSaveFileName(parent, title, suggested, file_filter)
    if not path:
        return None
    return path if Path(path).suffix else path + suffix
