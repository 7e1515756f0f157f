"""The product is what a user installs: build the wheel and the sdist, install the wheel into a new
virtual environment outside the repository, and run every command from another folder.

The new environment reuses the test environment's third-party packages through a .pth line (a
fresh download of PySide6 would cost minutes); that line adds the folder to sys.path without
running its .pth files, so the repository's editable install stays invisible and only the
wheel's `crashgrab` can be imported.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest

from tests.conftest import ROOT

DATA_FILES = [
    "crashgrab/schemas/layout.schema.json",
    "crashgrab/schemas/tileset.schema.json",
    "crashgrab/schemas/export.schema.json",
    "crashgrab/schemas/scenario.schema.json",
    "crashgrab/schemas/validation-report.schema.json",
    "crashgrab/schemas/survey.schema.json",
    "crashgrab/layouts/tilesets/standard.json",
    "crashgrab/layouts/tiled/crash-grab.tiled-project",
    "crashgrab/layouts/standard-2-4p.json",
    "crashgrab/layouts/standard-5p.json",
    "crashgrab/layouts/standard-6p.json",
    "crashgrab/layouts/scenarios/first-moves.json",
    "crashgrab/desktop/crashgrab-editor.svg",
    "crashgrab/desktop/crashgrab-editor.desktop",
    "crashgrab/desktop/crashgrab-layout.xml",
    "crashgrab/docs/editor.md",
]


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    result = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return out


@pytest.fixture(scope="module")
def installed(dist, tmp_path_factory) -> Path:
    """bin/ of a new virtual environment holding the built wheel."""
    venv = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    site = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                          capture_output=True, text=True, check=True).stdout.strip()
    Path(site, "test-dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n")
    wheel = next(dist.glob("*.whl"))
    result = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
                             "--no-index", "--quiet", str(wheel)], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return venv / "bin"


def run(command: list, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    result = subprocess.run([str(c) for c in command], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, f"{command}: exit {result.returncode}\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}"
    assert "Traceback" not in result.stderr
    return result


def test_the_wheel_carries_the_data_under_one_namespace(dist):
    names = zipfile.ZipFile(next(dist.glob("*.whl"))).namelist()
    assert set(DATA_FILES) <= set(names)
    top_level = {name.split("/")[0] for name in names if not name.startswith("crash_grab_editor-")}
    assert top_level == {"crashgrab"}, "nothing may install as a bare engine/ or editor/"


def test_the_sdist_carries_the_data_files(dist):
    with tarfile.open(next(dist.glob("*.tar.gz"))) as sdist:
        members = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    expected = {"schemas/layout.schema.json", "layouts/tilesets/standard.json", "layouts/standard-6p.json",
                "layouts/scenarios/first-moves.json", "desktop/crashgrab-editor.svg", "docs/editor.md",
                "setup.py", "pyproject.toml", "README.md", "LICENSE", "engine/cli/__init__.py",
                "editor/app.py"}
    assert expected <= members, sorted(expected - members)


def test_every_command_runs_from_the_installed_wheel_in_another_folder(installed, tmp_path):
    work = tmp_path / "elsewhere"
    work.mkdir()
    crashgrab, editor = installed / "crashgrab", installed / "crashgrab-editor"
    where = run([installed / "python", "-c", "import crashgrab.engine; print(crashgrab.engine.__file__)"], work)
    assert str(installed.parent) in where.stdout and str(ROOT) not in where.stdout

    version = run([crashgrab, "--version"], work).stdout
    assert version.startswith("crashgrab ") and "unknown" not in version
    assert run([editor, "--version"], work).stdout.split()[1] == version.split()[1]

    run([crashgrab, "new", "--players", "6", "--seed", "3", "-o", "b.json"], work)
    report = json.loads(run([crashgrab, "validate", "--format", "json", "b.json"], work).stdout)
    assert report["files"][0]["metrics"]
    run([crashgrab, "export", "b.json", "-o", "e.json"], work)
    assert json.loads((work / "e.json").read_text())["board"]["width"] == 10
    run([crashgrab, "render", "-o", "b.png", "b.json"], work)
    assert (work / "b.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    run([crashgrab, "print", "b.json", "-o", "tiles.pdf"], work)
    assert (work / "tiles.pdf").read_bytes()[:5] == b"%PDF-"
    run([crashgrab, "export", "--format", "bga", "b.json", "-o", "b.sql"], work)
    assert "INSERT INTO tile" in (work / "b.sql").read_text()
    run([crashgrab, "examples", "--copy", "examples"], work)
    run([crashgrab, "scenario", "run", "examples/scenarios/first-moves.json"], work)
    run([crashgrab, "survey", "--players", "2-4", "--sample", "50", "--seed", "1", "-o", "s.json"], work)
    assert json.loads((work / "s.json").read_text())["boards"] == 50
    run([editor, "--screenshot", "shot.png"], work)
    assert (work / "shot.png").stat().st_size > 10_000


def test_the_installed_tiled_export_writes_tmx_that_pytmx_loads(installed, tmp_path):
    """Issue 24: `-o x.tmx` writes TMX (XML), not JSON, with the shipped tileset image beside it."""
    run([installed / "crashgrab", "new", "--players", "6", "--seed", "3", "-o", "b.json"], tmp_path)
    run([installed / "crashgrab", "export", "--format", "tiled", "-o", "x.tmx", "b.json"], tmp_path)
    assert (tmp_path / "x.tmx").read_text().startswith('<?xml version="1.0" encoding="UTF-8"?>\n<map ')
    assert (tmp_path / "x-tiles.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    loaded = run([installed / "python", "-c", "import pytmx; m = pytmx.TiledMap('x.tmx'); "
                  "print(m.width, m.height, len(m.get_layer_by_name('board tiles')))"], tmp_path)
    assert loaded.stdout.split() == ["10", "10", "9"]
