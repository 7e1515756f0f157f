"""`python -m crashgrab ...`: the same as the `crashgrab` command.

`crashgrab` stays a namespace package (no __init__.py), of which this file is the only module of
its own: crashgrab.engine and crashgrab.editor come from engine/ and editor/ (setup.py), and the
layering contracts (import-linter) check them as portions of that namespace.
"""
import sys

from crashgrab.engine.cli import main

sys.exit(main())
