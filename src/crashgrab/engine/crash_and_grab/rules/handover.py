"""Passing crewmembers between a 2-player player's two saucers, leg by leg."""
from __future__ import annotations

from ...grid.walk import orthogonally_adjacent
from .errors import IllegalAction
from .events import Transfer
from .pieces import Crew, HandOver
from .play import Play
from .win import check_win


class HandOvers:
    """Passing crewmembers (Crewmembers, "Passing crewmembers"), 2-player games: when a
    leg of the turn saucer's own movement (the card's move, a leg from an Accelerator, the
    boost) ends with it orthogonally next to its player's other saucer, either saucer may
    hand over any of its own-colour crewmembers, at that moment. A leg of 0 spaces is no
    move. The turn's "handover" list says what and after which leg (none: the last)."""

    def __init__(self, play: Play, color: str) -> None:
        self.play = play
        self.color = color
        self.items = [_hand_over_item(item) for item in play.choices.get("handover", ())]
        self.legs: list[bool] = []          # per leg ended so far: side by side then?
        if self.items:
            play.listed_used["handover"] = len(self.items)
            play.on_leg_end = self.leg_ended
            if play.state.partner(color) is None:
                raise IllegalAction(f"a hand-over needs a player with two saucers; {color}'s player has one.")

    def leg_ended(self, saucer: str, distance: int) -> None:
        if saucer != self.color:
            return
        state = self.play.state
        partner = state.partner(self.color)
        assert partner is not None  # checked when the hand-over was read
        here, there = state.saucers[self.color].at, state.saucers[partner].at
        self.legs.append(distance > 0 and here is not None and there is not None
                         and orthogonally_adjacent(here, there))
        number = len(self.legs)
        self._hand([item for item in self.items if item.leg == number], number)

    def after_last_leg(self) -> None:
        late = [item for item in self.items if item.leg is not None and item.leg > len(self.legs)]
        if late:
            raise IllegalAction(f"a hand-over after leg {late[0].leg}, but {self.color}'s movement had only "
                                f"{len(self.legs)} leg(s).")
        self._hand([item for item in self.items if item.leg is None], len(self.legs))

    def _hand(self, items, number: int) -> None:
        if not items:
            return
        play, color = self.play, self.color
        partner = play.state.partner(color)
        assert partner is not None  # checked when the hand-over was read
        if not number or not self.legs[number - 1]:
            raise IllegalAction(f"{color} and {partner} are not side by side after leg {number} of the move "
                                "(a move of 0 does not count), so no hand-over.")
        for item in items:
            crew = item.crew
            holder = next((c for c in (color, partner) if play.state.saucers[c].holds(crew)), None)
            if holder is None:
                raise IllegalAction(f"neither {color} nor {partner} holds the {crew}, so it cannot be handed over.")
            if crew.color != holder:
                raise IllegalAction(f"{holder} may hand over only its own-colour ({holder}) crewmembers, "
                                    f"not the {crew}.")
            receiver = partner if holder == color else color
            play.emit(Transfer(holder, receiver, crew))
            check_win(play, receiver)


def _hand_over_item(item) -> HandOver:
    if isinstance(item, HandOver):
        return item
    if isinstance(item, Crew):
        return HandOver(item)
    return HandOver.from_json(item)
