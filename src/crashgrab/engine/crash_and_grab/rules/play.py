"""One action being resolved: the state so far, its events, and the choices it carries.

Every rule module works on a Play: it reads `play.state`, decides, and calls
`play.emit(event)`, which folds the event into the state at once. A Play lives only
inside one `apply` call; nothing outside sees it, so `apply` stays pure.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Callable, Sequence

from ...grid.geometry import Direction
from ...grid.model import Cell
from . import dice
from .actions import LISTED_CHOICES, PER_SAUCER_CHOICES
from .directions import clockwise_from, direction_names, resolve_direction
from .errors import IllegalAction, MissingChoice, MissingDieResult
from .events import Crash, Event
from .fold import apply_event
from .pieces import Crew
from .state import GameState


class GameOver(Exception):
    """Raised after a `win` event: the action ends there (docs/rulings.md, win-ends-action)."""


def _normalise(value: Any, options: Sequence[Any]) -> Any:
    """Accept a crewmember written as {"color", "type"} where the options are Crew."""
    if options and isinstance(options[0], Crew) and isinstance(value, Mapping):
        try:
            return Crew(value["color"], value["type"])
        except (KeyError, ValueError):
            return value
    return value


class Play:
    def __init__(self, state: GameState, choices: Mapping[str, Any], *, turn_saucer: str | None = None,
                 turn_player: str | None = None, accelerators: Mapping[str, Sequence[str]] | None = None,
                 action_dice: Sequence[int] = (), local_seed: int | None = None) -> None:
        self.state = state
        self.events: list[Event] = []
        self.choices = choices
        self.turn_saucer = turn_saucer
        self.turn_player = turn_player
        self.accelerators = accelerators or {}
        self.accelerators_used = {phase: 0 for phase in self.accelerators}
        self.listed_used = {name: 0 for name in LISTED_CHOICES}
        self.per_saucer_used: set[tuple[str, str]] = set()
        self.action_dice = tuple(action_dice) + tuple(choices.get("die", ()))
        self.local_rng = dice.seed_state(local_seed) if local_seed is not None else None
        self.pickups: list[Crew] = []     # crewmembers picked up this turn, in order (each is replaced)
        self.crashes: list[Crash] = []    # this turn's crashes, in order (penalties)
        self.crashes_settled = 0          # how many of them have had their penalty
        self.pickups_settled = 0          # how many pickups have been replaced
        self.on_leg_end: Callable[[str, int], None] | None = None
        # upgrade abilities the action uses ({card: how}), and what is used up (upgrades.py)
        self.upgrade_choices: Mapping[str, Any] = choices.get("upgrades", {})
        self.upgrades_used: set[str] = set()
        self.regulated = 0          # Acceleration Regulator distances used
        self.waste_used = False     # Waste Accelerator used this turn
        self.siphoned = False       # Kinetic Siphon used this turn
        self.airlocked = 0          # own pickups the Airlock choice has been asked about

    def ability(self, card: str, *, mark: bool = True) -> Any:
        """How the action uses `card` (None: not used), marking it used."""
        value = self.upgrade_choices.get(card)
        if value is not None and mark:
            self.upgrades_used.add(card)
        return value

    def leg_ended(self, saucer: str, distance: int) -> None:
        """A straight leg of `saucer`'s own movement (`distance` spaces) has ended."""
        if self.on_leg_end is not None:
            self.on_leg_end(saucer, distance)

    # --- events --------------------------------------------------------------------
    def emit(self, event: Event) -> None:
        self.state = apply_event(self.state, event)
        self.events.append(event)

    # --- choices -------------------------------------------------------------------
    def choose(self, name: str, options: Sequence[Any], *, saucer: str | None = None,
               at: Cell | None = None, reason: str = "") -> Any:
        """The action's answer to choice `name`, checked against `options`.

        A choice with a single legal option needs no answer (ruling: forced-choice).
        """
        if name in PER_SAUCER_CHOICES:
            given = self.choices.get(name, {})
            present = isinstance(given, Mapping) and saucer in given
            value = given[saucer] if present else None
            if present:
                self.per_saucer_used.add((name, saucer))
        else:
            listed = self.choices.get(name, ())
            index = self.listed_used[name]
            present = index < len(listed)
            value = listed[index] if present else None
            if present:
                self.listed_used[name] = index + 1
        if not present:
            if len(options) == 1:
                return options[0]
            raise MissingChoice(name, options, saucer=saucer, at=at, reason=reason)
        value = _normalise(value, options)
        if value not in options:
            about = f" for {saucer}" if saucer else ""
            raise IllegalAction(f"choice {name!r}{about} is {_show(value)}, which is not allowed here; "
                                f"choose one of {', '.join(str(o) for o in options)}.")
        return value

    def choose_direction(self, saucer: str, at: Cell, arriving: Direction, phase: str) -> Direction:
        """The owner's direction at an Accelerator, from the action's list for this phase."""
        listed = self.accelerators.get(phase, ())
        index = self.accelerators_used.get(phase, 0)
        options = [d.value for d in clockwise_from(arriving)]
        if index >= len(listed):
            raise MissingChoice("accelerator", options, saucer=saucer, at=at, phase=phase,
                                reason=f"Accelerator {index + 1} of the {phase}")
        self.accelerators_used[phase] = index + 1
        direction = resolve_direction(listed[index], self.state.directions)
        if direction is None:
            raise IllegalAction(f"Accelerator direction {_show(listed[index])} for {saucer} at "
                                f"[{at[0]},{at[1]}] is not a direction; use one of "
                                f"{', '.join(direction_names(self.state.directions))}.")
        return direction

    def unused_choices(self) -> list[str]:
        """Answers the action carries that the rules never asked for (a likely mistake)."""
        unused = []
        for phase, listed in self.accelerators.items():
            extra = len(listed) - self.accelerators_used.get(phase, 0)
            if extra > 0:
                unused.append(f"{extra} Accelerator direction(s) for the {phase} that no Accelerator used")
        for name in PER_SAUCER_CHOICES:
            for saucer in self.choices.get(name, {}):
                if (name, saucer) not in self.per_saucer_used:
                    unused.append(f"{name!r} for {saucer}, which did not need it")
        for card in self.upgrade_choices:
            if card not in self.upgrades_used:
                unused.append(f"the {card} ability, which the turn could not use")
        for name in LISTED_CHOICES:
            extra = len(self.choices.get(name, ())) - self.listed_used[name]
            if name == "die":
                extra = len(self.action_dice) - self.listed_used[name]
            if extra > 0:
                unused.append(f"{extra} {name!r} answer(s) more than needed")
        return unused

    # --- the placement die ---------------------------------------------------------
    def roll(self, what: str) -> tuple[int, str]:
        """(result, source): the action's dice first, then its own seed, then the state's
        scripted dice, then the state's seeded generator."""
        used = self.listed_used["die"]
        if used < len(self.action_dice):
            self.listed_used["die"] = used + 1
            result = self.action_dice[used]
            if not isinstance(result, int) or isinstance(result, bool) or not 1 <= result <= 12:
                raise IllegalAction(f"die result {_show(result)} for placing {what} is not a number from 1 to 12.")
            return result, "action"
        if self.local_rng is not None:
            result, self.local_rng = dice.roll(self.local_rng)
            return result, "action"
        if self.state.dice:
            return self.state.dice[0], "script"
        if self.state.rng is not None:
            return dice.roll(self.state.rng)[0], "seed"
        raise MissingDieResult(what)


def _show(value: Any) -> str:
    if isinstance(value, Crew):
        return f"the {value}"
    return repr(value) if isinstance(value, str) else str(value)
