"""Placing a saucer or a lost crewmember on a Crash Site by the 12-faced die.

Roll; if that Crash Site holds a saucer or a crewmember, add 1 (12 wraps to 1) until a
free one is found. A site number the board lacks counts as taken (ruling missing-site).
"""
from __future__ import annotations

from ...grid.model import Board, Cell
from ..terms import CRASH_SITE
from .dice import next_free_site
from .errors import IllegalAction
from .events import Place
from .pieces import COLORS, Crew
from .play import Play

_SITES: dict[int, tuple[Board, dict[int, Cell]]] = {}


def crash_sites(board: Board) -> dict[int, Cell]:
    """Crash Site number -> cell (cached per board object; boards are immutable)."""
    cached = _SITES.get(id(board))
    if cached is not None and cached[0] is board:
        return cached[1]
    sites: dict[int, Cell] = {}
    for cell, feature in board.features.items():
        if feature.type == CRASH_SITE and feature.number is not None and feature.number not in sites:
            sites[feature.number] = cell
    if len(_SITES) > 64:
        _SITES.clear()
    _SITES[id(board)] = (board, sites)
    return sites


def place_by_die(play: Play, *, reason: str, saucer: str | None = None, crew: Crew | None = None,
                 site: int | None = None) -> None:
    """Roll and place; `site`: a Crash Site chosen instead of rolling (Regeneration Gateway)."""
    what = saucer if saucer is not None else f"the {crew}"
    if site is not None:
        cell = crash_sites(play.state.board).get(site)
        if cell is None or play.state.occupied(cell):
            raise IllegalAction(f"{what} cannot be placed on Crash Site {site!r}: it is taken or not on the board.")
        play.emit(Place("saucer" if saucer is not None else "crew", saucer, crew, site, (site,), site, cell,
                        "choice", reason))
        return
    result, source = play.roll(what)
    sites = crash_sites(play.state.board)
    tried = next_free_site(result, lambda site: site not in sites or play.state.occupied(sites[site]))
    if not tried:
        raise IllegalAction(f"{what} cannot be placed: every Crash Site is taken (or missing from the board).")
    site = tried[-1]
    play.emit(Place("saucer" if saucer is not None else "crew", saucer, crew, result, tuple(tried), site,
                    sites[site], source, reason))


def place_lost_crew(play: Play) -> None:
    """Turn Clean-up, Place Crewmembers: for each crewmember picked up this turn, the front
    of "that color's queue" is placed by the die (ruling replacement_queue "same_colour",
    the default); when that queue is empty, or with "any", the turn's player chooses a
    colour whose queue is not empty (choice lost_crew)."""
    picked_up, play.pickups_settled = play.pickups[play.pickups_settled:], len(play.pickups)
    for picked in picked_up:
        lost = play.state.lost
        options = [color for color in COLORS if lost.get(color)]
        if not options:
            return  # everyone is found: nothing left to place (ruling no-lost-crew)
        if play.state.rulings.replacement_queue == "same_colour" and lost.get(picked.color):
            color = picked.color
        else:
            fronts = ", ".join(f"{c} {lost[c][0]}" for c in options)
            color = play.choose("lost_crew", options, reason=f"which lost crewmember to place; fronts: {fronts}")
        place_by_die(play, reason="pickup", crew=Crew(color, lost[color][0]))
