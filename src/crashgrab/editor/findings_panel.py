"""The findings panel every game's editor shows: validation's findings as a table, each row
with its severity's icon (a shape and a glyph, not only a colour), refreshed after every edit.

Selecting a finding emits `findingSelected`; the window highlights its cells on the board
and scrolls to them. Toggle buttons hide a severity. The Upgrades menu (shown only when the
window gives names) picks the cards validation assumes a piece holds (`upgradesChanged`); the
window re-validates. It is a view setting, like the severity buttons, so it is not an undoable
edit. A game whose layouts keep severity overrides gets the "Ignored" menu and a finding's
context menu (`severityRequested`); others pass `overridable=False`.
"""
from __future__ import annotations

from PySide6.QtCore import QModelIndex, QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QAction, QIcon, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (QAbstractItemView, QHBoxLayout, QHeaderView, QLabel, QMenu, QToolButton, QTreeView,
                               QVBoxLayout, QWidget)

from crashgrab.engine.findings import Finding

from . import style

COLUMNS = ("Severity", "Code", "Where", "Message")
SEVERITY_WORDS = {"error": "Errors", "warning": "Warnings", "info": "Notes"}
ROW_WORDS = {"error": "error", "warning": "warning", "info": "note"}  # a row's severity, as its button counts it


def cells_text(cells) -> str:
    if not cells:
        return "board"
    shown = " ".join(f"[{x},{y}]" for x, y in cells[:3])
    return shown + (f" +{len(cells) - 3}" if len(cells) > 3 else "")


def where_text(finding: Finding) -> str:
    """A finding's place: its cells (`cells_text`), or for one about sides of cells only, those
    sides ("[3,4] east +1")."""
    if finding.cells or not finding.edges:
        return cells_text(finding.cells)
    shown = " ".join(f"[{x},{y}] {side}" for (x, y), side in finding.edges[:2])
    return shown + (f" +{len(finding.edges) - 2}" if len(finding.edges) > 2 else "")


class FindingsModel(QStandardItemModel):
    """The findings as items Qt holds itself: painting the table then calls no Python (a Python
    `data()` is called some 250 times a repaint, a few milliseconds for a few rows).
    `set_findings` rewrites only the rows whose text changed and adds or drops rows at the end,
    so after an edit the view repaints those rows and keeps its header, scroll bar and selection."""

    def __init__(self, parent=None, icon_column: int = 0) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.icon_column = icon_column  # where the severity's icon goes (the Code column in a compact panel)
        self.setHorizontalHeaderLabels(COLUMNS)
        self.findings: tuple[Finding, ...] = ()
        self._rows: list[tuple[str, str, str, str]] = []  # display texts, worked out once
        self._icons = {severity: style.severity_icon(severity) for severity in style.SEVERITY_COLOURS}

    def set_findings(self, findings) -> None:
        findings = tuple(findings)
        rows = [(f.severity, f.code, where_text(f), f.message) for f in findings]
        self.findings = findings  # first: the severity filter reads it for every row that changes
        kept = min(len(rows), len(self._rows))
        for row in range(kept):
            if rows[row] != self._rows[row]:
                self._fill([self.item(row, column) for column in range(len(COLUMNS))], rows[row])
        if len(self._rows) > kept:
            self.removeRows(kept, len(self._rows) - kept)
        for texts in rows[kept:]:
            items = [QStandardItem() for _ in COLUMNS]
            for item in items:
                item.setFlags(Qt.ItemIsSelectable | Qt.ItemIsEnabled)
            self._fill(items, texts)
            self.appendRow(items)
        self._rows = rows

    def set_icon_column(self, column: int) -> None:
        if column == self.icon_column:
            return
        self.icon_column = column
        for row, texts in enumerate(self._rows):
            for index in range(len(COLUMNS)):
                self.item(row, index).setIcon(QIcon())
            self._fill([self.item(row, index) for index in range(len(COLUMNS))], texts)

    def _fill(self, items: list[QStandardItem], texts: tuple[str, str, str, str]) -> None:
        severity, code, _, message = texts
        word = ROW_WORDS.get(severity, severity)
        for item, text in zip(items, (word, *texts[1:])):
            item.setText(text)
            item.setToolTip(f"{word} {code}: {message}")
        items[self.icon_column].setIcon(self._icons.get(severity, QIcon()))


