"""Invariants under random turns and whole rounds on the shipped layouts (hypothesis):

- no two saucers ever share a space, and every saucer on the board stands on a cell;
- crewmembers on the board + held + lost is always 24, none on a saucer's cell;
- every action's events replay (apply_event) to exactly its new state, and survive JSON;
- every move is one step; the same action on the same state gives the same events.
"""
from __future__ import annotations

import json
from dataclasses import replace

from hypothesis import HealthCheck, given, settings, strategies as st

from crashgrab.engine.crash_and_grab.resolve import resolve_layout
from crashgrab.engine.crash_and_grab.rules import (ALL_CREW, COLORS, CREW_TYPES, EVENT_KINDS, Boost, EndRound, GameState,
                                    IllegalAction, MissingChoice, Player, Round, SaucerState, Turn, apply, event_from_json,
                                    replay)
from crashgrab.engine.crash_and_grab.rules.session import play_action
from crashgrab.engine.formats.layout_io import load_layout
from tests.conftest import LAYOUTS

BOARDS = {n: resolve_layout(load_layout(LAYOUTS / f"standard-{n}p.json")) for n in ("2-4", "5", "6")}
MAX_SAUCERS = {"2-4": 4, "5": 5, "6": 6}
DIRECTION_NAMES = ["north", "east", "south", "west", "Sun", "Asteroids", "Meteor", "Stars"]


@st.composite
def games(draw) -> GameState:
    template = draw(st.sampled_from(sorted(BOARDS)))
    board = BOARDS[template].board
    directions = load_layout(LAYOUTS / f"standard-{template}p.json").directions
    if draw(st.booleans()):
        colors = draw(st.permutations(COLORS))[:4]
        players = (Player("p1", tuple(colors[:2])), Player("p2", tuple(colors[2:])))
    else:
        count = draw(st.integers(2, MAX_SAUCERS[template]))
        colors = draw(st.permutations(COLORS))[:count]
        players = tuple(Player(f"p{i + 1}", (c,)) for i, c in enumerate(colors))
    cells = board.cells()
    if draw(st.booleans()):  # crowd the pieces into two rows, so pushes and chains happen often
        rows = draw(st.lists(st.integers(0, board.height - 1), unique=True, min_size=2, max_size=2))
        cells = [c for c in cells if c[1] in rows]
    spots = draw(st.lists(st.sampled_from(cells), unique=True, min_size=len(colors) + 4, max_size=len(colors) + 4))
    saucers = {}
    crew_pool = list(draw(st.permutations(ALL_CREW)))
    for index, color in enumerate(colors):
        saucer = SaucerState(color, None if draw(st.integers(0, 5)) == 0 else spots[index],
                             boosters=draw(st.integers(0, 2)))
        for _ in range(draw(st.integers(0, 2))):
            saucer = saucer.with_crew(crew_pool.pop())
        saucers[color] = saucer
    on_board = {spots[len(colors) + i]: crew_pool.pop() for i in range(draw(st.integers(0, 4)))}
    placed = set(on_board.values()) | {m for s in saucers.values() for m in s.held}
    lost = {c: tuple(t for t in CREW_TYPES if (c, t) not in {(m.color, m.type) for m in placed}) for c in COLORS}
    state = GameState(board, directions, players, saucers, on_board, lost, probe=players[0].id,
                      rng=draw(st.integers(0, 2**64 - 1)))
    for player in players:  # a start that is already won is not a game
        if state.stationed_types(player.id) >= set(CREW_TYPES):
            return GameState(board, directions, players, {c: SaucerState(c, saucers[c].at) for c in colors},
                             on_board, {c: tuple(t for t in CREW_TYPES if (c, t) not in
                                                 {(m.color, m.type) for m in on_board.values()}) for c in COLORS},
                             probe=players[0].id, rng=state.rng)
    return state


directions = st.sampled_from(DIRECTION_NAMES)


def draw_action(data, state: GameState):
    """A turn for one of the game's saucers (sometimes with a boost), or the end of a round."""
    if data.draw(st.integers(0, 6)) == 0:
        return EndRound()
    card = data.draw(st.sampled_from(["2", "3", "0-5"]))
    return Turn(data.draw(st.sampled_from(state.saucer_colors())), card,
                data.draw(st.integers(0, 5)) if card == "0-5" else None, data.draw(directions),
                boost=data.draw(st.none() | st.builds(Boost, directions)))


def play(data, state: GameState, action):
    """apply(), answering each open choice with a random legal option (directions at an
    Accelerator from all eight names)."""
    while True:
        try:
            new_state, events = apply(state, action)
            return action, new_state, events
        except MissingChoice as missing:
            options = DIRECTION_NAMES if missing.choice == "accelerator" else missing.options
            action = action.answered(missing, data.draw(st.sampled_from(options)))


def check_invariants(state: GameState) -> None:
    cells = [s.at for s in state.saucers.values() if s.at is not None]
    assert len(cells) == len(set(cells)), "two saucers share a space"
    assert all(state.board.on_board(c) for c in cells)
    assert state.crew_count() == 24
    assert not set(state.crew) & set(cells)
    assert all(state.board.on_board(c) for c in state.crew)
    held = [m for s in state.saucers.values() for m in s.held]
    lost = [(c, t) for c, q in state.lost.items() for t in q]
    everything = [(m.color, m.type) for m in held] + [(m.color, m.type) for m in state.crew.values()] + lost
    assert sorted(everything) == sorted((m.color, m.type) for m in ALL_CREW)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), st.data())
