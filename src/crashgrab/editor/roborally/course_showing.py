"""What the RoboRally window shows of its model: the refresh after every change (mode box,
course or board, findings, metrics, title), the redraw with overlays, a finding's squares, the
selection and the drop preview's verdict, and the words for a cell or the selection. A mixin of
CourseWindow (window.py)."""
from __future__ import annotations

from PySide6.QtCore import QRectF

from crashgrab.engine.findings import Finding
from crashgrab.engine.roborally.resolved import resolve_course
from crashgrab.engine.roborally.terms import DIRECTIONS, cell_text, edge_text
from crashgrab.engine.version import PRODUCT_NAME

from . import edits, marks
from .painter import Overlays
from .view import CELL
from .modes import COURSE



class CourseShowing:
    # --- showing -------------------------------------------------------------------------------
    def refresh(self) -> None:
        """After every change of the document: the mode box, the board, findings, settings, title."""
        course = self.course
        if self.mode and course.boardset.board(self.mode) is None:  # an undo took the board away
            self.mode = COURSE
        if getattr(self, "_tools_scope", None) != ("board" if self.mode else "course"):  # New, Open, an undo
            self._show_tools()
        if self.selected is not None and self._selection_rect(self.selected) is None:
            self.selected = None
        self._fill_mode_box()
        self.rename_board_action.setEnabled(bool(self.mode))
        self.resize_board_action.setEnabled(bool(self.mode))
        self.remove_set_board_action.setEnabled(bool(self.mode))
        report = self.playtest.live_checks.validate(course)  # the route checks follow from a worker
        self.findings.set_findings(report.findings, report.summary())
        self._show_metrics(report.metrics)
        self._show_selection()
        self.redraw()
        name = self.document.path.name if self.document.path else course.name or "Untitled"
        self.setWindowTitle(f"{'*' if self.document.dirty else ''}{name} ({self.system.title}) \u2014 {PRODUCT_NAME}")

    def _fill_mode_box(self) -> None:
        wanted = [("Course", COURSE)] + [(f"Board: {b.name}", b.id) for b in self.course.boardset.boards]
        have = [(self.mode_box.itemText(i), self.mode_box.itemData(i)) for i in range(self.mode_box.count())]
        if wanted != have:
            self.mode_box.clear()
            for text, data in wanted:
                self.mode_box.addItem(text, data)
            placed = self.board_box.currentData()
            self.board_box.clear()
            for board in self.course.boardset.boards:
                self.board_box.addItem(f"{board.name} ({board.width}x{board.height})", board.id)
            if placed is not None and self.board_box.findData(placed) >= 0:
                self.board_box.setCurrentIndex(self.board_box.findData(placed))
        self.mode_box.setCurrentIndex(max(0, self.mode_box.findData(self.mode)))

    def _show_metrics(self, metrics: dict) -> None:
        players = self.course.player_count
        life = metrics["life_points"]
        counts = (f"{metrics['boards']} board{'s' if metrics['boards'] != 1 else ''} "
                  f"({metrics['factory_boards']} factory), {metrics['cells']} squares, "
                  f"{metrics['checkpoints']} checkpoint{'s' if metrics['checkpoints'] != 1 else ''}, "
                  f"{len(self.course.starts)} start{'s' if len(self.course.starts) != 1 else ''}.")
        here = f"<b>Life points: {life[str(players)]}</b> for {players} robots" if str(players) in life else \
            "<b>Life points:</b> set 2 to 8 robots"
        table = " \u00b7 ".join(f"{n}: {life[str(n)]}" for n in range(2, 9))
        self.metrics_label.setText(f"{counts}<br>{here}<br><small>By robots racing: {table}</small>")
        self._updating_settings = True
        self.players_box.setValue(self.course.players if self.course.players is not None else 1)
        self._updating_settings = False

    def redraw(self) -> None:
        shown = self.shown_course()
        self.resolved = resolve_course(shown)
        selection = self._selection_rect(self.selected) if self.selected is not None else None
        ghost = self._ghost()
        verdict, refused = self._verdict() if ghost is not None else (None, False)
        self.view.show_course(self.resolved, self.overlays, () if self.mode else self.focus_cells, selection,
                              self.cursor if self.view.hasFocus() else None, ghost, verdict, refused,
                              self.hover_side)
        self.playtest.decorate()  # robots, beams and the route over the course

    def _overlays_toggled(self, _on: bool = False) -> None:
        self.overlays = Overlays(beams=self.beams_action.isChecked(), flow=self.flow_action.isChecked())
        self.redraw()

    def show_finding(self, finding: Finding | None) -> None:
        """A finding selected: its squares outlined (the course shown, if a board was being edited)."""
        self.focus_cells = tuple(tuple(c) for c in finding.cells) if finding is not None else ()
        if finding is not None and self.mode:
            self.set_mode(COURSE)
        self.redraw()
        if self.focus_cells:
            x, y = self.focus_cells[0]
            self.view.ensureVisible(QRectF(x * CELL, y * CELL, CELL, CELL), 40, 40)

    def _selection_rect(self, selected: tuple) -> QRectF | None:
        kind, key = selected
        course = self.course
        if kind == "board" and not self.mode and 0 <= key < len(course.boards):
            placed = next((p for p in resolve_course(course).placed if p.index == key), None)
            if placed is None:
                return None
            return QRectF(placed.placement.x * CELL, placed.placement.y * CELL, placed.board.width * CELL,
                          placed.board.height * CELL)
        if kind == "edge":
            board = self.course.boardset.board(self.mode) if self.mode else None
            if board is None or key not in board.all_edge_elements():
                return None
            (x, y), side = key.mount
            a, b = marks.side_line(QRectF(x * CELL, y * CELL, CELL, CELL), side)
            return QRectF(a, b).normalized().adjusted(-5, -5, 5, 5)
        cell = self._selected_cell(selected)
        return QRectF(cell[0] * CELL, cell[1] * CELL, CELL, CELL).adjusted(2, 2, -2, -2) if cell is not None else None

    def _selected_cell(self, selected: tuple):
        kind, key = selected
        course = self.course
        if self.mode:
            return key if kind == "cell" else None
        if kind == "checkpoint" and 1 <= key <= len(course.checkpoints):
            return course.checkpoints[key - 1]
        if kind == "start":
            return next((s.at for s in course.starts if s.number == key), None)
        if kind == "piece" and 0 <= key < len(course.pieces):
            return course.pieces[key].at
        return None

    def _ghost(self) -> QRectF | None:
        """Where a dragged thing would land."""
        if self.drag is None or self.hover_cell is None or self.drag[0] is None:
            return None
        (kind, key), origin = self.drag
        if self.hover_cell == origin:
            return None
        if kind == "board":
            placement = self.course.boards[key]
            placed = next(p for p in self.resolved.placed if p.index == key)
            x = placement.x + self.hover_cell[0] - origin[0]
            y = placement.y + self.hover_cell[1] - origin[1]
            return QRectF(x * CELL, y * CELL, placed.board.width * CELL, placed.board.height * CELL)
        x, y = self.hover_cell
        return QRectF(x * CELL, y * CELL, CELL, CELL)

    def _verdict(self) -> tuple[str, bool]:
        """What the drop would do, in words beside the ghost: ✓ and where, or ✕ and why not (the
        edit's own refusal, a board's overlap, a square off every board)."""
        assert self.drag is not None and self.hover_cell is not None
        thing, origin = self.drag
        cell = self.hover_cell
        try:
            moved = self.moved_course(thing, cell, origin)
        except edits.RoboRallyEditRefused as refusal:
            return f"\u2715 {refusal.message.rstrip('.')}", True
        kind, key = thing
        resolved = resolve_course(moved)
        if kind == "board":
            shared = [i for i in resolved.overlaps.values() if key in i]
            if shared:
                others = sorted({self.board_name(self.course.boards[i].board) for s in shared for i in s if i != key})
                return f"\u2715 overlaps {', '.join(others)} on {len(shared)} squares", True
            placement = moved.boards[key]
            return f"\u2713 to {cell_text((placement.x, placement.y))}", False
        if not resolved.on_course(cell):
            return f"\u2715 {cell_text(cell)} is off every board", True
        return f"\u2713 to {cell_text(cell)}", False

    def _show_selection(self) -> None:
        self.selection_label.setText(f"<b>Selected:</b> {self.describe_selection()}" if self.selected else
                                     "Nothing selected: the settings are for what you place next.")

    def describe_selection(self) -> str:
        kind, key = self.selected or (None, None)
        course = self.course
        if kind == "board":
            placement = course.boards[key]
            return (f"the {placement.board} board at {cell_text((placement.x, placement.y))}, turned "
                    f"{placement.rotation}\u00b0 (R turns it)")
        if kind == "checkpoint":
            return f"checkpoint {key} at {cell_text(course.checkpoints[key - 1])}"
        if kind == "start":
            start = next(s for s in course.starts if s.number == key)
            return f"start {key} at {cell_text(start.at)} facing {start.facing} (R turns it)"
        if kind == "piece":
            item = course.pieces[key]
            where = edge_text(item.at, item.side) if item.type == "door" and item.side else cell_text(item.at)
            return f"the {item.type} piece on {where}"
        if kind == "cell":
            return self.describe_cell(key)
        if kind == "edge":
            if key.type == "laser":
                setting = f"{key.beams} beam{'s' if key.beams != 1 else ''}"
            else:
                setting = f"steps {''.join(map(str, key.steps or ())) or '1-5'}"
            return f"the {key.type} on {edge_text(*key.mount)} ({setting}; Settings changes it)"
        return ""

    def describe_cell(self, cell) -> str:
        """A square in a designer's words: where, which board, what is on it and on its sides."""
        resolved = self.resolved
        if not resolved.on_course(cell):
            return f"{cell_text(cell)}: off the course"
        element = resolved.elements.get(cell)
        what = "floor" if element is None else element.type
        if element is not None:
            details = [v for v in (element.facing, "express" if element.express else None, element.turn,
                                   f"{element.wrenches} wrench(es)" if element.wrenches else None, element.colour,
                                   f"steps {''.join(map(str, element.steps))}" if element.steps else None) if v]
            what += f" ({', '.join(details)})" if details else ""
        sides = []
        for side in DIRECTIONS:
            for edge in resolved.edge_elements(cell, side):
                if edge.type == "wall" or edge.mount == (cell, side):
                    sides.append(f"{edge.type} {side}")
        board = resolved.board_of[cell]
        name = self.course.boardset.board(board).name if self.course.boardset.board(board) else board
        return f"{cell_text(cell)} {name}: {what}" + (f"; {', '.join(sides)}" if sides else "")

