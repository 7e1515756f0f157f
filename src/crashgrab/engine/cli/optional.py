"""What to tell when a command needs a part of the package that is not installed.

`pip install crash-grab-editor` gives the engine and the command line; the editor and the
commands that draw (render, print) need Qt, which the `[editor]` extra adds. A command run
without it ends with one line naming the extra, not a traceback.
"""
from __future__ import annotations

from pathlib import Path

DISTRIBUTION = "crash-grab-editor"
# Top-level modules of optional dependencies -> the extra that installs them (pyproject.toml).
EXTRAS = {"PySide6": "editor", "shiboken6": "editor"}


def optional_module(error: ImportError) -> str | None:
    """The optional dependency `error` is about: by its module name, or (a compiled module that
    cannot load its system library is named without its package, "QtGui") by its file's folder."""
    top = (error.name or "").split(".")[0]
    if top in EXTRAS:
        return top
    folders = Path(error.path).parts[:-1] if error.path else ()
    return next((module for module in EXTRAS if module in folders), None)


def missing_extra(error: ImportError) -> str | None:
    """The extra to install when `error` is an optional dependency that is missing (or cannot load)."""
    module = optional_module(error)
    return EXTRAS[module] if module else None


def missing_extra_message(error: ImportError) -> str | None:
    """One line for a missing or unloadable optional dependency, or None when `error` is not one."""
    extra = missing_extra(error)
    if extra is None:
        return None
    wanted = f"{DISTRIBUTION}[{extra}]"
    module = optional_module(error)
    if isinstance(error, ModuleNotFoundError) and error.name == module:
        return f"this needs {module}, which is not installed: install {wanted} (pip install '{wanted}')."
    # Qt is there but does not load: most often a system library a bare Linux lacks.
    return (f"{module} is installed but does not load ({error}); install the system libraries Qt needs "
            f"(README, \"Qt's system libraries\": libegl1, libgl1, libxkbcommon0, libfontconfig1, ...), or reinstall {wanted}.")
