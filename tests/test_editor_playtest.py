"""Playtest mode in the real main window, driven by its action, the dock's buttons, drops
from the piece palette and clicks on the board.

Board: the shipped 2-4 layout. Its row 2 reads `2...4>..`: Crash Site 2 at [0,2], Crash
Site 4 at [4,2], an Accelerator at [5,2]; rows 0 and 1 are plain at x=5. Outcomes below
are worked out by hand from the rules (docs/rulings.md) and then checked against the
engine's own events.
"""
from __future__ import annotations

import json

import pytest
from pathlib import Path

from PySide6.QtCore import QMimeData, QPointF, QRect, Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QFileDialog, QLabel, QStatusBar

from crashgrab.editor.crash_and_grab.placing import TILE_MIME, TileDrag
from crashgrab.editor.crash_and_grab.playtest.arrows import DirectionArrow
from crashgrab.editor.crash_and_grab.playtest.controller import LOCK_MESSAGE
from crashgrab.editor.crash_and_grab.playtest.dialogs import ChoiceDialog, DieDialog
from crashgrab.engine.cli import main as crashgrab
from crashgrab.engine.crash_and_grab.playtest import players_for_setup, setup_start
from crashgrab.engine.crash_and_grab.rules import Crew, SetUp, Turn, apply, replay
from crashgrab.engine.formats.layout_io import load_layout
from tests.conftest import LAYOUTS, ROOT
from tests.editor_fixtures import settings, window  # noqa: F401  (fixtures, by name)
from tests.editor_fixtures import cell_point, send_drag_and_drop

STANDARD = LAYOUTS / "standard-2-4p.json"
SCENARIOS = ROOT / "tests" / "scenarios"
GREEN_DOCTOR, YELLOW_PILOT = Crew("green", "doctor"), Crew("yellow", "pilot")

# Red at [2,2] plays 3 east; blue at [3,2]; the green doctor at [6,2]. Red takes an energy, enters [3,2]
# with 2 spaces left and hits blue, which is pushed 2: [4,2], then the Accelerator at [5,2]; pushed, it
# keeps east for 2 more: [6,2] (picking up the green doctor), [7,2]. Red moves into [3,2]. The pickup
# means a lost crewmember is placed: with the replacement_queue ruling "any" the designer picks the
# yellow queue (its Pilot) and types die 4:
# Crash Site 4 at [4,2] is free, so the yellow pilot goes there.
PUSH_TURN_STEPS = [  # (event kind, red, blue, crew on the board) after each step
    (None, (2, 2), (3, 2), {GREEN_DOCTOR: (6, 2)}),
    ("bonus", (2, 2), (3, 2), {GREEN_DOCTOR: (6, 2)}),
    ("collision", (2, 2), (3, 2), {GREEN_DOCTOR: (6, 2)}),
    ("move", (2, 2), (4, 2), {GREEN_DOCTOR: (6, 2)}),
    ("move", (2, 2), (5, 2), {GREEN_DOCTOR: (6, 2)}),
    ("accelerator", (2, 2), (5, 2), {GREEN_DOCTOR: (6, 2)}),
    ("move", (2, 2), (6, 2), {GREEN_DOCTOR: (6, 2)}),
    ("pickup", (2, 2), (6, 2), {}),
    ("move", (2, 2), (7, 2), {}),
    ("move", (3, 2), (7, 2), {}),
    ("place", (3, 2), (7, 2), {YELLOW_PILOT: (4, 2)}),
]


def start_playtest(window, layout: Path = STANDARD):
    assert window.open_path(layout)
    window.actions["playtest"].trigger()
    mode = window.playtest
    assert mode.active and mode.dock.isVisible() and window.actions["playtest"].isChecked()
    return mode


def drop(window, piece, cell) -> bool:
    palette = window.playtest.panel.palette
    swatch = palette.crew[piece] if isinstance(piece, Crew) else palette.saucers[piece]
    return send_drag_and_drop(window, swatch.mime_data(), cell)


def board(mode):
    """What the pieces layer draws: saucer -> cell, crewmember -> cell."""
    return mode.layer.saucer_cells(), mode.layer.crew_cells()


def click(qtbot, button) -> None:
    assert button.isEnabled(), button.text()
    qtbot.mouseClick(button, Qt.LeftButton)


def ok_button(dialog):
    return dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.Ok)


def set_up_push_position(window):
    mode = start_playtest(window)
    replacement = mode.panel.ruling_boxes["replacement_queue"]
    replacement.setCurrentIndex(replacement.findData("any"))  # so the designer picks the lost queue
    assert drop(window, "red", (2, 2))
    assert drop(window, "blue", (3, 2))
    assert drop(window, GREEN_DOCTOR, (6, 2))
    mode.panel.die_mode.setCurrentIndex(mode.panel.die_mode.findData("typed"))
    mode.panel.set_turn("red", "3", direction="east")
    return mode


