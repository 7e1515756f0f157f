"""Help › Editor Guide and Help › Keyboard Shortcuts for any game's window: a page of the user
guide rendered from its Markdown (links between the guide's pages work), and every action with
its keys, in one window. A window names its guide page and the keys its widgets take besides
its menu actions (`WidgetKey` rows: where, keys, what they do)."""
from __future__ import annotations

import html
from pathlib import Path
from typing import Iterable, Mapping

from PySide6.QtCore import QByteArray, Qt, QUrl
from PySide6.QtGui import QAction, QImage, QKeySequence, QTextDocument
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

WidgetKey = tuple[str, str, str]  # where (a panel), the keys, what they do there


def shortcuts_html(actions: Iterable[QAction] | Mapping[str, QAction], widget_keys: Iterable[WidgetKey] = ()) -> str:
    """Every action that has keys, by name, then the keys of the panels' widgets."""
    rows = []
    for action in (actions.values() if isinstance(actions, Mapping) else actions):
        keys = ", ".join(s.toString(QKeySequence.NativeText) for s in action.shortcuts())
        if keys:
            rows.append((action.text().replace("&", "").rstrip("\u2026"), keys, action.statusTip()))
    table = "".join(f"<tr><td>{html.escape(t)}</td><td><b>{html.escape(k)}</b></td><td>{html.escape(w)}</td></tr>"
                    for t, k, w in sorted(rows, key=lambda r: r[0].lower()))
    widget = "".join(f"<tr><td>{html.escape(p)}</td><td><b>{html.escape(k)}</b></td><td>{html.escape(w)}</td></tr>"
                     for p, k, w in widget_keys)
    return ("<h2>Keyboard shortcuts</h2><p>Everything the editor does can be done from the keyboard.</p>"
            "<h3>Menu actions</h3><table cellpadding='4'><tr><th align='left'>Action</th>"
            f"<th align='left'>Keys</th><th align='left'>What it does</th></tr>{table}</table>"
            + ("<h3>In the panels</h3><table cellpadding='4'><tr><th align='left'>Where</th>"
               f"<th align='left'>Keys</th><th align='left'>What it does</th></tr>{widget}</table>" if widget else ""))


class GuideBrowser(QTextBrowser):
    """The guide's pages, their pictures scaled down to the window's width (a 1400-pixel screenshot
    in an 820-pixel window showed a corner of it)."""

    def picture_width(self) -> int:
        return max(240, self.viewport().width() - 24)

    def loadResource(self, kind, url):  # noqa: N802 (Qt's name)
        data = super().loadResource(kind, url)
        if kind != QTextDocument.ImageResource:
            return data
        image = data if isinstance(data, QImage) else \
            QImage.fromData(data) if isinstance(data, (bytes, bytearray, QByteArray)) else None
        if image is None or image.isNull():
            return data
        limit = self.picture_width()
        return image.scaledToWidth(limit, Qt.SmoothTransformation) if image.width() > limit else image


class HelpWindow(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Help")
        self.resize(820, 640)
        self.browser = GuideBrowser()
        self.browser.setOpenExternalLinks(True)
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)

    def show_page(self, path: Path) -> None:
        """A Markdown page, rendered; its relative links open the other pages."""
        self.browser.setSource(QUrl.fromLocalFile(str(path)), QTextDocument.MarkdownResource)
        self.show()
        self.raise_()

    def show_shortcuts(self, actions: Iterable[QAction] | Mapping[str, QAction],
                       widget_keys: Iterable[WidgetKey] = ()) -> None:
        self.browser.setHtml(shortcuts_html(actions, widget_keys))
        self.show()
        self.raise_()
