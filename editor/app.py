"""`crashgrab-editor [FILE]` and `python -m crashgrab.editor [FILE]`; `--screenshot OUT.png` renders
the window offscreen and exits. Without a display it says how to go on instead of letting
Qt abort."""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Mapping

from crashgrab.engine.version import program_version

PROG = "crashgrab-editor"
DESKTOP_ID = "crashgrab-editor"  # the .desktop file's name, so the desktop matches windows to it
SCREENSHOT_SIZE = (1400, 900)  # pixels; README's screenshot and the tests rely on it
HEADLESS_PLATFORMS = {"offscreen", "minimal", "minimalegl", "vnc", "eglfs", "linuxfb", "vkkhrdisplay", "directfb"}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description="Crash & Grab board editor: arrange the tiles, watch the findings.")
    parser.add_argument("file", nargs="?", metavar="FILE", help="a layout file to open")
    parser.add_argument("--screenshot", metavar="OUT.png",
                        help=f"render the window ({SCREENSHOT_SIZE[0]}x{SCREENSHOT_SIZE[1]}, findings filled in) "
                             "offscreen to a PNG and exit")
    parser.add_argument("--install-desktop", action="store_true",
                        help="add the editor to the desktop's menu, with its icon and the layout file type, "
                             "for the current user (freedesktop.org desktops), and exit")
    parser.add_argument("--version", action="version", version=f"%(prog)s {program_version()}")
    return parser


def display_problem(env: Mapping[str, str] | None = None, platform: str | None = None) -> str | None:
    """Why Qt would find no display here, or None when it will (or we cannot tell)."""
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    if not (platform.startswith("linux") or "bsd" in platform):
        return None  # Windows and macOS always have their own display
    requested = env.get("QT_QPA_PLATFORM", "").split(";")[0].split(":")[0].strip()
    if requested in HEADLESS_PLATFORMS:
        return None
    if requested == "xcb":
        return None if env.get("DISPLAY") else "QT_QPA_PLATFORM is xcb but DISPLAY is not set"
    if requested.startswith("wayland"):
        return None if env.get("WAYLAND_DISPLAY") else "QT_QPA_PLATFORM is wayland but WAYLAND_DISPLAY is not set"
    if requested:
        return None  # some other platform plugin: let Qt try it
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None
    return "no display (neither DISPLAY nor WAYLAND_DISPLAY is set)"


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.install_desktop:
        return install_desktop_entry()
    if args.screenshot:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # a screenshot needs no screen
    problem = display_problem()
    if problem:
        print(f"{PROG}: {problem}. Run it offscreen with QT_QPA_PLATFORM=offscreen (e.g. for --screenshot), "
              "or check a layout without a window: crashgrab validate FILE", file=sys.stderr)
        return 2
    from PySide6.QtWidgets import QApplication

    from .main_window import APP_NAME, APPLICATION, ORGANISATION, MainWindow

    app = QApplication.instance() or QApplication([PROG])
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName(APP_NAME)
    app.setDesktopFileName(DESKTOP_ID)
    app.setWindowIcon(application_icon())
    if args.screenshot:
        return screenshot(args.screenshot, args.file)
    window = MainWindow()
    window.show()
    if args.file:
        window.open_path(args.file)
    return app.exec()


def install_desktop_entry() -> int:
    from crashgrab.engine.desktop import install_desktop
    from crashgrab.engine.errors import CrashGrabError

    try:
        written = install_desktop()
    except CrashGrabError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return error.exit_code
    for path in written:
        print(path)
    return 0


def application_icon():
    """The window and task-bar icon, drawn from the shipped SVG."""
    from PySide6.QtGui import QIcon, QPixmap

    from crashgrab.engine.resources import desktop_file

    pixmap = QPixmap()
    pixmap.loadFromData(desktop_file(f"{DESKTOP_ID}.svg").read_bytes(), "SVG")
    return QIcon(pixmap)


def screenshot(out: str, file: str | None = None) -> int:
    """The window at a fixed size with the findings filled in, saved as a PNG."""
    from PySide6.QtCore import qInstallMessageHandler

    from crashgrab.engine.errors import CrashGrabError
    from crashgrab.engine.formats.layout_io import load_layout

    if file:
        try:  # no dialog offscreen: say what is wrong on stderr
            load_layout(file)
        except CrashGrabError as error:
            print(f"{PROG}: {error}", file=sys.stderr)
            return error.exit_code
    previous = qInstallMessageHandler(_quiet_offscreen_notices)
    try:
        return _screenshot(out, file)
    finally:
        qInstallMessageHandler(previous)


def _quiet_offscreen_notices(mode, context, message: str) -> None:
    """The offscreen platform's notice about size hints says nothing to a user."""
    if "propagateSizeHints" not in message:
        print(message, file=sys.stderr)


@contextmanager
def offscreen_window(size: tuple[int, int]):
    """A main window with throw-away settings (never the user's), closed afterwards
    without asking about unsaved changes."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from .main_window import MainWindow

    with tempfile.TemporaryDirectory() as scratch:
        window = MainWindow(QSettings(str(Path(scratch) / "screenshot.ini"), QSettings.IniFormat))
        try:
            window.resize(*size)
            window.show()
            yield window
        finally:
            window.document.undo_stack.setClean()
            window.close()
            window.deleteLater()
            QApplication.processEvents()


def write_window_png(window, out: str, prog: str) -> int:
    """Let the window settle, fit the board, and write it as a PNG (atomically)."""
    from PySide6.QtWidgets import QApplication

    from crashgrab.engine.errors import CrashGrabError

    from .image_export import write_png

    for _ in range(3):
        QApplication.processEvents()
    window.view.fit()
    QApplication.processEvents()
    image = window.grab().toImage()
    try:
        write_png(image, out)
    except CrashGrabError as error:
        print(f"{prog}: {error}", file=sys.stderr)
        return error.exit_code
    print(f"wrote {out} ({image.width()}x{image.height()})", file=sys.stderr)
    return 0


def _screenshot(out: str, file: str | None) -> int:
    with offscreen_window(SCREENSHOT_SIZE) as window:
        if file and not window.open_path(file):
            return 1
        report = window.validator.validate_now(window.document.layout)
        first = next((f for f in report.findings if f.cells), None)
        if first is not None:
            window.findings.select_finding(first)
        return write_window_png(window, out, PROG)


if __name__ == "__main__":
    sys.exit(main())
