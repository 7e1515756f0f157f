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
    "crashgrab/schemas/crash-grab-layout.schema.json",
    "crashgrab/schemas/crash-grab-tileset.schema.json",
    "crashgrab/schemas/crash-grab-export.schema.json",
    "crashgrab/schemas/crash-grab-scenario.schema.json",
    "crashgrab/schemas/validation-report.schema.json",
    "crashgrab/schemas/crash-grab-survey.schema.json",
    "crashgrab/schemas/crash-grab-survey-checkpoint.schema.json",
    "crashgrab/schemas/layout.schema.json",  # Crash & Grab's old names stay, as "$ref"s to the new ones
    "crashgrab/schemas/scenario.schema.json",
    "crashgrab/layouts/tilesets/standard.json",
    "crashgrab/layouts/tiled/crash-grab.tiled-project",
    "crashgrab/layouts/standard-2-4p.json",
    "crashgrab/layouts/standard-5p.json",
    "crashgrab/layouts/standard-6p.json",
    "crashgrab/layouts/scenarios/first-moves.json",
    "crashgrab/layouts/roborally/standard.json",
    "crashgrab/schemas/roborally-layout.schema.json",
    "crashgrab/schemas/roborally-boardset.schema.json",
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
    expected = {"schemas/crash-grab-layout.schema.json", "schemas/layout.schema.json", "layouts/tilesets/standard.json",
                "layouts/standard-6p.json",
                "layouts/scenarios/first-moves.json", "desktop/crashgrab-editor.svg", "docs/editor.md",
                "setup.py", "pyproject.toml", "README.md", "LICENSE", "src/crashgrab/engine/cli/__init__.py",
                "src/crashgrab/editor/app.py", "src/crashgrab/__main__.py"}
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
    renamed = run([crashgrab, "schema", "layout"], work)  # an old name prints the new schema and says so
    assert json.loads(renamed.stdout)["title"] == "Crash & Grab layout" and "crash-grab-layout" in renamed.stderr
    run([crashgrab, "examples", "--copy", "examples"], work)
    run([crashgrab, "scenario", "run", "examples/scenarios/first-moves.json"], work)
    run([crashgrab, "survey", "--players", "2-4", "--sample", "50", "--seed", "1", "-o", "s.json"], work)
    assert json.loads((work / "s.json").read_text())["boards"] == 50
    run([editor, "--screenshot", "shot.png"], work)
    assert (work / "shot.png").stat().st_size > 10_000


SURVEY_PROBE = ("import sys; from crashgrab.engine.cli import main; "
                "code = main(['survey', '--players', '2-4', '--sample', '200', '--seed', '1', '-q', '-o', 's.json']); "
                "print(code, 'numba' in sys.modules, 'crashgrab.engine.crash_and_grab.survey._kernel_aot' in sys.modules)")


def test_the_wheel_carries_the_survey_kernel_compiled_ahead_of_time(dist, installed, tmp_path):
    """setup.py compiles the kernel into the wheel, so an installed survey imports no numba."""
    wheel = next(dist.glob("*.whl"))
    assert not wheel.name.endswith("-none-any.whl"), "machine code inside: the wheel is this platform's"
    assert any("/survey/_kernel_aot." in name for name in zipfile.ZipFile(wheel).namelist())
    assert run([installed / "python", "-c", SURVEY_PROBE], tmp_path).stdout.split()[-3:] == ["0", "False", "True"]


def test_the_installed_wheel_prints_a_crash_grid_arena_from_another_folder(installed, tmp_path):
    """Issue 24 item 5: `crashgrab print` serves every installed game from the wheel: an arena prints as a poster
    with its cut line and bleed for the print shop, and `--help` says what each game prints."""
    work = tmp_path / "elsewhere"
    work.mkdir()
    crashgrab = installed / "crashgrab"
    run([crashgrab, "new", "--game", "crash-grid", "--players", "4", "-o", "arena.json"], work)
    printed = run([crashgrab, "print", "arena.json", "-o", "arena.pdf"], work)
    assert "(poster: 4 pages of 210 x 297 mm" in printed.stderr
    data = (work / "arena.pdf").read_bytes()
    assert data[:5] == b"%PDF-" and data.count(b"/TrimBox") >= 8 and data.count(b"/BleedBox") == 4
    assert "crash-grid (Crash Grid): the board poster." in run([crashgrab, "print", "--help"], work).stdout


