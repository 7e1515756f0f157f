"""The generic editor's palette: one checkable tool per feature type the game lets a designer
place, drawn by the same painter as the board."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QIcon, QPainter, QPixmap

from crashgrab.engine.system import BoardPicture, GameSystem, PlacedFeature

from ..game_views import CELL, paint_picture

ICON = 28


def feature_icon(system: GameSystem, feature_type: str) -> QIcon:
    """The feature on one cell of the game's geometry, as the board draws it."""
    geometry = system.geometry
    kind = system.feature_kind(feature_type)
    cell = (0, 0)
    edge = geometry.directions[0] if kind is not None and kind.on_edge else None
    facing = geometry.directions[0] if kind is not None and kind.facing else None
    picture = BoardPicture(0, 0, (cell,), (PlacedFeature(feature_type, cell, edge=edge, number=1 if kind and
                                                         kind.numbered else None, facing=facing),))
    left, top, right, bottom = geometry.bounds(picture.cells)
    pixmap = QPixmap(ICON, ICON)
    pixmap.fill(Qt.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.Antialiasing)
    scale = (ICON - 2) / (max(right - left, bottom - top) * CELL)
    painter.translate(1 + (ICON - 2 - (right - left) * CELL * scale) / 2, 1 + (ICON - 2 - (bottom - top) * CELL * scale) / 2)
    painter.scale(scale, scale)
    painter.translate(-left * CELL, -top * CELL)
    paint_picture(painter, system, picture)
    painter.end()
    return QIcon(pixmap)

