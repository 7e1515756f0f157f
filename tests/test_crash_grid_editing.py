"""Editing a Crash Grid arena (pure functions the editor's undo commands call) and the
playtest session (play tricks, step back and forward, save as a scenario that passes)."""
from __future__ import annotations

import pytest

from crashgrab.engine.crash_grid.editing import (EditRefused, resized, rotated_start, with_start, with_wall_toggled,
                                                 without_start)
from crashgrab.engine.crash_grid.layout_io import layout_from_json, layout_to_json
from crashgrab.engine.crash_grid.model import ArenaLayout, Start
from crashgrab.engine.crash_grid.playtest import PlaytestSession
from crashgrab.engine.crash_grid.rules import IllegalAction, Trick
from crashgrab.engine.crash_grid.scenario import run_scenario
from crashgrab.engine.crash_grid.scenario_io import save_scenario, load_scenario
from crashgrab.engine.crash_grid.templates import template_layout

ARENA = ArenaLayout("t", 6, 6, (Start("spades", 2, 0, "south"), Start("hearts", 3, 5, "north")), frozenset({(1, 1)}))


def test_start_moves_keeping_its_facing_and_rotates_clockwise():
    moved = with_start(ARENA, "spades", (0, 3))
    assert moved.start_of("spades") == Start("spades", 0, 3, "south")
    assert [rotated_start(moved, "spades").start_of("spades").facing,
            rotated_start(rotated_start(moved, "spades"), "spades").start_of("spades").facing] == ["west", "north"]
    assert with_start(ARENA, "clubs", (5, 2), "west").starts[-1] == Start("clubs", 5, 2, "west")
    assert without_start(ARENA, "hearts").starts == (Start("spades", 2, 0, "south"),)


@pytest.mark.parametrize("edit, words", [
    (lambda a: with_start(a, "spades", (1, 1)), "[1,1] is a wall"),
    (lambda a: with_start(a, "spades", (3, 5)), "the hearts start is on [3,5]"),
    (lambda a: with_start(a, "spades", (6, 0)), "outside the 6x6 arena"),
    (lambda a: with_wall_toggled(a, (2, 0)), "the spades start is on [2,0]"),
    (lambda a: resized(a, 4, 4), "the hearts start at [3,5] would be outside a 4x4 arena"),
    (lambda a: resized(a, 2, 8), "3 to 64 squares a side"),
    (lambda a: without_start(a, "clubs"), "no clubs start"),
])
def test_refused_edits_say_why_and_change_nothing(edit, words):
    before = ARENA
    with pytest.raises(EditRefused, match=words.replace("[", r"\[").replace("]", r"\]")):
        edit(ARENA)
    assert ARENA == before


def test_walls_toggle_and_resizing_drops_walls_outside():
    walled = with_wall_toggled(ARENA, (5, 5))
    assert walled.walls == {(1, 1), (5, 5)}
    assert with_wall_toggled(walled, (5, 5)).walls == {(1, 1)}
    assert resized(walled, 6, 6).walls == walled.walls
    shrunk = resized(with_start(walled, "hearts", (3, 3)), 5, 5)
    assert (shrunk.width, shrunk.height, shrunk.walls) == (5, 5, frozenset({(1, 1)}))


def test_resizing_a_template_keeps_it_only_at_its_size():
    assert resized(template_layout("4"), 12, 12).template == "4"
    assert resized(template_layout("4"), 13, 13).template is None


def test_every_edit_gives_a_layout_that_saves_and_loads():
    layout = rotated_start(with_wall_toggled(with_start(ARENA, "diamonds", (5, 2), "west"), (4, 4)), "hearts")
    assert layout_from_json(layout_to_json(layout)) == layout


