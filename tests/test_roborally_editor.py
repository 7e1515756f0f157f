"""The RoboRally editor, driven through its real window: a wall drawn on a square's side with the
mouse (from either of its squares, within a few pixels) and undone, a board placed, dragged and
turned, a checkpoint moved, a finding's squares outlined, the board painted and its settings
changed, the keyboard, walls checked pixel by pixel at two zooms, and the 1024x640 layout."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest

from crashgrab.editor.game_views import open_board_window
from crashgrab.editor.roborally import CourseWindow
from crashgrab.editor.roborally.marks import colour_of, wall_pixels
from crashgrab.editor.roborally.view import CELL
from crashgrab.engine.games import get_system
from crashgrab.engine.roborally.model import Placement
from crashgrab.engine.roborally.templates import template_layout


def forget_changes(window):
    """Before the test's end closes the window: nothing left to ask about."""
    window.document.undo_stack.setClean()


@pytest.fixture
def window(qtbot):
    window = open_board_window(get_system("roborally"), template_layout(4), None)
    qtbot.addWidget(window, before_close_func=forget_changes)
    qtbot.waitExposed(window)
    window.view.set_zoom(1.0)  # one square = 48 pixels, so the points below are exact
    window.view.centerOn(6 * CELL, 8 * CELL)
    return window


def at(window, board_point) -> QPoint:
    """The viewport pixel of a board point given in squares (x, y)."""
    return window.view.view_point(board_point).toPoint()


def centre(cell):
    return (cell[0] + 0.5, cell[1] + 0.5)


def click(window, board_point, button=Qt.LeftButton):
    QTest.mouseClick(window.view.viewport(), button, Qt.NoModifier, at(window, board_point))


def drag(window, origin, target):
    viewport = window.view.viewport()
    QTest.mousePress(viewport, Qt.LeftButton, Qt.NoModifier, at(window, origin))
    QTest.mouseMove(viewport, at(window, target))
    QTest.mouseRelease(viewport, Qt.LeftButton, Qt.NoModifier, at(window, target))


def edit_board(window, tool, zoom=1.0):
    """Foundry in the board editor with `tool`; the legend's second row settled before any point is worked out."""
    from PySide6.QtWidgets import QApplication

    window.set_mode("foundry")
    window.set_tool(tool)
    for _ in range(3):
        QApplication.processEvents()
    window.view.set_zoom(zoom)


def foundry(window):
    return window.document.layout.boardset.board("foundry")


def test_a_roborally_course_opens_in_its_own_editor_with_no_error(window):
    assert isinstance(window, CourseWindow)
    assert "(RoboRally: Crash and Burn)" in window.windowTitle()
    assert not [f for f in window.findings.findings() if f.severity == "error"]
    assert "Life points: 3" in window.metrics_label.text()  # 4 robots, one factory board: the seed's table


def test_a_wall_drawn_on_a_square_side_with_the_mouse_is_one_edge_and_undoes(window):
    edit_board(window, "wall")
    assert not foundry(window).wall_between((2, 2), (3, 2))
    click(window, (3.0 - 4 / CELL, 2.5))  # 4 pixels inside [2,2], by its east side
    assert foundry(window).wall_between((2, 2), (3, 2))
    assert window.undo_stack.undoText() == "Add a wall on [2,2] east of Foundry"
    assert window.windowTitle().startswith("*")
    click(window, (3.0 + 3 / CELL, 2.5))  # 3 pixels inside [3,2], by its west side: the same edge
    assert not foundry(window).wall_between((2, 2), (3, 2))
    window.undo_action.trigger()
    assert foundry(window).wall_between((2, 2), (3, 2))
    window.undo_action.trigger()
    assert not foundry(window).wall_between((2, 2), (3, 2))
    assert window.undo_stack.isClean() and not window.windowTitle().startswith("*")


def test_a_click_far_from_every_side_puts_no_wall_and_says_why(window):
    edit_board(window, "wall")
    click(window, centre((2, 2)))
    assert window.undo_stack.count() == 0
    assert "nearer a square's side" in window.statusBar().currentMessage()


