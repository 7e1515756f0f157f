"""Upgrade cards in play: buying one (III. Turn Clean-up, 4) and using their abilities.

A turn says which abilities it uses in its "upgrades" choice, {card name: how}, because
"using an upgrade's ability is always optional" (never asked, never auto-chosen):
- "Hyperdrive": true            the card's move goes twice as far
- "Boost Amplifier": 1-6        the boost's distance
- "Acceleration Regulator": [n, ...]  1-4 off each Accelerator the saucer leaves, in order
- "Waste Accelerator": site      an empty Crash Site acts as an Accelerator once
- "Kinetic Siphon": true        a booster the first time the saucer pushes a saucer
- "Proximity Mines": true       a saucer it collides with crashes instead of being pushed
- "Blast Off Thrusters": direction   start of turn: 1 space onto an empty space
- "Landing Legs": direction     end of turn: move 1 space
- "Saucer Teleporter": site     end of turn: to an empty Crash Site
- "Wormhole Generator": saucer  end of turn: swap places
- "Afterburner": [x, y]         end of turn: onto an empty space in the saucer's row or column
- "Pulse Cannon": saucer        end of turn: push a saucer in its row or column 1 space away
- "Tractor Beam": [x, y]        end of turn: pick up a crewmember 1-2 spaces away in line
- "Cloaking Device": true       end of turn: off the board, placed at the End of Round
- "Distress Signaler": {"from": saucer, "take": crewmember, "give": crewmember}
                                end of turn: take back one of its colour, give one of that type
- "Organic Triangulator": [x, y]  end of turn, if it picked up or stole nothing: any empty space
- "Quake Maker": {"tile": [x, y], "rotation": 0|90|180|270}  end of turn: turn a tile
- "Airlock": [[x, y] or null, ...]  for each crewmember it picks up on its move, in order: the
                                cell of another crewmember to exchange it with (null: keep it)
- "Regeneration Gateway": site  when placed at the start of its turn: this Crash Site (at the
                                End of Round: the round's "gateway" choice, {saucer: site})
Scavenger Bot (when placed) and Cargo Hold (when bought) only help, so they act by themselves;
Time Machine frees a saucer's direction in a round (whole_round.py).
"""
from __future__ import annotations

from typing import Any

from ...grid.geometry import Direction
from ...grid.model import Cell
from .directions import resolve_direction
from .errors import IllegalAction, MissingChoice
from .events import AbilityUsed, Bonus, Exchange, Jump, Penalty, Pickup, Swap, TileTurned, Transfer, UpgradeBought
from .pieces import Crew
from .placement import crash_sites
from .play import Play
from .quake import tile_at
from .win import check_win
from .upgrade_cards import END_OF_TURN, UPGRADE_NAMES

END_OF_TURN_CARDS = ("Landing Legs", "Saucer Teleporter", "Wormhole Generator", "Afterburner", "Pulse Cannon",
                     "Tractor Beam", "Cloaking Device", "Distress Signaler", "Organic Triangulator", "Quake Maker")
NEEDS_THE_BOARD = frozenset(END_OF_TURN_CARDS) - {"Distress Signaler", "Quake Maker"}


def check_upgrade_choices(play: Play, saucer: str) -> None:
    saucer_state = play.state.saucers[saucer]
    for card in play.upgrade_choices:
        if card not in UPGRADE_NAMES:
            raise IllegalAction(f"{card!r} is not an upgrade card; the cards are {', '.join(UPGRADE_NAMES)}.")
        if not saucer_state.has_upgrade(card, end_of_turn=card in END_OF_TURN):
            why = "acquired this round" if card in saucer_state.upgrades else "does not hold it"
            raise IllegalAction(f"{saucer} cannot use {card}: it {why}.")


def empty(play: Play, cell: Cell) -> bool:
    """An empty space: on the board, with no saucer and no crewmember on it (ruling empty-space)."""
    state = play.state
    return state.board.on_board(cell) and not state.occupied(cell)


def _direction(play: Play, card: str, value: Any) -> Direction:
    direction = resolve_direction(value, play.state.directions)
    if direction is None:
        raise IllegalAction(f"{card}: {value!r} is not a direction.")
    return direction


# --- during the move ---------------------------------------------------------------------------
def move_distance(play: Play, saucer: str, distance: int) -> int:
    if play.ability("Hyperdrive"):
        play.emit(AbilityUsed(saucer, "Hyperdrive", f"the move goes {distance * 2} instead of {distance}"))
        return distance * 2
    return distance


