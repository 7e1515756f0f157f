"""Shared test setup: Qt runs headless, and a few paths and helpers every test uses."""
from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parents[1]
LAYOUTS = ROOT / "layouts"
SRC = ROOT / "src" / "crashgrab"  # the code: engine/, editor/ and __main__.py


# --- Qt guards ------------------------------------------------------------------------------------
# Autouse for every test that uses Qt, so a new Qt test module is guarded without importing anything:
# settings go to a temporary folder, a dialog the test did not patch fails the test instead of
# blocking it, and a test that leaves a top-level widget behind fails. A test uses Qt when it asks
# for the qtbot or qapp fixture, or its module imports PySide6 (directly, or through an editor
# module that does).

import sys  # noqa: E402
from types import ModuleType  # noqa: E402

import pytest  # noqa: E402
import shiboken6  # noqa: E402
from PySide6.QtCore import QEvent, QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox  # noqa: E402

QT_PACKAGES = ("PySide6", "shiboken6")
_MODULE_USES_QT: dict[str, bool] = {}


def _origin(value) -> str:
    name = value.__name__ if isinstance(value, ModuleType) else getattr(value, "__module__", None)
    return name if isinstance(name, str) else ""


def _imports_qt(module: ModuleType, follow_editor: bool = True) -> bool:
    """Whether the module's globals hold anything from Qt, or (one level down) from an editor
    module whose own globals do."""
    for value in list(vars(module).values()):
        origin = _origin(value)
        package = origin.split(".")[0]
        if package in QT_PACKAGES:
            return True
        if follow_editor and origin.startswith("crashgrab.editor.") and origin in sys.modules:
            if _imports_qt(sys.modules[origin], follow_editor=False):
                return True
    return False


def uses_qt(request) -> bool:
    if "qtbot" in request.fixturenames or "qapp" in request.fixturenames:
        return True
    module = request.module
    if module.__name__ not in _MODULE_USES_QT:
        _MODULE_USES_QT[module.__name__] = _imports_qt(module)
    return _MODULE_USES_QT[module.__name__]


def widget_key(widget) -> int:
    return shiboken6.getCppPointer(widget)[0]


def flush_deletes() -> None:
    for _ in range(3):
        QApplication.sendPostedEvents(None, QEvent.DeferredDelete)
        QApplication.processEvents()


def leaked_widgets(before: set[int]) -> list:
    """Top-level widgets that exist now but did not before."""
    flush_deletes()
    return [w for w in QApplication.topLevelWidgets() if widget_key(w) not in before]


def _unexpected(name):
    def fail(*args, **kwargs):
        raise AssertionError(f"unexpected {name} dialog: {args[1:3]}")
    return staticmethod(fail)


@pytest.fixture(autouse=True)
def qt_guards(request):
    if not uses_qt(request):
        yield
        return
    request.getfixturevalue("qapp")  # a QApplication before anything makes a widget
    tmp_path = request.getfixturevalue("tmp_path")
    monkeypatch = request.getfixturevalue("monkeypatch")
    _private_settings(tmp_path, monkeypatch)
    _no_unexpected_dialogs(monkeypatch)
    before = {widget_key(w) for w in QApplication.topLevelWidgets()}
    yield
    leaked = leaked_widgets(before)
    names = [f"{type(w).__name__}({w.objectName() or w.windowTitle()!r})" for w in leaked]
    for widget in leaked:  # clean up so that the next test is not blamed as well
        widget.close()
        widget.deleteLater()
    flush_deletes()
    assert not leaked, f"the test leaked top-level widgets: {', '.join(names)}"


def _private_settings(tmp_path, monkeypatch) -> None:
    """QSettings objects made without a file land in tmp_path/qsettings, never the user's."""
    folder = tmp_path / "qsettings"
    folder.mkdir()
    for fmt in (QSettings.NativeFormat, QSettings.IniFormat):
        QSettings.setPath(fmt, QSettings.UserScope, str(folder))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder))


def _no_unexpected_dialogs(monkeypatch) -> None:
    """A modal dialog would block an offscreen test forever; tests patch the ones they expect."""
    for name in ("warning", "critical", "question", "information", "about"):
        monkeypatch.setattr(QMessageBox, name, _unexpected(f"QMessageBox.{name}"))
    for name in ("getOpenFileName", "getSaveFileName"):
        monkeypatch.setattr(QFileDialog, name, _unexpected(f"QFileDialog.{name}"))
