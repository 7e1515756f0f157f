"""`python -m crashgrab.editor.crash_and_grab.playtest --screenshot OUT.png SCENARIO [--step N]`: the editor window
in playtest mode with a scenario file opened and stepped to step N (default: the last),
rendered offscreen to a PNG. For docs and for looking at the playtest without a display.
"""
from __future__ import annotations

import argparse
import os
import sys

PROG = "python -m crashgrab.editor.crash_and_grab.playtest"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=PROG, description="Screenshot of the editor's playtest mode.")
    parser.add_argument("scenario", metavar="SCENARIO", help="a scenario file to open in the Playtest panel")
    parser.add_argument("--screenshot", metavar="OUT.png", required=True, help="where to write the PNG")
    parser.add_argument("--step", type=int, default=None, help="show the board after this many steps (default: all)")
    parser.add_argument("--size", default="1400x900", help="window size in pixels, WIDTHxHEIGHT")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication, QMessageBox

    from ..window.offscreen import offscreen_window, write_window_png

    app = QApplication.instance() or QApplication([PROG])
    width, height = (int(v) for v in args.size.lower().split("x"))
    problems: list[str] = []

    def report(_parent, title, text, *rest, **kwargs):  # no dialogs offscreen: say it on stderr
        problems.append(f"{title}: {text}")
        return QMessageBox.Ok

    QMessageBox.critical = QMessageBox.warning = staticmethod(report)
    with offscreen_window((width, height)) as window:
        mode = window.playtest
        if not mode.open_scenario(args.scenario):
            print(f"{PROG}: {'; '.join(problems) or 'cannot open the scenario'}", file=sys.stderr)
            return 1
        mode.show_step(len(mode.session.events) if args.step is None else args.step)
        app.processEvents()
        return write_window_png(window, args.screenshot, PROG)


if __name__ == "__main__":
    sys.exit(main())
