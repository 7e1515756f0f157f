"""The board's symbols say only what they mean: the Accelerator's mark points every way (an upward
chevron read as "north"), drawn the same after a quarter turn."""
from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QTransform

from crashgrab.editor.crash_and_grab.board_painter import paint_feature
from crashgrab.engine.crash_and_grab.terms import ACCELERATOR


def test_the_accelerator_mark_names_no_direction(qapp):
    size = 64
    image = QImage(size, size, QImage.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.Antialiasing)
    paint_feature(painter, QRectF(0, 0, size, size), ACCELERATOR)
    painter.end()
    for angle in (90, 180, 270):
        turned = image.transformed(QTransform().rotate(angle))
        differing = sum(abs(image.pixelColor(x, y).lightness() - turned.pixelColor(x, y).lightness()) > 60
                        for x in range(size) for y in range(size))
        assert differing < size * size * 0.01, f"{differing} pixels change under a {angle} degree turn"


def test_the_guide_shows_its_screenshots_scaled_to_the_help_window(qtbot):
    from pathlib import Path

    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QTextDocument

    from crashgrab.editor.help_window import HelpWindow
    from crashgrab.engine.resources import docs_file

    help_window = HelpWindow()
    try:
        help_window.show_page(Path(str(docs_file("editor.md"))))
        qtbot.waitExposed(help_window)
        browser = help_window.browser
        image = browser.loadResource(QTextDocument.ImageResource, browser.source().resolved(QUrl("screenshot.png")))
        assert 200 < image.width() <= browser.viewport().width()  # 1400 pixels wide as a file
    finally:
        help_window.close()
        help_window.deleteLater()


def test_the_randomize_preview_is_large_enough_to_read_and_the_dialog_fits_a_small_screen(qtbot):
    from crashgrab.editor.crash_and_grab.window.dialogs import PREVIEW_CELL, RandomizeDialog
    from crashgrab.editor.crash_and_grab.document import blank_layout

    dialog = RandomizeDialog(blank_layout("6"), seed=1234)
    try:
        dialog.template.setCurrentIndex(dialog.template.findData("6"))
        pixmap = dialog.preview.pixmap()
        assert pixmap.width() >= 10 * PREVIEW_CELL and PREVIEW_CELL * 0.31 >= 9.5  # a two-digit number's type
        assert dialog.sizeHint().height() <= 640 - 40  # with its title bar, on a 1024x640 screen
    finally:
        dialog.deleteLater()


def test_the_tile_designer_draws_every_standard_tile_across_its_canvas(qtbot):
    from crashgrab.editor.crash_and_grab.tile_designer.canvas import TileCanvas
    from crashgrab.engine.crash_and_grab.tileset_file import standard_tileset

    canvas = TileCanvas()
    qtbot.addWidget(canvas)
    canvas.resize(800, 520)
    for tile in standard_tileset().tiles:
        canvas.set_tile(tile, [])
        drawn = QRectF()
        for rect in canvas.side_rects().values():
            drawn |= rect
        used = max(drawn.width() / canvas.width(), drawn.height() / canvas.height())
        assert used >= 0.8, f"tile {tile.id} ({tile.width}x{tile.height}) uses {used:.0%} of the canvas"


def test_tile_tabs_sit_inside_their_tile_off_the_line_between_tiles_and_clear_of_features(qapp):
    from crashgrab.editor.crash_and_grab.board_painter import label_tab_rect, picture_of
    from crashgrab.editor.crash_and_grab.board.scene import BoardScene  # noqa: F401 (Qt's widgets are up)
    from crashgrab.engine.formats.layout_io import load_layout
    from tests.conftest import LAYOUTS

    cell = 48.0
    for name in ("standard-2-4p.json", "standard-5p.json", "standard-6p.json"):
        picture = picture_of(load_layout(LAYOUTS / name))
        features = [QRectF(x * cell, y * cell, cell, cell).adjusted(*(d * cell for d in (0.12, 0.12, -0.12, -0.12)))
                    for x, y in picture.board.features]
        for label in picture.labels:
            x, y, w, h = label.area
            tab, tile = label_tab_rect(picture, label, cell), QRectF(x * cell, y * cell, w * cell, h * cell)
            top_row_full = all((x + c, y) in picture.board.features for c in range(w))
            if top_row_full:  # tile 9 (one cell, an Accelerator): on its top edge, as before
                continue
            assert tile.contains(tab), f"{name}: tab {label.text} leaves its tile"
            assert tab.top() > tile.top(), f"{name}: tab {label.text} lies on the tile's top line"
            for disc in features:
                assert not tab.intersects(disc), f"{name}: tab {label.text} covers a feature"