def play_push_turn(qtbot, window):
    """Step through the push turn, answering the lost-crewmember dialog and typing the die."""
    mode = set_up_push_position(window)
    for step in range(1, 10):
        click(qtbot, mode.panel.step_button)
        _, red, blue, crew = PUSH_TURN_STEPS[step]
        assert board(mode) == ({"red": red, "blue": blue}, crew), f"step {step}"
    dialog = mode.pending.dialog
    assert isinstance(dialog, ChoiceDialog) and dialog.isVisible()
    assert mode.pending.missing.choice == "lost_crew"
    dialog.options.setCurrentRow(dialog.missing.options.index("yellow"))
    qtbot.mouseClick(ok_button(dialog), Qt.LeftButton)
    die = mode.pending.dialog
    assert isinstance(die, DieDialog) and die.isVisible()
    assert mode.pending.missing.what == "the yellow pilot"
    assert "placement die for the yellow pilot and type" in die.findChild(QLabel).text()
    die.result_box.selectAll()
    qtbot.keyClicks(die.result_box, "4")
    qtbot.mouseClick(ok_button(die), Qt.LeftButton)
    assert mode.pending is None and mode.session.at_end
    return mode


def test_push_onto_an_accelerator_step_forward_and_back(qtbot, window):
    mode = play_push_turn(qtbot, window)
    start = mode.session.start
    _, engine_events = apply(start, Turn("red", "3", direction="east", choices={"lost_crew": ["yellow"], "die": [4]}))
    assert mode.session.events == engine_events
    assert [e.kind for e in engine_events] == [kind for kind, *_ in PUSH_TURN_STEPS[1:]]

    def check(step):
        kind, red, blue, crew = PUSH_TURN_STEPS[step]
        assert board(mode) == ({"red": red, "blue": blue}, crew), f"step {step}"
        state = replay(start, engine_events[:step])  # the engine's events, folded by hand
        assert board(mode)[0] == {c: s.at for c, s in state.saucers.items() if s.at is not None}
        assert board(mode)[1] == {crew: cell for cell, crew in state.crew.items()}
        assert mode.session.cursor == step

    check(10)
    assert "Step 10 of 10" in mode.panel.caption.text()
    for step in reversed(range(10)):
        click(qtbot, mode.panel.back_button)
        check(step)
    assert not mode.panel.back_button.isEnabled()
    for step in range(1, 11):
        click(qtbot, mode.panel.step_button)
        check(step)
    rows = mode.panel.event_rows()  # selecting an event in the log shows the board as it was then
    assert [mode.panel.log.item(r).text().split(".  ", 1)[1] for r in rows] == [e.describe() for e in engine_events]
    for step in (5, 1, 9):
        mode.panel.log.setCurrentRow(rows[step - 1])
        check(step)
    assert mode.panel.table.item(1, 5).text() == "green doctor"  # blue's row after step 9: held since step 7
    mode.panel.log.setCurrentRow(0)  # "Start position"
    check(0)
    assert mode.panel.table.item(1, 5).text() == "\u2013"


def test_the_moving_saucer_slides_and_every_event_is_marked(qtbot, window):
    mode = set_up_push_position(window)
    mode.panel.speed.setValue(1)
    for _ in range(3):
        click(qtbot, mode.panel.step_button)
    assert mode.layer.is_sliding()  # blue on its way from [3,2] to [4,2]
    assert mode.layer.saucers["blue"].cell == (4, 2)  # the picture's cell is the state's from the start
    kinds = [m.event.kind for m in mode.layer.marks if m.part == "shape"]
    assert kinds == ["collision", "move"]  # the bonus has no cell to mark
    assert [m.latest for m in mode.layer.marks if m.part == "shape"][-1]
    click(qtbot, mode.panel.back_button)
    assert not mode.layer.is_sliding() and mode.layer.saucers["blue"].cell == (3, 2)


def test_answer_an_accelerator_prompt_by_clicking_an_arrow(qtbot, window):
    """Red at [3,2] plays 0-5 for 2 east: [4,2], then its own Accelerator at [5,2], where the board
    waits with four arrows. Clicking north sends it 2 more: [5,1], [5,0]."""
    mode = start_playtest(window)
    assert drop(window, "red", (3, 2))
    mode.panel.set_turn("red", "0-5", 2, "east")
    click(qtbot, mode.panel.step_button)
    assert board(mode)[0] == {"red": (4, 2)} and mode.layer.arrows == []
    click(qtbot, mode.panel.step_button)
    assert board(mode)[0] == {"red": (5, 2)}
    arrows = {a.direction: a for a in mode.layer.arrows}
    assert {d: a.cell for d, a in arrows.items()} == {"north": (5, 1), "east": (6, 2), "south": (5, 3),
                                                      "west": (4, 2)}
    assert not mode.panel.step_button.isEnabled()  # the board waits for the click
    assert mode.session.events == ()
    target = window.view.mapFromScene(arrows["north"].sceneBoundingRect().center())
    qtbot.mouseClick(window.view.viewport(), Qt.LeftButton, pos=target)
    assert mode.pending is None and mode.layer.arrows == []
    assert mode.session.turns == (Turn("red", "0-5", 2, "east", accelerators=("north",)),)
    event = mode.session.current_event
    assert (event.kind, event.direction, event.forced) == ("accelerator", "north", False)
    for cell in ((5, 1), (5, 0)):
        click(qtbot, mode.panel.step_button)
        assert board(mode)[0] == {"red": cell}
    assert mode.session.at_end


