"""The RoboRally playtest's choices, driven through the real window: an option card's choice per
register (Brakes on a Move 1), Recompile, and the rules' end-of-turn questions answered with the
panel's buttons (a taken archive: which square, which facing); each saved as a scenario that
`crashgrab scenario run` passes, replaying the same turn. Then the session alone: a two-wrench
site's question, and answers a changed program no longer allows.

The course (tests/test_roborally_playtest.py): 5x4, a belt on [1,1] facing east, red on [1,2]
facing north, blue on [3,3] facing north, the one checkpoint [4,0]."""
from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QPushButton

from crashgrab.editor.roborally.playtest.session import PlaytestError, PlaytestSession
from crashgrab.engine.cli import main
from tests.test_roborally_playtest import COURSE, session_of, window  # noqa: F401 (the window fixture)


def give(panel, robot, option):
    panel.robot_box.setCurrentText(robot)
    panel.option_box.setCurrentText(option)
    QTest.mouseClick(panel.findChild(QPushButton, "playtest_give_option"), Qt.LeftButton)


def tick(panel, option, register) -> QCheckBox:
    QApplication.processEvents()   # the rebuilt row laid out, as before a designer's click
    return panel.findChild(QCheckBox, f"playtest_choice_{option.replace(' ', '_')}_{register}")


def saved_and_run(window, path, capsys):
    assert window.playtest.save_scenario(path)
    capsys.readouterr()
    assert main(["scenario", "run", str(path)]) == 0, capsys.readouterr().out
    assert "PASS" in capsys.readouterr().out
    return json.loads(path.read_text())


def test_brakes_ticked_in_register_1_keeps_red_off_the_belt_and_the_saved_scenario_replays_it(window, tmp_path,
                                                                                              capsys):
    window.playtest_action.trigger()
    panel = window.playtest.panel
    session = panel.session
    assert tick(panel, "Brakes", 1) is None                  # shown only for a robot holding the card
    give(panel, "red", "Brakes")
    panel.script_line.setText("move1 turn_right move1 turn_right turn_left")
    panel.run_script()
    assert [tick(panel, "Brakes", r).isEnabled() for r in range(1, 6)] == [True, False, True, False, False]
    QTest.mouseClick(tick(panel, "Brakes", 1), Qt.LeftButton)
    assert session.uses("red") == {"Brakes": [1]} and tick(panel, "Brakes", 1).isChecked()
    panel.robot_box.setCurrentText("blue")
    assert tick(panel, "Brakes", 1) is None
    panel.script_line.setText("turn_left turn_left turn_left turn_left turn_left")
    panel.run_script()
    QTest.mouseClick(panel.play_button, Qt.LeftButton)
    assert session.question is None
    # by hand: step 1 braked at [1,2]; step 2 faces east; step 3 Move 1 to [2,2]; faces south, then east
    after = session.state.robot("red")
    assert (after.at, after.facing) == ((2, 2), "east")
    assert [e.describe() for e in session.played[-1].events if e.kind == "option-used"] == [
        "red uses Brakes: stays instead of moving 1"]
    saved = saved_and_run(window, tmp_path / "brakes.json", capsys)
    assert saved["turns"][0]["choices"] == {"red": {"options": {"Brakes": [1]}}}
    assert window.undo_stack.count() == 0 and not window.document.dirty   # a playtest edits nothing
    assert saved["expect"]["robots"]["red"]["at"] == [2, 2]


