"""What `crashgrab examples` ships works as a user tries it: every shipped layout validates and every
shipped scenario passes, from a copy in a folder of the user's, and a second copy never overwrites
a file the user may have edited (unless --force).

The files are discovered from the shipped folders, so a new example is covered without a change here.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from crashgrab.engine.cli import main as crashgrab
from crashgrab.engine.resources import shipped_layouts, shipped_scenarios

LAYOUT_NAMES = [f.name for f in shipped_layouts()]
SCENARIO_NAMES = [f.name for f in shipped_scenarios()]


@pytest.fixture(scope="module")
def copied(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("my-boards")
    assert crashgrab(["examples", "--copy", str(folder)]) == 0
    return folder


def test_the_shipped_folders_hold_examples_to_run():
    assert LAYOUT_NAMES and SCENARIO_NAMES


@pytest.mark.parametrize("name", LAYOUT_NAMES)
def test_every_shipped_layout_validates_from_a_copy(copied, name, capsys):
    assert crashgrab(["validate", str(copied / name)]) == 0, capsys.readouterr().err


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_every_shipped_scenario_passes_from_a_copy(copied, name, capsys):
    code = crashgrab(["scenario", "run", str(copied / "scenarios" / name)])
    out, err = capsys.readouterr()
    assert code == 0, out[-2000:] + err
    assert f"PASS: {copied / 'scenarios' / name}" in out


def test_the_stealing_crew_example_places_the_picked_up_colours_own_lost_crewmembers(copied, capsys):
    """Place Crewmembers: "Choose a Lost Crewmember from the front of that color's queue" (the
    colour picked up): the purple pilot brings out the purple scientist, the red pilot the red doctor."""
    assert crashgrab(["scenario", "run", str(copied / "scenarios" / "stealing-crew.json")]) == 0
    assert "crew on the board: purple scientist [1,0], red doctor [0,2]" in capsys.readouterr().out


def test_a_second_copy_refuses_to_overwrite_and_names_the_files(tmp_path, capsys):
    assert crashgrab(["examples", "--copy", str(tmp_path)]) == 0
    edited = tmp_path / LAYOUT_NAMES[0]
    edited.write_text(edited.read_text() + " ")
    capsys.readouterr()
    assert crashgrab(["examples", "--copy", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    message = captured.err.strip()
    assert "\n" not in message and "--force" in message
    assert str(edited) in message and str(tmp_path / "scenarios" / SCENARIO_NAMES[0]) in message
    assert edited.read_text().endswith(" "), "the edited file is untouched"


def test_one_existing_file_stops_the_whole_copy(tmp_path, capsys):
    (tmp_path / LAYOUT_NAMES[-1]).write_text("mine")
    assert crashgrab(["examples", "--copy", str(tmp_path)]) == 2
    assert [p.name for p in tmp_path.rglob("*") if p.is_file()] == [LAYOUT_NAMES[-1]]
    assert str(tmp_path / LAYOUT_NAMES[-1]) in capsys.readouterr().err


def test_force_overwrites(tmp_path):
    assert crashgrab(["examples", "--copy", str(tmp_path)]) == 0
    edited = tmp_path / LAYOUT_NAMES[0]
    shipped = edited.read_bytes()
    edited.write_text("mine")
    assert crashgrab(["examples", "--copy", str(tmp_path), "--force"]) == 0
    assert edited.read_bytes() == shipped
