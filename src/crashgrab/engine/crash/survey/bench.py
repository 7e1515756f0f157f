"""`make bench`, Crash!'s part: greedy self-play on the standard board, one worker, timed by CPU
time and extrapolated to the issue's 10,000 matches (target: 60 s; docs/performance.md)."""
from __future__ import annotations

import sys
import time

from ..templates import template_layout
from .runner import SurveyRequest, run_survey

TARGET_MATCHES, TARGET_SECONDS = 10_000, 60.0


def main(matches: int = 200) -> int:
    for policy in ("greedy", "random"):
        request = SurveyRequest(template_layout(), matches, 1, policy)
        started = time.process_time()
        run_survey(request, 1)
        seconds = time.process_time() - started
        estimate = seconds / matches * TARGET_MATCHES
        verdict = "within" if estimate <= TARGET_SECONDS else "over"
        print(f"crash survey, {policy}: {matches} matches in {seconds:.2f} s CPU ({seconds / matches * 1000:.1f} ms a "
              f"match); {TARGET_MATCHES:,} matches about {estimate:.0f} s, {verdict} the {TARGET_SECONDS:.0f} s target")
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 200))
