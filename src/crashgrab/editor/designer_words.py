"""Errors in a designer's words, for the editor's dialogs and status bar.

The engine's errors are written for the command line: a JSON path ("$.placements[2].rotation"),
command options ("Use --cell-mm 43.5 or less"). A dialog says the same in words ("placement 3,
its rotation"; "a cell size of 43.5 mm or less"); the command-line form goes to the Messages log,
whole, for whoever wants the exact place or runs the command.
"""
from __future__ import annotations

import re

from crashgrab.engine.errors import CrashGrabError, printable

# Command-line advice, and the editor's words for it (the control the dialog has).
_ADVICE = (
    (re.compile(r"Use --cell-mm ([\d.]+) or less"), r"Choose a cell size of \1 mm or less"),
    (re.compile(r"Use a lower --dpi\."), "Choose a lower resolution."),
    (re.compile(r"\(raster, --dpi applies\)"), "(a picture, at the resolution you choose)"),
    (re.compile(r"run it with `crashgrab scenario run`"), "open it in Playtest (Open Scenario)"),
    (re.compile(r" ?\(crashgrab new [^)]*makes one\)"), " (File \u203a New makes one)"),
    (re.compile(r" or check it with `crashgrab validate`"), " and see its findings"),
    (re.compile(r" ?\([^()]*(?:--[a-z]|crashgrab[ -]|CRASHGRAB_)[^()]*\)"), ""),  # an aside for the command line
)
_OPTIONS = {"--cell-mm": "the cell size", "--dpi": "the resolution", "--paper": "the paper",
            "--bleed-mm": "the bleed", "--duplex": "the duplex setting", "--poster": "the poster"}
_INDEX = re.compile(r"(\w+?)s?\[(\d+)\]")


_INLINE_PATH = re.compile(r"\((\$[^)\s]*)\)")  # "(\$.format)" inside a message: a file's fault quoted in another's


def designer_words(text: str) -> str:
    """Command-line advice in `text` said as the editor's controls, a JSON path in it in words."""
    text = _INLINE_PATH.sub(lambda m: f"(at {place_words(m.group(1), always=True) or 'its top'})", text)
    for pattern, words in _ADVICE:
        text = pattern.sub(words, text)
    for option, words in _OPTIONS.items():
        text = text.replace(option, words)
    return text


def place_words(where: str | None, always: bool = False) -> str:
    """A JSON path in words: "$.placements[2].rotation" -> "placement 3, rotation"; the whole file
    or a bare top-level key ("$", "$.placements") says nothing the message does not (unless `always`)."""
    if not where or not where.startswith("$"):
        return where or ""
    parts = [p for p in re.split(r"\.(?![^\[]*\])", where[1:].lstrip(".")) if p]
    if len(parts) <= 1 and "[" not in where and not always:
        return ""
    words = []
    for part in parts:
        indexed = _INDEX.fullmatch(part)
        words.append(f"{indexed.group(1)} {int(indexed.group(2)) + 1}" if indexed else part)
    return ", ".join(word.replace("_", " ") for word in words if word)


def designer_message(error: Exception) -> str:
    """One error for a dialog: the file, the place in it in words, what is wrong and what to do,
    with no command-line option or JSON path."""
    if not isinstance(error, CrashGrabError):
        return printable(str(error)) or type(error).__name__
    prefix = ", ".join(printable(p) for p in (error.file, place_words(error.where)) if p)
    message = printable(error.shown_message)
    text = f"{prefix}: {message}" if prefix else message
    return designer_words(f"{text} {error.hint}" if error.hint else text)


def show_error(window, title: str, error: Exception, after: str = "") -> None:
    """A dialog in the designer's words (and `after`); the command-line form in the Messages log."""
    from PySide6.QtWidgets import QMessageBox

    log = getattr(window, "message_log", None)
    if log is not None:
        log.add(f"{title}: {error}")
    QMessageBox.critical(window, title, designer_message(error) + (f"\n\n{after}" if after else ""))
