"""A guard against a reference-counting bug of PySide6 6.12.0 on Python 3.10 and 3.11.

That release hands out None, True and False without owning a reference, as if they were
immortal (which they are only from Python 3.12 on): every `Signal.emit()` and every Python
override of a Qt virtual that returns None costs the singleton one reference, and after a
few thousand events the interpreter aborts with "deallocating None". PySide6 6.11 and
Python 3.12+ are unaffected. The fix belongs in the dependency pin (exclude 6.12.0); until
then, when a probe shows the bug, the three singletons get a reference count so large
that the stray releases can never free them: what Python 3.12 does for every process.
"""
from __future__ import annotations

import ctypes
import sys

PADDING = 1 << 40  # far more stray releases than any session makes

padded = False  # whether `guard()` found the bug and padded the counts


def emit_costs_a_reference() -> bool:
    """Emit a signal a few times and see whether True loses references.

    The loss only shows once a Q(Core)Application exists, so before that this says False.
    """
    from PySide6.QtCore import QObject, Signal

    class Probe(QObject):
        ping = Signal()

    probe = Probe()
    before = sys.getrefcount(True)
    for _ in range(8):
        probe.ping.emit()
    lost = sys.getrefcount(True) < before
    probe.deleteLater()
    return lost


def affected_release() -> bool:
    """PySide6 6.12 or later on a Python whose singletons are not immortal."""
    import PySide6
    return tuple(PySide6.__version_info__[:2]) >= (6, 12)


def guard() -> bool:
    """Pad the singletons when this PySide6 is known or seen to drop their references.

    Called when the editor is imported (by version) and again once the application
    exists (by probing), so a later release with the same bug is caught too.
    """
    global padded
    if padded or sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return padded
    if affected_release() or emit_costs_a_reference():
        for singleton in (None, True, False):
            # ob_refcnt is the first field of every CPython object.
            ctypes.c_ssize_t.from_address(id(singleton)).value += PADDING
        padded = True
    return padded
