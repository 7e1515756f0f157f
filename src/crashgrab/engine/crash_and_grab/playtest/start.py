"""The start position of a playtest: pieces a designer puts on the board by hand.

Pure edits of a GameState before any action is played: put a saucer or a crewmember on a
cell, give a crewmember to a saucer, take a piece away, set boosters and energy. They
only say where pieces stand; once an action is played the rules engine takes over.

Who plays which saucer follows from the saucers on the board: one player per saucer in
colour order (p1, p2, ...), or, in a 2-player game, p1 flying the first two saucers and
p2 the other two. The Probe starts with p1. Lost queues hold every crewmember not on the
board and not held, Pilots first (the scenario files' default).
"""
from __future__ import annotations

from ...errors import CrashGrabError
from ...grid.model import Cell
from ..layout import Layout
from ..resolve import resolve_layout
from ..rules.dice import seed_state
from ..rules.errors import cell_text
from ..rules.frozen import FrozenMap, evolve
from ..rules.pieces import COLORS, CREW_TYPES, Crew, default_queue
from ..rules.state import GameState, Player, Rulings, SaucerState
from ..rules.upgrade_cards import UPGRADE_NAMES, default_deck


class PositionError(CrashGrabError):
    """A start-position edit that cannot be made; the message says why and what to do."""


def empty_start(layout: Layout, *, rulings: Rulings = Rulings(), die_seed: int | None = None) -> GameState:  # noqa: B008
    """The layout's board with no pieces on it, every crewmember lost.

    die_seed: the placement die's generator seed (None: every result is typed in)."""
    state = GameState(board=resolve_layout(layout).board, directions=FrozenMap(layout.directions), players=(),
                      saucers=FrozenMap(), rulings=rulings, rng=None if die_seed is None else seed_state(die_seed),
                      layout=layout)
    return _settled(state)


def two_saucers_each(state: GameState) -> bool:
    """Whether the position is a 2-player game with two saucers per player."""
    return len(state.players) == 2 and all(len(p.saucers) == 2 for p in state.players)


def with_pairing(state: GameState, pairs: bool) -> GameState:
    """One saucer per player, or (pairs) a 2-player game: p1 flies the first two saucers in
    colour order, p2 the other two. Pairs need exactly four saucers."""
    if pairs and len(state.saucers) != 4:
        raise PositionError(f"a 2-player game with two saucers each needs 4 saucers on the board, "
                            f"not {len(state.saucers)}.", hint="Place four saucers first.")
    return _settled(state, pairs=pairs)


def with_rulings(state: GameState, rulings: Rulings) -> GameState:
    return evolve(state, rulings=rulings)


def with_die_seed(state: GameState, die_seed: int | None) -> GameState:
    return evolve(state, rng=None if die_seed is None else seed_state(die_seed), dice=())


def place_saucer(state: GameState, color: str, cell: Cell) -> GameState:
    """Put a saucer on a cell (adding it to the game), or move it there."""
    if color not in COLORS:
        raise PositionError(f"there is no {color!r} saucer; the colours are {', '.join(COLORS)}.")
    _check_on_board(state, cell, f"the {color} saucer")
    other = state.saucer_at(cell)
    if other is not None and other != color:
        raise PositionError(f"{cell_text(cell)} already holds the {other} saucer.",
                            hint="Drop it on a free cell, or move the other saucer first.")
    if cell in state.crew:
        raise PositionError(f"{cell_text(cell)} holds the {state.crew[cell]}; a saucer there would already "
                            "have picked it up.",
                            hint="Drop the saucer on a free cell, or drop the crewmember onto the saucer to "
                                 "give it to that saucer.")
    saucer = state.saucers.get(color) or SaucerState(color)
    return _settled(evolve(state, saucers=state.saucers.with_item(color, evolve(saucer, at=cell))),
                    pairs=two_saucers_each(state))


def place_crew(state: GameState, crew: Crew, cell: Cell) -> GameState:
    """Put a crewmember on a cell; dropped on a saucer, that saucer holds it instead
    (the first of its type stationed, later ones extras). Taken from wherever it was."""
    _check_on_board(state, cell, f"the {crew}")
    state = _without_crew(state, crew)
    holder = state.saucer_at(cell)
    if holder is not None:
        saucer = state.saucers[holder].with_crew(crew)
        state = evolve(state, saucers=state.saucers.with_item(holder, saucer))
        player = state.player_of(holder).id
        if state.stationed_types(player) >= set(CREW_TYPES):
            raise PositionError(f"with the {crew}, {player} would hold a stationed pilot, scientist, doctor and "
                                "engineer: the game would be won before it starts.",
                                hint="Give that saucer fewer crewmember types.")
        return _settled(state, pairs=two_saucers_each(state))
    if cell in state.crew:
        raise PositionError(f"{cell_text(cell)} already holds the {state.crew[cell]}.",
                            hint="Drop the crewmember on a free cell.")
    return _settled(evolve(state, crew=state.crew.with_item(cell, crew)), pairs=two_saucers_each(state))


def remove_at(state: GameState, cell: Cell) -> GameState:
    """Take away the piece on a cell: a saucer leaves the game (its crew become lost)."""
    color = state.saucer_at(cell)
    if color is not None:
        return remove_saucer(state, color)
    if cell in state.crew:
        return _settled(evolve(state, crew=state.crew.without(cell)), pairs=two_saucers_each(state))
    return state