def test_play_runs_the_turn_to_its_end(qtbot, window):
    """The corridor `...>....`: red at [0,0] plays 3 east into blue at [1,0] (rule 2, remaining):
    blue is pushed 2 onto the Accelerator at [3,0] and on to [5,0]; red stops at [1,0]."""
    mode = start_playtest(window, SCENARIOS / "layouts" / "accelerator-corridor.json")
    assert drop(window, "red", (0, 0)) and drop(window, "blue", (1, 0))
    mode.panel.set_turn("red", "3", direction="east")
    mode.panel.speed.setValue(10)
    click(qtbot, mode.panel.play_button)
    assert mode.playing and mode.panel.play_button.text().endswith("Pause")
    qtbot.waitUntil(lambda: not mode.playing, timeout=10000)
    assert mode.session.at_end and len(mode.session.events) == 8
    assert board(mode)[0] == {"red": (1, 0), "blue": (5, 0)}


def test_save_the_session_as_a_scenario_that_passes_on_the_command_line(qtbot, window, tmp_path, monkeypatch,
                                                                        capsys):
    mode = play_push_turn(qtbot, window)
    target = tmp_path / "push-onto-accelerator.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(target), "")))
    click(qtbot, mode.panel.save_button)
    document = json.loads(target.read_text())
    assert (target.parent / document["layout"]).resolve() == STANDARD.resolve()  # the saved layout file
    assert document["saucers"] == [{"color": "red", "at": [2, 2]}, {"color": "blue", "at": [3, 2]}]
    assert document["crew"] == [{"color": "green", "type": "doctor", "at": [6, 2]}]
    assert document["turns"] == [{"saucer": "red", "card": "3", "direction": "east",
                                  "choices": {"lost_crew": ["yellow"], "die": [4]}}]
    assert document["expect"]["crew"] == [{"color": "yellow", "type": "pilot", "at": [4, 2]}]
    assert document["expect"]["events"] == [kind for kind, *_ in PUSH_TURN_STEPS[1:]]
    capsys.readouterr()
    assert crashgrab(["scenario", "run", str(target)]) == 0
    assert f"PASS: {target}" in capsys.readouterr().out


def test_a_modified_layout_is_saved_inline_in_the_scenario(qtbot, window, tmp_path, capsys):
    window.open_path(SCENARIOS / "layouts" / "accelerator-corridor.json")
    window.set_directions({"north": "Stars", "east": "Sun", "south": "Asteroids", "west": "Meteor"})
    assert window.document.is_modified()
    window.actions["playtest"].trigger()
    mode = window.playtest
    assert drop(window, "red", (0, 0)) and drop(window, "blue", (1, 0))
    mode.panel.set_turn("red", "3", direction="Sun")  # the marker now on the east side
    for _ in range(8):
        click(qtbot, mode.panel.step_button)
    assert board(mode)[0] == {"red": (1, 0), "blue": (5, 0)}
    target = mode.save_scenario(tmp_path / "inline.json")
    document = json.loads(target.read_text())
    assert document["layout"]["directions"]["east"] == "Sun"
    assert document["turns"][0]["direction"] == "Sun"
    capsys.readouterr()
    assert crashgrab(["scenario", "run", str(target)]) == 0


def test_open_a_scenario_file_and_step_through_it(qtbot, window, monkeypatch):
    mode = start_playtest(window)
    path = SCENARIOS / "rule2-push-onto-accelerator-remaining.json"
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(path), "")))
    click(qtbot, mode.panel.open_button)
    assert "1 turn(s), 4 of 4 expectations hold" in window.statusBar().currentMessage()
    assert window.document.path.resolve() == (SCENARIOS / "layouts" / "accelerator-corridor.json").resolve()
    assert mode.active and mode.session.cursor == 0
    assert board(mode)[0] == {"red": (0, 0), "blue": (1, 0)}
    texts = [mode.panel.log.item(r).text() for r in mode.panel.event_rows()]
    assert len(texts) == 8 and texts[1].endswith("red pushed blue 2 spaces east from [1,0]")
    for _ in range(8):
        click(qtbot, mode.panel.step_button)
    assert board(mode)[0] == {"red": (1, 0), "blue": (5, 0)}  # the scenario's expectations
    assert mode.session.at_end


