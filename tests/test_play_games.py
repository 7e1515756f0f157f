"""The games on the play kernel: their Rules objects' decision points and chance nodes as data,
their events in a registry, their sessions the kernel's cursor session."""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

from crashgrab.engine.crash import rules as crash
from crashgrab.engine.crash.playtest import PlaytestSession as CrashSession
from crashgrab.engine.crash.templates import template_layout as crash_board
from crashgrab.engine.crash_and_grab.rules import EVENT_KINDS
from crashgrab.engine.crash_and_grab.rules.dice import DIE
from crashgrab.engine.crash_and_grab.rules.errors import MissingChoice as SaucerChoice
from crashgrab.engine.crash_and_grab.rules.events import EVENTS as SAUCER_EVENTS
from crashgrab.engine.crash_grid import rules as grid
from crashgrab.engine.crash_grid.playtest import PlaytestSession as GridSession
from crashgrab.engine.crash_grid.templates import template_layout as arena
from crashgrab.engine.play.rules import Decision, MissingChoice, RuleError
from crashgrab.engine.play.session import Session


def two_riders_dealt(seed: int = 7) -> grid.GridState:
    """Two riders apart on a 6x6 arena, Deck A dealt from `seed`: five known cards each."""
    riders = (grid.Rider("spades", (1, 2), "east", 9), grid.Rider("hearts", (4, 4), "west", 9))
    return grid.GridState(6, 6, riders, deck=grid.deal(["spades", "hearts"], seed=seed))


# --- Crash! ------------------------------------------------------------------------------------------
def test_crashs_roll_is_a_chance_node_of_216_scripted_rolls():
    state = crash.RULES.initial_state(crash_board())
    node = crash.RULES.chance(state)
    assert node is not None and len(node.outcomes) == 216
    assert node.probability(crash.Roll((1, 2, 3))) == Fraction(1, 216)
    assert sum(p for _, p in node.probabilities()) == 1
    new, events = crash.RULES.apply(state, node.values[-1])
    assert events[-1] == crash.Rolled("p1", (6, 6, 6)) and new.seed == state.seed   # scripted: the seed is untouched
    assert crash.RULES.chance(new) is None                                           # the dice are rolled
    assert crash.RULES.legal_actions(new) == crash.legal_actions(new)


def test_crashs_seeded_roll_is_the_kernels_generator():
    state = crash.RULES.initial_state(crash_board(), seed=5)
    new, _ = crash.RULES.apply(state, crash.Roll())
    seed, dice = 5, []
    for _ in range(3):
        die, seed = crash.next_die(seed)
        dice.append(die)
    assert new.dice == tuple(dice) and new.seed == seed


def test_crashs_events_read_back_from_json():
    session = CrashSession.on(crash_board()).play(crash.Roll((5, 5, 2))).play(crash.Steer(5, turn="northwest"))
    session = session.play(crash.Steer(5, move=True))
    assert len(session.events) > 1
    for played in session.played:
        for event in played.events:
            assert crash.EVENTS.from_json(json.loads(json.dumps(event.to_json()))) == event


def test_crashs_session_is_the_kernels():
    session = CrashSession.on(crash_board())
    assert isinstance(session, Session) and session.options()[:2] == [crash.Roll((1, 1, 1)), crash.Roll((1, 1, 2))]
    rolled = session.step(lambda options: options[-1])
    assert rolled.state.dice == (6, 6, 6) and rolled.back().state == session.state


def test_crashs_rule_errors_are_the_kernels():
    with pytest.raises(RuleError):
        crash.RULES.apply(crash.RULES.initial_state(crash_board()), crash.EndTurn())


# --- Crash Grid -------------------------------------------------------------------------------------
def test_crash_grids_decisions_are_each_riders_two_choices():
    state = two_riders_dealt()
    decisions = grid.RULES.decisions(state)
    assert [(d.choice, d.player) for d in decisions] == [("initiative", "spades"), ("move", "spades"),
                                                         ("initiative", "hearts"), ("move", "hearts")]
    deck = state.initiative_deck()
    assert set(decisions[0].options) == set(deck.hand("spades")) and len(decisions[0].options) == 5
    assert decisions[1].options == ("J", "Q", "K")


def test_crash_grids_legal_tricks_are_every_combination_and_each_plays():
    state = two_riders_dealt()
    tricks = grid.RULES.legal_actions(state)
    assert len(tricks) == 5 * 3 * 5 * 3
    assert len({json.dumps([sorted(t.initiative.items()), sorted(t.moves.items())]) for t in tricks}) == len(tricks)
    for trick in tricks:
        grid.RULES.apply(state, trick)            # none raises


