"""Upgrade cards: buying (III. Turn Clean-up, 4), the deck and its reshuffle, when a card may
be used, and the refusals. Each implemented card also has a hand-worked scenario
(tests/scenarios/upgrade-*.json)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from crashgrab.engine.crash_and_grab.rules import EndRound, IllegalAction, MissingChoice, Round, Turn, apply, replay
from crashgrab.engine.crash_and_grab.rules.session import play_action
from crashgrab.engine.crash_and_grab.rules.upgrade_cards import UPGRADE_CARDS, UPGRADE_NAMES, default_deck
from tests.rules_support import game, kinds

STILL = Turn("red", "0-5", 0, direction="north")


def with_upgrades(state, color: str, cards, *, fresh=(), energy=None, deck=None, discard=()):
    saucer = replace(state.saucers[color], upgrades=tuple(cards), fresh=tuple(fresh))
    if energy is not None:
        saucer = replace(saucer, energy=energy)
    return replace(state, saucers=state.saucers.with_item(color, saucer),
                   upgrade_deck=tuple(deck if deck is not None else state.upgrade_deck),
                   upgrade_discard=tuple(discard))


def test_the_23_cards_and_the_two_player_deck():
    assert len(UPGRADE_CARDS) == 23 and list(UPGRADE_CARDS)[-3:] == [24, 25, 26]
    assert "Rotational Stabilizer" not in default_deck(2) and len(default_deck(2)) == 22
    assert len(default_deck(3)) == 23


def test_buying_asks_which_card_to_keep_and_auto_keeps_the_first_drawn():
    state = with_upgrades(game(["R..", "..B"]), "red", (), energy=3, deck=("Airlock", "Hyperdrive", "Cargo Hold"))
    turn = replace(STILL, choices={"upgrade": True})
    with pytest.raises(MissingChoice) as caught:
        apply(state, turn)
    assert (caught.value.choice, caught.value.options) == ("keep", ["Airlock", "Hyperdrive"])
    played, new_state, events = play_action(state, turn, auto_choices=True)
    assert played.choices["keep"] == "Airlock" and kinds(events) == ["upgrade"]
    red = new_state.saucers["red"]
    assert (red.energy, red.upgrades, red.fresh) == (1, ("Airlock",), ("Airlock",))
    assert new_state.upgrade_deck == ("Cargo Hold",) and new_state.upgrade_discard == ("Hyperdrive",)
    assert replay(state, events) == new_state


def test_the_discard_pile_is_reshuffled_when_the_deck_runs_out():
    # one card left: it and the first of the discard pile (in its order) are drawn
    state = with_upgrades(game(["R..", "..B"]), "red", (), energy=2, deck=("Airlock",),
                          discard=("Hyperdrive", "Cargo Hold"))
    new_state, events = apply(state, replace(STILL, choices={"upgrade": True, "keep": "Hyperdrive"}))
    assert events[0].drawn == ("Airlock", "Hyperdrive") and events[0].reshuffled == ("Hyperdrive", "Cargo Hold")
    assert new_state.upgrade_deck == ("Cargo Hold",) and new_state.upgrade_discard == ("Airlock",)
    assert replay(state, events) == new_state


@pytest.mark.parametrize("energy, deck, choices, message", [
    (1, ("Airlock", "Hyperdrive"), {"upgrade": True, "keep": "Airlock"}, "an upgrade costs 2"),
    (2, ("Airlock", "Hyperdrive"), {"upgrade": True, "keep": "Cargo Hold"}, "cannot keep Cargo Hold"),
    (2, (), {"upgrade": True}, "nothing to draw"),
    (2, ("Airlock", "Hyperdrive"), {"keep": "Airlock"}, "does not buy one"),
])
def test_bad_purchases_are_refused(energy, deck, choices, message):
    state = with_upgrades(game(["R..", "..B"]), "red", (), energy=energy, deck=deck)
    with pytest.raises(IllegalAction, match=message):
        apply(state, replace(STILL, choices=choices))


@pytest.mark.parametrize("cards, fresh, use, message", [
    ((), (), {"Hyperdrive": True}, "does not hold it"),
    (("Hyperdrive",), ("Hyperdrive",), {"Hyperdrive": True}, "acquired this round"),
    (("Airlock",), (), {"Airlock": [(3, 3)]}, "could not use"),  # no pickup this turn
    (("Quake Maker",), (), {"Quake Maker": {"tile": (0, 0), "rotation": 90}}, "not built from a layout"),
    (("Quake Maker",), (), {"Quake Maker": {"tile": (0, 0), "rotation": 45}}, "0, 90, 180 or 270"),
    (("Regeneration Gateway",), (), {"Regeneration Gateway": 2}, "could not use"),  # red is on the board
    ((), (), {"Warp Drive": True}, "not an upgrade card"),
    (("Saucer Teleporter",), (), {"Saucer Teleporter": 2}, "not an empty Crash Site"),  # blue is on site 2
    (("Wormhole Generator",), (), {"Wormhole Generator": "red"}, "not another saucer"),
    (("Blast Off Thrusters",), (), {"Blast Off Thrusters": "north"}, "not an empty space"),  # off the top
    (("Landing Legs",), (), {"Landing Legs": "sideways"}, "not a direction"),
    (("Boost Amplifier",), (), {"Boost Amplifier": 3}, "could not use"),  # no boost this turn
    (("Afterburner",), (), {"Afterburner": (1, 1)}, "not an empty space in red's row or column"),
    (("Afterburner",), (), {"Afterburner": (2, 0)}, "not an empty space in red's row or column"),  # blue
    (("Pulse Cannon",), (), {"Pulse Cannon": "purple"}, "not a saucer in red's row or column"),
    (("Tractor Beam",), (), {"Tractor Beam": (1, 0)}, "no crewmember"),
    (("Distress Signaler",), (), {"Distress Signaler": {"from": "blue", "take": {"color": "red", "type": "pilot"},
                                                         "give": {"color": "red", "type": "pilot"}}}, "does not hold"),
    (("Organic Triangulator",), (), {"Organic Triangulator": (2, 0)}, "not an empty space"),
])
def test_abilities_that_cannot_be_used_are_refused(cards, fresh, use, message):
    state = with_upgrades(game(["R.2B", "...."], places={"blue": (2, 0)}), "red", cards, fresh=fresh)
    with pytest.raises(IllegalAction, match=message):
        apply(state, replace(STILL, choices={"upgrades": use}))


def test_an_end_of_turn_card_works_in_the_round_it_is_acquired():
    state = with_upgrades(game(["R...", "..B."]), "red", ("Landing Legs",), fresh=("Landing Legs",))
    new_state, events = apply(state, replace(STILL, choices={"upgrades": {"Landing Legs": "east"}}))
    assert new_state.saucers["red"].at == (1, 0)


def test_the_end_of_the_round_makes_fresh_cards_usable_and_places_with_the_scavenger_bot():
    state = with_upgrades(game(["1...", "..B."], off_board=("red",), dice=(1, 1)), "red", ("Scavenger Bot",),
                          fresh=("Scavenger Bot",))
    placed, events = apply(state, EndRound())
    assert kinds(events) == ["place", "probe"]  # acquired this round: not yet
    assert placed.saucers["red"].fresh == ()
    again = replace(placed, saucers=placed.saucers.with_item("red", replace(placed.saucers["red"], at=None)))
    _, events = apply(again, EndRound())
    assert kinds(events) == ["place", "ability", "bonus", "bonus", "probe"]


def test_an_end_of_turn_crash_is_penalised_and_its_pickup_replaced():
    # red moves 0, then its Landing Legs take it 1 east over the blue doctor and on: pickup at [1,0];
    # its replacement is the front of the blue queue (blue pilot), die 1: Crash Site 1 at [0,1]
    from crashgrab.engine.crash_and_grab.rules import Crew
    state = with_upgrades(game(["R...", "1.B."], crew={(1, 0): Crew("blue", "doctor")}, dice=(1,)), "red",
                          ("Landing Legs",))
    new_state, events = apply(state, replace(STILL, choices={"upgrades": {"Landing Legs": "east"}}))
    assert kinds(events) == ["ability", "move", "pickup", "place"]
    assert new_state.crew == {(0, 1): Crew("blue", "pilot")}


def test_upgrades_in_a_whole_round():
    state = with_upgrades(game(["R.....", "......", "..B..."]), "red", ("Hyperdrive",))
    plan = {"red": {"card": "2", "direction": "east"}, "blue": {"card": "0-5", "direction": "north", "distance": 0}}
    new_state, _ = apply(state, Round(plan, None, {"red": {"upgrades": {"Hyperdrive": True}}}))
    assert new_state.saucers["red"].at == (4, 0)


def test_every_card_has_a_scenario():
    from tests.conftest import ROOT
    names = {p.stem for p in (ROOT / "tests" / "scenarios").glob("upgrade-*.json")}
    for card in UPGRADE_NAMES:
        slug = card.lower().replace(" ", "-")
        assert any(slug in name for name in names), card


def test_organic_triangulator_needs_a_turn_without_a_grab():
    from crashgrab.engine.crash_and_grab.rules import Crew
    state = with_upgrades(game(["R1..", "2.B."], crew={(1, 0): Crew("blue", "doctor")}, dice=(2,)), "red",
                          ("Organic Triangulator",))
    with pytest.raises(IllegalAction, match="picked up or stole"):
        apply(state, Turn("red", "0-5", 1, direction="east", choices={"upgrades": {"Organic Triangulator": (3, 0)}}))


def test_regeneration_gateway_at_the_end_of_the_round():
    state = with_upgrades(game(["1.2.", "..B."], off_board=("red",)), "red", ("Regeneration Gateway",))
    new_state, events = apply(state, EndRound({"gateway": {"red": 2}}))
    assert kinds(events) == ["ability", "place", "probe"] and new_state.saucers["red"].at == (2, 0)
    with pytest.raises(IllegalAction, match="taken or not on the board"):
        apply(state, EndRound({"gateway": {"red": 5}}))
    fresh = with_upgrades(state, "red", ("Regeneration Gateway",), fresh=("Regeneration Gateway",))
    with pytest.raises(IllegalAction, match="acquired it this round"):
        apply(fresh, EndRound({"gateway": {"red": 2}}))


def test_the_rotational_stabilizer_needs_a_holder():
    state = game(["RYG.", "....", "123."])
    plan = {c: {"card": "0-5", "direction": "north", "distance": 0} for c in ("red", "yellow", "green")}
    with pytest.raises(IllegalAction, match="needs a saucer holding the Rotational Stabilizer"):
        apply(state, Round(plan, "left", {"stabilizer": "right"}))
