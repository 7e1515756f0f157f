"""The keys every game's editor gives the same action, in one table: a designer who learns them
in one game's window has them in every other. A window names its actions by these roles and
calls `apply_shortcuts`; keys for what only one game has (R to turn, Ctrl+T Territory) stay in
that game's window, and must not take a key this table gives."""
from __future__ import annotations

from typing import Mapping

from PySide6.QtGui import QAction, QKeySequence

ROLE_PROPERTY = "shortcutRole"  # set on each action the table gives its keys (tests read it)

SHORTCUTS: dict[str, tuple[str, ...]] = {
    "open": ("Ctrl+O",),
    "save": ("Ctrl+S",),
    "save_as": ("Ctrl+Shift+S",),
    "export": ("Ctrl+E",),           # the game's first export format (for other programs)
    "export_image": ("Ctrl+Shift+E",),
    "print_and_play": ("Ctrl+P",),
    "undo": ("Ctrl+Z",),
    "redo": ("Ctrl+Shift+Z", "Ctrl+Y"),
    "playtest": ("F5",),
    "next_finding": ("F8",),
    "previous_finding": ("Shift+F8",),
}


def apply_shortcuts(actions: Mapping[str, QAction]) -> None:
    """Give each action named by a role of the table that role's keys (every role must be there)."""
    missing = sorted(set(SHORTCUTS) - set(actions))
    if missing:
        raise KeyError(f"no action for the shortcut roles {', '.join(missing)}")
    for role, keys in SHORTCUTS.items():
        action = actions[role]
        action.setShortcuts([QKeySequence(key) for key in keys])
        action.setProperty(ROLE_PROPERTY, role)


def shortcut_text(action: QAction) -> str:
    """The action's first key as the platform writes it, for tool tips ("" if it has none)."""
    return action.shortcut().toString(QKeySequence.NativeText)
