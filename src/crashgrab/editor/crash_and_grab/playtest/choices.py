"""Playing an action and the choices it leaves open: the engine raises MissingChoice, the board steps
to the choice and asks it (arrows for an owner's Accelerator, a dialog for the rest, the die typed
in), and the answered action is played again from the same state.
"""
from __future__ import annotations

from PySide6.QtCore import Qt

from crashgrab.engine.crash_and_grab.playtest import events_before_choice
from crashgrab.engine.crash_and_grab.rules.actions import Turn
from crashgrab.engine.crash_and_grab.rules.errors import MissingChoice, MissingDieResult, RuleError

from .dialogs import ChoiceDialog, DieDialog
from .mode_common import Pending, _sentence
from .saucer_table import cell_words


class ChoicesMixin:
    """Actions and their open choices for `PlaytestMode`."""

    def _play(self, action, then: str, shown: int | None = None) -> bool:
        """Play `action` after the outcome so far. `shown`: the steps of it already shown
        while a choice was open (after answering, the next step shows the answer)."""
        base = self.session.end_state
        try:
            played = self.session.play(action)
        except MissingChoice as missing:
            preview = tuple(events_before_choice(base, action, missing) or ())
            if then == "jump":
                seen = len(preview)
            elif shown is None:
                seen = min(1 if then == "step" else 0, len(preview))
            else:
                seen = min(shown + 1, len(preview))
            self.pending = Pending(action, missing, then, preview, base, seen)
            if self.pending.at_question:
                self._pose()
            self.refresh(slide=then != "jump")
            return True
        except RuleError as error:
            self.set_playing(False)
            return self._refuse(f"That turn cannot be played: {error}")
        self.message = ""
        self._next_saucer_after(action)
        if then == "jump":
            self.session.seek(played.last)
        elif shown is not None:
            self.session.seek(played.first + min(shown + 1, len(played.events)))
        else:
            self.session.seek(played.first)
            if then == "step":
                self.session.step()
        self.refresh(slide=then != "jump")
        return True

    def _next_saucer_after(self, action) -> None:
        """After a saucer's turn, the next turn's controls offer the next saucer in seat order."""
        colors = self.session.end_state.saucer_colors()
        if isinstance(action, Turn) and action.saucer in colors:
            self.panel.set_saucers(colors)
            self.panel.select_saucer(colors[(colors.index(action.saucer) + 1) % len(colors)])

    def _advance_pending(self) -> bool:
        pending = self.pending
        if pending.asked:
            self._status(_sentence(self._pending_note()) + ".", 6000)
            return False
        pending.shown += 1
        if pending.at_question:
            self._pose()
        self.refresh(slide=True)
        return True

    def _pose(self) -> None:
        """Ask the open choice: arrows on the board for an owner's Accelerator, a dialog
        listing the legal options for anything else, the die typed in."""
        pending = self.pending
        pending.asked = True
        missing = pending.missing
        if missing.choice == "accelerator" and missing.at is not None:
            markers = pending.base.directions
            labels = {d: f"{d} \u00b7 {markers[d]}" if markers.get(d) else d for d in missing.options}
            self.layer.show_arrows(missing.at, missing.options, labels, f"{missing.saucer}: which way?")
            self.view.setFocus(Qt.OtherFocusReason)  # so the arrow keys and Enter answer it
        elif isinstance(missing, MissingDieResult):
            self._open_dialog(DieDialog(missing.what, self.window))
        else:
            labels = [self._option_label(missing, option) for option in missing.options]
            self._open_dialog(ChoiceDialog(missing, labels, self.window))

    def _unpose(self) -> None:
        pending = self.pending
        if pending is None:
            return
        pending.asked = False
        self.layer.clear_arrows()
        if pending.dialog is not None:
            dialog, pending.dialog = pending.dialog, None
            dialog.blockSignals(True)
            dialog.close()
            dialog.deleteLater()

    def _open_dialog(self, dialog) -> None:
        self.pending.dialog = dialog
        dialog.accepted.connect(lambda: self.answer(dialog.chosen()))
        dialog.rejected.connect(self.cancel_pending)
        dialog.open()

    def answer(self, option) -> bool:
        """Answer the open choice and play the action again from the same state."""
        pending = self.pending
        if pending is None or not pending.asked:
            return False
        if option not in pending.missing.options:
            return self._refuse(f"{option!r} is not one of the choices: "
                                f"{', '.join(map(str, pending.missing.options))}.")
        self._close_pending()
        self._answered(pending.missing, option)
        return self._play(pending.action.answered(pending.missing, option), pending.then, shown=pending.shown)

    def _answered(self, missing: MissingChoice, option) -> None:
        """The question's status line ("Go north? Enter answers…") goes once it is answered."""
        if missing.choice == "accelerator":
            self._status(f"{missing.saucer} goes {option} from the Accelerator at {cell_words(missing.at)}.", 5000)
        else:
            self.window.statusBar().clearMessage()

    def cancel_pending(self) -> None:
        if self.pending is None:
            return
        self._close_pending()
        self.set_playing(False)
        self._status("Turn cancelled: nothing was played.", 5000)
        self.refresh()

    def _close_pending(self) -> None:
        self._unpose()
        self.pending = None

    def _option_label(self, missing: MissingChoice, option) -> str:
        state = self.pending.state if self.pending else self.session.end_state
        if missing.choice == "lost_crew" and state.lost.get(option):
            return f"{option}: the {option} {state.lost[option][0]} is placed"
        if missing.choice == "steal_or_energy":
            return {"steal": "steal a crewmember", "energy": "take an energy"}.get(option, str(option))
        if missing.choice == "receiver" and option in state.saucers:
            return f"{option} ({state.player_of(option).id})"
        return str(option)
