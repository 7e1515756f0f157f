"""What the parts of `PlaytestMode` share: the mode's messages, keys and sizes, and `Pending`, an
action waiting for a choice.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt

from crashgrab.engine.crash_and_grab.rules.errors import MissingChoice
from crashgrab.engine.crash_and_grab.rules.events import Event
from crashgrab.engine.crash_and_grab.rules.fold import replay
from crashgrab.engine.crash_and_grab.rules.state import GameState

SCENARIO_FILTER = "Crash & Grab scenarios (*.json);;All files (*)"
LOCKED_ACTIONS = ("undo", "redo", "rotate_cw", "rotate_ccw", "flip", "remove", "deselect", "randomize",
                  "directions", "properties")
LOCK_MESSAGE = ("Playtest: the layout is locked while you playtest. End the playtest (View \u203a Playtest, F5) "
                "to edit tiles.")
PANEL_WIDTH = 526  # pixels: the Playtest column at the least (with its tab rail), the round plan unclipped
FIXED_MESSAGE = "The start position is fixed once a turn is played: Reset (or Take Back) to move pieces."
EDIT_KEYS = (Qt.Key_R, Qt.Key_F, Qt.Key_Delete, Qt.Key_Backspace)
DIRECTION_KEYS = {Qt.Key_Up: "north", Qt.Key_Right: "east", Qt.Key_Down: "south", Qt.Key_Left: "west"}
ANSWER_KEYS = (Qt.Key_Return, Qt.Key_Enter)
PROMPT_KEYS = (*DIRECTION_KEYS, *ANSWER_KEYS, Qt.Key_Escape)
STEP_KEY, BACK_KEY = "F10", "Shift+F10"
SLIDE_SHARE = 0.75  # of the step interval a saucer spends sliding


@dataclass
class Pending:
    """An action waiting for a choice. Its events before the choice are the same whatever
    is chosen (`preview`); the board steps through them (`shown`) and asks the question
    when it reaches the choice (`asked`)."""

    action: Any
    missing: MissingChoice
    then: str                          # "step", "play" or "jump": what to do once played
    preview: tuple[Event, ...]         # the action's events before the choice
    base: GameState                    # the state the action starts from
    shown: int                         # preview events shown so far
    asked: bool = False
    dialog: Any = None

    @property
    def state(self) -> GameState:
        return replay(self.base, self.preview[:self.shown])

    @property
    def at_question(self) -> bool:
        return self.shown >= len(self.preview)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
