"""Board images: PNG at a chosen DPI and SVG, drawn by the editor's painter; `crashgrab render`;
File > Export Image in the editor.

Sizes worked out by hand from the rule in docs/exports.md: one cell = 25 mm, plus 1.1 cells of
marker margin on each side, so a W-cell-wide board is (W + 2.2) * 25 mm wide, and a PNG is
round(mm / 25.4 * dpi) pixels. At 254 dpi a millimetre is exactly 10 pixels and a cell 250.

The free-form board used for pixels (as in test_editor_painter): tile 1 side A at (0,0) (Crash
Sites 1 at (1,0), 3 at (2,1), 2 at (0,2); Accelerators at (3,0) and (0,3)) and tile 9 side B
(plain) at (5,0): 6x4 cells, column 4 and the cells under tile 9 are holes. 205 x 155 mm.
"""
from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from crashgrab.editor import qt_images
from crashgrab.editor.crash_and_grab import style
from crashgrab.editor.crash_and_grab.output import image_export
from crashgrab.editor.crash_and_grab.marker_painter import marker_margin, marker_rects
from crashgrab.editor.crash_and_grab.document import blank_layout
from crashgrab.editor.crash_and_grab.output.image_export import png_bytes, render_png, svg_bytes, write_board_image
from crashgrab.editor.crash_and_grab.window.image_export_dialog import ImageResolutionDialog
from crashgrab.editor.image_size import MARGIN_CELLS, MAX_DPI, MIN_DPI, ImageGeometry, check_dpi, image_format
from crashgrab.engine.cli import main
from crashgrab.engine.errors import InvalidFileError, UsageError
from crashgrab.engine.formats.jsonio import read_json
from crashgrab.engine.formats.layout_io import layout_to_json, load_layout
from crashgrab.engine.formats.png import png_chunks
from crashgrab.engine.grid.model import Placement as P
from tests.conftest import LAYOUTS, ROOT
from tests.editor_fixtures import settings, window  # noqa: F401  (fixtures, by name)

FREE = blank_layout(None).with_placements([P("1", "A", 0, 0, 0), P("9", "B", 5, 0, 0)])
SVG = "{http://www.w3.org/2000/svg}"


def png_header(data: bytes) -> dict:
    """Width, height and pixels per metre, read from the PNG's own chunks (not through Qt)."""
    chunks = dict(png_chunks(data))
    width, height = struct.unpack(">II", chunks[b"IHDR"][:8])
    per_metre_x, per_metre_y, unit = struct.unpack(">IIB", chunks[b"pHYs"])
    assert unit == 1  # metres
    return {"size": (width, height), "per_metre": (per_metre_x, per_metre_y)}


def close(colour: QColor, expected: QColor, tolerance: int = 30) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour.getRgb()[:3], expected.getRgb()[:3]))


def board_pixel(image: QImage, dpi: float, x: float, y: float) -> QColor:
    """The colour at board position (x, y) in cells, e.g. (1.5, 0.5) is the middle of cell (1, 0)."""
    per_cell = 25 / 25.4 * dpi
    return image.pixelColor(int((MARGIN_CELLS + x) * per_cell), int((MARGIN_CELLS + y) * per_cell))


def write_layout(path, layout) -> str:
    path.write_text(json.dumps(layout_to_json(layout)))
    return str(path)


# --- size rule ---------------------------------------------------------------------------------

@pytest.mark.parametrize("cells, dpi, mm, pixels", [
    ((8, 8), 150, (255, 255), (1506, 1506)),  # 255 / 25.4 * 150 = 1505.9
    ((8, 8), 300, (255, 255), (3012, 3012)),  # 3011.8
    ((9, 9), 150, (280, 280), (1654, 1654)),  # 1653.5
    ((9, 9), 300, (280, 280), (3307, 3307)),  # 3307.1
    ((10, 10), 300, (305, 305), (3602, 3602)),  # 3602.4
    ((6, 4), 100, (205, 155), (807, 610)),  # 807.1, 610.2
    ((6, 4), 254, (205, 155), (2050, 1550)),  # exactly 10 pixels per millimetre
    ((1, 1), 10, (80, 80), (31, 31)),  # 31.5 minus a hair: 80 / 25.4 * 10 = 31.496
])
def test_the_size_follows_from_the_board_and_the_dpi(cells, dpi, mm, pixels):
    geometry = ImageGeometry(*cells)
    assert (geometry.width_mm, geometry.height_mm) == mm
    assert geometry.pixel_size(dpi) == pixels


