"""The generic painter (editor/picture_painter.py) drawn offscreen: pixels at points worked out by
hand from the shapes' outlines, for the hex and the square geometry, at two zooms."""
from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPainter

from crashgrab.editor.picture_painter import CELL, CELL_FILL, FEATURE_RADIUS, PIECE_RADIUS, paint_overlay, paint_picture
from crashgrab.engine.system import BoardPicture, PlacedFeature, PlayingPiece

from .picture_game import SHAPE_COLOURS, SQUARE_SYSTEM, SYSTEM as HEX_SYSTEM

SYSTEMS = {"hex": HEX_SYSTEM, "square": SQUARE_SYSTEM}
FILL = CELL_FILL.name()
WALL = "#374151"


def render(system, picture, zoom, overlay=None):
    """The picture painted as a view zoomed by `zoom` shows it, and a function from board units to its pixel colour."""
    left, top, right, bottom = picture.extent(system.geometry)
    margin = 10
    image = QImage(math.ceil((right - left) * CELL * zoom) + 2 * margin, math.ceil((bottom - top) * CELL * zoom) + 2 * margin,
                   QImage.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.Antialiasing)
    painter.translate(margin - left * CELL * zoom, margin - top * CELL * zoom)
    painter.scale(zoom, zoom)
    paint_picture(painter, system, picture)
    if overlay is not None:
        paint_overlay(painter, system, overlay)
    painter.end()

    def colour_at(x: float, y: float) -> str:
        px, py = margin + (x - left) * CELL * zoom, margin + (y - top) * CELL * zoom
        return image.pixelColor(math.floor(px), math.floor(py)).name()
    return image, colour_at


def towards(system, cell, angle, distance, across=0.0):
    """The point `distance` board units from the centre of `cell` toward `angle` (degrees clockwise
    from east), moved `across` units to its right."""
    cx, cy = system.geometry.cell_centre(cell)
    a = math.radians(angle)
    return cx + distance * math.cos(a) - across * math.sin(a), cy + distance * math.sin(a) + across * math.cos(a)


def darker(colour: str) -> str:
    return QColor(colour).darker().name()


# (shape, points in the shape's own frame: along its facing and across it, in radii, and what is there;
# "screen": along east and across southward, for the shapes that stand upright whatever they face)
SHAPE_POINTS = {
    "disc": [((0, 0), "colour"), ((1.1, 0), "darker"), ((-1.1, 0), "fill"), ((0.8, 0.8), "fill")],
    "square": [((0, 0), "colour"), ((0.85, 0.85), "screen colour"), ((-0.85, -0.85), "screen colour"), ((1.1, 0), "darker")],
    "card": [((0, -0.9), "screen colour"), ((0.85, -0.8), "screen fill"), ((-0.6, 0.85), "screen colour"),
             ((1.1, 0), "darker")],
    "arrow": [((0.8, 0), "colour"), ((-0.8, 0), "colour"), ((-0.8, 0.6), "fill"), ((0.3, 0.5), "colour"), ((1.2, 0), "fill")],
    "chevron": [((0.45, 0), "colour"), ((-0.3, 0), "fill"), ((-0.25, -0.7), "colour"), ((-0.25, 0.7), "colour")],
    "bar": [((0, 0.9), "colour"), ((0, -0.9), "colour"), ((0.6, 0), "fill"), ((-0.6, 0), "fill")],
}


