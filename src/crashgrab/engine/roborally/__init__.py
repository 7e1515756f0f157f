"""RoboRally: Crash and Burn: factory boards with walls on cell edges, combined into race courses
(the fourth game system).

Self-contained: it imports only generic engine modules (errors, findings, report, the square
geometry, formats helpers). model, resolved and validation never touch files; boardset_io and
layout_io read and write them. docs/roborally.md describes the game in the studio; the rules
engine lives in rules/ and reads only the resolved course (resolved.py).
"""
GAME_ID = "roborally"
TITLE = "RoboRally: Crash and Burn"
