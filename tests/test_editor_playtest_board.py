"""What the playtest draws on the board, measured in the real window: its labels never overlap
each other, a tile tab, a Crash Site disc or a saucer, and stay readable; the Accelerator's arrows
have their own colour, cover no feature and answer the arrow keys and Enter; F10 and Shift+F10
step forward and back.

Board for the prompt: the shipped 2-4 layout, row 2 `2...4>..`: Crash Site 4 at [4,2] (west of
the Accelerator at [5,2]), Crash Site 5 at [7,1] and 6 at [6,3]. Red at [3,2] plays 0-5 for 2 east:
[4,2], then its own Accelerator at [5,2], where the board asks which way.
"""
from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from crashgrab.editor.crash_and_grab import style
from crashgrab.editor.crash_and_grab.board_painter import tile_tab_rects
from crashgrab.editor.crash_and_grab.playtest.labels import BoardLabel
from crashgrab.editor.crash_and_grab.playtest.marks import MarkLabel, label_words
from crashgrab.editor.crash_and_grab.playtest.pieces import saucer_rect
from crashgrab.engine.crash_and_grab.rules import Turn
from crashgrab.engine.crash_and_grab.terms import CRASH_SITE
from tests.conftest import LAYOUTS, ROOT
from tests.editor_fixtures import settings, window  # noqa: F401  (fixtures, by name)

SCENARIOS = ROOT / "tests" / "scenarios"
CROWDED = [SCENARIOS / "rule2-push-chain-full.json", SCENARIOS / "rule2-accelerator-chain-own-turn.json",
           *sorted(SCENARIOS.glob("round-*.json"))]
WCAG_AA = 4.5


# --- measuring ------------------------------------------------------------------------------------
def luminance(colour: QColor) -> float:
    """WCAG 2 relative luminance, worked out here rather than taken from the editor."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    return 0.2126 * linear(colour.redF()) + 0.7152 * linear(colour.greenF()) + 0.0722 * linear(colour.blueF())


def contrast(a: QColor, b: QColor) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def inset(rect: QRectF, share: float) -> QRectF:
    d = rect.width() * share
    return rect.adjusted(d, d, -d, -d)


def shown_board(window):
    layer = window.playtest.layer
    return layer.turned_board.picture.board if layer.turned_board is not None else window.scene.board


def disc_rects(window) -> list[QRectF]:
    """Crash Site discs as board_painter draws them: inset 0.14 of the cell, plus their ring's outer half."""
    scene = window.scene
    ring = scene.cell / 28 / 2
    return [inset(scene.cell_rect(c), 0.14).adjusted(-ring, -ring, ring, ring)
            for c, f in shown_board(window).features.items() if f.type == CRASH_SITE]


def saucer_rects(window) -> list[QRectF]:
    return [saucer_rect(window.scene.cell_rect(item.cell)) for item in window.playtest.layer.saucers.values()]


def board_labels(window) -> list[BoardLabel]:
    """Every label item in the scene (found in the scene, not taken from the layer's list)."""
    return [item for item in window.scene.items() if isinstance(item, BoardLabel)]


def assert_labels_clear(window, where: str) -> list[BoardLabel]:
    labels = board_labels(window)
    boxes = [label.sceneBoundingRect() for label in labels]
    for (a, box_a), (b, box_b) in combinations(zip(labels, boxes), 2):
        assert not box_a.intersects(box_b), f"{where}: {a.text!r} overlaps {b.text!r}"
    obstacles = ([("tab", r) for r in tile_tab_rects(window.scene.tile_tabs.picture, window.scene.cell)] +
                 [("Crash Site", r) for r in disc_rects(window)] + [("saucer", r) for r in saucer_rects(window)])
    for label, box in zip(labels, boxes):
        for what, rect in obstacles:
            assert not box.intersects(rect), f"{where}: {label.text!r} covers a {what} at {rect}"
        assert window.scene.sceneRect().contains(box), f"{where}: {label.text!r} is off the scene"
    return labels


def assert_readable(label: BoardLabel, where: str) -> None:
    assert label.effectiveOpacity() == 1.0, f"{where}: {label.text!r} is see-through"
    assert label.background.alpha() == 255 and label.ink.alpha() == 255
    ratio = contrast(label.ink, label.background)
    assert ratio >= WCAG_AA, f"{where}: {label.text!r} {label.ink.name()} on {label.background.name()} is {ratio:.2f}:1"