@pytest.mark.parametrize("zoom", [1.0, 2.5])
@pytest.mark.parametrize("geometry", ["hex", "square"])
def test_every_shape_is_drawn_in_its_outline_pointing_where_it_faces(qapp, geometry, zoom):
    system = SYSTEMS[geometry]
    facing = "southeast" if geometry == "hex" else "south"
    angle = system.geometry.direction_angle(facing)
    cells = [(2 * i, 0) for i in range(len(SHAPE_POINTS))]
    picture = BoardPicture(0, 0, tuple(cells), tuple(PlacedFeature(shape, cell, facing=facing)
                                                      for shape, cell in zip(SHAPE_POINTS, cells)), facing_arrows=True)
    _, colour_at = render(system, picture, zoom)
    for (shape, points), cell in zip(SHAPE_POINTS.items(), cells):
        expected = {"colour": SHAPE_COLOURS[shape], "darker": darker(SHAPE_COLOURS[shape]), "fill": FILL}
        for (along, across), what in points:
            frame = 0.0 if what.startswith("screen ") else angle
            point = towards(system, cell, frame, along * FEATURE_RADIUS, across * FEATURE_RADIUS)
            assert colour_at(*point) == expected[what.removeprefix("screen ")], (shape, along, across, what)


@pytest.mark.parametrize("zoom", [1.0, 2.5])
def test_a_piece_is_an_arrow_turned_to_its_angle_in_its_owners_colour(qapp, zoom):
    geometry = HEX_SYSTEM.geometry
    north_east = geometry.direction_angle("northeast")
    picture = BoardPicture(0, 0, ((0, 0), (1, 0)), pieces=(
        PlayingPiece("robot", (0, 0), north_east, owner="red"),
        PlayingPiece("robot", (1, 0), 90.0, owner="blue", colour="#facc15")),  # its own colour beats its owner's
        owner_colours={"red": "#dc2626", "blue": "#1d4ed8"})
    _, colour_at = render(HEX_SYSTEM, picture, zoom)
    assert colour_at(*towards(HEX_SYSTEM, (0, 0), north_east, 0.8 * PIECE_RADIUS)) == "#dc2626"   # its head
    assert colour_at(*towards(HEX_SYSTEM, (0, 0), north_east, -0.8 * PIECE_RADIUS)) == "#dc2626"  # its tail
    assert colour_at(*towards(HEX_SYSTEM, (0, 0), north_east - 60, 0.8 * PIECE_RADIUS)) == FILL  # beside the head
    assert colour_at(*towards(HEX_SYSTEM, (1, 0), 90.0, 0.8 * PIECE_RADIUS)) == "#facc15"        # facing straight down
    assert colour_at(*towards(HEX_SYSTEM, (1, 0), 0.0, 0.8 * PIECE_RADIUS)) == FILL


@pytest.mark.parametrize("zoom", [1.0, 0.2])
@pytest.mark.parametrize("geometry", ["hex", "square"])
def test_an_edge_is_a_solid_line_at_every_zoom(qapp, geometry, zoom):
    system = SYSTEMS[geometry]
    picture = BoardPicture(0, 0, ((0, 0), (1, 0)), (PlacedFeature("wall", (0, 0), edge="east"),))
    _, colour_at = render(system, picture, zoom)
    (ax, ay), (bx, by) = system.geometry.edge((0, 0), "east")
    # the wall's middle is the wall's colour itself, not a blend with the cells: at 0.2 it is still two pixels wide
    assert colour_at((ax + bx) / 2, (ay + by) / 2) == WALL
    assert colour_at(*towards(system, (0, 0), 0.0, 0.25)) == FILL


@pytest.mark.parametrize("geometry", ["hex", "square"])
def test_an_edge_named_from_both_of_its_cells_is_drawn_once(qapp, geometry):
    system = SYSTEMS[geometry]
    translucent = "#80dc2626"  # drawn twice, it would come out darker
    once = BoardPicture(0, 0, ((0, 0), (1, 0)), (PlacedFeature("wall", (0, 0), edge="east", colour=translucent),))
    twice = BoardPicture(0, 0, ((0, 0), (1, 0)), (PlacedFeature("wall", (0, 0), edge="east", colour=translucent),
                                                  PlacedFeature("wall", (1, 0), edge="west", colour=translucent)))
    other_side = BoardPicture(0, 0, ((0, 0), (1, 0)), (PlacedFeature("wall", (0, 0), edge="east", colour=translucent),
                                                       PlacedFeature("wall", (1, 0), edge="east", colour=translucent)))
    image_once, colour_at = render(system, once, 1.0)
    (ax, ay), (bx, by) = system.geometry.edge((0, 0), "east")
    assert colour_at((ax + bx) / 2, (ay + by) / 2) not in (FILL, "#dc2626")  # a blend: it is translucent
    assert render(system, twice, 1.0)[0] == image_once
    assert render(system, other_side, 1.0)[0] != image_once


