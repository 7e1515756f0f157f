"""The Board menu of the RoboRally window (a mixin of window.CourseWindow): new boards for the
board set, the board being edited renamed, resized or taken out of the set, the board set saved
as a file of its own (which the course then names), and each board printed. Every change is an
undo command; saving and printing change nothing."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFormLayout, QSpinBox

from . import commands
from .modes import COURSE


class BoardSetMenu:
    course: Any
    document: Any
    mode: str

    def _board_menu(self) -> None:
        """Board: new boards for the board set, rename or take out the one being edited, and the
        board set saved as a file of its own (which the course then names)."""
        menu = self.menuBar().addMenu("&Board")
        menu.setObjectName("board_menu")
        for text, name, size in (("New Factory Board (12x12)", "new_factory_board", (12, 12)),
                                 ("New Start Strip (12x4)", "new_start_strip", (12, 4))):
            action = menu.addAction(text, lambda s=size: self.new_set_board(*s))
            action.setObjectName(name)
        menu.addSeparator()
        self.rename_board_action = menu.addAction("Rename This Board\u2026", self.rename_board_dialog)
        self.rename_board_action.setObjectName("rename_board")
        self.resize_board_action = menu.addAction("Resize This Board\u2026", self.resize_board_dialog)
        self.resize_board_action.setObjectName("resize_board")
        self.remove_set_board_action = menu.addAction("Take This Board out of the Set", self.remove_set_board)
        self.remove_set_board_action.setObjectName("remove_set_board")
        menu.addSeparator()
        save = menu.addAction("Save Board Set As\u2026", self.save_boardset_dialog)
        save.setObjectName("save_boardset")
        boards_pdf = menu.addAction("Print the Boards\u2026", self.print_boards_dialog)
        boards_pdf.setObjectName("print_boards")
        boards_pdf.setToolTip("Each board of the board set at 25 mm a square, on its own pages, as a PDF")

    def new_set_board(self, width: int, height: int) -> bool:
        if not self.edit(commands.add_board_to_set(self.document, width, height)):
            return False
        self.set_mode(self.course.boardset.boards[-1].id)
        return True

    def rename_board_dialog(self) -> bool:
        from PySide6.QtWidgets import QInputDialog

        if not self.mode:
            return False
        old = self.board_name(self.mode)
        name, ok = QInputDialog.getText(self, "Rename board", "Name:", text=old)
        return bool(ok) and self.edit(commands.rename_board(self.document, self.mode, old, name))

    def resize_board_dialog(self) -> bool:
        """Width and height, 1 to 16 squares each (what falls off the board goes, undoably)."""
        from PySide6.QtWidgets import QDialog, QDialogButtonBox

        board = self.course.boardset.board(self.mode) if self.mode else None
        if board is None:
            return False
        dialog = QDialog(self)
        dialog.setWindowTitle(f"Resize {board.name}")
        form = QFormLayout(dialog)
        boxes = []
        for label, value in (("Width", board.width), ("Height", board.height)):
            box = QSpinBox()
            box.setRange(1, 16)
            box.setValue(value)
            box.setSuffix(" squares")
            form.addRow(label, box)
            boxes.append(box)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(dialog.accept)
        buttons.rejected.connect(dialog.reject)
        form.addRow(buttons)
        if dialog.exec() != QDialog.Accepted:
            return False
        return self.resize_board(boxes[0].value(), boxes[1].value())

    def resize_board(self, width: int, height: int) -> bool:
        if not self.mode:
            return False
        done = self.edit(commands.resize_board(self.document, self.mode, self.board_name(self.mode), width, height))
        if done:
            self.view.fit()
        return done

    def remove_set_board(self) -> bool:
        if not self.mode:
            return False
        board_id = self.mode
        if not self.edit(commands.remove_board_from_set(self.document, board_id, self.board_name(board_id))):
            return False
        self.set_mode(COURSE)
        return True

    def save_boardset_dialog(self) -> bool:
        from ..save_prompt import ask_save_path

        folder = self.document.path.parent if self.document.path else Path.cwd()
        path = ask_save_path(self, "Save board set", str(folder / f"{self.course.boardset.id}.boardset.json"),
                             "Board sets (*.json);;All files (*)")
        return self.save_boardset_to(Path(path)) if path else False

    def print_boards_dialog(self) -> bool:
        from ..save_prompt import ask_save_path

        folder = self.document.path.parent if self.document.path else Path.cwd()
        path = ask_save_path(self, "Print the boards", str(folder / f"{self.course.boardset.id}-boards.pdf"),
                             "PDF (*.pdf)", suffix=".pdf")
        return self.print_boards_to(Path(path)) if path else False

    def print_boards_to(self, path: Path) -> bool:
        """Each board of the board set at true size on A4 (the studio's default print settings), as a PDF."""
        from PySide6.QtWidgets import QMessageBox

        from ..print_pages import PrintSettings
        from ..print_pdf import write_pdf
        from ..save_prompt import failure_message
        from .print_boards import board_sheets

        try:
            job = board_sheets(self.course, PrintSettings(cell_mm=25.0))
            write_pdf(job, path)
        except Exception as error:  # whatever it is, a dialog: nothing was printed
            QMessageBox.warning(self, "Not printed", failure_message(error, path))
            return False
        self.statusBar().showMessage(f"Printed {len(self.course.boardset.boards)} boards on {job.page_count} pages "
                                     f"to {path}", 6000)
        return True

    def save_boardset_to(self, path: Path) -> bool:
        """The board set written on its own (atomically); the course names that file from then on
        (an undoable edit), so it is saved beside the course, not inside it."""
        from crashgrab.engine.formats.safe_read import real_path
        from crashgrab.engine.roborally.boardset_io import save_boardset

        from ..save_prompt import failure_message

        try:
            save_boardset(self.course.boardset, path)
        except Exception as error:  # whatever it is, a dialog: the course is as it was
            from PySide6.QtWidgets import QMessageBox

            QMessageBox.warning(self, "Not saved", failure_message(error, path))
            return False
        self.edit(commands.name_boardset_file(self.document, real_path(path).as_posix(), path.name), quiet=True)
        self.statusBar().showMessage(f"Saved the board set to {path}; the course names that file now.", 6000)
        return True
