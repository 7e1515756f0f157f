"""Print-and-play: page plans worked out by hand, and the PDF read back with pypdf, for every
installed game (the board poster) and Crash & Grab's tile sheets; its TrimBox and BleedBox;
hostile paths given to `crashgrab print`."""
from __future__ import annotations

import json
import os
import shutil
import subprocess

import pypdf
import pytest

from crashgrab.editor.crash_and_grab.output.print_plan import mirrored, tile_sheets
from crashgrab.editor.print_pages import PrintSettings, Rect, poster, printable_area
from crashgrab.engine.cli import main
from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.formats.layout_io import layout_to_json, load_layout
from crashgrab.engine.crash_and_grab.tileset_file import standard_tileset
from crashgrab.engine.games import all_systems
from tests.conftest import LAYOUTS
from tests.test_game_systems import toy_installed  # noqa: F401  (a fixture, by name)

MM_PER_POINT = 25.4 / 72


@pytest.fixture(autouse=True)
def _application(qapp):
    """A QApplication before any page is painted, so the widget tests of other files may follow in
    the same process (a QGuiApplication made first by the painting would stop them)."""
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
    # A4 portrait: printable 190 x 263 at (10, 10), less 8 mm round the cut line for the 3 mm bleed
    # and the crop marks: 174 x 247 at (18, 18). Overlap 12 -> ceil((305 - 12) / 162) = 2 columns,
    # ceil(293 / 235) = 2 rows. Landscape (247 x 174) also needs 2 x 2, so portrait wins the tie.
    plan = poster(305, 305, PrintSettings())
    assert (plan.landscape, plan.rows, plan.columns) == (False, 2, 2)
    assert [p.name for p in plan.pages] == ["A1", "A2", "B1", "B2"]
    a2 = plan.pages[1]
    assert a2.window == Rect(162, 0, 305 - 162, 247) and a2.area == Rect(18, 18, 143, 247)
    # Neighbours overlap by 12 mm of the picture.
    assert plan.pages[0].window.right - a2.window.x == 12
    # The cut line is the picture's part on the page; the bleed runs 3 mm past it, as far as the picture goes:
    # A2 shows picture x 162-305, so 3 mm more of it to the left, none past its right edge (x 305).
    assert plan.boxes(1).trim == a2.area and plan.boxes(1).bleed == Rect(15, 15, 149, 253)
    assert plan.bleed_of(a2) == Rect(15, 18, 146, 250)


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


# --- every installed game --------------------------------------------------------------------

POINTS_PER_MM = 72 / 25.4


def a_board_of(system):
    """A full board of the game's first template (a random setup where the game deals one)."""
    template = system.templates[0]
    seed = 1 if system.random_setup else None
    return system.new_layout(template.players[0], seed=seed)


def write_board(system, folder):
    path = folder / f"{system.id}.json"
    path.write_text(json.dumps(system.layout_to_json(a_board_of(system), folder)), encoding="utf-8")
    return path


def boxes_mm(page):
    """(media, trim, bleed) of a page, in mm from the page's top-left corner: (x, y, w, h)."""
    top = float(page.mediabox.top)

    def mm(box):
        return (round(float(box.left) / POINTS_PER_MM, 2), round((top - float(box.top)) / POINTS_PER_MM, 2),
                round(float(box.width) / POINTS_PER_MM, 2), round(float(box.height) / POINTS_PER_MM, 2))
    return mm(page.mediabox), mm(page.trimbox), mm(page.bleedbox)


def assert_nested_boxes(reader, bleed_mm=3.0):
    """Every page has its own TrimBox and BleedBox (not the page's), trim inside bleed inside media,
    the bleed `bleed_mm` round the trim."""
    for page in reader.pages:
        assert "/TrimBox" in page and "/BleedBox" in page
        media, trim, bleed = boxes_mm(page)
        assert trim != media
        tx, ty, tw, th = trim
        assert bleed == pytest.approx((tx - bleed_mm, ty - bleed_mm, tw + 2 * bleed_mm, th + 2 * bleed_mm), abs=0.01)
        mx, my, mw, mh = media
        assert mx <= bleed[0] and my <= bleed[1] and bleed[0] + bleed[2] <= mx + mw and bleed[1] + bleed[3] <= my + mh


@pytest.mark.parametrize("system", all_systems(), ids=lambda s: s.id)
@pytest.mark.parametrize("poster_flag", [[], ["--poster"]], ids=["default", "poster"])
def test_every_installed_game_prints(tmp_path, capsys, system, poster_flag):
    layout = write_board(system, tmp_path)
    out = tmp_path / "board.pdf"
    assert main(["print", str(layout), "-o", str(out), *poster_flag]) == 0, capsys.readouterr().err
    err = capsys.readouterr().err
    assert "Traceback" not in err and f"wrote {out} (" in err
    reader = pypdf.PdfReader(str(out))
    assert len(reader.pages) >= 1
    assert_nested_boxes(reader)
    if poster_flag:
        assert "(poster:" in err and "A1" in reader.pages[0].extract_text().split()