def boost_distance(play: Play, saucer: str, distance: int) -> int:
    chosen = play.ability("Boost Amplifier")
    if chosen is None:
        return distance
    if chosen not in range(1, 7):
        raise IllegalAction(f"Boost Amplifier moves 1 to 6, not {chosen!r}.")
    play.emit(AbilityUsed(saucer, "Boost Amplifier", f"the boost goes {chosen}"))
    return chosen


def accelerator_distance(play: Play, saucer: str, distance: int) -> int:
    """Acceleration Regulator: the next listed distance (1-4) off this Accelerator."""
    listed = play.upgrade_choices.get("Acceleration Regulator")
    if saucer != play.turn_saucer or listed is None:
        return distance
    play.upgrades_used.add("Acceleration Regulator")
    index = play.regulated
    if index >= len(listed):
        return distance
    play.regulated += 1
    chosen = listed[index]
    if chosen not in range(1, 5):
        raise IllegalAction(f"Acceleration Regulator moves 1 to 4 off an Accelerator, not {chosen!r}.")
    play.emit(AbilityUsed(saucer, "Acceleration Regulator", f"{chosen} off this Accelerator instead of {distance}"))
    return chosen


def acts_as_accelerator(play: Play, saucer: str, cell: Cell) -> bool:
    """Waste Accelerator: the chosen Crash Site, empty when the saucer reaches it, once a turn."""
    site = play.upgrade_choices.get("Waste Accelerator")
    if site is None or saucer != play.turn_saucer or play.waste_used:
        return False
    if crash_sites(play.state.board).get(site) != cell:
        return False
    play.waste_used = True
    play.upgrades_used.add("Waste Accelerator")
    play.emit(AbilityUsed(saucer, "Waste Accelerator", f"Crash Site {site} acts as an Accelerator"))
    return True


def mines(play: Play, saucer: str) -> bool:
    return saucer == play.turn_saucer and bool(play.ability("Proximity Mines", mark=True))


def siphon(play: Play, saucer: str) -> None:
    """Kinetic Siphon: a booster the first time the turn's saucer pushes a saucer."""
    if saucer != play.turn_saucer or play.siphoned or not play.ability("Kinetic Siphon", mark=True):
        return
    play.siphoned = True
    play.emit(AbilityUsed(saucer, "Kinetic Siphon", "a push: take a booster"))
    play.emit(Bonus(saucer, "booster"))


def airlock(play: Play, saucer: str, picked, at: Cell) -> None:
    """Airlock: after each own pickup, maybe exchange it for another crewmember on the board."""
    listed = play.upgrade_choices.get("Airlock")
    if saucer != play.turn_saucer or listed is None:
        return
    play.upgrades_used.add("Airlock")
    index, play.airlocked = play.airlocked, play.airlocked + 1
    if index >= len(listed) or listed[index] is None:
        return
    there = _cell("Airlock", listed[index])
    taken = play.state.crew.get(there)
    if taken is None:
        raise IllegalAction(f"Airlock: there is no crewmember at [{there[0]},{there[1]}] to exchange the {picked} for.")
    play.emit(AbilityUsed(saucer, "Airlock", f"the {picked} for the {taken}"))
    play.emit(Exchange(saucer, picked, taken, there))
    check_win(play, saucer)


# --- placing ------------------------------------------------------------------------------------
def gateway_site(play: Play, saucer: str) -> int | None:
    """Regeneration Gateway: the Crash Site chosen for placing the turn's saucer."""
    site = play.ability("Regeneration Gateway") if saucer == play.turn_saucer else None
    if site is not None:
        play.emit(AbilityUsed(saucer, "Regeneration Gateway", f"placed on Crash Site {site}"))
    return site


def scavenger_bot(play: Play, saucer: str) -> None:
    """When the saucer is placed: a booster and an energy (not the round it was acquired)."""
    if play.state.saucers[saucer].has_upgrade("Scavenger Bot"):
        play.emit(AbilityUsed(saucer, "Scavenger Bot", "placed: take a booster and an energy"))
        play.emit(Bonus(saucer, "booster"))
        play.emit(Bonus(saucer, "energy"))


# --- start and end of turn ----------------------------------------------------------------------
def blast_off(play: Play, saucer: str) -> None:
    value = play.ability("Blast Off Thrusters")
    if value is None:
        return
    direction = _direction(play, "Blast Off Thrusters", value)
    here = play.state.saucers[saucer].at
    assert here is not None  # a saucer is placed before its start-of-turn abilities
    dx, dy = direction.delta
    there = (here[0] + dx, here[1] + dy)
    if not empty(play, there):
        raise IllegalAction(f"Blast Off Thrusters: {direction.value} of {saucer} is not an empty space.")
    play.emit(AbilityUsed(saucer, "Blast Off Thrusters", f"1 space {direction.value}"))
    play.emit(Jump(saucer, here, there))


