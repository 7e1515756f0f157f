"""Match play in a Crash Grid scenario file: "Play best of 3–5 rounds for match play" (End of
Round and Scoring). A file with "best_of" and "rounds" holds the rounds in order; each round's
points (1 for the last rider standing) are added up, and the match is won by the rider no one
can catch any more: more points than any other rider could reach in the rounds left. After
the last round a tie at the top has no winner (docs/rulings.md, match-play).

Reading a match (validated by schemas/crash-grid-scenario.schema.json) and playing it; each
round is an ordinary Scenario (scenario.py), read by scenario_io.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ..errors import CrashGrabError, InvalidFileError
from ..expectations import Check, Checked
from ..formats.schemas import validate
from .model import ArenaLayout
from .scenario import Scenario, ScenarioResult, ScenarioTrickError, run_scenario
from .scenario_io import SCENARIO_SCHEMA, round_from_json
from .terms import SUITS

SEED_MASK = (1 << 64) - 1
MATCH_EXPECT = "match"


@dataclass(frozen=True)
class Match:
    name: str
    layout: ArenaLayout
    best_of: int
    rounds: tuple[Scenario, ...]
    expect: Mapping[str, Any] = field(default_factory=dict)   # {"points", "winner", "rounds"}
    notes: str = ""
    file: str | None = None


@dataclass(frozen=True)
class MatchResult(Checked):
    rounds: tuple[ScenarioResult, ...]
    points: dict[str, int]
    winner: str | None
    decided_after: int | None          # the round after which no one could catch the winner
    checks: tuple[Check, ...]          # every round's (named "rounds[k]....") then the match's

    @property
    def final(self):
        return self.rounds[-1].final


class ScenarioRoundError(CrashGrabError):
    """A round of a match that cannot be played (exit 2): an illegal trick in it, a round left
    unfinished before the next, or a round after the match is decided."""

    exit_code = 2

    def __init__(self, message: str, *, file: str | None, where: str, hint: str | None = None,
                 details: Mapping[str, Any] | None = None) -> None:
        self._details = dict(details or {})
        super().__init__(message, file=file, where=where, hint=hint)

    def details(self) -> dict[str, Any]:
        return dict(self._details)


def standing(points: Mapping[str, int], played: int, best_of: int) -> str | None:
    """The match's winner once decided: the leader is ahead of every other rider by more than
    the rounds left (each round gives at most 1 point); None while it is open or tied."""
    if not points:
        return None
    ranked = sorted(points, key=lambda suit: (-points[suit], SUITS.index(suit)))
    leader = ranked[0]
    runner_up = points[ranked[1]] if len(ranked) > 1 else 0
    return leader if points[leader] > runner_up + (best_of - played) else None


# --- reading ---------------------------------------------------------------------------------
def match_from_json(document: Any, file=None) -> Match:
    validate(document, SCENARIO_SCHEMA, file)
    file = str(file) if file is not None else None
    if "rounds" not in document:
        raise InvalidFileError("this file holds one round, not a match.", file=file, where="$",
                               hint='Give "best_of" and "rounds" for match play.')
    best_of = document["best_of"]
    if len(document["rounds"]) > best_of:
        raise InvalidFileError(f"{len(document['rounds'])} rounds, but a match of best of {best_of} has at most "
                               f"{best_of}.", file=file, where="$.rounds", hint='Remove rounds or raise "best_of".')
    shared = document.get("deck", {})
    for key in ("hands", "table"):
        if key in shared:
            raise InvalidFileError(f"the match's deck cannot name {key}: each round deals Deck A afresh.", file=file,
                                   where=f"$.deck.{key}", hint=f'Give "{key}" in the round\'s own "deck".')
    for key in document.get("expect", {}):
        if key != MATCH_EXPECT:
            raise InvalidFileError(f"a match's own expectations are only \"{MATCH_EXPECT}\"; {key!r} is about a "
                                   "round.", file=file, where=f"$.expect.{key}",
                                   hint=f'Move it to the round\'s "expect", or into "expect.{MATCH_EXPECT}".')
    rounds = []
    for index, raw in enumerate(document["rounds"]):
        body = {k: v for k, v in raw.items() if k != "note"}
        if "deck" not in body and "seed" in shared:  # each round shuffles Deck A again, seed + round - 1
            body["deck"] = {"seed": (shared["seed"] + index) & SEED_MASK}
        body.update(name=f"{document['name']}, round {index + 1}", layout=document["layout"],
                    notes=raw.get("note", ""))
        rounds.append(round_from_json(body, file, f"$.rounds[{index}]"))
    return Match(name=document["name"], layout=rounds[0].layout, best_of=best_of, rounds=tuple(rounds),
                 expect=document.get("expect", {}).get(MATCH_EXPECT, {}), notes=document.get("notes", ""), file=file)


# --- playing ---------------------------------------------------------------------------------
def run_match(match: Match) -> MatchResult:
    suits = sorted({r.suit for scenario in match.rounds for r in scenario.initial.riders}, key=SUITS.index)
    points = {suit: 0 for suit in suits}
    results: list[ScenarioResult] = []
    checks: list[Check] = []
    winner: str | None = None
    decided_after: int | None = None
    for index, scenario in enumerate(match.rounds):
        number = index + 1
        if decided_after is not None or (index and not results[-1].final.over):
            previous = results[-1].final
            reason = (f"the match was decided after round {decided_after}: {winner} cannot be caught"
                      if decided_after is not None else
                      f"round {index} is not over ({len(previous.riders_on_board())} riders are still on the board)")
            raise ScenarioRoundError(f"round {number}: {reason}, so no round can follow.", file=match.file,
                                     where=f"$.rounds[{index}]" if decided_after is not None else f"$.rounds[{index - 1}].tricks",
                                     hint="Remove the rounds after it." if decided_after is not None else
                                     "Play the round to its end: one rider left, or all crashed in the same trick.")
        try:
            result = run_scenario(scenario)
        except ScenarioTrickError as error:
            raise ScenarioRoundError(f"round {number}, {error.message}", file=match.file,
                                     where=f"$.rounds[{index}]" + (error.where or "$")[1:], hint=error.hint,
                                     details={"round": number, **error.details()}) from None
        results.append(result)
        checks += [Check(f"rounds[{index}].{c.what}", c.expected, c.actual) for c in result.checks]
        for suit, scored in result.final.points().items():
            points[suit] = points.get(suit, 0) + scored
        if result.final.over:
            winner = standing(points, number, match.best_of)
            if winner is not None:
                decided_after = number
    checks += match_checks(match.expect, points, winner, len(results))
    return MatchResult(tuple(results), points, winner, decided_after, tuple(checks))


def match_checks(expect: Mapping[str, Any], points: Mapping[str, int], winner: str | None, played: int) -> list[Check]:
    checks = [Check(f"match.points.{suit}", value, points.get(suit, 0)) for suit, value in expect.get("points", {}).items()]
    if "winner" in expect:
        checks.append(Check("match.winner", expect["winner"], winner))
    if "rounds" in expect:
        checks.append(Check("match.rounds", expect["rounds"], played))
    return checks


def match_summary(match: Match, result: MatchResult) -> dict[str, Any]:
    """The match as JSON: each round's winner and points, the totals and the winner."""
    over = result.decided_after is not None or (len(result.rounds) == match.best_of and result.final.over)
    return {"best_of": match.best_of,
            "rounds": [{"round": n, "winner": r.final.winner, "over": r.final.over, "points": r.final.points()}
                       for n, r in enumerate(result.rounds, start=1)],
            "points": dict(result.points), "winner": result.winner, "decided_after": result.decided_after,
            "over": over}