def test_crash_grids_open_deck_never_offers_one_card_to_two_riders():
    spades = grid.Rider("spades", (1, 2), "east", 9)
    hearts = grid.Rider("hearts", (4, 4), "west", 9)
    state = grid.GridState(6, 6, (spades, hearts), deck=grid.deal(["spades", "hearts"], hands={"spades": ["AS"]}))
    spades_cards = grid.RULES.decisions(state)[0].options
    assert "AS" in spades_cards and "AS" not in grid.RULES.decisions(state)[2].options
    assert all(t.initiative["spades"] != t.initiative["hearts"]
               for t in grid.RULES.legal_actions(state))


def test_crash_grids_missing_choice_is_a_kernel_decision():
    state = grid.RULES.initial_state(arena("3"))
    trick = grid.Trick(initiative={"spades": "AS", "hearts": "KH", "diamonds": "2D"}, moves={"spades": "K", "hearts": "K"})
    with pytest.raises(grid.MissingChoice) as caught:
        grid.RULES.apply(state, trick)
    assert isinstance(caught.value, MissingChoice)
    assert caught.value.decision == Decision("move", ("J", "Q", "K"), "diamonds")
    assert grid.RULES.chance(state) is None


def test_crash_grids_session_is_the_kernels():
    session = GridSession.on(arena("3"))
    trick = grid.Trick(initiative={"spades": "AS", "hearts": "KH", "diamonds": "2D"},
                       moves={"spades": "K", "hearts": "K", "diamonds": "K"})
    played = session.play(trick)
    assert isinstance(played, Session) and played.played[0].action == trick
    assert played.events_shown() == played.events and played.events[0].kind == "order"
    assert played.back().at == 0 and played.back().forward() == played
    for event in played.events:
        assert grid.EVENTS.from_json(json.loads(json.dumps(event.to_json()))) == event


# --- Crash & Grab -----------------------------------------------------------------------------------
def test_crash_and_grabs_events_and_choices_are_the_kernels():
    assert SAUCER_EVENTS.kinds == EVENT_KINDS
    assert issubclass(SaucerChoice, MissingChoice) and issubclass(SaucerChoice, RuleError)
    error = SaucerChoice("accelerator", ["north", "east"], saucer="red")
    assert error.decision == Decision("accelerator", ("north", "east"), None)
    assert DIE.values == tuple(range(1, 13)) and DIE.probability(7) == Fraction(1, 12)


def test_crash_and_grabs_turns_are_data_and_each_plays_or_asks_a_decision():
    from crashgrab.engine.crash_and_grab.play_rules import RULES as SAUCERS
    from crashgrab.engine.crash_and_grab.playtest import place_saucer
    from crashgrab.engine.crash_and_grab.rules import IllegalAction, Turn
    from crashgrab.engine.formats.layout_io import load_layout
    from crashgrab.engine.play.rules import open_decision
    from tests.conftest import LAYOUTS

    state = place_saucer(SAUCERS.initial_state(load_layout(LAYOUTS / "standard-2-4p.json")), "red", (1, 2))
    turns = SAUCERS.legal_actions(state)
    assert len(turns) == (1 + 1 + 6) * 4                 # cards 2 and 3, then 0-5 at each distance; four directions
    assert turns[0] == Turn("red", "2", None, "north") and turns[-1] == Turn("red", "0-5", 5, "west")
    decisions = [open_decision(SAUCERS, state, turn) for turn in turns]   # none is illegal
    # Row 2 of the shipped board reads `2...4>..`: red at [1,2] moving east 4 stops at the Accelerator [5,2].
    assert decisions[turns.index(Turn("red", "0-5", 4, "east"))].choice == "accelerator"
    assert decisions[turns.index(Turn("red", "0-5", 0, "east"))] is None
    with pytest.raises(IllegalAction):
        open_decision(SAUCERS, state, Turn("green", "2", None, "east"))


def test_crash_and_grabs_session_shows_the_board_between_events():
    from crashgrab.engine.crash_and_grab.play_rules import RULES as SAUCERS
    from crashgrab.engine.crash_and_grab.playtest import place_saucer
    from crashgrab.engine.crash_and_grab.rules import Turn
    from crashgrab.engine.formats.layout_io import load_layout
    from tests.conftest import LAYOUTS

    start = place_saucer(SAUCERS.initial_state(load_layout(LAYOUTS / "standard-2-4p.json")), "red", (1, 2))
    session = Session(SAUCERS, start).play(Turn("red", "3", None, "east"))
    between = session.between()
    assert len(between) == len(session.events) > 2 and between[-1] == session.state
    moves = [s.saucers["red"].at for s, e in zip(between, session.events) if e.kind == "move"]
    assert moves == [(2, 2), (3, 2), (4, 2)]