def end_of_turn(play: Play, saucer: str, move) -> None:
    """The end-of-turn abilities the turn uses, in the order its choice lists them."""
    for card in list(play.upgrade_choices):
        if card not in END_OF_TURN_CARDS:
            continue
        value = play.ability(card)
        here = play.state.saucers[saucer].at
        if here is None and card in NEEDS_THE_BOARD:
            raise IllegalAction(f"{saucer} is off the board at the end of its turn, so it cannot use {card}.")
        _END_OF_TURN[card](play, saucer, here, value, move)  # type: ignore[arg-type]  # None only where allowed


def _landing_legs(play: Play, saucer: str, here: Cell, value, move) -> None:
    direction = _direction(play, "Landing Legs", value)
    play.emit(AbilityUsed(saucer, "Landing Legs", f"1 space {direction.value}"))
    move(play, saucer, direction, 1, pushed=False, phase="move")


def _teleporter(play: Play, saucer: str, here: Cell, value, move) -> None:
    cell = crash_sites(play.state.board).get(value)
    if cell is None or not empty(play, cell):
        raise IllegalAction(f"Saucer Teleporter: Crash Site {value!r} is not an empty Crash Site.")
    play.emit(AbilityUsed(saucer, "Saucer Teleporter", f"to Crash Site {value}"))
    play.emit(Jump(saucer, here, cell))


def _wormhole(play: Play, saucer: str, here: Cell, value, move) -> None:
    other = play.state.saucers.get(value)
    if other is None or other.at is None or value == saucer:
        raise IllegalAction(f"Wormhole Generator: {value!r} is not another saucer on the board.")
    play.emit(AbilityUsed(saucer, "Wormhole Generator", f"swap with {value}"))
    play.emit(Swap(saucer, value, here, other.at))


def _cell(card: str, value) -> Cell:
    if not (isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(v, int) for v in value)):
        raise IllegalAction(f"{card}: {value!r} is not a cell [x, y].")
    return (value[0], value[1])


def _in_line(here: Cell, there: Cell) -> bool:
    return here != there and (here[0] == there[0] or here[1] == there[1])


def _afterburner(play: Play, saucer: str, here: Cell, value, move) -> None:
    there = _cell("Afterburner", value)
    if not _in_line(here, there) or not empty(play, there):
        raise IllegalAction(f"Afterburner: [{there[0]},{there[1]}] is not an empty space in {saucer}'s row or column.")
    play.emit(AbilityUsed(saucer, "Afterburner", f"to [{there[0]},{there[1]}]"))
    play.emit(Jump(saucer, here, there))


def _pulse_cannon(play: Play, saucer: str, here: Cell, value, move) -> None:
    other = play.state.saucers.get(value)
    if other is None or other.at is None or not _in_line(here, other.at):
        raise IllegalAction(f"Pulse Cannon: {value!r} is not a saucer in {saucer}'s row or column.")
    dx, dy = other.at[0] - here[0], other.at[1] - here[1]
    away = next(d for d in Direction if d.delta == ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0)))
    play.emit(AbilityUsed(saucer, "Pulse Cannon", f"push {value} 1 space {away.value}"))
    move(play, value, away, 1, pushed=True)


def _tractor_beam(play: Play, saucer: str, here: Cell, value, move) -> None:
    there = _cell("Tractor Beam", value)
    crew = play.state.crew.get(there)
    distance = abs(there[0] - here[0]) + abs(there[1] - here[1])
    if crew is None or not _in_line(here, there) or distance > 2:
        raise IllegalAction(f"Tractor Beam: no crewmember at [{there[0]},{there[1]}] in {saucer}'s row or column "
                            "up to 2 spaces away.")
    play.emit(AbilityUsed(saucer, "Tractor Beam", f"the {crew} at [{there[0]},{there[1]}]"))
    play.emit(Pickup(saucer, crew, there, not play.state.saucers[saucer].stack(crew.type)))
    play.pickups.append(crew)
    check_win(play, saucer)


def _cloaking(play: Play, saucer: str, here: Cell, value, move) -> None:
    play.emit(AbilityUsed(saucer, "Cloaking Device", "off the board until the End of Round"))
    play.emit(Jump(saucer, here, None))