def test_a_game_without_sheets_of_its_own_prints_its_poster_cut_at_the_arena(tmp_path, capsys):
    """Crash Grid's 12 x 12 arena at 25 mm: 300 mm, printed from its picture with no margin round it.
    On A4 (174 x 247 mm inside the bleed and marks, 12 mm overlap) that is 2 x 2 pages: A1 shows
    picture mm 0-174 x 0-247, A2 162-300 (138 wide), B1 235-300 (65 high)."""
    assert main(["new", "--game", "crash-grid", "--players", "4", "-o", str(tmp_path / "arena.json")]) == 0
    out = tmp_path / "arena.pdf"
    assert main(["print", str(tmp_path / "arena.json"), "-o", str(out)]) == 0
    assert "(poster: 4 pages of 210 x 297 mm, 25 mm a cell)" in capsys.readouterr().err
    reader = pypdf.PdfReader(str(out))
    trims = [boxes_mm(page)[1] for page in reader.pages]
    assert trims == [pytest.approx(t, abs=0.01) for t in
                     [(18, 18, 174, 247), (18, 18, 138, 247), (18, 18, 174, 65), (18, 18, 138, 65)]]


def test_tile_sheet_boxes_by_hand(tmp_path):
    """A tile set of the one 4x4 tile: its cut line at (18, 18), 100 mm square; long-edge duplex puts
    the back's at (210 - 18 - 100, 18) = (92, 18). The bleed is 3 mm round it."""
    document = json.loads((LAYOUTS / "tilesets" / "standard.json").read_text(encoding="utf-8"))
    document["tiles"] = [t for t in document["tiles"] if t["id"] == "1"]
    (tmp_path / "one.json").write_text(json.dumps(document))
    out = tmp_path / "one.pdf"
    assert main(["print", str(tmp_path / "one.json"), "-o", str(out)]) == 0
    reader = pypdf.PdfReader(str(out))
    (_, front_trim, front_bleed), (_, back_trim, _) = (boxes_mm(page) for page in reader.pages)
    assert front_trim == pytest.approx((18, 18, 100, 100), abs=0.01)
    assert front_bleed == pytest.approx((15, 15, 106, 106), abs=0.01)
    assert back_trim == pytest.approx((92, 18, 100, 100), abs=0.01)
    # The standard set's first sheet: the cut lines of all its tiles lie inside the page's TrimBox.
    assert main(["print", str(LAYOUTS / "tilesets" / "standard.json"), "-o", str(out), "--bleed-mm", "5"]) == 0
    reader = pypdf.PdfReader(str(out))
    assert_nested_boxes(reader, bleed_mm=5)
    plan = tile_sheets(standard_tileset().tiles, PrintSettings(bleed_mm=5))
    for page, planned in zip(reader.pages, plan.pages):
        x, y, w, h = boxes_mm(page)[1]
        trim = Rect(x, y, w, h)
        assert all(trim.contains(t.trim, tolerance=0.01) for t in planned.tiles)


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf is not installed")
def test_qpdf_finds_the_pdf_sound(tmp_path):
    out = tmp_path / "tiles.pdf"
    assert main(["print", str(LAYOUTS / "standard-2-4p.json"), "-o", str(out)]) == 0
    result = subprocess.run(["qpdf", "--check", str(out)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_poster_of_an_unfinished_board_warns_as_render_does(tmp_path, capsys):
    document = json.loads((LAYOUTS / "standard-2-4p.json").read_text(encoding="utf-8"))
    del document["placements"][0]  # a core slot stays empty
    layout = tmp_path / "unfinished.json"
    layout.write_text(json.dumps(document))
    out = tmp_path / "poster.pdf"
    assert main(["print", str(layout), "--poster", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert f"{layout}: error template-incomplete" in err and "(printed as it is)" in err and out.exists()
    assert main(["print", str(LAYOUTS / "standard-2-4p.json"), "--poster", "-o", str(out)]) == 0
    assert "printed as it is" not in capsys.readouterr().err  # a finished board: no warning


@pytest.mark.parametrize("document,expected", [
    ({"format": "crash-grab-layout", "version": 2, "game": "no-such-game", "name": "x"},
     "this file is for the game 'no-such-game', which is not installed"),
    ({"format": "crash-grab-scenario", "version": 2}, "this is a scenario, not a layout"),
    ({"format": "something-else"}, "not a layout"),
], ids=["game not installed", "a scenario", "another format"])
def test_a_file_no_game_prints_is_one_line_and_exit_2(tmp_path, capsys, document, expected):
    file = tmp_path / "x.json"
    file.write_text(json.dumps(document))
    out = tmp_path / "x.pdf"
    assert main(["print", str(file), "-o", str(out)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"crashgrab print: {file}") and expected in lines[0], lines
    assert not out.exists()


# --- hostile paths (issue 27, item 7) --------------------------------------------------------

def symlink_loop(folder, name):
    a, b = folder / name, folder / f"{name}.other"
    os.symlink(b, a)
    os.symlink(a, b)
    return a


@pytest.mark.parametrize("where", ["input", "output"])
def test_a_symlink_loop_is_one_line_and_exit_2(tmp_path, capsys, where):
    loop = symlink_loop(tmp_path, "loop.pdf" if where == "output" else "loop.json")
    source, out = (LAYOUTS / "standard-2-4p.json", loop) if where == "output" else (loop, tmp_path / "x.pdf")
    assert main(["print", str(source), "-o", str(out)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and "loop of symbolic links" in lines[0] and str(loop) in lines[0], lines
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize("how", ["hard link", "symlink", "another spelling"])
def test_the_output_is_never_the_input(tmp_path, capsys, how):
    # A layout named .pdf, so the output check alone cannot refuse it.
    source = tmp_path / "board.pdf"
    shutil.copy(LAYOUTS / "standard-2-4p.json", source)
    before = source.read_bytes()
    (tmp_path / "sub").mkdir()
    out = {"hard link": tmp_path / "linked.pdf", "symlink": tmp_path / "sym.pdf",
           "another spelling": tmp_path / "sub" / ".." / "board.pdf"}[how]
    if how == "hard link":
        os.link(source, out)
    elif how == "symlink":
        os.symlink(source, out)
    assert main(["print", str(source), "-o", str(out)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and "the output is the input file" in lines[0], lines
    assert source.read_bytes() == before


# --- a game no generic module knows (tests/toy_game.py) ---------------------------------------

def test_a_game_without_an_editor_prints_its_poster_from_its_picture(toy_installed, tmp_path, capsys):
    from tests.toy_game import GAME

    path = tmp_path / "field.json"
    assert main(["new", "--game", GAME, "--players", "2", "-o", str(path)]) == 0
    out = tmp_path / "field.pdf"
    # The 4 x 4 field at 50 mm a cell: 200 mm, cut at its edge. A4 inside the bleed and marks is 174 x 247,
    # so 2 columns (ceil((200 - 12) / 162)) and 1 row.
    assert main(["print", str(path), "-o", str(out), "--cell-mm", "50"]) == 0
    assert "(poster: 2 pages of 210 x 297 mm, 50 mm a cell)" in capsys.readouterr().err
    reader = pypdf.PdfReader(str(out))
    assert [boxes_mm(page)[1] for page in reader.pages] == [pytest.approx(t, abs=0.01) for t in
                                                            [(18, 18, 174, 200), (18, 18, 38, 200)]]
    with pytest.raises(SystemExit):
        main(["print", "--help"])
    assert f"  {GAME} (Fence Posts (toy)): the board poster." in capsys.readouterr().out


def test_the_arena_poster_looks_like_the_arena_editor():
    """Crash Grid's editor paints the poster (GameEditor.paint_board): each start in its suit's colour."""
    from crashgrab.editor.crash_grid import EDITOR
    from crashgrab.editor.crash_grid.scene import SUIT_COLOURS
    from crashgrab.editor.print_pdf import page_image, poster_job
    from crashgrab.engine.crash_grid.templates import template_layout
    from crashgrab.engine.games import get_system

    layout = template_layout("4")
    job = poster_job(get_system("crash-grid"), layout, PrintSettings(),
                     paint_board=lambda painter, cell: EDITOR.paint_board(painter, layout, cell))
    dpi = 50
    images = [page_image(job, index, dpi) for index in range(job.page_count)]
    seen = set()
    for start in layout.starts:
        for page, image in zip(job.plan.pages, images):
            # Near the card's top-left corner, clear of its white arrow whatever its facing: picture mm.
            x_mm, y_mm = (start.cell[0] + 0.28) * 25, (start.cell[1] + 0.18) * 25
            if page.window.x <= x_mm < page.window.right and page.window.y <= y_mm < page.window.bottom:
                px = round((page.area.x + x_mm - page.window.x) / 25.4 * dpi)
                py = round((page.area.y + y_mm - page.window.y) / 25.4 * dpi)
                assert image.pixelColor(px, py).name() == SUIT_COLOURS[start.suit].name(), start
                seen.add(start.suit)
                break
    assert seen == {start.suit for start in layout.starts} and len(seen) == 4
