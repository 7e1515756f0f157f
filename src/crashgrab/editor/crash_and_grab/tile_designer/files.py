"""The tile designer's files (a mixin of window.TileDesignerWindow): new, open, save and save as
(refused while the set has problems), the unsaved-changes question, and handing the finished set
to the main editor's layout ("Use in Layout", "Embed in Layout", "New Free-form Layout")."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog, QMessageBox

from crashgrab.engine.errors import CrashGrabError

from ...designer_words import show_error
from ...save_prompt import ask_save_path, ask_to_save, failure_message
from .document import empty_tileset, standard_copy

FILE_FILTER = "Crash & Grab tile sets (*.json);;All files (*)"


class TileSetFiles:
    document: Any
    editor: Any

    # --- files ---------------------------------------------------------------------------------
    def maybe_save(self, doing: str = "continuing") -> bool:
        """Unsaved changes: ask to save, discard or cancel. True means go ahead."""
        if not self.document.is_modified():
            return True
        return ask_to_save(self, "Unsaved tile set", f"The tile set \u201c{self.document.display_name()}\u201d has "
                           f"unsaved changes. Save them before {doing}?", self.save)

    def start(self, tileset, path: str | Path | None = None) -> bool:
        """Design `tileset` (saved at `path`, or untitled), after asking about unsaved changes."""
        if not self.maybe_save("starting another tile set"):
            return False
        self.document.reset(tileset, path)
        self._tileset_replaced()
        return True

    def new_tileset(self) -> bool:
        return self.start(empty_tileset())

    def new_standard_copy(self) -> bool:
        return self.start(standard_copy())

    def open_dialog(self) -> bool:
        path, _ = QFileDialog.getOpenFileName(self, "Open tile set", self._folder(), FILE_FILTER)
        return self.open_path(path) if path else False

    def open_path(self, path: str | Path) -> bool:
        """A file that fails to load shows the engine's message and changes nothing."""
        if not self.maybe_save("opening another tile set"):
            return False
        try:
            self.document.open(path)
        except CrashGrabError as error:
            show_error(self, "Cannot open tile set", error)
            return False
        except OSError as error:
            QMessageBox.critical(self, "Cannot open tile set", f"{path}: {error}")
            return False
        self._tileset_replaced()
        if self.document.path is None:
            self.statusBar().showMessage(f"{Path(path).name} ships with the editor: you are editing a copy; "
                                         "Save asks where to keep it.", 10000)
        return True

    def save(self) -> bool:
        if self._refuse_faults("save", "saving"):
            return False
        if self.document.path is None:
            return self.save_as()
        return self._save_to(self.document.path)

    def save_as(self) -> bool:
        if self._refuse_faults("save", "saving"):
            return False
        suggested = str(self.document.path or Path(self._folder()) / f"{self.document.tileset.id}.json")
        path = ask_save_path(self, "Save tile set as", suggested, FILE_FILTER)
        return self._save_to(path) if path else False

    def _save_to(self, path: str | Path) -> bool:
        try:
            written = self.document.save(path)
        except Exception as error:  # whatever it is, a dialog: the tile set is not saved
            QMessageBox.warning(self, "Cannot save tile set", failure_message(error, path))
            return False
        self.statusBar().showMessage(f"Saved {written}", 5000)
        return True

    def _refuse_faults(self, verb: str, doing: str) -> bool:
        """Problems block saving (and using the set): say which, and where they are marked."""
        faults = self.document.faults()
        if not faults:
            return False
        lines = "\n".join(f"\u2022 {f.message} ({f.place()})" for f in faults[:8])
        more = f"\n\u2026 and {len(faults) - 8} more." if len(faults) > 8 else ""
        QMessageBox.warning(self, f"Cannot {verb} the tile set",
                            f"The tile set has {len(faults)} problem{'s' if len(faults) > 1 else ''} that "
                            f"block{'s' if len(faults) == 1 else ''} {doing} it:\n\n{lines}{more}\n\n"
                            "The cells are ringed in red on the tiles; fix them, then try again.")
        self.select_tile(faults[0].tile)
        return True

    def _folder(self) -> str:
        if self.document.path:
            return str(self.document.path.parent)
        if self.editor is not None and self.editor.document.path:
            return str(self.editor.document.path.parent)
        return str(Path.cwd())

    # --- handing the tile set to the editor ------------------------------------------------------
    def use_in_layout(self, embed: bool = False) -> bool:
        """The editor's layout takes this tile set as one undoable edit: by the saved file
        (saved first when needed) or embedded in the layout."""
        from .layout_tileset import use_tileset

        if self.editor is None or self._refuse_faults("use", "using"):
            return False
        if embed:
            return use_tileset(self.editor, self.document.tileset, None)
        if (self.document.path is None or self.document.is_modified()) and not self.save():
            return False
        return use_tileset(self.editor, self.document.tileset, self.document.path)

    def new_layout_from_set(self) -> bool:
        from .layout_tileset import start_free_form

        if self.editor is None or self._refuse_faults("use", "using"):
            return False
        if (self.document.path is None or self.document.is_modified()) and not self.save():
            return False
        return start_free_form(self.editor, self.document.tileset, self.document.path)
