"""The editor speaks a designer's words: dialogs and the status bar name the editor's controls and
the place in words, never a command option or a JSON path; the command-line form goes, whole, to
the Messages log. Outcomes worked out by hand from the engine's messages."""
from __future__ import annotations

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from crashgrab.editor.designer_words import designer_message, place_words
from crashgrab.engine.errors import InvalidFileError, UsageError
from tests.conftest import LAYOUTS
from tests.editor_fixtures import settings, wait_validated, window  # noqa: F401  (fixtures, by name)

MESSAGES = [
    ("a structural error's bare list path says nothing the message does not",
     InvalidFileError("The 2-4 template has 4 empty slot(s) (north-west core); place a tile in each.",
                      where="$.placements"),
     "The 2-4 template has 4 empty slot(s) (north-west core); place a tile in each."),
    ("a path into the file, in words, after the file", InvalidFileError(
        "rotation must be 0, 90, 180 or 270.", file="/boards/b.json", where="$.placements[2].rotation"),
     "/boards/b.json, placement 3, rotation: rotation must be 0, 90, 180 or 270."),
    ("the print cell size, as the dialog's control",
     InvalidFileError("tile 1 is larger than the printable area of A4.", hint="Use --cell-mm 43.5 or less, or larger paper."),
     "tile 1 is larger than the printable area of A4. Choose a cell size of 43.5 mm or less, or larger paper."),
    ("the image's resolution", UsageError("not enough memory for a 9000x9000 image.", hint="Use a lower --dpi."),
     "not enough memory for a 9000x9000 image. Choose a lower resolution."),
    ("the image's kind", UsageError("'b.gif' is not an image kind we write.",
                                   hint="Name the output board.png (raster, --dpi applies) or board.svg (vector)."),
     "'b.gif' is not an image kind we write. Name the output board.png (a picture, at the resolution you choose) "
     "or board.svg (vector)."),
    ("a scenario opened as a layout", InvalidFileError(
        "this is a scenario, not a layout; run it with `crashgrab scenario run`.", file="s.json", where="$.format"),
     "s.json: this is a scenario, not a layout; open it in Playtest (Open Scenario)."),
    ("an aside for the command line goes", InvalidFileError(
        "the tile set path '/etc/passwd' leads outside the folder.", where="$.tileset",
        hint="Name a file inside that folder (paths are confined by --confine or CRASHGRAB_CONFINE)."),
     "the tile set path '/etc/passwd' leads outside the folder. Name a file inside that folder."),
]


@pytest.mark.parametrize("case, error, words", MESSAGES, ids=[m[0] for m in MESSAGES])
def test_an_error_in_a_designers_words(case, error, words):
    assert designer_message(error) == words


@pytest.mark.parametrize("where, words", [
    ("$", ""), ("$.placements", ""), ("$.placements[0]", "placement 1"),
    ("$.directions.north", "directions, north"), ("$.tiles[13].sides.A[2].x", "tile 14, sides, A 3, x"),
])
def test_json_paths_in_words(where, words):
    assert place_words(where) == words


def test_export_of_an_unfinished_board_says_why_in_words_and_logs_the_command_lines_form(window, qtbot, monkeypatch,
                                                                                        tmp_path):
    assert window.new_layout("2-4")
    wait_validated(qtbot, window)
    shown = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a: (str(tmp_path / "b.json"), "")))
    monkeypatch.setattr(QMessageBox, "critical", staticmethod(lambda _p, title, text, *a: shown.append((title, text))))
    assert not window.export_dialog()
    [(title, text)] = shown
    assert title == "Cannot export" and text.startswith("The 2-4 template has 4 empty slot(s)")
    assert "$." not in text and "Findings panel" in text
    assert window.message_log.messages()[-1].startswith("Cannot export: $.placements: The 2-4 template")


def test_a_saved_playtest_says_how_to_open_it_again_and_logs_the_command(window, qtbot, tmp_path):
    assert window.open_path(LAYOUTS / "standard-2-4p.json")
    window.actions["playtest"].trigger()
    mode = window.playtest
    assert mode.place_piece("red", (3, 2)) and mode.place_piece("blue", (6, 6))
    mode.panel.set_turn("red", "2", 2, "east")
    mode.step()
    mode.save_scenario(tmp_path / "run.json")
    status = window.statusBar().currentMessage()
    assert "Open Scenario" in status and "crashgrab" not in status
    assert window.message_log.messages()[-1] == f"Saved {tmp_path / 'run.json'}: crashgrab scenario run run.json"
    assert "crashgrab" not in mode.panel.save_button.toolTip()


def test_a_row_says_note_as_the_notes_button_counts_it(window, qtbot):
    assert window.open_path(LAYOUTS / "standard-6p.json")
    wait_validated(qtbot, window)
    panel = window.findings
    model = panel.table.model()
    words = [model.index(row, 0).data() for row in range(model.rowCount())]
    assert "info" not in words
    notes = sum(f.severity == "info" for f in panel.findings())
    assert notes and words.count("note") == notes and panel.buttons["info"].text().endswith(f"Notes {notes}")


def test_the_new_menu_names_every_board_the_same_way(window):
    texts = [a.text() for a in window.new_menu.actions() if not a.isSeparator() and a.menu() is None]
    assert texts == ["New 2\u20134 Player Board (8\u00d78)", "New 5 Player Board (9\u00d79)",
                     "New 6 Player Board (10\u00d710)", "New Free-form Board"]
