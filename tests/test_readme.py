"""README's examples are real output, and every command it promises exists."""
import pytest

from crashgrab.engine.cli import build_parser, main
from tests.conftest import ROOT

README = (ROOT / "README.md").read_text()


@pytest.mark.parametrize("command", [
    "show layouts/standard-2-4p.json",
    "validate layouts/standard-2-4p.json --ignore accelerator-edge,crash-site-edge",
])
def test_readme_shows_the_real_output(capsys, monkeypatch, command):
    monkeypatch.chdir(ROOT)
    shown = README.split(f"$ crashgrab {command}\n", 1)[1].split("\n$ ", 1)[0].split("```", 1)[0]
    main(command.split())
    assert capsys.readouterr().out.rstrip("\n") == shown.rstrip("\n")


def test_every_subcommand_is_in_the_readme():
    subcommands = next(a for a in build_parser()._actions if a.dest == "command").choices
    assert set(subcommands) >= {"new", "show", "validate", "export", "render", "scenario", "survey"}
    for name in subcommands:
        assert f"`crashgrab {name} " in README


def test_quick_start_has_the_two_commands():
    quick_start = README.split("## Quick start", 1)[1].split("##", 1)[0]
    assert "make run" in quick_start and "make test" in quick_start
