"""`python -m crashgrab ...`: the same as the `crashgrab` command."""
import sys

from crashgrab.engine.cli import main

sys.exit(main())
