"""What the board scene shows over the tiles: the validation report's overlays (edge exposure, the
Accelerator graph, reachability), a finding's highlighted cells and route, and a cell's words and
tool tip.
"""
from __future__ import annotations


from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QGraphicsItem

from crashgrab.engine.crash_and_grab.validation import ValidationReport
from crashgrab.engine.grid.model import Cell

from .. import style
from ..board_painter import feature_words, tile_tab_rects
from .highlight import CellHighlight
from .overlays import AcceleratorOverlay, ExposureOverlay, ReachabilityOverlay
from .items import Z_ACCELERATORS, Z_EXPOSURE, Z_HIGHLIGHT, Z_REACH

class SceneOverlaysMixin:
    """Findings and overlays of `BoardScene`."""

    def set_report(self, report: ValidationReport | None) -> None:
        self.report = report
        self._rebuild_overlays()
        if self._highlight_spec:
            self.highlight_cells(*self._highlight_spec)

    def highlight_cells(self, cells, severity: str = "info", path=(), caption: str = "") -> QRectF:
        """Outline the cells of a finding (and a loop's path); returns their rectangle to scroll to."""
        routed = (self._highlight_spec[2] if self._highlight_spec else ()) != tuple(path)
        self._remove_highlight()
        self._highlight_spec = (tuple(cells), severity, tuple(path), caption)
        self._highlight = CellHighlight(self.board.width, self.board.height, self.cell, cells, severity,
                                        path, caption)
        self._highlight.setZValue(Z_HIGHLIGHT)
        self.addItem(self._highlight)
        if routed:  # the graph leaves out the arrows the route now draws (or draws them again)
            self._rebuild_overlays()
        return self._highlight.cells_rect()

    def clear_highlight(self) -> None:
        routed = bool(self._highlight_spec and self._highlight_spec[2])
        self._remove_highlight()
        if routed:
            self._rebuild_overlays()

    def _remove_highlight(self) -> None:
        if self._highlight is not None:
            self.removeItem(self._highlight)
        self._highlight, self._highlight_spec = None, None

    def highlighted_route(self) -> list:
        """The selected loop's steps, in order round it (empty for any other finding)."""
        return list(self._highlight.route_steps) if self._highlight else []

    def highlighted_cells(self) -> tuple[Cell, ...]:
        return self._highlight.cells if self._highlight else ()

    def set_overlays(self, *, exposure: bool | None = None, accelerator_distance: int | None | bool = False,
                     reachability: bool | None = None) -> None:
        """Turn overlays on or off; `accelerator_distance` None turns the graph off."""
        if exposure is not None:
            self.exposure_on = exposure
        if accelerator_distance is not False:
            self.accelerator_distance = accelerator_distance
        if reachability is not None:
            self.reachability_on = reachability
        self._rebuild_overlays()

    def set_reach_origin(self, cell: Cell | None) -> None:
        self.reach_origin = cell
        self._rebuild_overlays()

    def overlay_items(self) -> list[QGraphicsItem]:
        return list(self._overlay_items)

    def _rebuild_overlays(self) -> None:
        for item in self._overlay_items:
            self.removeItem(item)
        self._overlay_items = []
        report = self.report
        if report is None:
            return
        board = report.board
        size = (board.width, board.height, self.cell)
        tabs = tile_tab_rects(self.tile_tabs.picture, self.cell)  # overlay labels keep clear of them
        counts: list[QRectF] = []
        if self.exposure_on:
            exposure = ExposureOverlay(*size, report.metrics["exposure"]["cells"], tabs, board.features)
            counts = list(exposure.labels.values())
            self._add_overlay(exposure, Z_EXPOSURE)
        if self.reachability_on and self.reach_origin is not None and board.on_board(self.reach_origin):
            from crashgrab.engine.crash_and_grab.validation.overlays import reachable_in_one_move  # networkx, when asked

            reached = reachable_in_one_move(board, self.reach_origin)
            self._add_overlay(ReachabilityOverlay(*size, self.reach_origin, reached, tabs, board.features, counts),
                              Z_REACH)
        if self.accelerator_distance:
            from crashgrab.engine.crash_and_grab.validation.overlays import accelerator_links  # networkx, when asked

            links, groups = accelerator_links(board, self.accelerator_distance)
            route = self._highlight_spec[2] if self._highlight_spec else ()
            self._add_overlay(AcceleratorOverlay(*size, self.accelerator_distance, links, groups, route),
                              Z_ACCELERATORS)

    def _add_overlay(self, item: QGraphicsItem, z: int) -> None:
        item.setZValue(z)
        self.addItem(item)
        self._overlay_items.append(item)

    def cell_words(self, cell: Cell) -> str:
        """What lies on a cell, after its "[x,y]": the legend's words (an empty slot is no hole)."""
        x, y = cell
        if self.board.on_board(cell):
            tile = self.board.cell_tiles[cell]
            placement = self.layout.placement_of(tile)
            side = placement.side if placement else ""
            return f"{feature_words(self.board.feature_at(cell))} \u00b7 tile {tile}{side}"
        for slot in self.tile_tabs.picture.empty_slots:
            sx, sy, w, h = slot.area
            if sx <= x < sx + w and sy <= y < sy + h:
                return f"empty slot ({slot.name}) for {slot.hint}" if slot.hint else f"empty slot ({slot.name})"
        if 0 <= x < self.board.width and 0 <= y < self.board.height:
            return "hole: off the board"
        return "off the board"

    def cell_tooltip(self, cell: Cell) -> str:
        """A cell's feature, tile and findings, for hovering."""
        lines = [f"<b>[{cell[0]},{cell[1]}]</b> {self.cell_words(cell)}"]
        if self.reachability_on and self.reach_origin is not None and self.report is not None:
            from crashgrab.engine.crash_and_grab.validation.overlays import reachable_in_one_move

            distance = reachable_in_one_move(self.report.board, self.reach_origin).get(cell)
            if distance is not None:
                lines.append(f"reached from [{self.reach_origin[0]},{self.reach_origin[1]}] with a move of {distance}")
        if (crashing := self.crashing_moves_at(cell)) is not None:
            lines.append(f"{crashing} of 20 moves from here crash")
        for finding in self.findings_at(cell):
            colour = style.SEVERITY_COLOURS.get(finding.severity, style.SEVERITY_COLOURS["info"]).name()
            lines.append(f"<span style='color:{colour}'><b>{finding.severity}</b></span> "
                         f"{finding.code}: {finding.message}")
        return "<br>".join(lines)

    def crashing_moves_at(self, cell: Cell) -> int | None:
        """The heat map's count for a cell, while the heat map is on (a Crash Site's is not written
        on the board: its disc fills the cell)."""
        if not self.exposure_on or self.report is None:
            return None
        return next((entry["off_moves"] for entry in self.report.metrics["exposure"]["cells"]
                     if (entry["x"], entry["y"]) == cell), None)

    def findings_at(self, cell: Cell) -> list:
        if self.report is None:
            return []
        return [f for f in self.report.findings if cell in f.cells]

    def marker_side_at(self, pos: QPointF) -> str | None:
        for side, rect in self.marker_pill_rects().items():
            if rect.contains(pos):
                return side
        return None
