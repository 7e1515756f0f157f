"""Crash Grid's rules engine: apply(state, trick) over immutable state, its typed errors, and
invariants over random legal play (hypothesis)."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from crashgrab.engine.crash_grid.rules import (GridState, IllegalAction, MissingChoice, Rider, Trick, apply,
                                               initiative_order)
from crashgrab.engine.crash_grid.terms import MOVES, RANKS, SUITS
from crashgrab.engine.crash_grid.templates import template_layout


def two_riders(**hearts) -> GridState:
    spades = Rider("spades", (1, 2), "east", 9)
    other = Rider("hearts", hearts.get("at", (5, 5)), hearts.get("facing", "north"), hearts.get("rails", 9),
                  frozenset(hearts.get("used", ())))
    return GridState(6, 6, (spades, other), tricks_since_refresh=len(hearts.get("used", ())))


@pytest.mark.parametrize("initiative, order", [
    ({"spades": "2S", "hearts": "3C"}, ["hearts", "spades"]),            # rank first
    ({"spades": "KS", "hearts": "AC"}, ["hearts", "spades"]),            # the ace is high
    ({"spades": "10D", "hearts": "9S"}, ["spades", "hearts"]),           # 10 above 9
    ({"spades": "JD", "hearts": "JH"}, ["hearts", "spades"]),            # tie: the card's suit, H > D
    ({"spades": "7C", "hearts": "7S", "diamonds": "7D", "clubs": "7H"},
     ["hearts", "clubs", "diamonds", "spades"]),                         # S > H > D > C
])
def test_initiative_order(initiative, order):
    assert initiative_order(initiative) == order


@pytest.mark.parametrize("move, facing, to", [("J", "north", (1, 1)), ("Q", "south", (1, 3)), ("K", "east", (2, 2))])
def test_each_move_card_turns_then_steps_one(move, facing, to):
    state, events = apply(two_riders(), Trick({"spades": "AS", "hearts": "2H"}, {"spades": move, "hearts": "K"}))
    spades = state.rider("spades")
    assert (spades.at, spades.facing, spades.rails, spades.used) == (to, facing, 8, frozenset({move}))
    assert ((1, 2), "spades") in state.trails
    assert [e.kind for e in events] == ["order", "move", "move"]


@pytest.mark.parametrize("trick, error, words", [
    (Trick({"spades": "AS"}, {"spades": "K", "hearts": "K"}), MissingChoice, "hearts reveals no initiative card"),
    (Trick({"spades": "AS", "hearts": "2H"}, {"spades": "K"}), MissingChoice, "hearts plays no move card"),
    (Trick({"spades": "AS", "hearts": "2H"}, {"spades": "K", "hearts": "J"}), IllegalAction,
     "hearts has already used J since the last refresh (unused: Q, K)"),
    (Trick({"spades": "AS", "hearts": "AS"}, {"spades": "K", "hearts": "K"}), IllegalAction, "both reveal AS"),
    (Trick({"spades": "1S", "hearts": "2H"}, {"spades": "K", "hearts": "K"}), IllegalAction, "not a card"),
    (Trick({"spades": "AS", "hearts": "2H", "clubs": "3C"}, {"spades": "K", "hearts": "K"}), IllegalAction,
     "clubs has no rider on the board"),
    (Trick({"spades": "AS", "hearts": "2H"}, {"spades": "X", "hearts": "K"}), IllegalAction, "not a move card"),
])
def test_illegal_or_incomplete_tricks_raise_and_change_nothing(trick, error, words):
    state = two_riders(used=["J"])
    snapshot = repr(state)
    with pytest.raises(error) as caught:
        apply(state, trick)
    assert words in str(caught.value)
    assert caught.value.trick == 1
    assert repr(state) == snapshot


def test_missing_move_lists_the_unused_cards():
    with pytest.raises(MissingChoice) as caught:
        apply(two_riders(used=["Q"]), Trick({"spades": "AS", "hearts": "2H"}, {"spades": "J"}))
    assert (caught.value.suit, caught.value.choice, caught.value.options) == ("hearts", "move", ("J", "K"))


def test_no_trick_after_the_round_ends():
    state, _ = apply(two_riders(at=(5, 0)), Trick({"spades": "AS", "hearts": "2H"}, {"spades": "K", "hearts": "K"}))
    assert (state.over, state.winner, state.points()) == (True, "spades", {"spades": 1, "hearts": 0})
    with pytest.raises(IllegalAction, match="the round is over"):
        apply(state, Trick({"spades": "AS"}, {"spades": "Q"}))


def test_a_crashed_rider_keeps_its_square_as_trail_and_its_cards_in_hand():
    state, events = apply(two_riders(at=(5, 0)), Trick({"spades": "AS", "hearts": "2H"}, {"spades": "K", "hearts": "K"}))
    hearts = state.rider("hearts")
    assert (hearts.at, hearts.rails) == (None, 9)
    assert ((5, 0), "hearts") in state.trails
    crash = events[2].to_json()
    assert crash == {"kind": "crash", "suit": "hearts", "card": "K", "at": [5, 0], "target": [5, -1],
                     "facing": "north", "into": "edge", "other": None}


# --- invariants over random legal play ---------------------------------------------------------
CARDS = [rank + suit for rank in RANKS for suit in "SHDC"]


@st.composite
def rounds(draw):
    """A round from a template or a random arena, and a random seed for the tricks' choices."""
    if draw(st.booleans()):
        layout = template_layout(draw(st.sampled_from(["3", "4"])))
        riders = tuple(Rider(s.suit, s.cell, s.facing, draw(st.integers(0, 9))) for s in layout.starts)
        return GridState(layout.width, layout.height, riders), draw(st.integers(0, 2**32))
    size = draw(st.integers(3, 7))
    cells = draw(st.lists(st.tuples(st.integers(0, size - 1), st.integers(0, size - 1)), min_size=2, max_size=6,
                          unique=True))
    count = draw(st.integers(2, min(4, len(cells))))
    riders = tuple(Rider(suit, cell, draw(st.sampled_from(["north", "east", "south", "west"])),
                         draw(st.integers(0, 3))) for suit, cell in zip(SUITS, cells[:count]))
    walls = frozenset(cells[count:])
    return GridState(size, size, riders, walls=walls), draw(st.integers(0, 2**32))


def random_trick(state: GridState, rng: random.Random) -> Trick:
    riders = state.riders_on_board()
    cards = rng.sample(CARDS, len(riders))
    return Trick({r.suit: card for r, card in zip(riders, cards)},
                 {r.suit: rng.choice([m for m in MOVES if m not in r.used]) for r in riders})


@settings(max_examples=150, deadline=None)
@given(rounds())
def test_invariants_hold_through_a_round(start):
    state, seed = start
    rng = random.Random(seed)
    left_behind: set = set()
    for _ in range(60):
        if state.over:
            break
        before = state
        state, _ = apply(state, random_trick(state, rng))
        squares = [r.at for r in state.riders_on_board()]
        assert len(squares) == len(set(squares)), "riders never share a square"
        assert len(state.riders_on_board()) <= len(before.riders_on_board()), "riders never come back"
        occupied = state.occupied()
        left_behind |= {r.at for r in before.riders_on_board()}
        assert left_behind <= occupied, "a square a rider has been on never becomes free again"
        assert before.occupied() <= occupied
        assert not set(squares) & ({cell for cell, _ in state.trails} | state.walls)