def test_layout_editing_is_blocked_while_playtesting(qtbot, window):
    mode = start_playtest(window)
    view_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    assert window.actions["playtest"] in view_menu.actions()
    layout = window.document.layout
    for key in ("undo", "rotate_cw", "flip", "remove", "randomize", "directions"):
        assert not window.actions[key].isEnabled(), key
    assert not window.palette.isEnabled() and not window.history.isEnabled()
    qtbot.keyClick(window.view, Qt.Key_R)
    assert window.statusBar().currentMessage() == LOCK_MESSAGE
    window.statusBar().clearMessage()
    tile_mime = QMimeData()
    tile_mime.setData(TILE_MIME, TileDrag("1", "B", 0, (0, 0)).to_bytes())
    assert not send_drag_and_drop(window, tile_mime, (1, 1))
    assert window.statusBar().currentMessage() == LOCK_MESSAGE
    qtbot.mouseClick(window.view.viewport(), Qt.LeftButton, pos=cell_point(window, (1, 1)))
    assert window.scene.selected_tile() is None
    assert window.document.layout is layout and not window.document.is_modified()
    window.actions["playtest"].trigger()  # playtest off: editing again
    assert not mode.active and not mode.dock.isVisible()
    assert window.actions["randomize"].isEnabled() and window.palette.isEnabled()
    assert mode.layer.saucers == {} and window.scene.items() and not any(
        isinstance(item, DirectionArrow) for item in window.scene.items())


def test_a_new_board_ends_the_playtest(qtbot, window):
    mode = start_playtest(window)
    assert drop(window, "red", (2, 2))
    assert window.new_layout("5")
    assert not mode.active and not window.actions["playtest"].isChecked()
    assert not mode.dock.isVisible() and not mode.badge.isVisible()
    assert board(mode) == ({}, {})


def test_a_board_with_structural_errors_cannot_be_playtested(qtbot, window):
    assert window.document.layout.placements == ()  # the empty 2-4 template
    window.actions["playtest"].trigger()
    assert not window.playtest.active and not window.actions["playtest"].isChecked()
    assert window.statusBar().currentMessage().startswith("Playtest needs a complete board")


def test_pieces_dragged_on_the_board_move_give_and_go(qtbot, window):
    mode = start_playtest(window)
    assert drop(window, "red", (2, 2)) and drop(window, "blue", (3, 2))
    drop(window, "blue", (2, 2))
    assert board(mode)[0] == {"red": (2, 2), "blue": (3, 2)}
    assert "already holds the red saucer" in window.statusBar().currentMessage()
    assert drop(window, GREEN_DOCTOR, (3, 2))  # onto blue: blue holds it
    assert board(mode)[1] == {} and mode.session.start.saucers["blue"].stationed == (GREEN_DOCTOR,)
    assert mode.panel.palette.crew[GREEN_DOCTOR].in_use
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.LeftButton, pos=cell_point(window, (2, 2)))
    qtbot.mouseMove(viewport, pos=cell_point(window, (2, 5)))
    qtbot.mouseRelease(viewport, Qt.LeftButton, pos=cell_point(window, (2, 5)))
    assert board(mode)[0] == {"red": (2, 5), "blue": (3, 2)}
    qtbot.mouseClick(viewport, Qt.RightButton, pos=cell_point(window, (3, 2)))  # right-click takes it away
    assert board(mode)[0] == {"red": (2, 5)}
    assert mode.session.start.lost["green"] == ("pilot", "scientist", "doctor", "engineer")
    outside = window.view.mapFromScene(QPointF(-window.scene.cell * 0.5, window.scene.cell * 5.5))
    qtbot.mousePress(viewport, Qt.LeftButton, pos=cell_point(window, (2, 5)))
    qtbot.mouseMove(viewport, pos=outside)
    qtbot.mouseRelease(viewport, Qt.LeftButton, pos=outside)  # dragged off the board
    assert board(mode)[0] == {} and mode.session.start.players == ()


def test_set_up_by_the_rules_with_a_seed(qtbot, window, tmp_path, capsys):
    mode = start_playtest(window)
    mode.panel.setup_players.setValue(2)
    mode.panel.setup_seed.setValue(5)
    click(qtbot, mode.panel.setup_button)
    for choice, option in (("pilot", "yellow"), ("booster", "green")):  # setup step 9, 2 players
        dialog = mode.pending.dialog
        assert isinstance(dialog, ChoiceDialog) and mode.pending.missing.choice == choice
        dialog.options.setCurrentRow(dialog.missing.options.index(option))
        qtbot.mouseClick(ok_button(dialog), Qt.LeftButton)
    setup = SetUp(seed=5, choices={"pilot": "yellow", "booster": "green"})
    start = setup_start(load_layout(STANDARD), players_for_setup(2))
    state, events = apply(start, setup)
    assert mode.session.setup == setup and mode.session.events == events
    assert board(mode)[0] == {c: s.at for c, s in state.saucers.items()}
    assert board(mode)[1] == {crew: cell for cell, crew in state.crew.items()}
    assert len(board(mode)[0]) == 4 and sorted(c.type for c in board(mode)[1]) == ["pilot"] * 2
    assert mode.panel.tabs.currentIndex() == 1  # next turn: the start is fixed now
    capsys.readouterr()
    target = mode.save_scenario(tmp_path / "setup.json")
    assert json.loads(target.read_text())["setup"] == {"seed": 5, "choices": {"pilot": "yellow", "booster": "green"}}
    assert crashgrab(["scenario", "run", str(target)]) == 0


