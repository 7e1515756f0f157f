"""The editor's live findings: the structural checks at once (a millisecond or two), the route
checks (`rules/routes.py`, a breadth-first search of every program: 0.1-0.5 s on a course of two
to four boards) and the route overlay's search on a worker thread, so an edit never waits for
them. The findings panel is filled twice: structural findings at once, then, when the worker
finishes with the course as it still is, with the route findings added."""
from __future__ import annotations

import atexit
import itertools
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

from crashgrab.engine.findings import Finding
from crashgrab.engine.report import ValidationReport, sort_findings
from crashgrab.engine.roborally.model import Course
from crashgrab.engine.roborally.resolved import resolved_course_json
from crashgrab.engine.roborally.rules.floor import floor_from_course
from crashgrab.engine.roborally.rules.routes import Search, SingleRobot, route_checks, route_steps
from crashgrab.engine.roborally.validation import validate_course


class _Worker(QObject):
    """Lives on the worker thread that every window shares; skips a request that a newer one from
    the same window has replaced."""
    checked = Signal(int, int, object)          # owner, generation, (findings, metrics)
    routed = Signal(int, int, int, object)      # owner, generation, start number, (result, steps)

    def __init__(self) -> None:
        super().__init__()
        self.latest: dict[int, int] = {}    # written by the GUI thread: each owner's newest generation

    @Slot(int, int, object)
    def check(self, owner: int, generation: int, course: dict) -> None:
        if self.latest.get(owner) == generation:
            self.checked.emit(owner, generation, route_checks(course))

    @Slot(int, int, int, object)
    def route(self, owner: int, generation: int, number: int, course: dict) -> None:
        if self.latest.get(owner) != generation:
            return
        floor = floor_from_course(course)
        start = next((s for s in floor.starts if s.number == number), None)
        found = route_steps(Search(SingleRobot(floor)), start) if start is not None else ({}, [])
        self.routed.emit(owner, generation, number, found)


_shared: tuple[QThread, _Worker] | None = None


def _shared_worker() -> _Worker:
    """One worker thread for every window, started with the first and ended when Python exits
    (a window closed or deleted mid-search never takes a running thread with it)."""
    global _shared
    if _shared is None:
        thread = QThread()
        thread.setObjectName("RoboRally route checks")
        worker = _Worker()
        worker.moveToThread(thread)
        thread.start()
        _shared = (thread, worker)
        atexit.register(_stop_shared)
    return _shared[1]


def _stop_shared() -> None:
    if _shared is not None:
        thread, worker = _shared
        worker.latest.clear()
        thread.quit()
        thread.wait()


class LiveChecks(QObject):
    """`validate(course)` answers with the structural report at once; `routes_done` follows with
    the whole report (route findings and metrics added) and `route_found` with the route of the
    start `want_route` asked for."""
    routes_done = Signal(object)                # ValidationReport
    route_found = Signal(int, object, object)   # start number, result dict, steps
    _check = Signal(int, int, object)
    _route = Signal(int, int, int, object)
    _owners = itertools.count(1)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.owner = next(self._owners)
        self.generation = 0
        self.report: ValidationReport | None = None
        self.pending = False
        self.stopped = False
        self._course_json: dict[str, Any] | None = None
        self._worker = _shared_worker()
        self._check.connect(self._worker.check)
        self._route.connect(self._worker.route)
        self._worker.checked.connect(self._checked)
        self._worker.routed.connect(self._routed)

    def validate(self, course: Course) -> ValidationReport:
        self.generation += 1
        self._worker.latest[self.owner] = self.generation
        report = validate_course(course, routes=False)
        self.report = report
        self._course_json = resolved_course_json(course, report.board)
        self.pending = report.valid
        if report.valid:  # a route on a broken course means nothing (as validate_course)
            self._check.emit(self.owner, self.generation, self._course_json)
        return report

    def want_route(self, start_number: int) -> bool:
        """Ask for a start's route; False when the course has an error (no route then)."""
        if self._course_json is None or self.report is None or not self.report.valid:
            return False
        self._route.emit(self.owner, self.generation, start_number, self._course_json)
        return True

    @Slot(int, int, object)
    def _checked(self, owner: int, generation: int, found: tuple[list[Finding], dict]) -> None:
        if owner != self.owner or generation != self.generation or self.report is None or self.stopped:
            return
        findings, routes = found
        report = self.report
        self.report = ValidationReport(sort_findings([*report.findings, *findings]), {**report.metrics, "routes": routes},
                                       report.board)
        self.pending = False
        self.routes_done.emit(self.report)

    @Slot(int, int, int, object)
    def _routed(self, owner: int, generation: int, number: int, found) -> None:
        if owner == self.owner and generation == self.generation and not self.stopped:
            self.route_found.emit(number, found[0], found[1])

    def stop(self) -> None:
        """The window is going: what it asked for and the worker has not begun is skipped."""
        if self.stopped:
            return
        self.stopped = True
        self._worker.latest.pop(self.owner, None)
        for signal, slot in ((self._worker.checked, self._checked), (self._worker.routed, self._routed)):
            signal.disconnect(slot)