def test_recompile_redraws_red_s_hand_once_for_one_damage_and_leaves_blue_s(window, tmp_path, capsys):
    window.playtest_action.trigger()
    panel = window.playtest.panel
    session = panel.session
    assert not panel.recompile_button.isVisibleTo(panel)
    give(panel, "red", "Recompile")
    blue_hand, red_hand = session.hands["blue"], session.hands["red"]
    panel.hand.setCurrentRow(0)
    QTest.mouseClick(panel.slots[0], Qt.LeftButton)           # a card put in: it goes with the old hand
    assert panel.recompile_button.isVisibleTo(panel) and panel.recompile_button.isEnabled()
    QTest.mouseClick(panel.recompile_button, Qt.LeftButton)
    assert session.hands["blue"] == blue_hand and len(session.hands["red"]) == 9
    assert not set(session.hands["red"]) & set(red_hand) and session.programs["red"] == [None] * 5
    assert not panel.recompile_button.isEnabled() and not panel.power_down_box.isEnabled()   # once a turn
    assert next(r for r in session.shown_robots() if r.name == "red").damage == 1
    panel.script_line.setText("turn_left turn_left turn_left turn_left turn_left")
    panel.run_script()
    panel.robot_box.setCurrentText("blue")
    panel.script_line.setText("turn_right turn_right turn_right turn_right turn_right")
    panel.run_script()
    panel.play()
    assert session.state.robot("red").damage == 1 and session.state.robot("blue").damage == 0
    saved = saved_and_run(window, tmp_path / "recompile.json", capsys)
    assert saved["turns"][0]["recompile"] == ["red"] and saved["expect"]["robots"]["red"]["damage"] == 1
    panel.next_turn()
    panel.robot_box.setCurrentText("red")
    assert panel.recompile_button.isEnabled()                 # a new turn: once again


def test_a_taken_archive_asks_where_and_which_way_in_the_panel_and_the_answers_are_saved(window, tmp_path, capsys):
    """By hand: step 1 red backs up to [1,3], blue turns west; step 2 blue (Move 2, first) goes to
    [1,3] pushing red to [0,3], then red backs up off the course; step 3 blue turns north, step 4
    moves to [1,2], red's archive marker. So red's return asks a square, then a facing."""
    window.playtest_action.trigger()
    panel = window.playtest.panel
    session = panel.session
    session.script("red", "back_up back_up turn_left turn_left turn_left")
    session.script("blue", "turn_left move2 turn_right move1 turn_right")
    panel.play()
    question = panel.question_box
    assert session.question.choice == "respawn_at" and question.isVisibleTo(panel)
    assert session.question.options == ("[0,1]", "[1,1]", "[2,1]", "[0,2]", "[2,2]", "[0,3]", "[1,3]", "[2,3]")
    assert "Return on which square?" in question.label.text() and not session.played
    QTest.mouseClick(question.findChild(QPushButton, "playtest_answer_[2,2]"), Qt.LeftButton)
    assert session.question.choice == "respawn_facing"
    assert [b.text() for b in question.findChildren(QPushButton)] == ["North", "East", "South", "West"]
    QTest.mouseClick(question.findChild(QPushButton, "playtest_answer_south"), Qt.LeftButton)
    assert session.question is None and not question.isVisibleTo(panel)
    red = session.state.robot("red")
    assert (red.at, red.facing, red.damage, red.lives) == ((2, 2), "south", 2, 2)
    saved = saved_and_run(window, tmp_path / "return.json", capsys)
    assert saved["turns"][0]["choices"]["red"] == {"respawn_facing": "south", "respawn_at": [2, 2]}


def test_a_side_is_chosen_in_a_register_s_box(window):
    window.playtest_action.trigger()
    panel = window.playtest.panel
    give(panel, "red", "Turret")
    panel.script_line.setText("turn_left turn_left turn_left turn_left turn_left")
    panel.run_script()
    box = panel.findChild(QComboBox, "playtest_choice_Turret_3")
    assert [box.itemText(i) for i in range(box.count())] == ["\u2014", "right", "back", "left"]
    box.setCurrentIndex(2)
    box.activated.emit(2)
    assert panel.session.uses("red") == {"Turret": {"3": "back"}}
    assert panel.findChild(QComboBox, "playtest_choice_Turret_3").currentText() == "back"


# --- the session alone ---------------------------------------------------------------------
def test_a_two_wrench_site_asks_repair_or_option_and_taking_one_draws_the_deck_s_top_card():
    course = json.loads(json.dumps(COURSE))
    course["boardset"]["boards"][0]["cells"] = [{"at": [1, 1], "type": "repair", "wrenches": 2}]
    session = session_of(course=course, damage=2)
    session.script("red", "move1 turn_left turn_left turn_left turn_left")   # onto the site, then turns
    session.script("blue", "turn_left turn_left turn_left turn_left turn_left")
    assert session.play() is None and session.question.options == ("repair", "option")
    top = session.state.option_deck[0]
    assert session.answer("option") is not None
    red = session.state.robot("red")
    assert (red.at, red.damage, red.options) == ((1, 1), 2, (top,))