def test_random_turns_keep_the_invariants(state, data):
    check_invariants(state)
    for _ in range(data.draw(st.integers(1, 20))):
        try:
            played, new_state, events = play(data, state, draw_action(data, state))
        except IllegalAction:
            continue  # refused (a boost without a booster, ...): nothing changed
        check_invariants(new_state)
        assert replay(state, events) == new_state
        assert apply(state, played) == (new_state, events)
        for event in events:
            assert event.kind in EVENT_KINDS
            assert event_from_json(json.loads(json.dumps(event.to_json()))) == event
            if event.kind == "move":
                (x, y), (u, v) = event.origin, event.to
                assert abs(x - u) + abs(y - v) == 1
        state = new_state
        if state.winner is not None:
            break


@settings(max_examples=50, deadline=None)
@given(games(), st.lists(st.sampled_from(["2", "3"]), min_size=1, max_size=10), st.data())
def test_auto_choices_always_settle(state, cards, data):
    """auto_choices answers every open choice with its first option and terminates."""
    for card in cards:
        try:
            _, state, _ = play_action(state, Turn(data.draw(st.sampled_from(state.saucer_colors())), card,
                                                  direction=data.draw(directions)), auto_choices=True)
        except IllegalAction:
            continue
        check_invariants(state)
        if state.winner is not None:
            break




def draw_round(data, state: GameState) -> Round:
    """A whole round: a random plan for every saucer, a rotation (none with 2 players), and
    sometimes a boost or (for a saucer that may take it) another direction."""
    plan, choices = {}, {}
    for color in state.saucer_colors():
        card = data.draw(st.sampled_from(["2", "3", "0-5"]))
        entry = {"card": card, "direction": data.draw(directions)}
        if card == "0-5":
            entry["distance"] = data.draw(st.integers(0, 5))
        plan[color] = entry
        turn = {}
        can_boost = state.saucers[color].boosters > 0 or card == "2"
        if can_boost and entry.get("distance") != 0 and data.draw(st.integers(0, 3)) == 0:
            turn["boost"] = {"direction": data.draw(directions)}
        if state.saucers[color].at is None and data.draw(st.booleans()):
            turn["direction"] = data.draw(directions)
        if turn:
            choices[color] = turn
    rotation = None if len(state.players) == 2 else data.draw(st.sampled_from(["left", "right"]))
    return Round(plan, rotation, choices)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), st.data())
def test_random_whole_rounds_keep_the_invariants(state, data):
    """24 crewmembers, no two saucers on a space, and replaying a round's events gives its
    state, round after round; the same round played again gives the same outcome."""
    for _ in range(data.draw(st.integers(1, 4))):
        try:
            played, new_state, events = play(data, state, draw_round(data, state))
        except IllegalAction:
            continue  # a boost without a booster, or after a crash: refused, nothing changed
        check_invariants(new_state)
        assert replay(state, events) == new_state
        assert apply(state, played) == (new_state, events)
        assert events[0].kind == "round"
        if new_state.winner is not None:
            break
        assert events[-1].kind == "probe"
        assert all(s.at is not None for s in new_state.saucers.values())  # crashed saucers were placed
        state = new_state


COLOR_NAMES = st.sampled_from(list(COLORS))
ABILITIES = {"Hyperdrive": st.just(True), "Boost Amplifier": st.integers(1, 6),
             "Acceleration Regulator": st.lists(st.integers(1, 4), max_size=3), "Landing Legs": directions,
             "Proximity Mines": st.just(True), "Kinetic Siphon": st.just(True), "Cloaking Device": st.just(True),
             "Wormhole Generator": COLOR_NAMES, "Waste Accelerator": st.integers(1, 12),
             "Saucer Teleporter": st.integers(1, 12), "Pulse Cannon": COLOR_NAMES}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), st.data())
def test_random_rounds_with_upgrade_abilities_keep_the_invariants(state, data):
    """Saucers holding random upgrade cards use random abilities in a whole round."""
    saucers = state.saucers
    for color in state.saucer_colors():
        cards = data.draw(st.lists(st.sampled_from(sorted(ABILITIES)), max_size=3, unique=True))
        saucers = saucers.with_item(color, replace(saucers[color], upgrades=tuple(cards)))
    state = replace(state, saucers=saucers)
    action = draw_round(data, state)
    choices = dict(action.choices)
    for color in state.saucer_colors():
        uses = {card: data.draw(ABILITIES[card]) for card in state.saucers[color].upgrades if data.draw(st.booleans())}
        if uses:
            choices[color] = {**dict(choices.get(color, {})), "upgrades": uses}
    try:
        played, new_state, events = play(data, state, Round(action.plan, action.rotation, choices))
    except IllegalAction:
        return  # an ability that cannot be used here (a Teleporter to a taken site, ...): refused
    check_invariants(new_state)
    assert replay(state, events) == new_state
    assert apply(state, played) == (new_state, events)
