"""The Problems panel: every fault the engine finds in the tile set, each naming the tile,
side and cell; choosing one shows its tile. Empty, it says the set can be saved."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QListWidget, QListWidgetItem

from crashgrab.engine.crash_and_grab.tiles import TileFault

from .. import style


class ProblemList(QListWidget):
    tileChosen = Signal(str)  # the tile of the problem clicked

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.itemActivated.connect(self._chosen)
        self.itemClicked.connect(self._chosen)

    def set_faults(self, faults: list[TileFault]) -> None:
        self.clear()
        if not faults:
            item = QListWidgetItem("No problems: the tile set can be saved.")
            item.setForeground(style.DROP_OK)
            item.setFlags(Qt.NoItemFlags)
            self.addItem(item)
            return
        icon = style.severity_icon("error")
        for fault in faults:
            item = QListWidgetItem(icon, f"{fault.message}\n({fault.place()})")
            item.setData(Qt.UserRole, fault.tile)
            item.setToolTip(f"{fault.where}: click to show tile {fault.tile}")
            self.addItem(item)

    def _chosen(self, item: QListWidgetItem) -> None:
        tile_id = item.data(Qt.UserRole)
        if tile_id:
            self.tileChosen.emit(tile_id)


def summary_html(faults: list[TileFault]) -> str:
    """The status bar's one line: green when the set can be saved, red when it cannot."""
    if not faults:
        return f"<b style='color:{style.DROP_OK.name()}'>No problems</b>"
    count = len(faults)
    return (f"<b style='color:{style.SEVERITY_COLOURS['error'].name()}'>"
            f"{count} problem{'s' if count > 1 else ''}: saving is blocked</b>")
