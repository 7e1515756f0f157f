"""The mouse, keys and drops on the board while playtesting: pieces dragged from the palette or moved
on the board, a prompt's arrows answered by keys, and tile edits refused (the layout is locked).
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, Qt

from crashgrab.editor.crash_and_grab.placing import TILE_MIME, tile_at
from crashgrab.engine.crash_and_grab.playtest import PositionError, place_crew, place_saucer
from crashgrab.engine.crash_and_grab.rules.pieces import Crew
from crashgrab.engine.grid.model import Cell

from .arrows import arrow_at
from .mode_common import DIRECTION_KEYS, EDIT_KEYS, FIXED_MESSAGE, PROMPT_KEYS, _sentence
from .palette import piece_of_mime, piece_words


class BoardInputMixin:
    """The board's input for `PlaytestMode` (an event filter on the view)."""

    def eventFilter(self, watched, event) -> bool:
        if not self.active:
            return False
        kind = event.type()
        if watched is self.view:
            if self.layer.arrows and event.type() in (QEvent.ShortcutOverride, QEvent.KeyPress) \
                    and event.key() in PROMPT_KEYS and not event.modifiers() & ~Qt.KeypadModifier:
                if kind == QEvent.ShortcutOverride:  # the keys go to the prompt, not to a shortcut
                    event.accept()
                    return True
                self._prompt_key(event.key())
                return True
            if kind == QEvent.KeyPress and event.key() in EDIT_KEYS:
                self.blocked()
                return True
            return False
        if kind == QEvent.MouseButtonPress:
            return self._mouse_press(event)
        if kind == QEvent.MouseMove:
            return self._mouse_move(event)
        if kind == QEvent.MouseButtonRelease:
            return self._mouse_release(event)
        if kind == QEvent.MouseButtonDblClick:
            return event.button() == Qt.LeftButton
        if kind in (QEvent.DragEnter, QEvent.DragMove):
            return self._drag_over(event)
        if kind == QEvent.DragLeave:
            self.layer.clear_ghost()
            return False
        if kind == QEvent.Drop:
            return self._drop(event)
        return False

    def _prompt_key(self, key) -> None:
        """The Accelerator question from the keyboard: an arrow key picks one of the offered
        directions, Enter answers it, Esc cancels the turn (as Cancel does in a choice dialog)."""
        if key == Qt.Key_Escape:
            self.cancel_pending()
            return
        offered = [arrow.direction for arrow in self.layer.arrows]
        if key in DIRECTION_KEYS:
            direction = DIRECTION_KEYS[key]
            if direction not in offered:
                self._status(f"{direction.capitalize()} is not offered here: choose {', '.join(offered)}.", 6000)
                return
            self.layer.choose_arrow(direction)
            label = next(a.label for a in self.layer.arrows if a.direction == direction)
            self._status(f"Go {label}? Enter answers, another arrow key changes it, Esc cancels the turn.", 8000)
            return
        chosen = self.layer.chosen_arrow
        if chosen is None:
            self._status("Pick a direction with the arrow keys first, then press Enter.", 6000)
            return
        self.answer(chosen)

    def _scene_point(self, event):
        return self.view.mapToScene(event.position().toPoint())

    def _mouse_press(self, event) -> bool:
        panning = event.button() == Qt.MiddleButton or getattr(self.view, "_space_held", False)
        if panning:
            return False
        pos = self._scene_point(event)
        cell = self.scene.cell_at(pos)
        if event.button() == Qt.RightButton:
            if self.layer.piece_at(cell) is not None:
                self.remove_piece(cell)
            return True
        if event.button() != Qt.LeftButton:
            return True
        arrow = arrow_at(self.scene, pos)
        if arrow is not None and self.pending is not None:
            self.answer(arrow.direction)
            return True
        if self.pending is not None:
            self._status(_sentence(self._pending_note()) + " (or step Back).", 6000)
            return True
        piece = self.layer.piece_at(cell)
        if piece is not None:
            if self.session.editable:
                self._moving = (piece, cell)
            else:
                self._refuse(FIXED_MESSAGE)
            return True
        if tile_at(self.document.layout, cell) is not None:
            self.blocked()
        return True

    def _mouse_move(self, event) -> bool:
        if self._moving is None:
            return False
        piece, origin = self._moving
        cell = self.scene.cell_at(self._scene_point(event))
        if cell == origin:
            self.layer.clear_ghost()
        else:
            self.layer.show_ghost(piece, cell, self._fits(piece, cell))
        return True

    def _mouse_release(self, event) -> bool:
        if self._moving is None:
            return event.button() == Qt.LeftButton
        piece, origin = self._moving
        self._moving = None
        self.layer.clear_ghost()
        cell = self.scene.cell_at(self._scene_point(event))
        if cell == origin:
            return True
        if self.scene.board.on_board(cell):
            self.place_piece(piece, cell)
        else:  # dragged off the board: taken away
            self.remove_piece(origin)
            self._status(f"Took {piece_words(piece)} off the board.", 5000)
        return True

    def _drag_over(self, event) -> bool:
        mime = event.mimeData()
        piece = piece_of_mime(mime)
        if piece is None:
            if mime is not None and mime.hasFormat(TILE_MIME):
                event.ignore()
                self.blocked()
                return True
            return False  # files: the view opens them (which ends the playtest)
        cell = self.scene.cell_at(self.view.mapToScene(event.position().toPoint()))
        self.layer.show_ghost(piece, cell, self._fits(piece, cell))
        event.acceptProposedAction()
        return True

    def _drop(self, event) -> bool:
        piece = piece_of_mime(event.mimeData())
        if piece is None:
            if event.mimeData() is not None and event.mimeData().hasFormat(TILE_MIME):
                event.ignore()
                self.blocked()
                return True
            return False
        self.layer.clear_ghost()
        event.acceptProposedAction()
        self.place_piece(piece, self.scene.cell_at(self.view.mapToScene(event.position().toPoint())))
        return True

    def _fits(self, piece, cell: Cell) -> bool:
        if not self.active or not self.session.editable:
            return False
        try:
            (place_crew if isinstance(piece, Crew) else place_saucer)(self.session.start, piece, cell)
        except PositionError:
            return False
        return True
