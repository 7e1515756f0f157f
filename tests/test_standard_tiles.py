"""layouts/tilesets/standard.json against the published tile list, transcribed here a second time."""
import pytest

from crashgrab.engine.crash_and_grab.tileset_file import standard_tileset

# (role, side A rows, side B rows), rows top to bottom, exactly as the rulebook lists them.
PUBLISHED = {
    "1": ("core", [". 1 . >", ". . 3 .", "2 . . .", "> . . ."], ["> 2 . .", ". . 1 .", ". . . 3", ". . . >"]),
    "2": ("core", [". . > .", ". . . 5", "4 > . .", ". . 6 ."], [". 4 . .", ". . > .", "6 . . >", ". . 5 ."]),
    "3": ("core", [". 7 . .", ". . 9 .", "> . . 8", ". > . ."], [". . > .", ". 8 . .", "> . . 9", ". . 7 ."]),
    "4": ("core", [". . 11 .", "10 . . .", ". . > .", ". 12 . >"], [". . 10 .", "12 > . .", ". . . 11", ". . . >"]),
    "5": ("arm5", [". . . >"], [". . > ."]),
    "6": ("arm5", [". . . ."], [". . . ."]),
    "7": ("arm5", [". > . ."], ["> . . ."]),
    "8": ("arm5", [". . . ."], [". . . ."]),
    "9": ("centre5", [">"], ["."]),
    "10": ("arm6", [". . . .", "> . . ."], [". . . >", ". . . ."]),
    "11": ("arm6", [". . . .", ". . > ."], [". > . .", ". . . ."]),
    "12": ("arm6", ["> . . .", ". . . ."], [". . . .", ". . . >"]),
    "13": ("arm6", [". . > .", ". . . ."], [". . . .", ". > . ."]),
    "14": ("centre6", [". .", ". >"], ["> .", ". ."]),
}


def drawn(tile, side):
    grid = [["."] * tile.width for _ in range(tile.height)]
    for f in tile.sides[side]:
        grid[f.y][f.x] = ">" if f.type == "accelerator" else str(f.number)
    return [" ".join(row) for row in grid]


def test_the_set_has_the_fourteen_tiles_in_order():
    assert standard_tileset().ids() == [str(n) for n in range(1, 15)]


@pytest.mark.parametrize("tile_id", list(PUBLISHED))
@pytest.mark.parametrize("side", ["A", "B"])
def test_tile_matches_the_published_grid(tile_id, side):
    role, side_a, side_b = PUBLISHED[tile_id]
    tile = standard_tileset().get(tile_id)
    expected = side_a if side == "A" else side_b
    assert tile.kind == role
    assert (tile.width, tile.height) == (len(expected[0].split()), len(expected))
    assert drawn(tile, side) == expected


@pytest.mark.parametrize("side_choice", [("A",) * 4, ("B",) * 4, ("A", "B", "A", "B")])
def test_the_core_tiles_carry_crash_sites_1_to_12_once_whatever_side_is_up(side_choice):
    tiles = standard_tileset()
    numbers = [f.number for tid, side in zip("1234", side_choice) for f in tiles.get(tid).sides[side]
               if f.type == "crash_site"]
    assert sorted(numbers) == list(range(1, 13))
