"""The Qt guards in tests/conftest.py apply to every test that uses Qt, with no import: proven by
running a small suite with that conftest in a fresh pytest, each of its tests breaking one rule."""
from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from tests.conftest import ROOT, leaked_widgets, widget_key

PROBES = {
    "test_imports_pyside6.py": '''
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox, QWidget

kept = []


def test_leaks_a_window():  # no Qt fixture: importing PySide6 is enough
    kept.append(QWidget())


def test_opens_an_unpatched_dialog():
    QMessageBox.warning(None, "Careful", "this would block")


def test_settings_are_private(tmp_path):
    assert QSettings("probe-org", "probe").fileName().startswith(str(tmp_path / "qsettings"))
''',
    "test_asks_for_qtbot.py": '''
kept = []


def test_leaks_a_window(qtbot):
    from PySide6.QtWidgets import QWidget
    kept.append(QWidget())
''',
    "test_imports_the_editor.py": '''
from crashgrab.editor.crash_and_grab.document import blank_layout

kept = []


def test_leaks_a_window():
    from PySide6.QtWidgets import QWidget
    kept.append(QWidget())
''',
    "test_no_qt.py": '''
def test_nothing_is_set_up(tmp_path):
    assert list(tmp_path.iterdir()) == []
''',
}


def outcomes(report: Path) -> dict[str, str]:
    """test id -> "passed", or the message of its failure or teardown error."""
    found = {}
    for case in ET.parse(report).iter("testcase"):
        name = f"{case.get('classname').rsplit('.', 1)[-1]}::{case.get('name')}"
        problems = [p.get("message", "") for p in case if p.tag in ("failure", "error")]
        found.setdefault(name, [])
        found[name] += problems
    return {name: " | ".join(problems) or "passed" for name, problems in found.items()}


def test_the_guards_catch_leaks_dialogs_and_settings_in_any_qt_test(tmp_path):
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "conftest.py").write_text((ROOT / "tests" / "conftest.py").read_text(encoding="utf-8"), encoding="utf-8")
    for name, text in PROBES.items():
        (suite / name).write_text(text, encoding="utf-8")
    report = tmp_path / "report.xml"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-o", "qt_api=pyside6",
                             f"--junitxml={report}", str(suite)],
                            cwd=suite, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 1, result.stdout + result.stderr  # some tests failed, none crashed
    found = outcomes(report)
    leak = "the test leaked top-level widgets: QWidget('')"
    assert set(found) == {"test_imports_pyside6::test_leaks_a_window",
                          "test_imports_pyside6::test_opens_an_unpatched_dialog",
                          "test_imports_pyside6::test_settings_are_private",
                          "test_asks_for_qtbot::test_leaks_a_window",
                          "test_imports_the_editor::test_leaks_a_window",
                          "test_no_qt::test_nothing_is_set_up"}
    assert leak in found["test_imports_pyside6::test_leaks_a_window"]
    assert "unexpected QMessageBox.warning dialog" in found["test_imports_pyside6::test_opens_an_unpatched_dialog"]
    assert found["test_imports_pyside6::test_settings_are_private"] == "passed"
    assert leak in found["test_asks_for_qtbot::test_leaks_a_window"]
    assert leak in found["test_imports_the_editor::test_leaks_a_window"]
    assert found["test_no_qt::test_nothing_is_set_up"] == "passed"  # no Qt: no settings folder


def test_leaked_widgets_lists_a_stray_window_until_it_is_deleted(qapp):
    from PySide6.QtWidgets import QApplication, QWidget

    before = {widget_key(w) for w in QApplication.topLevelWidgets()}
    stray = QWidget()
    try:
        assert leaked_widgets(before) == [stray]
    finally:
        stray.deleteLater()
    assert leaked_widgets(before) == []
