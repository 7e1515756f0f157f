"""Issue 27 in the editor: a save that cannot be written says so in a dialog (the edits stay,
marked unsaved), a NUL byte in a path inside a file is one dialog from every game's Open, and
--confine's environment variable holds for Open as for the command line."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest
from PySide6.QtWidgets import QMessageBox

from crashgrab.editor.crash_and_grab.commands import SetProperties
from crashgrab.editor.game_views import open_board_window
from crashgrab.engine.crash_grid.templates import template_layout
from crashgrab.engine.formats.references import CONFINE_ENV
from crashgrab.engine.games import get_system
from tests.editor_fixtures import settings, window  # noqa: F401 (fixtures)
from tests.hostile_files import GOOD_LAYOUT


def capture(monkeypatch, kind: str) -> list[tuple[str, str]]:
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, kind, staticmethod(lambda _parent, title, text, *a: shown.append((title, text))))
    return shown


@pytest.fixture
def arena_window(qtbot):
    window = open_board_window(get_system("crash-grid"), template_layout("4"), None)
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    return window


def nul_layout(tmp_path):
    path = tmp_path / "nul.json"
    path.write_text(json.dumps({**json.loads(GOOD_LAYOUT.read_text()), "tileset": "a\0b.json"}))
    return path


def test_a_save_that_cannot_be_written_is_a_dialog_and_the_edits_stay(window, tmp_path, monkeypatch):  # noqa: F811
    window.document.undo_stack.push(SetProperties(window.document, "half \ud800 a pair", ""))
    shown = capture(monkeypatch, "critical")
    target = tmp_path / "board.json"
    assert not window.save_to(target)
    assert len(shown) == 1 and shown[0][0] == "Cannot save layout"
    assert str(target) in shown[0][1] and "\\ud800, which is not a character" in shown[0][1]
    assert not target.exists() and window.document.is_modified()


def test_an_unforeseen_fault_in_saving_is_a_dialog_too(window, tmp_path, monkeypatch):  # noqa: F811
    def broken(*_args):
        raise RuntimeError("something the engine did not foresee")
    monkeypatch.setattr(window.document, "save", broken)
    shown = capture(monkeypatch, "critical")
    assert not window.save_to(tmp_path / "board.json")
    assert shown == [("Cannot save layout", f"{tmp_path / 'board.json'}: could not be written "
                                            "(something the engine did not foresee).")]


def test_the_arena_editor_reports_a_failed_save(arena_window, tmp_path, monkeypatch):
    arena_window.document.layout = replace(arena_window.document.layout, name="\udcff")
    shown = capture(monkeypatch, "warning")
    assert not arena_window.save_to(tmp_path / "arena.json")
    assert len(shown) == 1 and shown[0][0] == "Not saved" and "which is not a character" in shown[0][1]


@pytest.mark.parametrize("editor", ["Crash & Grab", "Crash Grid"])
def test_a_nul_byte_in_a_path_inside_the_file_is_one_dialog(request, tmp_path, monkeypatch, editor):
    opened = request.getfixturevalue("window" if editor == "Crash & Grab" else "arena_window")
    before = opened.document.layout
    shown = capture(monkeypatch, "critical")
    assert not opened.open_path(nul_layout(tmp_path))
    assert len(shown) == 1 and "the tile set path 'a\\x00b.json' holds a NUL byte" in shown[0][1]
    assert "$." not in shown[0][1]  # in a designer's words: no JSON path in the dialog
    if editor == "Crash & Grab":  # the whole line in the log
        assert "$.tileset: the tile set path 'a\\x00b.json'" in opened.message_log.messages()[-1]
    else:
        assert "in tileset:" in shown[0][1]
    assert opened.document.layout is before


def test_open_obeys_the_confinement(window, tmp_path, monkeypatch):  # noqa: F811
    (tmp_path / "inside").mkdir()
    layout = tmp_path / "inside" / "layout.json"
    layout.write_text(json.dumps({**json.loads(GOOD_LAYOUT.read_text()), "tileset": "/etc/passwd"}))
    monkeypatch.setenv(CONFINE_ENV, str(tmp_path / "inside"))
    shown = capture(monkeypatch, "critical")
    assert not window.open_path(layout)
    assert len(shown) == 1 and "the tile set path '/etc/passwd' leads outside" in shown[0][1]
    assert "--confine" not in shown[0][1] and "--confine" in window.message_log.messages()[-1]


def test_playtest_refuses_a_scenario_on_another_games_layout(window, tmp_path, monkeypatch):  # noqa: F811
    from tests.hostile_files import CRASH_GRID_LAYOUT, SCENARIO_WITH_LAYOUT_PATH

    scenario = tmp_path / "on-an-arena.json"
    scenario.write_text(json.dumps({**json.loads(SCENARIO_WITH_LAYOUT_PATH.read_text()), "layout": str(CRASH_GRID_LAYOUT)}))
    before = window.document.layout
    shown = capture(monkeypatch, "critical")
    assert not window.playtest.open_scenario(scenario)
    assert len(shown) == 1 and shown[0][0] == "Cannot open scenario"
    assert "this scenario is Crash & Grab's, but its layout is a Crash Grid arena" in shown[0][1]
    assert "File \u203a New makes one" in shown[0][1] and "crashgrab new" not in shown[0][1]
    assert window.document.layout is before
