"""The editor shell (issue 20, item 5) in every game's real window: File > Open Recent lists a
saved file and opens it again, the file saved is the engine's own bytes, Help shows the game's
guide page and every key, the window's size comes back in the next window of its game, and the
generic editor's live validation hands a slow board to a worker and drops a stale result."""
from __future__ import annotations

import threading

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QFileDialog

from crashgrab.editor.game_views import open_board_window
from crashgrab.editor.help_window import HelpWindow
from crashgrab.engine.formats.layout_io import load_layout, save_layout
from crashgrab.engine.games import get_system
from tests.conftest import flush_deletes
from tests.test_generic_editor import hex_installed  # noqa: F401  (a fixture, by name)

from .toy_hex_game import GAME, HexField

# Each game's window, by the board it starts from: the four games' own editors and the generic one.
WINDOWS = {
    "crash-and-grab": ("MainWindow", "editor.md"),
    "crash": ("CrashBoardWindow", "crash-editor.md"),
    "crash-grid": ("ArenaWindow", "crash-grid.md"),
    "roborally": ("CourseWindow", "roborally-editor.md"),
    GAME: ("GenericEditorWindow", "game-systems.md"),
}


def open_window(qtbot, game: str):
    system = get_system(game)
    layout = HexField("Field", 2) if game == GAME else system.new_layout(template=system.templates[0].id)
    window = open_board_window(system, layout, None)
    qtbot.waitExposed(window)
    assert type(window).__name__ == WINDOWS[game][0]
    return window


def close(window) -> None:
    window.document.undo_stack.setClean()  # no unsaved-work question
    window.close()
    window.deleteLater()
    flush_deletes()


def recent_entries(window) -> list[str]:
    window.recent_menu.aboutToShow.emit()  # as when the designer opens it: the list as the settings have it
    return [a.text() for a in window.recent_menu.actions() if a.text() and a.objectName() != "clear_recent"]


@pytest.mark.parametrize("game", list(WINDOWS))
def test_open_recent_lists_the_saved_file_and_opens_it_again_and_help_shows_the_guide(qtbot, monkeypatch, tmp_path, game, hex_installed):  # noqa: F811
    window = open_window(qtbot, game)
    try:
        assert recent_entries(window) == []
        target = tmp_path / "saved board.json"
        monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(target), "")))
        assert window.save_as() and window.document.path == target
        engine_copy = tmp_path / "engine.json"
        save_layout(window.document.layout, engine_copy)
        assert target.read_bytes() == engine_copy.read_bytes()  # the shell writes what the engine writes
        assert recent_entries(window) == ["&1 saved board.json"]
        assert window.new_board(None) and window.document.path is None
        next(a for a in window.recent_menu.actions() if a.text() == "&1 saved board.json").trigger()
        assert window.document.path.resolve() == target.resolve() and not window.document.dirty
        assert window.document.layout == load_layout(target)
        assert window.findChild(QAction, "clear_recent").isEnabled()
        # Help: the game's page of the guide, and every key.
        guide = next(a for a in window.findChildren(QAction) if a.objectName() == "guide")
        guide.trigger()
        help_window = window.findChild(HelpWindow)
        assert help_window.isVisible()
        assert help_window.browser.source().fileName() == WINDOWS[game][1]
        next(a for a in window.findChildren(QAction) if a.objectName() == "shortcuts").trigger()
        keys = help_window.browser.toPlainText()
        assert "Keyboard shortcuts" in keys and "Ctrl+O" in keys and "Ctrl+Shift+S" in keys
        help_window.close()
    finally:
        close(window)


@pytest.mark.parametrize("game", list(WINDOWS))
def test_the_window_size_comes_back_in_the_next_window_of_its_game(qtbot, game, hex_installed):  # noqa: F811
    first = open_window(qtbot, game)
    first.resize(720, 610)  # within the offscreen screen (800x800), which restoring clamps to
    QApplication.processEvents()
    size = (first.width(), first.height())
    assert size == (720, 610)
    close(first)
    second = open_window(qtbot, game)
    try:
        assert (second.width(), second.height()) == size
    finally:
        close(second)


def test_a_file_of_another_game_in_open_recent_opens_in_that_games_window(qtbot, monkeypatch, tmp_path):
    arena = open_window(qtbot, "crash-grid")
    board = open_window(qtbot, "crash")
    try:
        target = tmp_path / "arena.json"
        monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(target), "")))
        assert arena.save_as()
        assert recent_entries(board) == ["&1 arena.json"]  # one list for the studio: saved in another window
        before = board.document.layout
        next(a for a in board.recent_menu.actions() if a.text() == "&1 arena.json").trigger()
        [opened] = board.other_windows
        assert type(opened).__name__ == "ArenaWindow" and opened.document.path.resolve() == target.resolve()
        assert board.document.layout is before
        close(opened)
    finally:
        close(board)
        close(arena)


