"""Launching: the console script, `python -m crashgrab.editor`, --screenshot, and no display at all."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from crashgrab.editor.app import SCREENSHOT_SIZE, display_problem, main
from tests.conftest import LAYOUTS, ROOT

SCRIPT = Path(sys.executable).with_name("crashgrab-editor")


def run(command, env=None, **kwargs):
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, **kwargs)


def headless_env(**extra):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env.update(extra)
    return env


def assert_png(path: Path):
    image = QImage(str(path))
    assert not image.isNull() and path.stat().st_size > 10_000
    assert (image.width(), image.height()) == SCREENSHOT_SIZE
    colours = {image.pixelColor(x, y).name() for x in range(0, image.width(), 37) for y in range(0, image.height(), 23)}
    assert len(colours) > 20  # a drawn window, not a blank image


def test_screenshot_in_process(tmp_path, qapp):
    out = tmp_path / "shot.png"
    assert main(["--screenshot", str(out), str(LAYOUTS / "standard-6p.json")]) == 0
    assert_png(out)


@pytest.mark.skipif(not SCRIPT.exists(), reason="the package is not installed into this interpreter's folder")
def test_the_console_script_writes_a_screenshot_even_without_a_display(tmp_path):
    out = tmp_path / "shot.png"
    result = run([str(SCRIPT), "--screenshot", str(out), "layouts/standard-2-4p.json"], env=headless_env())
    assert result.returncode == 0, result.stderr
    assert_png(out)


def test_python_dash_m_editor_takes_the_same_arguments(tmp_path):
    out = tmp_path / "shot.png"
    result = run([sys.executable, "-m", "crashgrab.editor", "--screenshot", str(out), "layouts/standard-5p.json"],
                 env=headless_env(QT_QPA_PLATFORM="offscreen"))
    assert result.returncode == 0, result.stderr
    assert_png(out)


def test_a_screenshot_of_a_broken_file_says_why_and_fails(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    result = run([sys.executable, "-m", "crashgrab.editor", "--screenshot", str(tmp_path / "x.png"), str(broken)],
                 env=headless_env(QT_QPA_PLATFORM="offscreen"))
    assert result.returncode == 2
    assert f"{broken}: malformed JSON" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "x.png").exists()


def test_a_screenshot_into_a_missing_folder_says_why_and_exits_2(tmp_path, qapp, capsys):
    out = tmp_path / "missing" / "shot.png"
    assert main(["--screenshot", str(out), str(LAYOUTS / "standard-6p.json")]) == 2
    assert f"{out}: cannot write here" in capsys.readouterr().err
    assert not out.parent.exists()


def test_the_playtest_screenshot_writes_a_png_and_reports_an_unwritable_target(tmp_path):
    scenario = "tests/scenarios/rule1-cards.json"
    env = headless_env(QT_QPA_PLATFORM="offscreen")
    out = tmp_path / "playtest.png"
    result = run([sys.executable, "-m", "crashgrab.editor.crash_and_grab.playtest", "--screenshot", str(out), scenario], env=env)
    assert result.returncode == 0, result.stderr
    assert_png(out)
    missing = tmp_path / "missing" / "playtest.png"
    result = run([sys.executable, "-m", "crashgrab.editor.crash_and_grab.playtest", "--screenshot", str(missing), scenario], env=env)
    assert result.returncode == 2
    assert f"{missing}: cannot write here" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="displays are always there on Windows and macOS")
def test_without_a_display_it_prints_one_line_and_exits_2():
    result = run([sys.executable, "-m", "crashgrab.editor", "layouts/standard-2-4p.json"], env=headless_env())
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "QT_QPA_PLATFORM=offscreen" in lines[0] and "crashgrab validate" in lines[0]


@pytest.mark.parametrize("env, platform, problem", [
    ({}, "linux", "no display (neither DISPLAY nor WAYLAND_DISPLAY is set)"),
    ({"DISPLAY": ":0"}, "linux", None),
    ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", None),
    ({"QT_QPA_PLATFORM": "offscreen"}, "linux", None),
    ({"QT_QPA_PLATFORM": "minimal"}, "linux", None),
    ({"QT_QPA_PLATFORM": "xcb"}, "linux", "QT_QPA_PLATFORM is xcb but DISPLAY is not set"),
    ({"QT_QPA_PLATFORM": "wayland", "DISPLAY": ":0"}, "linux",
     "QT_QPA_PLATFORM is wayland but WAYLAND_DISPLAY is not set"),
    ({}, "win32", None),
    ({}, "darwin", None),
])
def test_display_problem(env, platform, problem):
    assert display_problem(env, platform) == problem


def test_signals_and_python_overrides_do_not_wear_out_none_and_true(qapp):
    """PySide6 6.12.0 on Python < 3.12 drops a reference to True on each emit and aborts
    the interpreter within this loop; pyproject.toml excludes it. This catches a new release
    with the same bug."""
    from PySide6.QtCore import QObject, Signal

    class Probe(QObject):
        ping = Signal(object)

    probe = Probe()
    before = sys.getrefcount(True)
    for _ in range(20_000):
        probe.ping.emit(None)
    # a few references come and go elsewhere; the bug would lose 20,000
    assert sys.getrefcount(True) > before - 100
    probe.deleteLater()


def test_the_window_icon_is_the_shipped_svg_and_the_desktop_file_is_named(qapp):
    from crashgrab.editor.app import DESKTOP_ID, application_icon

    icon = application_icon()
    assert not icon.isNull() and not icon.pixmap(64, 64).isNull()
    assert DESKTOP_ID == "crashgrab-editor"  # the .desktop file's name, shipped in desktop/
    assert (ROOT / "desktop" / f"{DESKTOP_ID}.desktop").is_file()


def test_the_app_opens_each_file_in_its_own_games_editor(tmp_path):
    """The generic app reaches every editor through the registry: a file's game, else the first game."""
    from crashgrab.editor.app import starting_editor
    from crashgrab.engine.cli import main as cli

    arena = tmp_path / "arena.json"
    assert cli(["new", "--game", "crash-grid", "--players", "3", "-o", str(arena)]) == 0
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    assert starting_editor(str(arena))[0].id == "crash-grid"
    assert starting_editor(str(LAYOUTS / "standard-5p.json"))[0].id == "crash-and-grab"
    assert starting_editor(None)[0].id == "crash-and-grab"  # the first installed game with an editor
    assert starting_editor(str(broken))[0].id == "crash-and-grab"  # its window says what is wrong


