"""The survey's report (schemas/crash-survey.schema.json): shares with 95% Wilson intervals,
rounded to 6 decimals so that the document is the same bytes for the same survey."""
from __future__ import annotations

import math
from typing import Any

from ..terms import CARS, PLAYERS
from .fast import MAX_TURNS
from .runner import SurveyRequest, Tally

Z = 1.959963984540054  # the 97.5th percentile of the normal distribution: a 95% interval
FATES = ("own_junkyard", "other_junkyard", "off_board", "in_play")


def wilson(count: int, total: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a share count / total (0..1 for total 0)."""
    if total == 0:
        return 0.0, 1.0
    p = count / total
    centre = (p + Z * Z / (2 * total)) / (1 + Z * Z / total)
    half = Z * math.sqrt(p * (1 - p) / total + Z * Z / (4 * total * total)) / (1 + Z * Z / total)
    return max(0.0, centre - half), min(1.0, centre + half)


def share(count: int, total: int) -> dict[str, Any]:
    low, high = wilson(count, total)
    return {"count": count, "share": round(count / total, 6) if total else 0.0, "low": round(low, 6),
            "high": round(high, 6)}


def report_json(request: SurveyRequest, tally: Tally, layout_file: str | None) -> dict[str, Any]:
    games, matches = tally.games, tally.matches
    return {
        "format": "crash-survey", "version": 1, "game": "crash",
        "layout": {"name": request.layout.name, "file": layout_file},
        "matches": matches, "games": games, "seed": request.seed, "policy": request.policy,
        "variant": request.variant, "rulings": {"turn": request.turning}, "max_turns": MAX_TURNS,
        "first_player": {"wins": share(tally.first_wins, games), "losses": share(tally.second_wins, games),
                         "ties": share(tally.game_ties, games)},
        "sides": {"p1": share(tally.side_wins[0], matches), "p2": share(tally.side_wins[1], matches),
                  "ties": share(tally.match_ties, matches)},
        "mean_score": {p: round(tally.score_sum[i] / games, 6) if games else 0.0 for i, p in enumerate(PLAYERS)},
        "mean_turns": round(tally.turn_sum / games, 6) if games else 0.0,
        "unfinished_games": tally.unfinished,
        "cars": {p: {str(n): {fate: share(tally.fates[i * 6 + n - 1][k], games) for k, fate in enumerate(FATES)}
                     for n in CARS} for i, p in enumerate(PLAYERS)},
    }


def _pct(entry: dict[str, Any]) -> str:
    return f"{entry['share'] * 100:5.1f}% [{entry['low'] * 100:.1f}-{entry['high'] * 100:.1f}]"


def report_text(document: dict[str, Any]) -> str:
    first, sides = document["first_player"], document["sides"]
    lines = [
        f"Crash! balance survey: {document['layout']['name']}, {document['matches']:,} matches "
        f"({document['games']:,} games), policy {document['policy']}, variant {document['variant']}, "
        f"turn ruling {document['rulings']['turn']}, seed {document['seed']}",
        "shares with 95% intervals (Wilson)",
        f"  first player wins {_pct(first['wins'])}, loses {_pct(first['losses'])}, ties {_pct(first['ties'])} (of games)",
        f"  matches: p1 wins {_pct(sides['p1'])}, p2 wins {_pct(sides['p2'])}, ties {_pct(sides['ties'])}",
        f"  mean score per game: p1 {document['mean_score']['p1']:.3f}, p2 {document['mean_score']['p2']:.3f}; "
        f"mean game length {document['mean_turns']:.2f} turns"
        + (f"; {document['unfinished_games']} games stopped at {document['max_turns']} turns"
           if document["unfinished_games"] else ""),
        "  car fates (own junkyard / other junkyard / off the board / still in play):",
    ]
    for player, cars in document["cars"].items():
        for number, fates in cars.items():
            lines.append(f"    {player} car {number}: " + " / ".join(_pct(fates[f]) for f in FATES))
    return "\n".join(lines) + "\n"
