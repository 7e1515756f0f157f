"""The game state: immutable values, changed only by folding events (see fold.py)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from ...grid.model import Board, Cell
from ..layout import Layout
from .dice import seed_state
from .frozen import EMPTY, FrozenMap, evolve
from .pieces import COLORS, CREW_TYPES, Crew, default_queue
from .upgrade_cards import default_deck

# Each ruling's settings, the rulebook's reading first (the default); docs/rulings.md.
RULING_SETTINGS: dict[str, tuple[str, ...]] = {
    "push_distance": ("remaining", "full"),
    "own_saucer_crash": ("mover", "crashed"),
    "two_player_win": ("each_saucer", "combined"),
    "replacement_queue": ("same_colour", "any"),
}
NO_CREW: tuple[tuple[Crew, ...], ...] = ((), (), (), ())


@dataclass(frozen=True)
class Rulings:
    """Rulings a scenario may choose (docs/rulings.md); the defaults are the rulebook's reading.

    push_distance: how far a hit saucer is pushed. own_saucer_crash (2 players): which
    saucer pays when one of a player's saucers crashes the other. two_player_win: each of
    a player's two saucers needs all four stations, or the two together. replacement_queue:
    a picked-up crewmember is replaced from its own colour's queue, or any colour's.
    """

    push_distance: str = "remaining"
    own_saucer_crash: str = "mover"
    two_player_win: str = "each_saucer"
    replacement_queue: str = "same_colour"

    def __post_init__(self) -> None:
        for name, settings in RULING_SETTINGS.items():
            value = getattr(self, name)
            if value not in settings:
                raise ValueError(f"{name} must be one of {settings}, not {value!r}")

    def to_json(self) -> dict[str, str]:
        return {name: getattr(self, name) for name in RULING_SETTINGS}


@dataclass(frozen=True)
class SaucerState:
    """One saucer: where it is (None: not on the board), its crew, boosters and energy.

    `stacks` has one tuple per crew type (CREW_TYPES order). In each, item 0 is the
    stationed crewmember and the rest are extras from the top of the stack down; the
    saucer's own colour always sits at the bottom.
    """

    color: str
    at: Cell | None = None
    stacks: tuple[tuple[Crew, ...], ...] = NO_CREW
    boosters: int = 0
    energy: int = 0
    upgrades: tuple[str, ...] = ()     # upgrade cards kept face up (III. Turn Clean-up, 4)
    fresh: tuple[str, ...] = ()        # those acquired this round (only end-of-turn ones work yet)

    def has_upgrade(self, name: str, *, end_of_turn: bool = False) -> bool:
        """Holds `name` and may use it: a card acquired this round works only if it is an
        end-of-turn card ("End-of-turn upgrades ... can be used starting the same round")."""
        return name in self.upgrades and (end_of_turn or name not in self.fresh)

    @property
    def on_board(self) -> bool:
        return self.at is not None

    @property
    def stationed(self) -> tuple[Crew, ...]:
        return tuple(stack[0] for stack in self.stacks if stack)

    @property
    def extras(self) -> tuple[Crew, ...]:
        return tuple(crew for stack in self.stacks for crew in stack[1:])

    @property
    def held(self) -> tuple[Crew, ...]:
        """Every crewmember held: per type, the stationed one then the extras top down."""
        return tuple(crew for stack in self.stacks for crew in stack)

    def stack(self, crew_type: str) -> tuple[Crew, ...]:
        """The crew of one type: the stationed one first, then the extras top down."""
        return self.stacks[CREW_TYPES.index(crew_type)]

    def holds(self, crew: Crew) -> bool:
        return crew in self.stacks[CREW_TYPES.index(crew.type)]

    def off_coloured(self) -> tuple[Crew, ...]:
        """Crewmembers that may be given or stolen (never the saucer's own colour)."""
        return tuple(crew for crew in self.held if crew.color != self.color)

    def pickup_order(self) -> tuple[Crew, ...]:
        """The held crew in an order that rebuilds the same stacks when added one by one:
        per type the stationed one, then the extras from the bottom of the stack up."""
        return tuple(crew for stack in self.stacks if stack for crew in (stack[0], *reversed(stack[1:])))

    def with_crew(self, crew: Crew) -> "SaucerState":
        """Add a crewmember: stationed if none of its type is, else an extra on top of the
        stack, except the saucer's own colour, which goes to the bottom."""
        index = CREW_TYPES.index(crew.type)
        stack = self.stacks[index]
        if not stack:
            stack = (crew,)
        elif crew.color == self.color:
            stack = stack + (crew,)
        else:
            stack = (stack[0], crew) + stack[1:]
        return evolve(self, stacks=self.stacks[:index] + (stack,) + self.stacks[index + 1:])

    def without_crew(self, crew: Crew) -> "SaucerState":
        """Remove a crewmember; if it was stationed, the top extra of its type takes its place."""
        index = CREW_TYPES.index(crew.type)
        stack = tuple(c for c in self.stacks[index] if c != crew)
        return evolve(self, stacks=self.stacks[:index] + (stack,) + self.stacks[index + 1:])


@dataclass(frozen=True)
class Player:
    id: str
    saucers: tuple[str, ...]


@dataclass(frozen=True)
class GameState:
    """Everything the rules need between two actions; never changed in place.

    board/directions: the resolved layout (directions: board side -> marker name).
    players: seat order, which is clockwise order.
    saucers: colour -> SaucerState.   crew: cell -> crewmember on the board.
    lost: colour -> crew types still lost, front of the queue first.
    probe / winner: player ids or None.
    dice: scripted placement die results still to use, front first.
    rng: the seeded generator's state (a plain int), or None when no seed was given.
    upgrade_deck / upgrade_discard: upgrade card names, the deck's top first; the discard
    pile oldest first. layout: the tiles the board was resolved from, when known; Quake
    Maker turns one, so the board is part of the game state.
    """

    board: Board = field(hash=False)
    # Given as any mapping, kept as FrozenMaps (__post_init__), which is what every reader sees.
    directions: FrozenMap[str, str]
    players: tuple[Player, ...]
    saucers: FrozenMap[str, SaucerState]
    crew: FrozenMap[Cell, Crew] = EMPTY
    lost: FrozenMap[str, tuple[str, ...]] = EMPTY
    probe: str | None = None
    winner: str | None = None
    dice: tuple[int, ...] = ()
    rng: int | None = None
    rulings: Rulings = Rulings()
    upgrade_deck: tuple[str, ...] = ()
    upgrade_discard: tuple[str, ...] = ()
    layout: Layout | None = field(default=None, hash=False)  # the tiles `board` was resolved from (Quake Maker)

    def __post_init__(self) -> None:
        for name in ("directions", "saucers", "crew", "lost"):
            value = getattr(self, name)
            if not isinstance(value, FrozenMap):
                object.__setattr__(self, name, FrozenMap(value))

    # --- who and where -------------------------------------------------------------
    def saucer(self, color: str) -> SaucerState:
        return self.saucers[color]

    def player(self, player_id: str) -> Player:
        for player in self.players:
            if player.id == player_id:
                return player
        raise KeyError(player_id)

    def player_of(self, color: str) -> Player:
        for player in self.players:
            if color in player.saucers:
                return player
        raise KeyError(color)

    def saucer_at(self, cell: Cell) -> str | None:
        for color, saucer in self.saucers.items():
            if saucer.at == cell:
                return color
        return None

    def occupied(self, cell: Cell) -> bool:
        """A Crash Site counts as taken when a saucer or a crewmember is on it."""
        return cell in self.crew or self.saucer_at(cell) is not None

    def partner(self, color: str) -> str | None:
        """The other saucer of the same player (two-saucer players in a 2-player game)."""
        others = [c for c in self.player_of(color).saucers if c != color]
        return others[0] if others else None

    # --- counts --------------------------------------------------------------------
    def stationed_count(self, player_id: str) -> int:
        return sum(len(self.saucers[c].stationed) for c in self.player(player_id).saucers)

    def stationed_types(self, player_id: str) -> set[str]:
        return {crew.type for c in self.player(player_id).saucers for crew in self.saucers[c].stationed}

    def crew_count(self) -> int:
        """Crewmembers on the board, held and lost: always 24 in a consistent state."""
        held = sum(len(s.held) for s in self.saucers.values())
        return len(self.crew) + held + sum(len(q) for q in self.lost.values())

    def seat_order_from(self, player_id: str | None) -> tuple[Player, ...]:
        """Players clockwise, starting with `player_id` (the first seat when None)."""
        ids = [p.id for p in self.players]
        start = ids.index(player_id) if player_id in ids else 0
        return self.players[start:] + self.players[:start]

    def saucer_colors(self) -> tuple[str, ...]:
        """Every saucer in seat order."""
        return tuple(c for p in self.players for c in p.saucers)


def new_game(board: Board, directions: Mapping[str, str], players, saucers: Mapping[str, SaucerState] | None = None,
             crew: Mapping[Cell, Crew] | None = None, *, lost: Mapping[str, tuple[str, ...]] | None = None,
             probe: str | None = None, dice: tuple[int, ...] = (), seed: int | None = None,
             rulings: Rulings = Rulings(), layout: Layout | None = None) -> GameState:
    """A starting state (what the editor's piece palette builds): every saucer of `players`
    (off the board unless `saucers` places it), `crew` on the board, lost queues that
    default to every other crewmember, Pilot first, and the upgrade deck in collector order. No checks: scenario files are checked
    when loaded (engine/formats/scenario_io.py)."""
    players = tuple(p if isinstance(p, Player) else Player(p[0], tuple(p[1])) for p in players)
    placed = dict(saucers or {})
    all_saucers = {c: placed.get(c, SaucerState(c)) for p in players for c in p.saucers}
    crew = dict(crew or {})
    taken = set(crew.values()) | {m for s in all_saucers.values() for m in s.held}
    queues = {c: default_queue(c, taken) for c in COLORS}
    queues.update(lost or {})
    held = {card for s in all_saucers.values() for card in s.upgrades}
    return GameState(board, FrozenMap(directions), players, FrozenMap(all_saucers), FrozenMap(crew),
                     FrozenMap(queues), probe=probe or players[0].id, dice=tuple(dice),
                     rng=None if seed is None else seed_state(seed), rulings=rulings,
                     upgrade_deck=tuple(c for c in default_deck(len(players)) if c not in held), layout=layout)
