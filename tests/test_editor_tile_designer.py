"""The tile designer, driven through its real window: clicks on the canvas's cells, its
actions and line edits; then the designed tile used in the main editor's layout and
validated, with the findings worked out by hand."""
from __future__ import annotations

import json
import shutil

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from crashgrab.editor.crash_and_grab.tile_designer import TileDesignerWindow, TileSetDocument
from crashgrab.editor.crash_and_grab.tile_designer.in_editor import tileset_ref_for
from crashgrab.engine.crash_and_grab.validation import validate_layout
from crashgrab.engine.formats.layout_io import load_layout
from crashgrab.engine.crash_and_grab.tileset_file import load_tileset, standard_tileset, tileset_to_json
from crashgrab.engine.grid.model import Feature, Placement, Tile, TileSet
from tests.conftest import LAYOUTS
from tests.editor_fixtures import settings, window  # noqa: F401  (fixtures, by name)
from tests.editor_fixtures import close_window, flush_deletes, make_window, wait_validated

CS, ACC = "crash_site", "accelerator"


@pytest.fixture
def designer(qtbot):
    window = TileDesignerWindow()
    window.show()
    qtbot.waitExposed(window)
    yield window
    close_designer(window)


def close_designer(window) -> None:
    window.document.undo_stack.setClean()  # no unsaved-changes question at teardown
    window.close()
    window.deleteLater()
    flush_deletes()


def click(qtbot, designer, side, cell, button=Qt.LeftButton):
    qtbot.mouseClick(designer.canvas, button, pos=designer.canvas.cell_center(side, cell))


def crash_site_tool(designer, number):
    designer.actions["tool_crash_site"].trigger()
    designer.number.setValue(number)


def tile(designer, tile_id):
    return designer.document.tileset.get(tile_id)


def answer_dialogs(monkeypatch, answer=QMessageBox.Ok):
    """Patch QMessageBox.warning: record (title, text) and give `answer`."""
    shown = []

    def warning(parent, title, text, *args):
        shown.append((title, text))
        return answer

    monkeypatch.setattr(QMessageBox, "warning", staticmethod(warning))
    return shown


def save_to(monkeypatch, path):
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *args: (str(path), "")))


# --- painting ----------------------------------------------------------------------------------
def test_painting_a_new_tile_by_clicking_its_cells(designer, qtbot):
    designer.new_width.setValue(3)
    designer.new_height.setValue(2)
    qtbot.mouseClick(designer.add_button, Qt.LeftButton)
    assert designer.current == "1" and tile(designer, "1") == Tile("1", "custom", 3, 2, {"A": (), "B": ()})
    crash_site_tool(designer, 7)
    click(qtbot, designer, "A", (0, 0))
    designer.actions["tool_accelerator"].trigger()
    click(qtbot, designer, "A", (2, 1))
    crash_site_tool(designer, 12)
    click(qtbot, designer, "B", (1, 0))
    click(qtbot, designer, "B", (2, 1))
    click(qtbot, designer, "B", (2, 1), Qt.RightButton)  # right-click erases
    assert tile(designer, "1").sides == {"A": (Feature(CS, 0, 0, 7), Feature(ACC, 2, 1)),
                                         "B": (Feature(CS, 1, 0, 12),)}
    stack = designer.document.undo_stack
    assert [stack.text(i) for i in range(stack.count())] == [
        "New tile 1 (3\u00d72)", "Crash Site 7 on 1A [0,0]", "Accelerator on 1A [2,1]",
        "Crash Site 12 on 1B [1,0]", "Crash Site 12 on 1B [2,1]", "Erase 1B [2,1]"]
    painted = designer.document.tileset
    while stack.canUndo():
        stack.undo()
    assert designer.document.tileset == TileSet("my-tiles", "My tiles", ())
    while stack.canRedo():
        stack.redo()
    assert designer.document.tileset == painted
    assert designer.windowTitle().startswith("My tiles[*]") and designer.isWindowModified()


def test_the_erase_tool_and_clicks_that_change_nothing(designer, qtbot):
    designer.add_new_tile(2, 2)
    designer.actions["tool_accelerator"].trigger()
    click(qtbot, designer, "A", (1, 1))
    click(qtbot, designer, "A", (1, 1))  # already an Accelerator: no second history entry
    designer.actions["tool_erase"].trigger()
    click(qtbot, designer, "A", (0, 0))  # nothing to erase
    assert designer.document.undo_stack.count() == 2
    click(qtbot, designer, "A", (1, 1))
    assert tile(designer, "1").sides["A"] == () and designer.document.undo_stack.count() == 3


