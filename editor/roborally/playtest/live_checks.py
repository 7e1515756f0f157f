"""The editor's live findings: the structural checks at once (a millisecond or two), the route
checks (`rules/routes.py`, a breadth-first search of every program: 0.1-0.5 s on a course of two
to four boards) and the route overlay's search on a worker thread, so an edit never waits for
them. The findings panel is filled twice: structural findings at once, then, when the worker
finishes with the course as it still is, with the route findings added."""
from __future__ import annotations

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
    """Lives on the worker thread; skips a request that a newer one has replaced."""
    checked = Signal(int, object)          # generation, (findings, metrics)
    routed = Signal(int, int, object)      # generation, start number, (result, steps)

    def __init__(self) -> None:
        super().__init__()
        self.latest = 0          # written by the GUI thread: the newest generation asked for

    @Slot(int, object)
    def check(self, generation: int, course: dict) -> None:
        if generation == self.latest:
            self.checked.emit(generation, route_checks(course))

    @Slot(int, int, object)
    def route(self, generation: int, number: int, course: dict) -> None:
        if generation != self.latest:
            return
        floor = floor_from_course(course)
        start = next((s for s in floor.starts if s.number == number), None)
        found = route_steps(Search(SingleRobot(floor)), start) if start is not None else ({}, [])
        self.routed.emit(generation, number, found)


class LiveChecks(QObject):
    """`validate(course)` answers with the structural report at once; `routes_done` follows with
    the whole report (route findings and metrics added) and `route_found` with the route of the
    start `want_route` asked for."""
    routes_done = Signal(object)            # ValidationReport
    route_found = Signal(int, object, object)   # start number, result dict, steps
    _check = Signal(int, object)
    _route = Signal(int, int, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.generation = 0
        self.report: ValidationReport | None = None
        self.pending = False
        self._course_json: dict[str, Any] | None = None
        self._thread = QThread()
        self._thread.setObjectName("route checks")
        self._worker = _Worker()
        self._worker.moveToThread(self._thread)
        self._check.connect(self._worker.check)
        self._route.connect(self._worker.route)
        self._worker.checked.connect(self._checked)
        self._worker.routed.connect(self._routed)
        self._thread.start()

    def validate(self, course: Course) -> ValidationReport:
        self.generation += 1
        self._worker.latest = self.generation
        report = validate_course(course, routes=False)
        self.report = report
        self._course_json = resolved_course_json(course, report.board)
        self.pending = report.valid
        if report.valid:  # a route on a broken course means nothing (as validate_course)
            self._check.emit(self.generation, self._course_json)
        return report

    def want_route(self, start_number: int) -> None:
        if self._course_json is not None:
            self._route.emit(self.generation, start_number, self._course_json)

    @Slot(int, object)
    def _checked(self, generation: int, found: tuple[list[Finding], dict]) -> None:
        if generation != self.generation or self.report is None:
            return
        findings, routes = found
        report = self.report
        self.report = ValidationReport(sort_findings([*report.findings, *findings]), {**report.metrics, "routes": routes},
                                       report.board)
        self.pending = False
        self.routes_done.emit(self.report)

    @Slot(int, int, object)
    def _routed(self, generation: int, number: int, found) -> None:
        if generation == self.generation:
            self.route_found.emit(number, found[0], found[1])

    def stop(self) -> None:
        """Before the window goes: the worker finishes what it runs, then the thread ends."""
        self._worker.latest = -1
        self._thread.quit()
        self._thread.wait()
