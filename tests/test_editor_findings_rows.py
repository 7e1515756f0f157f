"""The findings table after an edit rewrites only the rows that changed: what it shows must be what a
fresh table shows for the same findings, with the hidden severities still hidden and the selected
finding still selected when it is still there."""
from __future__ import annotations

import random

from PySide6.QtCore import Qt

from crashgrab.editor.crash_and_grab.window.findings_dock import FindingsPanel
from crashgrab.engine.findings import Finding

SEVERITIES = ("error", "warning", "info")


def finding(severity: str, code: str, cell: tuple[int, int]) -> Finding:
    return Finding(code, severity, f"{code} at [{cell[0]},{cell[1]}] ({severity})", (cell,))


def shown(panel: FindingsPanel) -> list[tuple]:
    """Every cell of the visible rows: its text, tool tip and whether it has an icon."""
    proxy = panel.proxy
    return [tuple((proxy.index(row, column).data(Qt.DisplayRole), proxy.index(row, column).data(Qt.ToolTipRole),
                   proxy.index(row, column).data(Qt.DecorationRole) is not None) for column in range(4))
            for row in range(proxy.rowCount())]


def make_panel(qtbot) -> FindingsPanel:
    panel = FindingsPanel()
    qtbot.addWidget(panel)
    return panel


def test_rows_rewritten_in_place_show_what_a_fresh_table_shows(qtbot):
    rng = random.Random(16)
    panel = make_panel(qtbot)
    for _ in range(200):
        findings = [finding(rng.choice(SEVERITIES), rng.choice("abcd"), (rng.randrange(3), rng.randrange(3)))
                    for _ in range(rng.randrange(12))]
        if rng.random() < 0.2:
            button = panel.buttons[rng.choice(SEVERITIES)]
            button.setChecked(not button.isChecked())
        panel.set_findings(findings, "summary")
        fresh = make_panel(qtbot)
        for severity, button in panel.buttons.items():
            fresh.buttons[severity].setChecked(button.isChecked())
        fresh.set_findings(findings, "summary")
        hidden = {s for s, button in panel.buttons.items() if not button.isChecked()}
        assert shown(panel) == shown(fresh)
        assert [row[1][0] for row in shown(panel)] == [f.code for f in findings if f.severity not in hidden]
        assert panel.findings() == tuple(findings)
        fresh.deleteLater()


def test_the_selected_finding_stays_selected_while_it_is_there_and_each_update_says_so_once(qtbot):
    panel = make_panel(qtbot)
    said = []
    panel.findingSelected.connect(said.append)
    first = [finding("warning", "a", (0, 0)), finding("info", "b", (1, 1)), finding("info", "c", (2, 2))]
    panel.set_findings(first, "three")
    assert panel.select_finding(first[2])
    said.clear()
    moved = [finding("error", "z", (5, 5)), finding("warning", "c", (2, 2))]  # "c" is now row 1, a warning
    panel.set_findings(moved, "two")
    assert said == [moved[1]] and panel.selected_finding() == moved[1]
    panel.set_findings([finding("info", "d", (3, 3))], "gone")
    assert said == [moved[1], None] and panel.selected_finding() is None


def test_the_same_findings_again_touch_no_row(qtbot):
    panel = make_panel(qtbot)
    findings = [finding("warning", "a", (0, 0)), finding("info", "b", (1, 1))]
    panel.set_findings(findings, "two")
    changes = []
    for signal in (panel.model.dataChanged, panel.model.rowsInserted, panel.model.rowsRemoved, panel.model.modelReset):
        signal.connect(lambda *args: changes.append(args))
    panel.set_findings(list(findings), "two")
    assert changes == []