def test_an_edge_feature_that_is_not_a_bar_stands_on_the_sides_middle(qapp):
    picture = BoardPicture(0, 0, ((0, 0), (1, 0)), (PlacedFeature("flamethrower", (0, 0), edge="east", facing="west",
                                                                  settings={"steps": [2]}),))
    _, colour_at = render(HEX_SYSTEM, picture, 2.0)
    (ax, ay), (bx, by) = HEX_SYSTEM.geometry.edge((0, 0), "east")
    radius = FEATURE_RADIUS * 0.6
    # a chevron pointing west from the middle of the east side: its point lies 0.45 radii west of it
    assert colour_at((ax + bx) / 2 - 0.45 * radius, (ay + by) / 2) == "#ea580c"


@pytest.mark.parametrize("step, tinted", [(2, True), (1, False)])
def test_an_overlay_at_a_program_step_tints_the_sides_active_then(qapp, step, tinted):
    picture = BoardPicture(0, 0, ((0, 0), (1, 0)), (PlacedFeature("flamethrower", (0, 0), edge="east", facing="west",
                                                                  settings={"steps": [2, 4]}),))
    overlay = HEX_SYSTEM.step_overlay(picture, "fire", step)
    assert overlay.step == step and bool(overlay.edges) == tinted
    _, colour_at = render(HEX_SYSTEM, picture, 1.0, overlay)
    (ax, ay), (bx, by) = HEX_SYSTEM.geometry.edge((0, 0), "east")
    point = ((ax + bx) / 2, (ay + by) / 2 - 0.4)  # on the side, away from the chevron in its middle
    assert (colour_at(*point) == "#7c3aed") == tinted


def test_a_picture_without_facing_arrows_is_drawn_as_the_first_games_were(qapp):
    """Crash Grid's and Crash!'s images must not change: a facing is a pointer line and a first letter there."""
    picture = BoardPicture(1, 1, ((0, 0),), (PlacedFeature("card", (0, 0), facing="east"),))
    _, colour_at = render(SQUARE_SYSTEM, picture, 1.0)
    r = FEATURE_RADIUS
    assert colour_at(0.5 + 0.85 * r, 0.5 - 0.85 * r) == SHAPE_COLOURS["card"]  # a plain square, not a narrow card
    assert colour_at(0.86, 0.5) == darker(SHAPE_COLOURS["card"])  # the pointer line, past the symbol


def test_the_view_holds_every_hex_of_a_board_around_its_centre(qtbot):
    from crashgrab.editor.game_views import PictureItem

    cells = tuple((q, r) for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2)
    item = PictureItem(HEX_SYSTEM, BoardPicture(0, 0, cells))
    bounds = item.boundingRect()
    for cell in cells:
        for x, y in HEX_SYSTEM.geometry.cell_polygon(cell):
            assert bounds.contains(QPointF(x * CELL, y * CELL))
    assert bounds.left() < -2 * math.sqrt(3) * CELL and bounds.top() < -3.5 * CELL


