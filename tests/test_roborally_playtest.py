"""The RoboRally editor's playtest and route overlay, driven through the real window: hands dealt
from the seeded deck, registers filled by a click, a drop and a script, a turn stepped through
phase by phase and back (a belt's move shows after the belts phase), saved as a scenario that
`crashgrab scenario run` passes, the course never changed; the shortest route drawn for the
selected start, and the route findings arriving from the worker. Then the session alone: hand
sizes (damage, Extra Memory, Flywheel), locked registers and scripts."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton

from crashgrab.editor.game_views import open_board_window
from crashgrab.editor.roborally import commands
from crashgrab.editor.roborally.playtest.session import PlaytestError, PlaytestSession
from crashgrab.editor.roborally.view import CELL
from crashgrab.engine.cli import main
from crashgrab.engine.games import get_system
from crashgrab.engine.roborally.rules.cards import PROGRAM_DECK, Card

# A 5x4 board: a belt on [1,1] facing east. red starts on [1,2] facing north (one square south of
# the belt), blue on [3,3]; the one checkpoint is [4,0].
COURSE = {
    "format": "crash-grab-layout", "version": 2, "game": "roborally", "name": "belt test",
    "boardset": {"format": "crash-grab-boardset", "version": 1, "game": "roborally", "id": "test", "name": "Test",
                 "boards": [{"id": "test", "name": "Test board", "width": 5, "height": 4,
                             "cells": [{"at": [1, 1], "type": "conveyor", "facing": "east", "express": False}],
                             "edges": []}]},
    "boards": [{"board": "test", "x": 0, "y": 0, "rotation": 0}],
    "checkpoints": [[4, 0]],
    "starts": [{"number": 1, "at": [1, 2], "facing": "north"}, {"number": 2, "at": [3, 3], "facing": "north"}],
    "pieces": [], "players": 2,
}


def forget_changes(window):
    window.document.undo_stack.setClean()


@pytest.fixture
def window(qtbot):
    system = get_system("roborally")
    window = open_board_window(system, system.layout_from_json(json.loads(json.dumps(COURSE))), None)
    qtbot.addWidget(window, before_close_func=forget_changes)
    qtbot.waitExposed(window)
    return window


def robot_at(session, name):
    return next(r for r in session.shown_robots() if r.name == name).at


def frame_of(session):
    step, phase, _ = session.shown_frame()
    return step, phase


def drop_card(slot, mime):
    """What a drag from the hand delivers to a register: its enter and drop events."""
    point = QPointF(slot.width() / 2, slot.height() / 2)
    QApplication.sendEvent(slot, QDragEnterEvent(point.toPoint(), Qt.MoveAction, mime, Qt.LeftButton, Qt.NoModifier))
    QApplication.sendEvent(slot, QDropEvent(point, Qt.MoveAction, mime, Qt.LeftButton, Qt.NoModifier))


def test_a_playtest_turn_is_dealt_programmed_stepped_through_and_saved_as_a_passing_scenario(window, qtbot, tmp_path,
                                                                                             capsys):
    course_before = json.dumps(window.system.layout_to_json(window.course, tmp_path))
    window.playtest_action.trigger()
    panel = window.playtest.panel
    assert window.playtest.dock.isVisible()
    session = panel.session
    assert session.names == ("red", "blue")
    assert [len(session.hands[n]) for n in session.names] == [9, 9]     # 9 cards, no damage
    # blue is dealt a Back Up first (whatever the shuffle gave it), so its turn backs it off the course
    dealt = {card for hand in session.hands.values() for card in hand}
    back_up = next(card for card in PROGRAM_DECK if card.kind == "back_up" and card not in dealt)
    session.hands["blue"] = (back_up,) + session.hands["blue"][1:]
    # blue: register 1 by a click on a card then on the register, register 2 by a drop
    panel.robot_box.setCurrentText("blue")
    panel.show_session()
    assert panel.hand.count() == 9
    first = panel.hand.item(0).data(Qt.UserRole)
    panel.hand.setCurrentRow(0)
    QTest.mouseClick(panel.slots[0], Qt.LeftButton, Qt.NoModifier, QPoint(5, 5))
    assert session.programs["blue"][0] == first
    assert panel.hand.count() == 8                                       # the card left the hand
    second = panel.hand.item(0).data(Qt.UserRole)
    drop_card(panel.slots[1], panel.hand.mimeData([panel.hand.item(0)]))
    assert session.programs["blue"][1] == second
    panel.script_line.setText("turn_left turn_left turn_left")           # fills blue's free registers 3-5
    panel.run_script()
    assert [c.kind for c in session.programs["blue"][2:]] == ["turn_left"] * 3
    # red: scripted; move1 takes it onto the belt in step 1
    panel.robot_box.setCurrentText("red")
    panel.script_line.setText("move1 turn_right turn_right turn_right turn_right")
    QTest.keyClick(panel.script_line, Qt.Key_Return)
    assert panel.play_button.isEnabled()
    QTest.mouseClick(panel.play_button, Qt.LeftButton)
    # blue's Back Up takes it off the course: the rules ask which way it faces on its return
    assert session.question.choice == "respawn_facing" and panel.question_box.isVisibleTo(panel)
    QTest.mouseClick(panel.question_box.findChild(QPushButton, "playtest_answer_east"), Qt.LeftButton)
    assert session.question is None and not panel.question_box.isVisibleTo(panel)
    assert session.played[-1].turn.choices["blue"].respawn_facing == "east"
    assert frame_of(session) == (None, "start")
    phases = []
    while frame_of(session) != (1, "belts"):
        QTest.mouseClick(panel.forward_button, Qt.LeftButton)
        phases.append(frame_of(session))
    assert phases == [(1, "move"), (1, "express"), (1, "belts")]
    assert robot_at(session, "red") == (2, 1)                             # carried east by the belt
    robots = [i for i in window.view.course_scene.items() if i.data(0) == "robot" and i.data(1) == "red"]
    assert len(robots) == 1 and robots[0].boundingRect().center() == QPointF(2.5 * CELL, 1.5 * CELL)
    QTest.mouseClick(panel.back_button, Qt.LeftButton)
    assert frame_of(session) == (1, "express") and robot_at(session, "red") == (1, 1)   # moved onto it, not yet carried
    QTest.mouseClick(panel.step_forward_button, Qt.LeftButton)
    assert frame_of(session) == (2, "checkpoints")                       # the last phase of step 2
    QTest.mouseClick(panel.step_back_button, Qt.LeftButton)
    assert frame_of(session) == (1, "checkpoints") and robot_at(session, "red") == (2, 1)
    QTest.mouseClick(panel.step_forward_button, Qt.LeftButton)
    log = [panel.log.item(i).text() for i in range(panel.log.count())]
    assert "step 1 belts: red belt: [1,1] -> [2,1]" in log
    while panel.forward_button.isEnabled() and session.forward():
        pass
    panel.show_session()
    assert frame_of(session) == (None, "end")
    # saved (the course unsaved: inline) and played by the CLI
    path = tmp_path / "playtest.json"
    assert window.playtest.save_scenario(path)
    saved = json.loads(path.read_text())
    assert saved["layout"]["name"] == "belt test" and saved["expect"]["robots"]["red"]["at"] == [2, 1]
    capsys.readouterr()
    assert main(["scenario", "run", str(path)]) == 0
    assert "PASS" in capsys.readouterr().out
    # a playtest edits nothing
    assert json.dumps(window.system.layout_to_json(window.course, tmp_path)) == course_before
    assert window.undo_stack.count() == 0 and not window.document.dirty
    assert not panel.stale_label.isVisibleTo(panel)
    window.edit(commands.add_checkpoint(window.document, (0, 0)))      # an edit: the playtest says it is behind
    assert panel.stale_label.isVisibleTo(panel)
    window.undo_stack.undo()
    assert not panel.stale_label.isVisibleTo(panel)


def test_a_saved_course_is_named_by_its_path_relative_to_the_scenario(window, tmp_path, capsys):
    course_path = tmp_path / "courses" / "belt.json"
    course_path.parent.mkdir()
    assert window.save_to(course_path)
    window.playtest_action.trigger()
    session = window.playtest.panel.session
    session.script("red", "move1 move1")
    session.script("blue", "u_turn")
    session.play()
    path = tmp_path / "scenarios" / "p.json"
    path.parent.mkdir()
    assert window.playtest.save_scenario(path)
    assert json.loads(path.read_text())["layout"] == "../courses/belt.json"
    assert main(["scenario", "run", "-q", str(path)]) == 0


def test_the_shortest_route_of_the_selected_start_is_drawn_and_the_route_findings_arrive(window, qtbot):
    qtbot.waitUntil(lambda: not window.playtest.live_checks.pending, timeout=5000)
    routes = window.playtest.live_checks.report.metrics["routes"]
    # worked out by hand: start 1 [1,2] facing north: move2 to [1,0] (over the belt), turn right,
    # move3 to [4,0]; start 2 [3,3]: move3 to [3,0], turn right, move1. Two registers never do:
    # both need a turn and moves along both axes.
    assert routes["route_registers"] == {"1": 3, "2": 3}
    window.select(("start", 2))
    window.playtest.route_action.setChecked(True)
    qtbot.waitUntil(lambda: any(i.data(0) == "route" for i in window.view.course_scene.items()), timeout=5000)
    steps = window.playtest.route[3]
    assert steps[0][:2] == ((3, 3), "north") and steps[-1][0] == (4, 0) and len(steps) == 1 + 3
    labels = [i for i in window.view.course_scene.items() if i.data(0) == "route_step"]
    assert len(labels) == 3


def test_an_edit_shows_structural_findings_at_once_and_route_findings_from_the_worker(window, qtbot):
    qtbot.waitUntil(lambda: not window.playtest.live_checks.pending, timeout=5000)
    report = window.playtest.live_checks.validate(window.course)
    assert "routes" not in report.metrics and window.playtest.live_checks.pending
    qtbot.waitUntil(lambda: not window.playtest.live_checks.pending, timeout=5000)
    assert window.playtest.live_checks.report.metrics["routes"]["route_registers"]["1"] == 3


# --- the session alone ---------------------------------------------------------------------
def session_of(course=None, **robot_changes) -> PlaytestSession:
    from crashgrab.engine.roborally.resolved import resolved_course_json

    system = get_system("roborally")
    layout = system.layout_from_json(json.loads(json.dumps(course or COURSE)))
    session = PlaytestSession(resolved_course_json(layout), seed=5)
    if robot_changes:
        robots = tuple(replace(r, **robot_changes) if r.name == "red" else r for r in session.initial.robots)
        session.initial = replace(session.initial, robots=robots)
        session.deal()
    return session


@pytest.mark.parametrize("changes, options, size", [
    ({}, (), 9),
    ({"damage": 3}, (), 6),
    ({"damage": 3}, ("Extra Memory",), 7),
    ({"damage": 6, "registers": (None, None, None, Card(500, "move1"), Card(670, "move2"))}, (), 3),
])
def test_a_hand_is_nine_cards_less_damage_and_extra_memory_adds_one(changes, options, size):
    session = session_of(**changes)
    if options:
        session.set_options("red", options)
    assert len(session.hands["red"]) == size
    assert session.locked("red") == ((4, 5) if changes.get("registers") else ())


def test_a_locked_register_keeps_its_card():
    session = session_of(damage=6, registers=(None, None, None, Card(500, "move1"), Card(670, "move2")))
    with pytest.raises(PlaytestError, match="locked"):
        session.put("red", 4, session.hands["red"][0])
    session.script("red", "u_turn turn_left turn_right")
    assert [c.kind for c in session.programs["red"]] == ["u_turn", "turn_left", "turn_right", "move1", "move2"]


def test_flywheel_keeps_the_highest_unplayed_card_for_the_next_hand():
    session = session_of()
    session.set_options("red", ("Flywheel",))
    hand = session.hands["red"]
    for register, card in enumerate(sorted(hand)[:5], 1):   # the five lowest played
        session.put("red", register, card)
    session.script("blue", "u_turn")
    session.play()
    session.next_turn()
    assert len(session.hands["red"]) == 10 and session.hands["red"][-1] == max(hand)


def test_a_script_names_card_kinds_and_a_card_held_by_another_robot_is_refused():
    session = session_of()
    taken = session.hands["blue"][0]
    with pytest.raises(PlaytestError, match="no"):
        session.script("red", f"{taken.kind}:{taken.priority}")
    with pytest.raises(PlaytestError, match="free registers"):
        session.script("red", "move1 " * 6)


@pytest.mark.parametrize("number, squares, cards", [
    # worked out by hand (see above): the only 3-register routes
    (1, [((1, 2), "north"), ((1, 0), "north"), ((1, 0), "east"), ((4, 0), "east")], ["move2", "turn_right", "move3"]),
    (2, [((3, 3), "north"), ((3, 0), "north"), ((3, 0), "east"), ((4, 0), "east")], ["move3", "turn_right", "move1"]),
])
def test_the_route_overlay_s_steps_are_the_squares_after_each_register_and_a_card_for_each(number, squares, cards):
    from crashgrab.engine.roborally.resolved import resolved_course_json
    from crashgrab.engine.roborally.rules.floor import floor_from_course
    from crashgrab.engine.roborally.rules.routes import Search, SingleRobot, route_steps

    system = get_system("roborally")
    floor = floor_from_course(resolved_course_json(system.layout_from_json(json.loads(json.dumps(COURSE)))))
    start = next(s for s in floor.starts if s.number == number)
    result, steps = route_steps(Search(SingleRobot(floor)), start)
    assert result == {"registers": 3, "legs": [3], "damage": 0}
    assert [s[:2] for s in steps] == squares
    assert [s[3].kind for s in steps[1:]] == cards and steps[0][3] is None
    assert [s[2] for s in steps] == [0, 0, 0, 1]     # checkpoints touched


def test_a_closed_window_s_late_route_findings_are_dropped_and_closing_twice_is_harmless(window, qtbot):
    checks = window.playtest.live_checks
    checks.validate(window.course)
    window.close()
    window.close()
    qtbot.wait(50)
    assert checks.pending        # the worker's answer for a closed window was not taken


def test_in_a_small_window_the_playtest_is_a_tab_of_the_side_column_and_the_course_keeps_its_room(qtbot):
    """At 1024x640 the Playtest panel takes the Settings panel's place in the one column (Settings is
    for placing things): the window keeps its size and the course at least 60% of its width."""
    system = get_system("roborally")
    window = open_board_window(system, system.new_layout(4), None)
    qtbot.addWidget(window)
    window.resize(1024, 640)
    qtbot.waitUntil(lambda: window.compact is True)
    window.playtest_action.setChecked(True)
    QApplication.processEvents()
    assert (window.width(), window.height()) == (1024, 640)
    assert window.settings_dock.isHidden() and window.dockWidgetArea(window.playtest.dock) == Qt.RightDockWidgetArea
    assert window.view.width() >= 0.6 * window.width()
    window.playtest_action.setChecked(False)
    assert not window.settings_dock.isHidden()
    forget_changes(window)


def test_a_robot_powered_down_plays_no_program_is_repaired_and_the_saved_scenario_says_so(window, tmp_path, capsys):
    """Power down: the robot plays nothing that turn (its repair is the rules', played out in
    tests/roborally_scenarios/power-down.json); the switch holds for the one turn, and a saved
    scenario lists it."""
    window.playtest_action.trigger()
    panel = window.playtest.panel
    session = panel.session
    panel.robot_box.setCurrentText("blue")
    panel.power_down_box.setChecked(True)
    assert session.powered_down == {"blue"} and not panel.play_button.isEnabled()  # red has no program yet
    panel.robot_box.setCurrentText("red")
    assert not panel.power_down_box.isChecked()
    panel.script_line.setText("turn_right turn_right turn_right turn_right turn_left")
    panel.run_script()
    assert panel.play_button.isEnabled()
    panel.play()
    played = session.played[-1]
    assert played.turn.power_down == frozenset({"blue"}) and "blue" not in played.turn.programs
    assert played.after.robot("blue").at == played.before.robot("blue").at   # it did not move
    path = tmp_path / "down.json"
    assert window.playtest.save_scenario(path)
    assert json.loads(path.read_text())["turns"][0]["power_down"] == ["blue"]
    capsys.readouterr()
    assert main(["scenario", "run", str(path)]) == 0
    panel.next_turn()
    assert session.powered_down == set()  # for one turn only
