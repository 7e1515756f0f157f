"""A playtest session on an arena: riders on their starts, tricks played one by one, and a
cursor to step back and forward through them: the play kernel's cursor session
(engine/play/session.py) over Crash Grid's rules, with the riders placed by hand before the first
trick. Immutable: every change returns a new session. It saves as a scenario whose expectations
are the outcome shown (see `to_scenario`)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..errors import CrashGrabError
from ..play.session import Played, Session
from .board import GEOMETRY, QUARTER_TURN
from .model import ArenaLayout
from .rules import CARDS, RULES, Event, GridState, Trick
from .scenario import Scenario, state_to_json
from .terms import MOVES, Cell, cell_text

# The initiative deck, highest first, as a playtest offers it: "AS", "AH", ... "2C".
DECK: tuple[str, ...] = CARDS


def starting_state(layout: ArenaLayout) -> GridState:
    return RULES.initial_state(layout)


class PlacementRefused(CrashGrabError):
    """A rider placed where it cannot stand, or after the first trick."""


@dataclass(frozen=True)
class PlaytestSession(Session[GridState, Trick, Event]):
    layout: ArenaLayout = field(kw_only=True)

    @classmethod
    def on(cls, layout: ArenaLayout) -> "PlaytestSession":
        return cls(RULES, starting_state(layout), layout=layout)

    def placed(self, suit: str, cell: Cell, facing: str | None = None) -> "PlaytestSession":
        """The session with `suit`'s rider moved (and turned) before the first trick."""
        if self.played:
            raise PlacementRefused("riders are placed before the first trick; step back to the start and "
                                   "play again, or stop the playtest.")
        rider = self.start.rider(suit)
        if rider is None or rider.at is None:
            raise PlacementRefused(f"there is no {suit} rider.")
        if not self.start.on_board(cell):
            raise PlacementRefused(f"{cell_text(cell)} is off the board.")
        occupied = self.start.occupied() - {rider.at}
        if cell in occupied:
            raise PlacementRefused(f"{cell_text(cell)} is taken.")
        start = self.start.with_rider(replace(rider, at=cell, facing=facing or rider.facing))
        return replace(self, start=start)

    def turned(self, suit: str) -> "PlaytestSession":
        """`suit`'s rider turned a quarter clockwise, before the first trick."""
        rider = self.start.rider(suit)
        if rider is None or rider.at is None:
            raise PlacementRefused(f"there is no {suit} rider.")
        return self.placed(suit, rider.at, GEOMETRY.turned(rider.facing, QUARTER_TURN))

    def legal_moves(self, suit: str) -> tuple[str, ...]:
        """The move cards the suit's rider may play in the next trick (unused since the refresh)."""
        rider = self.state.rider(suit)
        return tuple(m for m in MOVES if rider is not None and rider.on_board and m not in rider.used)

    def revealable(self, suit: str) -> tuple[str, ...]:
        """The initiative cards the suit's rider may reveal in the next trick (Deck A: in its hand
        or not yet seen), highest first."""
        deck = self.state.initiative_deck()
        return tuple(card for card in DECK if deck.why_not(suit, card) is None) if deck.held(suit) else ()

    def events_shown(self) -> tuple[Event, ...]:
        """The events of the trick shown (none at the start)."""
        return self.events

    def to_scenario(self, name: str, layout_ref: str | None = None) -> Scenario:
        """The tricks up to the one shown, expecting exactly the outcome shown."""
        final = self.state
        final_json = state_to_json(final)
        expect = {
            "riders": {suit: {"at": rider["at"], "facing": rider["facing"], "rails": rider["rails"],
                              "used": rider["used"]} for suit, rider in final_json["riders"].items()},
            "trails": final_json["trails"],
            "walls": final_json["walls"],
            "winner": final.winner,
            "points": final.points(),
            "events": [e.kind for p in self.played[:self.at] for e in p.events],
        }
        return Scenario(name=name, layout=self.layout, initial=self.start,
                        tricks=tuple(p.action for p in self.played[:self.at]), expect=expect, layout_ref=layout_ref)


__all__ = ["DECK", "PlacementRefused", "Played", "PlaytestSession", "starting_state"]