def start_playtest(window, layout: Path):
    assert window.open_path(layout)
    window.actions["playtest"].trigger()
    assert window.playtest.active
    return window.playtest


# --- 1. labels --------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", CROWDED, ids=lambda p: p.stem)
def test_playtest_labels_never_overlap_and_stay_readable_at_every_step(qtbot, window, path):
    mode = window.playtest
    assert mode.open_scenario(path)
    seen, latest, earlier = 0, 0, 0
    for cursor in range(len(mode.session.events) + 1):
        mode.show_step(cursor)
        where = f"{path.stem} step {cursor}"
        labels = assert_labels_clear(window, where)
        assert {id(label) for label in labels} == {id(label) for label in mode.layer.labels}
        for label in labels:
            assert_readable(label, where)
            cell, box = window.scene.cell_rect(label.cell), label.sceneBoundingRect()
            touches = box.adjusted(-1, -1, 1, 1).intersects(cell)
            led = any(_grown(cell).contains(line.line().p2()) and _grown(box).contains(line.line().p1())
                      for line in mode.layer.leaders)
            assert touches or led, f"{where}: {label.text!r} is neither beside its cell nor led to it"
            if isinstance(label, MarkLabel):
                latest += label.latest
                earlier += not label.latest
        worded = [m for m in mode.layer.marks if m.part == "shape" and label_words(m.event)]
        assert len(labels) == len(worded) + bool(mode.pending), where  # every mark with words has its label
        seen += len(labels)
    if path in CROWDED[:2]:
        assert latest and earlier and seen >= 10, (latest, earlier, seen)


def _grown(rect: QRectF) -> QRectF:
    return rect.adjusted(-0.5, -0.5, 0.5, 0.5)


def test_the_reported_overlaps_are_gone(qtbot, window):
    """The accelerator chain ends with "east 3" and "south 3" on the top edges of tiles 1A and 2A,
    where they used to cover the tabs; the push chain's two "push 5" sat on top of each other."""
    mode = window.playtest
    assert mode.open_scenario(SCENARIOS / "rule2-accelerator-chain-own-turn.json")
    mode.show_step(len(mode.session.events))
    texts = sorted(label.text for label in assert_labels_clear(window, "accelerator chain"))
    assert texts == ["east 3", "south 3"]
    assert mode.open_scenario(SCENARIOS / "rule2-push-chain-full.json")
    mode.show_step(len(mode.session.events))
    pushes = [label for label in assert_labels_clear(window, "push chain") if label.text.startswith("push")]
    assert len(pushes) == 2 and {label.latest for label in pushes} == {False}


def test_an_earlier_steps_label_is_pale_but_as_readable_as_the_latest(qtbot, window):
    mode = window.playtest
    assert mode.open_scenario(SCENARIOS / "rule2-push-chain-full.json")
    mode.show_step(2)  # the second collision is the latest step: the first is an earlier one
    labels = {label.latest: label for label in mode.layer.labels}
    old, new = labels[False], labels[True]
    assert (old.text, new.text) == ("push 5", "push 5")
    assert luminance(old.background) > 0.7 > luminance(new.background)  # pale behind, dark behind
    assert contrast(old.ink, old.background) >= WCAG_AA and contrast(new.ink, new.background) >= WCAG_AA


# --- 2. the Accelerator's question ----------------------------------------------------------------------
def ask_at_the_accelerator(window):
    mode = start_playtest(window, LAYOUTS / "standard-2-4p.json")
    assert mode.place_piece("red", (3, 2)) and mode.place_piece("blue", (6, 2))
    mode.panel.set_turn("red", "0-5", 2, "east")
    mode.step()
    mode.step()
    assert mode.pending is not None and mode.pending.asked
    assert {a.direction for a in mode.layer.arrows} == {"north", "east", "south", "west"}
    return mode


def lab(colour: QColor) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = linear(colour.redF()), linear(colour.greenF()), linear(colour.blueF())
    xyz = ((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883)
    fx, fy, fz = (t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in xyz)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def colour_difference(a: QColor, b: QColor) -> float:
    """CIE76 delta E: about 2 is just noticeable, over 40 a different colour."""
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b))) ** 0.5


