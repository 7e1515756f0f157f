"""Generic square-grid code: geometry, tiles, placements and resolved boards.

Nothing here knows Crash & Grab's rules; `engine.crashgrab` builds on it.
"""
