"""The greedy policy's plan search, compiled by numba (imported when a greedy survey plays).

It tries every plan of the turn's usable dice (per die: unused, move, or turn to each facing the
ruling allows) in the order `fast.greedy_reference` does, plays the automatic part after each
when the turn has one, and returns the best value and every plan code reaching it, in that
order, so the pick (by the match's generator) is the same as the Python search's. A plan code
is the dice's options as digits, the first die most significant: 0 unused, 1 move, 2... the
n-th facing of `fast.turn_targets`. tests/test_crash_survey.py holds the two equal.
Everything comes in as arguments (numba's on-disk cache only notices changes to this file).
"""
from __future__ import annotations

import numpy as np
from numba import njit

OUT, SLOT = -1, -2


@njit(cache=True)
def _enter(car, target, place, occupant, score, junkyard):
    old = place[car]
    if old >= 0:
        occupant[old] = -1
    if target < 0:
        place[car] = OUT
        return
    owner = junkyard[target]
    if owner >= 0:
        place[car] = OUT
        score[owner] += 1
        return
    place[car] = target
    occupant[target] = car


@njit(cache=True)
def _move(car, place, face, occupant, score, neighbour, junkyard, start, line):
    at = place[car]
    facing = face[car]
    if at == SLOT:
        target = start[car]
        if target < 0:
            return
    else:
        target = neighbour[at, facing]
    count = 0
    cell = target
    while cell >= 0 and occupant[cell] >= 0:
        line[count] = occupant[cell]
        count += 1
        cell = neighbour[cell, facing]
    for i in range(count - 1, -1, -1):
        pushed = line[i]
        _enter(pushed, neighbour[place[pushed], facing], place, occupant, score, junkyard)
    _enter(car, target, place, occupant, score, junkyard)


@njit(cache=True)
def best_plans(place0, face0, occupant0, score0, neighbour, junkyard, start, cars, me, automatic, one_side, codes):
    """(best value, how many plan codes reach it); the codes are written into `codes`."""
    k = cars.shape[0]
    options = 4 if one_side else 7
    total = 1
    for _ in range(k):
        total *= options
    place = place0.copy()
    face = face0.copy()
    occupant = occupant0.copy()
    score = score0.copy()
    line = np.empty(12, np.int64)
    digits = np.zeros(3, np.int64)
    best = -1000
    found = 0
    for code in range(total):
        rest = code
        for j in range(k - 1, -1, -1):
            digits[j] = rest % options
            rest //= options
        place[:] = place0
        face[:] = face0
        occupant[:] = occupant0
        score[:] = score0
        valid = True
        for j in range(k):
            car = cars[j]
            option = digits[j]
            if place[car] == OUT:
                if option != 0:
                    valid = False
                    break
                continue
            if option == 1:
                _move(car, place, face, occupant, score, neighbour, junkyard, start, line)
            elif option >= 2:
                facing = face[car]
                if one_side:
                    face[car] = (facing + 1) % 6 if option == 2 else (facing + 5) % 6
                else:
                    index = option - 2
                    face[car] = index if index < facing else index + 1
        if not valid:
            continue
        if automatic:
            for car in range(6 * me, 6 * me + 6):
                if place[car] != OUT:
                    _move(car, place, face, occupant, score, neighbour, junkyard, start, line)
        value = score[me] - score[1 - me]
        if value > best:
            best = value
            found = 0
        if value == best:
            codes[found] = code
            found += 1
    return best, found