def remove_saucer(state: GameState, color: str) -> GameState:
    if color not in state.saucers:
        return state
    return _settled(evolve(state, saucers=state.saucers.without(color)), pairs=two_saucers_each(state))


def remove_crew(state: GameState, crew: Crew) -> GameState:
    return _settled(_without_crew(state, crew), pairs=two_saucers_each(state))


def set_supplies(state: GameState, color: str, *, boosters: int | None = None, energy: int | None = None) -> GameState:
    """A saucer's boosters and energy before the first turn."""
    saucer = state.saucers[color]
    for name, value in (("boosters", boosters), ("energy", energy)):
        if value is not None and (not isinstance(value, int) or value < 0):
            raise PositionError(f"{name} must be a whole number of 0 or more, not {value!r}.")
    saucer = evolve(saucer, boosters=saucer.boosters if boosters is None else boosters,
                    energy=saucer.energy if energy is None else energy)
    return evolve(state, saucers=state.saucers.with_item(color, saucer))


def set_upgrades(state: GameState, color: str, cards) -> GameState:
    """The upgrade cards a saucer holds before the first turn (taken out of the deck)."""
    cards = tuple(cards)
    for card in cards:
        if card not in UPGRADE_NAMES:
            raise PositionError(f"{card!r} is not an upgrade card.", hint=f"Use one of {', '.join(UPGRADE_NAMES)}.")
        holder = next((c for c, s in state.saucers.items() if c != color and card in s.upgrades), None)
        if holder is not None:
            raise PositionError(f"{card} is already held by {holder}; there is one of each card.")
    if len(set(cards)) != len(cards):
        raise PositionError("a saucer holds each upgrade card at most once.")
    if len(state.players) == 2 and "Rotational Stabilizer" in cards:
        raise PositionError("the Rotational Stabilizer is removed from 2-player games (Setup, step 4).")
    saucers = state.saucers.with_item(color, evolve(state.saucers[color], upgrades=cards, fresh=()))
    return _settled(evolve(state, saucers=saucers), pairs=two_saucers_each(state))


def clear_pieces(state: GameState) -> GameState:
    return _settled(evolve(state, saucers=FrozenMap(), crew=FrozenMap()))


def players_for_setup(count: int) -> tuple[Player, ...]:
    """Players for "set up by the rules": p1..pN with the first N colours; 2 players fly two
    saucers each (p1 red and yellow, p2 green and blue)."""
    if not 2 <= count <= 6:
        raise PositionError(f"set up by the rules is for 2 to 6 players, not {count}.")
    if count == 2:
        return (Player("p1", COLORS[0:2]), Player("p2", COLORS[2:4]))
    return tuple(Player(f"p{i + 1}", (COLORS[i],)) for i in range(count))


def setup_start(layout: Layout, players: tuple[Player, ...], *, rulings: Rulings = Rulings(),  # noqa: B008
                die_seed: int | None = None) -> GameState:
    """An empty board with these players, every saucer off the board: the state a SetUp
    action (set up by the rules) starts from."""
    state = empty_start(layout, rulings=rulings, die_seed=die_seed)
    saucers = FrozenMap({c: SaucerState(c) for p in players for c in p.saucers})
    return evolve(state, players=tuple(players), saucers=saucers, probe=players[0].id,
                  upgrade_deck=default_deck(len(players)))


# --- keeping the derived parts in step -----------------------------------------------------
def _check_on_board(state: GameState, cell: Cell, what: str) -> None:
    if not state.board.on_board(cell):
        raise PositionError(f"{cell_text(cell)} is not on the board (a hole or outside), so {what} cannot "
                            "stand there.", hint="Drop it on a cell a tile covers.")


def _without_crew(state: GameState, crew: Crew) -> GameState:
    for cell, there in state.crew.items():
        if there == crew:
            return evolve(state, crew=state.crew.without(cell))
    for color, saucer in state.saucers.items():
        if saucer.holds(crew):
            return evolve(state, saucers=state.saucers.with_item(color, saucer.without_crew(crew)))
    return state


def _settled(state: GameState, *, pairs: bool = False) -> GameState:
    """Players from the saucers present, the Probe with p1, lost queues from what is placed."""
    colors = [c for c in COLORS if c in state.saucers]
    players: tuple[Player, ...]
    if pairs and len(colors) == 4:
        players = (Player("p1", tuple(colors[:2])), Player("p2", tuple(colors[2:])))
    else:
        players = tuple(Player(f"p{i + 1}", (c,)) for i, c in enumerate(colors))
    placed = set(state.crew.values()) | {crew for s in state.saucers.values() for crew in s.held}
    lost = FrozenMap({color: default_queue(color, placed) for color in COLORS})
    saucers = FrozenMap({c: state.saucers[c] for c in colors})  # colour order: the seat order
    held = {card for s in saucers.values() for card in s.upgrades}
    return evolve(state, players=players, saucers=saucers, lost=lost, probe=players[0].id if players else None,
                  upgrade_deck=tuple(c for c in default_deck(len(players)) if c not in held))
