"""apply(state, trick) -> (state, events): one trick of Crash Grid, as a pure function.

Order of a trick (rulebook, "Turn Structure"): every rider on the board reveals an initiative
card; moves resolve from the highest card to the lowest (A high, 2 low; equal ranks by the
card's suit, spades > hearts > diamonds > clubs). Each rider turns as its move card says and
steps forward one square. A square that is off the board, a wall, a trail card or a rider
crashes it at once: it is removed and its card stays where it stood, as trail. Otherwise it
enters: with trail cards in hand it lays a new one there (the old one stays as trail); with
none (extended mode) its card slides forward and a wall fills the square it left. Either way
the square left stays blocked for the rest of the round. After the third trick since the last
refresh every rider takes J, Q and K back. The round ends when one rider is left (1 point)
or when the last riders all crash in the same trick (nobody scores).
"""
from __future__ import annotations

from dataclasses import replace

from ..terms import MOVES, SUITS, TRICKS_PER_REFRESH, ahead, parse_card, turned
from .actions import Trick
from .errors import IllegalAction, MissingChoice
from .events import Crash, Event, Move, NoPoint, Order, Refresh, Win
from .state import GridState, Rider


def initiative_order(initiative: dict[str, str]) -> list[str]:
    """The suits in the order their moves resolve: highest initiative card first (cards checked)."""
    return sorted(initiative, key=lambda suit: parse_card(initiative[suit]) or (-1, -1), reverse=True)


def check_trick(state: GridState, trick: Trick) -> None:
    """Raise the first reason the trick cannot be played; return quietly when it can."""
    number = state.tricks_played + 1
    if state.over:
        raise IllegalAction("the round is over.", trick=number, hint="Remove the tricks after the round's end.")
    on_board = [r.suit for r in state.riders_on_board()]
    for kind, choices in (("initiative", trick.initiative), ("move", trick.moves)):
        for suit in choices:
            if suit not in SUITS:
                raise IllegalAction(f"{suit!r} is not a suit.", trick=number, suit=suit,
                                    hint=f"Use one of {', '.join(SUITS)}.")
            if suit not in on_board:
                raise IllegalAction(f"{suit} has no rider on the board, so it plays no {kind} card.",
                                    trick=number, suit=suit, hint=f"Remove the {kind} for {suit}.")
    seen: dict[str, str] = {}
    for suit in on_board:
        rider = state.rider(suit)
        assert rider is not None
        left = [m for m in MOVES if m not in rider.used]
        if suit not in trick.initiative:
            raise MissingChoice(f"{suit} reveals no initiative card.", trick=number, suit=suit,
                                choice="initiative", hint='Add it to "initiative", e.g. "QH".')
        card = trick.initiative[suit]
        if parse_card(card) is None:
            raise IllegalAction(f"{suit}'s initiative card {card!r} is not a card of a standard deck.",
                                trick=number, suit=suit, hint='Write rank then suit: "AS", "10H", "2C".')
        if card in seen:
            raise IllegalAction(f"{suit} and {seen[card]} both reveal {card}; the deck has one of each card.",
                                trick=number, suit=suit, hint="Give one of them another card.")
        seen[card] = suit
        if suit not in trick.moves:
            raise MissingChoice(f"{suit} plays no move card (unused since the refresh: {', '.join(left)}).",
                                trick=number, suit=suit, choice="move", options=left,
                                hint=f'Add one of {", ".join(left)} to "moves".')
        move = trick.moves[suit]
        if move not in MOVES:
            raise IllegalAction(f"{move!r} is not a move card.", trick=number, suit=suit,
                                hint="Use J (left), Q (right) or K (forward).")
        if move in rider.used:
            raise IllegalAction(f"{suit} has already used {move} since the last refresh "
                                f"(unused: {', '.join(left)}).", trick=number, suit=suit,
                                hint=f"Play one of {', '.join(left)}; all three refresh after the third trick.")


def _move_rider(state: GridState, rider: Rider, card: str) -> tuple[GridState, Event]:
    assert rider.at is not None
    facing = turned(rider.facing, card)
    target = ahead(rider.at, facing)
    used = rider.used | {card}
    into, other = _obstacle(state, target)
    if into is not None:
        crashed = replace(rider, at=None, facing=facing, used=used)
        state = replace(state.with_rider(crashed), trails=state.trails | {(rider.at, rider.suit)})
        return state, Crash(rider.suit, card, rider.at, target, facing, into, other)
    if rider.rails > 0:
        moved = replace(rider, at=target, facing=facing, used=used, rails=rider.rails - 1)
        state = replace(state.with_rider(moved), trails=state.trails | {(rider.at, rider.suit)})
        mode = "trail"
    else:
        moved = replace(rider, at=target, facing=facing, used=used)
        state = replace(state.with_rider(moved), walls=state.walls | {rider.at})
        mode = "extended"
    return state, Move(rider.suit, card, rider.at, target, facing, mode, moved.rails)


def _obstacle(state: GridState, target) -> tuple[str | None, str | None]:
    if not state.on_board(target):
        return "edge", None
    if target in state.walls:
        return "wall", None
    for rider in state.riders:
        if rider.at == target:
            return "rider", rider.suit
    trail = state.trail_at(target)
    if trail is not None:
        return "trail", trail
    return None, None


def apply(state: GridState, trick: Trick) -> tuple[GridState, tuple[Event, ...]]:
    check_trick(state, trick)
    before = [r.suit for r in state.riders_on_board()]
    initiative = {suit: trick.initiative[suit] for suit in before}
    order = initiative_order(initiative)
    events: list[Event] = [Order(tuple((suit, initiative[suit]) for suit in order))]
    for suit in order:
        rider = state.rider(suit)
        assert rider is not None and rider.at is not None  # only a rider's own move crashes it
        state, event = _move_rider(state, rider, trick.moves[suit])
        events.append(event)
    since_refresh = state.tricks_since_refresh + 1
    if since_refresh == TRICKS_PER_REFRESH:
        since_refresh = 0
        state = replace(state, riders=tuple(replace(r, used=frozenset()) for r in state.riders))
        events.append(Refresh(tuple(r.suit for r in state.riders_on_board())))
    state = replace(state, tricks_since_refresh=since_refresh, tricks_played=state.tricks_played + 1)
    left = state.riders_on_board()
    if len(left) == 1:
        state = replace(state, over=True, winner=left[0].suit)
        events.append(Win(left[0].suit))
    elif not left:
        state = replace(state, over=True)
        events.append(NoPoint(tuple(before)))
    return state, tuple(events)
