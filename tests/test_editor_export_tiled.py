"""File > Export > Tiled Map in the real window: the map and its image, or one clear refusal."""
from __future__ import annotations

import json

from PySide6.QtWidgets import QFileDialog, QMessageBox

from crashgrab.engine.formats.layout_io import load_layout
from crashgrab.engine.crash_and_grab.tiled import tiled_map
from tests.conftest import LAYOUTS
from tests.editor_fixtures import settings, window  # noqa: F401  (fixtures, by name)


def test_export_menu_writes_the_tiled_map_and_its_image(window, tmp_path, monkeypatch):
    tmp_path = tmp_path / "out"
    tmp_path.mkdir()
    assert window.open_path(LAYOUTS / "standard-5p.json")
    export_menu = window.export_menu
    assert window.actions["export_tiled"] in export_menu.actions()
    assert export_menu.title() == "&Export"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(tmp_path / "board"), "")))
    window.actions["export_tiled"].trigger()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board-tiles.png", "board.tmj"]
    written = json.loads((tmp_path / "board.tmj").read_text())
    assert written == tiled_map(load_layout(LAYOUTS / "standard-5p.json"), "board-tiles.png")
    assert "board.tmj" in window.statusBar().currentMessage()


def test_a_board_with_an_empty_slot_is_refused_and_nothing_written(window, tmp_path, monkeypatch):
    tmp_path = tmp_path / "out"
    tmp_path.mkdir()
    assert window.open_path(LAYOUTS / "standard-2-4p.json")
    window.scene.select_tile("1")
    window.remove_selected()
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", staticmethod(lambda *a: shown.append(a[1:3])))
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(tmp_path / "board.tmj"), "")))
    window.actions["export_tiled"].trigger()
    assert len(shown) == 1 and shown[0][0] == "Cannot export"
    assert list(tmp_path.iterdir()) == []