def test_the_generic_editors_live_validation_comes_from_a_worker_and_drops_a_stale_result(qtbot, hex_installed):  # noqa: F811
    from crashgrab.editor.generic import commands
    from crashgrab.editor.generic.window import GenericEditorWindow

    window = GenericEditorWindow(get_system(GAME), HexField("empty", 2))
    qtbot.addWidget(window, before_close_func=lambda w: w.undo_stack.setClean())
    validator = window.validator
    assert [f.code for f in window.findings.findings()] == ["no-beacon"]  # the first check: inside the edit
    gate, threads, checked = threading.Event(), [], []
    check = validator.check

    def slow_check(layout, upgrades):  # the first waits until the test lets it go
        threads.append(threading.current_thread())
        checked.append(layout)
        if len(checked) == 1:
            assert gate.wait(10)
        return check(layout, upgrades)

    validator.check = slow_check
    validator.last_ms = validator.sync_ms + 1  # as after a slow board
    reports = []
    validator.reportReady.connect(reports.append)
    assert window.edit(commands.Place(window.document, "beacon", "Beacon", (0, 0), None))
    with_beacon = window.document.layout
    qtbot.waitUntil(lambda: len(checked) == 1, timeout=5000)
    assert validator.busy and not validator.is_current
    assert [f.code for f in window.findings.findings()] == ["no-beacon"]  # the edit did not wait for it
    window.undo_action.trigger()  # the document changes while the worker checks the board with a beacon
    gate.set()
    qtbot.waitUntil(lambda: validator.is_current, timeout=5000)
    assert checked[0] is with_beacon and checked[-1] is window.document.layout
    assert threading.main_thread() not in threads
    assert len(reports) == 1 and validator.layout is window.document.layout  # the stale report was dropped
    assert [f.code for f in window.findings.findings()] == ["no-beacon"]
    # Slow again, redo: the worker's report of the board with its beacon arrives and is shown.
    validator.last_ms = validator.sync_ms + 1
    window.redo_action.trigger()
    assert validator.busy
    qtbot.waitUntil(lambda: validator.is_current, timeout=5000)
    assert validator.layout is window.document.layout is checked[-1] and threads[-1] is not threading.main_thread()
    assert window.findings.findings() == () and len(reports) == 2


def test_a_slow_validation_sends_the_next_to_the_worker_but_a_cold_first_one_does_not(qtbot):
    """The first run pays for imports and caches (Crash!'s first check imports for 150 ms, then
    takes 1 ms): it never decides. A slow one after it does; a quick one brings the next back."""
    import time

    from crashgrab.editor.live_validation import LiveValidator

    slow = [True, True, False, False]  # the first two checks take 30 ms: sleep's least, at any load

    def check(layout, upgrades):
        if slow.pop(0):
            time.sleep(0.03)
        return ("report of", layout)

    validator = LiveValidator(check, sync_ms=16.0)
    reports = []
    validator.reportReady.connect(reports.append)
    for layout in ("cold", "slow"):  # both inside the request: the cold run did not count
        validator.request(layout)
        assert reports[-1] == ("report of", layout) and validator.is_current
    validator.request("on the worker")
    assert len(reports) == 2 and validator.busy
    qtbot.waitUntil(lambda: validator.is_current, timeout=5000)
    assert reports[-1] == ("report of", "on the worker")
    validator.request("quick again")  # the worker's run was quick: back inside the request
    assert reports[-1] == ("report of", "quick again")
    validator.shutdown()
    validator.deleteLater()


@pytest.mark.parametrize("layout", ["layouts/standard-6p.json", "layouts/crash/standard.json"])
def test_a_screenshot_leaves_the_designers_settings_as_they_were(tmp_path, layout):
    """`--screenshot` draws at its own size and writes nothing of the designer's (window sizes,
    recent files): its windows keep their settings in a throw-away folder."""
    import os
    import subprocess
    import sys

    from tests.conftest import ROOT

    settings = tmp_path / "config" / "CrashGrab" / "Editor.conf"
    settings.parent.mkdir(parents=True)
    settings.write_text("[crash-and-grab]\ngeometry=@ByteArray(not a geometry)\n\n[recent]\nfiles=/nowhere.json\n")
    before = settings.read_bytes()
    environment = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config"), "QT_QPA_PLATFORM": "offscreen"}
    subprocess.run([sys.executable, "-m", "crashgrab.editor", str(ROOT / layout), "--screenshot",
                    str(tmp_path / "shot.png")], env=environment, check=True, capture_output=True, timeout=120)
    assert (tmp_path / "shot.png").stat().st_size > 10_000
    assert settings.read_bytes() == before
    assert sorted(p.name for p in settings.parent.iterdir()) == ["Editor.conf"]


def test_open_recent_forgets_a_file_that_is_gone_but_keeps_one_that_cannot_be_read_yet(qtbot, monkeypatch, tmp_path):
    """A file saved as UTF-16 by another program is there to be fixed: it stays in the list; a
    deleted one goes (each open fails with one message)."""
    from PySide6.QtWidgets import QMessageBox

    monkeypatch.setattr(QMessageBox, "critical", staticmethod(lambda *a, **k: QMessageBox.Ok))
    window = open_window(qtbot, "crash-and-grab")
    try:
        for name in ("kept.json", "gone.json"):
            target = tmp_path / name
            monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, t=target, **k: (str(t), "")))
            assert window.save_as()
        (tmp_path / "kept.json").write_text((tmp_path / "kept.json").read_text(), encoding="utf-16")
        (tmp_path / "gone.json").unlink()
        assert recent_entries(window) == ["&1 gone.json", "&2 kept.json"]
        assert not window.open_path(tmp_path / "kept.json") and not window.open_path(tmp_path / "gone.json")
        assert recent_entries(window) == ["&1 kept.json"]
    finally:
        close(window)
