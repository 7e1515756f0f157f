"""Generic grid code: square and hex geometry, pieces (tiles, factory boards), placements and
resolved boards with several features a cell, edge features and features placed on the board.

Nothing here knows a game's rules or vocabulary; each game's package builds on it.
"""
