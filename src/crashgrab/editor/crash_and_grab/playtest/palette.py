"""The piece palette: six saucers and the 24 crewmembers, to drag onto the board.

A piece exists once: a piece already on the board (or held by a saucer) is shown faded,
and dragging it again moves it. The drag carries PIECE_MIME with the piece's name
("saucer:red", "crew:blue:doctor"); the playtest controller handles the drop.
"""
from __future__ import annotations

from PySide6.QtCore import QMimeData, QPoint, QRectF, QSize, Qt
from PySide6.QtGui import QDrag, QPainter, QPixmap
from PySide6.QtWidgets import QApplication, QGridLayout, QLabel, QWidget

from crashgrab.engine.crash_and_grab.rules.pieces import COLORS, CREW_TYPES, Crew

from .pieces import paint_crew, paint_saucer

PIECE_MIME = "application/x-crashgrab-piece"
SAUCER_SWATCH = 34
CREW_SWATCH = 26


def piece_name(piece: str | Crew) -> str:
    return f"crew:{piece.color}:{piece.type}" if isinstance(piece, Crew) else f"saucer:{piece}"


def piece_from_name(name: str) -> str | Crew | None:
    parts = name.split(":")
    try:
        if parts[0] == "saucer" and len(parts) == 2 and parts[1] in COLORS:
            return parts[1]
        if parts[0] == "crew" and len(parts) == 3:
            return Crew(parts[1], parts[2])
    except ValueError:
        return None
    return None


def piece_mime(piece: str | Crew) -> QMimeData:
    mime = QMimeData()
    mime.setData(PIECE_MIME, piece_name(piece).encode())
    mime.setText(str(piece))
    return mime


def piece_of_mime(mime) -> str | Crew | None:
    if mime is None or not mime.hasFormat(PIECE_MIME):
        return None
    return piece_from_name(bytes(mime.data(PIECE_MIME).data()).decode(errors="replace"))


def piece_words(piece: str | Crew) -> str:
    return f"the {piece}" if isinstance(piece, Crew) else f"the {piece} saucer"


class PieceSwatch(QWidget):
    """One piece: press and drag it onto a board cell."""

    def __init__(self, piece: str | Crew, size: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.piece, self._size = piece, size
        self.in_use = False
        self.setFixedSize(QSize(size, size))
        self.setCursor(Qt.OpenHandCursor)
        self._press: QPoint | None = None
        self._update_tip()

    def _update_tip(self) -> None:
        where = " (on the board: drag to move it)" if self.in_use else ""
        self.setToolTip(f"{piece_words(self.piece).capitalize()}{where}. Drag onto a cell; drop a crewmember on a "
                        "saucer to give it to that saucer.")

    def set_in_use(self, in_use: bool) -> None:
        if in_use != self.in_use:
            self.in_use = in_use
            self._update_tip()
            self.update()

    def mime_data(self) -> QMimeData:
        return piece_mime(self.piece)

    def paint_piece(self, painter: QPainter, rect: QRectF) -> None:
        if isinstance(self.piece, Crew):
            paint_crew(painter, rect, self.piece)
        else:
            paint_saucer(painter, rect, self.piece)

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setOpacity(0.35 if self.in_use else 1.0)
        self.paint_piece(painter, QRectF(0, 0, self._size, self._size))
        painter.end()

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.LeftButton:
            self._press = event.position().toPoint()

    def mouseMoveEvent(self, event) -> None:
        if self._press is None or not (event.buttons() & Qt.LeftButton):
            return
        if (event.position().toPoint() - self._press).manhattanLength() < QApplication.startDragDistance():
            return
        self._press = None
        drag = QDrag(self)
        drag.setMimeData(self.mime_data())
        pixmap = QPixmap(44, 44)
        pixmap.fill(Qt.transparent)
        painter = QPainter(pixmap)
        self.paint_piece(painter, QRectF(0, 0, 44, 44))
        painter.end()
        drag.setPixmap(pixmap)
        drag.setHotSpot(QPoint(22, 22))
        drag.exec(Qt.CopyAction | Qt.MoveAction, Qt.CopyAction)

    def mouseReleaseEvent(self, event) -> None:
        self._press = None


class PiecePalette(QWidget):
    """Saucers in one row; crewmembers in a grid, a row per colour, a column per type."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(4)
        grid.setVerticalSpacing(2)
        self.saucers = {color: PieceSwatch(color, SAUCER_SWATCH) for color in COLORS}
        self.crew = {crew: PieceSwatch(crew, CREW_SWATCH) for crew in (Crew(c, t) for c in COLORS for t in CREW_TYPES)}
        grid.addWidget(_caption("Saucers"), 0, 0, 1, 8)
        for column, color in enumerate(COLORS):
            grid.addWidget(self.saucers[color], 1, column, Qt.AlignCenter)
        grid.addWidget(_caption("Crew: Pilot \u00b7 Scientist \u00b7 Doctor \u00b7 Engineer, by colour"), 2, 0, 1, 8)
        self._crew_grid(grid)

    def _crew_grid(self, grid: QGridLayout) -> None:
        """Two colours per row (eight swatches): all 24 fit a narrow dock."""
        for index, color in enumerate(COLORS):
            line, half = divmod(index, 2)
            for column, crew_type in enumerate(CREW_TYPES):
                grid.addWidget(self.crew[Crew(color, crew_type)], 3 + line, half * 4 + column, Qt.AlignCenter)

    def set_in_use(self, saucers, crew) -> None:
        """Fade the pieces already on the board (a set of colours and a set of Crew)."""
        for color, swatch in self.saucers.items():
            swatch.set_in_use(color in saucers)
        for member, swatch in self.crew.items():
            swatch.set_in_use(member in crew)


def _caption(text: str) -> QLabel:
    label = QLabel(text)
    label.setStyleSheet("color: #56616e; font-size: 11px;")
    return label
