"""Matches, tallies and workers. A match is two games on one board, p1 first in the first and
p2 first in the second; its seed is derived from the survey's seed and the match's index, so
the tally is the same whatever the number of workers (chunks are fixed, summed in order).
"""
from __future__ import annotations

import multiprocessing
import os
import random
from dataclasses import dataclass, field
from typing import Callable, Iterable

from ..model import CrashLayout
from ..rules.dice import derive_seed
from .fast import JUNK_P1, OFF, POLICIES, Board, Game, play_game

CHUNK = 25  # matches per piece of work


@dataclass
class Tally:
    """Integer counts only, so adding chunks in any grouping gives the same numbers."""
    matches: int = 0
    games: int = 0
    first_wins: int = 0
    second_wins: int = 0
    game_ties: int = 0
    unfinished: int = 0
    side_wins: list[int] = field(default_factory=lambda: [0, 0])
    match_ties: int = 0
    score_sum: list[int] = field(default_factory=lambda: [0, 0])
    turn_sum: int = 0
    # fates[car][k]: k 0 own junkyard, 1 other junkyard, 2 off the board, 3 still in play at the end
    fates: list[list[int]] = field(default_factory=lambda: [[0, 0, 0, 0] for _ in range(12)])

    def add(self, other: "Tally") -> None:
        self.matches += other.matches
        self.games += other.games
        self.first_wins += other.first_wins
        self.second_wins += other.second_wins
        self.game_ties += other.game_ties
        self.unfinished += other.unfinished
        self.match_ties += other.match_ties
        self.turn_sum += other.turn_sum
        for i in range(2):
            self.side_wins[i] += other.side_wins[i]
            self.score_sum[i] += other.score_sum[i]
        for car in range(12):
            for k in range(4):
                self.fates[car][k] += other.fates[car][k]


@dataclass(frozen=True)
class SurveyRequest:
    layout: CrashLayout
    matches: int
    seed: int
    policy: str
    variant: str = "standard"
    turning: str = "any"

    def chunks(self) -> list[tuple[int, int]]:
        return [(start, min(start + CHUNK, self.matches)) for start in range(0, self.matches, CHUNK)]


def play_match(board: Board, request: SurveyRequest, index: int, tally: Tally) -> None:
    match_seed = derive_seed(request.seed, index)
    rng = random.Random(derive_seed(match_seed, 0))
    policy = POLICIES[request.policy]
    totals = [0, 0]
    for first in (0, 1):
        game = Game(board, first, derive_seed(match_seed, first + 1), request.variant == "german",
                    request.turning == "one_side")
        play_game(game, policy, rng)
        tally.games += 1
        tally.turn_sum += game.turns
        if not game.over:
            tally.unfinished += 1
        a, b = game.score[first], game.score[1 - first]
        if a > b:
            tally.first_wins += 1
        elif b > a:
            tally.second_wins += 1
        else:
            tally.game_ties += 1
        for player in (0, 1):
            totals[player] += game.score[player]
            tally.score_sum[player] += game.score[player]
        for car in range(12):
            owner = car // 6
            fate = game.fate[car]
            if fate is None:
                if game.place[car] != -1:
                    tally.fates[car][3] += 1
            elif fate == OFF:
                tally.fates[car][2] += 1
            else:
                tally.fates[car][0 if fate - JUNK_P1 == owner else 1] += 1
    tally.matches += 1
    if totals[0] > totals[1]:
        tally.side_wins[0] += 1
    elif totals[1] > totals[0]:
        tally.side_wins[1] += 1
    else:
        tally.match_ties += 1


def run_chunk(job: tuple[SurveyRequest, int, int]) -> Tally:
    request, start, end = job
    board = Board.of(request.layout)
    tally = Tally()
    for index in range(start, end):
        play_match(board, request, index, tally)
    return tally


def default_workers() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def run_survey(request: SurveyRequest, workers: int = 1, progress: Callable[[int], None] | None = None) -> Tally:
    jobs = [(request, start, end) for start, end in request.chunks()]
    total = Tally()
    done = 0
    results: Iterable[Tally]
    if workers <= 1 or len(jobs) <= 1:
        results = map(run_chunk, jobs)
        pool = None
    else:
        pool = multiprocessing.get_context("spawn").Pool(min(workers, len(jobs)))
        results = pool.imap(run_chunk, jobs)
    try:
        for (_, start, end), tally in zip(jobs, results):
            total.add(tally)
            done += end - start
            if progress is not None:
                progress(done)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return total
