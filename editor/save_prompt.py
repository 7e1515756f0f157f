"""The questions every editor window asks about saving: before unsaved work would be lost, and where to."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox


def ask_to_save(parent, title: str, question: str, save) -> bool:
    """Save, discard or cancel unsaved changes; True means go ahead (saved or discarded)."""
    answer = QMessageBox.warning(parent, title, question,
                                 QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel, QMessageBox.Save)
    if answer == QMessageBox.Save:
        return save()
    return answer == QMessageBox.Discard


def ask_save_path(parent, title: str, suggested: str, file_filter: str, suffix: str = ".json") -> str | None:
    """The file the designer picks to save into (None: cancelled); a name typed without an
    extension gets `suffix`, so the file opens again as what it is."""
    path, _ = QFileDialog.getSaveFileName(parent, title, suggested, file_filter)
    if not path:
        return None
    return path if Path(path).suffix else path + suffix
