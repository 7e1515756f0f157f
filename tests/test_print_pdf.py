"""Print-and-play: page plans worked out by hand, and the PDF read back with pypdf."""
from __future__ import annotations

import json

import pypdf
import pytest

from crashgrab.editor.crash_and_grab.print_plan import (PrintSettings, Rect, mirrored, poster, printable_area, tile_sheets)
from crashgrab.engine.cli import main
from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.formats.layout_io import layout_to_json, load_layout
from crashgrab.engine.crash_and_grab.tileset_file import standard_tileset
from tests.conftest import LAYOUTS

MM_PER_POINT = 25.4 / 72
A4_POINTS, LETTER_POINTS = (595.28, 841.89), (612.0, 792.0)


def tiles(*ids):
    tileset = standard_tileset()
    return [tileset.get(i) for i in ids]


def test_one_core_tile_front_and_back_worked_out_by_hand():
    # A4 210 x 297; margin 10; zone round the cut line = bleed 3 + gap 1 + mark 4 = 8 mm.
    # So the 100 mm tile's cut line starts at (18, 18). Long edge: x mirrors -> 210 - 18 - 100 = 92.
    # Short edge: y mirrors -> 297 - 18 - 100 = 179.
    for duplex, back in (("long", Rect(92, 18, 100, 100)), ("short", Rect(18, 179, 100, 100))):
        plan = tile_sheets(tiles("1"), PrintSettings(duplex=duplex))
        front_page, back_page = plan.pages
        assert (front_page.face, back_page.face) == ("front", "back")
        (front,), (behind,) = front_page.tiles, back_page.tiles
        assert (front.tile, front.side, front.trim) == ("1", "A", Rect(18, 18, 100, 100))
        assert (behind.tile, behind.side, behind.trim) == ("1", "B", back)


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_b_lands_exactly_behind_its_a(duplex, paper):
    """Turn each back page over the way the printer does; every B must cover its A exactly."""
    settings = PrintSettings(paper=paper, duplex=duplex)
    plan = tile_sheets(standard_tileset().tiles, settings)
    width, height = settings.paper_size
    fronts, backs = plan.pages[0::2], plan.pages[1::2]
    assert all(p.face == "front" for p in fronts) and all(p.face == "back" for p in backs)
    for front, back in zip(fronts, backs):
        assert front.sheet == back.sheet
        turned_over = {}
        for b in back.tiles:
            r = b.trim  # the sheet turned over about its long (x mirrors) or short (y mirrors) edge
            turned_over[b.tile] = (Rect(width - r.right, r.y, r.w, r.h) if duplex == "long"
                                   else Rect(r.x, height - r.bottom, r.w, r.h))
        assert turned_over == {a.tile: a.trim for a in front.tiles}


