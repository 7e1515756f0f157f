"""What to tell when a command needs a part of the package that is not installed.

`pip install crash-grab-editor` gives the engine and the command line; the editor and the
commands that draw (render, print) need Qt, which the `[editor]` extra adds. A command run
without it ends with one line naming the extra, not a traceback.
"""
from __future__ import annotations

DISTRIBUTION = "crash-grab-editor"
# Top-level modules of optional dependencies -> the extra that installs them (pyproject.toml).
EXTRAS = {"PySide6": "editor", "shiboken6": "editor"}


def missing_extra(error: ImportError) -> str | None:
    """The extra to install when `error` is an optional dependency that is missing (or cannot load)."""
    top = (error.name or "").split(".")[0]
    return EXTRAS.get(top)


def missing_extra_message(error: ImportError) -> str | None:
    """One line for a missing or unloadable optional dependency, or None when `error` is not one."""
    extra = missing_extra(error)
    if extra is None:
        return None
    wanted = f"{DISTRIBUTION}[{extra}]"
    if isinstance(error, ModuleNotFoundError) and error.name and error.name.split(".")[0] == error.name:
        return f"this needs {error.name}, which is not installed: install {wanted} (pip install '{wanted}')."
    # Qt is there but does not load: most often a system library a bare Linux lacks.
    return (f"{error.name} is installed but does not load ({error}); install the system libraries Qt needs "
            f"(README, 'Install from a wheel': libegl1, libxkbcommon0, libfontconfig1, ...), or reinstall {wanted}.")