def test_an_answer_the_changed_program_no_longer_allows_is_dropped():
    session = session_of()
    session.set_options("red", ("Brakes", "Conditional Command"))
    session.script("red", "move1 turn_left")
    spare = session.free_cards("red")[0]
    session.set_option_answer("red", "Brakes", 1, True)
    session.set_option_answer("red", "Conditional Command", 2, spare)
    assert session.uses("red") == {"Brakes": [1], "Conditional Command": {"step": 2, **spare.to_json()}}
    session.put("red", 1, spare)                               # register 1 is no Move 1 now, the card no spare
    assert session.uses("red") == {}
    with pytest.raises(PlaytestError, match="no such use"):
        session.set_option_answer("red", "Brakes", 2, True)    # a Rotate Left: no Brakes


@pytest.mark.parametrize("option, program, register, pick", [
    ("Brakes", "move1 turn_left", 1, -1),
    ("Fourth Gear", "turn_right move3", 2, -1),           # east from [1,2]: 4 squares would leave the 5-wide course
    ("Reverse Gear", "back_up turn_left", 1, -1),
    ("Turbo Blaster", "turn_right turn_right", 2, -1),
    ("Shield", "turn_left turn_left", 1, 3),              # "back"
    ("Turret", "turn_left turn_left", 2, 1),              # "right"
    ("Emergency Stop", "turn_left turn_left turn_left", 2, -1),
    ("Conditional Command", "turn_left turn_left", 2, 1),  # the hand's highest spare card
    ("Target Control", "turn_right turn_right", 1, 5),    # lock the target's register 5
])
def test_every_choosing_option_s_answer_is_saved_and_replayed_by_scenario_run(option, program, register, pick,
                                                                              tmp_path, capsys):
    session = session_of()
    session.set_options("red", (option,))
    session.script("red", program)
    session.script("blue", " ".join(["turn_left"] * len(program.split())))
    answer = session.option_answers("red", option)[register - 1][pick]
    session.set_option_answer("red", option, register, answer)
    while session.play() is None:            # a question (a robot off the course returning): the first answer
        session.answer(session.question.options[0])
    assert session.played[-1].turn.choices["red"].options == session.uses("red") != {}
    path = tmp_path / "options.json"
    path.write_text(json.dumps(session.scenario(json.loads(json.dumps(COURSE)), option)))
    capsys.readouterr()
    assert main(["scenario", "run", str(path)]) == 0, capsys.readouterr().out
    saved = json.loads(path.read_text())
    assert saved["turns"][0]["choices"]["red"]["options"] == session.uses("red")


def test_recompile_is_refused_when_the_deck_has_too_few_cards_left_and_deals_no_damage():
    """Eight robots holding Recompile: 72 cards dealt leave 12, enough for one new hand of 9 and
    no more; the second is refused, saying why, and its hand and damage stay as they were."""
    from crashgrab.engine.roborally.rules.dealing import cards_left
    from crashgrab.engine.roborally.templates import template_layout
    from crashgrab.engine.roborally.resolved import resolved_course_json

    session = PlaytestSession(resolved_course_json(template_layout(8)), seed=3)
    for name in session.names:
        session.set_options(name, ("Recompile",))
    assert len(session.names) == 8 and cards_left(session.state) == 84 - 8 * 9
    first, second = session.names[:2]
    session.recompile(first)
    assert cards_left(session.state, recompile=[first]) == 3
    hand = session.hands[second]
    with pytest.raises(PlaytestError, match=f"{second} cannot recompile: the deck has 3 program cards left, and "
                                            f"a new hand is 9"):
        session.recompile(second)
    assert session.hands[second] == hand and session.recompiled == [first]
    assert next(r for r in session.dealt.robots if r.name == second).damage == 0
    with pytest.raises(PlaytestError, match=f"{first} has recompiled this turn already"):
        session.recompile(first)
