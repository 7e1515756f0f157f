"""The data that ships inside the package: schemas, the standard tile set, layouts, examples.

Read through importlib.resources, so it works from a wheel, a zip or an editable install and never
depends on the current folder or on the repository's layout.
"""
from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

SCHEMAS = "crashgrab.schemas"
LAYOUTS = "crashgrab.layouts"
DESKTOP = "crashgrab.desktop"
DOCS = "crashgrab.docs"


def schema_files() -> list[Traversable]:
    """Every `*.schema.json`, sorted by name."""
    return sorted((f for f in files(SCHEMAS).iterdir() if f.name.endswith(".schema.json")),
                  key=lambda f: f.name)


def schema_file(name: str) -> Traversable:
    return files(SCHEMAS).joinpath(f"{name}.schema.json")


def tileset_file(tileset_id: str) -> Traversable:
    return files(LAYOUTS).joinpath("tilesets", f"{tileset_id}.json")


def layout_file(name: str) -> Traversable:
    """A shipped layout by file name, e.g. layout_file("standard-2-4p.json")."""
    return files(LAYOUTS).joinpath(name)


def tiled_project_file() -> Traversable:
    """The Tiled project declaring the export's classes and property types."""
    return files(LAYOUTS).joinpath("tiled", "crash-grab.tiled-project")


def shipped_layouts() -> list[Traversable]:
    return sorted((f for f in files(LAYOUTS).iterdir() if f.name.endswith(".json")), key=lambda f: f.name)


def shipped_scenarios() -> list[Traversable]:
    return sorted((f for f in files(LAYOUTS).joinpath("scenarios").iterdir() if f.name.endswith(".json")),
                  key=lambda f: f.name)


def docs_file(name: str) -> Traversable:
    """A page of the user guide, e.g. docs_file("editor.md")."""
    return files(DOCS).joinpath(name)


def desktop_file(name: str) -> Traversable:
    return files(DESKTOP).joinpath(name)


def shipped_tileset_folder() -> Path | None:
    """Where the shipped tile sets lie on disk (None inside a zip): their files are read-only to
    the designer."""
    folder = files(LAYOUTS).joinpath("tilesets")
    return Path(str(folder)) if isinstance(folder, Path) else None
