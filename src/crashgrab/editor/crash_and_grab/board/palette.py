"""The tile palette: every tile of the tile set, both sides, drawn as on the board.

Drag a side onto the board to place that tile (or, if it is already on the board, to move
it there showing that side); double-click a side to put the tile in the first free slot
that takes it. A tile on the board is marked: a physical tile exists once.
"""
from __future__ import annotations

import html

from PySide6.QtCore import QMimeData, QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QDrag, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (QApplication, QFrame, QHBoxLayout, QLabel, QScrollArea, QSizePolicy, QVBoxLayout,
                               QWidget)

from crashgrab.engine.crash_and_grab.templates import TEMPLATES
from crashgrab.engine.grid.model import Tile, TileSet
from crashgrab.engine.crash_and_grab.layout import Layout

from .. import style
from ..board_painter import paint_tile_face
from ..placing import TILE_MIME, TileDrag
from ..tile_designer.sources import source_words

SWATCH_CELL = 16.0  # palette pixels per cell: a Crash Site's number, drawn legible, is 9 px or more
DIMMED = 0.35  # the opacity of a tile the board's template has no slot for
INFO_WIDTH = 44  # pixels: a card's column with the tile's name, size and where it lies
ROLE_TITLES = {
    "core": "Core tiles \u00b7 every board",
    "arm5": "Arms of the 5-saucer cross",
    "centre5": "Centre of the 5-saucer cross",
    "arm6": "Arms of the 6-saucer cross",
    "centre6": "Centre of the 6-saucer cross",
    "custom": "Custom tiles",
}


