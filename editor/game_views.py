"""Boards of games other than the one the main window edits: their editor, or a read-only view.

A game ships an editor through the "crashgrab.editors" entry point group, named by the
game's id; the object is `open_editor(system, layout, path, parent) -> QWidget`, a top-level
window showing the layout. A game without one opens in `ReadOnlyBoardWindow`, drawn from its
`picture` with its geometry, findings listed beside it: editing is not available for it yet.
"""
from __future__ import annotations

from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import (QDockWidget, QGraphicsScene, QGraphicsView, QLabel, QListWidget, QMainWindow,
                               QWidget)

from crashgrab.engine.system import BoardPicture, GameSystem

from . import style

EDITOR_GROUP = "crashgrab.editors"
CELL = 48.0  # pixels per board unit
NOT_EDITABLE = "Editing is not available for this game yet: this view is read-only."

OpenEditor = Callable[[GameSystem, Any, "Path | None", "QWidget | None"], QWidget]


def editor_for(game_id: str) -> OpenEditor | None:
    """The editor a game ships, if any."""
    for entry in entry_points(group=EDITOR_GROUP):
        if entry.name == game_id:
            return entry.load()
    return None


def open_board_window(system: GameSystem, layout: Any, path: str | Path | None,
                      parent: QWidget | None = None) -> QWidget:
    """The game's own editor window when it has one, else a read-only view; shown."""
    opener = editor_for(system.id)
    window = opener(system, layout, Path(path) if path else None, parent) if opener else \
        ReadOnlyBoardWindow(system, layout, path, parent)
    window.show()
    return window


def picture_scene(system: GameSystem, picture: BoardPicture) -> QGraphicsScene:
    """Cells as the geometry shapes them, features by their kind's colour and shape."""
    scene = QGraphicsScene()
    geometry = system.geometry
    outline = QPen(QColor("#475569"), 1)
    for cell in picture.cells:
        polygon = QPolygonF([QPointF(x * CELL, y * CELL) for x, y in geometry.cell_polygon(cell)])
        scene.addPolygon(polygon, outline, QBrush(QColor("#f8fafc")))
    for feature in picture.features:
        kind = system.feature_kind(feature.type)
        colour = QColor(kind.colour if kind else "#808080")
        if feature.edge is not None:
            (ax, ay), (bx, by) = geometry.edge(feature.cell, feature.edge)
            scene.addLine(ax * CELL, ay * CELL, bx * CELL, by * CELL, QPen(colour, CELL * 0.12))
            continue
        cx, cy = geometry.cell_centre(feature.cell)
        r = CELL * 0.32
        if kind is not None and kind.shape in ("square", "card"):
            item = scene.addRect(cx * CELL - r, cy * CELL - r, 2 * r, 2 * r, QPen(colour.darker(), 1), QBrush(colour))
        else:
            item = scene.addEllipse(cx * CELL - r, cy * CELL - r, 2 * r, 2 * r, QPen(colour.darker(), 1), QBrush(colour))
        words = kind.describe(feature.number, feature.facing) if kind else feature.type
        item.setToolTip(f"{words} at [{feature.cell[0]},{feature.cell[1]}]")
        label = str(feature.number) if feature.number is not None else (feature.facing or "")[:1].upper()
        if label:
            text = scene.addSimpleText(label, style.font(CELL * 0.3, bold=True))
            box = text.boundingRect()
            text.setPos(cx * CELL - box.width() / 2, cy * CELL - box.height() / 2)
    return scene


class ReadOnlyBoardWindow(QMainWindow):
    """A board of a game the editor cannot edit yet: drawn, validated, not changed."""

    def __init__(self, system: GameSystem, layout: Any, path: str | Path | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.system, self.layout, self.path = system, layout, Path(path) if path else None
        name = self.path.name if self.path else system.layout_name(layout) or "Untitled"
        self.setWindowTitle(f"{name} ({system.title}, read-only) \u2014 Crash board studio")
        self.board_scene = picture_scene(system, system.picture(layout))
        self.view = QGraphicsView(self.board_scene)
        self.view.setRenderHint(QPainter.Antialiasing)
        self.setCentralWidget(self.view)
        self.notice = QLabel(NOT_EDITABLE)
        self.statusBar().addPermanentWidget(self.notice, 1)
        self.findings = QListWidget()
        self.report = system.validate(layout)
        for finding in self.report.findings:
            where = f" [{finding.cells[0][0]},{finding.cells[0][1]}]" if finding.cells else ""
            self.findings.addItem(f"{finding.severity} {finding.code}{where}: {finding.message}")
        dock = QDockWidget(f"Findings: {self.report.summary()}", self)
        dock.setObjectName("findings")
        dock.setWidget(self.findings)
        self.addDockWidget(Qt.RightDockWidgetArea, dock)
        self.resize(900, 640)