def test_the_margin_is_the_one_the_painter_leaves_for_the_markers():
    assert MARGIN_CELLS == pytest.approx(marker_margin(1.0))


def test_the_largest_allowed_dpi_keeps_the_image_under_the_pixel_limit():
    for cells in ((10, 10), (30, 30), (60, 20)):
        geometry = ImageGeometry(*cells)
        top = geometry.max_dpi()
        assert check_dpi(top, geometry) == top
        if top < MAX_DPI:
            with pytest.raises(UsageError, match=f"at most --dpi {top}"):
                check_dpi(top + 1, geometry)
    assert ImageGeometry(8, 8).max_dpi() == 996  # 255 mm square: 996 dpi gives 9999x9999 pixels


@pytest.mark.parametrize("name, expected", [("board.png", "png"), ("Board.PNG", "png"), ("b.svg", "svg"),
                                            ("dir.v2/b.Svg", "svg")])
def test_the_extension_picks_the_format(name, expected):
    assert image_format(name) == expected


@pytest.mark.parametrize("name", ["board.jpg", "board", "board.png.txt", "svg"])
def test_other_extensions_are_usage_errors(name):
    with pytest.raises(UsageError, match="cannot tell the image format"):
        image_format(name)


@pytest.mark.parametrize("dpi", [MIN_DPI - 1, 0, -300, MAX_DPI + 1])
def test_a_dpi_out_of_range_is_a_usage_error(dpi):
    with pytest.raises(UsageError, match="out of range"):
        check_dpi(dpi)


# --- PNG ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("dpi, size, per_metre", [(100, (807, 610), 3937), (254, (2050, 1550), 10000)])
def test_a_png_has_the_pixel_size_and_the_dpi_of_the_rule(dpi, size, per_metre):
    data = png_bytes(FREE, dpi)
    assert png_header(data) == {"size": size, "per_metre": (per_metre, per_metre)}  # dpi / 0.0254
    image = QImage.fromData(data, "PNG")
    assert (image.width(), image.height()) == size
    assert image.text("Title") == "Untitled layout"


@pytest.mark.parametrize("dpi", [100, 254])
@pytest.mark.parametrize("where, expected", [
    ((1.22, 0.5), style.CRASH_SITE),  # Crash Site 1's disc, left of its number
    ((2.22, 1.5), style.CRASH_SITE),  # Crash Site 3
    ((3.25, 0.5), style.ACCELERATOR),  # the Accelerator's diamond, left of its chevrons
    ((2.5, 2.5), style.PAPER["core"]),  # a plain space on tile 1
    ((5.5, 0.7), style.PAPER["centre5"]),  # tile 9, side B: plain
    ((-1.05, -1.05), QColor("white")),  # the paper around the board, outside the marker pills
    ((6.2, 3.9), QColor("white")),  # the margin just beyond the south-east corner
])
def test_png_pixels_show_the_board(qapp, dpi, where, expected):
    image = render_png(FREE, dpi)
    colour = board_pixel(image, dpi, *where)
    assert close(colour, expected), (where, colour.name())


def test_a_crash_site_is_not_plain_paper_and_a_hole_is_hatched(qapp):
    image = render_png(FREE, 254)
    assert not close(board_pixel(image, 254, 1.22, 0.5), style.PAPER["core"], 60)
    hole = {board_pixel(image, 254, 4 + dx / 50, 1 + dy / 50).name() for dx in range(5, 45) for dy in range(5, 45)}
    assert any(close(QColor(c), style.HOLE_FILL, 6) for c in hole)
    assert any(close(QColor(c), style.HOLE_HATCH, 30) for c in hole)


def test_the_direction_markers_are_in_the_png(qapp):
    dpi = 254
    image = render_png(FREE, dpi)
    units = 250 / style.CELL  # pixels per painter unit at 254 dpi
    margin = MARGIN_CELLS * 250
    for side, rect in marker_rects(QRectF(0, 0, 6 * style.CELL, 4 * style.CELL), style.CELL).items():
        inset = min(rect.width(), rect.height()) * 0.06
        ends = ([(rect.left() + inset, rect.center().y()), (rect.right() - inset, rect.center().y())]
                if rect.width() > rect.height() else
                [(rect.center().x(), rect.top() + inset), (rect.center().x(), rect.bottom() - inset)])
        for x, y in ends:  # both rounded ends of the dark pill
            colour = image.pixelColor(int(margin + x * units), int(margin + y * units))
            assert close(colour, style.MARKER_BACK, 12), (side, colour.name())


