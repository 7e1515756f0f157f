"""The question every editor window asks before unsaved work would be lost."""
from __future__ import annotations

from PySide6.QtWidgets import QMessageBox


def ask_to_save(parent, title: str, question: str, save) -> bool:
    """Save, discard or cancel unsaved changes; True means go ahead (saved or discarded)."""
    answer = QMessageBox.warning(parent, title, question,
                                 QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel, QMessageBox.Save)
    if answer == QMessageBox.Save:
        return save()
    return answer == QMessageBox.Discard
