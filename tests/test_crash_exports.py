"""Crash! exports: resolved JSON, the hexagonal Tiled map (read back by pytiled-parser, and by
pytmx through Tiled's own TMX conversion), the text board and the true-size image."""
from __future__ import annotations

import json
import math
import shutil
import subprocess

import pytest

from crashgrab.engine.cli import main
from crashgrab.engine.crash.editing import with_start
from crashgrab.engine.crash.layout_io import save_layout
from crashgrab.engine.crash.system import SYSTEM
from crashgrab.engine.crash.templates import template_layout
from crashgrab.engine.crash.text import layout_text
from crashgrab.engine.formats.schemas import validate

STANDARD = template_layout()


@pytest.fixture
def board(tmp_path):
    path = tmp_path / "board.json"
    layout = with_start(STANDARD, "p1", 1, (2, -3))  # unchanged: every facing written
    save_layout(layout, path)
    return path


def test_json_export_resolves_facings_and_centres(board, capsys):
    assert main(["export", str(board)]) == 0
    document = json.loads(capsys.readouterr().out)
    validate(document, "crash-export")
    assert document["grid"]["hex_mm"] == 30.0
    centre = next(h for h in document["hexes"] if h["at"] == [1, 0])
    assert centre["centre_mm"] == [30.0, 0.0]  # one hex east: one width across the flats, 30 mm
    below = next(h for h in document["hexes"] if h["at"] == [0, 1])
    assert below["centre_mm"] == pytest.approx([15.0, 1.5 * 30 / math.sqrt(3)], abs=1e-3)
    car5 = next(s for s in document["starts"] if (s["player"], s["car"]) == ("p1", 5))
    assert car5 == {"player": "p1", "car": 5, "at": [3, 0], "facing": "west", "facing_written": True, "run": 6,
                    "to_junkyard": 5}