def test_a_laser_on_a_side_fires_into_its_square_and_its_beams_are_set(window):
    edit_board(window, "laser")
    click(window, (2.5, 5.0 + 2 / CELL))  # [2,5]'s north side
    laser = next(e for e in foundry(window).edge_elements((2, 5), "north") if e.type == "laser")
    assert laser.mount == ((2, 5), "north") and laser.beams == 1
    window.set_tool("select")
    click(window, (2.5, 5.0 + 2 / CELL))
    assert window.selected == ("edge", laser)
    window.beams_box.setValue(3)
    assert next(e for e in foundry(window).edge_elements((2, 5), "north") if e.type == "laser").beams == 3
    window.undo_action.trigger()
    assert next(e for e in foundry(window).edge_elements((2, 5), "north") if e.type == "laser").beams == 1


def test_painting_a_belt_takes_the_facing_set_and_a_change_of_facing_is_an_edit(window):
    edit_board(window, "conveyor")
    window.facing_box.setCurrentIndex(window.facing_box.findData("south"))
    click(window, centre((1, 5)))
    element = foundry(window).element((1, 5))
    assert (element.type, element.facing, element.express) == ("conveyor", "south", False)
    window.facing_box.setCurrentIndex(window.facing_box.findData("west"))
    window.settings_changed("facing")  # as the box's activated signal does
    assert foundry(window).element((1, 5)).facing == "west"
    QTest.keyClick(window.view, Qt.Key_R)  # R turns it on
    assert foundry(window).element((1, 5)).facing == "north"
    click(window, centre((1, 5)), Qt.RightButton)  # right-click clears the square
    assert foundry(window).element((1, 5)) is None
    assert window.undo_stack.count() == 4
    # The edited board set is the course's own now: it is embedded, not the shipped one changed.
    assert window.document.layout.boardset_ref is None


def test_a_board_is_placed_dragged_and_turned(window):
    window.set_tool("board")
    window.board_box.setCurrentIndex(window.board_box.findData("smelter"))
    window.view.set_zoom(0.5)
    click(window, centre((12, 0)))
    assert window.document.layout.boards[-1] == Placement("smelter", 12, 0, 0)
    window.set_tool("select")
    drag(window, centre((13, 1)), centre((14, 2)))  # dragged by a square it was held by
    assert window.document.layout.boards[-1] == Placement("smelter", 13, 1, 0)
    QTest.keyClick(window.view, Qt.Key_R)
    assert window.document.layout.boards[-1].rotation == 90
    assert window.undo_stack.undoText() == "Turn the Smelter board a quarter turn clockwise"
    QTest.keyClick(window.view, Qt.Key_R, Qt.ShiftModifier)
    assert window.document.layout.boards[-1].rotation == 0
    for _ in range(3):
        window.undo_action.trigger()
    assert window.document.layout.boards[-1] == Placement("smelter", 12, 0, 0)
    window.undo_action.trigger()
    assert [p.board for p in window.document.layout.boards] == ["foundry", "dock"]


def test_a_checkpoint_is_dragged_and_a_finding_outlines_its_square(window):
    checkpoints = window.document.layout.checkpoints
    assert checkpoints[0] == (9, 2)
    drag(window, centre((9, 2)), centre((3, 3)))  # onto a belt of Foundry: fine
    assert window.document.layout.checkpoints[0] == (3, 3)
    assert window.undo_stack.undoText() == "Move checkpoint 1 to [3,3]"
    drag(window, centre((3, 3)), centre((1, 1)))  # onto a pit
    finding = next(f for f in window.findings.findings() if f.code == "checkpoint-on-pit")
    assert window.findings.select_finding(finding)
    focus = [item for item in window.view.course_scene.items() if item.data(0) == "focus"]
    assert len(focus) == 1 and focus[0].rect().center() == QPointF(1.5 * CELL, 1.5 * CELL)
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert window.document.layout.checkpoints == checkpoints and window.undo_stack.isClean()


def test_the_keyboard_puts_a_wall_on_the_side_its_arrows_chose(window):
    edit_board(window, "wall")
    window.view.setFocus()
    QTest.keyClick(window.view, Qt.Key_Right)  # the cursor at the first square, its east side
    assert window.cursor == ((0, 0), "east")
    QTest.keyClick(window.view, Qt.Key_Down)
    assert window.cursor == ((0, 1), "south")
    QTest.keyClick(window.view, Qt.Key_Return)
    assert foundry(window).wall_between((0, 1), (0, 2))
    QTest.keyClick(window.view, Qt.Key_Delete)
    assert not foundry(window).wall_between((0, 1), (0, 2))


