"""The edge-exposure heat map goes under the board's symbols, writes counts a designer can read at
100% zoom, and never lays the reach overlay's green dots on its orange band (alike without full
colour vision): the two stay apart in shape and place. Measured on the real window's pixels."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF
from PySide6.QtWidgets import QApplication

from crashgrab.editor.crash_and_grab.board.overlays import ExposureOverlay, ReachabilityOverlay
from crashgrab.engine.crash_and_grab.terms import CRASH_SITE
from tests.conftest import LAYOUTS
from tests.editor_fixtures import settings, wait_validated, window  # noqa: F401  (fixtures, by name)
from tests.test_editor_status_text import hover

NINE_POINT = 12  # pixels at 96 dpi


def open_at_full_size(window, qtbot):
    assert window.open_path(LAYOUTS / "standard-6p.json")
    wait_validated(qtbot, window)
    window.findings.table.clearSelection()
    window.scene.clear_highlight()
    window.view.auto_fit = False  # 100%, not fitted to the window
    window.view.set_zoom(1.0)
    QApplication.processEvents()


def overlays_on(window, *keys):
    for key in keys:
        window.actions[key].setChecked(True)
    window._overlays_changed()
    QApplication.processEvents()


def overlay(window, kind):
    [item] = [i for i in window.scene.overlay_items() if isinstance(i, kind)]
    return item


def test_the_heat_map_leaves_every_crash_site_disc_intact(window, qtbot):
    open_at_full_size(window, qtbot)
    assert window.view.zoom() == 1.0
    board = window.scene.board
    exposed = {(c["x"], c["y"]) for c in window.scene.report.metrics["exposure"]["cells"]}
    sites = [cell for cell, f in board.features.items() if f.type == CRASH_SITE and cell in exposed]
    assert sites

    def disc_pixels():
        image = window.view.viewport().grab().toImage()
        cell = window.scene.cell
        pixels = {}
        for site in sites:
            centre = window.scene.cell_rect(site).center()
            radius = cell * 0.36  # the disc to its ring's middle: the band used to cut in from 0.34
            for dx in range(-18, 19):
                for dy in range(-18, 19):
                    if dx * dx + dy * dy <= radius * radius:
                        point = window.view.mapFromScene(centre + QPointF(dx, dy))
                        if image.rect().contains(point):
                            pixels[(site, dx, dy)] = image.pixel(point)
        return pixels

    before = disc_pixels()
    overlays_on(window, "overlay_exposure")
    after = disc_pixels()
    changed = [key for key in before if before[key] != after[key]]
    assert not changed, f"{len(changed)} disc pixels changed, e.g. {changed[:3]}"


def test_the_counts_are_nine_points_tall_at_full_size(window, qtbot):
    open_at_full_size(window, qtbot)
    overlays_on(window, "overlay_exposure")
    heat = overlay(window, ExposureOverlay)
    assert heat.labels
    image = window.view.viewport().grab().toImage()
    measured = 0
    for cell, rect in list(heat.labels.items())[:6]:
        view_rect = window.view.mapFromScene(rect).boundingRect()
        if not image.rect().contains(view_rect):
            continue
        rows = {y for y in range(view_rect.top(), view_rect.bottom())
                for x in range(view_rect.left(), view_rect.right()) if image.pixelColor(x, y).lightness() < 90}
        # A digit's ink in a 12 px font is about 9 px tall; the old 7 px counts had 5.
        assert len(rows) >= NINE_POINT * 0.7, (cell, len(rows))
        measured += 1
    assert measured >= 3


def test_the_reach_dots_never_lie_on_the_heat_band(window, qtbot):
    open_at_full_size(window, qtbot)
    overlays_on(window, "overlay_exposure", "overlay_reach")
    window.scene.set_reach_origin((1, 2))
    QApplication.processEvents()
    heat, reach = overlay(window, ExposureOverlay), overlay(window, ReachabilityOverlay)
    both = [c for c in reach.reached if c in heat.off_moves]
    assert len(both) >= 5
    size = window.scene.cell
    for cell in both:  # no point of a cell both dotted and banded, nor dotted under a count
        dotted, band, count = reach.dotted(cell), heat.band(cell), heat.labels.get(cell)
        rect = window.scene.cell_rect(cell)
        points = [rect.topLeft() + QPointF(x + 0.5, y + 0.5) for x in range(int(size)) for y in range(int(size))]
        inside = [p for p in points if dotted.contains(p)]
        if cell not in window.scene.board.features:
            assert len(inside) > size * size * 0.25, cell  # the dots still show
        assert not [p for p in inside if band.contains(p) or (count is not None and count.contains(p))], cell
    # On screen: the band's strip along a reached cell's left side is the band's colour, every pixel.
    image = window.view.viewport().grab().toImage()
    cell = window.scene.cell
    for reached in [c for c in both if c not in window.scene.board.features][:5]:
        rect = window.scene.cell_rect(reached)
        colour = heat.colour(heat.off_moves[reached]).rgb()
        for dy in range(int(cell * 0.3), int(cell * 0.7)):
            for dx in (3, 4, 5):
                point = window.view.mapFromScene(rect.left() + dx, rect.top() + dy)
                assert image.pixel(point) == colour, (reached, dx, dy)


def test_a_crash_sites_count_is_in_the_status_bar(window, qtbot):
    open_at_full_size(window, qtbot)
    overlays_on(window, "overlay_exposure")
    heat = overlay(window, ExposureOverlay)
    site = next(c for c in heat.off_moves if c in window.scene.board.features)
    assert site not in heat.labels  # not written on its disc
    hover(window, site, QPoint(7, 7))
    assert window.cell_label.text().endswith(f"\u00b7 {heat.off_moves[site]} of 20 moves crash")