def test_tiled_map_of_the_standard_board(board, tmp_path):
    target = tmp_path / "board.tmj"
    assert main(["export", str(board), "--format", "tiled", "-o", str(target)]) == 0
    document = json.loads(target.read_text())
    assert (document["orientation"], document["staggeraxis"], document["staggerindex"]) == ("hexagonal", "y", "even")
    assert (document["width"], document["height"]) == (7, 7)
    rows = [document["layers"][0]["data"][i * 7:(i + 1) * 7] for i in range(7)]
    # r = -3 (an odd row, shifted half a hex right): q 0..3 at columns 1..4; the middle row
    # fills all 7, the junkyards [-1,0] (p1: tile 2) and [1,0] (p2: tile 3) either side of the centre
    assert rows[0] == [0, 1, 1, 1, 1, 0, 0]
    assert rows[3] == [1, 1, 2, 1, 3, 1, 1]
    assert sum(v > 0 for v in document["layers"][0]["data"]) == 37
    assert (tmp_path / "board-tiles.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    import pytiled_parser

    parsed = pytiled_parser.parse_map(target)
    assert (parsed.map_size.width, parsed.map_size.height, parsed.orientation) == (7, 7, "hexagonal")
    assert (parsed.stagger_axis, parsed.stagger_index, parsed.hex_side_length) == ("y", "even", 30)
    cars = next(layer for layer in parsed.layers if layer.name == "cars")
    first = cars.tiled_objects[0]
    assert first.properties == {"player": "p1", "car": 1, "facing": "southwest", "facing_written": True}
    # p1's car 1 at [2,-3]: column 3 of row 0, shifted: x = 3 * 52 + 26 + 26 = 208, y = 30
    assert (first.coordinates.x, first.coordinates.y) == (208, 30)


def test_a_tmx_map_is_tileds_xml_and_reads_as_the_tmj_does(board, tmp_path):
    """-o board.tmx writes TMX (issue 24 item 3 holds for every game): pytmx and pytiled-parser read
    the XML, and pytiled-parser finds the same map in both forms."""
    import pytiled_parser
    import pytmx

    for name in ("board.tmx", "board.tmj"):
        assert main(["export", str(board), "--format", "tiled", "-o", str(tmp_path / name)]) == 0
    assert (tmp_path / "board.tmx").read_text().startswith('<?xml version="1.0" encoding="UTF-8"?>\n<map ')
    loaded = pytmx.TiledMap(str(tmp_path / "board.tmx"))
    assert (loaded.width, loaded.height, loaded.orientation, loaded.staggeraxis, loaded.staggerindex) == \
        (7, 7, "hexagonal", "y", "even")
    cars = list(loaded.get_layer_by_name("cars"))
    assert len(cars) == 12 and cars[4].properties["facing"] == "west"
    assert (cars[0].x, cars[0].y) == (208, 30)  # p1's car 1, as the .tmj test works out
    xml, json_map = (pytiled_parser.parse_map(tmp_path / name) for name in ("board.tmx", "board.tmj"))
    assert xml.layers[0].data == json_map.layers[0].data
    assert [o.properties for o in xml.layers[1].tiled_objects] == [o.properties for o in json_map.layers[1].tiled_objects]


def test_a_tiled_map_of_another_name_is_refused_before_anything_is_written(board, tmp_path, capsys):
    assert main(["export", str(board), "--format", "tiled", "-o", str(tmp_path / "board.xml")]) == 2
    assert "a Tiled map is named .tmx" in capsys.readouterr().err
    assert not (tmp_path / "board.xml").exists() and not (tmp_path / "board-tiles.png").exists()


@pytest.mark.skipif(shutil.which("tiled") is None, reason="the Tiled editor is not installed")
def test_tiled_opens_the_map_and_pytmx_reads_it(board, tmp_path):
    import pytmx

    assert main(["export", str(board), "--format", "tiled", "-o", str(tmp_path / "board.tmj")]) == 0
    subprocess.run(["tiled", "--export-map", "tmx", str(tmp_path / "board.tmj"), str(tmp_path / "board.tmx")],
                   check=True, capture_output=True, timeout=120, env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"})
    loaded = pytmx.TiledMap(str(tmp_path / "board.tmx"))
    assert (loaded.width, loaded.height, loaded.orientation, loaded.staggeraxis) == (7, 7, "hexagonal", "y")
    cars = list(loaded.get_layer_by_name("cars"))
    assert len(cars) == 12 and cars[4].properties["facing"] == "west"


def test_show_prints_rows_offset_half_a_hex(board, capsys):
    assert main(["show", str(board)]) == 0
    text = capsys.readouterr().out
    lines = {line.split()[0]: line for line in text.splitlines() if line.startswith("r=")}
    # each row starts three characters (half a hex) further right than the row r - 1 above ... or
    # further left, up to the middle row: [-3,0] is the westmost hex, [0,-3] and [-3,3] half-way in
    assert lines["r=0"].index("B5e") == lines["r=-1"].index("B6e") - 3
    assert lines["r=0"].split()[1:] == ["B5e", ".", "J1", ".", "J2", ".", "A5w"]
    assert layout_text(STANDARD).count("A") >= 6


def test_render_draws_hexes_at_true_size(board, tmp_path, qapp):  # qapp: one QApplication for the file
    from PySide6.QtGui import QImage

    from crashgrab.editor.image_size import MARGIN_CELLS

    unit_mm = 30 / math.sqrt(3)   # a hex radius, when a hex is 30 mm across its flats
    width_mm = (7 * math.sqrt(3) + 2 * MARGIN_CELLS) * unit_mm   # seven hexes across the middle row
    height_mm = (11 + 2 * MARGIN_CELLS) * unit_mm                 # 1.5 r from -3 to 3, plus a radius each end
    assert main(["render", str(board), "-o", str(tmp_path / "board.png"), "--dpi", "50"]) == 0
    image = QImage(str(tmp_path / "board.png"))
    assert (image.width(), image.height()) == (round(width_mm / 25.4 * 50), round(height_mm / 25.4 * 50))
    px = 50 / 25.4

    def pixel(q, r, dx=0.0, dy=0.0):
        x = (math.sqrt(3) * (q + r / 2) + dx + 3.5 * math.sqrt(3) + MARGIN_CELLS) * unit_mm * px
        y = (1.5 * r + dy + 5.5 + MARGIN_CELLS) * unit_mm * px
        return image.pixelColor(round(x), round(y)).name()

    assert pixel(-1, 0) == "#1e3a8a" and pixel(1, 0) == "#7f1d1d"   # the junkyards, their owners' shades
    assert pixel(0, 0) == "#f8fafc"                                   # a plain hex
    assert pixel(-1, -3) == "#ffffff"      # not a hex: the top row starts at q = 0
    assert pixel(0, -3, dy=-1.05) == "#ffffff"                        # just above the top row's point
    assert image.pixelColor(1, 1).name() == "#ffffff"                 # the margin
    assert main(["render", str(board), "-o", str(tmp_path / "board.svg")]) == 0
    svg = (tmp_path / "board.svg").read_text()
    assert f'viewBox="0 0 {round(width_mm, 3):g} ' in svg and "one unit = 17.3205 mm" in svg


def test_describe_and_the_template_for_two_players():
    assert SYSTEM.describe_layout(STANDARD) == "Crash!, standard board (template standard, 37 hexes)"
    assert SYSTEM.template_for_players(2).id == "standard"


def test_the_read_only_view_holds_every_hex_and_names_what_is_under_the_pointer(qtbot):
    from PySide6.QtCore import QPointF

    from crashgrab.editor.game_views import CELL, ReadOnlyBoardWindow

    window = ReadOnlyBoardWindow(SYSTEM, STANDARD, None)
    qtbot.addWidget(window)
    bounds = window.board_item.boundingRect()
    for cell in STANDARD.hexes:   # hexes left and above [0,0] have negative board units: not clipped
        for x, y in SYSTEM.geometry.cell_polygon(cell):
            assert bounds.contains(QPointF(x * CELL, y * CELL))
    x, y = SYSTEM.geometry.cell_centre((3, 0))
    assert window.board_item.describe_at(QPointF(x * CELL, y * CELL)) == "[3,0]: Start 5 facing west"
    assert window.findings.count() == 0


def test_print_makes_a_poster_of_the_board_at_true_size(board, tmp_path, capsys, qapp):
    """A hex 30 mm across its flats: the standard board is 7 flats wide (its middle row) and
    1.5 radii a row for 6 rows plus 2 radii tall, so 210 x 190.53 mm of picture."""
    from crashgrab.editor.print_pages import PrintSettings
    from crashgrab.editor.print_pdf import poster_job

    radius_mm = 30 / math.sqrt(3)
    job = poster_job(SYSTEM, template_layout("standard"), PrintSettings(cell_mm=radius_mm))
    width, height = job.plan.picture
    assert width == pytest.approx(7 * 30) and height == pytest.approx((1.5 * 6 + 2) * radius_mm)
    assert main(["print", str(board), "-o", str(tmp_path / "board.pdf")]) == 0
    err = capsys.readouterr().err
    assert "poster:" in err and "17.32 mm a cell" in err and "Traceback" not in err
    assert (tmp_path / "board.pdf").read_bytes().count(b"/TrimBox") >= job.page_count
