"""Deck A in a Crash Grid scenario file: the face-down cards under walls, the "deck" object
(seed, scripted hands, cards on the table) and the expectations about hands and table.

Loading refuses a card in two places, naming the JSON path of the second; the checks of a
trick (a card revealed twice, a card held by another player) are the rules' (rules/deck.py).
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from ..expectations import Check
from .rules import CARDS, DeckA, GridState, deal
from .terms import Cell, cell_text

Fail = Callable[..., Any]


def wall_entries(raw_walls) -> list[tuple[Cell, str | None, str]]:
    """(square, card or None, JSON path of the square) for each of the file's walls."""
    entries = []
    for index, raw in enumerate(raw_walls):
        if isinstance(raw, dict):
            entries.append(((raw["at"][0], raw["at"][1]), raw["card"], f"$.walls[{index}].at"))
        else:
            entries.append(((raw[0], raw[1]), None, f"$.walls[{index}]"))
    return entries


def read_deck(spec: Mapping[str, Any], riders: GridState, wall_cards: list[tuple[Cell, str, str]], fail: Fail,
              prefix: str = "$") -> DeckA:
    """Deck A at the scenario's start. `wall_cards`: (square, card, JSON path of the entry)."""
    where: dict[str, str] = {}

    def claim(card: str, place: str, path: str) -> None:
        if card in where:
            fail(path, f"{card} is {place} but already {where[card]}; Deck A has one of each card.",
                 "Name each card in one place only.")
        where[card] = place

    for cell, card, path in wall_cards:
        claim(card, f"face down as the wall at {cell_text(cell)}", path.removesuffix(".at") + ".card")
    for index, card in enumerate(spec.get("table", ())):
        claim(card, "on the table", f"{prefix}.deck.table[{index}]")
    suits = {r.suit for r in riders.riders}
    hands = spec.get("hands", {})
    for suit, cards in hands.items():
        if suit not in suits:
            fail(f"{prefix}.deck.hands.{suit}", f"there is no {suit} rider in this scenario.",
                 "Give hands only to the riders listed.")
        for index, card in enumerate(cards):
            claim(card, f"in {suit}'s hand", f"{prefix}.deck.hands.{suit}[{index}]")
    return deal((r.suit for r in riders.riders_on_board()), hands=hands, table=spec.get("table", ()),
                walls=[(cell, card) for cell, card, _ in wall_cards], seed=spec.get("seed"))


def deck_expectations(expect: Mapping[str, Any], state: GridState) -> list[Check]:
    checks: list[Check] = []
    deck = state.initiative_deck()
    for suit, cards in expect.get("hands", {}).items():
        checks.append(Check(f"hands.{suit}", _in_deck_order(cards), _in_deck_order(deck.hand(suit))))
    if "table" in expect:
        checks.append(Check("table", list(expect["table"]), list(deck.table)))
    return checks


def _in_deck_order(cards) -> list[str]:
    return sorted(cards, key=CARDS.index)


def walls_json(state: GridState, layout_walls) -> list:
    """The file's walls: squares, with the face-down card where Deck A knows one."""
    cards = dict(state.initiative_deck().walls)
    extra = sorted(state.walls - layout_walls, key=lambda c: (c[1], c[0]))
    return [{"at": list(c), "card": cards[c]} if c in cards else list(c) for c in extra]
