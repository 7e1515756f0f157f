"""Draw a board onto any QPainter: the editor's scene, the palette, and image exports.

No scene, no widgets: `paint_board(painter, layout_or_board, cell=...)` draws cell (0, 0)'s
top-left corner at `origin`, with the direction markers in a margin around the board.
`picture_rect()` tells a caller (an image export, the scene) how much room that takes.

What is drawn, bottom to top: holes hatched (cells no tile covers: off the board), tile
paper, the cell grid, heavier tile borders, empty template slots as dashed outlines,
Crash Sites as numbered discs, Accelerators as a double chevron on an orange diamond,
each tile's label ("3A": tile 3, side A) and the four direction markers by name.
A cell's feature is drawn by `feature_painter`, the direction markers by `marker_painter`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QFontMetricsF, QPainter, QPen

from crashgrab.engine.crash_and_grab.resolve import resolve_layout
from crashgrab.engine.crash_and_grab.templates import TEMPLATES
from crashgrab.engine.grid.model import Board, Cell, Tile
from crashgrab.engine.crash_and_grab.layout import Layout

from . import style
# feature_words: named here too, where the tile designer takes it from.
from .feature_painter import feature_words as feature_words, paint_feature
from .marker_painter import marker_margin, paint_markers
from .placing import occupant, placement_area, slot_area

SIDES = ("north", "east", "south", "west")


@dataclass(frozen=True)
class TileLabel:
    tile: str
    text: str  # "3A"
    area: tuple[int, int, int, int]  # the placed tile's cells: x, y, width, height


@dataclass(frozen=True)
class EmptySlot:
    name: str
    hint: str  # which tiles go there
    area: tuple[int, int, int, int]


@dataclass(frozen=True)
class BoardPicture:
    """Everything the painter needs, worked out once from a layout (or a bare board)."""

    board: Board
    labels: tuple[TileLabel, ...] = ()
    roles: Mapping[str, str] | None = None  # tile id -> role, for the paper colour
    directions: Mapping[str, str] | None = None
    empty_slots: tuple[EmptySlot, ...] = ()


def picture_of(source: Layout | Board | BoardPicture, directions: Mapping[str, str] | None = None) -> BoardPicture:
    if isinstance(source, BoardPicture):
        return source
    if isinstance(source, Board):
        extents: dict[str, list[int]] = {}
        for (x, y), tile in source.cell_tiles.items():
            box = extents.setdefault(tile, [x, y, x, y])
            box[:] = [min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y)]
        labels = tuple(TileLabel(tile, tile, (b[0], b[1], b[2] - b[0] + 1, b[3] - b[1] + 1))
                       for tile, b in sorted(extents.items(), key=lambda item: (item[1][1], item[1][0])))
        return BoardPicture(source, labels, None, directions)
    layout = source
    board = resolve_layout(layout).board
    labels = tuple(TileLabel(p.tile, f"{p.tile}{p.side}", placement_area(layout, p)) for p in layout.placements
                   if layout.tileset.get(p.tile) is not None)
    roles = {t.id: t.kind for t in layout.tileset.tiles}
    return BoardPicture(board, labels, roles, directions if directions is not None else layout.directions,
                        _empty_slots(layout))


def _empty_slots(layout: Layout) -> tuple[EmptySlot, ...]:
    template = TEMPLATES.get(layout.template) if layout.template else None
    if template is None:
        return ()
    empty = []
    for slot in template.slots:
        if occupant(layout, slot) is None:
            ids = [t.id for t in layout.tileset.tiles if t.kind in slot.roles]
            hint = f"tile {ids[0]}" if len(ids) == 1 else f"tiles {_id_range(ids)}" if ids else ""
            empty.append(EmptySlot(slot.name, hint, slot_area(layout, slot)))
    return tuple(empty)


def _id_range(ids: Sequence[str]) -> str:
    numbers = [int(i) for i in ids if i.isdigit()]
    if len(numbers) == len(ids) and numbers == list(range(numbers[0], numbers[0] + len(numbers))):
        return f"{numbers[0]}-{numbers[-1]}"
    return ", ".join(ids)


def picture_rect(board_width: int, board_height: int, cell: float, markers: bool = True) -> QRectF:
    """The rectangle `paint_board` draws into, relative to cell (0, 0)'s top-left corner."""
    margin = marker_margin(cell) if markers else 0.0
    return QRectF(-margin, -margin, board_width * cell + 2 * margin, board_height * cell + 2 * margin)


