"""How the studio reaches each game's editor, and a read-only view for a game without one.

A game ships an editor through the "crashgrab.editors" entry point group, named by the
game's id; the object is a `GameEditor`. Its `open(system, layout, path, parent)` returns a
top-level window: `layout` given, it shows that board (saved at `path`, if any); only `path`
given, the window opens the file itself and reports any fault its own way; neither, a new
board. A game without one whose system offers `editing()` opens in the generic editor
(editor/generic/); any other in `ReadOnlyBoardWindow`, drawn from its `picture` with its
geometry, findings listed beside it: editing is not available for it yet.
"""
from __future__ import annotations

import sys
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QActionGroup, QColor, QKeySequence, QPainter
from PySide6.QtWidgets import (QDockWidget, QFileDialog, QGraphicsItem, QGraphicsScene, QGraphicsView, QLabel,
                               QListWidget, QMainWindow, QMenu, QMessageBox, QVBoxLayout, QWidget)

from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.formats.atomic import write_bytes_atomic
from crashgrab.engine.findings import Finding
from crashgrab.engine.picture_words import cell_words, legend_entries
from crashgrab.engine.system import BoardPicture, ExportFormat, GameSystem, Overlay
from crashgrab.engine.version import PRODUCT_NAME

from .game_editor import GameEditor
from .legend import LegendStrip
# CELL and paint_picture are the generic painter's; modules that drew through this one still may.
from .picture_painter import CELL, paint_legend_symbol, paint_overlay, paint_picture
from .save_prompt import failure_message
from .image_size import DEFAULT_DPI, MARGIN_CELLS, ImageGeometry, check_dpi, image_format

EDITOR_GROUP = "crashgrab.editors"
NOT_EDITABLE = "Editing is not available for this game yet: this view is read-only."

def editor_for(game_id: str) -> GameEditor | None:
    """The editor a game ships, if any."""
    for entry in entry_points(group=EDITOR_GROUP):
        if entry.name == game_id:
            try:
                editor = entry.load()
            except Exception as error:  # a plugin's fault: its boards open read-only, the studio goes on
                editor = error
            if isinstance(editor, GameEditor):
                return editor
            print(f"crashgrab-editor: the editor installed for {game_id!r} does not load ({editor!r}); "
                  "its boards open read-only.", file=sys.stderr)
    return None


def open_board_window(system: GameSystem, layout: Any, path: str | Path | None,
                      parent: QWidget | None = None) -> QWidget:
    """The game's own editor window when it has one, else the generic editor when the game offers
    its edits, else a read-only view; shown."""
    editor = editor_for(system.id)
    if editor is not None:
        window = editor.open(system, layout, Path(path) if path else None, parent)
    elif system.editing() is not None:  # the studio's generic editor, from the game's edits
        from .generic.window import open_generic_editor

        window = open_generic_editor(system, layout, Path(path) if path else None, parent)
    else:
        window = ReadOnlyBoardWindow(system, layout, path, parent)
    window.show()
    return window


def add_export_menu(window: QMainWindow, system: GameSystem, layout: Callable[[], Any],
                    path: Callable[[], "Path | None"]) -> QMenu:
    """File > Export for any game: each of its export formats, then an image (PNG or SVG) drawn
    from its picture. `layout` and `path` give the board and its file at the time of the export."""
    menu = QMenu("Export", window)
    menu.setObjectName("export_menu")
    for kind in system.export_formats:
        action = menu.addAction(f"{kind.title}\u2026")
        action.setObjectName(f"export_{kind.id}")
        action.triggered.connect(lambda _=False, k=kind: _export(window, system, k, layout(), path()))
    image = menu.addAction("Image (PNG or SVG)\u2026")
    image.setObjectName("export_image")
    image.triggered.connect(lambda: _export_image(window, system, layout(), path()))
    return menu


def _suggested(path: "Path | None", system: GameSystem, layout: Any, suffix: str) -> str:
    stem = path.stem if path else (system.layout_name(layout) or "board").replace(" ", "-").lower()
    return str((path.parent if path else Path.cwd()) / f"{stem}{suffix}")


