"""Issue 27 item 2: every file the program reads from a user goes through the safe reader
(engine/formats/safe_read.py, via jsonio.read_json): found by reading the source of engine/
and editor/ for the calls that read a file or parse JSON. What else reads is listed below,
each with why it may: the program's own shipped files, the system's, and the parser itself.
A new read of a user's file belongs in the safe reader's callers, not in this list."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import SRC

# (module, function) -> why it may read without the safe reader
ALLOWED = {
    ("engine/cli/examples.py", "shipped_examples"): "the shipped example files, from the package",
    ("engine/crash_and_grab/bench.py", "editor_section"): "a shipped layout, copied for a benchmark",
    ("engine/crash_and_grab/bench.py", "machine_line"): "/proc/cpuinfo, for the benchmark's machine line",
    ("engine/cli/reference.py", "documented_findings"): "the shipped docs/findings.md, for `crashgrab explain`",
    ("engine/cli/reference.py", "run_schema"): "a shipped JSON Schema, for `crashgrab schema`",
    ("engine/cli/reference.py", "run_docs"): "a shipped page of the guide, for `crashgrab docs`",
    ("engine/crash_and_grab/tiled_tiles.py", "tileset_png"): "the shipped tileset image of the Tiled export",
    ("engine/crash_and_grab/startup_bench.py", "long_scenario"): "a shipped scenario, lengthened for a benchmark",
    ("engine/crash_and_grab/startup_bench.py", "write_inputs"): "a shipped layout, copied for a benchmark",
    ("engine/crash_and_grab/survey/distinct_cache.py", "_code_digest"): "the package's own listing code, to name "
                                                                         "a cached listing",
    ("engine/crash_and_grab/survey/ahead_of_time.py", "source_digest"): "the package's own compiled.py, to tell a "
                                                                        "stale ahead-of-time kernel",
    ("engine/crash_and_grab/tileset_file.py", "shipped_tileset"): "a shipped tile set, from the package",
    ("engine/roborally/boardset_io.py", "shipped_boardset"): "a shipped board set, from the package",
    ("engine/entry_points.py", "entry_points"): "installed packages' entry_points.txt, as importlib.metadata reads them",
    ("engine/formats/schema_check.py", "_document"): "the shipped JSON Schemas",
    ("engine/version.py", "_dist_info_version"): "the installed package's own METADATA",
    ("engine/desktop.py", "desktop_entry"): "the shipped desktop entry",
    ("engine/desktop.py", "install_desktop"): "the shipped icon and MIME type",
    ("engine/formats/atomic.py", "current_umask"): "/proc/self/status, for the umask",
    ("engine/formats/jsonio.py", "parse_json"): "the strict parser itself, on text the safe reader read",
    ("engine/formats/layout_io.py", "load_shipped_layout"): "a shipped layout, from the package",
    ("engine/formats/safe_read.py", "read_bytes"): "the safe reader itself",
    ("engine/formats/schemas.py", "_registry"): "the shipped JSON Schemas",
    ("engine/formats/schemas.py", "schema"): "the shipped JSON Schemas",
    ("editor/app.py", "application_icon"): "the shipped icon",
}
READ_METHODS = {"read_text", "read_bytes"}
READ_FUNCTIONS = {("json", "load"), ("json", "loads"), ("os", "read"), ("os", "open"), ("pickle", "load"),
                  ("np", "load"), ("numpy", "load"), ("io", "open"), ("codecs", "open")}


def file_reads(path: Path) -> list[tuple[str, str, int]]:
    """(enclosing function, the call, line) of every call in the module that reads a file or parses JSON."""
    found: list[tuple[str, str, int]] = []
    functions: list[str] = []

    class Reads(ast.NodeVisitor):
        def visit_FunctionDef(self, node):
            functions.append(node.name)
            self.generic_visit(node)
            functions.pop()

        visit_AsyncFunctionDef = visit_FunctionDef

        def visit_Call(self, node):
            call = node.func
            name = None
            if isinstance(call, ast.Name) and call.id == "open":
                name = "open"
            elif (isinstance(call, ast.Attribute) and call.attr in READ_METHODS
                  and not (isinstance(call.value, ast.Name) and call.value.id == "safe_read")):   # the reader itself
                name = f".{call.attr}"
            elif (isinstance(call, ast.Attribute) and isinstance(call.value, ast.Name)
                  and (call.value.id, call.attr) in READ_FUNCTIONS):
                name = f"{call.value.id}.{call.attr}"
            if name:
                found.append((functions[-1] if functions else "<module>", name, node.lineno))
            self.generic_visit(node)

    Reads().visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def test_every_file_read_goes_through_the_safe_reader():
    unlisted, used = [], set()
    for folder in ("engine", "editor"):
        for path in sorted((SRC / folder).rglob("*.py")):
            module = path.relative_to(SRC).as_posix()
            for function, call, line in file_reads(path):
                if (module, function) in ALLOWED:
                    used.add((module, function))
                else:
                    unlisted.append(f"{module}:{line} {function}: {call}(...)")
    assert unlisted == [], ("read these through engine.formats.jsonio.read_json / safe_read.read_text "
                            "(a FIFO, a device, a huge or deep file must be one clear error): " + "; ".join(unlisted))
    assert set(ALLOWED) - used == set(), "listed readers that no longer read: drop them from ALLOWED"


def test_the_scan_finds_each_kind_of_read(tmp_path):
    """The scan above cannot pass by seeing nothing."""
    module = tmp_path / "m.py"
    module.write_text("import json, os\nfrom pathlib import Path\n"
                      "def a(p):\n    return json.loads(Path(p).read_text())\n"
                      "def b(p):\n    with open(p) as f:\n        return json.load(f)\n"
                      "def c(p):\n    return os.read(os.open(p, 0), 10), Path(p).read_bytes()\n")
    assert sorted(file_reads(module)) == sorted([
        ("a", "json.loads", 4), ("a", ".read_text", 4), ("b", "open", 6), ("b", "json.load", 7),
        ("c", "os.read", 9), ("c", "os.open", 9), ("c", ".read_bytes", 9)])


@pytest.mark.parametrize("data", [b"[" * 10_000 + b"]" * 10_000, b'{"tile": ' + b"9" * 5000 + b"}",
                                  b'{"tile": "a", "tile": "b", "side": "A", "rotation": 0, "grab": [0, 0]}',
                                  b"\xff\xfe"])
def test_drag_data_from_another_program_is_ignored_not_a_crash(data):
    """Text the editor parses that is not a file (a drag from another program) gets the strict
    parser too: deep nesting, a huge number or a repeated key is no drag, not a RecursionError."""
    from crashgrab.editor.crash_and_grab.placing import TileDrag

    assert TileDrag.from_bytes(data) is None