def paint_board(painter: QPainter, source: Layout | Board | BoardPicture, cell: float = style.CELL, *,
                origin: QPointF | None = None, markers: bool = True, tile_labels: bool = True,
                directions: Mapping[str, str] | None = None, exposed: QRectF | None = None) -> BoardPicture:
    """Draw the whole board; returns the picture it drew (handy for hit tests).
    `tile_labels=False` leaves the tile tabs out, for a view that draws them above its highlights.
    `exposed` (cell (0, 0) at the origin) draws only what lies near that rectangle: enough for
    its pixels to come out as when everything is drawn (a cached picture redrawing the cells an
    edit changed)."""
    picture = picture_of(source, directions)
    board = picture.board
    near = _near(exposed, cell)
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    painter.setRenderHint(QPainter.TextAntialiasing)
    if origin is not None:
        painter.translate(origin)
    slot_cells = {(x + dx, y + dy) for slot in picture.empty_slots
                  for x, y, w, h in [slot.area] for dx in range(w) for dy in range(h)}
    for x, y in board.holes():
        if not near(x, y):
            continue
        if (x, y) in slot_cells:  # waiting for a tile: plain, unlike a hole's hatch
            painter.fillRect(_cell_rect(x, y, cell), style.SLOT_FILL)
        else:
            paint_hole(painter, _cell_rect(x, y, cell))
    for slot in picture.empty_slots:
        if near(*slot.area):
            paint_empty_slot(painter, slot, cell)
    roles = picture.roles or {}
    for (x, y), tile in board.cell_tiles.items():
        if near(x, y):
            painter.fillRect(_cell_rect(x, y, cell), style.PAPER.get(roles.get(tile, ""), style.DEFAULT_PAPER))
    _paint_grid(painter, board, cell, near)
    _paint_tile_borders(painter, board.cell_tiles, cell, near)
    for (x, y), feature in board.features.items():
        if near(x, y):
            paint_feature(painter, _cell_rect(x, y, cell), feature.type, feature.number)
    if tile_labels:
        paint_tile_labels(painter, picture, cell, exposed)
    if markers and picture.directions:
        paint_markers(painter, QRectF(0, 0, board.width * cell, board.height * cell), picture.directions, cell,
                      exposed)
    painter.restore()
    return picture


def paint_tile_labels(painter: QPainter, picture: BoardPicture, cell: float, exposed: QRectF | None = None) -> None:
    """The tile id tabs ("1A", "10B") of every placed tile (near `exposed`, when given: see `paint_board`)."""
    near = _near(exposed, cell)
    for label in picture.labels:
        if near(*label.area) and picture.board.cell_tiles.get(label.area[:2]) == label.tile:
            paint_tile_label(painter, _area_rect(label.area, cell), label.text, cell, label_tab_rect(picture, label, cell))


def tile_tab_rects(picture: BoardPicture, cell: float) -> list[QRectF]:
    """Where the tile tabs lie, for labels that must keep clear of them."""
    return [label_tab_rect(picture, label, cell) for label in picture.labels
            if picture.board.cell_tiles.get(label.area[:2]) == label.tile]


TAB_INSET = 0.04  # of a cell: a tab inside its tile hangs this far below the tile's top edge


def label_tab_rect(picture: BoardPicture, label: TileLabel, cell: float) -> QRectF:
    """Where a tile's tab lies: inside the tile, at the top of the top-row cell nearest its middle
    that holds no feature (so it is plainly that tile's, and not on the line it shares with the tile
    above); only a tile whose every top cell holds a feature has it on its top edge."""
    x, y, w, _ = label.area
    rect = tile_tab_rect(_area_rect(label.area, cell), label.text, cell)
    if rect.width() > cell:  # a long id fits in no one cell
        return rect
    middle = (w - 1) / 2
    free = sorted((abs(column - middle), column) for column in range(w)
                  if (x + column, y) not in picture.board.features
                  and picture.board.cell_tiles.get((x + column, y)) == label.tile)
    if not free:
        return rect
    column = free[0][1]
    rect.moveCenter(QPointF((x + column + 0.5) * cell, y * cell + TAB_INSET * cell + rect.height() / 2))
    return rect


def tile_tab_rect(tile_rect: QRectF, text: str, cell: float) -> QRectF:
    """A tab's size, centred on the middle of the tile's top edge."""
    size = cell * 0.21
    width = QFontMetricsF(style.font(size, bold=True)).horizontalAdvance(text) + size * 0.8
    tag = QRectF(0, 0, width, size * 1.3)
    tag.moveCenter(QPointF(tile_rect.center().x(), tile_rect.top()))
    return tag


