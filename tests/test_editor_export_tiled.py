"""File > Export > Tiled Map in the real window: the map and its image, or one clear refusal."""
from __future__ import annotations

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from crashgrab.engine.formats.layout_io import load_layout
from crashgrab.editor.crash_and_grab.window.main_window import TILED_TMJ_FILTER, TILED_TMX_FILTER
from crashgrab.engine.crash_and_grab.tiled import tiled_map
from crashgrab.engine.formats.tiled_map import tmj_text, tmx_text
from tests.conftest import LAYOUTS
from tests.editor_fixtures import settings, window  # noqa: F401  (fixtures, by name)


@pytest.mark.parametrize("typed,chosen,written", [
    ("board", TILED_TMX_FILTER, "board.tmx"),  # no extension: the chosen file type's
    ("board", TILED_TMJ_FILTER, "board.tmj"),
    ("board.tmj", TILED_TMX_FILTER, "board.tmj"),  # a typed extension wins
])
def test_export_menu_writes_the_tiled_map_and_its_image(window, tmp_path, monkeypatch, typed, chosen, written):
    tmp_path = tmp_path / "out"
    tmp_path.mkdir()
    assert window.open_path(LAYOUTS / "standard-5p.json")
    export_menu = window.export_menu
    assert window.actions["export_tiled"] in export_menu.actions()
    assert export_menu.title() == "&Export"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(tmp_path / typed), chosen)))
    window.actions["export_tiled"].trigger()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board-tiles.png", written]
    document = tiled_map(load_layout(LAYOUTS / "standard-5p.json"), "board-tiles.png")
    text = (tmp_path / written).read_text()
    assert text == (tmx_text(document) if written.endswith(".tmx") else tmj_text(document))
    assert written in window.statusBar().currentMessage()


def test_a_board_with_an_empty_slot_is_refused_and_nothing_written(window, tmp_path, monkeypatch):
    tmp_path = tmp_path / "out"
    tmp_path.mkdir()
    assert window.open_path(LAYOUTS / "standard-2-4p.json")
    window.scene.select_tile("1")
    window.remove_selected()
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", staticmethod(lambda *a: shown.append(a[1:3])))
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(tmp_path / "board.tmx"), "")))
    window.actions["export_tiled"].trigger()
    assert len(shown) == 1 and shown[0][0] == "Cannot export"
    assert list(tmp_path.iterdir()) == []