def run_expecting(command: list, cwd: Path, code: int) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    result = subprocess.run([str(c) for c in command], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == code, f"{command}: exit {result.returncode}\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}"
    assert "Traceback" not in result.stderr
    return result


def test_every_installed_example_runs_and_a_second_copy_is_refused(installed, tmp_path):
    """Issue 24, items 1 and 2, from the wheel: each shipped layout validates and each shipped
    scenario passes from the user's copy; copying again keeps the user's edits unless --force."""
    crashgrab = installed / "crashgrab"
    run([crashgrab, "examples", "--copy", "my-boards"], tmp_path)
    layouts = sorted((tmp_path / "my-boards").glob("*.json"))
    scenarios = sorted((tmp_path / "my-boards" / "scenarios").glob("*.json"))
    assert [p.name for p in layouts] == ["standard-2-4p.json", "standard-5p.json", "standard-6p.json"]
    assert {"first-moves.json", "stealing-crew.json"} <= {p.name for p in scenarios}
    run([crashgrab, "validate", *layouts], tmp_path)
    for scenario in scenarios:
        assert "PASS:" in run([crashgrab, "scenario", "run", scenario], tmp_path).stdout

    layouts[0].write_text(layouts[0].read_text() + "\n")
    refused = run_expecting([crashgrab, "examples", "--copy", "my-boards"], tmp_path, 2)
    assert str(Path("my-boards") / layouts[0].name) in refused.stderr and "--force" in refused.stderr
    assert layouts[0].read_text().endswith("\n\n")
    run([crashgrab, "examples", "--copy", "my-boards", "--force"], tmp_path)
    assert not layouts[0].read_text().endswith("\n\n")


def test_the_installed_command_line_conventions(installed, tmp_path):
    """Issue 24, item 7, from the wheel: python -m crashgrab, the reference commands read from the
    installed package, --format json on games and show, and -q."""
    crashgrab = installed / "crashgrab"
    layout = tmp_path / "b.json"
    assert run([installed / "python", "-m", "crashgrab", "--version"], tmp_path).stdout.startswith("crashgrab ")
    new = run([installed / "python", "-m", "crashgrab", "-q", "new", "--players", "5", "-o", layout], tmp_path)
    assert new.stderr == "" and layout.is_file()
    explained = run([crashgrab, "explain", "crash-site-corner"], tmp_path).stdout
    assert explained.startswith("crash-site-corner (warning): reported by Crash & Grab") and "**Fix:**" in explained
    assert "territory (warning): Crash Grid" in run([crashgrab, "explain"], tmp_path).stdout
    scenario = run([crashgrab, "schema", "crash-grab-scenario"], tmp_path).stdout
    assert json.loads(scenario)["title"] == "Crash & Grab test scenario"
    listed = run([crashgrab, "schema"], tmp_path).stdout.split()
    assert "crash-grab-layout" in listed and "layout" not in listed  # an old name works but is not listed
    assert run([crashgrab, "docs", "findings"], tmp_path).stdout.startswith("# Validation")
    games = json.loads(run([crashgrab, "games", "--format", "json"], tmp_path).stdout)
    assert {g["id"] for g in games["games"]} >= {"crash-and-grab", "crash-grid"}
    shown = json.loads(run([crashgrab, "show", "--format", "json", layout], tmp_path).stdout)
    assert (shown["width"], shown["height"]) == (9, 9)


def test_the_wheel_needs_qt_only_for_the_editor_extra(dist):
    """`pip install crash-grab-editor` is the engine and the CLI; `[editor]` adds PySide6."""
    wheel = zipfile.ZipFile(next(dist.glob("*.whl")))
    metadata = wheel.read(next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))).decode()
    requires = [line.split(":", 1)[1].strip() for line in metadata.splitlines() if line.startswith("Requires-Dist:")]
    qt = [r for r in requires if r.lower().startswith("pyside6")]
    assert qt and all('extra == "editor"' in r for r in qt), qt
    assert any(r.startswith("numba") and "extra" not in r for r in requires), "the survey kernel comes with the CLI"
    assert "Provides-Extra: editor" in metadata