def test_a_screenshot_of_another_games_board_shows_that_games_window(tmp_path, qapp):
    from crashgrab.engine.cli import main as cli

    arena = tmp_path / "arena.json"
    assert cli(["new", "--game", "crash-grid", "--players", "4", "-o", str(arena)]) == 0
    out = tmp_path / "arena.png"
    assert main(["--screenshot", str(out), str(arena)]) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == SCREENSHOT_SIZE
    # the four starts in their suits' colours: the arena editor's own drawing
    from crashgrab.editor.crash_grid.scene import SUIT_COLOURS

    colours = {image.pixelColor(x, y).name() for x in range(0, image.width(), 2) for y in range(0, image.height(), 2)}
    assert {colour.name() for colour in SUIT_COLOURS.values()} <= colours


@pytest.mark.parametrize("value", ["crashgrab.editor.crash_grid:no_such_name", "crashgrab.editor.crash_grid:open_editor"])
def test_an_editor_plugin_that_does_not_load_leaves_its_game_read_only(monkeypatch, capsys, value):
    from importlib import metadata

    from crashgrab.editor import game_views

    broken = metadata.EntryPoint(name="crash-grid", value=value, group=game_views.EDITOR_GROUP)
    monkeypatch.setattr(game_views, "entry_points", lambda group: metadata.EntryPoints((broken,)))
    assert game_views.editor_for("crash-grid") is None
    assert "the editor installed for 'crash-grid' does not load" in capsys.readouterr().err
