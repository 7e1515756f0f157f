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

Deck A (deck.py): a revealed card comes out of the rider's hand and lies on the table, or face
down as the wall of an extended-mode move; a card on the table, under a wall or in another
hand cannot be revealed. After the trick the surviving riders refill their hands to 5. A rider
with no card left (Deck A used up) reveals none and moves after the others (docs/rulings.md).
"""
from __future__ import annotations

from dataclasses import replace

from ..board import GEOMETRY
from ..terms import MOVES, SUITS, TRICKS_PER_REFRESH, parse_card, turned
from .actions import Trick
from .deck import DeckA
from .errors import IllegalAction, MissingChoice
from .events import Crash, Event, Move, NoPoint, Order, Refresh, Reshuffle, Win
from .state import GridState, Rider


def initiative_order(initiative: dict[str, str | None]) -> list[str]:
    """The suits in the order their moves resolve: highest initiative card first (cards checked);
    riders with no card (None) last, in suit order."""
    revealed = [suit for suit, card in initiative.items() if card is not None]
    without = sorted((suit for suit, card in initiative.items() if card is None), key=SUITS.index)
    return sorted(revealed, key=lambda suit: parse_card(initiative[suit] or "") or (-1, -1), reverse=True) + without


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
    deck = state.initiative_deck()
    for suit in on_board:
        rider = state.rider(suit)
        assert rider is not None
        left = [m for m in MOVES if m not in rider.used]
        _check_initiative(deck, trick, number, suit, seen)
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


def _check_initiative(deck: DeckA, trick: Trick, number: int, suit: str, seen: dict[str, str]) -> None:
    """The rider's initiative card: one of a standard deck, not revealed twice, and (Deck A) in
    its hand or not yet seen; a rider whose hand is empty reveals none."""
    if deck.held(suit) == 0:
        if suit in trick.initiative:
            raise IllegalAction(f"{suit} reveals {trick.initiative[suit]}, but it has no card left in hand "
                                "(Deck A is used up).", trick=number, suit=suit, card="initiative",
                                hint=f"Remove the initiative for {suit}: it moves after the riders who reveal one.")
        return
    if suit not in trick.initiative:
        raise MissingChoice(f"{suit} reveals no initiative card.", trick=number, suit=suit,
                            choice="initiative", hint='Add it to "initiative", e.g. "QH".')
    card = trick.initiative[suit]
    if parse_card(card) is None:
        raise IllegalAction(f"{suit}'s initiative card {card!r} is not a card of a standard deck.",
                            trick=number, suit=suit, card="initiative", hint='Write rank then suit: "AS", "10H", "2C".')
    if card in seen:
        raise IllegalAction(f"{suit} and {seen[card]} both reveal {card}; the deck has one of each card.",
                            trick=number, suit=suit, card="initiative", hint="Give one of them another card.")
    seen[card] = suit
    problem = deck.why_not(suit, card)
    if problem is not None:
        hand = deck.hand(suit)
        hint = (f"Reveal one of {', '.join(hand)}." if hand and not deck.hidden_in(suit)
                else "Reveal a card not yet seen: Deck A is one 52-card deck, so each card is revealed once.")
        raise IllegalAction(f"{suit} reveals {card}, {problem}.", trick=number, suit=suit, card="initiative",
                            hint=hint)


def _move_rider(state: GridState, rider: Rider, card: str) -> tuple[GridState, Event]:
    assert rider.at is not None
    facing = turned(rider.facing, card)
    target = GEOMETRY.step(rider.at, facing)
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
    deck = state.initiative_deck()
    before = [r.suit for r in state.riders_on_board()]
    initiative = {suit: trick.initiative.get(suit) for suit in before}
    order = initiative_order(initiative)
    events: list[Event] = [Order(tuple((suit, initiative[suit]) for suit in order))]
    for suit in order:
        rider = state.rider(suit)
        assert rider is not None and rider.at is not None  # only a rider's own move crashes it
        state, event = _move_rider(state, rider, trick.moves[suit])
        events.append(event)
        card = initiative[suit]
        if card is not None:  # extended mode leaves it face down as the wall; otherwise it lies on the table
            wall = event.origin if isinstance(event, Move) and event.mode == "extended" else None
            deck = deck.revealed(suit, card, wall)
    deck, reshuffled = deck.refilled(r.suit for r in state.riders_on_board())
    if reshuffled:
        events.append(Reshuffle(reshuffled))
    state = replace(state, deck=deck)
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