def test_an_illegal_turn_is_refused_in_words(qtbot, window):
    """Red at [2,2] plays 2 east with a boost north: it takes a booster, moves to [4,2] and spends
    the booster going north 2 to [4,0]. Then 3 south with a boost: no booster left, so the whole
    turn is refused and nothing is played."""
    mode = start_playtest(window)
    assert drop(window, "red", (2, 2))
    mode.panel.set_turn("red", "2", direction="east", boost="north")
    click(qtbot, mode.panel.step_button)
    while not mode.session.at_end:
        click(qtbot, mode.panel.step_button)
    assert board(mode)[0] == {"red": (4, 0)} and mode.session.end_state.saucers["red"].boosters == 0
    mode.panel.set_turn("red", "3", direction="south", boost="north")
    before = mode.session.events
    click(qtbot, mode.panel.step_button)
    assert mode.session.events == before and mode.pending is None
    assert "no booster" in mode.panel.caption.text()
    assert "no booster" in window.statusBar().currentMessage()


def test_boosters_typed_in_the_table_let_a_saucer_boost(qtbot, window):
    """Red at [2,2] with 1 booster (typed into the table) plays 0-5 for 1 east with a boost north:
    [3,2], then the booster takes it 1 north to [3,1]; both cells are plain."""
    mode = start_playtest(window)
    assert drop(window, "red", (2, 2))
    mode.panel.table.item(0, 3).setData(Qt.EditRole, 1)  # what double-click editing commits
    assert mode.session.start.saucers["red"].boosters == 1
    mode.panel.set_turn("red", "0-5", 1, "east", boost="north")
    click(qtbot, mode.panel.step_button)
    while not mode.session.at_end:
        click(qtbot, mode.panel.step_button)
    assert [e.kind for e in mode.session.events] == ["move", "boost", "move"]
    assert board(mode)[0] == {"red": (3, 1)} and mode.session.end_state.saucers["red"].boosters == 0


def test_cancelling_a_choice_plays_nothing(qtbot, window):
    mode = set_up_push_position(window)
    for _ in range(9):
        click(qtbot, mode.panel.step_button)
    dialog = mode.pending.dialog
    qtbot.mouseClick(dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.Cancel), Qt.LeftButton)
    assert mode.pending is None and mode.session.played == ()
    assert board(mode) == ({"red": (2, 2), "blue": (3, 2)}, {GREEN_DOCTOR: (6, 2)})
    assert mode.panel.tabs.isEnabled() and mode.panel.palette.isEnabled()


def test_play_a_round_with_the_plan_entered_for_every_player(qtbot, window, tmp_path, monkeypatch, capsys):
    """Four saucers; p1 (red) holds the Probe. The Round tab plans red 3 east, yellow 0-5 for 4
    east, green and blue 0-5 for 0; the rotation die says left: red, yellow, green, blue. Red
    takes an energy, moves [1,1], [2,1] and hits yellow at [3,1] (pushed 1 to [4,1]); yellow then
    moves 4 east from [4,1] and crashes off the east edge after [7,1]. End of Round: yellow is
    placed, die 4 typed in: Crash Site 4 at [4,2]. Everyone has 0 stationed crewmembers, so the
    Probe goes to the player who went last: p4."""
    mode = start_playtest(window)
    for color, cell in (("red", (0, 1)), ("yellow", (3, 1)), ("green", (0, 7)), ("blue", (4, 7))):
        assert drop(window, color, cell)
    mode.panel.die_mode.setCurrentIndex(mode.panel.die_mode.findData("typed"))
    mode.panel.tabs.setCurrentWidget(mode.panel.round_tab)
    tab = mode.panel.round_tab
    assert tab.table.rowCount() == 4 and tab.rotation_box.isEnabled()
    tab.set_entry("red", "3", "east")
    tab.set_entry("yellow", "0-5", "east", distance=4)
    tab.set_entry("green", "0-5", "north", distance=0)
    tab.set_entry("blue", "0-5", "north", distance=0)
    tab.set_rotation("left")
    tab.set_entry("red", "3", "east", free="south")  # red is on the board and holds no token: refused
    click(qtbot, tab.play_button)
    assert "red must move east as planned" in window.statusBar().currentMessage() and mode.session.events == ()
    tab.set_entry("red", "3", "east")
    click(qtbot, tab.play_button)
    die = mode.pending.dialog
    assert isinstance(die, DieDialog) and mode.pending.missing.what == "yellow"
    die.result_box.selectAll()
    qtbot.keyClicks(die.result_box, "4")
    qtbot.mouseClick(ok_button(die), Qt.LeftButton)
    assert mode.pending is None and mode.session.at_end
    assert board(mode)[0] == {"red": (3, 1), "yellow": (4, 2), "green": (0, 7), "blue": (4, 7)}
    assert mode.session.end_state.probe == "p4"
    kinds = [e.kind for e in mode.session.events]
    assert kinds[0] == "round" and kinds.count("turn") == 4 and kinds[-2:] == ["place", "probe"]
    target = tmp_path / "round.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(target), "")))
    click(qtbot, mode.panel.save_button)
    saved = json.loads(target.read_text())["turns"][0]["round"]
    assert saved["rotation"] == "left" and saved["plan"]["yellow"] == {"card": "0-5", "direction": "east", "distance": 4}
    assert saved["choices"] == {"die": [4]}
    capsys.readouterr()
    assert crashgrab(["scenario", "run", str(target)]) == 0