def test_the_read_only_view_shows_the_legend_tool_tips_and_an_overlay_per_step(qtbot):
    from PySide6.QtWidgets import QMenu

    from crashgrab.editor.game_views import ReadOnlyBoardWindow

    geometry = HEX_SYSTEM.geometry
    board = BoardPicture(0, 0, ((0, 0), (1, 0)), (
        PlacedFeature("flamethrower", (0, 0), edge="east", facing="west", settings={"steps": [4, 2]}),
        PlacedFeature("wall", (1, 0), edge="west"),
        PlacedFeature("flamethrower", (1, 0), edge="east", facing="east", settings={"steps": [1]}),
    ), pieces=(PlayingPiece("robot", (1, 0), geometry.direction_angle("southwest"), owner="red", label="1"),),
        owner_colours={"red": "#dc2626"}, facing_arrows=True)
    window = ReadOnlyBoardWindow(HEX_SYSTEM, board, None)
    qtbot.addWidget(window)
    assert window.legend.texts() == ["Wall", "Flamethrower, steps 2, 4", "Flamethrower, step 1", "Robot of red"]
    x, y = geometry.cell_centre((1, 0))
    assert window.board_item.describe_at(QPointF(x * CELL, y * CELL)) == (
        "[1,0]: Flamethrower facing west, steps 2, 4 on the west edge, Wall on the west edge, "
        "Flamethrower facing east, step 1 on the east edge, Robot 1 of red facing southwest")
    view = window.findChild(QMenu, "view_menu")
    names = [a.objectName() for a in view.actions()]
    assert names == ["overlay_none", "overlay_fire", "overlay_fire_step_1", "overlay_fire_step_2"]
    view.actions()[3].trigger()
    assert window.board_item.overlay.step == 2 and list(window.board_item.overlay.edges) == [((0, 0), "east")]
    view.actions()[2].trigger()
    assert window.board_item.overlay.step == 1 and list(window.board_item.overlay.edges) == [((1, 0), "east")]
    view.actions()[0].trigger()
    assert window.board_item.overlay is None


def test_a_finding_about_sides_of_cells_is_placed_by_them(qapp):
    from crashgrab.editor.findings_panel import where_text
    from crashgrab.editor.game_views import finding_place
    from crashgrab.engine.findings import Finding

    walls = Finding("wall-loop", "warning", "Walls shut a cell in.", edges=(((3, 4), "east"), ((4, 4), "south"), ((0, 0), "west")))
    assert where_text(walls) == "[3,4] east [4,4] south +1" and finding_place(walls) == " [3,4] east edge"
    both = Finding("wall-loop", "warning", "Walls shut a cell in.", ((4, 4),), edges=(((3, 4), "east"),))
    assert where_text(both) == "[4,4]" and where_text(Finding("x", "info", "Whole board.")) == "board"


def test_an_image_export_holds_the_whole_hex_board_with_its_walls_and_pieces(qapp, tmp_path):
    from crashgrab.editor.game_views import picture_image
    from crashgrab.editor.image_size import CELL_MM, MARGIN_CELLS, ImageGeometry

    cells = ((-1, 0), (0, 0), (1, 0), (0, -1), (0, 1))
    board = BoardPicture(0, 0, cells, (PlacedFeature("wall", (-1, 0), edge="east"),),
                         pieces=(PlayingPiece("robot", (1, 0), 180.0, owner="red"),), owner_colours={"red": "#dc2626"})
    image = QImage(str(picture_image(HEX_SYSTEM, board, tmp_path / "board.png", 40, "Sparks")))
    assert (image.width(), image.height()) == ImageGeometry.for_picture(board, HEX_SYSTEM.geometry).pixel_size(40)
    left, top, _, _ = board.extent(HEX_SYSTEM.geometry)
    px = CELL_MM * 40 / 25.4  # pixels per board unit

    def colour_at(x, y):
        return image.pixelColor(math.floor((x - left + MARGIN_CELLS) * px), math.floor((y - top + MARGIN_CELLS) * px)).name()

    (ax, ay), (bx, by) = HEX_SYSTEM.geometry.edge((-1, 0), "east")
    assert colour_at((ax + bx) / 2, (ay + by) / 2) == WALL
    assert colour_at(*towards(HEX_SYSTEM, (1, 0), 180.0, 0.8 * PIECE_RADIUS)) == "#dc2626"
    assert colour_at(*towards(HEX_SYSTEM, (-1, 0), 180.0, 0.8)) == FILL      # the west hex's far side: not clipped
    assert colour_at(*towards(HEX_SYSTEM, (0, 1), 90.0, 0.8)) == FILL       # the south hex's point
