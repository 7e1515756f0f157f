"""engine/crash_grid is self-contained: it imports only generic engine modules, never Crash &
Grab, Qt or the editor; its rules and validation never touch file formats."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).parents[1] / "src" / "crashgrab" / "engine" / "crash_grid"
GENERIC = {"errors", "findings", "report", "system", "grid", "formats", "expectations", "play"}


def imports(path: Path) -> list[tuple[int, str]]:
    """(level, module) of every import: level 0 absolute, 1 this package, 2 the engine ..."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.append((node.level, node.module))
        elif isinstance(node, ast.ImportFrom):  # `from .. import errors`: each name is a module
            found += [(node.level, alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(0, alias.name) for alias in node.names]
    return found


def engine_modules(path: Path) -> set[str]:
    """The engine modules a file reaches with relative imports above its own package."""
    depth = len(path.relative_to(PACKAGE).parts)  # 1: engine/crash_grid/x.py, 2: .../rules/x.py
    return {module.split(".")[0] for level, module in imports(path) if level == depth + 1}


def test_only_generic_engine_modules_and_no_absolute_project_imports():
    for path in PACKAGE.rglob("*.py"):
        assert engine_modules(path) <= GENERIC, path
        for level, module in imports(path):
            assert not (level == 0 and module.split(".")[0] in {"crashgrab", "engine", "editor", "PySide6"}), (path, module)


def test_rules_and_validation_never_import_file_formats():
    files = [*(PACKAGE / "rules").glob("*.py"), PACKAGE / "validation.py", PACKAGE / "model.py",
             PACKAGE / "templates.py", PACKAGE / "scenario.py"]
    for path in files:
        modules = {module for _, module in imports(path)}
        assert not any(m.startswith("formats") or m.endswith("_io") or m in {"layout_io", "scenario_io"}
                       for m in modules), path
