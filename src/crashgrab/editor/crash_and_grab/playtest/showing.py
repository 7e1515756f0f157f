"""What the playtest shows: the pieces and marks on the board at the cursor, the panel's transport
buttons, the caption naming the step and the messages in the status bar.
"""
from __future__ import annotations

from crashgrab.engine.crash_and_grab.playtest import two_saucers_each
from crashgrab.engine.crash_and_grab.rules.actions import SetUp
from crashgrab.engine.crash_and_grab.rules.errors import MissingDieResult
from crashgrab.engine.crash_and_grab.rules.events import Event
from crashgrab.engine.crash_and_grab.rules.session import describe_action
from crashgrab.engine.crash_and_grab.rules.state import GameState

from .mode_common import LOCK_MESSAGE, SLIDE_SHARE, _html
from .saucer_table import cell_words


class ShowingMixin:
    """The picture and words of `PlaytestMode`."""

    def refresh(self, slide: bool = False) -> None:
        if not self.active:
            return
        session, pending = self.session, self.pending
        state = pending.state if pending else session.current
        marks = self._marks()
        self.layer.show(state, marks, round(self.panel.interval_ms() * SLIDE_SHARE) if slide else 0)
        key = (len(session.played), len(session.events), id(pending), pending and (pending.shown, pending.asked))
        if key != self._log_key:
            self._log_key = key
            if pending is None:
                self.panel.set_log(session)
            else:
                self.panel.set_log(session, pending.preview[:pending.shown],
                                   self._pending_note() if pending.asked else "", self._pending_title())
        if pending is None:
            self.panel.select_cursor(session.cursor)
        if session.editable != self._was_editable:
            if not session.editable:
                self.panel.tabs.setCurrentIndex(1)  # the start position is fixed: the next turn is what matters
            self.panel.share_height(session.editable)
        self._was_editable = session.editable
        editable = session.editable and pending is None
        self.panel.set_table(state, editable)
        self.panel.set_saucers(session.end_state.saucer_colors() if session.end_state.players else ())
        held = {color: saucer.upgrades for color, saucer in session.end_state.saucers.items()}
        self.panel.set_held_upgrades(held)
        self.panel.round_tab.set_game(session.end_state.saucer_colors() if session.end_state.players else (),
                                      len(session.end_state.players), session.end_state.directions)
        self.panel.round_tab.set_held(held)
        start = session.start
        held = {c for s in start.saucers.values() for c in s.held}
        self.panel.palette.set_in_use({c for c, s in start.saucers.items() if s.at is not None},
                                      set(start.crew.values()) | held)
        self.panel.set_start_editable(session.editable and pending is None, self._start_note(),
                                      can_set_up=pending is None)
        self.panel.set_start_options(two_saucers_each(start), start.rulings,
                                     self.panel.die_seed_choice() if start.rng is not None else None)
        self._refresh_transport()
        self.panel.set_caption(self._caption(state))
        self.changed.emit()

    def _refresh_transport(self) -> None:
        if not self.active:
            return
        session = self.session
        has_saucers = bool(session.end_state.players)
        self.panel.set_transport(
            can_back=not session.at_start or self.pending is not None,
            can_step=(not self.pending.asked) if self.pending else (not session.at_end or has_saucers),
            playing=self.playing, can_reset=bool(session.turns) or not session.at_start,
            can_take_back=bool(session.played), can_play_turn=has_saucers and self.pending is None)
        self.step_action.setEnabled(self.panel.step_button.isEnabled())
        self.back_action.setEnabled(self.panel.back_button.isEnabled())

    def _marks(self) -> tuple[Event, ...]:
        """The current action's events up to the step shown (a pending action: its preview)."""
        if self.pending is not None:
            return self.pending.preview[:self.pending.shown]
        session = self.session
        if session.cursor == 0:
            return ()
        found = session.played_at(session.cursor - 1)
        if found is None:
            return ()
        _, played = found
        return session.events[played.first:session.cursor]

    def _pending_title(self) -> str:
        action = self.pending.action
        if isinstance(action, SetUp):
            return "Set up by the rules"
        return f"Turn {len(self.session.turns) + 1}: {describe_action(action)} (being played)"

    def _pending_note(self) -> str:
        missing = self.pending.missing
        if missing.choice == "accelerator":
            return (f"{missing.saucer} is on the Accelerator at {cell_words(missing.at)}: click an arrow on the "
                    "board, or pick one with the arrow keys and press Enter")
        if isinstance(missing, MissingDieResult):
            return "waiting for the placement die result"
        return f"waiting for the choice: {missing.choice.replace('_', ' ')}"

    def _caption(self, state: GameState) -> str:
        session, pending = self.session, self.pending
        if self.message:
            return f"<span style='color:#ffb4b4'><b>Cannot do that:</b> {_html(self.message)}</span>"
        if pending is not None and not pending.asked:
            step = len(session.events) + pending.shown
            event = pending.preview[pending.shown - 1] if pending.shown else None
            return (f"<b>Step {step}</b> \u00b7 {_html(self._pending_title())}<br>"
                    f"{_html(event.describe()) if event else 'Step to play it.'}")
        if pending is not None:
            missing = pending.missing
            if missing.choice == "accelerator":
                return (f"<b>{missing.saucer} stopped on the Accelerator at {cell_words(missing.at)}.</b><br>"
                        "It moves again the same distance: click an arrow on the board, or pick one with the "
                        "arrow keys and press Enter (Esc cancels the turn).")
            return f"<b>A choice is open:</b> {_html(self._pending_note())}. Answer it in the dialog."
        winner = f"<br><b>\U0001F3C6 {state.winner} wins.</b>" if state.winner else ""
        event = session.current_event
        if event is None:
            saucers = sum(1 for s in state.saucers.values() if s.at is not None)
            if not saucers:
                return ("<b>Start position</b><br>Drag saucers and crewmembers onto the board, or set up by the "
                        "rules. Then choose the next turn and press Step or Play.")
            turns = f" {len(session.events)} steps played." if session.events else ""
            return (f"<b>Start position</b> \u00b7 {saucers} saucer{'s' if saucers != 1 else ''}, "
                    f"{len(state.crew)} crewmember{'s' if len(state.crew) != 1 else ''} on the board.{turns}")
        number, played = session.played_at(session.cursor - 1)
        return (f"<b>Step {session.cursor} of {len(session.events)}</b> \u00b7 {_html(played.title(number))}<br>"
                f"{_html(event.describe())}{winner}")

    def _status(self, text: str, ms: int = 6000) -> None:
        self.window.statusBar().showMessage(text, ms)

    def _refuse(self, text: str) -> bool:
        self.message = text
        self._status(text, 10000)
        if self.active:
            self.panel.set_caption(self._caption(self.session.current))
        return False

    def blocked(self) -> None:
        self._status(LOCK_MESSAGE, 8000)