def _export(window: QMainWindow, system: GameSystem, kind: ExportFormat, layout: Any, path: "Path | None") -> bool:
    target, _ = QFileDialog.getSaveFileName(window, kind.title, _suggested(path, system, layout, f".{kind.id}.json"),
                                            "All files (*)")
    if not target:
        return False
    warnings: list[str] = []
    try:
        note = system.export_to_file(layout, kind.id, target, path, warn=warnings.append)
    except Exception as error:  # whatever it is, a dialog: nothing was exported
        QMessageBox.warning(window, "Not exported", failure_message(error, target))
        return False
    window.statusBar().showMessage(" ".join([note or f"Exported {target}", *warnings]), 8000)
    return True


def _export_image(window: QMainWindow, system: GameSystem, layout: Any, path: "Path | None") -> bool:
    target, _ = QFileDialog.getSaveFileName(window, "Export image", _suggested(path, system, layout, ".png"),
                                            "PNG image (*.png);;SVG image (*.svg)")
    if not target:
        return False
    try:
        written = picture_image(system, layout, target, DEFAULT_DPI, system.layout_name(layout) or system.title)
    except Exception as error:  # whatever it is, a dialog: nothing was exported
        QMessageBox.warning(window, "Not exported", failure_message(error, target))
        return False
    window.statusBar().showMessage(f"Exported {written}", 8000)
    return True


class PictureItem(QGraphicsItem):
    """The board of a `BoardPicture` in a scene, with an `Overlay` over it when one is shown;
    hovering a cell says what stands in it, on its sides and on it."""

    def __init__(self, system: GameSystem, picture: BoardPicture) -> None:
        super().__init__()
        self.system, self.picture = system, picture
        self.overlay: Overlay | None = None
        self.setAcceptHoverEvents(True)

    def show_overlay(self, overlay: Overlay | None) -> None:
        self.overlay = overlay
        self.update()

    def boundingRect(self) -> QRectF:
        left, top, right, bottom = self.picture.extent(self.system.geometry)
        return QRectF((left - 1) * CELL, (top - 1) * CELL, (right - left + 2) * CELL, (bottom - top + 2) * CELL)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        paint_picture(painter, self.system, self.picture)
        if self.overlay is not None:
            paint_overlay(painter, self.system, self.overlay)

    def describe_at(self, point: QPointF) -> str:
        """What stands in the cell under `point` (board pixels), on its sides and on it, in words."""
        cell = self.system.geometry.cell_at((point.x() / CELL, point.y() / CELL))
        words = cell_words(self.system, self.picture, cell)
        return f"[{cell[0]},{cell[1]}]: " + (", ".join(words) if words else "nothing")

    def hoverMoveEvent(self, event) -> None:
        self.setToolTip(self.describe_at(event.pos()))


