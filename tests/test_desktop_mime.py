"""Double-clicking a layout opens the editor: the file type `--install-desktop` registers is what a
desktop's own tools say a saved or shipped layout (of any game) is, though it is named NAME.json.

Runs the real tools (update-mime-database from shared-mime-info, xdg-mime from xdg-utils) on a
temporary XDG_DATA_HOME; skipped where they are not installed. xdg-mime asks the desktop's
detector: `gio` under GNOME, File::MimeInfo's `mimetype` elsewhere; each is tried where present.
"""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from crashgrab.engine.cli import main as crashgrab
from crashgrab.engine.desktop import install_desktop
from crashgrab.engine.resources import shipped_layouts, shipped_scenarios, tileset_file
from tests.conftest import ROOT

LAYOUT_TYPE = "application/x-crashgrab-layout"
DESKTOPS = [  # (XDG_CURRENT_DESKTOP, the program xdg-mime then runs)
    pytest.param("GNOME", "gio", id="gnome-gio"),
    pytest.param("", "mimetype", id="generic-mimetype"),
]

pytestmark = pytest.mark.skipif(shutil.which("xdg-mime") is None or shutil.which("update-mime-database") is None,
                                reason="xdg-utils or shared-mime-info is not installed")


@pytest.fixture(scope="module")
def data_home(tmp_path_factory) -> Path:
    home = tmp_path_factory.mktemp("xdg-data")
    install_desktop(home, python="/usr/bin/python3")
    assert (home / "mime" / "mime.cache").is_file(), "update-mime-database ran on the installed type"
    return home


@pytest.fixture(scope="module")
def crash_grid_layout(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("grid") / "arena.json"
    assert crashgrab(["new", "--game", "crash-grid", "--players", "4", "-o", str(path)]) == 0
    return path


def file_type(path: Path, data_home: Path, desktop: str, detector: str) -> str:
    if shutil.which(detector) is None:
        pytest.skip(f"{detector} is not installed")
    env = {key: value for key, value in os.environ.items() if not key.startswith(("XDG_", "KDE_", "GNOME_"))}
    env.update(XDG_DATA_HOME=str(data_home), XDG_CURRENT_DESKTOP=desktop)
    result = subprocess.run(["xdg-mime", "query", "filetype", str(path)], capture_output=True, text=True,
                            env=env, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_the_shipped_type_is_accepted_by_update_mime_database(tmp_path):
    packages = tmp_path / "mime" / "packages"
    packages.mkdir(parents=True)
    shutil.copy(ROOT / "desktop" / "crashgrab-layout.xml", packages)
    result = subprocess.run(["update-mime-database", "-V", str(tmp_path / "mime")], capture_output=True, text=True)
    assert result.returncode == 0 and "warning" not in result.stderr.lower(), result.stderr


@pytest.mark.parametrize(("desktop", "detector"), DESKTOPS)
@pytest.mark.parametrize("name", [f.name for f in shipped_layouts()])
def test_a_shipped_layout_is_the_studios_type(data_home, desktop, detector, name):
    assert file_type(ROOT / "layouts" / name, data_home, desktop, detector) == LAYOUT_TYPE


@pytest.mark.parametrize(("desktop", "detector"), DESKTOPS)
def test_every_games_saved_layout_is_the_studios_type(data_home, crash_grid_layout, tmp_path, desktop, detector):
    assert file_type(crash_grid_layout, data_home, desktop, detector) == LAYOUT_TYPE
    compact = tmp_path / "board.json"  # another program's JSON writer, with a "$schema" key first
    compact.write_text('{"$schema":"https://example.org/schemas/layout.schema.json",'
                       + (ROOT / "layouts" / "standard-5p.json").read_text().replace("\n", "").replace("  ", "")[1:]
                       .replace('"format": "crash-grab-layout"', '"format":"crash-grab-layout"'))
    assert '"format":"crash-grab-layout"' in compact.read_text()
    assert file_type(compact, data_home, desktop, detector) == LAYOUT_TYPE


@pytest.mark.parametrize(("desktop", "detector"), DESKTOPS)
def test_other_json_files_stay_json(data_home, desktop, detector):
    others = [Path(str(tileset_file("standard"))), *(Path(str(f)) for f in shipped_scenarios())]
    assert {file_type(path, data_home, desktop, detector) for path in others} == {"application/json"}