def test_two_features_cannot_be_painted_on_one_cell(designer, qtbot):
    designer.add_new_tile(2, 1)
    crash_site_tool(designer, 3)
    click(qtbot, designer, "A", (1, 0))
    designer.actions["tool_accelerator"].trigger()
    click(qtbot, designer, "A", (1, 0))  # replaces the Crash Site
    assert tile(designer, "1").sides["A"] == (Feature(ACC, 1, 0),)
    assert designer.document.faults() == []


def test_two_features_on_one_cell_are_flagged_and_block_saving(designer, qtbot, monkeypatch, tmp_path):
    """Only a tile set built outside the designer can have them: it is shown, not hidden."""
    broken = Tile("b", "custom", 2, 2, {"A": (Feature(ACC, 1, 0), Feature(CS, 1, 0, 4)), "B": ()})
    assert designer.start(TileSet("odd", "Odd", (broken,)))
    assert designer.canvas.faulty_cells("A") == {(1, 0)} and designer.canvas.faulty_cells("B") == set()
    assert designer.problems.item(0).text() == ("Tile b: two features on cell [1,0] of side A (also sides.A[0]); "
                                                "keep one.\n(tile b, side A, cell [1,0])")
    shown = answer_dialogs(monkeypatch)
    save_to(monkeypatch, tmp_path / "odd.json")
    assert not designer.save()
    assert shown[0][0] == "Cannot save the tile set" and "two features on cell [1,0]" in shown[0][1]
    assert not (tmp_path / "odd.json").exists()
    crash_site_tool(designer, 4)
    click(qtbot, designer, "A", (1, 0))  # painting the cell leaves one feature on it
    assert designer.document.faults() == [] and designer.canvas.faulty_cells("A") == set()
    assert designer.save() and load_tileset(tmp_path / "odd.json").get("b").sides["A"] == (Feature(CS, 1, 0, 4),)


def test_a_number_outside_1_to_12_is_marked_and_blocks_saving_with_the_message(designer, qtbot, monkeypatch,
                                                                               tmp_path):
    document = tileset_to_json(TileSet("t", "T", (Tile("1", "custom", 3, 1, {"A": (), "B": ()}),)))
    document["tiles"][0]["sides"]["B"] = [{"type": CS, "x": 2, "y": 0, "number": 13}]
    path = tmp_path / "t.json"
    path.write_text(json.dumps(document))  # the schema allows it; the designer must not
    before = path.read_bytes()
    assert designer.open_path(path)
    assert designer.canvas.faulty_cells("B") == {(2, 0)}
    assert designer.tile_list.item(0).text() == "Tile 1\n3\u00d71 \u00b7 custom\n\u26a0 1 problem"
    assert designer.status_label.text().endswith("1 problem: saving is blocked</b>")
    shown = answer_dialogs(monkeypatch)
    designer.actions["tool_accelerator"].trigger()
    click(qtbot, designer, "A", (0, 0))  # an unrelated edit, so there is something to save
    designer.actions["save"].trigger()
    assert shown == [("Cannot save the tile set",
                      "The tile set has 1 problem that blocks saving it:\n\n"
                      "\u2022 Tile 1: number 13 is outside 1-12. (tile 1, side B, cell [2,0])\n\n"
                      "The cells are ringed in red on the tiles; fix them, then try again.")]
    assert path.read_bytes() == before and designer.document.is_modified()
    designer.number.setValue(13)
    assert designer.number.value() == 12  # the designer itself only paints 1-12
    click(qtbot, designer, "B", (2, 0))
    designer.actions["save"].trigger()
    assert len(shown) == 1 and not designer.document.is_modified()
    assert load_tileset(path).get("1").sides == {"A": (Feature(ACC, 0, 0),), "B": (Feature(CS, 2, 0, 12),)}


def test_the_engine_refuses_a_faulty_save_even_without_the_window(tmp_path, qapp):
    document = TileSetDocument(TileSet("t", "T", (Tile("1", "custom", 1, 1, {"A": (Feature(CS, 0, 0, 0),),
                                                                                "B": ()}),)))
    with pytest.raises(Exception) as caught:
        document.save(tmp_path / "t.json")
    assert "number 0 is outside 1-12" in str(caught.value) and "$.tiles[0].sides.A[0]" in str(caught.value)
    assert not (tmp_path / "t.json").exists()
    document.deleteLater()


