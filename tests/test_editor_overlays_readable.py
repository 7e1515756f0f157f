"""Overlays a designer can read: labels clear of discs, tabs and each other; scales that stay
distinguishable without full colour vision; a key on the board for each."""
from __future__ import annotations

import pytest

from crashgrab.editor.crash_and_grab.board_painter import tile_tab_rects
from crashgrab.editor.crash_and_grab.board.overlays import (EXPOSURE_SCALE, REACH_SCALE, ExposureOverlay, ReachabilityOverlay,
                                       corner_label_rects)
from tests.conftest import LAYOUTS
from tests.editor_fixtures import settings, wait_validated, window  # noqa: F401  (fixtures)

# Machado, Oliveira and Fernandes (2009), full severity, on linear RGB.
SIMULATIONS = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
}


def linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def simulated_luminance(colour, vision: str) -> float:
    rgb = [linear(v) for v in colour.getRgb()[:3]]
    r, g, b = (max(0.0, min(1.0, sum(m * v for m, v in zip(row, rgb)))) for row in SIMULATIONS[vision])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@pytest.mark.parametrize("vision", list(SIMULATIONS))
@pytest.mark.parametrize("scale", [EXPOSURE_SCALE, REACH_SCALE], ids=["exposure", "reach"])
def test_every_scale_step_stays_apart_in_lightness_under_colour_blindness(scale, vision):
    luminances = [simulated_luminance(c, vision) for c in scale]
    steps = [abs(b - a) for a, b in zip(luminances, luminances[1:])]
    monotonic = all(b < a for a, b in zip(luminances, luminances[1:])) or \
        all(b > a for a, b in zip(luminances, luminances[1:]))
    assert monotonic and min(steps) > 0.025, (vision, luminances)


def test_overlay_labels_keep_clear_of_discs_tabs_and_each_other(window, qtbot):
    assert window.open_path(LAYOUTS / "standard-6p.json")
    wait_validated(qtbot, window)
    for key in ("overlay_exposure", "overlay_accelerators", "overlay_reach"):
        window.actions[key].setChecked(True)
    window._overlays_changed()
    window.scene.set_reach_origin((1, 2))
    items = window.scene.overlay_items()
    [exposure] = [i for i in items if isinstance(i, ExposureOverlay)]
    [reach] = [i for i in items if isinstance(i, ReachabilityOverlay)]
    assert exposure.labels and reach.labels
    tabs = tile_tab_rects(window.scene.tile_tabs.picture, window.scene.cell)
    labels = list(exposure.labels.values()) + list(reach.labels.values())
    cell = window.scene.cell
    features = window.scene.board.features
    assert not set(exposure.labels) & set(features)  # a count is never written on a symbol's cell
    for rect in labels:
        assert not any(rect.intersects(tab) for tab in tabs)
        x, y = int(rect.center().x() // cell), int(rect.center().y() // cell)
        if (x, y) not in features:
            continue
        # The corner of the label nearest the cell's centre lies outside the disc (inset 0.14).
        centre = window.scene.cell_rect((x, y)).center()
        nearest_x = min(max(centre.x(), rect.left()), rect.right())
        nearest_y = min(max(centre.y(), rect.top()), rect.bottom())
        assert ((nearest_x - centre.x()) ** 2 + (nearest_y - centre.y()) ** 2) ** 0.5 > cell * 0.36
    for i, a in enumerate(labels):
        assert not any(a.intersects(b) for b in labels[i + 1:])
    # Each key lies outside the board, and the two keys apart.
    board = window.scene.area_rect((0, 0, 10, 10))
    assert not exposure.key_rect().intersects(board) and not reach.key_rect().intersects(board)
    assert not exposure.key_rect().intersects(reach.key_rect())


def test_corner_labels_are_inside_their_cell(window):
    rect = window.scene.cell_rect((2, 3))
    assert all(rect.contains(corner) for corner in corner_label_rects(rect))


def test_overlays_leave_crash_site_discs_their_own_colour(window, qtbot):
    """A disc under the heat map and the reach dots keeps its blue: neither tints it."""
    from crashgrab.editor.crash_and_grab import style

    assert window.open_path(LAYOUTS / "standard-6p.json")
    wait_validated(qtbot, window)
    window.findings.table.clearSelection()
    window.scene.clear_highlight()
    site = next(cell for cell, f in window.scene.board.features.items() if f.type == "crash_site" and f.number == 2)

    def disc_colour():
        image = window.view.grab().toImage()
        rect = window.scene.cell_rect(site)
        point = window.view.mapFromScene(rect.left() + rect.width() * 0.3, rect.top() + rect.height() * 0.5)
        return image.pixelColor(point)

    before = disc_colour()
    assert before == style.CRASH_SITE
    for key in ("overlay_exposure", "overlay_reach"):
        window.actions[key].setChecked(True)
    window._overlays_changed()
    window.scene.set_reach_origin((site[0], site[1] + 1))
    assert disc_colour() == before


def test_crew_chips_of_one_type_differ_without_colour_vision(qapp):
    """A red and a green Pilot, drawn and turned to grey (no colour at all), still differ: the
    colour's initial sits on each chip."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter

    from crashgrab.editor.crash_and_grab.playtest.pieces import paint_crew
    from crashgrab.engine.crash_and_grab.rules.pieces import Crew

    def grey_chip(color: str) -> QImage:
        image = QImage(64, 64, QImage.Format_ARGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        paint_crew(painter, QRectF(0, 0, 64, 64), Crew(color, "pilot"))
        painter.end()
        return image.convertToFormat(QImage.Format_Grayscale8)

    red, green = grey_chip("red"), grey_chip("green")
    # Compare only the light, drawn marks (letters on white tags), where colour plays no part.
    differing = sum(1 for x in range(64) for y in range(64)
                    if (red.pixelColor(x, y).lightness() > 200) != (green.pixelColor(x, y).lightness() > 200))
    assert differing > 20
