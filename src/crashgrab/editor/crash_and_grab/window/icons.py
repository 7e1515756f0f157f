"""The editor's icons: one consistent set, drawn with QPainter (line glyphs on a 24-unit grid,
the board's ink colour, an accent where it carries meaning), so they look the same on every
platform and theme and need no image files. The commands every game's window has (New, Open,
Save, Undo, Redo) and the drawing helpers are the studio's (editor/toolbar.py); these are this
window's own."""
from __future__ import annotations


from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPolygonF

from ...toolbar import DISABLED, GLYPHS as STUDIO_GLYPHS, INK, SIZES, Glyph, arrow_head, glyph_pixmap, pen
from .. import style

ACCENT = {"go": QColor("#1a9e55"), "stop": style.SEVERITY_COLOURS["error"], "heat": QColor("#f03b20"),
          "reach": QColor("#238b45"), "graph": QColor("#5b21b6"), "site": style.CRASH_SITE,
          "accelerator": style.ACCELERATOR}


def _turn(clockwise: bool) -> Glyph:
    """Three quarters of a circle from twelve o'clock, the head where it ends, pointing on."""
    def draw(painter: QPainter, ink: QColor) -> None:
        pen(painter, ink)
        painter.drawArc(QRectF(5, 6, 14, 14), 90 * 16, (-270 if clockwise else 270) * 16)
        end = QPointF(5, 13) if clockwise else QPointF(19, 13)  # nine or three o'clock
        arrow_head(painter, end + QPointF(0, -3), QPointF(0, -1), ink, 5)
    return draw


def _flip(painter: QPainter, ink: QColor) -> None:
    pen(painter, ink)
    painter.drawRect(QRectF(4, 6, 7, 12))
    painter.setBrush(ink)
    painter.drawRect(QRectF(13, 6, 7, 12))
    pen(painter, ink, 1.5)
    painter.drawLine(QPointF(12, 3), QPointF(12, 21))


def _remove(painter: QPainter, ink: QColor) -> None:
    pen(painter, ink)
    painter.drawRect(QRectF(6, 5, 12, 14))
    pen(painter, ACCENT["stop"] if ink != DISABLED else ink)
    painter.drawLine(QPointF(9, 9), QPointF(15, 15))
    painter.drawLine(QPointF(15, 9), QPointF(9, 15))


def _dice(painter: QPainter, ink: QColor) -> None:
    pen(painter, ink)
    painter.drawRoundedRect(QRectF(4, 4, 16, 16), 3, 3)
    painter.setPen(Qt.NoPen)
    painter.setBrush(ink)
    for x, y in ((8, 8), (16, 8), (12, 12), (8, 16), (16, 16)):
        painter.drawEllipse(QPointF(x, y), 1.6, 1.6)


def _markers(painter: QPainter, ink: QColor) -> None:
    pen(painter, ink)
    painter.drawRect(QRectF(7, 7, 10, 10))
    painter.setPen(Qt.NoPen)
    painter.setBrush(ink)
    for rect in (QRectF(9, 2, 6, 3), QRectF(9, 19, 6, 3), QRectF(2, 9, 3, 6), QRectF(19, 9, 3, 6)):
        painter.drawRoundedRect(rect, 1, 1)


def _fit(painter: QPainter, ink: QColor) -> None:
    pen(painter, ink)
    for x, y, dx, dy in ((4, 4, 1, 1), (20, 4, -1, 1), (4, 20, 1, -1), (20, 20, -1, -1)):
        painter.drawLine(QPointF(x, y), QPointF(x + 5 * dx, y))
        painter.drawLine(QPointF(x, y), QPointF(x, y + 5 * dy))
    painter.drawRect(QRectF(9, 9, 6, 6))


def _zoom(plus: bool) -> Glyph:
    def draw(painter: QPainter, ink: QColor) -> None:
        pen(painter, ink)
        painter.drawEllipse(QPointF(10, 10), 6, 6)
        painter.drawLine(QPointF(14.5, 14.5), QPointF(20, 20))
        painter.drawLine(QPointF(7, 10), QPointF(13, 10))
        if plus:
            painter.drawLine(QPointF(10, 7), QPointF(10, 13))
    return draw