def test_the_arrows_have_their_own_colour_and_cover_no_feature(qtbot, window):
    mode = ask_at_the_accelerator(window)
    taken = [style.CRASH_SITE, style.CRASH_SITE_RING, style.ACCELERATOR, style.ACCELERATOR_RING, style.FOCUS,
             *style.SEVERITY_COLOURS.values()]
    assert min(colour_difference(style.CHOICE, colour) for colour in taken) > 40, style.CHOICE.name()
    qtbot.waitUntil(lambda: not mode.layer.is_sliding(), timeout=3000)
    QApplication.processEvents()
    image = window.view.viewport().grab().toImage()
    scene, size = window.scene, window.scene.cell
    features = [(c, inset(scene.cell_rect(c), 0.12)) for c in shown_board(window).features if c != (5, 2)]
    assert any(c == (4, 2) for c, _ in features)  # Crash Site 4, which the west arrow used to hide
    for arrow in mode.layer.arrows:
        painted = arrow.mapToScene(arrow.shape())  # its wedge and its target cell's frame
        for cell, rect in features:
            assert not painted.intersects(rect), f"the {arrow.direction} arrow covers the feature at {cell}"
        for colour, item in mode.layer.saucers.items():
            if colour != "red":
                assert not painted.intersects(saucer_rect(scene.cell_rect(item.cell))), arrow.direction
        # drawn in the choice colour: the pixel in the middle of the wedge
        corners = [arrow.wedge.at(i) for i in range(3)]
        centre = QPointF(sum(c.x() for c in corners) / 3, sum(c.y() for c in corners) / 3)
        pixel = image.pixelColor(window.view.mapFromScene(centre))
        assert colour_difference(pixel, style.CHOICE) < 5, (arrow.direction, pixel.name())
        wedge = arrow.wedge.boundingRect()
        assert wedge.width() < size and wedge.height() < size  # the wedge leaves the saucer's letter clear
        assert arrow.sceneBoundingRect().contains(scene.cell_rect(arrow.cell))  # the target: the whole cell
    prompt = [label for label in board_labels(window) if not isinstance(label, MarkLabel)]
    assert [p.text for p in prompt] == ["red: which way?"]
    assert_labels_clear(window, "the question")
    assert_readable(prompt[0], "the question")
    for arrow in mode.layer.arrows:
        assert not prompt[0].sceneBoundingRect().intersects(arrow.sceneBoundingRect())


def test_clicking_the_cell_an_arrow_points_to_chooses_it(qtbot, window):
    mode = ask_at_the_accelerator(window)
    target = window.view.mapFromScene(window.scene.cell_rect((5, 1)).center())  # the cell north of it
    qtbot.mouseClick(window.view.viewport(), Qt.LeftButton, pos=target)
    assert mode.pending is None
    assert mode.session.turns == (Turn("red", "0-5", 2, "east", accelerators=("north",)),)


def test_arrow_keys_choose_a_direction_and_enter_answers(qtbot, window):
    mode = ask_at_the_accelerator(window)
    assert QApplication.focusWidget() is window.view  # the question takes the keyboard
    qtbot.keyClick(window.view, Qt.Key_Return)  # nothing chosen yet: nothing played
    assert mode.pending is not None and "arrow keys first" in window.statusBar().currentMessage()
    qtbot.keyClick(window.view, Qt.Key_Left)
    assert mode.layer.chosen_arrow == "west" and [a.chosen for a in mode.layer.arrows].count(True) == 1
    qtbot.keyClick(window.view, Qt.Key_Down)
    assert mode.layer.chosen_arrow == "south"
    assert window.scene.cursor is None  # the arrow keys went to the question, not the cell cursor
    qtbot.keyClick(window.view, Qt.Key_Enter, Qt.KeypadModifier)
    assert mode.pending is None and mode.layer.arrows == []
    assert mode.session.turns == (Turn("red", "0-5", 2, "east", accelerators=("south",)),)
    event = mode.session.current_event
    assert (event.kind, event.direction) == ("accelerator", "south")


