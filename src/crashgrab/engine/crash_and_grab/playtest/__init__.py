"""The editor's playtest model, without Qt: a start position set by hand (start.py) and a
session stepping through the actions played on it (session.py). Rules stay in
`crashgrab.engine.crash_and_grab.rules`; this package only keeps positions, events and a cursor."""
from __future__ import annotations

from .session import PlayedAction, PlaytestSession, events_before_choice
from .start import (PositionError, clear_pieces, empty_start, place_crew, place_saucer, players_for_setup,
                    remove_at, remove_crew, remove_saucer, set_supplies, set_upgrades, setup_start, two_saucers_each,
                    with_die_seed, with_pairing, with_rulings)

__all__ = [
    "PlayedAction", "PlaytestSession", "PositionError", "clear_pieces", "empty_start", "events_before_choice",
    "place_crew", "place_saucer", "players_for_setup", "remove_at", "remove_crew", "remove_saucer",
    "set_supplies", "set_upgrades", "setup_start", "two_saucers_each", "with_die_seed", "with_pairing", "with_rulings",
]
