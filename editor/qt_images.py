"""Qt image helpers every board picture uses, whatever its game: an application for fonts, PNG bytes."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QGuiApplication, QImage

from crashgrab.engine.errors import UsageError
from crashgrab.engine.formats.atomic import write_bytes_atomic


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
