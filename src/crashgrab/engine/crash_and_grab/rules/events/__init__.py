"""Events: every step the rules take, in order, each enough to draw without the state.

Stable kinds: bonus, move, pickup, collision, accelerator, crash, boost, penalty,
transfer, place, probe, win, and in a whole round: round (its start) and turn; with
upgrade cards: upgrade (bought), ability (a card used), jump, swap, mine, quake, exchange; and
shuffle (the setup's shuffle of the upgrade deck).
`to_json()` gives {"kind": ..., fields}; `describe()` says it in words. Folding events with `apply_event` (fold.py) rebuilds the state.

By phase, one module each: movement (bonus, move, pickup, collision, accelerator, crash,
boost), outcomes (penalty, transfer, place, win), round (round, turn, probe), upgrades
(upgrade, ability, jump, swap, mine, quake, exchange, shuffle). Every name is imported from
here, as before the split.
"""
from __future__ import annotations

from typing import Any

from ....play.events import Event, EventRegistry
from ..pieces import Crew
from .movement import Accelerator, Bonus, BoostUsed, Collision, Crash, Move, Pickup
from .outcomes import Penalty, Place, Transfer, Win
from .round import ProbeMoved, RoundBegan, TurnBegan
from .upgrades import AbilityUsed, Exchange, Jump, Mined, Swap, TileTurned, UpgradeBought, UpgradesShuffled

EVENT_KINDS: tuple[str, ...] = ("bonus", "move", "pickup", "collision", "accelerator", "crash", "boost",
                                "penalty", "transfer", "place", "probe", "win", "round", "turn", "upgrade", "ability",
                                "jump", "swap", "mine", "quake", "exchange", "shuffle")


def _read_value(cls: type[Event], name: str, value: Any) -> Any:
    if cls is ProbeMoved and name == "counts":
        return tuple((player, count) for player, count in value.items())
    return _from_json_value(name, value)


def _from_json_value(name: str, value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"color", "type"}:
        return Crew.from_json(value)
    if isinstance(value, list):
        if name in ("origin", "to", "at", "into", "other_at", "corner") and len(value) == 2 and all(isinstance(v, int) for v in value):
            return tuple(value)
        return tuple(_from_json_value("", v) for v in value)
    return value


EVENTS = EventRegistry((
    Bonus, Move, Pickup, Collision, Accelerator, Crash, BoostUsed, Penalty, Transfer, Place, ProbeMoved, Win,
    RoundBegan, TurnBegan, UpgradeBought, AbilityUsed, Jump, Swap, Mined, TileTurned, Exchange, UpgradesShuffled),
    read=_read_value)
EVENT_TYPES: dict[str, type[Event]] = {kind: EVENTS[kind] for kind in EVENTS.kinds}
assert EVENTS.kinds == EVENT_KINDS


def event_from_json(document: dict[str, Any]) -> Event:
    """The event `to_json()` wrote (for logs the editor saves and reads back)."""
    return EVENTS.from_json(document)


__all__ = [
    "EVENTS", "EVENT_KINDS", "EVENT_TYPES", "AbilityUsed", "Accelerator", "Bonus", "BoostUsed", "Collision", "Crash",
    "Event", "Exchange", "Jump", "Mined", "Move", "Penalty", "Pickup", "Place", "ProbeMoved", "RoundBegan", "Swap",
    "TileTurned", "Transfer", "TurnBegan", "UpgradeBought", "UpgradesShuffled", "Win", "event_from_json",
]
