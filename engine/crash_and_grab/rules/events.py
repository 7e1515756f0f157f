"""Events: every step the rules take, in order, each enough to draw without the state.

Stable kinds: bonus, move, pickup, collision, accelerator, crash, boost, penalty,
transfer, place, probe, win, and in a whole round: round (its start) and turn; with
upgrade cards: upgrade (bought), ability (a card used), jump, swap, mine, quake, exchange; and
shuffle (the setup's shuffle of the upgrade deck).
`to_json()` gives {"kind": ..., fields}; `describe()` says it in words. Folding events with `apply_event` (fold.py) rebuilds the state.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ...grid.model import Cell
from ...play.events import Event, EventRegistry
from .errors import cell_text
from .pieces import Crew

EVENT_KINDS: tuple[str, ...] = ("bonus", "move", "pickup", "collision", "accelerator", "crash", "boost",
                                "penalty", "transfer", "place", "probe", "win", "round", "turn", "upgrade", "ability",
                                "jump", "swap", "mine", "quake", "exchange", "shuffle")
def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@dataclass(frozen=True)
class Bonus(Event):
    """The card's bonus (or setup's gift): a saucer takes boosters or energy."""

    kind: ClassVar[str] = "bonus"
    saucer: str
    item: str            # "booster" or "energy"
    amount: int = 1

    def describe(self) -> str:
        what = f"a {self.item}" if self.amount == 1 else f"{self.amount} {self.item}s"
        if self.item == "energy":
            what = "an energy" if self.amount == 1 else f"{self.amount} energy"
        return f"{self.saucer} takes {what}"


@dataclass(frozen=True)
class Move(Event):
    """One space of movement (`pushed`: the saucer is being pushed)."""

    kind: ClassVar[str] = "move"
    saucer: str
    origin: Cell
    to: Cell
    direction: str
    pushed: bool = False

    def describe(self) -> str:
        verb = "is pushed" if self.pushed else "moves"
        return f"{self.saucer} {verb} {self.direction} from {cell_text(self.origin)} to {cell_text(self.to)}"


@dataclass(frozen=True)
class Pickup(Event):
    kind: ClassVar[str] = "pickup"
    saucer: str
    crew: Crew
    at: Cell
    stationed: bool

    def describe(self) -> str:
        role = "stationed" if self.stationed else "an extra"
        return f"{self.saucer} picks up the {self.crew} at {cell_text(self.at)} ({role})"


@dataclass(frozen=True)
class Collision(Event):
    """`saucer` moving `direction` from `origin` hits `other` at `at`; `other` is pushed
    `push_distance` spaces, then `saucer` moves into `at`."""

    kind: ClassVar[str] = "collision"
    saucer: str
    other: str
    at: Cell
    origin: Cell
    direction: str
    push_distance: int
    ruling: str

    def describe(self) -> str:
        return (f"{self.saucer} pushed {self.other} {_plural(self.push_distance, 'space')} {self.direction} "
                f"from {cell_text(self.at)}")


@dataclass(frozen=True)
class Accelerator(Event):
    """The saucer stops on the Accelerator at `at` and moves again `distance` spaces.
    forced: it was pushed, so it keeps the pushing direction (no choice)."""

    kind: ClassVar[str] = "accelerator"
    saucer: str
    at: Cell
    distance: int
    direction: str
    forced: bool

    def describe(self) -> str:
        how = "keeps going" if self.forced else "turns"
        return (f"{self.saucer} hits the Accelerator at {cell_text(self.at)} and {how} {self.direction} "
                f"for {_plural(self.distance, 'more space')}")


@dataclass(frozen=True)
class Crash(Event):
    """The saucer left the board from `at` into `into` (a hole or outside) and is removed."""

    kind: ClassVar[str] = "crash"
    saucer: str
    at: Cell
    into: Cell
    direction: str
    turn_saucer: str
    turn_player: str
    own_turn: bool       # counts as crashing on its own turn (penalty: give)

    def describe(self) -> str:
        whose = "on its own turn" if self.own_turn else f"on {self.turn_player}'s turn ({self.turn_saucer})"
        return f"{self.saucer} crashes going {self.direction} off the board at {cell_text(self.into)} {whose}"


@dataclass(frozen=True)
class BoostUsed(Event):
    kind: ClassVar[str] = "boost"
    saucer: str
    direction: str
    distance: int

    def describe(self) -> str:
        return f"{self.saucer} spends a booster to move {_plural(self.distance, 'space')} {self.direction}"


@dataclass(frozen=True)
class Penalty(Event):
    """A crash penalty for `saucer` (the crashed one).

    outcome "give": `crew` goes from `giver` (the crashed saucer, or with two saucers per
    player the saucer whose turn it is: ruling own_saucer_crash) to `receiver`;
    "steal": `crew` goes from `giver` (the crashed saucer) to `receiver` (the turn's saucer);
    "energy": `receiver` (the turn's saucer) takes an energy instead;
    "nothing": the crashed saucer has no off-coloured crewmember to give.
    """

    kind: ClassVar[str] = "penalty"
    saucer: str
    outcome: str
    crew: Crew | None = None
    giver: str | None = None
    receiver: str | None = None

    def describe(self) -> str:
        if self.outcome == "give" and self.giver != self.saucer:
            return f"{self.saucer} crashed, so {self.giver} gives the {self.crew} to {self.receiver}"
        if self.outcome == "give":
            return f"{self.saucer} crashed and gives the {self.crew} to {self.receiver}"
        if self.outcome == "steal":
            return f"{self.receiver} steals the {self.crew} from crashed {self.saucer}"
        if self.outcome == "energy":
            return f"{self.receiver} takes an energy for crashing {self.saucer}"
        if self.giver is not None and self.giver != self.saucer:
            return f"{self.saucer} crashed but {self.giver} has no off-coloured crewmember to give"
        return f"{self.saucer} crashed but has no off-coloured crewmember to give"


@dataclass(frozen=True)
class Transfer(Event):
    """2-player hand-over of an own-colour crewmember between a player's two saucers."""

    kind: ClassVar[str] = "transfer"
    giver: str
    receiver: str
    crew: Crew

    def describe(self) -> str:
        return f"{self.giver} hands the {self.crew} over to {self.receiver}"


@dataclass(frozen=True)
class Place(Event):
    """A saucer or a lost crewmember placed on a Crash Site by the die.

    roll: the die result; tried: the sites tried in order (the roll, then +1 with 12
    wrapping to 1, past taken sites); site/at: where it went. source: where the roll came
    from ("action": the action's own dice; "script": the state's dice; "seed": the state's
    generator; "choice": no roll, the site was chosen: Regeneration Gateway).
    reason: "turn" (a crashed saucer's turn), "pickup", "round", "setup".
    """

    kind: ClassVar[str] = "place"
    piece: str               # "saucer" or "crew"
    saucer: str | None
    crew: Crew | None
    roll: int
    tried: tuple[int, ...]
    site: int
    at: Cell
    source: str
    reason: str

    def describe(self) -> str:
        what = self.saucer if self.piece == "saucer" else f"the {self.crew}"
        if self.source == "choice":
            return f"{what} is placed on the chosen Crash Site {self.site} at {cell_text(self.at)}"
        taken = [str(s) for s in self.tried[:-1]]
        skipped = f", site {', '.join(taken)} taken" if taken else ""
        return f"{what} is placed: die {self.roll}{skipped} -> Crash Site {self.site} at {cell_text(self.at)}"


@dataclass(frozen=True)
class ProbeMoved(Event):
    """End of round: the Probe goes to the player with the fewest stationed crewmembers."""

    kind: ClassVar[str] = "probe"
    origin: str | None
    to: str
    counts: tuple[tuple[str, int], ...]   # (player, stationed crewmembers), seat order

    def to_json(self) -> dict[str, Any]:
        document = super().to_json()
        document["counts"] = {player: count for player, count in self.counts}
        return document

    def describe(self) -> str:
        fewest = dict(self.counts)[self.to]
        if self.origin is None:
            return f"the Probe goes to {self.to} ({_plural(fewest, 'stationed crewmember')})"
        if self.origin == self.to:
            return f"the Probe stays with {self.to} ({_plural(fewest, 'stationed crewmember')})"
        return f"the Probe moves from {self.origin} to {self.to} ({_plural(fewest, 'stationed crewmember')})"


@dataclass(frozen=True)
class Win(Event):
    kind: ClassVar[str] = "win"
    player: str
    saucer: str              # the saucer whose gain completed the set
    stationed: tuple[Crew, ...]

    def describe(self) -> str:
        return f"{self.player} wins: a stationed pilot, scientist, doctor and engineer"


@dataclass(frozen=True)
class RoundBegan(Event):
    """A whole round begins: the plan is made and the rotation die read.

    rotation: "left" (clockwise) or "right", None with 2 players (not rolled).
    roll: the generator's roll when the rotation came from the seed (1-6 left, 7-12
    right), else None. order: the saucers in turn order. overrides: the saucers whose
    players hold an override token this round (5-6 players).
    """

    kind: ClassVar[str] = "round"
    rotation: str | None
    roll: int | None
    order: tuple[str, ...]
    overrides: tuple[str, ...]

    def describe(self) -> str:
        how = f"turn order passes {self.rotation}" if self.rotation else "no rotation die (2 players)"
        rolled = f" (die {self.roll})" if self.roll is not None else ""
        tokens = f"; override tokens: {', '.join(self.overrides)}" if self.overrides else ""
        return f"a round begins: {how}{rolled}; order {', '.join(self.order)}{tokens}"


@dataclass(frozen=True)
class TurnBegan(Event):
    """A saucer's turn in a round: its card revealed with the direction it moves.
    free: it may move any direction (placed at the start of its turn, or an override token)."""

    kind: ClassVar[str] = "turn"
    saucer: str
    player: str
    card: str
    direction: str
    free: bool

    def describe(self) -> str:
        free = " (any direction allowed)" if self.free else ""
        return f"{self.player}'s turn: {self.saucer} reveals card {self.card}, {self.direction}{free}"


@dataclass(frozen=True)
class UpgradeBought(Event):
    """III. Turn Clean-up, 4: `saucer` trades 2 energy for the top two upgrade cards, keeps
    `kept` face up and discards the other. reshuffled: the discard pile, in its order, put
    under the deck because the deck ran out before the draw (empty: no reshuffle)."""

    kind: ClassVar[str] = "upgrade"
    saucer: str
    drawn: tuple[str, ...]
    kept: str
    reshuffled: tuple[str, ...] = ()

    def describe(self) -> str:
        others = [c for c in self.drawn if c != self.kept]
        discarded = f", discards {others[0]}" if others else ""
        again = " (the discard pile is reshuffled into the deck)" if self.reshuffled else ""
        return f"{self.saucer} trades 2 energy for an upgrade: keeps {self.kept}{discarded}{again}"


@dataclass(frozen=True)
class AbilityUsed(Event):
    """An upgrade card's ability is used (what it does follows as its own events)."""

    kind: ClassVar[str] = "ability"
    saucer: str
    card: str
    detail: str

    def describe(self) -> str:
        return f"{self.saucer} uses {self.card}: {self.detail}"


@dataclass(frozen=True)
class Jump(Event):
    """An upgrade puts `saucer` onto `to` without moving through the spaces between (no
    pickup, no Accelerator on the way); `to` None: off the board (Cloaking Device)."""

    kind: ClassVar[str] = "jump"
    saucer: str
    origin: Cell
    to: Cell | None

    def describe(self) -> str:
        if self.to is None:
            return f"{self.saucer} leaves the board from {cell_text(self.origin)}"
        return f"{self.saucer} goes from {cell_text(self.origin)} to {cell_text(self.to)}"


@dataclass(frozen=True)
class Swap(Event):
    kind: ClassVar[str] = "swap"
    saucer: str
    other: str
    at: Cell
    other_at: Cell

    def describe(self) -> str:
        return f"{self.saucer} at {cell_text(self.at)} and {self.other} at {cell_text(self.other_at)} swap places"


@dataclass(frozen=True)
class Mined(Event):
    """Proximity Mines: `saucer` collides with `other` at `at`, which crashes instead of being pushed."""

    kind: ClassVar[str] = "mine"
    saucer: str
    other: str
    at: Cell

    def describe(self) -> str:
        return f"{self.saucer}'s Proximity Mines crash {self.other} at {cell_text(self.at)}"


@dataclass(frozen=True)
class TileTurned(Event):
    """Quake Maker: the tile placed at `corner` (its top-left cell) turns to `rotation`
    (clockwise degrees); the pieces on it turn with it."""

    kind: ClassVar[str] = "quake"
    saucer: str
    tile: str
    corner: Cell
    rotation: int

    def describe(self) -> str:
        return f"{self.saucer}'s Quake Maker turns tile {self.tile} at {cell_text(self.corner)} to {self.rotation}\u00b0"


@dataclass(frozen=True)
class Exchange(Event):
    """Airlock: `saucer` puts the `given` crewmember it just picked up on `at` and takes the
    `taken` one that was there."""

    kind: ClassVar[str] = "exchange"
    saucer: str
    given: Crew
    taken: Crew
    at: Cell

    def describe(self) -> str:
        return f"{self.saucer} exchanges the {self.given} for the {self.taken} at {cell_text(self.at)}"


@dataclass(frozen=True)
class UpgradesShuffled(Event):
    """Setup, step 4: "Shuffle the remaining upgrade cards"; `deck` is the new order, top
    first. source "action": drawn from the setup's own seed; "seed": from the state's
    generator, which advances by `draws` numbers."""

    kind: ClassVar[str] = "shuffle"
    deck: tuple[str, ...]
    source: str
    draws: int

    def describe(self) -> str:
        top = f"; {self.deck[0]} on top" if self.deck else ""
        return f"the upgrade deck of {_plural(len(self.deck), 'card')} is shuffled{top}"


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
