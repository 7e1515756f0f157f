"""The playtest's start position: pieces placed, moved and removed on the board, supplies and upgrade
cards, the pairing and rulings, a set-up by the rules; editable until a turn is played.
"""
from __future__ import annotations

from crashgrab.engine.crash_and_grab.playtest import (PositionError, clear_pieces, empty_start, place_crew, place_saucer, players_for_setup,
                                                      remove_at, set_supplies, set_upgrades, setup_start, with_die_seed, with_pairing,
                                                      with_rulings)
from crashgrab.engine.crash_and_grab.rules.actions import SetUp
from crashgrab.engine.crash_and_grab.rules.pieces import Crew
from crashgrab.engine.grid.model import Cell

from .mode_common import FIXED_MESSAGE
from .palette import piece_words
from .saucer_table import cell_words


class StartPositionMixin:
    """The start position for `PlaytestMode`."""

    def place_piece(self, piece: str | Crew, cell: Cell) -> bool:
        """Put a piece from the palette (or moved on the board) on a cell."""
        if not self._start_editable():
            return False
        try:
            if isinstance(piece, Crew):
                state = place_crew(self.session.start, piece, cell)
            else:
                state = place_saucer(self.session.start, piece, cell)
        except PositionError as error:
            return self._refuse(str(error))
        self.session.set_start(state)
        holder = self.session.start.saucer_at(cell) if isinstance(piece, Crew) else None
        self._status(f"{piece_words(piece).capitalize()} " +
                     (f"is held by the {holder} saucer." if holder else f"stands on {cell_words(cell)}."), 5000)
        self.message = ""
        self.refresh()
        return True

    def remove_piece(self, cell: Cell) -> bool:
        if not self._start_editable():
            return False
        state = remove_at(self.session.start, cell)
        if state is self.session.start:
            return False
        self.session.set_start(state)
        self.refresh()
        return True

    def set_supplies(self, color: str, boosters: int, energy: int) -> bool:
        if not self._start_editable():
            return False
        try:
            self.session.set_start(set_supplies(self.session.start, color, boosters=boosters, energy=energy))
        except PositionError as error:
            return self._refuse(str(error))
        self.refresh()
        return True

    def set_upgrades(self, color: str, cards: list) -> bool:
        if not self._start_editable():
            return False
        try:
            self.session.set_start(set_upgrades(self.session.start, color, cards))
        except PositionError as error:
            self.refresh()
            return self._refuse(str(error))
        self.refresh()
        return True

    def _start_options_changed(self) -> None:
        if not self.active or not self.session.editable:
            return
        state = self.session.start
        try:
            state = with_pairing(state, self.panel.pairs_choice())
        except PositionError as error:
            self._refuse(str(error))
            self.panel.set_start_options(False, self.panel.rulings_choice(), self.panel.die_seed_choice())
            state = with_pairing(state, False)
        state = with_rulings(state, self.panel.rulings_choice())
        state = with_die_seed(state, self.panel.die_seed_choice())
        self.session.set_start(state)
        self.refresh()

    def set_up_by_rules(self, players: int, seed: int) -> bool:
        """A fresh start set up by the rules (SetUp(seed)); a 2-player setup asks its two choices."""
        if not self._start_editable(allow_setup=True):
            return False
        self.session.clear()
        start = setup_start(self.document.layout, players_for_setup(players),
                            rulings=self.panel.rulings_choice(), die_seed=self.panel.die_seed_choice())
        self.session.set_start(start)
        if not self._play(SetUp(seed=seed), "jump"):
            return False
        self._status(f"Set up by the rules for {players} players with seed {seed}: the same seed gives the same "
                     "set-up.", 8000)
        return True

    def clear(self) -> None:
        if not self.active:
            return
        self.set_playing(False)
        self._close_pending()
        self.session.clear()
        self.session.set_start(clear_pieces(empty_start(self.document.layout,
                                                        rulings=self.panel.rulings_choice(),
                                                        die_seed=self.panel.die_seed_choice())))
        self.panel.set_start_options(False, self.panel.rulings_choice(), self.panel.die_seed_choice())
        self.message = ""
        self.refresh()

    def _start_editable(self, allow_setup: bool = False) -> bool:
        if not self.active:
            return False
        if self.pending is not None:
            return self._refuse("Answer the open choice first (or cancel the turn).")
        if self.session.editable or (allow_setup and self._only_set_up()):
            return True
        if allow_setup:
            turns = len(self.session.turns)
            return self._refuse(f"Set Up starts the game again, so it waits until the {turns} turn"
                                f"{'s' if turns != 1 else ''} played are gone: Reset (or Take Back), then Set Up.")
        return self._refuse(FIXED_MESSAGE)

    def _only_set_up(self) -> bool:
        """Set up by the rules and no turn played yet: Set Up may set up again (another seed)."""
        return self.session.setup is not None and len(self.session.played) == 1

    def _start_note(self) -> str:
        """Why the start position's controls are off, at the top of its tab."""
        if self.session.editable:
            return ""
        if self._only_set_up():
            return ("Set up by the rules: the pieces stand where the set-up put them. Set Up again (another "
                    "seed or player count) or Clear the Board to place pieces by hand.")
        return FIXED_MESSAGE