def test_two_dpis_draw_the_same_picture(qapp):
    """The painter is scaled, not re-laid out: 127 dpi is the 254 dpi picture at half size.
    Holes are left out: Qt draws hatch patterns in device pixels, so their density is per pixel."""
    small, large = render_png(FREE, 127), render_png(FREE, 254)
    halved = large.scaled(small.width(), small.height(), Qt.IgnoreAspectRatio, Qt.SmoothTransformation)
    per_cell = 125  # pixels at 127 dpi
    hole_columns = range(int((MARGIN_CELLS + 4) * per_cell) - 2, int((MARGIN_CELLS + 6) * per_cell) + 2)
    samples = [(x, y) for y in range(0, small.height(), 5) for x in range(0, small.width(), 5)
               if x not in hole_columns]
    differing = [p for p in samples if not close(small.pixelColor(*p), halved.pixelColor(*p), 60)]
    assert len(differing) < len(samples) * 0.01, len(differing)  # only anti-aliased edges and lettering


# --- SVG ----------------------------------------------------------------------------------------

def test_an_svg_parses_with_millimetre_size_and_the_markers_as_text(qapp):
    root = ET.fromstring(svg_bytes(FREE))
    assert root.tag == f"{SVG}svg"
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("205mm", "155mm", "0 0 205 155")
    assert root.find(f"{SVG}title").text == "Untitled layout"
    texts = [t.text.strip() for t in root.iter(f"{SVG}text") if t.text and t.text.strip()]
    assert {"Sun", "Asteroids", "Meteor", "Stars"} <= set(texts)  # the direction markers
    assert sorted(t for t in texts if t.isdigit()) == ["1", "2", "3"]  # tile 1 side A's Crash Sites
    assert {"1A", "9B"} <= set(texts)  # tile labels


def test_the_svg_of_the_six_saucer_board_is_305_mm_and_numbers_every_crash_site(qapp):
    root = ET.fromstring(svg_bytes(load_layout(LAYOUTS / "standard-6p.json")))
    assert (root.get("width"), root.get("viewBox")) == ("305mm", "0 0 305 305")
    texts = [t.text.strip() for t in root.iter(f"{SVG}text") if t.text]
    assert sorted(int(t) for t in texts if t.isdigit()) == list(range(1, 13))


def test_the_svg_draws_the_same_board_when_rendered(qapp):
    renderer = QSvgRenderer(svg_bytes(FREE))
    assert renderer.isValid() and renderer.viewBoxF() == QRectF(0, 0, 205, 155)
    image = QImage(2050, 1550, QImage.Format_RGB32)  # 10 pixels per millimetre, as a 254 dpi PNG
    image.fill(QColor("grey"))
    painter = QPainter(image)
    renderer.render(painter)
    painter.end()
    assert close(board_pixel(image, 254, 1.22, 0.5), style.CRASH_SITE)
    assert close(board_pixel(image, 254, 3.25, 0.5), style.ACCELERATOR)
    assert close(board_pixel(image, 254, 2.5, 2.5), style.PAPER["core"])
    assert close(board_pixel(image, 254, -1.05, -1.05), QColor("white"))  # the SVG has its own paper


def test_an_empty_free_form_layout_has_nothing_to_draw(qapp, tmp_path):
    for render in (lambda: png_bytes(blank_layout(None)), lambda: svg_bytes(blank_layout(None))):
        with pytest.raises(InvalidFileError, match="no tiles"):
            render()


# --- writing ------------------------------------------------------------------------------------

