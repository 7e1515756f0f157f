"""Random setup by the rules: reproducible by seed, legal for its template, varied across seeds."""
import pytest

from crashgrab.engine.crash_and_grab.resolve import resolve_layout
from crashgrab.engine.crash_and_grab.setup import random_layout
from crashgrab.engine.crash_and_grab.templates import TEMPLATES
from crashgrab.engine.crash_and_grab.tileset_file import standard_tileset


@pytest.mark.parametrize("template_id", list(TEMPLATES))
def test_same_seed_same_board(template_id):
    a = random_layout(standard_tileset(), TEMPLATES[template_id], seed=7)
    b = random_layout(standard_tileset(), TEMPLATES[template_id], seed=7)
    assert a.placements == b.placements and dict(a.directions) == dict(b.directions)


@pytest.mark.parametrize("template_id", list(TEMPLATES))
@pytest.mark.parametrize("seed", range(25))
def test_every_random_board_is_legal_for_its_template(template_id, seed):
    template = TEMPLATES[template_id]
    layout = random_layout(standard_tileset(), template, seed)
    assert resolve_layout(layout).findings == ()
    for placement in layout.placements:
        assert template.slot_for(placement).refusal(layout.tileset, placement) is None


@pytest.mark.parametrize("template_id", list(TEMPLATES))
def test_seeds_give_varied_boards(template_id):
    template = TEMPLATES[template_id]
    boards = [random_layout(standard_tileset(), template, seed) for seed in range(40)]
    assert len({b.placements for b in boards}) == 40
    slot_orders = {tuple(p.tile for p in b.placements) for b in boards}
    sides = {p.side for b in boards for p in b.placements}
    rotations = {p.rotation for b in boards for p in b.placements}
    assert len(slot_orders) > 5 and sides == {"A", "B"} and rotations == {0, 90, 180, 270}
    assert len({tuple(b.directions.values()) for b in boards}) > 5
