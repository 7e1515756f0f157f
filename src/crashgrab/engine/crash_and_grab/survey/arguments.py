"""`crashgrab survey`'s options for Crash & Grab, apart from the survey itself: building the parser
(for `crashgrab --help` and every command's start) imports no numpy, numba or runner."""
from __future__ import annotations

from .defaults import DEFAULT_BEST, default_workers

# About an hour per core at ~300 us a board (docs/performance.md); --sample 10**12 ran out of
# memory just listing its chunks.
MAX_SAMPLE = 10_000_000
PLAYERS = {"2-4": "2-4", "2": "2-4", "3": "2-4", "4": "2-4", "5": "5", "6": "6"}

SURVEY_HELP = "check every arrangement of a template, or a sample of setups, and sum up the findings"
SURVEY_DESCRIPTION = ("Check every arrangement of a template (--all: each distinct board once, counted for "
                      "all its arrangements) or N setups drawn by the rules (--sample N), and report how often "
                      "each finding occurs, the Crash Sites on the edge, the Accelerator loops per distance, "
                      "the mean exposure and the best boards.")


def add_arguments(survey, players_required: bool = True) -> None:
    survey.add_argument("--players", required=players_required, choices=sorted(PLAYERS), metavar="2-4|5|6",
                        help="the template: 2-4 (8x8), 5 (9x9) or 6 (10x10)")
    survey.add_argument("--template", choices=sorted(set(PLAYERS.values())), metavar="ID",
                        help="the template by its id (2-4, 5 or 6), instead of --players")
    survey.add_argument("--tileset", metavar="FILE",
                        help="survey a tile set of your own (a tile set file, as the tile designer saves it) "
                             "instead of the standard tiles: every side, rotation and slot its tiles allow")
    survey.add_argument("--shape", metavar="WxH|LAYOUT",
                        help="a free-form survey: the board's shape, a size (e.g. 8x6) or a layout file whose "
                             "tiles draw it (holes and all); every way to lay --tiles over it exactly is checked")
    survey.add_argument("--tiles", metavar="ID,ID,...",
                        help="with --shape: the tiles to lay, each once, on either side, at any turn and place "
                             "(default with a layout: its tiles)")
    which = survey.add_mutually_exclusive_group()
    which.add_argument("--all", action="store_true",
                       help="every arrangement of the template (the default for 2-4; 5 and 6 take minutes to "
                            "hours: see `crashgrab docs performance`); with --shape, needed past 200,000 ways")
    which.add_argument("--sample", type=int, metavar="N", help="N setups drawn by the rules from --seed")
    survey.add_argument("--seed", type=int, help="seed of the sample (printed when not given)")
    survey.add_argument("--workers", type=int, metavar="N",
                        help=f"worker processes (default: this machine's {default_workers()} cores); "
                             "the report is the same for any number")
    survey.add_argument("--cluster", metavar="ADDRESS",
                        help="run the survey's chunks on a Dask cluster, given its scheduler's address "
                             "(e.g. tcp://10.0.0.5:8786); needs crash-grab-editor[cluster], see "
                             "`crashgrab docs survey`; the report is the same")
    survey.add_argument("--select", metavar="CODES",
                        help="count only these finding codes (comma-separated) in the report and in the "
                             "best boards' score, e.g. accelerator-loop,crash-site-corner")
    survey.add_argument("-o", "--output", metavar="REPORT.json", help="also write the report as JSON here")
    survey.add_argument("--best", type=int, metavar="K", help=f"list the K best boards (default {DEFAULT_BEST})")
    survey.add_argument("--out-dir", metavar="DIR", help="write the best boards here as layout files")
    survey.add_argument("--checkpoint", metavar="FILE",
                        help="where a long survey saves its progress (every minute, on Ctrl-C and on "
                             "--stop-after); default REPORT.json.checkpoint.json with -o, else "
                             "survey-TEMPLATE-MODE.checkpoint.json here")
    survey.add_argument("--resume", action="store_true",
                        help="go on from the checkpoint of an interrupted run of the same survey")
    survey.add_argument("--stop-after", type=int, metavar="CHUNKS",
                        help="check this many more chunks, save the checkpoint and stop (exit 3); "
                             "a long survey can so run in slices")
