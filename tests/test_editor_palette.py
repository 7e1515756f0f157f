"""The Tiles palette at the sizes designers use: cards no taller than their tile so more of the set is
in view, Crash Site numbers large enough to read in the thumbnails, both sides of every tile in the
narrow column of a small window, and one Tab stop for the whole palette (not all 28 tile sides)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication, QScrollArea

from crashgrab.editor.crash_and_grab.board.palette import SideSwatch
from tests.conftest import LAYOUTS
from tests.editor_fixtures import settings, wait_validated, window  # noqa: F401  (fixtures, by name)


def in_view(window):
    """The tile cards wholly inside the palette's scrolled view, and that view's rectangle."""
    scroll = window.palette.findChild(QScrollArea)
    viewport = scroll.viewport()
    seen = QRect(QPoint(0, 0), viewport.size())
    shown = []
    for tile_id, card in window.palette.cards.items():
        rect = QRect(card.mapTo(viewport, QPoint(0, 0)), card.size())
        if seen.contains(rect):
            shown.append(tile_id)
    return shown, seen, viewport


@pytest.mark.parametrize("size, at_least", [((1400, 900), 7), ((1024, 640), 5)])  # 4 of 14 at 1400x900 before
def test_more_tiles_are_in_view_with_both_sides_whole(window, qtbot, size, at_least):
    window.resize(*size)
    qtbot.waitUntil(lambda: window.compact is (size[0] < 1280), timeout=3000)
    assert window.open_path(LAYOUTS / "standard-6p.json")
    QApplication.processEvents()
    shown, seen, viewport = in_view(window)
    assert len(shown) >= at_least, shown
    for tile_id in ("5", "6", "7", "8", "9"):  # no slot on the 6-saucer board: one line each, sides hidden
        card = window.palette.cards[tile_id]
        assert not any(s.isVisible() for s in card.swatches.values()) and "no slot here" in card.title.text()
        assert card.height() < 30
    for tile_id in shown:
        for swatch in window.palette.cards[tile_id].swatches.values():
            if not swatch.isVisible():
                continue
            rect = QRect(swatch.mapTo(viewport, QPoint(0, 0)), swatch.size())
            assert seen.contains(rect), f"tile {tile_id} side {swatch.side} is cut off at {size}"


def test_crash_site_numbers_in_a_thumbnail_are_readable(window):
    swatch = window.palette.swatch("4", "A")  # Crash Site 12 at its cell (1,3)
    image = swatch.grab().toImage()
    cell = 16
    left, top = 1 + cell, 1 + 3 * cell
    rows = [y for y in range(top, top + cell)
            if any(image.pixelColor(x, y).lightness() > 235 for x in range(left + 3, left + cell - 3))]
    assert len(rows) >= 7, f"the number is {len(rows)} px tall"  # 12's digits, 9 px type


def test_tab_stops_once_in_the_palette_and_the_arrows_move_within_it(window, qtbot):
    swatches = window.palette.findChildren(SideSwatch)
    assert len(swatches) == 28
    assert [s.focusPolicy() for s in swatches].count(Qt.StrongFocus) == 1  # one Tab stop, not 28
    window.cycle_focus(-1)  # F6 back: into the palette, on its Tab stop
    first = QApplication.focusWidget()
    assert isinstance(first, SideSwatch) and (first.tile.id, first.side) == ("1", "A")
    qtbot.keyClick(first, Qt.Key_Down)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Right)
    chosen = QApplication.focusWidget()
    assert (chosen.tile.id, chosen.side) == ("2", "B")
    qtbot.keyClick(chosen, Qt.Key_Tab)
    assert not isinstance(QApplication.focusWidget(), SideSwatch)  # Tab leaves the palette at once
    tab_stops = [s for s in swatches if s.focusPolicy() == Qt.StrongFocus]
    assert [(s.tile.id, s.side) for s in tab_stops] == [("2", "B")]  # and comes back where it left
