"""A whole round, as the Round Overview orders it: I. Plan, II./III. each saucer's turn in
turn order, IV. End of Round.

- Plan: every saucer has a movement card and a direction (chosen at the same time, face
  down); a 2 or 3 card gives its bonus when its move executes; a card may be played again
  in the next round.
- Rotation die (3+ players): turn order passes left (clockwise, the seat order) or right
  from the Probe holder. Not used with 2 players: the Probe player moves one of their
  saucers (choice "first"), then the other player, then each player's other saucer.
- Override tokens: with 5-6 players the player who goes last takes one (with 6, the
  second-to-last too): that player's saucer may move in any direction this round.
- A saucer off the board at the start of its turn is placed by the die and may move in
  any direction (it still gets its card's bonus).
- End of Round: crashed saucers are placed, then the Probe moves; a tie goes to the tied
  player who went last in this round's real order.
A win ends the round at once.
"""
from __future__ import annotations

from typing import Any, Mapping

from . import dice
from .actions import ROUND_TURN_KEYS, Boost, Round, Turn
from .directions import direction_names, resolve_direction
from .errors import IllegalAction, MissingChoice, RuleError
from .events import AbilityUsed, RoundBegan, TurnBegan
from .pieces import CARDS, CHOSEN_DISTANCES
from .play import Play
from .round import end_round
from .state import GameState, Player
from .turn import apply_turn

ROTATIONS = ("left", "right")


def apply_round(state: GameState, action: Round):
    if state.winner is not None:
        raise IllegalAction(f"the game is over: {state.winner} has won.")
    plan = _plan(state, action)
    _check_round_choices(state, action)
    play = Play(state, {"die": tuple(action.choices.get("die", ()))})
    rotation, roll = _rotation(state, action)
    two_player = len(state.players) == 2
    seats = state.seat_order_from(state.probe)
    if rotation == "right":
        seats = seats[:1] + tuple(reversed(seats[1:]))
    overrides = _overrides(seats) if not two_player else ()
    order = _two_player_order(action, seats) if two_player else [p.saucers[0] for p in seats]
    play.emit(RoundBegan(rotation, roll, tuple(order), overrides))
    went: list[str] = []
    remaining = list(order)
    while remaining:
        saucer = remaining.pop(0)
        went.append(state.player_of(saucer).id)
        _turn(play, action, plan[saucer], saucer, free=saucer in overrides)
        if play.state.winner is not None:
            return play.state, tuple(play.events)
        if len(went) == 1 and "stabilizer" in action.choices:
            remaining = _stabilized(play, action, seats_from_probe=state.seat_order_from(state.probe))
    try:
        end_round(play, went, action.choices.get("gateway", {}))
    except MissingChoice as error:
        error.turn_saucer = None
        raise
    unused = play.unused_choices()
    if unused:
        raise IllegalAction(f"the end of the round carries {'; '.join(unused)}.")
    return play.state, tuple(play.events)


# --- the plan ---------------------------------------------------------------------------------
def _plan(state: GameState, action: Round) -> dict[str, Mapping[str, Any]]:
    plan: dict[str, Mapping[str, Any]] = {}
    for key, entry in action.plan.items():
        saucer = _saucer_for(state, key)
        if saucer in plan:
            raise IllegalAction(f"the plan gives {saucer} twice (as {key!r} and by its colour or player).")
        card = entry.get("card")
        if card not in CARDS:
            raise IllegalAction(f"the plan for {key} plays {card!r}, which is not a movement card; "
                                "play \"2\", \"3\" or \"0-5\".")
        if resolve_direction(entry.get("direction"), state.directions) is None:
            raise IllegalAction(f"the plan for {key} gives direction {entry.get('direction')!r}; use one of "
                                f"{', '.join(direction_names(state.directions))}.")
        plan[saucer] = entry
    missing = [c for c in state.saucer_colors() if c not in plan]
    if missing:
        raise IllegalAction(f"the plan has no card and direction for {missing[0]}; every saucer plans its move.",
                            hint=f"Add {state.player_of(missing[0]).id} or {missing[0]} to the plan.")
    return plan


def _saucer_for(state: GameState, key: str) -> str:
    if key in state.saucers:
        return key
    for player in state.players:
        if player.id == key:
            if len(player.saucers) != 1:
                raise IllegalAction(f"{key} flies {' and '.join(player.saucers)}: plan each saucer by its colour.")
            return player.saucers[0]
    raise IllegalAction(f"the plan names {key!r}, which is neither a saucer nor a player of this game.")


def _check_round_choices(state: GameState, action: Round) -> None:
    for key, value in action.choices.items():
        if key in ("first", "die", "gateway", "stabilizer"):
            continue
        if key not in state.saucers:
            raise IllegalAction(f"the round's choices name {key!r}: use a saucer colour of this game, "
                                "\"first\", \"die\", \"gateway\" or \"stabilizer\".")
        unknown = sorted(set(value) - set(ROUND_TURN_KEYS))
        if unknown:
            raise IllegalAction(f"the round's choices for {key} have {unknown[0]!r}; use "
                                f"{', '.join(ROUND_TURN_KEYS)}.")
    if "stabilizer" in action.choices and len(state.players) == 2:
        raise IllegalAction("the Rotational Stabilizer is not used in 2-player games.")
    first = action.choices.get("first", {})
    if first and len(state.players) != 2:
        raise IllegalAction("\"first\" is only for 2-player games, where each player chooses which saucer "
                            "moves first.")


