"""`crashgrab survey [--game ID] ...`: a game's survey of many boards or many games, by the game.

Each installed game with a survey (`GameSystem.survey_help`) adds its options in a group of
its own (`add_survey_arguments`); options several games declare alike (--seed, --workers, -o)
are shared. `--game` (default: the default game) picks whose survey runs; an option only
other games know is refused, so a mistyped command says so instead of being ignored.
"""
from __future__ import annotations

import argparse
from typing import Any

from ..errors import UsageError
from ..games import all_systems, default_game_id, get_system


class _SharedOptions:
    """An argparse group that skips options the survey parser already has (another game's
    declaration is shared) and notes, for each game, the destinations it uses."""

    def __init__(self, parser: argparse.ArgumentParser, group: Any, dests: set[str]) -> None:
        self.parser, self.group, self.dests = parser, group, dests

    def add_argument(self, *names: str, **kwargs: Any) -> Any:
        known = self.parser._option_string_actions  # argparse has no public "is this option defined"
        existing = next((known[n] for n in names if n in known), None)
        if existing is not None:
            self.dests.add(existing.dest)
            return existing
        action = self.group.add_argument(*names, **kwargs)
        self.dests.add(action.dest)
        return action

    def add_mutually_exclusive_group(self, **kwargs: Any) -> "_SharedOptions":
        return _SharedOptions(self.parser, self.group.add_mutually_exclusive_group(**kwargs), self.dests)


# Not a game's: argparse's and this command's own, and -q, which every command takes.
STUDIO_DESTS = ("help", "run", "survey_parser", "survey_owners", "quiet")


def register(subparsers) -> None:
    systems = [s for s in all_systems() if s.survey_help]
    survey = subparsers.add_parser(
        "survey", help="survey a game's boards or its balance: " + "; ".join(
            f"{s.id}: {s.survey_help}" for s in systems) if systems else "survey a game's boards (no installed game has one)",
        description="A game's survey. --game picks the game (default "
                    f"{default_game_id() or 'none installed'}); each game's options are listed under its name.")
    survey.add_argument("--game", metavar="ID", help="the game whose survey runs (`crashgrab games` lists them)")
    owners: dict[str, set[str]] = {}
    for system in systems:
        group = survey.add_argument_group(f"{system.title} (--game {system.id})", system.survey_help)
        owners[system.id] = {"game"}
        system.add_survey_arguments(_SharedOptions(survey, group, owners[system.id]))
    survey.set_defaults(run=run_survey, survey_parser=survey, survey_owners=owners)


def run_survey(args: argparse.Namespace) -> int:
    system = get_system(args.game)
    parser: argparse.ArgumentParser = args.survey_parser
    if not system.survey_help:
        raise UsageError(f"{system.title} has no survey.",
                         hint="Games with one: " + (", ".join(args.survey_owners) or "none") + ".")
    mine = args.survey_owners[system.id]
    for action in parser._actions:
        if action.dest in mine or action.dest in STUDIO_DESTS:
            continue
        if getattr(args, action.dest, action.default) != action.default:
            shown = action.option_strings[0] if action.option_strings else action.metavar or action.dest
            parser.error(f"{shown} is not an option of the {system.title} survey (--game {system.id})")
    return system.run_survey(args, parser.error)