def test_playtest_plays_steps_back_and_forward():
    session = PlaytestSession.on(ARENA)
    assert [r.at for r in session.state.riders] == [(2, 0), (3, 5)]
    first = Trick({"spades": "AS", "hearts": "2H"}, {"spades": "K", "hearts": "K"})
    session = session.play(first)
    assert [r.at for r in session.state.riders] == [(2, 1), (3, 4)]
    session = session.play(Trick({"spades": "KS", "hearts": "3H"}, {"spades": "J", "hearts": "J"}))
    assert [r.at for r in session.state.riders] == [(3, 1), (2, 4)]   # south -> east; north -> west
    back = session.back()
    assert [r.at for r in back.state.riders] == [(2, 1), (3, 4)]
    assert back.forward().state == session.state
    assert back.back().back().state == session.start
    replayed = back.play(Trick({"spades": "QS", "hearts": "4H"}, {"spades": "Q", "hearts": "Q"}))
    assert len(replayed.played) == 2 and replayed.at == 2                # the stepped-over trick is dropped
    # spades Q: south -> west into the wall at [1,1], crashes; hearts Q: north -> east to [4,4], wins
    assert [r.at for r in replayed.state.riders] == [None, (4, 4)]
    assert replayed.state.winner == "hearts"
    with pytest.raises(IllegalAction):
        session.play(Trick({"spades": "QS", "hearts": "4H"}, {"spades": "J", "hearts": "Q"}))  # J used


def test_a_playtest_saves_as_a_scenario_that_passes(tmp_path):
    session = PlaytestSession.on(template_layout("3"))
    session = session.play(Trick({"spades": "AS", "hearts": "KH", "diamonds": "QD"},
                                 {"spades": "K", "hearts": "Q", "diamonds": "J"}))
    path = tmp_path / "playtest.json"
    save_scenario(session.to_scenario("From a playtest"), path)
    result = run_scenario(load_scenario(path))
    assert result.passed and len(result.checks) > 10


def test_playtest_offers_the_unused_move_cards_and_a_full_deck():
    from crashgrab.engine.crash_grid.playtest import DECK

    assert len(DECK) == 52 and DECK[:5] == ("AS", "AH", "AD", "AC", "KS") and DECK[-1] == "2C"
    session = PlaytestSession.on(ARENA).play(Trick({"spades": "AS", "hearts": "2H"}, {"spades": "J", "hearts": "K"}))
    assert session.legal_moves("spades") == ("Q", "K") and session.legal_moves("hearts") == ("J", "Q")
    assert [e.kind for e in session.events_shown()] == ["order", "move", "move"]
    assert session.back().events_shown() == () and session.legal_moves("clubs") == ()


def test_riders_are_placed_and_turned_before_the_first_trick():
    from crashgrab.engine.crash_grid.playtest import PlacementRefused

    session = PlaytestSession.on(ARENA).placed("spades", (4, 3)).turned("spades")
    spades = session.state.rider("spades")
    assert (spades.at, spades.facing) == ((4, 3), "west")
    played = session.play(Trick({"spades": "AS", "hearts": "2H"}, {"spades": "K", "hearts": "K"}))
    assert played.state.rider("spades").at == (3, 3)
    for refused, words in [(lambda: session.placed("spades", (1, 1)), "[1,1] is taken"),      # a wall
                           (lambda: session.placed("spades", (3, 5)), "[3,5] is taken"),      # hearts
                           (lambda: session.placed("spades", (6, 0)), "off the board"),
                           (lambda: session.placed("clubs", (0, 0)), "no clubs rider"),
                           (lambda: played.placed("spades", (0, 0)), "before the first trick")]:
        with pytest.raises(PlacementRefused, match=words.replace("[", r"\[").replace("]", r"\]")):
            refused()
    assert session.placed("spades", (4, 3)).state == session.state   # its own square is fine


def test_a_playtest_offers_only_the_initiative_cards_not_yet_seen():
    session = PlaytestSession.on(ARENA)
    assert session.revealable("spades")[:2] == ("AS", "AH") and len(session.revealable("spades")) == 52
    session = session.play(Trick({"spades": "AS", "hearts": "2H"}, {"spades": "K", "hearts": "K"}))
    assert "AS" not in session.revealable("hearts") and "2H" not in session.revealable("spades")
    with pytest.raises(IllegalAction, match="AS, which is lying face up on the table"):
        session.play(Trick({"spades": "KS", "hearts": "AS"}, {"spades": "J", "hearts": "J"}))