def test_a_failed_render_leaves_no_file_and_keeps_the_old_one(qapp, tmp_path, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("painter failed half way")

    monkeypatch.setattr(image_export, "paint_board", broken)
    for name in ("new.png", "new.svg"):
        with pytest.raises(RuntimeError):
            write_board_image(FREE, tmp_path / name, 100)
    (tmp_path / "old.png").write_bytes(b"the previous image")
    with pytest.raises(RuntimeError):
        write_board_image(FREE, tmp_path / "old.png", 100)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.png", "qsettings"]
    assert (tmp_path / "old.png").read_bytes() == b"the previous image"


def test_write_png_replaces_a_file_with_the_image_and_a_failed_encoding_keeps_the_old_one(qapp, tmp_path):
    image = QImage(3, 2, QImage.Format_RGB32)
    image.fill(QColor("#12ab34"))
    image.setPixelColor(2, 1, QColor("#fe0001"))
    target = tmp_path / "shot.png"
    target.write_bytes(b"old")
    qt_images.write_png(image, target)
    back = QImage(str(target))
    assert (back.width(), back.height()) == (3, 2)
    assert back.pixelColor(0, 0).name() == "#12ab34" and back.pixelColor(2, 1).name() == "#fe0001"
    with pytest.raises(UsageError, match="could not encode"):
        qt_images.write_png(QImage(), target)  # a null image has nothing to encode
    assert QImage(str(target)).pixelColor(2, 1).name() == "#fe0001"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["qsettings", "shot.png"]


def test_writing_replaces_an_existing_image(qapp, tmp_path):
    target = tmp_path / "board.png"
    target.write_bytes(b"old")
    assert write_board_image(FREE, target, 100) == target
    assert png_header(target.read_bytes())["size"] == (807, 610)


# --- crashgrab render ---------------------------------------------------------------------------

@pytest.mark.parametrize("layout, dpi, size", [("standard-2-4p.json", "300", (3012, 3012)),
                                               ("standard-5p.json", "72", (794, 794)),  # 280 mm at 72 dpi: 793.7
                                               ("standard-6p.json", None, (1801, 1801))])  # default 150 dpi
def test_render_writes_a_png_of_the_rule_size(qapp, tmp_path, capsys, layout, dpi, size):
    out = tmp_path / "board.png"
    args = ["render", str(LAYOUTS / layout), "-o", str(out)] + (["--dpi", dpi] if dpi else [])
    assert main(args) == 0
    assert png_header(out.read_bytes())["size"] == size
    assert capsys.readouterr().err == f"wrote {out} ({size[0]}x{size[1]} pixels at {dpi or 150} dpi)\n"


def test_render_writes_an_svg(qapp, tmp_path, capsys):
    out = tmp_path / "board.svg"
    assert main(["render", str(LAYOUTS / "standard-2-4p.json"), "-o", str(out)]) == 0
    root = ET.parse(out).getroot()
    assert (root.get("width"), root.get("height")) == ("255mm", "255mm")
    assert root.find(f"{SVG}title").text == read_json(LAYOUTS / "standard-2-4p.json")["name"]
    assert capsys.readouterr().err == f"wrote {out} (255x255 mm)\n"


def test_render_says_dpi_does_not_apply_to_svg(qapp, tmp_path, capsys):
    assert main(["render", str(LAYOUTS / "standard-2-4p.json"), "-o", str(tmp_path / "b.svg"), "--dpi", "300"]) == 0
    assert "--dpi has no effect on SVG" in capsys.readouterr().err


def broken_layouts(tmp_path) -> dict[str, tuple[str, int, str]]:
    """name -> (layout file, exit code, words the message must contain)."""
    malformed = tmp_path / "malformed.json"
    malformed.write_text('{"format": "crash-grab-layout",')
    schema = read_json(LAYOUTS / "standard-2-4p.json")
    schema["placements"][0]["rotation"] = 45
    bad_schema = tmp_path / "rotation.json"
    bad_schema.write_text(json.dumps(schema))
    folder = tmp_path / "folder.json"
    folder.mkdir()
    return {
        "malformed JSON": (str(malformed), 2, "malformed JSON at line 1"),
        "schema violation": (str(bad_schema), 2, "$.placements[0].rotation"),
        "no tiles": (write_layout(tmp_path / "empty.json", blank_layout(None)), 2, "no tiles"),
        "missing file": (str(tmp_path / "missing.json"), 2, "no such file"),
        "a folder": (str(folder), 2, "folder"),
    }


@pytest.mark.parametrize("case", ["malformed JSON", "schema violation", "no tiles", "missing file", "a folder"])
@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_render_refuses_bad_layouts_with_one_line_and_writes_nothing(qapp, tmp_path, capsys, case, suffix):
    file, code, words = broken_layouts(tmp_path)[case]
    out = tmp_path / f"board{suffix}"
    assert main(["render", file, "-o", str(out)]) == code
    err = capsys.readouterr().err
    assert err.startswith(f"crashgrab render: {file}") and err.count("\n") == 1 and words in err, err
    assert not out.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".board")]  # no temporary file left


