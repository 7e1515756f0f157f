"""The RoboRally window's modes and sizes, shared by its parts: the mode box's value for the course
(a board's id edits that board), the side column's width, and the hints the status bar gives."""
from __future__ import annotations

COURSE = ""  # the mode box's value for the course itself; a board's id edits that board
PANEL_WIDTH = 236
WIDE_WINDOW = 1200  # narrower: the legend goes into the side column (arrange_panels)
HINT = ("Course: pick a tool, click to place; Select drags boards, checkpoints, starts and pieces; R turns, "
        "Delete removes. Edit a board in the box at the left of the toolbar.")
BOARD_HINT = ("Board: paint squares with a cell tool; click a square's side with Wall, Laser, Pusher or Door to add "
              "or remove it; right-click clears; Settings sets facings, steps, beams and colours.")