# --- tiles and the set --------------------------------------------------------------------------
def test_duplicate_delete_resize_and_rename(designer, qtbot):
    designer.add_new_tile(2, 2)
    crash_site_tool(designer, 5)
    click(qtbot, designer, "A", (1, 1))
    assert designer.duplicate_current() == "2"
    assert designer.document.tileset.ids() == ["1", "2"] and designer.current == "2"
    assert tile(designer, "2").sides == tile(designer, "1").sides
    designer.select_tile("1")
    designer.width_spin.setValue(4)  # the size spin boxes resize the tile being painted
    designer.height_spin.setValue(1)  # [1,1] falls outside and is dropped
    assert (tile(designer, "1").width, tile(designer, "1").height) == (4, 1) and tile(designer, "1").sides["A"] == ()
    stack = designer.document.undo_stack
    assert stack.text(stack.count() - 1) == "Resize tile 1 to 4\u00d71"  # two steps, one history entry
    stack.undo()
    assert tile(designer, "1").sides["A"] == (Feature(CS, 1, 1, 5),) and designer.width_spin.value() == 2
    designer.actions["delete"].trigger()
    assert designer.document.tileset.ids() == ["2"] and designer.current == "2"
    stack.undo()
    assert designer.document.tileset.ids() == ["1", "2"]  # back in its place
    designer.name_edit.setText("Moon tiles")
    designer.name_edit.editingFinished.emit()
    designer.id_edit.setText("moon")
    designer.id_edit.editingFinished.emit()
    assert (designer.document.tileset.id, designer.document.tileset.name) == ("moon", "Moon tiles")
    assert not designer.rename("no spaces", "Moon tiles")
    assert designer.id_edit.text() == "moon"
    assert stack.text(stack.count() - 1) == "Rename tile set to \u201cMoon tiles\u201d (moon)"


def test_a_copy_of_the_standard_tiles_never_overwrites_the_shipped_file(designer, monkeypatch, tmp_path):
    assert designer.open_path(LAYOUTS / "tilesets" / "standard.json")
    assert designer.document.path is None  # opened as an untitled copy
    assert designer.new_standard_copy()
    assert designer.document.tileset.id == "standard-copy"
    assert designer.document.tileset.tiles == standard_tileset().tiles
    assert designer.tile_list.tile_ids() == [str(n) for n in range(1, 15)]
    shown = answer_dialogs(monkeypatch)
    save_to(monkeypatch, LAYOUTS / "tilesets" / "standard.json")
    assert not designer.save_as()
    assert "shipped tile sets cannot be overwritten" in shown[0][1]
    assert load_tileset(LAYOUTS / "tilesets" / "standard.json") == standard_tileset()


def test_canvas_cells_and_clicks_agree_for_every_shape(designer):
    for width, height in ((1, 1), (8, 1), (1, 8), (8, 8), (4, 2)):
        designer.add_new_tile(width, height)
        canvas = designer.canvas
        for side in ("A", "B"):
            for cell in ((0, 0), (width - 1, height - 1)):
                assert canvas.hit(canvas.cell_center(side, cell)) == (side, cell)
        a, b = canvas.side_rects()["A"], canvas.side_rects()["B"]
        assert not a.intersects(b) and canvas.rect().contains(b.toRect())


# --- using the tile set in the editor -----------------------------------------------------------
def drop_palette_tile(window, tile_id, side, cell):
    """A palette tile dragged onto the board: the view's drag enter, move and drop events."""
    mime = window.palette.swatch(tile_id, side).mime_data()
    viewport = window.view.viewport()
    point = window.view.mapFromScene(window.scene.cell_rect(cell).center())
    actions = Qt.CopyAction | Qt.MoveAction
    for event in (QDragEnterEvent(point, actions, mime, Qt.LeftButton, Qt.NoModifier),
                  QDragMoveEvent(point, actions, mime, Qt.LeftButton, Qt.NoModifier),
                  QDropEvent(point, actions, mime, Qt.LeftButton, Qt.NoModifier)):
        QApplication.sendEvent(viewport, event)
    return event.isAccepted()


