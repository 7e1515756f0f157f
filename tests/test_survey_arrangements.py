"""Numbered arrangements of a template, and seeded samples of setups."""
from __future__ import annotations

import pytest

from crashgrab.engine.crash_and_grab.resolve import resolve_layout
from crashgrab.engine.crash_and_grab.setup import random_layout
from crashgrab.engine.crash_and_grab.survey.arrangements import arrangement_count, arrangements, sample_layout, sample_seed
from crashgrab.engine.crash_and_grab.templates import TEMPLATES
from crashgrab.engine.crash_and_grab.tileset_file import standard_tileset

TILESET = standard_tileset()


@pytest.fixture(scope="module")
def core():
    return arrangements(TEMPLATES["2-4"], TILESET)


def test_the_2_4_template_has_98304_distinct_arrangements(core):
    assert core.count == 98_304 == 24 * 16 * 256
    every = [core.choices(i) for i in range(core.count)]
    assert len(set(every)) == 98_304
    # ...and every one is 4 different core tiles, a side each and a quarter turn each.
    for choice in every[::997]:
        assert sorted(tile for tile, _, _ in choice) == ["1", "2", "3", "4"]
        assert all(side in ("A", "B") and rotation in (0, 90, 180, 270) for _, side, rotation in choice)


def test_iterating_gives_the_numbered_order(core):
    assert [c for _, c in zip(range(300), core)] == [core.choices(i) for i in range(300)]


@pytest.mark.parametrize("index, expected", [
    # Slots in template order: north-west, north-east, south-west, south-east.
    (0, (("1", "A", 0), ("2", "A", 0), ("3", "A", 0), ("4", "A", 0))),
    # The last digit is the south-east slot's rotation, then the south-west's, ...
    (1, (("1", "A", 0), ("2", "A", 0), ("3", "A", 0), ("4", "A", 90))),
    (4, (("1", "A", 0), ("2", "A", 0), ("3", "A", 90), ("4", "A", 0))),
    (255, (("1", "A", 270), ("2", "A", 270), ("3", "A", 270), ("4", "A", 270))),
    # ... then the sides (south-east first), then the order of the tiles.
    (256, (("1", "A", 0), ("2", "A", 0), ("3", "A", 0), ("4", "B", 0))),
    (256 * 8, (("1", "B", 0), ("2", "A", 0), ("3", "A", 0), ("4", "A", 0))),
    (4096, (("1", "A", 0), ("2", "A", 0), ("4", "A", 0), ("3", "A", 0))),
    (4096 * 6, (("2", "A", 0), ("1", "A", 0), ("3", "A", 0), ("4", "A", 0))),
    (98_303, (("4", "B", 270), ("3", "B", 270), ("2", "B", 270), ("1", "B", 270))),
])
def test_arrangement_numbers_are_mixed_radix_in_the_documented_order(core, index, expected):
    assert core.choices(index) == expected


@pytest.mark.parametrize("index", [-1, 98_304])
def test_numbers_outside_the_range_are_refused(core, index):
    with pytest.raises(IndexError):
        core.choices(index)


@pytest.mark.parametrize("index", [0, 1, 4321, 55_555, 98_303])
def test_an_arrangement_is_a_complete_legal_layout_of_its_template(core, index):
    layout = core.layout(index)
    assert layout.template == "2-4"
    assert resolve_layout(layout).findings == ()
    assert [(p.tile, p.side, p.rotation) for p in layout.placements] == list(core.choices(index))


@pytest.mark.parametrize("template, expected", [
    ("2-4", 24 * 2 ** 4 * 4 ** 4),
    # Cores as above; arms: 4! orders, 2 sides each, 2 rotations each; centre: 2 sides, 4 rotations.
    ("5", 24 * 2 ** 4 * 4 ** 4 * 24 * 2 ** 4 * 2 ** 4 * 2 * 4),
    ("6", 24 * 2 ** 4 * 4 ** 4 * 24 * 2 ** 4 * 2 ** 4 * 2 * 4),
])
def test_arrangement_counts(template, expected):
    assert arrangement_count(TEMPLATES[template], TILESET) == expected
    assert arrangements(TEMPLATES[template], TILESET).count == expected


def test_large_templates_decode_legal_arrangements_too():
    numbered = arrangements(TEMPLATES["6"], TILESET)
    for index in (0, numbered.count // 3, numbered.count - 1):
        assert resolve_layout(numbered.layout(index)).findings == ()


def test_a_sample_board_is_the_rules_setup_from_its_derived_seed():
    template = TEMPLATES["5"]
    layout = sample_layout(TILESET, template, 42, 7)
    expected = random_layout(TILESET, template, sample_seed(42, 7))
    assert layout.placements == expected.placements and layout.directions == expected.directions


def test_samples_are_reproducible_and_vary():
    template = TEMPLATES["6"]
    first = [sample_layout(TILESET, template, 3, i).placements for i in range(20)]
    again = [sample_layout(TILESET, template, 3, i).placements for i in range(20)]
    other_seed = [sample_layout(TILESET, template, 4, i).placements for i in range(20)]
    assert first == again
    assert len(set(first)) == 20
    assert first != other_seed


def test_derived_seeds_do_not_depend_on_anything_but_seed_and_index():
    assert sample_seed(1, 2) == sample_seed(1, 2)
    assert len({sample_seed(s, i) for s in range(10) for i in range(10)}) == 100
