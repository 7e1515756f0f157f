"""Print and Play of each factory board of a course's board set (Board > Print the Boards, and
`crashgrab print`'s default for a course or a board set file: the game's `PrintSheets`): every
board on its own poster pages at true size (a square 25 mm, docs/roborally.md), one board after
another, so a designer prints the boards to cut out and lay down in any course, as the game's
printed boards are. The course itself prints as the studio's board poster (`--poster`, File >
Print and Play, `GameEditor.paint_board`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.roborally.editing import single_board_course

from ..print_pdf import PosterJob, PrintJob, poster_job
from .painter import paint_course_layout


@dataclass(frozen=True)
class BoardPages:
    """The boards' poster plans one after another, as one plan (`pages`, `page_size`, `boxes`)."""

    jobs: tuple[PosterJob, ...]

    @property
    def pages(self) -> list[tuple[PosterJob, int]]:
        return [(job, index) for job in self.jobs for index in range(job.page_count)]

    @property
    def page_size(self) -> tuple[float, float]:
        return self.jobs[0].page_size

    def boxes(self, index: int):
        job, page = self.pages[index]
        return job.boxes(page)


class BoardSheetsJob(PrintJob):
    kind = "board sheets"

    def __init__(self, title: str, plan: BoardPages, settings) -> None:
        self.title, self.plan, self.settings = title, plan, settings

    def paint_page(self, painter, index: int) -> None:
        job, page = self.plan.pages[index]
        job.paint_page(painter, page)


def board_sheets(course: Any, settings, title: str = "") -> BoardSheetsJob:
    """`PrintSheets.job`: each board of the course's board set, in the board set's order."""
    from crashgrab.engine.games import get_system

    system = get_system("roborally")
    boards = course.boardset.boards
    if not boards:
        raise InvalidFileError("the board set has no board, so there is nothing to print.",
                               hint="Add a board to the board set first.")
    jobs = []
    for board in boards:
        alone = single_board_course(course.boardset, board.id, course.boardset_ref)
        jobs.append(poster_job(system, alone, settings, title=f"{board.name} ({board.width}x{board.height})",
                               paint_board=lambda painter, cell, c=alone: paint_course_layout(painter, c, cell)))
    return BoardSheetsJob(title or f"The boards of {course.boardset.name}", BoardPages(tuple(jobs)), settings)