def test_design_a_tile_save_it_place_it_in_a_free_form_layout_and_validate(qtbot, settings, monkeypatch, tmp_path):
    window = make_window(qtbot, settings)
    try:
        window.actions["tile_designer"].trigger()
        designer = window.tile_designer
        assert designer.document.tileset.id == "standard-copy"  # the layout's shipped set, as a copy
        assert designer.new_tileset()
        tile_id = designer.add_new_tile(3, 3)
        crash_site_tool(designer, 1)
        click(qtbot, designer, "A", (1, 1))
        crash_site_tool(designer, 2)
        click(qtbot, designer, "A", (2, 2))
        designer.actions["tool_accelerator"].trigger()
        click(qtbot, designer, "A", (1, 0))
        click(qtbot, designer, "B", (0, 0))
        save_to(monkeypatch, tmp_path / "my-tiles")
        designer.actions["new_layout"].trigger()  # saves first (asks where), then starts the board
        saved = load_tileset(tmp_path / "my-tiles.json")
        assert saved == designer.document.tileset and not designer.document.is_modified()
        layout = window.document.layout
        assert layout.template is None and layout.tileset == saved
        assert layout.tileset_ref == (tmp_path / "my-tiles.json").resolve().as_posix()
        assert list(window.palette.cards) == [tile_id]
        assert "My tiles" in window.palette.tileset_label.text()

        assert drop_palette_tile(window, tile_id, "A", (1, 1))  # grabbed by its middle cell
        assert window.document.layout.placements == (Placement(tile_id, "A", 0, 0, 0),)
        wait_validated(qtbot, window)
        # Worked out by hand on the 3x3 board: Crash Site 1 at [1,1], 2 at [2,2], an
        # Accelerator at [1,0]. Numbers 3-12 are missing; 1 and 2 are 2 steps apart; 2 sits
        # in a corner (east and south off); the Accelerator is on the north edge and, moving
        # 3 or more, every way from it leaves the 3x3 board (moving 1 or 2 it can go west
        # or south onto the board).
        expected = [
            ("error", "crash-site-missing", (), {"numbers": list(range(3, 13))}),
            ("warning", "crash-site-corner", ((2, 2),), {"number": 2, "off_neighbours": 2}),
            ("warning", "crash-site-sequence", ((1, 1), (2, 2)), {"numbers": [1, 2], "steps": 2}),
            ("info", "accelerator-edge", ((1, 0),), {"off_neighbours": 1}),
            ("info", "accelerator-trap", ((1, 0),), {"distances": [3, 4, 5]}),
            ("info", "crash-site-edge", ((2, 2),), {"number": 2, "off_neighbours": 2}),
        ]
        report = validate_layout(window.document.layout)
        assert [(f.severity, f.code, tuple(f.cells), f.details) for f in report.findings] == expected
        assert window.validator.report.findings == report.findings  # what the findings dock shows
        assert report.summary() == "1 error, 2 warnings, 3 notes"

        window.document.save(tmp_path / "board.json")
        assert json.loads((tmp_path / "board.json").read_text())["tileset"] == "my-tiles.json"
        assert load_layout(tmp_path / "board.json") == window.document.layout
    finally:
        close_window(window)


def test_use_in_layout_by_file_or_embedded_is_one_undoable_edit(qtbot, settings, monkeypatch, tmp_path):
    shutil.copy(LAYOUTS / "standard-2-4p.json", tmp_path / "board.json")
    window = make_window(qtbot, settings)
    try:
        assert window.open_path(tmp_path / "board.json")
        original = window.document.layout
        designer = window.actions["tile_designer"].trigger() or window.tile_designer
        designer.select_tile("1")
        crash_site_tool(designer, 9)
        click(qtbot, designer, "A", (3, 3))
        designer.actions["embed"].trigger()
        layout = window.document.layout
        assert layout.tileset == designer.document.tileset and layout.tileset_ref is None
        assert layout.placements == original.placements
        assert window.palette.cards["1"].tile == designer.document.tileset.get("1")
        assert "embedded in the layout" in window.palette.tileset_label.text()
        assert window.document.undo_stack.text(window.document.undo_stack.index() - 1) == (
            "Use tile set \u201cCopy of Crash & Grab standard tiles\u201d (embedded in the layout)")
        window.document.undo_stack.undo()
        assert window.document.layout == original and window.document.layout.tileset_ref == "standard"

        (tmp_path / "tiles").mkdir()
        save_to(monkeypatch, tmp_path / "tiles" / "variant.json")
        designer.actions["use"].trigger()  # unsaved: saved first, then referred to by path
        assert window.document.layout.tileset_ref == (tmp_path / "tiles" / "variant.json").resolve().as_posix()
        assert window.document.layout.tileset == load_tileset(tmp_path / "tiles" / "variant.json")
        window.save()
        assert json.loads((tmp_path / "board.json").read_text())["tileset"] == "tiles/variant.json"
        assert load_layout(tmp_path / "board.json") == window.document.layout
        designer.document.undo_stack.setClean()
    finally:
        close_window(window)


