"""Each template's geometry: its slots tile the whole board exactly once."""
import pytest

from crashgrab.engine.crash_and_grab.resolve import resolve_layout
from crashgrab.engine.crash_and_grab.templates import TEMPLATES, template_for_players
from crashgrab.engine.crash_and_grab.tileset_file import standard_tileset
from crashgrab.engine.grid.model import Placement
from crashgrab.engine.crash_and_grab.layout import Layout

# (template, board size, slot origin -> (roles, rotations)), from the slot list.
ANY = (0, 90, 180, 270)
EXPECTED = {
    "2-4": ((8, 8), {(0, 0): ("core", ANY), (4, 0): ("core", ANY), (0, 4): ("core", ANY), (4, 4): ("core", ANY)}),
    "5": ((9, 9), {(0, 0): ("core", ANY), (5, 0): ("core", ANY), (0, 5): ("core", ANY), (5, 5): ("core", ANY),
                   (0, 4): ("arm5", (0, 180)), (5, 4): ("arm5", (0, 180)),
                   (4, 0): ("arm5", (90, 270)), (4, 5): ("arm5", (90, 270)), (4, 4): ("centre5", ANY)}),
    "6": ((10, 10), {(0, 0): ("core", ANY), (6, 0): ("core", ANY), (0, 6): ("core", ANY), (6, 6): ("core", ANY),
                     (0, 4): ("arm6", (0, 180)), (6, 4): ("arm6", (0, 180)),
                     (4, 0): ("arm6", (90, 270)), (4, 6): ("arm6", (90, 270)), (4, 4): ("centre6", ANY)}),
}


@pytest.mark.parametrize("template_id", EXPECTED)
def test_slots_as_published(template_id):
    size, slots = EXPECTED[template_id]
    template = TEMPLATES[template_id]
    assert (template.width, template.height) == size
    assert {s.origin: (s.roles[0], s.rotations) for s in template.slots} == slots


@pytest.mark.parametrize("template_id", EXPECTED)
def test_a_tile_in_every_slot_covers_every_cell_once(template_id):
    template = TEMPLATES[template_id]
    tiles = standard_tileset()
    placements, used = [], set()
    for slot in template.slots:
        tile = next(t for t in tiles.tiles if t.kind in slot.roles and t.id not in used)
        used.add(tile.id)
        placements.append(Placement(tile.id, "A", slot.x, slot.y, slot.rotations[0]))
    layout = Layout("t", tiles, tuple(placements), template_id,
                    {"north": "Sun", "east": "Asteroids", "south": "Meteor", "west": "Stars"})
    resolution = resolve_layout(layout)
    assert resolution.findings == ()
    assert resolution.board.holes() == []
    assert len(resolution.board.cells()) == template.width * template.height


@pytest.mark.parametrize("players, template_id", [(2, "2-4"), (3, "2-4"), (4, "2-4"), (5, "5"), (6, "6")])
def test_player_count_picks_the_template(players, template_id):
    assert template_for_players(players).id == template_id


@pytest.mark.parametrize("players", [1, 7])
def test_player_counts_outside_2_to_6_are_refused(players):
    with pytest.raises(ValueError):
        template_for_players(players)