def paint_tile_face(painter: QPainter, tile: Tile, side: str, rotation: int = 0, cell: float = style.CELL, *,
                    origin: QPointF | None = None, label: bool = True, legible: bool = False) -> None:
    """One tile on its own, as it looks on the board (palette entries, drag previews); `legible`,
    for a small thumbnail: Crash Site numbers as large as their cells allow."""
    width, height = tile.size(rotation)
    cells = {(x, y): tile.id for y in range(height) for x in range(width)}
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    if origin is not None:
        painter.translate(origin)
    paper = style.PAPER.get(tile.kind, style.DEFAULT_PAPER)
    painter.fillRect(QRectF(0, 0, width * cell, height * cell), paper)
    _paint_grid(painter, Board(width, height, cells, {}), cell)
    _paint_tile_borders(painter, cells, cell)
    for feature in tile.features(side, rotation):
        paint_feature(painter, _cell_rect(feature.x, feature.y, cell), feature.type, feature.number, legible)
    if label:
        paint_tile_label(painter, QRectF(0, 0, width * cell, height * cell), f"{tile.id}{side}", cell)
    painter.restore()


def paint_hole(painter: QPainter, rect: QRectF) -> None:
    painter.fillRect(rect, style.HOLE_FILL)
    painter.fillRect(rect, QBrush(style.HOLE_HATCH, Qt.BDiagPattern))


def paint_empty_slot_symbol(painter: QPainter, rect: QRectF) -> None:
    """The legend's picture of an empty slot: plain, with the dashed outline (a hole is hatched)."""
    painter.save()
    painter.fillRect(rect, style.SLOT_FILL)
    painter.setPen(style.outline_pen(style.SLOT_OUTLINE, 1.2, Qt.DashLine))
    painter.setBrush(Qt.NoBrush)
    painter.drawRoundedRect(rect.adjusted(1.5, 1.5, -1.5, -1.5), 3, 3)
    painter.restore()


def paint_empty_slot(painter: QPainter, slot: EmptySlot, cell: float) -> None:
    x, y, w, h = slot.area
    rect = QRectF(x * cell, y * cell, w * cell, h * cell).adjusted(3, 3, -3, -3)
    painter.save()
    painter.setPen(style.outline_pen(style.SLOT_OUTLINE, max(1.0, cell / 24), Qt.DashLine))
    painter.setBrush(Qt.NoBrush)
    painter.drawRoundedRect(rect, cell * 0.12, cell * 0.12)
    painter.setPen(style.SLOT_TEXT)
    name = slot.name.replace(" ", "\n") if w < h else slot.name
    text = f"{name}\n{slot.hint}" if slot.hint else name
    size = cell * (0.2 if min(w, h) > 1 else 0.16)
    painter.setFont(style.font(size, bold=True))
    if w == 1 and h > 1:  # a standing 1-wide slot: write along it
        painter.translate(rect.center())
        painter.rotate(-90)
        painter.drawText(QRectF(-rect.height() / 2, -rect.width() / 2, rect.height(), rect.width()),
                         Qt.AlignCenter, f"{slot.name}\n{slot.hint}")
    else:
        painter.drawText(rect, Qt.AlignCenter | Qt.TextWordWrap, text)
    painter.restore()


def paint_tile_label(painter: QPainter, tile_rect: QRectF, text: str, cell: float, tag: QRectF | None = None) -> None:
    """A tile's tab with its id; at `tag` (board tabs: `label_tab_rect`), else on the middle of its top edge."""
    size = cell * 0.21
    painter.save()
    painter.setFont(style.font(size, bold=True))
    tag = tag if tag is not None else tile_tab_rect(tile_rect, text, cell)
    painter.setPen(Qt.NoPen)
    painter.setBrush(style.LABEL_BACK)
    painter.drawRoundedRect(tag, size * 0.35, size * 0.35)
    painter.setPen(style.LABEL_TEXT)
    painter.drawText(tag, Qt.AlignCenter, text)
    painter.restore()