class SideSwatch(QWidget):
    """One side of one tile; the handle a designer drags onto the board."""

    activated = Signal(str, str)  # tile id, side: double-clicked, or Enter/Space
    focused = Signal(str, str)  # tile id, side: this swatch took the keyboard focus
    stepRequested = Signal(object, int, int)  # self, columns, rows: an arrow key

    def __init__(self, tile: Tile, side: str, parent=None) -> None:
        super().__init__(parent)
        self.tile, self.side = tile, side
        self.in_use = False  # this side of the tile lies on the board
        self.usable = True  # the board's template has a slot for the tile: else dimmed, and not dragged
        width, height = tile.size(0)
        self._size = QSize(int(width * SWATCH_CELL) + 2, int(height * SWATCH_CELL) + 2)
        self.setFixedSize(self._size)
        self._picture: QPixmap | None = None  # drawn once: a tile never changes
        self.setCursor(Qt.OpenHandCursor)
        self._tip = (f"Tile {tile.id}, side {side}: drag onto the board, double-click or press Enter "
                     "to put it in the first free slot, or choose it and press Enter on a board cell")
        self.setToolTip(self._tip)
        # One Tab stop for the whole palette (the swatch last chosen); the arrow keys go between them.
        self.setFocusPolicy(Qt.ClickFocus)
        self.setAccessibleName(f"Tile {tile.id} side {side}")
        self._press: QPoint | None = None

    def grab_cell(self, point: QPoint | None = None) -> tuple[int, int]:
        """The tile's cell under `point` (swatch pixels): the tile is held there while dragged, so
        it lands where the pointer shows it; without a point, its middle cell."""
        width, height = self.tile.size(0)
        if point is None:
            return width // 2, height // 2
        return (min(max(int((point.x() - 1) // SWATCH_CELL), 0), width - 1),
                min(max(int((point.y() - 1) // SWATCH_CELL), 0), height - 1))

    def drag_info(self, point: QPoint | None = None) -> TileDrag:
        return TileDrag(self.tile.id, self.side, 0, self.grab_cell(point))

    def mime_data(self, point: QPoint | None = None) -> QMimeData:
        mime = QMimeData()
        mime.setData(TILE_MIME, self.drag_info(point).to_bytes())
        mime.setText(f"tile {self.tile.id}{self.side}")
        return mime

    def drag_pixmap(self, cell: float = 24.0) -> QPixmap:
        width, height = self.tile.size(0)
        pixmap = QPixmap(int(width * cell), int(height * cell))
        pixmap.fill(Qt.transparent)
        painter = QPainter(pixmap)
        painter.setOpacity(0.85)
        paint_tile_face(painter, self.tile, self.side, 0, cell)
        painter.end()
        return pixmap

    def drag_hot_spot(self, point: QPoint, cell: float = 24.0) -> QPoint:
        """Where the drag picture hangs from the pointer: the same spot of the tile as was pressed."""
        scale = cell / SWATCH_CELL
        width, height = self.tile.size(0)
        return QPoint(min(max(round((point.x() - 1) * scale), 0), int(width * cell) - 1),
                      min(max(round((point.y() - 1) * scale), 0), int(height * cell) - 1))

    def start_drag(self, point: QPoint | None = None) -> Qt.DropAction:
        """Qt's drag loop (blocks until dropped); the drop itself is the scene's business. The tile
        is held by the cell pressed (`point`), as a tile on the board is."""
        drag = QDrag(self)
        drag.setMimeData(self.mime_data(point))
        pixmap = self.drag_pixmap()
        drag.setPixmap(pixmap)
        drag.setHotSpot(self.drag_hot_spot(point) if point is not None
                        else QPoint(pixmap.width() // 2, pixmap.height() // 2))
        return drag.exec(Qt.CopyAction | Qt.MoveAction, Qt.CopyAction)

    def set_usable(self, usable: bool) -> None:
        if usable != self.usable:
            self.usable = usable
            self.setCursor(Qt.OpenHandCursor if usable else Qt.ForbiddenCursor)
            self.setToolTip(self._tip if usable else f"Tile {self.tile.id}: the board's template has no slot for it")
            self.update()

    def set_in_use(self, in_use: bool) -> None:
        if in_use != self.in_use:
            self.in_use = in_use
            self.update()

    def paintEvent(self, event) -> None:
        if self._picture is None:
            ratio = self.devicePixelRatioF()
            self._picture = QPixmap(self._size * ratio)
            self._picture.setDevicePixelRatio(ratio)
            self._picture.fill(Qt.transparent)
            picture = QPainter(self._picture)
            paint_tile_face(picture, self.tile, self.side, 0, SWATCH_CELL, origin=QPointF(1, 1), label=False,
                            legible=True)
            picture.end()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        painter.setOpacity(1.0 if self.usable else DIMMED)
        painter.drawPixmap(0, 0, self._picture)
        painter.setOpacity(1.0)
        if self.in_use:
            painter.setPen(QPen(style.SELECTION, 2.5))
            painter.setBrush(Qt.NoBrush)
            painter.drawRect(QRectF(self.rect()).adjusted(1, 1, -1, -1))
        if self.hasFocus():  # the keyboard's place in the palette: dashed, in the focus colour
            painter.setPen(QPen(style.FOCUS, 2.5, Qt.DashLine))
            painter.setBrush(Qt.NoBrush)
            painter.drawRect(QRectF(self.rect()).adjusted(1.5, 1.5, -1.5, -1.5))
        painter.end()

    def focusInEvent(self, event) -> None:
        super().focusInEvent(event)
        self.focused.emit(self.tile.id, self.side)
        self.update()

    def focusOutEvent(self, event) -> None:
        super().focusOutEvent(event)
        self.update()

    def keyPressEvent(self, event) -> None:
        steps = {Qt.Key_Left: (-1, 0), Qt.Key_Right: (1, 0), Qt.Key_Up: (0, -1), Qt.Key_Down: (0, 1)}
        if event.key() in (Qt.Key_Return, Qt.Key_Enter, Qt.Key_Space):
            self.activated.emit(self.tile.id, self.side)
        elif event.key() in steps and event.modifiers() == Qt.NoModifier:
            self.stepRequested.emit(self, *steps[event.key()])
        else:
            super().keyPressEvent(event)

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.LeftButton:
            self._press = event.position().toPoint()

    def mouseMoveEvent(self, event) -> None:
        if self._press is None or not (event.buttons() & Qt.LeftButton) or not self.usable:
            return
        if (event.position().toPoint() - self._press).manhattanLength() >= QApplication.startDragDistance():
            press, self._press = self._press, None
            self.start_drag(press)

    def mouseReleaseEvent(self, event) -> None:
        self._press = None

    def mouseDoubleClickEvent(self, event) -> None:
        self.activated.emit(self.tile.id, self.side)


class TileCard(QFrame):
    """A tile's two sides with its name and where it lies on the board."""

    def __init__(self, tile: Tile, parent=None) -> None:
        super().__init__(parent)
        self.tile = tile
        self.setObjectName("tileCard")
        self.setFrameShape(QFrame.StyledPanel)
        self.swatches = {side: SideSwatch(tile, side, self) for side in ("A", "B")}
        # One row: the tile's name, size and where it lies, then its two sides, each with its letter:
        # a card no taller than its tile, so more of the set is in view.
        self._size_words = f"<span style='color:#56616e'>{tile.width}\u00d7{tile.height}</span>"
        self.title = QLabel(f"<b>Tile {tile.id}</b><br>{self._size_words}")
        self.title.setStyleSheet("font-size: 11px;")
        self.status = QLabel()
        self.status.setObjectName("tileStatus")
        self.status.setWordWrap(True)
        self.status.setStyleSheet("font-size: 11px;")
        info = QVBoxLayout()
        info.setContentsMargins(0, 0, 0, 0)
        info.setSpacing(1)
        info.addWidget(self.title)
        info.addWidget(self.status)
        info.addStretch(1)
        info_box = self.info_box = QWidget()
        info_box.setFixedWidth(INFO_WIDTH)
        info_box.setLayout(info)
        row = QHBoxLayout(self)
        row.setContentsMargins(4, 4, 4, 4)
        row.setSpacing(2)
        row.addWidget(info_box, 0, Qt.AlignTop)
        self.captions = {}
        for side, swatch in self.swatches.items():
            caption = QLabel(side)
            caption.setToolTip(f"side {side}")
            caption.setStyleSheet("color: #56616e; font-size: 11px; font-weight: bold;")
            self.captions[side] = caption
            row.addWidget(caption, 0, Qt.AlignTop)
            row.addWidget(swatch, 0, Qt.AlignTop)
        row.addStretch(1)
        self.placed_as: str | None = None
        self._state: tuple | None = None
        self.set_usage(None, usable=True)

    def set_usage(self, placed_side: str | None, usable: bool, where: str = "") -> None:
        """`placed_side`: the side on the board, or None; `usable`: the template has a slot for it."""
        state = (placed_side, usable, where)
        if state == self._state:
            return  # restyling every card after every edit would repaint the whole palette
        self._state = state
        self.placed_as = placed_side
        for side, swatch in self.swatches.items():
            swatch.set_in_use(side == placed_side)
            swatch.set_usable(usable or bool(placed_side))
        if placed_side:
            self.status.setText(f"<span style='color:{style.SELECTION.name()}'>\u2714 {where}</span>")
            self.setToolTip(f"Tile {self.tile.id} lies on the board as {self.tile.id}{placed_side} {where}; "
                            "dragging it moves it.")
        elif not usable:
            self.status.setText("<span style='color:#8a939e'>no slot here</span>")
            self.setToolTip(f"The board's template has no slot for tile {self.tile.id}, so it cannot be placed.")
        else:
            self.status.setText("")
            self.setToolTip("")
        # A tile the template has no slot for folds to one line (its sides hidden): the tiles that
        # can go on this board keep the room.
        folded = not usable and not placed_side
        for side, swatch in self.swatches.items():
            swatch.setVisible(not folded)
            self.captions[side].setVisible(not folded)
        if folded:  # one line: "Tile 5 4x1 · no slot here"
            self.title.setText(f"<b>Tile {self.tile.id}</b> {self._size_words} "
                               "<span style='color:#8a939e'>\u00b7 no slot here</span>")
            self.info_box.setMinimumWidth(0)
            self.info_box.setMaximumWidth(16777215)
        else:
            self.title.setText(f"<b>Tile {self.tile.id}</b><br>{self._size_words}")
            self.info_box.setFixedWidth(INFO_WIDTH)
        self.status.setVisible(not folded)
        self.setProperty("placed", bool(placed_side))
        self.setProperty("unusable", folded)
        self.style().unpolish(self)
        self.style().polish(self)


class TilePalette(QWidget):
    tileActivated = Signal(str, str)  # tile id, side: place it without dragging
    tileChosen = Signal(str, str)  # tile id, side: the keyboard's current swatch, for Enter on the board

    STYLE = """
        QFrame#tileCard { background: #ffffff; border: 1px solid #d4d9e0; border-radius: 6px; }
        QFrame#tileCard[placed="true"] { background: #eef4ff; border-color: #9dbcf5; }
        QFrame#tileCard[unusable="true"] { background: #f4f5f7; }
        QLabel#sectionTitle { color: #3d4753; font-weight: bold; padding: 6px 2px 0 2px; }
    """

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setStyleSheet(self.STYLE)
        self.cards: dict[str, TileCard] = {}
        self.current: tuple[str, str] | None = None  # the swatch last chosen with the keyboard
        self._tileset: TileSet | None = None
        self._inner = QWidget()
        self._column = QVBoxLayout(self._inner)
        self._column.setContentsMargins(3, 4, 3, 6)
        self._column.setSpacing(4)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        scroll.setWidget(self._inner)
        self.tileset_label = QLabel()  # the active tile set: its name and where it comes from
        self.tileset_label.setObjectName("tilesetLabel")
        self.tileset_label.setWordWrap(True)
        self.tileset_label.setStyleSheet("padding: 4px 6px 0 6px;")
        hint = QLabel("Drag a tile side onto the board. Double-click (or Enter) to fill the first free slot.")
        hint.setWordWrap(True)
        hint.setStyleSheet("color: #56616e; padding: 4px 6px;")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tileset_label)
        layout.addWidget(hint)
        layout.addWidget(scroll)
        self.setSizePolicy(QSizePolicy.Preferred, QSizePolicy.Expanding)

    def set_layout(self, layout: Layout) -> None:
        if layout.tileset is not self._tileset:
            self._build(layout.tileset)
        self.tileset_label.setText(f"<b>{html.escape(layout.tileset.name)}</b> <span style='color:#56616e'>"
                                   f"\u00b7 {html.escape(source_words(layout.tileset_ref))}</span>")
        template = TEMPLATES.get(layout.template) if layout.template else None
        roles = {role for slot in template.slots for role in slot.roles} if template else None
        for tile_id, card in self.cards.items():
            placement = layout.placement_of(tile_id)
            where = f"[{placement.x},{placement.y}]" if placement else ""
            card.set_usage(placement.side if placement else None,
                           roles is None or card.tile.kind in roles, where)

    def _build(self, tileset: TileSet) -> None:
        self._tileset = tileset
        while self._column.count():
            item = self._column.takeAt(0)
            if item.widget():
                item.widget().deleteLater()
        self.cards = {}
        role = None
        for tile in tileset.tiles:
            if tile.kind != role:
                role = tile.kind
                title = QLabel(ROLE_TITLES.get(role, role))
                title.setObjectName("sectionTitle")
                self._column.addWidget(title)
            card = TileCard(tile)
            for swatch in card.swatches.values():
                swatch.activated.connect(self.tileActivated)
                swatch.focused.connect(self._chosen)
                swatch.stepRequested.connect(self._step)
            self.cards[tile.id] = card
            self._column.addWidget(card)
        self._column.addStretch(1)
        if self.cards:
            self._set_tab_stop(next(iter(self.cards)), "A")

    def _chosen(self, tile_id: str, side: str) -> None:
        self.current = (tile_id, side)
        self._set_tab_stop(tile_id, side)
        self.tileChosen.emit(tile_id, side)

    def _set_tab_stop(self, tile_id: str, side: str) -> None:
        """Tab stops at one swatch of the palette, the one last chosen, not at all 28 of them."""
        for card in self.cards.values():
            for swatch in card.swatches.values():
                chosen = (card.tile.id, swatch.side) == (tile_id, side)
                swatch.setFocusPolicy(Qt.StrongFocus if chosen else Qt.ClickFocus)

    def _step(self, swatch: SideSwatch, columns: int, rows: int) -> None:
        """Arrow keys: left/right between a tile's sides, up/down to the tile before or after."""
        ids = list(self.cards)
        row = ids.index(swatch.tile.id) + rows
        side = {"A": 0, "B": 1}[swatch.side] + columns
        if 0 <= row < len(ids) and 0 <= side <= 1:
            target = self.swatch(ids[row], "AB"[side])
            target.setFocus(Qt.TabFocusReason)
            self.ensure_visible(target)

    def ensure_visible(self, swatch: SideSwatch) -> None:
        scroll = self.findChild(QScrollArea)
        if scroll is not None:
            scroll.ensureWidgetVisible(swatch.parentWidget(), 10, 10)

    def focus_current(self) -> bool:
        """Give the keyboard focus to the current swatch (or the first): F6 from the board."""
        if not self.cards:
            return False
        known = self.current is not None and self.current[0] in self.cards
        tile_id, side = self.current if known else (next(iter(self.cards)), "A")
        target = self.swatch(tile_id, side)
        target.setFocus(Qt.OtherFocusReason)
        self.ensure_visible(target)
        return True

    def swatch(self, tile_id: str, side: str) -> SideSwatch:
        return self.cards[tile_id].swatches[side]

