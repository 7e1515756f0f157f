"""Generic square-grid code: geometry, tiles, placements and resolved boards.

Nothing here knows a game's rules or vocabulary; each game's package builds on it.
"""
