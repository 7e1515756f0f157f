"""What the main window shows over the board: the overlays (edge exposure, the Accelerator graph at a
chosen distance, reachability from a clicked cell), the selected finding's cells and the legend,
with the designer's choices kept in the settings.
"""
from __future__ import annotations

from crashgrab.engine.findings import Finding


class BoardOverlaysMixin:
    """The View menu's overlays and the findings' highlight for `MainWindow`."""

    def _finding_selected(self, finding: Finding | None) -> None:
        """Show a finding's cells; a loop's whole route, numbered. The graph turns to the finding's
        distance while it is selected, a view only: the distance chosen in the menu, and saved in
        the settings, comes back with the next selection."""
        shown, self._finding_distance = self._finding_distance, None
        if finding is None or not finding.cells:
            self.scene.clear_highlight()
            if shown is not None:
                self._show_overlays()
            return
        details = finding.details or {}
        distance, route, caption = details.get("distance"), details.get("cycle", ()), ""
        if isinstance(distance, int) and f"distance_{distance}" in self.actions:
            self._finding_distance = distance
        report = self.scene.report
        if finding.code == "accelerator-loop" and self._finding_distance and report is not None:
            try:
                from crashgrab.engine.crash_and_grab.validation.overlays import accelerator_links, loop_route

                route = loop_route(accelerator_links(report.board, distance)[0], finding.cells)
            except ValueError:  # a report of another board (replaced meanwhile): its own example
                pass
            caption = (f"Loop at distance {distance}: steps 1 to {len(route)} go round its "
                       f"{len(finding.cells)} Accelerators")
        rect = self.scene.highlight_cells(finding.cells, finding.severity, route, caption)
        if self._finding_distance != shown:  # walking the findings redraws the overlays only when needed
            self._show_overlays()
        self.view.show_rect(rect)

    def _overlays_changed(self) -> None:
        self._show_overlays()
        self._save_overlay_settings()
        if self.actions["overlay_reach"].isChecked() and self.scene.reach_origin is None:
            self.statusBar().showMessage("Click a cell to see where one move from it can go.", 8000)

    def _chosen_distance(self) -> int:
        """The Accelerator graph's distance as the designer chose it (View › Accelerator Distance)."""
        return next((d for d in range(1, 6) if self.actions[f"distance_{d}"].isChecked()), 3)

    def _distance_chosen(self) -> None:
        self._finding_distance = None  # the designer's choice wins over a selected finding's
        self._overlays_changed()

    def _show_overlays(self) -> None:
        distance = self._finding_distance or self._chosen_distance()
        self.distance_box.setCurrentIndex(distance - 1)
        self.distance_box.setEnabled(self.actions["overlay_accelerators"].isChecked())  # it sets the graph only
        self.scene.set_overlays(
            exposure=self.actions["overlay_exposure"].isChecked(),
            accelerator_distance=distance if self.actions["overlay_accelerators"].isChecked() else None,
            reachability=self.actions["overlay_reach"].isChecked())

    def _legend_toggled(self) -> None:
        shown = self.actions["legend"].isChecked()
        self.legend_dock.setVisible(shown)
        self.settings.setValue("view/legend", shown)

    def _save_overlay_settings(self) -> None:
        self.settings.setValue("overlays/exposure", self.actions["overlay_exposure"].isChecked())
        self.settings.setValue("overlays/reachability", self.actions["overlay_reach"].isChecked())
        graph_on = self.actions["overlay_accelerators"].isChecked()
        self.settings.setValue("overlays/acceleratorDistance", self._chosen_distance() if graph_on else 0)
