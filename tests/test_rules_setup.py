"""Setup steps 3, 8 and 9 by the rulebook, worked by hand for 2 to 6 players.

The board is two rows of Crash Sites, 1-6 on top, 7-12 below; every die shows 1, so each
placement takes the lowest free site: the n-th piece placed lands on site n.
"""
from __future__ import annotations

from dataclasses import replace

import pytest

from crashgrab.engine.crash_and_grab.rules import Crew, IllegalAction, MissingChoice, SetUp, apply, replay
from crashgrab.engine.crash_and_grab.rules.dice import seed_state, shuffled
from crashgrab.engine.crash_and_grab.rules.upgrade_cards import default_deck
from crashgrab.engine.crash_and_grab.rules.session import play_action
from tests.rules_support import game

SITES = ["123456", "789abc"]


def site_cell(site: int) -> tuple[int, int]:
    return ((site - 1) % 6, (site - 1) // 6)


def empty_game(players: list[tuple[str, tuple[str, ...]]], probe: str):
    colors = tuple(c for _, s in players for c in s)
    return game(SITES, players=players, off_board=colors, probe=probe)


ONE_EACH = [("p1", ("red",)), ("p2", ("yellow",)), ("p3", ("green",)), ("p4", ("blue",)), ("p5", ("purple",)),
            ("p6", ("orange",))]

# players, probe, setup choices, then by hand: who gets an energy (step 3, in seat order from the
# Probe holder), the order the saucers are placed (step 8), who takes a booster, whose Pilots are
# placed, in order (step 9).
CASES = [
    pytest.param([("p1", ("red", "yellow")), ("p2", ("green", "blue"))], "p2", {"pilot": "blue", "booster": "yellow"},
                 ["green", "red"], ["green", "blue", "red", "yellow"], ["yellow"], ["blue", "red"], id="2 players"),
    pytest.param([("p1", ("red", "yellow")), ("p2", ("green", "blue"))], "p1", {"pilot": "red", "booster": "green"},
                 ["red", "green"], ["red", "yellow", "green", "blue"], ["green"], ["red", "blue"],
                 id="2 players, p1 holds the Probe"),
    # 3 players: the booster step is skipped; the Probe holder's saucer places no Pilot
    pytest.param(ONE_EACH[:3], "p2", {}, ["yellow", "green", "red"], ["yellow", "green", "red"], [],
                 ["green", "red"], id="3 players"),
    # 4 players: p1 sits to the right of p2 (the seat before it): booster, no Pilot
    pytest.param(ONE_EACH[:4], "p2", {}, ["yellow", "green", "blue", "red"], ["yellow", "green", "blue", "red"],
                 ["red"], ["green", "blue"], id="4 players"),
    # 5 players, p1 holds the Probe: p5 sits to its right
    pytest.param(ONE_EACH[:5], "p1", {}, ["red", "yellow", "green", "blue", "purple"],
                 ["red", "yellow", "green", "blue", "purple"], ["purple"], ["yellow", "green", "blue"],
                 id="5 players"),
    # 6 players, p4 holds the Probe: order p4 p5 p6 p1 p2 p3; p3 sits to its right
    pytest.param(ONE_EACH, "p4", {}, ["blue", "purple", "orange", "red", "yellow", "green"],
                 ["blue", "purple", "orange", "red", "yellow", "green"], ["green"],
                 ["purple", "orange", "red", "yellow"], id="6 players"),
]


@pytest.mark.parametrize("players, probe, choices, energy, saucers, boosters, pilots", CASES)
def test_setup_step_9_as_the_rulebook_states(players, probe, choices, energy, saucers, boosters, pilots):
    state = empty_game(players, probe)
    dice = (1,) * (len(saucers) + len(pilots))
    new_state, events = apply(state, SetUp(dice=dice, choices=choices))
    assert [(e.saucer, e.item) for e in events if e.kind == "bonus"] == (
        [(c, "energy") for c in energy] + [(c, "booster") for c in boosters])
    placed = [e for e in events if e.kind == "place"]
    assert [e.saucer for e in placed[:len(saucers)]] == saucers
    assert [e.crew for e in placed[len(saucers):]] == [Crew(c, "pilot") for c in pilots]
    assert [e.site for e in placed] == list(range(1, len(placed) + 1))
    # energy first (step 3), saucers (step 8), then step 9: with 2 players the Probe player's
    # Pilot, the other player's booster, their Pilot; with 3+ the booster, then the Pilots
    step_9 = ["place", "bonus", "place"] if len(players) == 2 else ["bonus"] * len(boosters) + ["place"] * len(pilots)
    assert [e.kind for e in events] == ["bonus"] * len(energy) + ["place"] * len(saucers) + step_9
    for index, color in enumerate(saucers):
        assert new_state.saucers[color].at == site_cell(index + 1)
    assert {crew: cell for cell, crew in new_state.crew.items()} == {
        Crew(c, "pilot"): site_cell(len(saucers) + i + 1) for i, c in enumerate(pilots)}
    assert {c: s.boosters for c, s in new_state.saucers.items() if s.boosters} == {c: 1 for c in boosters}
    assert {c: s.energy for c, s in new_state.saucers.items() if s.energy} == {c: 1 for c in energy}
    for color in {c for _, s in players for c in s} - set(pilots):
        assert new_state.lost[color][0] == "pilot"  # not placed: still at the front of its queue
    assert new_state.crew_count() == 24
    assert replay(state, events) == new_state


@pytest.mark.parametrize("count, pilots_on_board", [(2, 2), (3, 2), (4, 2), (5, 3), (6, 4)])
def test_how_many_pilots_start_on_the_board(count, pilots_on_board):
    players = ([("p1", ("red", "yellow")), ("p2", ("green", "blue"))] if count == 2 else ONE_EACH[:count])
    played = play_action(empty_game(players, "p1"), SetUp(seed=3), auto_choices=True)[1]
    assert len(played.crew) == pilots_on_board


def test_two_player_choices_are_asked_in_order_and_auto_choices_takes_the_first():
    state = empty_game([("p1", ("red", "yellow")), ("p2", ("green", "blue"))], "p2")
    with pytest.raises(MissingChoice) as pilot:
        apply(state, SetUp(seed=1))
    assert pilot.value.choice == "pilot" and pilot.value.options == ["green", "blue"]
    action = SetUp(seed=1).answered(pilot.value, "blue")
    with pytest.raises(MissingChoice) as booster:
        apply(state, action)
    assert booster.value.choice == "booster" and booster.value.options == ["red", "yellow"]
    played, new_state, events = play_action(state, SetUp(seed=1), auto_choices=True)
    assert played.choices == {"pilot": "green", "booster": "red"}
    assert new_state.saucers["red"].boosters == 1 and new_state.saucers["yellow"].boosters == 0
    assert {crew for crew in new_state.crew.values()} == {Crew("green", "pilot"), Crew("yellow", "pilot")}


def test_a_two_player_game_of_one_saucer_each_needs_no_choice():
    state = empty_game([("p1", ("red",)), ("p2", ("blue",))], "p1")
    new_state, _ = apply(state, SetUp(dice=(1, 1, 1)))
    assert new_state.saucers["blue"].boosters == 1 and set(new_state.crew.values()) == {Crew("red", "pilot")}


@pytest.mark.parametrize("players, choices, message", [
    ([("p1", ("red", "yellow")), ("p2", ("green", "blue"))], {"pilot": "green"}, "choose one of red, yellow"),
    ([("p1", ("red", "yellow")), ("p2", ("green", "blue"))], {"pilot": "red", "booster": "red"},
     "choose one of green, blue"),
    (ONE_EACH[:4], {"booster": "red"}, "only for 2-player games"),
    (ONE_EACH[:4], {"colour": "red"}, "unknown setup choice"),
])
def test_bad_setup_choices_are_refused(players, choices, message):
    with pytest.raises(IllegalAction, match=message):
        apply(empty_game(players, "p1"), SetUp(dice=(1,) * 12, choices=choices))


# --- Setup, step 4: "Shuffle the remaining upgrade cards" ------------------------------------------
TWO_PLAYERS = [("p1", ("red", "yellow")), ("p2", ("green", "blue"))]
TWO_PLAYER_CHOICES = {"pilot": "red", "booster": "green"}  # p1 holds the Probe


def with_deck(players):
    """A game before setup, its upgrade deck in collector order as new_game builds it."""
    return replace(empty_game(players, "p1"), upgrade_deck=default_deck(len(players)))


def _seeded_setup(seed, players=ONE_EACH[:4], choices=None):
    return apply(with_deck(players), SetUp(seed=seed, choices=choices or {}))


def test_a_seeded_setup_shuffles_the_upgrade_deck_and_the_same_seed_deals_the_same():
    tops = {seed: _seeded_setup(seed)[0].upgrade_deck[0] for seed in (1, 2, 3)}
    assert len(set(tops.values())) > 1, tops          # before the fix: Blast Off Thrusters for every seed
    one, events = _seeded_setup(7)
    assert one.upgrade_deck == _seeded_setup(7)[0].upgrade_deck
    assert sorted(one.upgrade_deck) == sorted(default_deck(4))           # the same 23 cards
    assert one.upgrade_deck != default_deck(4)
    assert events[-1].kind == "shuffle" and events[-1].deck == one.upgrade_deck
    assert replay(with_deck(ONE_EACH[:4]), events) == one


def test_the_shuffle_comes_after_the_rolls_so_seeded_placements_are_unchanged():
    """Worked by hand: the shuffle draws its numbers after the setup's rolls, so the pieces stand
    where the same seed put them before the deck was shuffled."""
    state = with_deck(ONE_EACH[:4])
    mixed, _ = apply(state, SetUp(seed=7))
    unshuffled, _ = apply(state, SetUp(seed=7, scripted_upgrade_deck=True))
    assert {c: s.at for c, s in mixed.saucers.items()} == {c: s.at for c, s in unshuffled.saucers.items()}
    assert mixed.crew == unshuffled.crew
    assert unshuffled.upgrade_deck == default_deck(4)


def test_two_players_shuffle_22_cards_without_the_rotational_stabilizer():
    state, _ = _seeded_setup(3, TWO_PLAYERS, TWO_PLAYER_CHOICES)
    assert len(state.upgrade_deck) == 22 and "Rotational Stabilizer" not in state.upgrade_deck


def test_without_the_setups_seed_the_states_generator_shuffles_and_advances():
    state = replace(with_deck(ONE_EACH[:3]), rng=seed_state(5))
    new_state, events = apply(state, SetUp(dice=(1, 2, 3, 4, 5)))
    shuffle = events[-1]
    assert (shuffle.kind, shuffle.source, shuffle.draws) == ("shuffle", "seed", 22)
    expected, after, _ = shuffled(default_deck(3), seed_state(5))
    assert new_state.upgrade_deck == expected and new_state.rng == after
    assert replay(state, events) == new_state


def test_a_setup_with_only_scripted_dice_has_nothing_to_shuffle_with():
    new_state, events = apply(with_deck(ONE_EACH[:3]), SetUp(dice=(1, 2, 3, 4, 5)))
    assert new_state.upgrade_deck == default_deck(3) and "shuffle" not in [e.kind for e in events]


@pytest.mark.parametrize("seed", [0, 1, 2**64 - 1])
def test_the_shuffle_is_a_permutation(seed):
    cards = tuple(range(23))
    order, _, draws = shuffled(cards, seed)
    assert sorted(order) == list(cards) and draws == 22