def test_the_tiles_menu_uses_a_file_and_the_standard_tiles(qtbot, settings, monkeypatch, tmp_path):
    TileSetDocument(TileSet("x", "Extra tiles", (Tile("x1", "custom", 2, 1, {"A": (), "B": ()}),))).save(
        tmp_path / "extra.json")
    window = make_window(qtbot, settings)
    try:
        monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a: (str(tmp_path / "extra.json"), "")))
        window.actions["use_tileset"].trigger()
        assert window.document.layout.tileset.name == "Extra tiles"
        assert window.document.layout.tileset_ref == (tmp_path / "extra.json").resolve().as_posix()
        assert list(window.palette.cards) == ["x1"]
        window.actions["use_standard"].trigger()
        assert window.document.layout.tileset == standard_tileset()
        assert window.document.layout.tileset_ref == "standard"
        assert window.document.undo_stack.count() == 2
    finally:
        close_window(window)


def test_a_layout_names_its_tile_set_file_by_absolute_path_in_memory(tmp_path):
    # Saving writes it relative to the layout file (tests/test_layout_tileset_paths.py).
    assert tileset_ref_for(tmp_path / "a" / ".." / "t.json") == (tmp_path / "t.json").resolve().as_posix()


def test_closing_the_editor_asks_about_the_designers_unsaved_tile_set(qtbot, settings, monkeypatch):
    window = make_window(qtbot, settings)
    try:
        designer = window.actions["tile_designer"].trigger() or window.tile_designer
        designer.add_new_tile(1, 1)
        shown = answer_dialogs(monkeypatch, QMessageBox.Cancel)
        assert not window.close() and window.isVisible()
        assert shown[0][0] == "Unsaved tile set"
        answer_dialogs(monkeypatch, QMessageBox.Discard)
        window.document.undo_stack.setClean()
        assert window.close()
    finally:
        close_window(window)


def test_the_tile_set_cannot_change_while_playtesting(qtbot, settings):
    window = make_window(qtbot, settings)
    try:
        assert window.open_path(LAYOUTS / "standard-2-4p.json")
        assert window.playtest.start()
        before = window.document.layout
        designer = window.actions["tile_designer"].trigger() or window.tile_designer
        assert not designer.use_in_layout(embed=True)
        assert window.document.layout is before and window.playtest.active
        assert window.statusBar().currentMessage().startswith("Playtest: the layout is locked")
        window.playtest.stop()
        assert designer.use_in_layout(embed=True) and window.document.layout.tileset_ref is None
    finally:
        close_window(window)


def test_the_toolbar_keeps_its_layout_the_name_fits_and_one_side_can_fill_the_canvas(qtbot):
    from crashgrab.editor.crash_and_grab.tile_designer.document import standard_copy

    window = TileDesignerWindow(TileSetDocument(standard_copy()))
    qtbot.addWidget(window)
    window.resize(1024, 640)
    window.show()
    qtbot.waitExposed(window)
    undo = window.toolbar.widgetForAction(next(a for a in window.toolbar.actions() if a.objectName() == "toolbar_undo"))
    save = window.toolbar.widgetForAction(window.actions["save"])
    before = (undo.width(), save.x())
    window.select_tile("1")
    window.actions["tool_accelerator"].trigger()
    window.canvas.cellClicked.emit("A", (1, 0), False)  # paint: the stack's undo text becomes long
    QApplication.processEvents()
    assert window.actions["undo"].text().startswith("&Undo ") and undo.text() == "Undo"
    assert (undo.width(), save.x()) == before and undo.isEnabled() and undo.toolTip().startswith("Undo ")
    name = window.name_edit
    assert name.width() >= name.fontMetrics().horizontalAdvance(name.text()) + 8, "the name is not clipped"
    both = window.canvas.cell_size()
    window.sides_box.setCurrentIndex(2)  # side B alone
    assert list(window.canvas.side_rects()) == ["B"] and window.canvas.cell_size() > both * 1.4
    window.document.undo_stack.setClean()  # nothing to ask about on closing
    window.close()
