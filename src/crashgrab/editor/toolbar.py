"""The studio's toolbar style, for any game's window: commands as icons (their names and keys in
their tool tips, as in the menus) on one toolbar that never moves, and Edit and Playtest as
switches with their names on a mode bar beside it, as the studio's first window has them. The
icons are line glyphs on a 24-unit grid, drawn as that window draws its own (the same ink, sizes
and disabled state), so a command looks the same in every game's window."""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QAction, QColor, QIcon, QPainter, QPainterPath, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar, QToolButton

from .shortcuts import shortcut_text

INK = QColor("#27303b")
DISABLED = QColor("#a7afba")
GO = QColor("#1a9e55")
SIZES = (16, 24, 32, 48)

Glyph = Callable[[QPainter, QColor], None]


def pen(painter: QPainter, colour: QColor, width: float = 2.0) -> None:
    """The glyphs' line: round caps and joins, no fill."""
    painter.setPen(QPen(colour, width, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
    painter.setBrush(Qt.NoBrush)


def arrow_head(painter: QPainter, tip: QPointF, direction: QPointF, colour: QColor, size: float = 4.5) -> None:
    length = (direction.x() ** 2 + direction.y() ** 2) ** 0.5 or 1.0
    ux, uy = direction.x() / length, direction.y() / length
    back = tip - QPointF(ux, uy) * size
    normal = QPointF(-uy, ux) * size * 0.6
    painter.setPen(Qt.NoPen)
    painter.setBrush(colour)
    painter.drawPolygon(QPolygonF([tip, back + normal, back - normal]))


def _undo(forward: bool) -> Glyph:
    def draw(painter: QPainter, ink: QColor) -> None:
        pen(painter, ink)
        path = QPainterPath()
        sign, x0 = (-1, 19) if forward else (1, 5)
        path.moveTo(x0, 10)
        path.lineTo(x0 + sign * 10, 10)
        path.cubicTo(x0 + sign * 16, 10, x0 + sign * 16, 19, x0 + sign * 10, 19)
        path.lineTo(x0 + sign * 6, 19)
        painter.drawPath(path)
        arrow_head(painter, QPointF(x0 - sign, 10), QPointF(-sign, 0), ink)
    return draw


def _new(painter: QPainter, ink: QColor) -> None:
    pen(painter, ink)
    path = QPainterPath()
    for index, (x, y) in enumerate(((6, 3), (14, 3), (19, 8), (19, 21), (6, 21))):
        path.lineTo(x, y) if index else path.moveTo(x, y)
    path.closeSubpath()
    painter.drawPath(path)
    pen(painter, GO if ink != DISABLED else ink)
    painter.drawLine(QPointF(12.5, 10), QPointF(12.5, 17))
    painter.drawLine(QPointF(9, 13.5), QPointF(16, 13.5))


def _open(painter: QPainter, ink: QColor) -> None:
    pen(painter, ink)
    path = QPainterPath()
    for index, (x, y) in enumerate(((3, 19), (3, 6), (9, 6), (11, 8), (19, 8), (19, 11))):
        path.lineTo(x, y) if index else path.moveTo(x, y)
    painter.drawPath(path)
    painter.drawPolygon(QPolygonF([QPointF(3, 19), QPointF(7, 11), QPointF(22, 11), QPointF(18, 19)]))


def _save(painter: QPainter, ink: QColor) -> None:
    pen(painter, ink)
    painter.drawRoundedRect(QRectF(4, 4, 16, 16), 2, 2)
    painter.drawRect(QRectF(8, 4, 8, 5))
    painter.drawRect(QRectF(7, 13, 10, 7))


def _edit(painter: QPainter, ink: QColor) -> None:
    """A board of four parts: editing the layout (the Edit switch)."""
    pen(painter, ink)
    painter.drawRect(QRectF(4, 4, 16, 16))
    painter.drawLine(QPointF(4, 12), QPointF(20, 12))
    painter.drawLine(QPointF(12, 4), QPointF(12, 20))


def _playtest(painter: QPainter, ink: QColor) -> None:
    """A play triangle on a die's face: playing the board by the rules."""
    pen(painter, ink)
    painter.drawRoundedRect(QRectF(3, 3, 18, 18), 4, 4)
    painter.setPen(Qt.NoPen)
    painter.setBrush(GO if ink != DISABLED else ink)
    painter.drawPolygon(QPolygonF([QPointF(9, 7), QPointF(17, 12), QPointF(9, 17)]))


def _resize(painter: QPainter, ink: QColor) -> None:
    """A square and an arrow out of its corner: the board's size."""
    pen(painter, ink)
    painter.drawRect(QRectF(3, 9, 12, 12))
    painter.drawLine(QPointF(12, 12), QPointF(19, 5))
    arrow_head(painter, QPointF(21, 3), QPointF(1, -1), ink, 6)


def _territory(painter: QPainter, ink: QColor) -> None:
    """Four quarters, two of them shaded: who reaches which squares first."""
    pen(painter, ink)
    painter.drawRect(QRectF(4, 4, 16, 16))
    painter.setPen(Qt.NoPen)
    painter.setBrush(ink if ink == DISABLED else QColor("#c2410c"))
    painter.drawRect(QRectF(4, 4, 8, 8))
    painter.setBrush(ink if ink == DISABLED else QColor("#2563eb"))
    painter.drawRect(QRectF(12, 12, 8, 8))
    pen(painter, ink, 1.5)
    painter.drawLine(QPointF(4, 12), QPointF(20, 12))
    painter.drawLine(QPointF(12, 4), QPointF(12, 20))


GLYPHS: dict[str, Glyph] = {"new": _new, "open": _open, "save": _save, "undo": _undo(False), "redo": _undo(True),
                            "edit_mode": _edit, "playtest": _playtest, "resize": _resize, "territory": _territory}


def glyph_pixmap(glyph: Glyph, size: int, ink: QColor) -> QPixmap:
    ratio = 2.0
    pixmap = QPixmap(int(size * ratio), int(size * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.Antialiasing)
    painter.scale(size / 24, size / 24)
    glyph(painter, ink)
    painter.end()
    return pixmap


def command_icon(name: str) -> QIcon:
    """The icon of a command named in GLYPHS, with a drawn disabled state."""
    result = QIcon()
    for size in SIZES:
        result.addPixmap(glyph_pixmap(GLYPHS[name], size, INK), QIcon.Normal)
        result.addPixmap(glyph_pixmap(GLYPHS[name], size, DISABLED), QIcon.Disabled)
    return result


def main_toolbar(window: QMainWindow, title: str, name: str) -> QToolBar:
    """The window's toolbar of commands and tools as icons, fixed in place."""
    bar = window.addToolBar(title)
    bar.setObjectName(name)
    bar.setMovable(False)
    bar.setToolButtonStyle(Qt.ToolButtonIconOnly)
    return bar


def file_commands(window, bar: QToolBar, new_menu: QMenu | None, new_tip: str,
                  before: QAction | None = None) -> None:
    """The commands every game's toolbar starts with: New (a button opening `new_menu`, the File
    menu's New), Open and Save, then Undo and Redo, as icons; put before `before` when the toolbar
    already has its tools. `window` has the shell's `open_action`, `save_action`, `undo_action`
    and `redo_action`."""
    def add(action: QAction) -> None:
        bar.insertAction(before, action) if before is not None else bar.addAction(action)

    def separator() -> None:
        bar.insertSeparator(before) if before is not None else bar.addSeparator()

    if new_menu is not None:
        new_button = QToolButton()
        new_button.setObjectName("new_button")
        new_button.setIcon(command_icon("new"))
        new_button.setToolTip(new_tip)
        new_button.setPopupMode(QToolButton.InstantPopup)
        new_button.setMenu(new_menu)
        bar.insertWidget(before, new_button) if before is not None else bar.addWidget(new_button)
    for name in ("open", "save", "undo", "redo"):
        getattr(window, f"{name}_action").setIcon(command_icon(name))
    add(window.open_action)
    add(window.save_action)
    separator()
    add(window.undo_action)
    add(window.redo_action)
    separator()


def mode_bar(window: QMainWindow, edit_action: QAction, playtest_action: QAction) -> QToolBar:
    """Edit and Playtest as switches with their names, beside the main toolbar."""
    bar = window.addToolBar("Modes")
    bar.setObjectName("modes_toolbar")
    bar.setMovable(False)
    bar.setToolButtonStyle(Qt.ToolButtonTextBesideIcon)
    edit_action.setIcon(command_icon("edit_mode"))
    playtest_action.setIcon(command_icon("playtest"))
    bar.addActions([edit_action, playtest_action])
    return bar


def keys_in_tips(actions) -> None:
    """Each action's tool tip ends with its keys, "Save (Ctrl+S)", as the menus show them."""
    for action in actions:
        keys = shortcut_text(action)
        tip = action.toolTip() or action.text().replace("&", "")
        if keys and not tip.endswith(f"({keys})"):
            action.setToolTip(f"{tip} ({keys})")
