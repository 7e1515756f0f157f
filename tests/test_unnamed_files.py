"""Files that do not name their game, and a game's own steps of a format migration, go through
the registry: whichever installed game declares `owns_unnamed_files` gets them (Crash & Grab
among the studio's games), and `lift_document` adds a game's part of a version step. Proved
with the toy game of tests/toy_game.py installed alone, with and without the claim."""
from __future__ import annotations

from importlib import metadata

import pytest

from crashgrab.engine import games
from crashgrab.engine.cli import main
from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.formats.layout_io import layout_from_json
from crashgrab.engine.formats.migrations import upgrade

from .toy_game import GAME as TOY, FencePosts


class ClaimingFencePosts(FencePosts):
    """The toy game, claiming unnamed files and adding a mark of its own when a scenario is lifted."""

    owns_unnamed_files = True
    lifted: list[tuple[str, int]] = []

    def lift_document(self, fmt, version, document):
        self.lifted.append((fmt, version))
        return {**document, "toy_mark": f"lifted from {version}"} if fmt == "crash-grab-scenario" else document


CLAIMING = ClaimingFencePosts()
PLAIN = FencePosts()


def _only(monkeypatch, attribute: str) -> None:
    """The registry holds the toy game alone (loaded from this module's `attribute`)."""
    entry = metadata.EntryPoint(name=TOY, value=f"tests.test_unnamed_files:{attribute}", group=games.GROUP)

    def entry_points(**selection):
        return metadata.EntryPoints((entry,)) if selection.get("group") == games.GROUP else metadata.entry_points(**selection)

    monkeypatch.setattr(games, "entry_points", entry_points)
    games.refresh()


@pytest.fixture
def claiming_toy_alone(monkeypatch):
    _only(monkeypatch, "CLAIMING")
    ClaimingFencePosts.lifted.clear()
    yield CLAIMING
    games.refresh()


@pytest.fixture
def plain_toy_alone(monkeypatch):
    _only(monkeypatch, "PLAIN")
    yield PLAIN
    games.refresh()


V1_FIELD = {"format": "crash-grab-layout", "version": 1, "name": "old field", "template": None, "width": 3,
            "height": 2, "posts": [[0, 0, 1]], "fences": []}


def test_the_studios_games_give_unnamed_files_to_crash_and_grab_and_list_it_first():
    claimers = [s.id for s in games.all_systems() if s.owns_unnamed_files]
    assert claimers == ["crash-and-grab"]
    assert games.unnamed_files_system() is games.all_systems()[0] is games.get_system(None)
    assert games.default_game_id() == "crash-and-grab"


def test_a_game_that_claims_unnamed_files_gets_them_and_is_the_default(claiming_toy_alone, capsys):
    assert games.unnamed_files_system() is claiming_toy_alone and games.get_system(None) is claiming_toy_alone
    assert games.system_for_document({"format": "crash-grab-layout", "version": 2}) is claiming_toy_alone
    lifted = upgrade(dict(V1_FIELD), "crash-grab-layout")
    assert list(lifted)[:4] == ["format", "version", "game", "name"] and lifted["game"] == TOY
    assert layout_from_json(dict(V1_FIELD)).name == "old field"
    assert main(["new", "--players", "3"]) == 0  # no --game: the default game
    assert f'"game": "{TOY}"' in capsys.readouterr().out


def test_the_files_game_adds_its_own_part_of_a_version_step(claiming_toy_alone):
    scenario = upgrade({"format": "crash-grab-scenario", "version": 1, "name": "s", "layout": dict(V1_FIELD)},
                       "crash-grab-scenario")
    assert scenario["game"] == TOY and scenario["toy_mark"] == "lifted from 1"
    assert scenario["layout"]["game"] == TOY and "toy_mark" not in scenario["layout"]  # lifted on its own
    assert ("crash-grab-scenario", 1) in ClaimingFencePosts.lifted and ("crash-grab-layout", 1) in ClaimingFencePosts.lifted


def test_with_no_game_claiming_them_an_unnamed_file_is_one_clear_message(plain_toy_alone, capsys):
    assert games.unnamed_files_system() is None
    assert games.get_system(None) is plain_toy_alone  # the first installed game is still the default
    lifted = upgrade(dict(V1_FIELD), "crash-grab-layout")
    assert lifted["version"] == 2 and "game" not in lifted
    with pytest.raises(InvalidFileError) as caught:
        layout_from_json(dict(V1_FIELD), "old.json")
    assert "does not name its game" in str(caught.value) and f'"game": one of {TOY}' in str(caught.value)