def _paint_grid(painter: QPainter, board: Board, cell: float, near=None) -> None:
    painter.save()
    painter.setPen(QPen(style.CELL_LINE, max(0.6, cell / 48)))
    lines = []
    for (x, y) in board.cell_tiles:
        if near is not None and not near(x, y):
            continue
        rect = _cell_rect(x, y, cell)
        lines += [QLineF(rect.topLeft(), rect.topRight()), QLineF(rect.topLeft(), rect.bottomLeft())]
        lines += [QLineF(rect.bottomLeft(), rect.bottomRight()), QLineF(rect.topRight(), rect.bottomRight())]
    painter.drawLines(lines)
    painter.restore()


def _paint_tile_borders(painter: QPainter, cell_tiles: Mapping[Cell, str], cell: float, near=None) -> None:
    """A heavy line wherever a cell meets a different tile, a hole or the outside."""
    painter.save()
    pen = QPen(style.TILE_BORDER, max(1.5, cell / 16))
    pen.setCapStyle(Qt.SquareCap)
    painter.setPen(pen)
    lines = []
    for (x, y), tile in cell_tiles.items():
        if near is not None and not near(x, y):
            continue
        rect = _cell_rect(x, y, cell)
        if cell_tiles.get((x, y - 1)) != tile:
            lines.append(QLineF(rect.topLeft(), rect.topRight()))
        if cell_tiles.get((x, y + 1)) != tile:
            lines.append(QLineF(rect.bottomLeft(), rect.bottomRight()))
        if cell_tiles.get((x - 1, y)) != tile:
            lines.append(QLineF(rect.topLeft(), rect.bottomLeft()))
        if cell_tiles.get((x + 1, y)) != tile:
            lines.append(QLineF(rect.topRight(), rect.bottomRight()))
    painter.drawLines(lines)
    painter.restore()


def _near(exposed: QRectF | None, cell: float) -> Callable[..., bool]:
    """A test for an area (x, y and, by default 1, width and height in cells): may it show in
    `exposed`? Always yes without one. Half a cell of room takes in the lines, caps, tabs and
    antialiasing that spill over a cell's edge, at any zoom down to the view's smallest."""
    if exposed is None:
        return lambda x, y, w=1, h=1: True
    pad = cell / 2
    left, right = math.floor((exposed.left() - pad) / cell), math.floor((exposed.right() + pad) / cell)
    top, bottom = math.floor((exposed.top() - pad) / cell), math.floor((exposed.bottom() + pad) / cell)
    return lambda x, y, w=1, h=1: x <= right and x + w > left and y <= bottom and y + h > top


def picture_changes(old: BoardPicture, new: BoardPicture, cell: float) -> tuple[list[QRectF], list[QRectF]] | None:
    """Where `new` is drawn differently from `old`: (rectangles of the board, rectangles of the tile
    tabs), with room for the lines and antialiasing over a cell's edge. None when the whole picture
    changes: the board's size, its markers or the tiles' colours."""
    a, b = old.board, new.board
    if ((a.width, a.height) != (b.width, b.height) or shows_markers(old) != shows_markers(new)
            or old.directions != new.directions or old.roles != new.roles):
        return None
    cells = {c for c in a.cell_tiles.keys() | b.cell_tiles.keys() if a.cell_tiles.get(c) != b.cell_tiles.get(c)}
    cells |= {c for c in a.features.keys() | b.features.keys() if a.features.get(c) != b.features.get(c)}
    areas = [(x, y, 1, 1) for x, y in cells] + [slot.area for slot in set(old.empty_slots) ^ set(new.empty_slots)]
    changed = set(old.labels) ^ set(new.labels)
    pad = cell / 8

    def touched(label: TileLabel) -> bool:  # its tab's place follows the features of its top row
        x, y, w, _ = label.area
        return label in changed or any((x + column, y) in cells for column in range(w))

    tabs = [label_tab_rect(picture, label, cell).adjusted(-pad, -pad, pad, pad)
            for picture in (old, new) for label in picture.labels if touched(label)]
    return [_area_rect(area, cell).adjusted(-pad, -pad, pad, pad) for area in areas], tabs


def shows_markers(picture: BoardPicture) -> bool:
    """Whether the editor's board shows the direction markers (and their margin round the board):
    not while the board is bare."""
    return bool(picture.board.cell_tiles or picture.empty_slots)


def _area_rect(area: tuple[int, int, int, int], cell: float) -> QRectF:
    return QRectF(area[0] * cell, area[1] * cell, area[2] * cell, area[3] * cell)


def _cell_rect(x: int, y: int, cell: float) -> QRectF:
    return QRectF(x * cell, y * cell, cell, cell)
