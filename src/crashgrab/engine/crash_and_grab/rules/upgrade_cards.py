"""The 23 upgrade cards by collector number, and which step of a turn each one acts in.

Texts are summarised from the game's digital edition (issue 13 lists them); docs/rulings.md
gives each card's ruling where its text is open to readings.
"""
from __future__ import annotations

UPGRADE_CARDS: dict[int, str] = {
    1: "Blast Off Thrusters", 2: "Wormhole Generator", 3: "Afterburner", 4: "Pulse Cannon", 5: "Tractor Beam",
    6: "Saucer Teleporter", 7: "Cloaking Device", 8: "Waste Accelerator", 9: "Hyperdrive", 10: "Scavenger Bot",
    11: "Distress Signaler", 12: "Time Machine", 13: "Regeneration Gateway", 14: "Kinetic Siphon",
    15: "Cargo Hold", 16: "Proximity Mines", 17: "Landing Legs", 18: "Quake Maker", 19: "Rotational Stabilizer",
    20: "Airlock", 24: "Acceleration Regulator", 25: "Boost Amplifier", 26: "Organic Triangulator",
}
UPGRADE_NAMES: tuple[str, ...] = tuple(UPGRADE_CARDS.values())

# Cards whose text begins "at the end of your turn" (usable in the round they are acquired).
END_OF_TURN: frozenset[str] = frozenset({
    "Wormhole Generator", "Afterburner", "Pulse Cannon", "Tractor Beam", "Saucer Teleporter", "Cloaking Device",
    "Distress Signaler", "Landing Legs", "Quake Maker", "Organic Triangulator"})

def default_deck(players: int) -> tuple[str, ...]:
    """Every card in collector order; without the Rotational Stabilizer in 2-player games
    (Setup, step 4)."""
    return tuple(n for n in UPGRADE_NAMES if not (players == 2 and n == "Rotational Stabilizer"))
