"""The Crash! survey's options, declared without importing the survey itself (`crashgrab survey`
builds every game's options before it knows which game runs; cli.py runs it)."""
from __future__ import annotations

from ..terms import TURN_RULINGS, VARIANTS

# fast.POLICIES' names (tests/test_crash_survey.py holds the two equal).
POLICY_NAMES = ("greedy", "random")


def add_arguments(parser) -> None:
    parser.add_argument("layout", nargs="?", metavar="LAYOUT", help="Crash!: the board to play on (a layout file)")
    parser.add_argument("--games", type=int, metavar="N", help="Crash!: how many matches to play (two games each)")
    parser.add_argument("--policy", choices=sorted(POLICY_NAMES), help="Crash!: how both players choose (default greedy)")
    parser.add_argument("--variant", choices=VARIANTS, help="Crash!: the rules' order (default standard)")
    parser.add_argument("--turn", choices=TURN_RULINGS, help="Crash!: the turn ruling (default any)")
    parser.add_argument("--seed", type=int, help="seed of the sample (printed when not given)")
    parser.add_argument("--workers", type=int, metavar="N", help="worker processes; the report is the same for any number")
    parser.add_argument("-o", "--output", metavar="REPORT.json", help="also write the report as JSON here")
