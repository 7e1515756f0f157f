"""The Crash! playtest shown frame by frame (editor/crash/session.py, no Qt, over the engine's
PlaytestSession): frames worked out from the engine's events agree with the engine's own states, an automatic part is one frame per car,
and what was played saves as a scenario that replays to the board shown."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crashgrab.editor.crash.session import PlaytestRefused, FramedSession, frame_groups, shown_after
from crashgrab.engine.crash import editing
from crashgrab.engine.crash.rules import AutomaticPart, Moved, legal_actions
from crashgrab.engine.crash.scenario import run_scenario
from crashgrab.engine.crash.scenario_io import scenario_from_json, scenario_to_json
from crashgrab.engine.crash.templates import template_layout

STANDARD = template_layout()


def played_at_random(seed: int, actions: int, variant: str) -> FramedSession:
    """A session of `actions` legal actions picked by a seeded chooser (dice from the session's seed)."""
    chooser = random.Random(seed)
    session = FramedSession.on(STANDARD, variant=variant, seed=seed)
    for _ in range(actions):
        choices = legal_actions(session.live)
        if not choices:
            break
        session = session.play(chooser.choice(choices)).to_end()
    return session


@settings(max_examples=15, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 10_000), actions=st.integers(0, 45), variant=st.sampled_from(["standard", "german"]))
def test_frames_agree_with_the_rules_and_the_saved_scenario_replays_them(seed, actions, variant):
    session = played_at_random(seed, actions, variant)
    frames = session.frames
    for index, played in enumerate(session.played, start=1):
        own = [f for f in frames if f.action == index]
        assert own[-1].last and own[-1].state == played.state and not any(f.last for f in own[:-1])
        # the picture of the last frame, worked out from the events alone, is the rules' board
        shown = session.before(index)
        for frame in own:
            shown = shown_after(shown, frame.events)
        assert (shown.cars, shown.score) == (played.state.cars, played.state.score)
    turns, state = session.completed_turns()
    replay = run_scenario(scenario_from_json(scenario_to_json(session.to_scenario("random play"))))
    assert replay.passed and len(replay.steps) == len(turns)
    assert replay.final.cars == state.cars and replay.final.score == state.score


def test_an_automatic_part_is_one_frame_per_car_that_drives():
    session = FramedSession.on(STANDARD).roll((1, 1, 1)).end_turn().roll((6, 6, 6)).end_turn()
    groups = frame_groups(session.played[-1].events)
    assert isinstance(groups[0][0], AutomaticPart)
    drivers = [next(e for e in g if isinstance(e, Moved) and not e.pushed).car for g in groups]
    assert drivers == [1, 2, 3, 4, 5, 6]  # p2's cars, in number order
    assert session.frame.action == len(session.played) and not session.frame.last  # its first car shown


def test_playing_from_an_earlier_step_drops_what_came_after():
    session = FramedSession.on(STANDARD).roll((2, 3, 4)).steer(2, move=True).steer(3, move=True)
    earlier = session.back()                                  # car 3's move taken back
    assert earlier.live.car("p1", 3).at == STANDARD.start_of("p1", 3).at
    again = earlier.steer(4, move=True)
    assert [type(p.action).__name__ for p in again.played] == ["Roll", "Steer", "Steer"]
    assert again.live.car("p1", 3).at == STANDARD.start_of("p1", 3).at and again.at_end


def test_a_board_with_a_structural_error_is_refused():
    with pytest.raises(PlaytestRefused, match="junkyard-count"):
        FramedSession.on(editing.without_junkyard(STANDARD, "p2"))