def test_a_two_player_round_asks_which_saucer_moves_first(qtbot, window):
    mode = start_playtest(window)
    for color, cell in (("red", (0, 0)), ("yellow", (2, 0)), ("green", (4, 0)), ("blue", (7, 7))):
        assert drop(window, color, cell)
    mode.panel.pairs_box.setChecked(True)  # p1 red and yellow, p2 green and blue
    tab = mode.panel.round_tab
    assert not tab.rotation_box.isEnabled()
    for color in ("red", "yellow", "green", "blue"):
        tab.set_entry(color, "0-5", "north", distance=0)
    mode.panel.tabs.setCurrentWidget(tab)
    click(qtbot, tab.play_button)
    for player, option in (("p1", "yellow"), ("p2", "blue")):
        dialog = mode.pending.dialog
        assert isinstance(dialog, ChoiceDialog) and mode.pending.missing.choice == "first"
        assert f"{player}'s saucers" in dialog.findChild(QLabel).text()
        dialog.options.setCurrentRow(dialog.missing.options.index(option))
        qtbot.mouseClick(ok_button(dialog), Qt.LeftButton)
    turns = [e.saucer for e in mode.session.events if e.kind == "turn"]
    assert turns == ["yellow", "blue", "red", "green"] and mode.session.end_state.probe == "p2"


def test_upgrades_in_the_playtest(qtbot, window, tmp_path, monkeypatch, capsys):
    """Red at [0,4] holds Hyperdrive (typed into the table) and 2 energy. It plays 2 east using
    Hyperdrive: a booster, then 4 spaces: [1,4] (Crash Site 7, empty), [2,4], [3,4], [4,4]. It buys an
    upgrade: the deck is in collector order without Hyperdrive, so it draws Blast Off Thrusters and
    Wormhole Generator and keeps the Wormhole Generator (chosen in the dialog)."""
    mode = start_playtest(window)
    assert drop(window, "red", (0, 4)) and drop(window, "blue", (7, 7))
    upgrades = mode.panel.table.item(0, 6)
    upgrades.setData(Qt.EditRole, "Hyperdrive")  # what double-click editing commits
    mode.panel.table.item(0, 4).setData(Qt.EditRole, 2)
    assert mode.session.start.saucers["red"].upgrades == ("Hyperdrive",)
    assert mode.session.start.upgrade_deck[:2] == ("Blast Off Thrusters", "Wormhole Generator")
    mode.panel.table.item(1, 6).setData(Qt.EditRole, "Hyperdrive")  # one of each card: refused
    assert "already held by red" in window.statusBar().currentMessage()
    assert mode.session.start.saucers["blue"].upgrades == ()
    mode.panel.set_turn("red", "2", direction="east")
    mode.panel.tabs.setCurrentIndex(1)
    picker = mode.panel.abilities
    assert list(picker.boxes) == ["Hyperdrive"] and not picker.fields  # red's one card: a checkbox
    mode.panel.select_saucer("blue")
    assert picker.boxes == {}  # blue holds none
    mode.panel.select_saucer("red")
    QApplication.processEvents()  # the new checkbox laid out
    box = picker.boxes["Hyperdrive"]
    assert box.isVisible() and box.isEnabled()
    qtbot.mouseClick(box, Qt.LeftButton, pos=box.rect().center())
    assert picker.boxes["Hyperdrive"].isChecked()
    mode.panel.buy_box.setChecked(True)
    click(qtbot, mode.panel.step_button)
    for _ in range(8):  # step through the move up to the question
        if isinstance(mode.pending.dialog, ChoiceDialog):
            break
        click(qtbot, mode.panel.step_button)
    dialog = mode.pending.dialog
    assert mode.pending.missing.choice == "keep" and "upgrade cards" in dialog.findChild(QLabel).text()
    dialog.options.setCurrentRow(dialog.missing.options.index("Wormhole Generator"))
    qtbot.mouseClick(ok_button(dialog), Qt.LeftButton)
    mode.session.seek(len(mode.session.events))
    red = mode.session.end_state.saucers["red"]
    assert red.at == (4, 4) and red.energy == 0 and red.upgrades == ("Hyperdrive", "Wormhole Generator")
    assert [e.kind for e in mode.session.events] == ["bonus", "ability", "move", "move", "move", "move", "upgrade"]
    target = tmp_path / "upgrades.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(target), "")))
    click(qtbot, mode.panel.save_button)
    saved = json.loads(target.read_text())
    assert saved["upgrades"] == {"red": ["Hyperdrive"]}
    assert saved["turns"][0]["choices"] == {"upgrade": True, "upgrades": {"Hyperdrive": True}, "keep": "Wormhole Generator"}
    capsys.readouterr()
    assert crashgrab(["scenario", "run", str(target)]) == 0


