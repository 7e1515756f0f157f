"""The designer's list of tiles: both sides drawn small, the size and role, and a red
mark on tiles with problems. Choosing a tile is view state, not an edit."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QSize, Qt, Signal
from PySide6.QtGui import QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QAbstractItemView, QListWidget, QListWidgetItem

from crashgrab.engine.crash_and_grab.tiles import TileFault
from crashgrab.engine.grid.model import Tile, TileSet

from .. import style
from ..board_painter import paint_tile_face

ICON = QSize(132, 46)
SIDE_GAP = 8
TILE_ROLE = Qt.UserRole


def tile_pixmap(tile: Tile, size: QSize = ICON) -> QPixmap:
    """Sides A and B next to each other, as on the board, fitted into `size`."""
    cell = min(11.0, (size.height() - 2) / tile.height, (size.width() - SIDE_GAP - 2) / (2 * tile.width))
    pixmap = QPixmap(size)
    pixmap.fill(Qt.transparent)
    painter = QPainter(pixmap)
    face_w = tile.width * cell
    left = (size.width() - 2 * face_w - SIDE_GAP) / 2
    top = (size.height() - tile.height * cell) / 2
    for index, side in enumerate(("A", "B")):
        paint_tile_face(painter, tile, side, 0, cell, origin=QPointF(left + index * (face_w + SIDE_GAP), top),
                        label=False)
    painter.end()
    return pixmap


class TileList(QListWidget):
    tileSelected = Signal(object)  # tile id or None

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setIconSize(ICON)
        self.setSelectionMode(QAbstractItemView.SingleSelection)
        self.setSpacing(2)
        self.setUniformItemSizes(False)
        self.setMinimumWidth(250)
        self._tileset: TileSet | None = None
        self._icons: dict[int, tuple[Tile, QIcon]] = {}
        self.currentItemChanged.connect(lambda item, _old: self.tileSelected.emit(self._id(item)))

    def set_tileset(self, tileset: TileSet, faults: list[TileFault], current: str | None) -> None:
        """Rebuild the rows (icons are kept for tiles that did not change) and reselect `current`."""
        counts: dict[str, int] = {}
        for fault in faults:
            counts[fault.tile] = counts.get(fault.tile, 0) + 1
        self.blockSignals(True)
        self.clear()
        previous, self._icons = self._icons, {}
        for tile in tileset.tiles:
            item = QListWidgetItem(self._icon(tile, previous), _row_text(tile, counts.get(tile.id, 0)))
            item.setData(TILE_ROLE, tile.id)
            if counts.get(tile.id):
                item.setForeground(style.SEVERITY_COLOURS["error"])
                item.setToolTip(f"Tile {tile.id} has {counts[tile.id]} problem(s): see Problems.")
            else:
                item.setToolTip(f"Tile {tile.id}: click to paint it.")
            self.addItem(item)
        self.select(current, emit=False)
        self.blockSignals(False)

    def select(self, tile_id: str | None, emit: bool = True) -> None:
        for row in range(self.count()):
            if self.item(row).data(TILE_ROLE) == tile_id:
                self.setCurrentRow(row)
                break
        else:
            self.setCurrentRow(-1)
        if emit:
            self.tileSelected.emit(self.current_tile())

    def current_tile(self) -> str | None:
        return self._id(self.currentItem())

    def tile_ids(self) -> list[str]:
        return [self.item(row).data(TILE_ROLE) for row in range(self.count())]

    def _icon(self, tile: Tile, previous: dict[int, tuple[Tile, QIcon]]) -> QIcon:
        """Tiles are immutable: an unchanged tile is the same object and keeps its icon."""
        cached = previous.get(id(tile))
        if cached is None or cached[0] is not tile:
            pixmap = tile_pixmap(tile)
            icon = QIcon(pixmap)
            icon.addPixmap(pixmap, QIcon.Selected)  # drawn as on the board, not tinted when chosen
            cached = (tile, icon)
        self._icons[id(tile)] = cached
        return cached[1]

    @staticmethod
    def _id(item: QListWidgetItem | None) -> str | None:
        return item.data(TILE_ROLE) if item is not None else None


def _row_text(tile: Tile, problems: int) -> str:
    text = f"Tile {tile.id}\n{tile.width}\u00d7{tile.height} \u00b7 {tile.kind}"
    if problems:
        text += f"\n\u26a0 {problems} problem{'s' if problems > 1 else ''}"
    return text
