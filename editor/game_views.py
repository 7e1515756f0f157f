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

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QKeySequence, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import (QDockWidget, QFileDialog, QGraphicsItem, QGraphicsScene, QGraphicsView, QLabel,
                               QListWidget, QMainWindow, QMenu, QMessageBox, QWidget)

from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.formats.atomic import write_bytes_atomic
from crashgrab.engine.system import BoardPicture, ExportFormat, GameSystem
from crashgrab.engine.version import PRODUCT_NAME

from . import style
from .game_editor import GameEditor
from .save_prompt import failure_message
from .image_size import DEFAULT_DPI, MARGIN_CELLS, MM_PER_INCH, ImageGeometry, check_dpi, image_format, round_half_up

EDITOR_GROUP = "crashgrab.editors"
CELL = 48.0  # pixels per board unit
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


def paint_picture(painter: QPainter, system: GameSystem, picture: BoardPicture, cell: float = CELL) -> None:
    """Cells as the geometry shapes them, features by their kind's colour and shape, `cell` per board unit.

    Plain QPainter calls, so a PNG or SVG needs no widgets (a QGuiApplication is enough)."""
    geometry = system.geometry
    painter.setPen(QPen(QColor("#475569"), max(1.0, cell / 48)))
    painter.setBrush(QBrush(QColor("#f8fafc")))
    for board_cell in picture.cells:
        painter.drawPolygon(QPolygonF([QPointF(x * cell, y * cell) for x, y in geometry.cell_polygon(board_cell)]))
    for feature in picture.features:
        kind = system.feature_kind(feature.type)
        colour = QColor(feature.colour or (kind.colour if kind else "#808080"))
        if feature.edge is not None:
            (ax, ay), (bx, by) = geometry.edge(feature.cell, feature.edge)
            painter.setPen(QPen(colour, cell * 0.12))
            painter.drawLine(QPointF(ax * cell, ay * cell), QPointF(bx * cell, by * cell))
            continue
        cx, cy = geometry.cell_centre(feature.cell)
        r = cell * 0.32
        box = QRectF(cx * cell - r, cy * cell - r, 2 * r, 2 * r)
        if feature.facing in geometry.directions:  # a pointer to the middle of the side it faces
            (ax, ay), (bx, by) = geometry.edge(feature.cell, feature.facing)
            tip = QPointF((cx + 0.8 * ((ax + bx) / 2 - cx)) * cell, (cy + 0.8 * ((ay + by) / 2 - cy)) * cell)
            painter.setPen(QPen(colour.darker(), cell * 0.1, Qt.SolidLine, Qt.RoundCap))
            painter.drawLine(QPointF(cx * cell, cy * cell), tip)
        painter.setPen(QPen(colour.darker(), max(1.0, cell / 48)))
        painter.setBrush(QBrush(colour))
        if kind is not None and kind.shape in ("square", "card"):
            painter.drawRect(box)
        else:
            painter.drawEllipse(box)
        label = str(feature.number) if feature.number is not None else (feature.facing or "")[:1].upper()
        if label:
            painter.setPen(QPen(QColor("white")))
            painter.setFont(style.font(cell * 0.3, bold=True))
            painter.drawText(box, Qt.AlignCenter, label)


class PictureItem(QGraphicsItem):
    """The board of a `BoardPicture` in a scene; hovering a feature says what it is."""

    def __init__(self, system: GameSystem, picture: BoardPicture) -> None:
        super().__init__()
        self.system, self.picture = system, picture
        self.setAcceptHoverEvents(True)

    def boundingRect(self) -> QRectF:
        left, top, right, bottom = self.picture.extent(self.system.geometry)
        return QRectF((left - 1) * CELL, (top - 1) * CELL, (right - left + 2) * CELL, (bottom - top + 2) * CELL)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        paint_picture(painter, self.system, self.picture)

    def describe_at(self, point: QPointF) -> str:
        """The features in the cell under `point` (board pixels), in words."""
        cell = self.system.geometry.cell_at((point.x() / CELL, point.y() / CELL))
        words = []
        for feature in self.picture.features:
            if feature.cell == cell:
                kind = self.system.feature_kind(feature.type)
                text = kind.describe(feature.number, feature.facing) if kind else feature.type
                words.append(text + (f" on the {feature.edge} edge" if feature.edge else ""))
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
        file_menu = self.menuBar().addMenu("&File")
        file_menu.addMenu(add_export_menu(self, system, lambda: self.layout, lambda: self.path))
        file_menu.addAction("Print and Play\u2026", QKeySequence.Print, self.print_and_play).setObjectName("print_and_play")
        file_menu.addAction("Close", QKeySequence.Close, self.close)
        self.resize(900, 640)

    def print_and_play(self) -> bool:
        from .print_dialog import print_and_play  # it draws through this module

        return print_and_play(self, self.system, self.layout, self.path)


def picture_image(system: GameSystem, layout: Any, path: str | Path, dpi: int, title: str) -> Path:
    """The board drawn from its picture as PNG (at `dpi`) or SVG (in millimetres), at the same scale
    as the images of games' own painters (one cell = CELL_MM, a margin of MARGIN_CELLS around),
    written atomically. For games whose editor has no painter of its own."""
    from .qt_images import encode_png, gui_application

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
    if image_format(path) == "png":
        check_dpi(dpi, geometry)
        width, height = geometry.pixel_size(dpi)
        image = QImage(width, height, QImage.Format_RGB32)
        image.setDotsPerMeterX(round_half_up(dpi / MM_PER_INCH * 1000))
        image.setDotsPerMeterY(round_half_up(dpi / MM_PER_INCH * 1000))
        image.setText("Title", title)
        painter = QPainter(image)
        try:
            _paint_into(painter, system, picture, QRectF(0, 0, width, height), source)
        finally:
            painter.end()
        data = encode_png(image)
    else:
        from PySide6.QtSvg import QSvgGenerator

        buffer_data = QByteArray()
        buffer = QBuffer(buffer_data)
        buffer.open(QIODevice.WriteOnly)
        generator = QSvgGenerator()
        generator.setOutputDevice(buffer)
        generator.setResolution(254)  # one unit of its size = 0.1 mm
        generator.setSize(QSize(round_half_up(geometry.width_mm * 10), round_half_up(geometry.height_mm * 10)))
        generator.setViewBox(QRectF(0, 0, geometry.width_mm, geometry.height_mm))
        generator.setTitle(title)
        generator.setDescription(f"{system.title} board, {geometry.size_text()} {'cells' if picture.unit_mm is None else 'units'}, "
                                 f"one {'cell' if picture.unit_mm is None else 'unit'} = {geometry.unit_mm:g} mm")
        painter = QPainter(generator)
        try:
            _paint_into(painter, system, picture, QRectF(0, 0, geometry.width_mm, geometry.height_mm), source)
        finally:
            painter.end()
        buffer.close()
        data = bytes(buffer_data)
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