@pytest.mark.parametrize("output, words", [("board.jpg", 'from ".jpg"'), ("board", "without an extension")])
def test_render_refuses_an_unknown_extension_with_exit_2(qapp, tmp_path, capsys, output, words):
    assert main(["render", str(LAYOUTS / "standard-2-4p.json"), "-o", str(tmp_path / output)]) == 2
    err = capsys.readouterr().err
    assert words in err and "board.png" in err and "board.svg" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["qsettings"]


def test_render_refuses_a_dpi_out_of_range_and_an_image_too_large(qapp, tmp_path, capsys):
    layout, out = str(LAYOUTS / "standard-6p.json"), str(tmp_path / "b.png")
    assert main(["render", layout, "-o", out, "--dpi", "5"]) == 2
    assert "--dpi 5 is out of range" in capsys.readouterr().err
    assert main(["render", layout, "-o", out, "--dpi", "1200"]) == 2  # 14409 x 14409 pixels
    assert "at most --dpi 832" in capsys.readouterr().err  # 832 dpi: 9991 x 9991 (833 would be 10003)
    with pytest.raises(SystemExit) as exit_info:
        main(["render", layout, "-o", out, "--dpi", "high"])
    assert exit_info.value.code == 2
    assert not (tmp_path / "b.png").exists()


def test_render_into_a_missing_folder_is_exit_2(qapp, tmp_path, capsys):
    assert main(["render", str(LAYOUTS / "standard-2-4p.json"), "-o", str(tmp_path / "no" / "b.png")]) == 2
    assert "cannot write here" in capsys.readouterr().err


def test_render_draws_an_unfinished_layout_unless_strict(qapp, tmp_path, capsys):
    document = read_json(LAYOUTS / "standard-2-4p.json")
    del document["placements"][0]  # a core slot stays empty
    layout = tmp_path / "unfinished.json"
    layout.write_text(json.dumps(document))
    out = tmp_path / "b.png"
    assert main(["render", str(layout), "-o", str(out), "--strict"]) == 2
    assert "$.placements" in capsys.readouterr().err and not out.exists()
    assert main(["render", str(layout), "-o", str(out), "--dpi", "50"]) == 0
    err = capsys.readouterr().err
    assert "error template-incomplete" in err and "(drawn as it is)" in err and out.exists()