def _distress(play: Play, saucer: str, here: Cell | None, value, move) -> None:
    try:
        other, take, give = value["from"], Crew.from_json(value["take"]), Crew.from_json(value["give"])
    except (KeyError, TypeError, ValueError):
        raise IllegalAction("Distress Signaler needs {\"from\": saucer, \"take\": crewmember, "
                            "\"give\": crewmember}.") from None
    state = play.state
    if other not in state.saucers or other == saucer or not state.saucers[other].holds(take):
        raise IllegalAction(f"Distress Signaler: {other!r} does not hold the {take}.")
    if take.color != saucer:
        raise IllegalAction(f"Distress Signaler takes back a crewmember of {saucer}'s colour, not the {take}.")
    if give.type != take.type or not state.saucers[saucer].holds(give):
        raise IllegalAction(f"Distress Signaler gives back a {take.type} {saucer} holds, not the {give}.")
    play.emit(AbilityUsed(saucer, "Distress Signaler", f"the {take} from {other} for the {give}"))
    play.emit(Transfer(other, saucer, take))
    play.emit(Transfer(saucer, other, give))
    check_win(play, saucer)
    check_win(play, other)


def _triangulator(play: Play, saucer: str, here: Cell, value, move) -> None:
    grabbed = any((isinstance(e, Pickup) and e.saucer == saucer) or
                  (isinstance(e, Penalty) and e.outcome == "steal" and e.receiver == saucer) for e in play.events)
    if grabbed:
        raise IllegalAction(f"Organic Triangulator: {saucer} picked up or stole a crewmember this turn.")
    there = _cell("Organic Triangulator", value)
    if not empty(play, there):
        raise IllegalAction(f"Organic Triangulator: [{there[0]},{there[1]}] is not an empty space.")
    play.emit(AbilityUsed(saucer, "Organic Triangulator", f"to [{there[0]},{there[1]}]"))
    play.emit(Jump(saucer, here, there))


def _quake_maker(play: Play, saucer: str, here: Cell | None, value, move) -> None:
    try:
        cell, rotation = _cell("Quake Maker", value["tile"]), value["rotation"]
    except (KeyError, TypeError):
        raise IllegalAction("Quake Maker needs {\"tile\": [x, y], \"rotation\": 0, 90, 180 or 270}.") from None
    if rotation not in (0, 90, 180, 270):
        raise IllegalAction(f"Quake Maker turns a tile to 0, 90, 180 or 270 degrees, not {rotation!r}.")
    _, placement, tile = tile_at(play.state, cell)
    if tile.width != tile.height:
        raise IllegalAction(f"Quake Maker: tile {tile.id} is not square, so turning it would change the board's shape.")
    play.emit(AbilityUsed(saucer, "Quake Maker", f"tile {tile.id} from {placement.rotation}\u00b0 to {rotation}\u00b0"))
    play.emit(TileTurned(saucer, tile.id, (placement.x, placement.y), rotation))


_END_OF_TURN = {"Landing Legs": _landing_legs, "Saucer Teleporter": _teleporter, "Wormhole Generator": _wormhole,
                "Afterburner": _afterburner, "Pulse Cannon": _pulse_cannon, "Tractor Beam": _tractor_beam,
                "Cloaking Device": _cloaking, "Distress Signaler": _distress, "Organic Triangulator": _triangulator,
                "Quake Maker": _quake_maker}


# --- buying ---------------------------------------------------------------------------------------
def buy_upgrade(play: Play, saucer: str) -> None:
    """"You may trade in 2 energy cubes to draw 2 upgrade cards, keeping one": the turn's
    "upgrade": true, and "keep" (asked, options the two drawn)."""
    if not play.choices.get("upgrade"):
        if "keep" in play.choices:
            raise IllegalAction("the turn keeps an upgrade card but does not buy one; add \"upgrade\": true.")
        return
    state = play.state
    if state.saucers[saucer].energy < 2:
        raise IllegalAction(f"{saucer} has {state.saucers[saucer].energy} energy; an upgrade costs 2.")
    deck = state.upgrade_deck
    reshuffled: tuple[str, ...] = ()
    if len(deck) < 2 and state.upgrade_discard:
        reshuffled = state.upgrade_discard
    drawn = (deck + reshuffled)[:2]
    if not drawn:
        raise IllegalAction("the upgrade deck and its discard pile are empty: there is nothing to draw.")
    kept = play.choices.get("keep")
    if kept is None:
        if len(drawn) > 1:
            raise MissingChoice("keep", drawn, saucer=saucer, reason="which upgrade card to keep face up")
        kept = drawn[0]
    if kept not in drawn:
        raise IllegalAction(f"{saucer} drew {' and '.join(drawn)}, so it cannot keep {kept}.")
    play.emit(UpgradeBought(saucer, drawn, kept, reshuffled))
    if kept == "Cargo Hold":
        play.emit(AbilityUsed(saucer, "Cargo Hold", "take 3 boosters"))
        play.emit(Bonus(saucer, "booster", 3))
