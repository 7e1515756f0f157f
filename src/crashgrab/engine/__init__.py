"""The board engine of the crash family of games: pure Python, no Qt.

- `crashgrab.engine.system`: what every game provides (`GameSystem`); `crashgrab.engine.games`
  finds the installed ones through the "crashgrab.games" entry points.
- `crashgrab.engine.grid`: generic square-grid geometry, tiles, placements, boards.
- `crashgrab.engine.crash_and_grab`: Crash & Grab's own layout, terms, templates, setup,
  validation, rules, exports and its game system.
- `crashgrab.engine.formats`: the file formats, validated against `schemas/`; layouts and
  scenarios dispatch to their game.
- `crashgrab.engine.cli`: the `crashgrab` command line, through the game systems.
"""
