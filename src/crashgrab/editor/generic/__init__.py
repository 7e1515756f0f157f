"""The studio's generic board editor: any game whose system offers `editing()` (engine/editing.py)
is edited here without an editor plugin of its own: a palette of its feature kinds, a board drawn
from its picture (zoom and pan), click a cell or a cell's side to place, right-click to remove,
R to turn, every edit undoable, live findings, and the shared File menu and shortcut table."""