def test_only_the_offered_directions_can_be_chosen(qtbot, window):
    """The rules offer all four at an owner's Accelerator; the keys follow the arrows drawn, so
    with two drawn the other two keys are refused in words."""
    mode = ask_at_the_accelerator(window)
    mode.layer.show_arrows((5, 2), ("north", "east"), {}, "red: which way?")
    qtbot.keyClick(window.view, Qt.Key_Left)
    assert mode.layer.chosen_arrow is None and "West is not offered" in window.statusBar().currentMessage()
    qtbot.keyClick(window.view, Qt.Key_Right)
    qtbot.keyClick(window.view, Qt.Key_Return)
    assert mode.session.turns == (Turn("red", "0-5", 2, "east", accelerators=("east",)),)


def test_escape_cancels_the_turn_at_the_question(qtbot, window):
    mode = ask_at_the_accelerator(window)
    qtbot.keyClick(window.view, Qt.Key_Up)
    qtbot.keyClick(window.view, Qt.Key_Escape)
    assert mode.pending is None and mode.session.played == () and mode.layer.arrows == []
    assert mode.layer.saucer_cells() == {"red": (3, 2), "blue": (6, 2)}


# --- 3. Step and Back from the keyboard ---------------------------------------------------------------
def test_f10_steps_and_shift_f10_steps_back(qtbot, window):
    mode = window.playtest
    assert not window.actions["playtest_step"].isEnabled()  # nothing to step outside a playtest
    assert mode.open_scenario(SCENARIOS / "rule2-push-chain-full.json")
    mode.show_step(0)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=3000)
    for focus in (window.view, mode.panel.log):  # the board or a panel: the keys step either way
        focus.setFocus()
        before = mode.session.cursor
        qtbot.keyClick(focus, Qt.Key_F10)
        qtbot.keyClick(focus, Qt.Key_F10)
        assert mode.session.cursor == before + 2
        qtbot.keyClick(focus, Qt.Key_F10, Qt.ShiftModifier)
        assert mode.session.cursor == before + 1
    mode.show_step(0)
    assert not window.actions["playtest_back"].isEnabled()
    mode.stop()
    assert not window.actions["playtest_step"].isEnabled() and not window.actions["playtest_back"].isEnabled()


def test_f10_plays_the_next_turn_and_reaches_the_question(qtbot, window):
    mode = start_playtest(window, LAYOUTS / "standard-2-4p.json")
    assert mode.place_piece("red", (3, 2))
    mode.panel.set_turn("red", "0-5", 2, "east")
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=3000)
    mode.panel.step_button.setFocus()
    qtbot.keyClick(mode.panel.step_button, Qt.Key_F10)
    assert mode.layer.saucer_cells() == {"red": (4, 2)}
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_F10)
    assert mode.pending.asked and QApplication.focusWidget() is window.view
    qtbot.keyClick(window.view, Qt.Key_Right)
    qtbot.keyClick(window.view, Qt.Key_Return)
    assert mode.session.turns == (Turn("red", "0-5", 2, "east", accelerators=("east",)),)


def test_the_step_keys_are_listed_in_the_shortcuts(qtbot, window):
    from crashgrab.editor.help_window import shortcuts_html
    text = shortcuts_html(window.actions, window.widget_keys)
    assert "Playtest Step" in text and "F10" in text and "Shift+F10" in text
    assert "answer the Accelerator" in text


def test_zoomed_out_the_labels_keep_readable_letters_and_stay_clear(qtbot, window):
    """At half size (a 1024x640 window shows the standard board at about 50%) the labels grow so
    their letters keep 10 pixels on screen, and are placed again clear of everything."""
    mode = window.playtest
    assert mode.open_scenario(SCENARIOS / "rule2-accelerator-chain-own-turn.json")
    mode.show_step(len(mode.session.events))
    for zoom in (0.45, 1.0, 2.0):
        window.view.set_zoom(zoom)
        labels = assert_labels_clear(window, f"zoom {zoom}")
        assert len(labels) == 2
        for label in labels:
            on_screen = label.font.pixelSize() * label.scale() * window.view.zoom()
            assert on_screen >= 10 - 0.5, (zoom, label.text, on_screen)
        assert labels[0].scale() == (1.0 if zoom >= 1 else pytest.approx(10 / (window.scene.cell * 0.22 * zoom)))
