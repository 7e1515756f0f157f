"""A selected Accelerator loop shows its whole route: numbered arcs that join every Accelerator of
the loop in the order a saucer bounces round, in a dashed two-tone line that reads apart from the
graph's arrows without full colour vision. Selecting it shows the graph at the loop's distance
for as long as it is selected, and never changes the distance the designer chose or saved.

The 6-saucer board's loops (from its findings): [3,0] and [4,0] side by side at distance 1, and
[3,0], [4,0] and [8,0] at distance 4, where no single cycle passes all three: 3 -> 4 -> 8 -> 4 -> 3.
"""
from __future__ import annotations

import pytest
from PySide6.QtCore import QLineF
from PySide6.QtWidgets import QApplication

from crashgrab.editor.crash_and_grab.board.overlays import (LINK_COLOUR, LOOP_COLOUR, ROUTE_COLOUR, ROUTE_CORE,
                                                      AcceleratorOverlay)
from crashgrab.engine.crash_and_grab.validation.overlays import accelerator_links, loop_route
from tests.colour_vision import VISIONS, delta_e, seen_difference
from tests.conftest import LAYOUTS
from tests.editor_fixtures import settings, wait_validated, window  # noqa: F401  (fixtures, by name)

A, B, C, D = (0, 0), (3, 0), (3, 3), (0, 3)


@pytest.mark.parametrize("links, cells, route", [
    ([(A, B), (B, A)], [A, B], [A, B]),
    ([(A, B), (B, C), (C, A)], [C, B, A], [A, B, C]),  # any order in, the route from the first cell
    ([(A, B), (B, A), (B, C), (C, B)], [A, B, C], [A, B, C, B]),  # no cycle through all: B twice
    ([(A, B), (B, C), (C, D), (D, A), (A, C), (C, A)], [A, B, C, D], [A, B, C, D]),
    ([(A, B), (B, A), (A, (9, 9))], [A, B], [A, B]),  # a link out of the loop is no step of it
])
def test_the_route_passes_every_cell_of_the_loop(links, cells, route):
    assert loop_route(links, cells) == route


def test_a_route_needs_a_loop():
    with pytest.raises(ValueError):
        loop_route([(A, B)], [A, B])


def select_loop(window, qtbot, cells):
    assert window.open_path(LAYOUTS / "standard-6p.json")
    wait_validated(qtbot, window)
    loop = next(f for f in window.findings.findings() if f.code == "accelerator-loop" and set(f.cells) == set(cells))
    window.findings.select_finding(loop)
    QApplication.processEvents()
    return loop


@pytest.mark.parametrize("cells, distance", [({(3, 0), (4, 0)}, 1), ({(3, 0), (4, 0), (8, 0)}, 4)])
def test_the_route_joins_every_accelerator_of_the_loop_in_order(window, qtbot, cells, distance):
    loop = select_loop(window, qtbot, cells)
    steps = window.scene.highlighted_route()
    links = set(accelerator_links(window.scene.report.board, distance)[0])
    assert {step.start for step in steps} == set(loop.cells)
    assert [step.number for step in steps] == list(range(1, len(steps) + 1))
    cell = window.scene.cell
    for step, after in zip(steps, steps[1:] + steps[:1]):
        assert (step.start, step.end) in links  # each step a bounce the board makes
        assert step.end == after.start  # and the next one starts where it ended, round to the first
        line = step.line
        begin, end = line.pointAtPercent(0), line.pointAtPercent(1)
        start_centre = window.scene.cell_rect(step.start).center()
        end_centre = window.scene.cell_rect(step.end).center()
        assert QLineF(begin, start_centre).length() < cell * 0.6  # leaves from beside its Accelerator
        assert QLineF(end, end_centre).length() < cell * 0.6  # and arrives beside the next
        assert line.length() > cell * 0.8, "a stub, not a visible step"


def test_the_graph_leaves_the_route_to_itself(window, qtbot):
    window.actions["overlay_accelerators"].setChecked(True)
    window._overlays_changed()
    loop = select_loop(window, qtbot, {(3, 0), (4, 0), (8, 0)})
    [graph] = [i for i in window.scene.overlay_items() if isinstance(i, AcceleratorOverlay)]
    assert graph.distance == 4
    assert not [link for link in graph.links if set(link) <= set(loop.cells)]  # nothing crosses the route
    assert graph.links  # the rest of the graph is still drawn


def test_selecting_a_loop_leaves_the_chosen_and_saved_distance_alone(window, qtbot, settings):
    window.actions["overlay_accelerators"].setChecked(True)
    window.actions["distance_2"].trigger()
    assert settings.value("overlays/acceleratorDistance", type=int) == 2
    select_loop(window, qtbot, {(3, 0), (4, 0), (8, 0)})
    assert window.scene.accelerator_distance == 4  # shown at the loop's distance while selected
    assert window.distance_box.currentText() == "Distance 4"
    assert window.actions["distance_2"].isChecked()
    window.save_settings()  # as closing does
    assert settings.value("overlays/acceleratorDistance", type=int) == 2
    window.findings.table.clearSelection()
    QApplication.processEvents()
    assert window.scene.accelerator_distance == 2 and window.distance_box.currentText() == "Distance 2"
    select_loop(window, qtbot, {(3, 0), (4, 0), (8, 0)})
    window.actions["distance_5"].trigger()  # the designer's own choice wins, and is kept
    assert window.scene.accelerator_distance == 5
    assert settings.value("overlays/acceleratorDistance", type=int) == 5


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("graph_colour", [LOOP_COLOUR, LINK_COLOUR], ids=["loop-arrows", "link-arrows"])
def test_the_route_colour_reads_apart_from_the_graph_without_full_colour_vision(vision, graph_colour):
    assert seen_difference(ROUTE_COLOUR, graph_colour, vision) >= 20, (vision, graph_colour.name())


def test_the_route_is_dashed_in_two_tones_on_screen(window, qtbot):
    """The graph's arrows are one solid colour; the route alternates its dash and dark core."""
    select_loop(window, qtbot, {(3, 0), (4, 0), (8, 0)})
    image = window.view.viewport().grab().toImage()
    step = max(window.scene.highlighted_route(), key=lambda s: s.line.length())
    seen = {"dash": 0, "core": 0}
    for i in range(1, 100):
        point = window.view.mapFromScene(step.line.pointAtPercent(i / 100))
        pixel = image.pixelColor(point)
        if delta_e(pixel, ROUTE_COLOUR) < 12:
            seen["dash"] += 1
        elif delta_e(pixel, ROUTE_CORE) < 12:
            seen["core"] += 1
    assert seen["dash"] >= 20 and seen["core"] >= 10, seen
