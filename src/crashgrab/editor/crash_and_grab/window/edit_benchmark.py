"""How long an edit takes to show its findings: `python -m crashgrab.editor.crash_and_grab.window.edit_benchmark [--quick]`.

Opens the 6-saucer board in an offscreen main window, then flips a core tile again and
again (alternating sides, through the window's own command), timing from the edit to the
moment the new report is in the findings panel and the scene and one more round of
events (the repaint) has run. Prints the median and 99th percentile; `crashgrab.engine.crash_and_grab.bench` runs
it. Not a test: nothing asserts a time.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

from crashgrab.engine.formats.layout_io import load_shipped_layout
from crashgrab.engine.timing import percentile

LAYOUT = "standard-6p.json"  # shipped with the program


def edit_to_findings(repeat: int) -> tuple[list[float], list[float]]:
    """(seconds from the edit to the findings shown, milliseconds the validation itself took) per edit."""
    from PySide6.QtCore import qInstallMessageHandler
    from PySide6.QtWidgets import QApplication

    from ...app import _quiet_offscreen_notices
    from .offscreen import offscreen_window

    app = QApplication.instance() or QApplication(["edit-benchmark"])
    qInstallMessageHandler(_quiet_offscreen_notices)
    times, validations = [], []
    with offscreen_window((1200, 800)) as window:
        window.document.reset(load_shipped_layout(LAYOUT))
        shown = []
        window.validator.reportReady.connect(lambda report: shown.append(report))
        tile = window.document.layout.placements[0].tile
        window.scene.select_tile(tile)
        for _ in range(repeat + 1):
            shown.clear()
            start = time.perf_counter()
            window.flip_selected()
            while not shown:
                app.processEvents()
                time.sleep(0.0002)
            app.processEvents()
            times.append(time.perf_counter() - start)
            validations.append(window.validator.took_ms)
    return times[1:], validations[1:]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m crashgrab.editor.crash_and_grab.window.edit_benchmark",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    times, validations = edit_to_findings(10 if args.quick else 200)
    median, p99 = statistics.median(times) * 1000, percentile(times, 0.99) * 1000
    print(f"  {'edit (flip a tile) to findings shown':<44} median {median:8.3f} ms   p99 {p99:8.3f} ms   "
          "target <= 16 ms median")
    print(f"  {'... of which validation (fast path)':<44} median {statistics.median(validations):8.3f} ms   "
          f"p99 {percentile(validations, 0.99):8.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
