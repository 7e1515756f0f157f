"""Stepping through a playtest: step and back through the shown events, reset, take back, end the
round, play a whole round, and Play (a timer stepping on its own).
"""
from __future__ import annotations

from crashgrab.engine.crash_and_grab.rules.actions import EndRound


class SteppingMixin:
    """The transport of `PlaytestMode` (step, back, play)."""

    def step(self) -> bool:
        """One event forward; at the end of what has been played, play the next turn."""
        if not self.active:
            return False
        if self.pending is not None:
            return self._advance_pending()
        if not self.session.at_end:
            self.session.step()
            self.refresh(slide=True)
            return True
        try:
            turn = self.panel.turn()
        except ValueError as error:
            return self._refuse(str(error))
        if turn is None:
            return self._refuse("Put a saucer on the board first (drag one from the Start position tab).")
        return self._play(turn, "step")

    def back(self) -> bool:
        if not self.active:
            return False
        self.set_playing(False)
        pending = self.pending
        if pending is not None:
            if pending.then != "jump" and pending.shown > 0:
                self._unpose()
                pending.shown -= 1
            else:
                self._close_pending()
            self.refresh()
            return True
        moved = self.session.back()
        self.refresh()
        return moved

    def show_step(self, cursor: int) -> None:
        """The board as it was after `cursor` events (the event log's selection)."""
        if not self.active:
            return
        self.set_playing(False)
        self._close_pending()
        self.session.seek(cursor)
        self.refresh()

    def reset(self) -> None:
        """Pieces back to the start position; the turns played are forgotten."""
        if not self.active:
            return
        self.set_playing(False)
        self._close_pending()
        self.session.reset()
        self.message = ""
        self.refresh()

    def take_back(self) -> bool:
        if not self.active or not self.session.played:
            return False
        self.set_playing(False)
        self._close_pending()
        played = self.session.take_back()
        self.session.seek(len(self.session.events))
        self._status(f"Took back: {played.title(len(self.session.turns) + 1)}.", 5000)
        self.refresh()
        return True

    def end_round(self) -> bool:
        if not self.active or self.pending is not None:
            return False
        if not self.session.end_state.players:
            return self._refuse("Put saucers on the board first.")
        return self._play(EndRound(), "jump")

    def play_round(self) -> bool:
        """A whole round with the Round tab's plan; its open choices are asked as for a turn."""
        if not self.active or self.pending is not None:
            return False
        try:
            action = self.panel.round_tab.round()
        except ValueError as error:
            return self._refuse(str(error))
        if action is None or not self.session.end_state.players:
            return self._refuse("Put saucers on the board first.")
        return self._play(action, "jump")

    def set_playing(self, on: bool) -> None:
        """Play: one step per tick at the panel's speed, through what has been played or,
        from the end, through the next turn."""
        if on == self.playing or (on and not self.active):
            self._refresh_transport()
            return
        self.playing = on
        if not on:
            self.timer.stop()
            self._refresh_transport()
            return
        self.timer.setInterval(self.panel.interval_ms())
        if self.session.at_end and self.pending is None:
            try:
                turn, problem = self.panel.turn(), "Put a saucer on the board first."
            except ValueError as error:
                turn, problem = None, str(error)
            if turn is None or not self._play(turn, "play"):
                self.playing = False
                if turn is None:
                    self._refuse(problem)
                self._refresh_transport()
                return
        self.timer.start()
        self._refresh_transport()

    def _tick(self) -> None:
        if self.session is None:
            self.set_playing(False)
        elif self.pending is not None:
            if not self.pending.asked:
                self._advance_pending()
        elif self.session.at_end:
            self.set_playing(False)
        else:
            self.session.step()
            self.refresh(slide=True)
            if self.session.at_end:
                self.set_playing(False)
