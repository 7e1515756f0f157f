"""Qt image helpers every board picture uses, whatever its game: an application for fonts, PNG bytes."""
from __future__ import annotations

from pathlib import Path

from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, QSize
from PySide6.QtGui import QGuiApplication, QImage, QPainter

from crashgrab.engine.errors import UsageError
from crashgrab.engine.formats.atomic import write_bytes_atomic

if TYPE_CHECKING:
    from .image_size import ImageGeometry


def gui_application() -> QGuiApplication:
    """The running Qt application, or a new offscreen one: fonts need one, a display does not."""
    global _headless_app
    app = QGuiApplication.instance()
    if app is None:
        app = _headless_app = QGuiApplication(["crashgrab", "-platform", "offscreen"])
    return app


_headless_app: QGuiApplication | None = None  # kept so Python does not destroy it


def encode_png(image: QImage) -> bytes:
    """`image` as PNG file contents, encoded in memory (UsageError if Qt cannot)."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise UsageError("Qt could not encode the PNG.")
    buffer.close()
    return bytes(data)


def write_png(image: QImage, path: str | Path) -> None:
    """`image` saved as a PNG at `path`, atomically: a failed write leaves any old file untouched
    (WriteError when the folder cannot be written)."""
    write_bytes_atomic(path, encode_png(image))


def board_image_bytes(kind: str, dpi: int, geometry: "ImageGeometry", title: str, description: str,
                      paint: Callable[[QPainter, QRectF], None]) -> bytes:
    """A board picture as file contents: `kind` "png" (at `dpi`, recorded for printing) or "svg"
    (in millimetres); `paint(painter, target)` fills the target rectangle (pixels or millimetres).
    The caller checks the DPI first (image_size.check_dpi)."""
    from .image_size import MM_PER_INCH, round_half_up

    if kind == "png":
        width, height = geometry.pixel_size(dpi)
        image = QImage(width, height, QImage.Format_RGB32)
        image.setDotsPerMeterX(round_half_up(dpi / MM_PER_INCH * 1000))
        image.setDotsPerMeterY(round_half_up(dpi / MM_PER_INCH * 1000))
        image.setText("Title", title)
        painter = QPainter(image)
        try:
            paint(painter, QRectF(0, 0, width, height))
        finally:
            painter.end()
        return encode_png(image)
    from PySide6.QtSvg import QSvgGenerator  # only this export needs the QtSvg module

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setResolution(254)  # one unit of its size = 0.1 mm
    generator.setSize(QSize(round_half_up(geometry.width_mm * 10), round_half_up(geometry.height_mm * 10)))
    generator.setViewBox(QRectF(0, 0, geometry.width_mm, geometry.height_mm))
    generator.setTitle(title)
    generator.setDescription(description)
    painter = QPainter(generator)
    try:
        paint(painter, QRectF(0, 0, geometry.width_mm, geometry.height_mm))
    finally:
        painter.end()
    buffer.close()
    return bytes(data)
