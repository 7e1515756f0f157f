"""Live validation for any game's window: the findings after every edit, off the GUI thread
when validating is slow, keeping only the newest result (issue 20's editor shell).

`LiveValidator(check)` validates with `check(layout, upgrades)` (by default a game's
`system.validate`: see `system_check`). While validations are quick (the last one took at most
`sync_ms`; a validator's first run does not count: it pays for imports and caches, not for the
board) the next runs on the GUI thread at once, inside the edit: its findings are painted in
the same frame as the edit, and handing it to a thread would cost more than the validation. A
slower board is validated on a worker thread while the window stays responsive; edits that
arrive meanwhile are coalesced (only the latest layout is validated next), and a result that no
longer belongs to the document's layout (edited since) is dropped. `reportReady` gives the
report of the layout last requested; `failed` says that a check raised (a bug, for the status bar).
"""
from __future__ import annotations

import time
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Callable

from PySide6.QtCore import QObject, QTimer, Signal

Check = Callable[[Any, tuple[str, ...]], Any]  # (layout, upgrades) -> a report; runs on the worker: no Qt
FRAME_MS = 16.0  # a validation this quick on the GUI thread costs the designer nothing: one frame


def system_check(system) -> Check:
    """A game's `validate` as the live validation's check."""
    return lambda layout, upgrades: system.validate(layout, upgrades=upgrades)


class LiveValidator(QObject):
    reportReady = Signal(object)  # the report of the layout last requested
    failed = Signal(str)  # validation itself raised: a bug, shown in the status bar

    POLL_MS = 4

    def __init__(self, check: Check, parent: QObject | None = None, sync_ms: float = FRAME_MS) -> None:
        super().__init__(parent)
        self.check = check
        self.sync_ms = sync_ms  # validations this quick run on the GUI thread
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="validation")
        self._generation = 0
        self._running: tuple[int, Any, Future] | None = None
        self._pending: tuple[int, Any] | None = None
        self.report: Any = None
        self.layout: Any = None  # the layout `report` belongs to
        self.upgrades: tuple[str, ...] = ()  # what the next validation assumes a piece holds
        self.took_ms = 0.0  # how long the last validation took
        self.last_ms = 0.0  # what decides where the next runs: `took_ms`, the first run's as 0
        self.runs = 0
        # The worker thread never touches Qt: emitting a signal from a Python thread crashes
        # PySide6 6.12 (a refcount bug), so the GUI thread polls the future instead.
        self._poll = QTimer(self)
        self._poll.setInterval(self.POLL_MS)
        self._poll.timeout.connect(self._finished)

    @property
    def is_current(self) -> bool:
        """True when the last requested layout has its report."""
        return self._running is None and self._pending is None and self.report is not None

    @property
    def busy(self) -> bool:
        """A validation is running on the worker (the findings shown may be a step behind)."""
        return self._running is not None

    def request(self, layout: Any) -> None:
        self._generation += 1
        self._pending = (self._generation, layout)
        if self._running is None:
            if self.last_ms <= self.sync_ms:
                self._validate_here()
            else:
                self._start_next()

    def validate_now(self, layout: Any) -> Any:
        """Validate on this thread (a screenshot waits for it anyway)."""
        self._generation += 1
        self._pending = None
        self._accept(self.check(layout, self.upgrades), layout)
        return self.report

    def shutdown(self) -> None:
        self._pending = None
        self._poll.stop()
        self._executor.shutdown(wait=True, cancel_futures=True)

    def _validate_here(self) -> None:
        generation, layout = self._pending  # type: ignore[misc]
        self._pending = None
        report, error, took = _timed(self.check, layout, self.upgrades)
        self._measured(took)
        if error:
            self.failed.emit(error)
        elif generation == self._generation:
            self._accept(report, layout)

    def _start_next(self) -> None:
        generation, layout = self._pending  # type: ignore[misc]
        self._pending = None
        self._running = (generation, layout, self._executor.submit(_timed, self.check, layout, self.upgrades))
        self._poll.start()

    def _finished(self) -> None:
        if self._running is None or not self._running[2].done():
            return
        generation, layout, future = self._running
        self._running = None
        report, error, took = future.result()
        self._measured(took)
        if self._pending is not None:
            self._start_next()  # a newer layout is waiting: this result is stale
            return
        self._poll.stop()
        if generation != self._generation:
            return
        if error:
            self.failed.emit(error)
            return
        self._accept(report, layout)

    def _measured(self, took: float) -> None:
        self.took_ms = took
        self.last_ms = took if self.runs else 0.0  # a cold first run says nothing about the board
        self.runs += 1

    def _accept(self, report: Any, layout: Any) -> None:
        self.report, self.layout = report, layout
        self.reportReady.emit(report)


def _timed(check: Check, layout: Any, upgrades: tuple[str, ...]) -> tuple[Any, str | None, float]:
    """Runs on the worker thread (or inside the edit): the check's report, or what it raised."""
    started = time.perf_counter()
    try:
        report, error = check(layout, upgrades), None
    except Exception as exc:  # a bug in a check must not take the editor down
        report, error = None, f"Validation failed: {type(exc).__name__}: {exc}"
    return report, error, (time.perf_counter() - started) * 1000
