"""`crashgrab-editor [FILE]` and `python -m crashgrab.editor [FILE]`; `--screenshot OUT.png` renders
the window offscreen and exits. Without a display it says how to go on instead of letting
Qt abort."""
from __future__ import annotations

import argparse
import gc
import os
import sys
from pathlib import Path
from typing import Mapping

from crashgrab.engine.version import PRODUCT_NAME, program_version

PROG = "crashgrab-editor"
DESKTOP_ID = "crashgrab-editor"  # the .desktop file's name, so the desktop matches windows to it
APP_NAME = PRODUCT_NAME
ORGANISATION = "CrashGrab"  # with APPLICATION: where QSettings keeps the windows' settings
APPLICATION = "Editor"
SCREENSHOT_SIZE = (1400, 900)  # pixels; README's screenshot and the tests rely on it
HEADLESS_PLATFORMS = {"offscreen", "minimal", "minimalegl", "vnc", "eglfs", "linuxfb", "vkkhrdisplay", "directfb"}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description=f"{PRODUCT_NAME}'s editor: lay out a board of any installed game, watch the findings. "
                                 "Needs the [editor] extra (Qt).")
    parser.add_argument("file", nargs="?", metavar="FILE", help="a layout file to open (of any installed game)")
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
    from crashgrab.engine.cli import printable_streams

    printable_streams()  # a file name that is not UTF-8 never breaks a message
    args = build_parser().parse_args(argv)
    if args.install_desktop:
        return install_desktop_entry()
    if args.screenshot:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # a screenshot needs no screen
    qt_missing = qt_problem()
    if qt_missing:
        print(f"{PROG}: {qt_missing}", file=sys.stderr)
        return 2
    problem = display_problem()
    if problem:
        print(f"{PROG}: {problem}. Run it offscreen with QT_QPA_PLATFORM=offscreen (e.g. for --screenshot), "
              "or check a layout without a window: crashgrab validate FILE", file=sys.stderr)
        return 2
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([PROG])
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName(APP_NAME)
    app.setDesktopFileName(DESKTOP_ID)
    app.setWindowIcon(application_icon())
    if args.screenshot:
        return screenshot(args.screenshot, args.file)
    system, editor = starting_editor(args.file)
    if editor is None:
        print(f"{PROG}: no installed game has an editor.", file=sys.stderr)
        return 2
    window = editor.open(system, None, Path(args.file) if args.file else None, None)
    window.show()
    # Everything made so far (modules, Qt wrappers, the first board) lives as long as the window:
    # frozen, full garbage collections skip it, so one never stalls an edit for 25-45 ms
    # (docs/performance.md, "the first-use tail").
    gc.freeze()
    return app.exec()


def qt_problem() -> str | None:
    """One line when Qt (the [editor] extra) is not installed or does not load, else None."""
    try:
        import PySide6.QtWidgets  # noqa: F401
    except ImportError as error:
        from crashgrab.engine.cli.optional import missing_extra_message

        message = missing_extra_message(error)
        if message is None:
            raise
        return message
    return None


def starting_editor(file: str | None):
    """(system, its GameEditor) for the file's game when that game has an editor, else the first
    installed game that has one, whose window opens the file (or says what is wrong with it)."""
    from crashgrab.engine.errors import CrashGrabError
    from crashgrab.engine.formats.jsonio import read_json
    from crashgrab.engine.games import all_systems, system_for_document

    from .game_views import editor_for

    if file:
        try:
            system = system_for_document(read_json(file), file)
        except CrashGrabError:
            pass  # the window that opens it reports the fault
        else:
            editor = editor_for(system.id)
            if editor is not None:
                return system, editor
    for system in all_systems():
        editor = editor_for(system.id)
        if editor is not None:
            return system, editor
    return None, None


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
    """The game's window at a fixed size with its findings filled in, saved as a PNG."""
    from PySide6.QtCore import qInstallMessageHandler

    from crashgrab.engine.errors import CrashGrabError
    from crashgrab.engine.formats.layout_io import load_layout
    from crashgrab.engine.games import system_for_layout

    from .game_views import editor_for

    layout = None
    if file:
        try:  # no dialog offscreen: say what is wrong on stderr
            layout = load_layout(file)
        except CrashGrabError as error:
            print(f"{PROG}: {error}", file=sys.stderr)
            return error.exit_code
    if layout is not None:
        system = system_for_layout(layout)
        editor = editor_for(system.id)
    else:
        system, editor = starting_editor(None)
        if system is None:
            print(f"{PROG}: no installed game has an editor.", file=sys.stderr)
            return 2
    from .window_settings import throwaway_settings

    previous = qInstallMessageHandler(_quiet_offscreen_notices)
    try:
        with throwaway_settings():
            if editor is not None and editor.screenshot is not None:
                return editor.screenshot(out, file)
            return _window_screenshot(system, layout, file, out)
    finally:
        qInstallMessageHandler(previous)


def _quiet_offscreen_notices(mode, context, message: str) -> None:
    """The offscreen platform's notice about size hints says nothing to a user."""
    if "propagateSizeHints" not in message:
        print(message, file=sys.stderr)


def _window_screenshot(system, layout, file: str | None, out: str) -> int:
    """The window `open_board_window` gives (the game's editor, or the read-only view)."""
    from PySide6.QtWidgets import QApplication

    from .game_views import open_board_window

    window = open_board_window(system, layout if layout is not None else system.new_layout(template=None),
                               file)
    try:
        window.resize(*SCREENSHOT_SIZE)
        for _ in range(3):
            QApplication.processEvents()
        return write_widget_png(window, out, PROG)
    finally:
        window.close()
        window.deleteLater()
        QApplication.processEvents()


def write_widget_png(widget, out: str, prog: str) -> int:
    """The widget as it is drawn now, written as a PNG (atomically); errors said on stderr."""
    from PySide6.QtWidgets import QApplication

    from crashgrab.engine.errors import CrashGrabError, shown_path

    from .qt_images import write_png

    QApplication.processEvents()
    image = widget.grab().toImage()
    try:
        write_png(image, out)
    except CrashGrabError as error:
        print(f"{prog}: {error}", file=sys.stderr)
        return error.exit_code
    print(f"wrote {shown_path(out)} ({image.width()}x{image.height()})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