# --- turn order ---------------------------------------------------------------------------------
def _stabilized(play: Play, action: Round, *, seats_from_probe) -> list[str]:
    """Rotational Stabilizer: after the Probe player's turn its holder chooses the direction
    of the rest of the round (the override tokens stay where the die put them)."""
    choice = action.choices["stabilizer"]
    holders = [c for c, s in play.state.saucers.items() if s.has_upgrade("Rotational Stabilizer")]
    if not holders:
        raise IllegalAction("\"stabilizer\" needs a saucer holding the Rotational Stabilizer (not acquired this round).")
    if choice not in ROTATIONS:
        raise IllegalAction(f"stabilizer {choice!r}: use \"left\" or \"right\".")
    rest = list(seats_from_probe[1:])
    if choice == "right":
        rest.reverse()
    play.emit(AbilityUsed(holders[0], "Rotational Stabilizer", f"turn order passes {choice}"))
    return [p.saucers[0] for p in rest]



def _rotation(state: GameState, action: Round) -> tuple[str | None, int | None]:
    if len(state.players) == 2:
        if action.rotation is not None:
            raise IllegalAction("the rotation die is not used in 2-player games; leave \"rotation\" out.")
        return None, None
    if action.rotation is not None:
        if action.rotation not in ROTATIONS:
            raise IllegalAction(f"rotation {action.rotation!r}: use \"left\" or \"right\".")
        return action.rotation, None
    if state.rng is None:
        raise IllegalAction("the rotation die needs a result: give \"rotation\": \"left\" or \"right\", or set "
                            "a seed.")
    roll = dice.roll(state.rng)[0]
    return ("left" if roll <= 6 else "right"), roll


def _overrides(seats: tuple[Player, ...]) -> tuple[str, ...]:
    """5-6 players: the last in turn order takes an override token; with 6 also the one before."""
    count = len(seats)
    if count < 5:
        return ()
    holders = seats[-2:] if count == 6 else seats[-1:]
    return tuple(p.saucers[0] for p in holders)


def _two_player_order(action: Round, seats) -> list[str]:
    """The Probe player's first saucer, the other player's, then each one's other saucer;
    each player chooses which of their saucers moves first ("first")."""
    chosen = action.choices.get("first", {})
    for key in chosen:
        if key not in [p.id for p in seats]:
            raise IllegalAction(f"\"first\" names {key!r}, which is not a player.")
    firsts = [_first(player, chosen) for player in seats]
    seconds = [s for player, first in zip(seats, firsts) for s in player.saucers if s != first]
    return firsts + seconds


def _first(player: Player, chosen) -> str:
    if len(player.saucers) == 1:
        if player.id in chosen and chosen[player.id] != player.saucers[0]:
            raise IllegalAction(f"{player.id} flies only {player.saucers[0]}.")
        return player.saucers[0]
    if player.id not in chosen:
        error = MissingChoice("first", player.saucers, reason=f"{player.id}: which saucer moves first this round")
        error.player = player.id
        error.turn_saucer = None
        raise error
    if chosen[player.id] not in player.saucers:
        raise IllegalAction(f"\"first\" for {player.id} is {chosen[player.id]!r}; choose one of "
                            f"{', '.join(player.saucers)}.")
    return chosen[player.id]


# --- one saucer's turn ----------------------------------------------------------------------------
def _turn(play: Play, action: Round, entry: Mapping[str, Any], saucer: str, *, free: bool) -> None:
    state = play.state
    details = action.turn_choices(saucer)
    free = free or state.saucers[saucer].at is None or state.saucers[saucer].has_upgrade("Time Machine")
    direction = entry["direction"]
    if "direction" in details:
        if not free:
            raise IllegalAction(f"{saucer} must move {direction} as planned: only a saucer placed at the start "
                                "of its turn, holding an override token or a Time Machine may choose another "
                                "direction.",
                                hint=f"Remove \"direction\" from the round's choices for {saucer}.")
        direction = details["direction"]
    card = entry["card"]
    distance = _distance(card, entry, details, saucer)
    boost = details.get("boost")
    turn = Turn(saucer, card, distance, direction, accelerators=details.get("accelerators", ()),
                boost=Boost(boost["direction"], boost.get("accelerators", ())) if boost else None,
                choices={k: v for k, v in details.items() if k not in ("distance", "direction", "accelerators",
                                                                        "boost")})
    play.emit(TurnBegan(saucer, state.player_of(saucer).id, card, str(direction), free))
    try:
        new_state, events = apply_turn(play.state, turn)
    except MissingChoice as error:
        error.turn_saucer = saucer
        raise
    except RuleError as error:
        raise IllegalAction(f"{saucer}'s turn in the round: {error.message}", hint=error.hint) from None
    play.state = new_state
    play.events.extend(events)


def _distance(card: str, entry, details, saucer: str) -> int | None:
    fixed = CARDS[card][1]
    given = [d for d in (entry.get("distance"), details.get("distance")) if d is not None]
    if fixed is not None:
        return given[0] if given else None  # the turn checks a number that is not the card's
    if len(given) == 2 and given[0] != given[1]:
        raise IllegalAction(f"{saucer}'s distance is {given[0]} in the plan but {given[1]} in the choices.")
    if not given:
        error = MissingChoice("distance", list(CHOSEN_DISTANCES), saucer=saucer,
                              reason="the number chosen for the 0-5 card")
        error.turn_saucer = saucer
        raise error
    return given[0]
