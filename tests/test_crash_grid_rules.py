"""Crash Grid's rules engine: apply(state, trick) over immutable state, its typed errors, and
invariants over random legal play (hypothesis)."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from crashgrab.engine.crash_grid.rules import (CARDS, HAND_SIZE, DeckA, GridState, IllegalAction, MissingChoice, Rider,
                                               Trick, apply, deal, initiative_order)
from crashgrab.engine.crash_grid.terms import MOVES, SUITS
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
@st.composite
def rounds(draw):
    """A round from a template or a random arena, Deck A open or dealt from a seed, and a random
    seed for the tricks' choices."""
    if draw(st.booleans()):
        layout = template_layout(draw(st.sampled_from(["3", "4"])))
        riders = tuple(Rider(s.suit, s.cell, s.facing, draw(st.integers(0, 9))) for s in layout.starts)
        state = GridState(layout.width, layout.height, riders)
    else:
        size = draw(st.integers(3, 7))
        cells = draw(st.lists(st.tuples(st.integers(0, size - 1), st.integers(0, size - 1)), min_size=2, max_size=6,
                              unique=True))
        count = draw(st.integers(2, min(4, len(cells))))
        riders = tuple(Rider(suit, cell, draw(st.sampled_from(["north", "east", "south", "west"])),
                             draw(st.integers(0, 3))) for suit, cell in zip(SUITS, cells[:count]))
        state = GridState(size, size, riders, walls=frozenset(cells[count:]))
    if draw(st.booleans()):
        state = replace(state, deck=deal([r.suit for r in state.riders], seed=draw(st.integers(0, 2**64 - 1))))
    return state, draw(st.integers(0, 2**32))


def revealable(state: GridState, suit: str) -> list[str]:
    deck = state.initiative_deck()
    return [card for card in CARDS if deck.why_not(suit, card) is None]


def random_trick(state: GridState, rng: random.Random) -> Trick:
    initiative: dict[str, str] = {}
    for rider in state.riders_on_board():
        options = [c for c in revealable(state, rider.suit) if c not in initiative.values()]
        if state.initiative_deck().held(rider.suit):
            initiative[rider.suit] = rng.choice(options)
    return Trick(initiative, {r.suit: rng.choice([m for m in MOVES if m not in r.used]) for r in state.riders_on_board()})


def check_deck(state: GridState, revealed: list[str]) -> None:
    deck = state.initiative_deck()
    places = [c for _, cards in deck.hands for c in cards] + list(deck.pile) + list(deck.table) + [c for _, c in deck.walls]
    assert len(places) == len(set(places)), "no card is in two places"
    if deck.seeded:
        assert sorted(places) == sorted(CARDS), "the 52 cards are partitioned among hands, pile, table and walls"
        assert not deck.hidden
    else:
        assert len(deck.unseen()) >= sum(n for _, n in deck.hidden), "every unnamed card in a hand is an unseen one"
    assert len(revealed) == len(set(revealed)), "no card is revealed twice between reshuffles"
    for rider in state.riders_on_board():
        assert deck.held(rider.suit) <= HAND_SIZE
    walls_with_cards = {cell for cell, _ in deck.walls}
    assert walls_with_cards <= state.walls, "a face-down card lies under a wall"


@settings(max_examples=150, deadline=None)
@given(rounds())
def test_invariants_hold_through_a_round(start):
    state, seed = start
    rng = random.Random(seed)
    left_behind: set = set()
    revealed: list[str] = []
    for _ in range(60):
        if state.over:
            break
        before = state
        state, events = apply(state, random_trick(state, rng))
        cards = [card for e in events if e.kind == "order" for _, card in e.order if card is not None]
        seen = set(before.initiative_deck().table) | {card for _, card in before.initiative_deck().walls}
        assert not set(cards) & seen, "no card is revealed again while it lies on the table or under a wall"
        # a reshuffle at the trick's end returns the table's cards (this trick's too) to the pile
        revealed = [] if any(e.kind == "reshuffle" for e in events) else revealed + cards
        check_deck(state, revealed)
        squares = [r.at for r in state.riders_on_board()]
        assert len(squares) == len(set(squares)), "riders never share a square"
        assert len(state.riders_on_board()) <= len(before.riders_on_board()), "riders never come back"
        occupied = state.occupied()
        left_behind |= {r.at for r in before.riders_on_board()}
        assert left_behind <= occupied, "a square a rider has been on never becomes free again"
        assert before.occupied() <= occupied
        assert not set(squares) & ({cell for cell, _ in state.trails} | state.walls)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**64 - 1), st.lists(st.sampled_from(SUITS), min_size=2, max_size=4, unique=True),
       st.lists(st.sampled_from(CARDS), max_size=8, unique=True))
def test_a_seeded_deal_partitions_the_52_cards_and_the_same_seed_deals_the_same(seed, suits, on_table):
    deck = deal(suits, table=on_table, seed=seed)
    assert deck == deal(suits, table=on_table, seed=seed)
    assert all(len(deck.hand(suit)) == HAND_SIZE for suit in suits)
    everywhere = [c for _, cards in deck.hands for c in cards] + list(deck.pile) + list(deck.table)
    assert sorted(everywhere) == sorted(CARDS) and deck.table == tuple(on_table)


def test_a_rider_with_an_empty_hand_reveals_nothing_and_moves_last():
    """Deck A used up for spades (rulings.md, deck-a-reshuffle): hearts' 2H still goes first."""
    state = replace(two_riders(), deck=DeckA(hidden=(("hearts", 5),)))
    with pytest.raises(IllegalAction, match="spades reveals AS, but it has no card left in hand"):
        apply(state, Trick({"spades": "AS", "hearts": "2H"}, {"spades": "K", "hearts": "K"}))
    after, events = apply(state, Trick({"hearts": "2H"}, {"spades": "K", "hearts": "K"}))
    assert events[0].order == (("hearts", "2H"), ("spades", None))
    assert events[0].describe() == "initiative: hearts (2H), spades (no card)"
    # the refill then gives spades 5 again: 51 cards are unseen
    assert after.deck.table == ("2H",) and (after.deck.held("spades"), after.deck.held("hearts")) == (5, 5)
