"""House rule: nothing under engine/ imports Qt, proven in a fresh interpreter."""
import subprocess
import sys

from tests.conftest import ROOT

PROBE = """
import importlib, pkgutil, sys
import crashgrab.engine
names = [m.name for m in pkgutil.walk_packages(crashgrab.engine.__path__, "crashgrab.engine.")
         if m.name != "crashgrab.engine.__main__"]
for name in names:
    importlib.import_module(name)
qt = sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6", "PyQt5", "PyQt6"))
print(len(names), *qt)
"""


def test_importing_every_engine_module_loads_no_qt():
    result = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, cwd=ROOT, check=True)
    count, *qt_modules = result.stdout.split()
    assert int(count) >= 15  # the walk really found the engine's modules
    assert qt_modules == []