def test_a_tile_turned_by_quake_maker_is_drawn_while_its_steps_are_shown(qtbot, window):
    """Red holds Quake Maker and turns the top-left tile to 90 degrees: its Accelerator at [3,0]
    is drawn at [3,3] from then on; back at the start the layout's own board shows again."""
    mode = start_playtest(window)
    assert drop(window, "red", (7, 3)) and drop(window, "blue", (7, 7))
    mode.panel.table.item(0, 6).setData(Qt.EditRole, "Quake Maker")
    mode.panel.set_turn("red", "0-5", 0, "north")
    field = mode.panel.abilities.fields["Quake Maker"]
    assert not mode.panel.abilities.boxes["Quake Maker"].isChecked()
    qtbot.keyClicks(field, '{"tile": [0, 0], "rotation": 90}')  # typing how checks the card
    assert mode.panel.abilities.boxes["Quake Maker"].isChecked()
    click(qtbot, mode.panel.step_button)
    while not mode.session.at_end:
        click(qtbot, mode.panel.step_button)
    assert [e.kind for e in mode.session.events] == ["ability", "quake"]
    turned = mode.layer.turned_board
    assert turned is not None and turned.scene() is window.scene
    assert turned.picture.board.feature_at((3, 3)).type == "accelerator"
    assert turned.picture.board.feature_at((3, 0)) is None
    click(qtbot, mode.panel.reset_button)
    assert mode.layer.turned_board is None


def test_a_round_with_an_override_token_takes_the_free_direction(qtbot, window):
    """Five saucers, p1 holds the Probe, rotation left: purple (p5) goes last and takes an override
    token, so its "If free" direction counts: it planned 2 north but moves 2 west from [6,7]: a
    booster, [5,7] (Crash Site 12, empty), [4,7]."""
    mode = start_playtest(window)
    cells = {"red": (0, 0), "yellow": (2, 0), "green": (4, 0), "blue": (7, 0), "purple": (6, 7)}
    for color, cell in cells.items():
        assert drop(window, color, cell)
    tab = mode.panel.round_tab
    for color in ("red", "yellow", "green", "blue"):
        tab.set_entry(color, "0-5", "north", distance=0)
    tab.set_entry("purple", "2", "north", free="west")
    tab.set_rotation("left")
    mode.panel.tabs.setCurrentWidget(tab)
    click(qtbot, tab.play_button)
    assert mode.pending is None and mode.session.events[0].overrides == ("purple",)
    assert board(mode)[0]["purple"] == (4, 7) and mode.session.end_state.probe == "p5"


def test_opening_playtest_never_grows_a_small_window_and_the_status_bar_still_fits(qtbot, window):
    window.resize(1024, 640)
    window.show()
    qtbot.waitExposed(window)
    start_playtest(window)
    QApplication.processEvents()
    assert (window.width(), window.height()) == (1024, 640)
    bar = window.statusBar()
    bar.showMessage("Opened scenario \u201cRound: the rotation die says left\u201d: 1 turn(s), 8 of 8 expectations hold; "
                    "step through them with Step or play them with Play.")
    QApplication.processEvents()
    shown = QStatusBar.currentMessage(bar)
    assert shown.endswith("\u2026")
    assert bar.fontMetrics().horizontalAdvance(shown) <= bar.message_width()


def test_at_1400x900_the_saucer_table_and_event_log_get_room(qtbot, window):
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    start_playtest(window)
    mode = window.playtest
    assert mode.open_scenario(str(SCENARIOS / "rule1-cards.json"))
    QApplication.processEvents()
    table, log = mode.panel.table, mode.panel.log
    rows = table.rowCount()
    assert rows == 3 and table.viewport().height() >= rows * table.rowHeight(0)  # every saucer in view
    assert log.height() >= 150
    boost = mode.panel.boost_direction  # its longest entry ("south (Asteroids)") fits, unclipped
    assert boost.width() >= boost.sizeHint().width()


