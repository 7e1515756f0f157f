"""The play kernel every game's rules engine and playtest run on (issue 20): events and their
registry (events.py), the `Rules` protocol with its errors and decision points (rules.py), chance
nodes (chance.py), the seeded generator (seeded.py), the cursor session (session.py) and the
scenario runner (runner.py). Generic: it names no game (docs/game-systems.md, "Rules on the play
kernel")."""