def test_render_needs_no_display(tmp_path):
    """A fresh interpreter with no DISPLAY, WAYLAND_DISPLAY or QT_QPA_PLATFORM, as on a build server."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    out = tmp_path / "board.png"
    result = subprocess.run(
        [sys.executable, "-c", "import sys; from crashgrab.engine.cli import main; sys.exit(main(sys.argv[1:]))",
         "render", str(LAYOUTS / "standard-5p.json"), "-o", str(out), "--dpi", "100"],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert png_header(out.read_bytes())["size"] == (1102, 1102)  # 280 mm at 100 dpi: 1102.4


def test_other_commands_do_not_load_qt_gui():
    """The render command is registered on every run; only running it may load QtGui."""
    probe = ("import sys; from crashgrab.engine.cli import build_parser; build_parser(); "
             "print(sorted(m for m in sys.modules if m.startswith('PySide6.QtGui') or m.startswith('PySide6.QtSvg')))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    assert result.stdout.strip() == "[]"


# --- editor: File > Export Image ---------------------------------------------------------------

def test_the_resolution_dialog_shows_pixel_and_printed_size(qapp):
    dialog = ImageResolutionDialog(ImageGeometry(8, 8), 300)
    try:
        assert dialog.size_label.text().startswith("3012 \u00d7 3012 pixels, printed 255 \u00d7 255 mm")
        dialog.spin.setValue(150)
        assert dialog.size_label.text().startswith("1506 \u00d7 1506 pixels")
        assert dialog.ok_button.isEnabled()
        assert dialog.spin.maximum() == 996  # 996 dpi is the largest PNG an 8x8 board can have
        dialog.spin.setValue(1100)  # more cannot even be entered
        assert dialog.spin.value() == 996 and dialog.ok_button.isEnabled()
        assert "largest PNG for this board" in dialog.size_label.text()
    finally:
        dialog.deleteLater()


def test_export_image_asks_the_resolution_then_the_file_and_writes_a_png_at_that_dpi(window, monkeypatch, tmp_path):
    from PySide6.QtWidgets import QFileDialog
    window.open_path(LAYOUTS / "standard-2-4p.json")
    asked = []

    def save_name(parent, title, suggested, filters, chosen):
        asked.append(("file", suggested, filters))
        return str(tmp_path / "printed"), "PNG image (*.png)"  # no extension typed: the filter gives it

    def choose_dpi(dialog):
        asked.append(("resolution", dialog.suffix(), dialog.spin.isEnabled()))
        dialog.spin.setValue(100)
        return ImageResolutionDialog.Accepted

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(save_name))
    monkeypatch.setattr(ImageResolutionDialog, "exec", choose_dpi)
    window.actions["export_image"].trigger()
    assert asked == [("resolution", ".png", True),  # what to make first, the file last
                     ("file", str(LAYOUTS / "standard-2-4p.png"), "PNG image (*.png);;SVG image (*.svg)")]
    assert png_header((tmp_path / "printed.png").read_bytes())["size"] == (1004, 1004)  # 255 mm at 100 dpi
    assert "1004\u00d71004 pixels at 100 dpi" in window.statusBar().currentMessage()
    assert int(window.settings.value("export/imageDpi")) == 100
    file_menu = window.menuBar().actions()[0].menu()
    assert window.export_menu.menuAction() in file_menu.actions()  # File > Export > Export Image…
    assert window.actions["export_image"] in window.export_menu.actions()


def test_export_image_writes_an_svg_chosen_before_the_file_with_no_resolution(window, monkeypatch, tmp_path):
    from PySide6.QtWidgets import QFileDialog
    window.open_path(LAYOUTS / "standard-5p.json")
    offered = []

    def choose_svg(dialog):
        dialog.kind.setCurrentIndex(dialog.kind.findData(".svg"))
        assert not dialog.spin.isEnabled() and "280 \u00d7 280 mm" in dialog.size_label.text()
        return ImageResolutionDialog.Accepted

    def save_name(parent, title, suggested, filters, chosen):
        offered.append((suggested.endswith(".svg"), filters.split(";;")[0], chosen))
        return str(tmp_path / "board"), chosen

    monkeypatch.setattr(ImageResolutionDialog, "exec", choose_svg)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(save_name))
    assert image_export_dialog_of(window)()
    assert offered == [(True, "SVG image (*.svg)", "SVG image (*.svg)")]
    assert ET.parse(tmp_path / "board.svg").getroot().get("width") == "280mm"
    assert window.settings.value("export/imageFormat") == ".svg"


def test_export_image_of_an_empty_free_form_board_says_there_is_nothing(window, monkeypatch):
    from PySide6.QtWidgets import QMessageBox
    window.new_layout(None)
    told = []
    monkeypatch.setattr(QMessageBox, "information", staticmethod(lambda *a: told.append(a[1:])))
    assert not image_export_dialog_of(window)()
    assert told and told[0][0] == "Nothing to export" and "no tiles" in told[0][1]


def test_cancelling_the_dpi_writes_nothing(window, monkeypatch, tmp_path):
    from PySide6.QtWidgets import QFileDialog
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a: (str(tmp_path / "b.png"), "PNG image (*.png)")))
    monkeypatch.setattr(ImageResolutionDialog, "exec", lambda dialog: ImageResolutionDialog.Rejected)
    assert not image_export_dialog_of(window)()
    assert not (tmp_path / "b.png").exists()


def image_export_dialog_of(window):
    from crashgrab.editor.crash_and_grab.window.image_export_dialog import export_image_dialog
    return lambda: export_image_dialog(window)


def test_the_resolution_dialog_previews_the_board(qapp):
    from crashgrab.editor.crash_and_grab.window.dialogs import board_pixmap
    from crashgrab.engine.formats.layout_io import load_layout

    picture = board_pixmap(load_layout(LAYOUTS / "standard-6p.json"), 18.0)
    dialog = ImageResolutionDialog(ImageGeometry(10, 10), 300, None, picture)
    try:
        shown = dialog.preview.pixmap()
        assert not shown.isNull() and (shown.width(), shown.height()) == (picture.width(), picture.height())
    finally:
        dialog.deleteLater()
