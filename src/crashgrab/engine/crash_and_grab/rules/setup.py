"""Setting up by the rulebook (Setup, steps 3, 4, 8 and 9): energy, the upgrade deck, saucers,
boosters, Pilots.

Order of events: each player takes an energy (step 3, on their first saucer); every saucer
is placed by the die, players clockwise from the Probe holder (step 8); then step 9:
- 2 players: the Probe player places the Pilot of one of their saucers (choice "pilot");
  the other player gives one of their saucers a booster (choice "booster") and places the
  Pilot of their other saucer.
- 3+ players: the player to the right of the Probe player (the seat before it; seats run
  clockwise, so passing left) takes a booster, except with 3 players; then every saucer
  that received neither that booster nor the Probe places its Pilot, clockwise from the
  Probe holder.
Step 4, "Shuffle the remaining upgrade cards": the deck is shuffled last, by the setup's own
seed or else the state's generator, so its numbers come after the setup's rolls (every seeded
setup places its pieces where it did before the shuffle existed). A setup with neither (only
scripted dice) has nothing to shuffle with and leaves the deck in its order; so does a scripted deck.
"""
from __future__ import annotations

from typing import Sequence

from . import dice
from .actions import SETUP_CHOICES, SetUp
from .errors import IllegalAction, MissingChoice
from .events import Bonus, UpgradesShuffled
from .pieces import Crew
from .placement import place_by_die
from .play import Play
from .state import GameState, Player


def apply_setup(state: GameState, action: SetUp):
    if state.winner is not None:
        raise IllegalAction(f"the game is over: {state.winner} has won.")
    placed = [c for c, s in state.saucers.items() if s.at is not None]
    if placed or state.crew:
        raise IllegalAction("setup needs an empty board: " + (
            f"saucer {placed[0]} is already placed." if placed else "crewmembers are already on the board."))
    unknown = sorted(set(action.choices) - set(SETUP_CHOICES))
    if unknown:
        raise IllegalAction(f"unknown setup choice {unknown[0]!r}; the setup choices are {', '.join(SETUP_CHOICES)}.")
    play = Play(state, {}, action_dice=action.dice, local_seed=action.seed)
    seats = state.seat_order_from(state.probe)
    for player in seats:
        play.emit(Bonus(player.saucers[0], "energy", 1))
    for player in seats:
        for color in player.saucers:
            place_by_die(play, reason="setup", saucer=color)
    if len(seats) == 2:
        pilots = _two_player_boosters(play, action, seats)
    else:
        pilots = _boosters(play, action, seats)
    for color in pilots:
        _place_pilot(play, color)
    if not action.scripted_upgrade_deck:
        _shuffle_upgrades(play)
    return play.state, tuple(play.events)


def _shuffle_upgrades(play: Play) -> None:
    deck = play.state.upgrade_deck
    if len(deck) < 2:
        return
    if play.local_rng is not None:
        order, play.local_rng, draws = dice.shuffled(deck, play.local_rng)
        play.emit(UpgradesShuffled(order, "action", draws))
    elif play.state.rng is not None:
        order, _, draws = dice.shuffled(deck, play.state.rng)
        play.emit(UpgradesShuffled(order, "seed", draws))


def _two_player_boosters(play: Play, action: SetUp, seats: Sequence[Player]) -> list[str]:
    """The Probe player's Pilot, then the other player's booster; returns the other
    player's Pilot still to place (2 players)."""
    probe_player, other = seats
    pilot = _choose(action, "pilot", probe_player.saucers,
                    f"{probe_player.id} holds the Probe: which saucer's Pilot is placed")
    booster = _choose(action, "booster", other.saucers, f"{other.id}: which saucer takes the booster "
                      "(the other saucer's Pilot is placed)")
    _place_pilot(play, pilot)
    play.emit(Bonus(booster, "booster", 1))
    return [c for c in other.saucers if c != booster]


def _boosters(play: Play, action: SetUp, seats: Sequence[Player]) -> list[str]:
    """The Pilots to place, in order, after the booster of the player to the Probe
    player's right (3+ players; none with 3)."""
    for name in ("pilot", "booster"):
        if name in action.choices:
            raise IllegalAction(f"the setup choice {name!r} is only for 2-player games; this game has "
                                f"{len(seats)} players.", hint=f"Remove {name!r} from the setup's choices.")
    skipped = {seats[0].id}
    if len(seats) > 3:
        right = seats[-1]
        play.emit(Bonus(right.saucers[0], "booster", 1))
        skipped.add(right.id)
    return [c for p in seats if p.id not in skipped for c in p.saucers]


def _choose(action: SetUp, name: str, options: Sequence[str], reason: str) -> str:
    value = action.choices.get(name)
    if value is None:
        if len(options) == 1:
            return options[0]
        raise MissingChoice(name, options, reason=reason)
    if value not in options:
        raise IllegalAction(f"setup choice {name!r} is {value!r}, which is not allowed here; "
                            f"choose one of {', '.join(options)}.")
    return value


def _place_pilot(play: Play, color: str) -> None:
    queue = play.state.lost.get(color, ())
    if not queue or queue[0] != "pilot":
        raise IllegalAction(f"setup places the {color} pilot, but it is not at the front of the {color} lost queue.")
    place_by_die(play, reason="setup", crew=Crew(color, "pilot"))
