"""`python -m crashgrab.editor [FILE]`: the same as the `crashgrab-editor` command."""
import sys

from .app import main

sys.exit(main())
