"""Generic square-grid code: geometry, tiles, placements and resolved boards.

Nothing here knows Crash & Grab's rules; `crashgrab.engine.crash_and_grab` builds on it.
"""