def test_sheets_hold_every_tile_once_inside_the_paper_without_overlaps():
    settings = PrintSettings()
    plan = tile_sheets(standard_tileset().tiles, settings)
    area = printable_area(settings)
    fronts = [p for p in plan.pages if p.face == "front"]
    placed = [t for page in fronts for t in page.tiles]
    assert sorted(t.tile for t in placed) == sorted(t.id for t in standard_tileset().tiles)
    for page in fronts:
        boxes = [t.trim.inflated(settings.zone_mm) for t in page.tiles]
        assert all(area.contains(box) for box in boxes)
        assert not any(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    for t in placed:  # true size: cells x 25 mm, turned or not
        tile = standard_tileset().get(t.tile)
        size = (tile.width * 25, tile.height * 25)
        assert (t.trim.w, t.trim.h) == (size if t.quarter_turns == 0 else size[::-1])
    # 14 tiles at 25 mm on A4: 3 sheets, so 6 pages (fronts and backs alternating).
    assert len(plan.pages) == 6 and plan.sheets == 3


def test_without_duplex_the_backs_follow_the_fronts():
    plan = tile_sheets(standard_tileset().tiles, PrintSettings(duplex="none"))
    assert [p.face for p in plan.pages] == ["front"] * 3 + ["back"] * 3
    assert [p.sheet for p in plan.pages] == [1, 2, 3, 1, 2, 3]
    size = PrintSettings().paper_size
    for front, back in zip(plan.pages[:3], plan.pages[3:]):  # glued on, turned left to right
        assert [mirrored(t.trim, size, "long") for t in front.tiles] == [t.trim for t in back.tiles]


def test_a_tile_larger_than_the_printable_area_is_an_error_naming_it():
    with pytest.raises(InvalidFileError) as error:
        tile_sheets(tiles("9", "1"), PrintSettings(cell_mm=60))
    message = str(error.value)
    assert "tile 1 (4x4 cells, 240 x 240 mm at 60 mm a cell" in message and "A4 (190 x 263 mm)" in message
    # (190 - 16) / 4 = 43.5 mm a cell is the largest that fits.
    assert "--cell-mm 43.5 or less" in message


def test_poster_pages_by_hand():
    # The 10x10 board with its 1.1-cell marker margins at 25 mm: 12.2 x 25 = 305 mm square.
    # A4 portrait: area 190 x 263, overlap 12 -> ceil((305 - 12) / 178) = 2 columns,
    # ceil(293 / 251) = 2 rows. Landscape also needs 2 x 2, so portrait wins the tie.
    plan = poster(305, 305, PrintSettings())
    assert (plan.landscape, plan.rows, plan.columns) == (False, 2, 2)
    assert [p.name for p in plan.pages] == ["A1", "A2", "B1", "B2"]
    a2 = plan.pages[1]
    assert a2.window == Rect(178, 0, 305 - 178, 263) and a2.area == Rect(10, 10, 127, 263)
    # Neighbours overlap by 12 mm of the picture.
    assert plan.pages[0].window.right - a2.window.x == 12


def pdf_pages(path):
    reader = pypdf.PdfReader(str(path))
    return reader, [(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages]


@pytest.mark.parametrize("paper,points", [("a4", A4_POINTS), ("letter", LETTER_POINTS)])
def test_cli_tile_sheets_pdf_page_count_and_size(tmp_path, capsys, paper, points):
    out = tmp_path / "tiles.pdf"
    assert main(["print", str(LAYOUTS / "tilesets" / "standard.json"), "-o", str(out), "--paper", paper]) == 0
    reader, sizes = pdf_pages(out)
    assert len(sizes) == 6
    for width, height in sizes:
        assert width == pytest.approx(points[0], abs=1) and height == pytest.approx(points[1], abs=1)
    assert "6 pages" in capsys.readouterr().err
    # Vectors: the lettering is text in the PDF, and no page holds a raster image.
    text = " ".join(reader.pages[0].extract_text().split())
    assert "1A" in text and "this bar must measure 50 mm" in text and "sheet 1 of 3" in text
    assert "B" in reader.pages[1].extract_text()
    for page in reader.pages:
        xobjects = page.get("/Resources", {}).get("/XObject", {})
        assert not any(xobjects[name].get_object().get("/Subtype") == "/Image" for name in xobjects)


def test_cli_uses_the_layouts_cell_size_unless_given(tmp_path, capsys):
    document = layout_to_json(load_layout(LAYOUTS / "standard-2-4p.json"))
    document["print"] = {"cell_mm": 20}
    layout = tmp_path / "small.json"
    layout.write_text(json.dumps(document))
    assert main(["print", str(layout), "-o", str(tmp_path / "a.pdf")]) == 0
    assert "20 mm a cell" in capsys.readouterr().err
    assert len(pdf_pages(tmp_path / "a.pdf")[1]) == 4  # 20 mm cells: all 14 tiles on 2 sheets
    assert main(["print", str(layout), "-o", str(tmp_path / "b.pdf"), "--cell-mm", "25"]) == 0
    assert "25 mm a cell" in capsys.readouterr().err


def test_cli_poster(tmp_path, capsys):
    out = tmp_path / "poster.pdf"
    assert main(["print", str(LAYOUTS / "standard-6p.json"), "--poster", "-o", str(out)]) == 0
    reader, sizes = pdf_pages(out)
    assert len(sizes) == 4
    assert all(w == pytest.approx(A4_POINTS[0], abs=1) for w, _ in sizes)
    assert "A2" in reader.pages[1].extract_text().split() and "Sun" in reader.pages[0].extract_text().split()


@pytest.mark.parametrize("args,code,expected", [
    (["--cell-mm", "60"], 2, "tile 1 (4x4 cells"),
    (["--cell-mm", "2"], 2, "a cell of 2 mm is outside 5-100 mm"),
    (["--poster", "--tileset"], 2, "a poster needs a layout"),
])
def test_cli_refusals_write_nothing(tmp_path, capsys, args, code, expected):
    out = tmp_path / "x.pdf"
    source = LAYOUTS / ("tilesets/standard.json" if "--tileset" in args else "standard-2-4p.json")
    args = [a for a in args if a != "--tileset"]
    assert main(["print", str(source), "-o", str(out), *args]) == code
    err = capsys.readouterr().err
    assert expected in err and "Traceback" not in err
    assert not out.exists()


def test_cli_wants_a_pdf_name(tmp_path, capsys):
    assert main(["print", str(LAYOUTS / "standard-2-4p.json"), "-o", str(tmp_path / "x.png")]) == 2
    assert "is not a .pdf file" in capsys.readouterr().err
