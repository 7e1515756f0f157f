"""A one-line progress bar with rate and time left, for a terminal only."""
from __future__ import annotations

import sys
import time
from typing import Callable, TextIO

BAR_WIDTH = 30
MIN_INTERVAL = 0.1  # seconds between redraws; a survey reports thousands of steps


def format_duration(seconds: float) -> str:
    seconds = max(0, int(round(seconds)))
    minutes, seconds = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def progress_line(done: int, total: int, elapsed: float, start: int = 0) -> str:
    """[#####.....]  45,000/98,304  46%  2,510 boards/s  0:21 left

    `start` is where this run began (a resumed survey): the rate counts only this run's boards."""
    fraction = done / total if total else 1.0
    filled = int(BAR_WIDTH * fraction)
    rate = (done - start) / elapsed if elapsed > 0 else 0.0
    left = format_duration((total - done) / rate) if rate else "-:--"  # unknown until a chunk is done
    return (f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done:,}/{total:,} {fraction * 100:3.0f}% "
            f"{rate:,.0f} boards/s {left} left")


class ProgressBar:
    """Call with the number of boards done; draws on `stream` only when it is a terminal."""

    def __init__(self, total: int, stream: TextIO | None = None, enabled: bool | None = None,
                 clock: Callable[[], float] = time.perf_counter, start: int = 0) -> None:
        self.total = total
        self.start = start
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.clock = clock
        self.started = clock()
        self._drawn_at = -MIN_INTERVAL
        self._width = 0

    def __call__(self, done: int) -> None:
        if not self.enabled:
            return
        now = self.clock()
        if done < self.total and now - self._drawn_at < MIN_INTERVAL:
            return
        self._drawn_at = now
        line = progress_line(done, self.total, now - self.started, self.start)
        self.stream.write("\r" + line.ljust(self._width))
        self._width = len(line)
        self.stream.flush()

    def close(self) -> None:
        """Clear the bar so the report starts on a clean line."""
        if self.enabled and self._width:
            self.stream.write("\r" + " " * self._width + "\r")
            self.stream.flush()
