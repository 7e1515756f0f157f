"""Deck A, the initiative deck: "One standard 52-card deck shared by all players" (Components).

Every card is in one place: a rider's hand, the draw pile, the table (revealed face up since
the last reshuffle) or under a wall (extended mode's face-down card). Setup, step 3: "Deal 5
initiative cards to each player"; End of Trick: "Surviving players refill hands to 5".

Two ways to know the cards (docs/rulings.md, deck-a):
- seeded (`rng` set): the cards not scripted are shuffled with the seed and dealt, so every
  hand and the pile are known; a rider reveals a card of its hand.
- open (`rng` None, every scenario written before Deck A was modelled): hands hold `hidden`
  cards not yet named, and a rider may reveal any card not yet seen (not on the table, under a
  wall or named in another hand). The pile is whatever no one has seen.
When a refill finds the pile empty, the table is shuffled into a new pile (the rulebook is
silent; docs/rulings.md, deck-a-reshuffle). Crashed riders keep their hands out of play.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Iterable, Mapping

from ..terms import RANKS, SUIT_LETTERS, SUITS, Cell, cell_text
from .shuffle import shuffled

# Highest first: "AS", "AH", "AD", "AC", "KS", ... "2C".
CARDS: tuple[str, ...] = tuple(rank + letter for rank in reversed(RANKS) for letter in SUIT_LETTERS)
HAND_SIZE = 5


def _by_suit(items: Mapping[str, object]) -> tuple:
    return tuple((suit, items[suit]) for suit in SUITS if suit in items)


@dataclass(frozen=True)
class DeckA:
    hands: tuple[tuple[str, tuple[str, ...]], ...] = ()   # (suit, the cards named in its hand), suit order
    hidden: tuple[tuple[str, int], ...] = ()              # (suit, cards in its hand not yet named): open deck
    pile: tuple[str, ...] = ()                            # seeded: the draw pile, top first
    table: tuple[str, ...] = ()                           # revealed face up since the last reshuffle, in order
    walls: tuple[tuple[Cell, str], ...] = ()              # (square, card) lying face down as a wall
    rng: int | None = None                                # seeded: the generator's state; None: open

    @property
    def seeded(self) -> bool:
        return self.rng is not None

    def hand(self, suit: str) -> tuple[str, ...]:
        return dict(self.hands).get(suit, ())

    def hidden_in(self, suit: str) -> int:
        return dict(self.hidden).get(suit, 0)

    def held(self, suit: str) -> int:
        return len(self.hand(suit)) + self.hidden_in(suit)

    @cached_property
    def _named(self) -> dict[str, str]:
        """card -> where it is, for every card whose place is known (computed once: the deck is immutable)."""
        where: dict[str, str] = {}
        for suit, cards in self.hands:
            where.update((card, f"in {suit}'s hand") for card in cards)
        where.update((card, "still in the draw pile") for card in self.pile)
        where.update((card, "lying face up on the table, revealed in an earlier trick") for card in self.table)
        where.update((card, f"lying face down as a wall at {cell_text(cell)}") for cell, card in self.walls)
        return where

    def named(self) -> dict[str, str]:
        """card -> where it is, for every card whose place is known."""
        return dict(self._named)

    def unseen(self) -> tuple[str, ...]:
        """Open deck: the cards no one has seen (in the pile or in hands' unnamed cards)."""
        return tuple(card for card in CARDS if card not in self._named)

    def why_not(self, suit: str, card: str) -> str | None:
        """Why `suit` cannot reveal `card` now, or None when it can."""
        if card in self.hand(suit):
            return None
        place = self._named.get(card)
        if place is None and self.hidden_in(suit) > 0:
            return None
        if place is None or place == "still in the draw pile":
            cards = ", ".join(self.hand(suit)) or "no card"
            return f"which is not in its hand (its hand: {cards})"
        return f"which is {place}"

    def revealed(self, suit: str, card: str, wall: Cell | None) -> "DeckA":
        """`suit` has revealed `card`: out of its hand, onto the table or, with `wall`, face down there."""
        hands, hidden = dict(self.hands), dict(self.hidden)
        if card in hands.get(suit, ()):
            hands[suit] = tuple(c for c in hands[suit] if c != card)
        else:
            hidden[suit] -= 1
        if wall is not None:
            return replace(self, hands=_by_suit(hands), hidden=_by_suit(hidden), walls=self.walls + ((wall, card),))
        return replace(self, hands=_by_suit(hands), hidden=_by_suit(hidden), table=self.table + (card,))

    def refilled(self, survivors: Iterable[str]) -> tuple["DeckA", int]:
        """Each surviving rider, in suit order, draws up to HAND_SIZE; (deck, how many cards of
        the table were shuffled into a new pile: 0 when the pile sufficed)."""
        deck, reshuffled = self, 0
        for suit in sorted(survivors, key=SUITS.index):
            while deck.held(suit) < HAND_SIZE:
                if not deck._can_draw():
                    if not deck.table:
                        break
                    reshuffled += len(deck.table)
                    deck = deck._reshuffled()
                    continue
                deck = deck._draw(suit)
        return deck, reshuffled

    def _can_draw(self) -> bool:
        if self.seeded:
            return bool(self.pile)
        return len(self.unseen()) > sum(n for _, n in self.hidden)

    def _draw(self, suit: str) -> "DeckA":
        if self.seeded:
            hands = dict(self.hands)
            hands[suit] = hands.get(suit, ()) + self.pile[:1]
            return replace(self, hands=_by_suit(hands), pile=self.pile[1:])
        hidden = dict(self.hidden)
        hidden[suit] = hidden.get(suit, 0) + 1
        return replace(self, hidden=_by_suit(hidden))

    def _reshuffled(self) -> "DeckA":
        if self.rng is None:  # open: the table's cards are unseen again
            return replace(self, table=())
        pile, rng = shuffled(self.table, self.rng)
        return replace(self, pile=self.pile + pile, table=(), rng=rng)

    def to_json(self) -> dict:
        return {"seeded": self.seeded,
                "hands": {suit: list(cards) for suit, cards in self.hands},
                "hidden": {suit: n for suit, n in self.hidden if n},
                "pile": len(self.pile) if self.seeded else len(self.unseen()) - sum(n for _, n in self.hidden),
                "table": list(self.table),
                "walls": [{"at": list(cell), "card": card} for cell, card in self.walls]}


def deal(riders: Iterable[str], *, hands: Mapping[str, Iterable[str]] | None = None, table: Iterable[str] = (),
         walls: Iterable[tuple[Cell, str]] = (), seed: int | None = None) -> DeckA:
    """Deck A at the start: `hands` as scripted (suit -> cards), cards already on the table and
    under walls; every rider of `riders` (those on the board) holds HAND_SIZE. Seeded: the other
    cards are shuffled and dealt one at a time in suit order, the rest is the pile. Open: the
    cards a hand lacks are hidden (not yet named). The caller checks that no card is in two places."""
    given = {suit: tuple(cards) for suit, cards in (hands or {}).items()}
    riders = sorted(riders, key=SUITS.index)
    deck = DeckA(hands=_by_suit(given), table=tuple(table), walls=tuple(walls))
    if seed is None:
        hidden = {suit: HAND_SIZE - len(given.get(suit, ())) for suit in riders}
        return replace(deck, hidden=_by_suit(hidden))
    named = deck.named()
    rest, rng = shuffled(tuple(card for card in CARDS if card not in named), seed)
    dealt = {suit: list(given.get(suit, ())) for suit in riders}
    cards = list(rest)
    while cards and any(len(dealt[suit]) < HAND_SIZE for suit in riders):
        for suit in riders:
            if cards and len(dealt[suit]) < HAND_SIZE:
                dealt[suit].append(cards.pop(0))
    for suit, own in given.items():
        dealt.setdefault(suit, list(own))
    return replace(deck, hands=_by_suit({s: tuple(c) for s, c in dealt.items()}), pile=tuple(cards), rng=rng)