def _heat(painter: QPainter, ink: QColor) -> None:
    colours = [QColor(c) for c in ("#ffffcc", "#feb24c", "#f03b20", "#bd0026")]
    for index, colour in enumerate(colours):
        x, y = 4 + (index % 2) * 8, 4 + (index // 2) * 8
        painter.fillRect(QRectF(x, y, 8, 8), colour if ink != DISABLED else DISABLED.lighter(100 + 10 * index))
    pen(painter, ink, 1.2)
    painter.drawRect(QRectF(4, 4, 16, 16))


def _graph(painter: QPainter, ink: QColor) -> None:
    colour = ACCENT["graph"] if ink != DISABLED else ink
    pen(painter, colour)
    painter.drawLine(QPointF(6, 18), QPointF(17, 7))
    arrow_head(painter, QPointF(18, 6), QPointF(1, -1), colour)
    painter.setPen(Qt.NoPen)
    painter.setBrush(ACCENT["accelerator"] if ink != DISABLED else ink)
    for x, y in ((6, 18), (18, 6)):
        painter.drawPolygon(QPolygonF([QPointF(x, y - 3.5), QPointF(x + 3.5, y), QPointF(x, y + 3.5),
                                       QPointF(x - 3.5, y)]))


def _reach(painter: QPainter, ink: QColor) -> None:
    colour = ACCENT["reach"] if ink != DISABLED else ink
    painter.fillRect(QRectF(3, 9, 18, 6), QColor("#b7e4c7") if ink != DISABLED else DISABLED.lighter(130))
    painter.fillRect(QRectF(9, 3, 6, 18), QColor("#b7e4c7") if ink != DISABLED else DISABLED.lighter(130))
    pen(painter, colour, 1.5)
    painter.drawRect(QRectF(9, 9, 6, 6))
    painter.setPen(Qt.NoPen)
    painter.setBrush(colour)
    painter.drawEllipse(QPointF(12, 12), 2, 2)


def _saucer(painter: QPainter, ink: QColor) -> None:
    colour = ACCENT["stop"] if ink != DISABLED else ink
    pen(painter, ink, 1.5)
    painter.setBrush(colour)
    painter.drawEllipse(QRectF(3, 10, 18, 8))
    painter.setBrush(QColor("#8fd3f4") if ink != DISABLED else DISABLED.lighter(130))
    painter.drawChord(QRectF(8, 6, 8, 8), 0, 180 * 16)


def _edit(painter: QPainter, ink: QColor) -> None:
    """A board of four tiles: editing the layout."""
    pen(painter, ink)
    painter.drawRect(QRectF(4, 4, 16, 16))
    painter.drawLine(QPointF(4, 12), QPointF(20, 12))
    painter.drawLine(QPointF(12, 4), QPointF(12, 20))


def _tile_designer(painter: QPainter, ink: QColor) -> None:
    pen(painter, ink)
    painter.drawRect(QRectF(3, 3, 12, 12))
    painter.setPen(Qt.NoPen)
    painter.setBrush(ACCENT["site"] if ink != DISABLED else ink)
    painter.drawEllipse(QPointF(7, 7), 2.2, 2.2)
    pen(painter, ink)
    painter.drawLine(QPointF(12, 20), QPointF(20, 12))
    painter.drawLine(QPointF(20, 12), QPointF(22, 14))
    painter.drawLine(QPointF(10.5, 21.5), QPointF(12, 20))


def _finding(forward: bool) -> Glyph:
    def draw(painter: QPainter, ink: QColor) -> None:
        colour = style.SEVERITY_COLOURS["warning"] if ink != DISABLED else ink
        painter.setPen(Qt.NoPen)
        painter.setBrush(colour)
        painter.drawPolygon(QPolygonF([QPointF(9, 3), QPointF(16, 15), QPointF(2, 15)]))
        pen(painter, ink)
        start, end = (QPointF(13, 20), QPointF(20, 20)) if forward else (QPointF(20, 20), QPointF(13, 20))
        painter.drawLine(start, end)
        arrow_head(painter, end + QPointF(2 if forward else -2, 0), QPointF(1 if forward else -1, 0), ink)
    return draw


GLYPHS: dict[str, Glyph] = {
    **{name: STUDIO_GLYPHS[name] for name in ("new", "open", "save", "undo", "redo")},
    "rotate_cw": _turn(True), "rotate_ccw": _turn(False), "flip": _flip, "remove": _remove,
    "randomize": _dice, "directions": _markers, "fit": _fit, "zoom_in": _zoom(True), "zoom_out": _zoom(False),
    "overlay_exposure": _heat, "overlay_accelerators": _graph, "overlay_reach": _reach,
    "playtest": _saucer, "edit_mode": _edit, "tile_designer": _tile_designer,
    "next_finding": _finding(True), "previous_finding": _finding(False),
}


def icon(name: str) -> QIcon:
    """The icon for an action name in GLYPHS, with a drawn disabled state."""
    glyph = GLYPHS[name]
    result = QIcon()
    for size in SIZES:
        result.addPixmap(glyph_pixmap(glyph, size, INK), QIcon.Normal)
        result.addPixmap(glyph_pixmap(glyph, size, DISABLED), QIcon.Disabled)
    return result
