"""Crash & Grab board engine: pure Python, no Qt.

- `engine.grid`: generic square-grid geometry, tiles, placements, boards.
- `engine.crashgrab`: Crash & Grab's own terms, templates, setup, validation and rules.
- `engine.formats`: the file formats, validated against `schemas/`.
- `engine.cli`: the `crashgrab` command line.
"""
