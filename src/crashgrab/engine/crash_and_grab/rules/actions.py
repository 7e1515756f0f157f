"""Actions a player (or the round) takes: a saucer's Turn, the end of a round, the setup.

Actions are plain frozen values. `choices` carries every decision the rules leave to a
player; a MissingChoice error says which one is missing, and `answered(error, option)`
returns the same action with that decision added (how the editor and auto_choices fill
them in one at a time).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from .errors import MissingChoice
from .frozen import EMPTY, FrozenMap, freeze

# Choices keyed by the saucer they are about (the crashed saucer), one value each.
PER_SAUCER_CHOICES: tuple[str, ...] = ("give", "receiver", "steal_or_energy", "steal")
# Choices that are a list, used front first, one item each time the choice comes up.
LISTED_CHOICES: tuple[str, ...] = ("lost_crew", "handover", "die")
TURN_CHOICES: tuple[str, ...] = PER_SAUCER_CHOICES + LISTED_CHOICES
# Upgrade cards: abilities used {card: how}, buying one (true) and the card kept.
UPGRADE_CHOICES: tuple[str, ...] = ("upgrades", "upgrade", "keep")
# Setup choices (2 players only), one saucer colour each.
SETUP_CHOICES: tuple[str, ...] = ("pilot", "booster")


def _with_choice(choices: Mapping[str, Any], error: MissingChoice, option: Any) -> FrozenMap:
    name = error.choice
    if name in PER_SAUCER_CHOICES:
        inner = choices.get(name, EMPTY)
        return FrozenMap(choices).with_item(name, FrozenMap(inner).with_item(error.saucer, option))
    return FrozenMap(choices).with_item(name, tuple(choices.get(name, ())) + (option,))


@dataclass(frozen=True)
class Boost:
    """Spend a booster after the move to move again, the same distance, any direction."""

    direction: str
    accelerators: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "accelerators", tuple(self.accelerators))


@dataclass(frozen=True)
class Turn:
    """One saucer's turn: its movement card, direction, Accelerator directions, optional boost.

    card: "2", "3" or "0-5". distance: the number chosen for "0-5" (0-5); for "2" and
    "3" leave it None (or give the card's own number).
    direction: a board direction (north, east, south, west) or a marker (Sun, ...).
    accelerators: the directions chosen, in order, at each Accelerator the saucer reaches
    on its own move (a pushed saucer keeps its direction and needs none).
    choices: "give" {crashed saucer: crew}, "receiver" {crashed saucer: saucer},
    "steal_or_energy" {crashed saucer: "steal" | "energy"}, "steal" {crashed saucer: crew},
    "lost_crew" [colour, ...], "handover" [crew, ...], "die" [1-12, ...]; upgrade cards:
    "upgrades" {card: how} (upgrades.py), "upgrade": true (buy one) and "keep" (the card kept).
    """

    saucer: str
    card: str
    distance: int | None = None
    direction: str | None = None
    accelerators: tuple[str, ...] = ()
    boost: Boost | None = None
    choices: Mapping[str, Any] = field(default_factory=FrozenMap)

    def __post_init__(self) -> None:
        object.__setattr__(self, "accelerators", tuple(self.accelerators))
        object.__setattr__(self, "choices", freeze(self.choices or {}))

    def answered(self, error: MissingChoice, option: Any) -> "Turn":
        """This turn with the missing choice answered by `option`."""
        if error.choice == "keep":
            return replace(self, choices=FrozenMap(self.choices).with_item("keep", option))
        if error.choice == "accelerator":
            if error.phase == "boost" and self.boost is not None:
                return replace(self, boost=replace(self.boost, accelerators=self.boost.accelerators + (option,)))
            return replace(self, accelerators=self.accelerators + (option,))
        return replace(self, choices=_with_choice(self.choices, error, option))


@dataclass(frozen=True)
class EndRound:
    """End of a round: crashed saucers are placed, then the Probe moves.

    choices: only "die" [1-12, ...], die results used before the state's dice or seed.
    """

    choices: Mapping[str, Any] = field(default_factory=FrozenMap)

    def __post_init__(self) -> None:
        object.__setattr__(self, "choices", freeze(self.choices or {}))

    def answered(self, error: MissingChoice, option: Any) -> "EndRound":
        return replace(self, choices=_with_choice(self.choices, error, option))


@dataclass(frozen=True)
class SetUp:
    """Set up by the rulebook: energy, saucers placed by the die, boosters, Pilots.

    The setup rolls come from `dice` (scripted, front first), then a generator seeded
    with `seed`, then the state's own die; neither changes the state's dice or seed.
    choices (2 players only): "pilot": the Probe player's saucer whose Pilot is placed;
    "booster": the other player's saucer that takes the booster.
    The upgrade deck is shuffled (step 4) by the same generator, after the setup's rolls,
    unless `scripted_upgrade_deck` (a scenario that lists its deck keeps it as written).
    """

    seed: int | None = None
    dice: tuple[int, ...] = ()
    choices: Mapping[str, Any] = field(default_factory=FrozenMap)
    scripted_upgrade_deck: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", tuple(self.dice))
        object.__setattr__(self, "choices", freeze(self.choices or {}))

    def answered(self, error: MissingChoice, option: Any) -> "SetUp":
        if error.choice in SETUP_CHOICES:
            return replace(self, choices=FrozenMap(self.choices).with_item(error.choice, option))
        return replace(self, dice=self.dice + (option,))


# What a round's choices may say about one saucer's turn.
ROUND_TURN_KEYS: tuple[str, ...] = ("distance", "direction", "accelerators", "boost") + TURN_CHOICES + UPGRADE_CHOICES


def _boost_json(boost: Boost | None) -> FrozenMap | None:
    if boost is None:
        return None
    document: dict[str, Any] = {"direction": boost.direction}
    if boost.accelerators:
        document["accelerators"] = boost.accelerators
    return freeze(document)


@dataclass(frozen=True)
class Round:
    """A whole round (Round Overview): the Plan, the rotation die, every saucer's turn in
    turn order, then the End of Round.

    plan: saucer colour (or the id of a player with one saucer) -> {"card", "direction"} and,
    for card "0-5", optionally "distance" (else asked at the turn, choice "distance").
    rotation: "left" or "right" (3+ players); None: rolled from the state's seed, and not
    used with 2 players.
    choices: saucer colour -> that saucer's turn: "distance", "direction" (only a saucer placed
    at the start of its turn or holding an override token may leave its planned one),
    "accelerators", "boost" {"direction", "accelerators"} and the turn choices (give, ...);
    "first": {player: saucer} (2 players: which saucer moves first); "die": [...] and
    "gateway" {saucer: Crash Site} for the End of Round; "stabilizer": "left" | "right" (the
    Rotational Stabilizer's holder, after the Probe player's turn).
    """

    plan: Mapping[str, Any]
    rotation: str | None = None
    choices: Mapping[str, Any] = field(default_factory=FrozenMap)

    def __post_init__(self) -> None:
        object.__setattr__(self, "plan", freeze(self.plan or {}))
        object.__setattr__(self, "choices", freeze(self.choices or {}))

    def turn_choices(self, saucer: str) -> FrozenMap:
        return FrozenMap(self.choices.get(saucer, EMPTY))

    def answered(self, error: MissingChoice, option: Any) -> "Round":
        choices = FrozenMap(self.choices)
        saucer = getattr(error, "turn_saucer", None)
        if error.choice == "first":
            first = FrozenMap(choices.get("first", EMPTY)).with_item(error.player, option)
            return replace(self, choices=choices.with_item("first", first))
        if saucer is None:  # the End of Round's die
            return replace(self, choices=choices.with_item("die", tuple(choices.get("die", ())) + (option,)))
        details = self.turn_choices(saucer)
        if error.choice == "distance":
            return replace(self, choices=choices.with_item(saucer, details.with_item("distance", option)))
        boost = details.get("boost")
        turn = Turn(saucer, "2", direction="north", accelerators=details.get("accelerators", ()),
                    boost=Boost(boost["direction"], boost.get("accelerators", ())) if boost else None,
                    choices={k: v for k, v in details.items() if k in TURN_CHOICES + UPGRADE_CHOICES}
                    ).answered(error, option)
        updated = dict(details)
        updated.update(turn.choices)
        if turn.accelerators:
            updated["accelerators"] = turn.accelerators
        if turn.boost is not None:
            updated["boost"] = _boost_json(turn.boost)
        return replace(self, choices=choices.with_item(saucer, freeze(updated)))


Action = Turn | EndRound | SetUp | Round
