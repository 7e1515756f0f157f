"""The Tiled export's tileset image, painted by the editor's board painter.

The engine writes Tiled maps without Qt, so it ships this picture ready-made
(layouts/tiled/crash-grab-tiles.png) and copies it beside every map; this module is where that
picture comes from. After changing the board's look, write it again:

    python -m crashgrab.editor.crash_and_grab.output.tiled_tileset layouts/tiled/crash-grab-tiles.png

(tests/test_tiled_export.py fails while the shipped file differs from what the painter draws.)

Each cell tile is the middle cell of a 3x3 board of one tile, painted by `paint_board` and cut
out, so its paper, grid line and feature are exactly the editor's; a border tile is the heavy
line `paint_board` draws on a cell's sides that meet another tile (half of it: the neighbour's
tile has the other half); the hole is `paint_hole`. The layout of the image is the engine's
(engine/crash_and_grab/tiled_tiles.py).
"""
from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter

from crashgrab.engine.crash_and_grab import tiled_tiles
from crashgrab.engine.crash_and_grab.tiled_tiles import TILE_KINDS, TILE_SIZE, TileKind, tile_origin
from crashgrab.engine.formats.png import RGBAImage, encode_png
from crashgrab.engine.grid.model import Board, CellFeature

from ...qt_images import gui_application
from ..board_painter import BoardPicture, _paint_tile_borders, paint_board, paint_hole

# A role whose paper each tileset row shows (style.PAPER gives every role of a row the same colour).
ROW_ROLE = {"core": "core", "arm": "arm5", "centre": "centre5", "custom": "custom"}
_MIDDLE = (1, 1)
_NEIGHBOURS = {tiled_tiles.NORTH: (1, 0), tiled_tiles.EAST: (2, 1), tiled_tiles.SOUTH: (1, 2),
               tiled_tiles.WEST: (0, 1)}


def tileset_image() -> QImage:
    """The whole tileset image, transparent where no tile paints (around a border's lines)."""
    gui_application()  # for the fonts
    image = QImage(tiled_tiles.COLUMNS * TILE_SIZE, tiled_tiles.ROWS * TILE_SIZE, QImage.Format_ARGB32)
    image.fill(Qt.transparent)
    painter = QPainter(image)
    for kind in TILE_KINDS:
        left, top = tile_origin(kind.local_id)
        painter.save()
        painter.setClipRect(QRectF(left, top, TILE_SIZE, TILE_SIZE))
        painter.translate(left - TILE_SIZE, top - TILE_SIZE)  # the 3x3 board's middle cell on the tile
        _paint_tile(painter, kind)
        painter.restore()
    painter.end()
    return image


def _paint_tile(painter: QPainter, kind: TileKind) -> None:
    cell = float(TILE_SIZE)
    if kind.kind == tiled_tiles.HOLE_CLASS:
        paint_hole(painter, QRectF(cell, cell, cell, cell))
    elif kind.kind == tiled_tiles.BORDER_CLASS:
        cells = {_MIDDLE: "here"} | {at: "other" if kind.sides & side else "here" for side, at in _NEIGHBOURS.items()}
        painter.setRenderHint(QPainter.Antialiasing)
        _paint_tile_borders(painter, cells, cell, near=lambda x, y, w=1, h=1: (x, y) == _MIDDLE)
    else:
        assert kind.paper is not None
        features = {_MIDDLE: CellFeature(kind.kind, "here", kind.number)} if kind.kind != tiled_tiles.FLOOR_CLASS else {}
        board = Board(3, 3, {(x, y): "here" for x in range(3) for y in range(3)}, features)
        picture = BoardPicture(board, roles={"here": ROW_ROLE[kind.paper]})
        paint_board(painter, picture, cell, markers=False, tile_labels=False)


def rgba_image(image: QImage) -> RGBAImage:
    """Qt's picture as the engine's RGBA pixels (straight alpha), for its PNG encoder."""
    image = image.convertToFormat(QImage.Format_RGBA8888)
    stride = image.width() * 4
    data = bytes(image.constBits())
    rows = b"".join(data[y * image.bytesPerLine():y * image.bytesPerLine() + stride] for y in range(image.height()))
    return RGBAImage(image.width(), image.height(), rows)


def tileset_png() -> bytes:
    """The PNG the engine ships: written by the engine's encoder, so the same pixels give the same bytes."""
    return encode_png(rgba_image(tileset_image()))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or not args[0].lower().endswith(".png"):
        print("usage: python -m crashgrab.editor.crash_and_grab.output.tiled_tileset OUT.png", file=sys.stderr)
        return 2
    Path(args[0]).write_bytes(tileset_png())
    print(f"wrote {args[0]} ({tiled_tiles.COLUMNS * TILE_SIZE}x{tiled_tiles.ROWS * TILE_SIZE} pixels, "
          f"{len(TILE_KINDS)} tiles)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
