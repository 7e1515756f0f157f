"""Crash & Grab board engine: pure Python, no Qt.

- `crashgrab.engine.grid`: generic square-grid geometry, tiles, placements, boards.
- `crashgrab.engine.crash_and_grab`: Crash & Grab's own terms, templates, setup, validation and rules.
- `crashgrab.engine.formats`: the file formats, validated against `schemas/`.
- `crashgrab.engine.cli`: the `crashgrab` command line.
"""
