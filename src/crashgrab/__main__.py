"""`python -m crashgrab ...`: the same as the `crashgrab` command.

`crashgrab` is a namespace package (no __init__.py): this file, crashgrab.engine and
crashgrab.editor are src/crashgrab/, and its data portions (crashgrab.schemas, .layouts, .docs,
.desktop) are the repository's top folders (setup.py).
"""
import sys

from crashgrab.engine.cli import main

sys.exit(main())