def wall_run(image, y: int, x_from: int, x_to: int, colour: QColor) -> list[int]:
    """The columns along row `y` whose pixel is exactly the wall's colour."""
    return [x for x in range(x_from, x_to) if QColor(image.pixel(x, y)) == colour]


@pytest.mark.parametrize("zoom", [0.5, 1.5])
def test_a_wall_is_drawn_on_its_edge_whole_pixels_thick_at_two_zooms(window, zoom):
    """The picture of a board with a wall: a run of exactly wall_pixels() pixels of the wall's own
    colour, centred on the edge's line (no anti-aliased fringe), and floor beside it."""
    edit_board(window, "wall")
    click(window, (3.0 - 3 / CELL, 7.5))  # [2,7] east: floor on both sides, no other wall near
    window.view.set_zoom(zoom)
    window.view.centerOn(3 * CELL, 7.5 * CELL)
    image = window.view.viewport().grab().toImage()
    line = window.view.view_point((3.0, 7.5))
    x, y = round(line.x()), round(line.y())
    run = wall_run(image, y, x - 20, x + 20, colour_of("wall"))
    thickness = wall_pixels(CELL * zoom)
    assert len(run) == thickness and run == list(range(run[0], run[0] + thickness))  # one solid bar
    assert abs((run[0] + run[-1]) / 2 - line.x()) <= 1.0  # on the line itself
    for beside in (run[0] - 3, run[-1] + 3):  # floor, not a blur of the wall
        assert QColor(image.pixel(beside, y)).lightness() > 200
    # and the bar runs the square's side, not beyond the squares it parts
    top = window.view.view_point((3.0, 7.0)).y()
    bottom = window.view.view_point((3.0, 8.0)).y()
    column = [row for row in range(round(top) - 10, round(bottom) + 10)
              if QColor(image.pixel(run[0] + thickness // 2, row)) == colour_of("wall")]
    assert abs(column[0] - top) <= thickness and abs(column[-1] - bottom) <= thickness


def test_at_1024_by_640_the_board_has_most_of_the_window(window, qtbot):
    window.resize(1024, 640)
    qtbot.waitUntil(lambda: window.compact)
    qtbot.wait(20)
    view = window.view
    assert view.width() * view.height() >= 0.6 * window.width() * window.height()
    assert (window.width(), window.height()) == (1024, 640)
    assert window.legend_dock in window.tabifiedDockWidgets(window.findings_dock)  # a tab of the side column
    bar = window.toolbar
    hidden = [a for a in bar.actions() if a.isVisible() and not a.isSeparator()
              and not bar.widgetForAction(a).isVisible()]
    assert hidden == []  # nothing behind the toolbar's overflow button
    window.resize(1400, 900)
    qtbot.waitUntil(lambda: not window.compact)
    assert window.dockWidgetArea(window.legend_dock) == Qt.TopDockWidgetArea


def test_the_editor_screenshot_of_a_course_file(tmp_path, qapp):
    from PySide6.QtGui import QImage

    from crashgrab.editor.app import screenshot
    from crashgrab.engine.roborally.layout_io import save_layout

    course = tmp_path / "course.json"
    save_layout(template_layout(2), course)
    out = tmp_path / "shot.png"
    assert screenshot(str(out), str(course)) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1400, 900)


def scene_items(window, kind):
    return [item for item in window.view.course_scene.items() if item.data(0) == kind]


def test_a_dragged_board_says_at_the_pointer_where_it_lands_or_why_not(window):
    window.view.set_zoom(0.5)
    viewport = window.view.viewport()
    QTest.mousePress(viewport, Qt.LeftButton, Qt.NoModifier, at(window, centre((2, 13))))  # the dock
    QTest.mouseMove(viewport, at(window, centre((2, 10))))  # three squares up: into Foundry
    verdict = scene_items(window, "verdict")
    assert len(verdict) == 1
    text = verdict[0].childItems()[0].text()
    assert text == "\u2715 overlaps Foundry on 36 squares"  # 3 rows of 12: a cross and the reason, not only red
    QTest.mouseMove(viewport, at(window, centre((2, 16))))  # three squares down: clear of it
    assert scene_items(window, "verdict")[0].childItems()[0].text() == "\u2713 to [0,15]"
    QTest.mouseRelease(viewport, Qt.LeftButton, Qt.NoModifier, at(window, centre((2, 16))))
    assert window.document.layout.boards[1] == Placement("dock", 0, 15, 0)
    assert scene_items(window, "verdict") == []


def test_an_edge_tool_shows_the_side_it_would_act_on_under_the_pointer(window):
    edit_board(window, "wall")
    QTest.mouseMove(window.view.viewport(), at(window, (5.5, 4.0 + 3 / CELL)))
    assert window.hover_side == ((5, 4), "north") and len(scene_items(window, "hover_side")) == 1
    QTest.mouseMove(window.view.viewport(), at(window, centre((5, 4))))
    assert window.hover_side is None and scene_items(window, "hover_side") == []


def test_print_the_boards_prints_each_board_of_the_board_set_at_25_mm_a_square(window, tmp_path):
    from crashgrab.editor.print_pages import PrintSettings
    from crashgrab.editor.print_pdf import page_image, poster_job
    from crashgrab.editor.roborally.print_boards import board_sheets
    from crashgrab.engine.roborally.editing import single_board_course

    assert window.print_boards_to(tmp_path / "boards.pdf")
    assert (tmp_path / "boards.pdf").read_bytes()[:5] == b"%PDF-"
    course = template_layout(4)
    settings = PrintSettings(cell_mm=25.0)
    job = board_sheets(course, settings)
    system = get_system("roborally")
    each = [poster_job(system, single_board_course(course.boardset, b.id), settings).page_count
            for b in course.boardset.boards]
    assert job.page_count == sum(each) and len(each) == 5  # four factory boards and the loading dock
    assert job.plan.jobs[-1].title == "Loading dock (12x4)"
    image = page_image(job, 0, dpi=60)
    walls = sum(1 for x in range(0, image.width(), 3) for y in range(0, image.height(), 3)
                if QColor(image.pixel(x, y)) == colour_of("wall"))
    assert walls > 0  # Foundry's walls are on its first page


def test_a_new_board_is_built_in_the_board_editor_and_its_board_set_saved_beside_the_course(window, tmp_path):
    from crashgrab.engine.roborally.boardset_io import load_boardset
    from crashgrab.engine.roborally.layout_io import load_layout

    window.findChild(type(window.playtest_action), "new_factory_board").trigger()
    assert window.mode == "board-1" and window.mode_box.currentText() == "Board: New board 1"
    board = window.course.boardset.board("board-1")
    assert (board.width, board.height, dict(board.cells), dict(board.edges)) == (12, 12, {}, {})
    window.set_tool("pit")
    window.paint_cell((4, 4))
    window.save_boardset_to(tmp_path / "my.boardset.json")
    saved = load_boardset(tmp_path / "my.boardset.json")
    assert saved.board("board-1").element((4, 4)).type == "pit"
    window.save_to(tmp_path / "course.json")
    course = load_layout(tmp_path / "course.json")
    assert course.boardset_ref == (tmp_path / "my.boardset.json").resolve().as_posix()
    assert course.boardset.board("board-1").element((4, 4)).type == "pit"
    assert window.remove_set_board() and window.course.boardset.board("board-1") is None
    window.set_mode("foundry")
    assert not window.remove_set_board()  # the course places Foundry
    assert "remove it from the course first" in window.statusBar().currentMessage()


def test_a_marker_dragged_onto_another_says_why_it_will_not_go(window):
    window.view.set_zoom(0.5)
    viewport = window.view.viewport()
    QTest.mousePress(viewport, Qt.LeftButton, Qt.NoModifier, at(window, centre((9, 2))))  # checkpoint 1
    QTest.mouseMove(viewport, at(window, centre((2, 9))))  # onto checkpoint 2
    assert scene_items(window, "verdict")[0].childItems()[0].text() == "\u2715 checkpoint 2 is already on [2,9]"
    QTest.mouseRelease(viewport, Qt.LeftButton, Qt.NoModifier, at(window, centre((2, 9))))
    assert window.document.layout.checkpoints[0] == (9, 2) and window.undo_stack.count() == 0


def test_undoing_a_new_board_while_editing_it_goes_back_to_the_course_and_its_tools(window):
    window.findChild(type(window.playtest_action), "new_factory_board").trigger()
    assert window.mode == "board-1" and window.tool_actions[("board", "wall")].isVisible()
    window.undo_action.trigger()
    assert window.mode == "" and window.course.boardset.board("board-1") is None
    assert window.tool_actions[("course", "checkpoint")].isVisible()
    assert not window.tool_actions[("board", "wall")].isVisible()
    assert "Checkpoint" in window.legend.texts()


def test_a_right_click_takes_a_marker_away_but_never_a_whole_board(window):
    window.view.set_zoom(0.5)
    click(window, centre((7, 4)), Qt.RightButton)  # checkpoint 3
    assert window.document.layout.checkpoints == ((9, 2), (2, 9))
    click(window, centre((5, 5)), Qt.RightButton)  # plain floor of Foundry
    assert len(window.document.layout.boards) == 2 and "select it and press Delete" in \
        window.statusBar().currentMessage()
    click(window, centre((5, 5)))
    assert window.selected == ("board", 0)
    QTest.keyClick(window.view, Qt.Key_Delete)
    assert [p.board for p in window.document.layout.boards] == ["dock"]
    assert window.undo_stack.undoText() == "Remove the Foundry board"


def test_render_draws_the_course_as_the_editor_does_at_25_mm_a_square(tmp_path, qapp):
    from PySide6.QtGui import QImage

    from crashgrab.editor.game_views import editor_for

    course = template_layout(4)  # 12 x 16 squares, plus 1.1 squares of margin on every side
    png = editor_for("roborally").write_image(course, tmp_path / "course.png", 25, None)
    image = QImage(str(png))
    # (12 + 2.2) x 25 = 355 mm by (16 + 2.2) x 25 = 455 mm; at 25 dots an inch 349.4 and 447.8 pixels
    assert (image.width(), image.height()) == (349, 448)
    assert QColor(image.pixel(2, 2)) == QColor("white")
    svg = editor_for("roborally").write_image(course, tmp_path / "course.svg", 25, None).read_text(encoding="utf-8")
    assert '<svg width="355mm" height="455mm"' in svg


def test_a_board_is_resized_and_what_falls_off_it_goes_undoably(window):
    edit_board(window, "wall")
    assert foundry(window).element((10, 11)) is not None  # a belt in the bottom row
    assert window.resize_board(12, 4)
    board = foundry(window)
    assert (board.width, board.height) == (12, 4) and board.element((10, 11)) is None
    assert "course-split" in [f.code for f in window.findings.findings()]  # Foundry no longer reaches the dock
    assert not window.resize_board(12, 4) and "already" in window.statusBar().currentMessage()
    window.undo_action.trigger()
    assert (foundry(window).width, foundry(window).height) == (12, 12) and foundry(window).element((10, 11))


def test_pieces_are_put_down_dragged_set_and_turned(window):
    from crashgrab.engine.roborally.model import Piece

    window.view.set_zoom(1.0)
    window.view.centerOn(6 * CELL, 6 * CELL)
    window.set_tool("flamethrower")
    window.facing_box.setCurrentIndex(window.facing_box.findData("south"))
    click(window, centre((5, 5)))
    assert window.document.layout.pieces == (Piece("flamethrower", (5, 5), facing="south", steps=(1, 3, 5)),)
    drag(window, centre((5, 5)), centre((6, 5)))  # dragged with the tool still in hand
    assert window.document.layout.pieces[0].at == (6, 5) and window.selected == ("piece", 0)
    window.step_boxes[1].click()  # step 2 ticked: the selected piece takes it
    assert window.document.layout.pieces[0].steps == (1, 2, 3, 5)
    QTest.keyClick(window.view, Qt.Key_R)
    assert window.document.layout.pieces[0].facing == "west"
    window.set_tool("door")
    click(window, (7.5, 7.0 + 3 / CELL))  # by [7,7]'s north side
    assert window.document.layout.pieces[1] == Piece("door", (7, 7), side="north", steps=(1, 2, 3, 5))
    drag(window, (7.5, 7.0 + 3 / CELL), (8.0 - 3 / CELL, 8.5))  # to [7,8]'s east side
    assert window.document.layout.pieces[1].at == (7, 8) and window.document.layout.pieces[1].side == "east"
    assert window.undo_stack.count() == 6
