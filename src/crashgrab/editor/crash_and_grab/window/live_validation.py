"""Validation after every edit, off the UI thread, keeping only the newest result.

The findings come from the fast path (`fast_validate_layout`: the same report as
`validate_layout`, messages included, without building a networkx move graph; about
1 ms on the 10x10 board, see docs/performance.md); the overlays still read the networkx
move analysis, built only when one is shown. While validations are quick (the last one
took at most SYNC_MS) the next runs on the UI thread at once, inside the edit: its
findings are then painted in the same frame as the edit itself, and handing it to a
thread and polling for the result would cost more than the validation (a thread switch,
up to a 4 ms poll, far more on a busy machine). A slower board (a big free-form one) is
validated on a worker thread while the window stays responsive; edits that arrive in the
meantime are coalesced: only the latest layout is validated next, and a result that no
longer matches the document is dropped.
`upgrades` (movement upgrade card names) switches to `validate_layout`, which knows them;
set it, then request the layout again.
"""
from __future__ import annotations

import time
from concurrent.futures import Future, ThreadPoolExecutor

from PySide6.QtCore import QObject, QTimer, Signal

from crashgrab.engine.crash_and_grab.layout import Layout
from crashgrab.engine.crash_and_grab.validation.report import ValidationReport
from crashgrab.engine.crash_and_grab.validation.fast import fast_validate_layout


class LiveValidator(QObject):
    reportReady = Signal(object)  # ValidationReport of the layout last requested
    failed = Signal(str)  # validation itself raised: a bug, shown in the status bar

    POLL_MS = 4
    SYNC_MS = 4.0  # validations this quick run on the UI thread

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="validation")
        self._generation = 0
        self._running: tuple[int, Layout, Future] | None = None
        self._pending: tuple[int, Layout] | None = None
        self.report: ValidationReport | None = None
        self.layout: Layout | None = None  # the layout `report` belongs to
        self.upgrades: tuple[str, ...] = ()  # what the next validation assumes a saucer holds
        self.last_ms = 0.0
        # The worker thread never touches Qt: emitting a signal from a Python thread crashes
        # PySide6 6.12 (a refcount bug), so the UI thread polls the future instead.
        self._poll = QTimer(self)
        self._poll.setInterval(self.POLL_MS)
        self._poll.timeout.connect(self._check)

    @property
    def is_current(self) -> bool:
        """True when the last requested layout has its report."""
        return self._running is None and self._pending is None and self.report is not None

    def request(self, layout: Layout) -> None:
        self._generation += 1
        self._pending = (self._generation, layout)
        if self._running is None:
            if self.last_ms <= self.SYNC_MS:
                self._validate_here()
            else:
                self._start_next()

    def validate_now(self, layout: Layout) -> ValidationReport:
        """Validate on this thread (the screenshot waits for it anyway)."""
        self._generation += 1
        self._pending = None
        self._accept(validate_now_report(layout, self.upgrades), layout)
        return self.report

    def shutdown(self) -> None:
        self._pending = None
        self._poll.stop()
        self._executor.shutdown(wait=True, cancel_futures=True)

    def _validate_here(self) -> None:
        if self._pending is None or self._running is not None:
            return
        generation, layout = self._pending
        self._pending = None
        report, error, self.last_ms = _validate(layout, self.upgrades)
        if error:
            self.failed.emit(error)
        elif generation == self._generation:
            self._accept(report, layout)

    def _start_next(self) -> None:
        generation, layout = self._pending
        self._pending = None
        self._running = (generation, layout, self._executor.submit(_validate, layout, self.upgrades))
        self._poll.start()

    def _check(self) -> None:
        if self._running is None or not self._running[2].done():
            return
        generation, layout, future = self._running
        self._running = None
        report, error, self.last_ms = future.result()
        if self._pending is not None:
            self._start_next()  # a newer layout is waiting; this result is stale
            return
        self._poll.stop()
        if generation != self._generation:
            return
        if error:
            self.failed.emit(error)
            return
        self._accept(report, layout)

    def _accept(self, report: ValidationReport, layout: Layout) -> None:
        self.report, self.layout = report, layout
        self.reportReady.emit(report)


def validate_now_report(layout: Layout, upgrades: tuple[str, ...]) -> ValidationReport:
    """The fast path's report; the networkx reference when upgrades are assumed (the fast path
    knows the standard game only; networkx loads only then)."""
    if upgrades:
        from crashgrab.engine.crash_and_grab.validation import validate_layout

        return validate_layout(layout, upgrades=upgrades)
    return fast_validate_layout(layout)


def _validate(layout: Layout, upgrades: tuple[str, ...]) -> tuple[ValidationReport | None, str | None, float]:
    """Runs on the worker thread: pure engine code, no Qt."""
    started = time.perf_counter()
    try:
        report, error = validate_now_report(layout, upgrades), None
    except Exception as exc:  # a bug in a check must not take the editor down
        report, error = None, f"Validation failed: {type(exc).__name__}: {exc}"
    return report, error, (time.perf_counter() - started) * 1000