def test_a_round_in_the_playtest_uses_upgrade_abilities(qtbot, window):
    """Red at [0,4] holds Hyperdrive; blue at [7,7]. The round plans red 2 east with
    {"Hyperdrive": true} (a booster, then 4 spaces: [4,4]) and blue 0-5 for 0, rotation left
    from the Probe holder p1: red moves first and ends on [4,4], not [2,4]."""
    mode = start_playtest(window)
    assert drop(window, "red", (0, 4)) and drop(window, "blue", (7, 7))
    mode.panel.table.item(0, 6).setData(Qt.EditRole, "Hyperdrive")
    assert mode.session.start.saucers["red"].upgrades == ("Hyperdrive",)
    mode.panel.tabs.setCurrentWidget(mode.panel.round_tab)
    tab = mode.panel.round_tab
    tab.set_entry("red", "2", "east")
    tab.set_entry("blue", "0-5", "north", distance=0)
    tab.set_rotation("left")
    picker = tab.abilities_button("red").picker
    assert list(picker.boxes) == ["Hyperdrive"] and tab.abilities_button("blue").text() == "no cards"
    picker.boxes["Hyperdrive"].click()
    assert tab.abilities_button("red").text() == "Hyperdrive"
    click(qtbot, tab.play_button)
    mode.session.seek(len(mode.session.events))
    assert mode.pending is None and mode.session.end_state.saucers["red"].at == (4, 4)


def test_each_upgrade_card_held_gets_its_own_control(qtbot):
    """A card used or not is a checkbox; one that needs to know how has a field read as a scenario
    file's value (a direction is a plain word, a cell is [x, y]); a card acting by itself has none."""
    from crashgrab.editor.crash_and_grab.playtest.abilities import AbilitiesPicker

    picker = AbilitiesPicker()
    qtbot.addWidget(picker)
    picker.set_cards(("Hyperdrive", "Landing Legs", "Afterburner", "Cargo Hold"))
    assert list(picker.boxes) == ["Hyperdrive", "Landing Legs", "Afterburner"]
    assert list(picker.fields) == ["Landing Legs", "Afterburner"]
    assert picker.abilities() == {}
    picker.boxes["Landing Legs"].setChecked(True)
    with pytest.raises(ValueError, match="Landing Legs is checked but says not how"):
        picker.abilities()
    qtbot.keyClicks(picker.fields["Landing Legs"], "north")
    picker.fields["Afterburner"].setText("[2, 5")
    picker.boxes["Afterburner"].setChecked(True)
    with pytest.raises(ValueError, match="Afterburner's '\\[2, 5' cannot be read"):
        picker.abilities()
    picker.fields["Afterburner"].setText("[2, 5]")
    picker.boxes["Hyperdrive"].setChecked(True)
    assert picker.abilities() == {"Hyperdrive": True, "Landing Legs": "north", "Afterburner": [2, 5]}
    picker.set_cards(("Landing Legs", "Pulse Cannon"))  # Landing Legs still held: its choice stays
    assert picker.abilities() == {"Landing Legs": "north"}


def test_at_1024x640_the_playtest_shows_set_up_every_plan_row_and_says_why_a_set_up_waits(qtbot, window):
    window.resize(1024, 640)
    QApplication.processEvents()
    mode = start_playtest(window)
    QApplication.processEvents()
    panel = mode.panel
    scroll = panel.tabs.currentWidget()  # the start position's tab, scrolled to its top
    button = panel.setup_button
    top_left = button.mapTo(scroll.viewport(), button.rect().topLeft())
    assert scroll.verticalScrollBar().value() == 0
    assert scroll.viewport().rect().contains(QRect(top_left, button.size())), "Set Up in view without scrolling"
    assert scroll.widget().width() <= scroll.viewport().width()  # nothing to scroll sideways
    assert mode.set_up_by_rules(4, 1)
    assert not panel.start_note.isHidden() and "Set Up again" in panel.start_note.text()  # at the tab's top
    first = dict(board(mode)[0])
    assert button.isEnabled() and mode.set_up_by_rules(4, 2)  # before a turn, a second Set Up sets up anew
    assert mode.session.setup.seed == 2 and len(mode.session.played) == 1 and board(mode)[0] != first
    panel.tabs.setCurrentWidget(panel.round_tab)
    QApplication.processEvents()
    plan = panel.round_tab.table
    assert plan.rowCount() == 4
    assert plan.viewport().height() >= 4 * plan.rowHeight(0), "every saucer's plan row in view"
    assert plan.horizontalScrollBar().maximum() == 0, "If free and Abilities unclipped"
    saucers = panel.table
    assert saucers.viewport().height() >= 4 * saucers.rowHeight(0)
    assert (window.width(), window.height()) == (1024, 640)
    panel.tabs.setCurrentIndex(1)
    panel.set_turn("red", "2", direction="east")
    click(qtbot, panel.step_button)
    mode.session.seek(len(mode.session.events))
    assert mode.session.turns and button.isEnabled()
    click(qtbot, button)  # after a turn: refused, in words
    assert "Reset (or Take Back), then Set Up" in window.statusBar().currentMessage()
    assert mode.session.setup.seed == 2 and mode.session.turns
