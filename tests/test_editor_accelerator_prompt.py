"""The Accelerator's direction question at 1024x640, measured in the real window: each arrow's
hit target is the whole cell it points to, framed so it reads at that size; the arrow chosen
with the keys is told apart by shape (a solid, thick frame and an inverted wedge, not a tiny
inner mark), with its words beside it, clear of tile tabs; and the playtest's trails and labels
never cover a Crash Site's number.

Board: the shipped 2-4 layout; red at [3,2] plays 0-5 for 2 east, over Crash Site 4 at [4,2], onto
its own Accelerator at [5,2], where the board asks which way (blue waits at [6,2])."""
from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPainterPath
from PySide6.QtWidgets import QApplication

from crashgrab.editor.crash_and_grab import style
from crashgrab.editor.crash_and_grab.board_painter import tile_tab_rects
from crashgrab.editor.crash_and_grab.playtest.arrows import FRAME_INNER, FRAME_OUTER
from crashgrab.editor.crash_and_grab.playtest.marks import EventMark
from crashgrab.engine.crash_and_grab.terms import CRASH_SITE
from tests.editor_fixtures import settings, window  # noqa: F401  (fixtures, by name)
from tests.test_editor_playtest_board import ask_at_the_accelerator, colour_difference, inset

SMALL = (1024, 640)
MIN_TARGET_PIXELS = 36  # a hit target's side on screen: a comfortable click, and its frame is seen


def settled_image(qtbot, window, mode):
    qtbot.waitUntil(lambda: not mode.layer.is_sliding(), timeout=3000)
    QApplication.processEvents()
    return window.view.viewport().grab().toImage()


def small_question(qtbot, window):
    window.resize(*SMALL)
    qtbot.waitUntil(lambda: window.compact, timeout=3000)
    return ask_at_the_accelerator(window)


def test_each_arrow_targets_its_whole_cell_big_enough_at_1024x640(qtbot, window):
    mode = small_question(qtbot, window)
    for arrow in mode.layer.arrows:
        target = window.view.mapFromScene(arrow.target).boundingRect()
        assert min(target.width(), target.height()) >= MIN_TARGET_PIXELS, (arrow.direction, target)
        corner = window.scene.cell_rect(arrow.cell).topLeft() + QPointF(4, 4)  # in the frame, far from the wedge
        assert arrow.hits(corner), arrow.direction
    south = next(a for a in mode.layer.arrows if a.direction == "south")
    corner = window.scene.cell_rect(south.cell).bottomRight() - QPointF(5, 5)
    qtbot.mouseClick(window.view.viewport(), Qt.LeftButton, pos=window.view.mapFromScene(corner))
    assert mode.pending is None and mode.session.turns[0].accelerators == ("south",)


def test_the_chosen_arrow_is_marked_by_a_solid_thick_frame_with_its_words_beside_it(qtbot, window):
    mode = small_question(qtbot, window)
    qtbot.keyClick(window.view, Qt.Key_Left)
    image = settled_image(qtbot, window, mode)
    size = window.scene.cell
    depth = (FRAME_OUTER + FRAME_INNER) / 2 * size  # the middle of the chosen frame's band
    for arrow in mode.layer.arrows:
        edge = window.scene.cell_rect(arrow.cell)
        # the middle of the target's edge farthest from the Accelerator: no wedge there
        far = {"north": QPointF(edge.center().x(), edge.top() + depth),
               "south": QPointF(edge.center().x(), edge.bottom() - depth),
               "west": QPointF(edge.left() + depth, edge.center().y()),
               "east": QPointF(edge.right() - depth, edge.center().y())}[arrow.direction]
        pixel = image.pixelColor(window.view.mapFromScene(far))
        on_frame = colour_difference(pixel, style.CHOICE_ACTIVE) < 12
        assert on_frame is (arrow.direction == "west"), (arrow.direction, pixel.name())
    [prompt] = [label for label in mode.layer.labels if label is mode.layer._prompt]
    assert prompt.text == "west \u00b7 Stars? Enter"
    box = prompt.sceneBoundingRect()
    target = window.scene.cell_rect((4, 2))
    gap = max(target.left() - box.right(), box.left() - target.right(), target.top() - box.bottom(),
              box.top() - target.bottom())
    assert gap < size, f"the words are {gap / size:.1f} cells from the target"  # next to it
    for tab in tile_tab_rects(window.scene.tile_tabs.picture, size):
        assert not box.intersects(tab), "the words cover a tile tab"
    for cell in window.scene.board.features:
        assert not box.intersects(inset(window.scene.cell_rect(cell), 0.12)), cell
    for arrow in mode.layer.arrows:
        assert not arrow.mapToScene(arrow.shape()).intersects(box), arrow.direction
    qtbot.keyClick(window.view, Qt.Key_Return)
    assert mode.session.turns[0].accelerators == ("west",)


def test_trails_go_round_crash_site_numbers(qtbot, window):
    mode = small_question(qtbot, window)
    image = settled_image(qtbot, window, mode)
    board, scene = window.scene.board, window.scene
    sites = [c for c, f in board.features.items() if f.type == CRASH_SITE]
    trails = [m for m in mode.layer.marks if isinstance(m, EventMark) and m.event.kind == "move"]
    assert trails and (4, 2) in sites  # red's trail runs over Crash Site 4
    for trail in trails:
        for cell in sites:
            disc = QPainterPath()
            disc.addEllipse(inset(scene.cell_rect(cell), 0.14))  # the disc as drawn, its number inside
            common = trail.clear_area().intersected(disc).boundingRect()
            assert common.width() * common.height() < 1, (trail.event, cell)
    # on screen: Crash Site 4's disc keeps its own blue beside the number, where the trail runs
    beside = scene.cell_rect((4, 2)).center() + QPointF(scene.cell * 0.26, 0)
    pixel = image.pixelColor(window.view.mapFromScene(beside))
    assert colour_difference(pixel, style.CRASH_SITE) < 12, pixel.name()
