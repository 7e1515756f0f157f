"""Entry points of the installed distributions, read without importing importlib.metadata.

Importing importlib.metadata (email, zipfile, csv, ...) is about a tenth of `crashgrab validate`'s
start-up; the games and the commands of other packages are found through entry points on every
run. This reads the same files the same way (each folder of sys.path in turn, every
*.dist-info and *.egg-info in it, a distribution found twice counted where it is found first)
and hands back importlib.metadata's own answer whenever a path is something it does not read
(a zip file on sys.path). tests/test_startup.py compares the two.
"""
from __future__ import annotations

import os
import re
import sys
from importlib import import_module
from typing import Any

# importlib.metadata.EntryPoint.pattern
_VALUE = re.compile(r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?((?P<extras>\[.*\])\s*)?$")
_SUFFIXES = (".dist-info", ".egg-info")


class EntryPoint:
    """One entry point: `name`, `value` ("module:attr"), `group`, and `load()` as importlib.metadata's."""

    __slots__ = ("name", "value", "group")

    def __init__(self, name: str, value: str, group: str) -> None:
        self.name, self.value, self.group = name, value, group

    def load(self) -> Any:
        match = _VALUE.match(self.value)
        if match is None:
            raise ValueError(f"entry point {self.name!r} has an unusable value {self.value!r}")
        target: Any = import_module(match.group("module"))
        for attribute in filter(None, (match.group("attr") or "").split(".")):
            target = getattr(target, attribute)
        return target

    def __repr__(self) -> str:
        return f"EntryPoint(name={self.name!r}, value={self.value!r}, group={self.group!r})"


def _normalized(folder_name: str) -> str:
    """A distribution's name from its metadata folder ("crash_grab_editor-0.2.0.dist-info"), as
    importlib.metadata compares them."""
    stem = folder_name.rsplit(".", 1)[0].split("-", 1)[0]
    return re.sub(r"[-_.]+", "_", stem).lower()


def _group_in(text: str, group: str) -> list[tuple[str, str]]:
    """(name, value) of `group`'s section of an entry_points.txt, in order."""
    pairs, section = [], None
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == group and "=" in line:
            name, value = line.split("=", 1)
            pairs.append((name.strip(), value.strip()))
    return pairs


def entry_points(*, group: str) -> list[Any]:
    """The entry points of `group` of every installed distribution, as
    `importlib.metadata.entry_points(group=group)` lists them."""
    found: list[Any] = []
    seen: set[str] = set()
    for folder in sys.path:
        folder = folder or "."
        if folder.lower().endswith(".egg"):  # an egg on the path: importlib.metadata reads those
            from importlib import metadata

            return list(metadata.entry_points(group=group))
        try:
            names = os.listdir(folder)
        except NotADirectoryError:  # a zip file on the path: importlib.metadata reads those
            from importlib import metadata

            return list(metadata.entry_points(group=group))
        except OSError:  # not there
            continue
        for name in names:
            if not name.lower().endswith(_SUFFIXES):
                continue
            distribution = _normalized(name)
            if distribution in seen:  # the first one found is the one installed
                continue
            seen.add(distribution)
            try:
                with open(os.path.join(folder, name, "entry_points.txt"), encoding="utf-8") as file:
                    text = file.read()
            except OSError:  # none, or a metadata file rather than a folder
                continue
            found += [EntryPoint(n, v, group) for n, v in _group_in(text, group)]
    return found