class ReadOnlyBoardWindow(QMainWindow):
    """A board of a game the editor cannot edit yet: drawn, validated, not changed."""

    def __init__(self, system: GameSystem, layout: Any, path: str | Path | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.system, self.layout, self.path = system, layout, Path(path) if path else None
        name = self.path.name if self.path else system.layout_name(layout) or "Untitled"
        self.setWindowTitle(f"{name} ({system.title}, read-only) \u2014 {PRODUCT_NAME}")
        self.picture = system.picture(layout)
        self.board_scene = QGraphicsScene(self)
        self.board_item = PictureItem(system, self.picture)
        self.board_scene.addItem(self.board_item)
        self.view = QGraphicsView(self.board_scene)
        self.view.setRenderHint(QPainter.Antialiasing)
        self.legend = LegendStrip([(entry.text, _legend_painter(entry.kind.shape if entry.kind else "bar", entry.colour,
                                                                  entry.piece))
                                   for entry in legend_entries(system, self.picture)])
        board = QWidget()
        column = QVBoxLayout(board)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.legend)
        column.addWidget(self.view, 1)
        self.setCentralWidget(board)
        self.notice = QLabel(NOT_EDITABLE)
        self.statusBar().addPermanentWidget(self.notice, 1)
        self.findings = QListWidget()
        self.report = system.validate(layout)
        for finding in self.report.findings:
            self.findings.addItem(f"{finding.severity} {finding.code}{finding_place(finding)}: {finding.message}")
        dock = QDockWidget(f"Findings: {self.report.summary()}", self)
        dock.setObjectName("findings")
        dock.setWidget(self.findings)
        self.addDockWidget(Qt.RightDockWidgetArea, dock)
        file_menu = self.menuBar().addMenu("&File")
        file_menu.addMenu(add_export_menu(self, system, lambda: self.layout, lambda: self.path))
        file_menu.addAction("Print and Play\u2026", QKeySequence.Print, self.print_and_play).setObjectName("print_and_play")
        file_menu.addAction("Close", QKeySequence.Close, self.close)
        if system.overlay_kinds:
            self.menuBar().addMenu(self._overlay_menu())
        self.resize(900, 640)

    def _overlay_menu(self) -> QMenu:
        """View: no overlay, or one of the game's, whole or (for a kind with steps) at one program step."""
        menu = QMenu("&View", self)
        menu.setObjectName("view_menu")
        group = QActionGroup(self)
        none = menu.addAction("No overlay", lambda: self.show_overlay(None))
        none.setObjectName("overlay_none")
        choices = [none]
        for kind in self.system.overlay_kinds:
            steps = [None, *range(1, kind.steps + 1)]
            for step in steps:
                title = kind.title if step is None else f"{kind.title}, step {step}"
                action = menu.addAction(title, lambda k=kind.id, s=step: self.show_overlay(k, s))
                action.setObjectName(f"overlay_{kind.id}" + ("" if step is None else f"_step_{step}"))
                choices.append(action)
        for action in choices:
            action.setCheckable(True)
            group.addAction(action)
        none.setChecked(True)
        return menu

    def show_overlay(self, overlay_id: str | None, step: int | None = None) -> None:
        """Draw the game's overlay `overlay_id` over the board (at program `step`, if given); None: none."""
        if overlay_id is None:
            self.board_item.show_overlay(None)
        elif step is None:
            self.board_item.show_overlay(self.system.overlay(self.layout, overlay_id))
        else:
            self.board_item.show_overlay(self.system.step_overlay(self.layout, overlay_id, step))

    def print_and_play(self) -> bool:
        from .print_dialog import print_and_play  # it draws through this module

        return print_and_play(self, self.system, self.layout, self.path)


def finding_place(finding: Finding) -> str:
    """Where a finding is, for a line of the findings list: " [3,4]", " [3,4] east edge", or nothing."""
    if finding.edges:
        (x, y), side = finding.edges[0]
        return f" [{x},{y}] {side} edge"
    return f" [{finding.cells[0][0]},{finding.cells[0][1]}]" if finding.cells else ""


def _legend_painter(shape: str, colour: str, piece: bool):
    return lambda painter, rect: paint_legend_symbol(painter, rect, shape, colour, piece)


def picture_image(system: GameSystem, layout: Any, path: str | Path, dpi: int, title: str) -> Path:
    """The board drawn from its picture as PNG (at `dpi`) or SVG (in millimetres), at the same scale
    as the images of games' own painters (one cell = CELL_MM, a margin of MARGIN_CELLS around),
    written atomically. For games whose editor has no painter of its own."""
    from .qt_images import board_image_bytes, gui_application

    gui_application()
    picture = system.picture(layout)
    if not picture.cells:
        raise InvalidFileError("the layout has no cells, so there is no board to draw.", file=str(path))
    geometry = ImageGeometry.for_picture(picture, system.geometry)
    left, top, right, bottom = picture.extent(system.geometry)
    margin = MARGIN_CELLS * CELL
    source = QRectF(left * CELL - margin, top * CELL - margin, (right - left) * CELL + 2 * margin,
                    (bottom - top) * CELL + 2 * margin)
    title = title or system.title
    path = Path(path)
    kind = image_format(path)
    if kind == "png":
        check_dpi(dpi, geometry)
    units = "cells" if picture.unit_mm is None else "units"
    description = (f"{system.title} board, {geometry.size_text()} {units}, "
                   f"one {units[:-1]} = {geometry.unit_mm:g} mm")
    data = board_image_bytes(kind, dpi, geometry, title, description,
                             lambda painter, target: _paint_into(painter, system, picture, target, source))
    write_bytes_atomic(path, data)
    return path


def _paint_into(painter: QPainter, system: GameSystem, picture: BoardPicture, target: QRectF, source: QRectF) -> None:
    """The picture's `source` rectangle (board pixels) drawn to fill `target`, on white."""
    painter.fillRect(target, QColor("white"))
    painter.setRenderHint(QPainter.Antialiasing)
    painter.translate(target.topLeft())
    painter.scale(target.width() / source.width(), target.height() / source.height())
    painter.translate(-source.topLeft())
    paint_picture(painter, system, picture)