class SeverityFilter(QSortFilterProxyModel):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.hidden: set[str] = set()

    def set_hidden(self, severity: str, hidden: bool) -> None:
        if not hasattr(self, "beginFilterChange"):  # before Qt 6.9
            (self.hidden.add if hidden else self.hidden.discard)(severity)
            self.invalidateFilter()
            return
        self.beginFilterChange()
        (self.hidden.add if hidden else self.hidden.discard)(severity)
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, row: int, parent: QModelIndex) -> bool:
        finding = self.sourceModel().findings[row]
        return finding.severity not in self.hidden


class FindingsPanel(QWidget):
    findingSelected = Signal(object)  # Finding or None
    upgradesChanged = Signal(tuple)  # the upgrade card names now checked, in card order
    severityRequested = Signal(str, object)  # code, and "error"/"warning"/"info"/"off", or None: the default

    def __init__(self, parent=None, upgrade_names: tuple[str, ...] = (),
                 upgrades_tip: str = "Validate for a piece holding {cards}", overridable: bool = True,
                 compact: bool = False) -> None:
        """`compact`: for a narrow side panel, the severity shown by its icon beside the code (no
        Severity or Where column: the board outlines the cells) and the severity buttons by icon and count."""
        super().__init__(parent)
        self._updating = False
        self._upgrades_tip = upgrades_tip
        self.compact = compact
        self.model = FindingsModel(self, icon_column=1 if compact else 0)
        self.proxy = SeverityFilter(self)
        self.proxy.setSourceModel(self.model)
        self.table = QTreeView()
        self.table.setModel(self.proxy)
        self.table.setRootIsDecorated(False)
        self.table.setUniformRowHeights(True)
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SingleSelection)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.ElideRight)
        header = self.table.header()
        header.setStretchLastSection(True)
        # Fixed widths: sizing columns to their contents reads every row after every edit.
        header.setSectionResizeMode(QHeaderView.Interactive)
        for column, sample in enumerate(("warning", "m" * 19, "[10,10] [10,10] +12")):
            header.resizeSection(column, self.table.fontMetrics().horizontalAdvance(sample) + 36)
        self.table.selectionModel().selectionChanged.connect(self._emit_selection)
        if overridable:
            self.table.setContextMenuPolicy(Qt.CustomContextMenu)
            self.table.customContextMenuRequested.connect(self._context_menu)
        self.ignored_button = QToolButton()
        self.ignored_button.setPopupMode(QToolButton.InstantPopup)
        self.ignored_button.setAutoRaise(True)
        self.ignored_button.setToolTip("Finding codes this layout ignores or reports at another severity; "
                                       "choose one to go back to its default")
        self.ignored_button.setMenu(QMenu(self.ignored_button))
        self.set_overrides({})
        self.ignored_button.setVisible(overridable)
        self.summary = QLabel("Not validated yet")
        self.summary.setObjectName("findingsSummary")
        self.buttons: dict[str, QToolButton] = {}
        bar = QHBoxLayout()
        bar.setContentsMargins(6, 4, 6, 2)
        bar.addWidget(self.summary)
        bar.addStretch(1)
        self.menus_bar = QHBoxLayout()  # Ignored and Upgrades: a row of their own in a compact panel
        self.menus_bar.addWidget(self.ignored_button)
        self.menus_bar.addWidget(self._upgrades_button(upgrade_names))
        bar.addLayout(self.menus_bar)
        self._bar = bar
        for severity in ("error", "warning", "info"):
            button = QToolButton()
            button.setCheckable(True)
            button.setChecked(True)
            button.setIcon(style.severity_icon(severity))
            button.setToolButtonStyle(Qt.ToolButtonTextBesideIcon)
            button.setAutoRaise(True)
            button.setToolTip(f"Show or hide {SEVERITY_WORDS[severity].lower()}")
            button.toggled.connect(lambda shown, s=severity: self.proxy.set_hidden(s, not shown))
            self.buttons[severity] = button
            bar.addWidget(button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(bar)
        layout.addWidget(self.table)
        self.detail = QLabel()  # a compact panel's selected finding in full, where its columns cut it
        self.detail.setObjectName("findingDetail")
        self.detail.setWordWrap(True)
        self.detail.setContentsMargins(6, 4, 6, 4)
        self.findingSelected.connect(self._show_detail)
        layout.addWidget(self.detail)
        self.compact = not compact
        self.set_compact(compact)
        self.set_findings((), "Not validated yet")

    def set_compact(self, compact: bool) -> None:
        """Narrow (a side column) or wide (across the bottom); a window switches it as it
        rearranges its panels. Compact: no Severity or Where column, the severity buttons by icon
        and count, Ignored and Upgrades on a second row, the selected finding in full below."""
        if compact == self.compact:
            return
        self.compact = compact
        self.table.setColumnHidden(0, compact)
        self.table.setColumnHidden(2, compact)
        sample = "m" * (12 if compact else 19)
        self.table.header().resizeSection(1, self.table.fontMetrics().horizontalAdvance(sample) + 36)
        self.model.set_icon_column(1 if compact else 0)
        self.summary.setWordWrap(compact)
        for holder in (self._bar, self.layout()):
            holder.removeItem(self.menus_bar)
        self.menus_bar.setParent(None)
        if compact:
            self.menus_bar.setContentsMargins(6, 0, 6, 2)
            self.layout().insertLayout(1, self.menus_bar)
        else:  # in the one row, as wide as before it had a row of its own
            self.menus_bar.setContentsMargins(0, 0, 0, 0)
            self._bar.insertLayout(2, self.menus_bar)
        self.detail.setVisible(compact)
        self._show_counts()

    def _upgrades_button(self, names: tuple[str, ...]) -> QToolButton:
        self.upgrades_menu = QMenu("Upgrades", self)
        self.upgrade_actions: dict[str, QAction] = {}
        for name in names:
            action = self.upgrades_menu.addAction(name)
            action.setCheckable(True)
            action.toggled.connect(self._upgrades_toggled)
            self.upgrade_actions[name] = action
        self.upgrades_button = QToolButton()
        self.upgrades_button.setObjectName("upgradesButton")
        self.upgrades_button.setMenu(self.upgrades_menu)
        self.upgrades_button.setPopupMode(QToolButton.InstantPopup)
        self.upgrades_button.setAutoRaise(True)
        self.upgrades_button.setVisible(bool(names))
        self._show_upgrades()
        return self.upgrades_button

    def upgrades(self) -> tuple[str, ...]:
        return tuple(name for name, action in self.upgrade_actions.items() if action.isChecked())

    def set_upgrades(self, names) -> None:
        """Check exactly these cards (emits `upgradesChanged` once if that changes anything)."""
        if set(names) == set(self.upgrades()):
            return
        for name, action in self.upgrade_actions.items():
            action.blockSignals(True)
            action.setChecked(name in names)
            action.blockSignals(False)
        self._upgrades_toggled()

    def _upgrades_toggled(self, *args) -> None:
        self._show_upgrades()
        self.upgradesChanged.emit(self.upgrades())

    def _show_upgrades(self) -> None:
        chosen = self.upgrades()
        text = "none" if not chosen else chosen[0] if len(chosen) == 1 else f"{len(chosen)} cards"
        self.upgrades_button.setText(f"Upgrades: {text}")
        self.upgrades_button.setToolTip(
            self._upgrades_tip.format(cards=", ".join(chosen) if chosen else "these upgrade cards"))

    def set_findings(self, findings, summary: str) -> None:
        selected = self.selected_finding()
        self._updating = True  # one findingSelected at the end, not one per row the update touches
        try:
            self.model.set_findings(findings)
            if selected is None or not self.select_finding(selected):
                self.table.selectionModel().clear()
        finally:
            self._updating = False
        counts = self._show_counts()
        worst = next((s for s in ("error", "warning") if counts[s]), None)
        colour = style.SEVERITY_COLOURS[worst].name() if worst else "#1a7f37"
        self.summary.setText(f"<b style='color:{colour}'>{summary}</b>")
        self.findingSelected.emit(self.selected_finding())

    def _show_counts(self) -> dict[str, int]:
        counts = {s: 0 for s in SEVERITY_WORDS}
        for finding in self.model.findings:
            counts[finding.severity] = counts.get(finding.severity, 0) + 1
        for severity, button in self.buttons.items():
            button.setText(str(counts[severity]) if self.compact else f"{SEVERITY_WORDS[severity]} {counts[severity]}")
            button.setAccessibleName(f"{SEVERITY_WORDS[severity]} {counts[severity]}")
        return counts

    def set_overrides(self, overrides) -> None:
        """The layout's severity overrides, listed in the "Ignored" menu (shown on demand)."""
        menu = self.ignored_button.menu()
        menu.clear()
        ignored = sorted(code for code, level in overrides.items() if level == "off")
        changed = sorted(code for code, level in overrides.items() if level != "off")
        for code in ignored + changed:
            words = "ignored" if overrides[code] == "off" else f"as {overrides[code]}"
            action = menu.addAction(f"{code} ({words}): back to default")
            action.triggered.connect(lambda _=False, c=code: self.severityRequested.emit(c, None))
        self.ignored_button.setText(f"Ignored {len(ignored)}" + (f", changed {len(changed)}" if changed else ""))
        self.ignored_button.setEnabled(bool(overrides))

    def _context_menu(self, point) -> None:
        # The Menu key asks at the viewport's middle: the finding is the current row, as for a
        # right-click (which makes the clicked row current first).
        index = self.table.currentIndex() if self.table.currentIndex().isValid() else self.table.indexAt(point)
        finding = self._finding_at(index) if index.isValid() else None
        if finding is None:
            return
        self.severity_menu(finding).exec(self.table.viewport().mapToGlobal(point))

    def severity_menu(self, finding: Finding) -> QMenu:
        """What can be done about a finding's code on this layout (all undoable edits)."""
        menu = QMenu(self)
        code = finding.code
        menu.addAction(f"Ignore {code} on This Layout",
                       lambda: self.severityRequested.emit(code, "off"))
        for level in ("error", "warning", "info"):
            if level != finding.severity:
                menu.addAction(f"Report {code} as {SEVERITY_WORDS[level][:-1].lower()}",
                               lambda lv=level: self.severityRequested.emit(code, lv))
        return menu

    def select_next(self, step: int = 1) -> Finding | None:
        """Select the next (step 1) or previous (-1) visible finding, wrapping round."""
        rows = self.proxy.rowCount()
        if rows == 0:
            return None
        current = self.table.selectionModel().selectedRows()
        row = (current[0].row() + step) % rows if current else (0 if step > 0 else rows - 1)
        self.table.setCurrentIndex(self.proxy.index(row, 0))
        self.table.scrollTo(self.proxy.index(row, 0))
        return self.selected_finding()

    def findings(self) -> tuple[Finding, ...]:
        return self.model.findings

    def selected_finding(self) -> Finding | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        return self._finding_at(rows[0])

    def _finding_at(self, index: QModelIndex) -> Finding:
        return self.model.findings[self.proxy.mapToSource(index).row()]

    def select_finding(self, finding: Finding) -> bool:
        """Select the finding with the same code and cells, if it is still there."""
        for row, candidate in enumerate(self.model.findings):
            if candidate.code == finding.code and candidate.cells == finding.cells:
                index = self.proxy.mapFromSource(self.model.index(row, 0))
                if index.isValid():
                    self.table.setCurrentIndex(index)
                    return True
        return False

    def _show_detail(self, finding: Finding | None) -> None:
        if finding is None:
            self.detail.setText("Click a finding to outline its cells on the board.")
            return
        where = f" at {where_text(finding)}" if finding.cells or finding.edges else ""
        self.detail.setText(f"<b>{finding.severity} {finding.code}</b>{where}: {finding.message}")

    def _emit_selection(self, *args) -> None:
        if self._updating:
            return
        self.findingSelected.emit(self.selected_finding())