def test_the_installed_cli_without_qt_says_to_install_the_editor_extra(installed, tmp_path):
    from tests.test_cli_conventions import WITHOUT_QT

    layout = str(tmp_path / "b.json")
    run([installed / "crashgrab", "new", "--players", "4", "--seed", "1", "-o", layout], tmp_path)
    commands = [("validate", "crashgrab", ["validate", layout]), ("help", "crashgrab", ["--help"]),
                ("render", "crashgrab", ["render", layout, "-o", "b.png"]), ("editor", "editor", [layout])]
    results = json.loads(run([installed / "python", "-c", WITHOUT_QT, json.dumps(commands)], tmp_path).stdout)
    assert results["validate"][0] == 0 and results["help"][0] == 0
    for name in ("render", "editor"):
        code, _, err = results[name]
        assert code == 2 and "install crash-grab-editor[editor]" in err and err.count("\n") == 1, err


def test_the_installed_tiled_export_writes_tmx_that_pytmx_loads(installed, tmp_path):
    """Issue 24: `-o x.tmx` writes TMX (XML), not JSON, with the shipped tileset image beside it."""
    run([installed / "crashgrab", "new", "--players", "6", "--seed", "3", "-o", "b.json"], tmp_path)
    run([installed / "crashgrab", "export", "--format", "tiled", "-o", "x.tmx", "b.json"], tmp_path)
    assert (tmp_path / "x.tmx").read_text().startswith('<?xml version="1.0" encoding="UTF-8"?>\n<map ')
    assert (tmp_path / "x-tiles.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    loaded = run([installed / "python", "-c", "import pytmx; m = pytmx.TiledMap('x.tmx'); "
                  "print(m.width, m.height, len(m.get_layer_by_name('board tiles')))"], tmp_path)
    assert loaded.stdout.split() == ["10", "10", "9"]


def test_the_installed_wheel_serves_crash_from_another_folder(installed, tmp_path):
    """Crash!, the hex game, from the wheel alone: a board, its checks, a scenario, the self-play
    survey, its Tiled map as TMX, its image and its poster, and its own editor's window."""
    work = tmp_path / "elsewhere"
    work.mkdir()
    crashgrab = installed / "crashgrab"
    games = json.loads(run([crashgrab, "games", "--format", "json"], work).stdout)["games"]
    assert {"id": "crash", "geometry": "hex"}.items() <= next(g for g in games if g["id"] == "crash").items()
    run([crashgrab, "new", "--game", "crash", "-o", "c.json"], work)
    assert json.loads(run([crashgrab, "validate", "--format", "json", "c.json"], work).stdout)["files"][0]["metrics"]
    scenario = ROOT / "tests" / "crash_scenarios" / "own-car-into-own-junkyard.json"
    run([crashgrab, "scenario", "run", scenario], work)
    run([crashgrab, "survey", "--game", "crash", "c.json", "--games", "20", "--seed", "1", "-o", "s.json"], work)
    assert json.loads((work / "s.json").read_text())["matches"] == 20
    run([crashgrab, "export", "c.json", "--format", "tiled", "-o", "c.tmx"], work)
    assert (work / "c.tmx").read_text().startswith("<?xml")
    run([crashgrab, "render", "c.json", "-o", "c.png"], work)
    run([crashgrab, "print", "c.json", "-o", "c.pdf"], work)
    assert (work / "c.pdf").read_bytes()[:5] == b"%PDF-"
    run([installed / "crashgrab-editor", "--screenshot", "shot.png", "c.json"], work)
    assert (work / "shot.png").stat().st_size > 10_000


def test_the_installed_wheel_serves_roborally_from_another_folder(installed, tmp_path):
    """RoboRally from the wheel alone: a course on the shipped board set, its checks, its Tiled map,
    its poster and its boards' sheets."""
    work = tmp_path / "elsewhere"
    work.mkdir()
    crashgrab = installed / "crashgrab"
    run([crashgrab, "new", "--game", "roborally", "--players", "5", "-o", "r.json"], work)
    report = json.loads(run([crashgrab, "validate", "--format", "json", "r.json"], work).stdout)["files"][0]
    assert report["valid"] and report["metrics"]["life_points"]["5"] == 4
    run([crashgrab, "export", "r.json", "--format", "tiled", "-o", "r.tmx"], work)
    assert (work / "r.tmx").read_text().startswith("<?xml") and (work / "r-tiles.png").is_file()
    printed = run([crashgrab, "print", "r.json", "--poster", "-o", "r.pdf"], work)
    assert "(poster: " in printed.stderr and (work / "r.pdf").read_bytes()[:5] == b"%PDF-"
    sheets = run([crashgrab, "print", "r.json", "-o", "boards.pdf"], work)  # its boards, by default
    assert "board sheets" in sheets.stderr and (work / "boards.pdf").read_bytes()[:5] == b"%PDF-"
