"""Crash Board Studio: board design for the crash family of board games.

`crashgrab.engine` is the engine and the `crashgrab` command line (pure Python, no Qt);
`crashgrab.editor` the PySide6 editor (the `[editor]` extra). `python -m crashgrab` runs the
command line. (In the repository this package is the folder toplevel/; setup.py maps it.)
"""
