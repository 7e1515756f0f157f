"""The Tiled map looks like the editor's board: its shipped tileset image is what the editor's board
painter draws, and the map laid out tile by tile (as Tiled does, and as `tmxrasterizer` draws it) is
the editor's picture of the board, but for the tile labels and the markers, which are text objects.

Lettering depends on the fonts of the machine that paints it, so where a tile or cell holds a number
the pictures may differ a little; everywhere else they must agree to 2 levels of 255, but for a
cell's corner pixels on the board: where a tile's corner meets a hole diagonally, the editor's square
line cap reaches one pixel into the hole's corner, which a tile of one cell cannot know of.
"""
from __future__ import annotations

import os
import shutil
import subprocess

import numpy as np
import pytest
from PySide6.QtGui import QColor, QImage, QPainter

from crashgrab.editor.crash_and_grab.board_painter import paint_board
from crashgrab.editor.crash_and_grab.output.tiled_tileset import main as write_tileset, rgba_image, tileset_image
from crashgrab.engine.crash_and_grab import tiled_tiles
from crashgrab.engine.crash_and_grab.resolve import resolve_layout
from crashgrab.engine.crash_and_grab.tiled import tiled_map, write_tiled_map
from crashgrab.engine.formats.layout_io import load_layout
from crashgrab.engine.formats.png import decode_png
from tests.conftest import LAYOUTS
from tests.test_tiled_export import free_form_layout

SAME = 2  # levels of 255 two pictures of the same thing may differ by (antialiasing)
LETTERED_SHARE = 0.15  # of a lettered tile's or cell's pixels whose glyphs another font may draw differently
REGENERATE = ("the shipped Tiled tileset is not what the editor's painter draws: run `python -m "
              "crashgrab.editor.crash_and_grab.output.tiled_tileset layouts/tiled/crash-grab-tiles.png`")
CASES = {
    "standard-2-4p": lambda: load_layout(LAYOUTS / "standard-2-4p.json"),
    "standard-6p": lambda: load_layout(LAYOUTS / "standard-6p.json"),
    "free-form with holes": free_form_layout,
}


def pixels(image: QImage) -> np.ndarray:
    rgba = rgba_image(image)
    return np.frombuffer(rgba.pixels, np.uint8).reshape(rgba.height, rgba.width, 4).astype(int)


def shipped() -> np.ndarray:
    image = decode_png(tiled_tiles.tileset_png())
    return np.frombuffer(image.pixels, np.uint8).reshape(image.height, image.width, 4).astype(int)


def differing(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Which pixels differ by more than SAME in any channel."""
    return np.abs(a - b).max(axis=-1) > SAME


def agree(a: np.ndarray, b: np.ndarray, lettered: bool, corners: bool = False) -> bool:
    """Whether two tiles (or cells) show the same; `corners`: but for their four corner pixels."""
    different = differing(a, b)
    if corners:
        different[[0, 0, -1, -1], [0, -1, 0, -1]] = False
    return different.mean() <= LETTERED_SHARE if lettered else not different.any()


def test_the_shipped_tileset_is_what_the_editors_painter_draws(qapp):
    painted, ours = pixels(tileset_image()), shipped()
    assert painted.shape == ours.shape, REGENERATE
    size = tiled_tiles.TILE_SIZE
    for kind in tiled_tiles.TILE_KINDS:
        left, top = tiled_tiles.tile_origin(kind.local_id)
        window = (slice(top, top + size), slice(left, left + size))
        assert agree(painted[window], ours[window], kind.kind == "crash_site"), f"{REGENERATE} (tile {kind})"
    # The measure tells tiles apart: plain core paper is not plain arm paper, nor a Crash Site.
    core, arm, site = (tiled_tiles.tile_origin(gid - 1) for gid in (1, 16, 4))

    def tile(at):
        return ours[at[1]:at[1] + size, at[0]:at[0] + size]

    assert not agree(tile(core), tile(arm), lettered=True)
    assert not agree(tile(core), tile(site), lettered=True)


def test_each_tileset_row_has_the_paper_of_every_role_it_serves():
    """The tileset has one row per paper; every tile role the editor colours must get its own colour."""
    from crashgrab.editor.crash_and_grab import style
    from crashgrab.editor.crash_and_grab.output.tiled_tileset import ROW_ROLE

    assert set(style.PAPER) == set(tiled_tiles.PAPER_OF_ROLE)
    for role, colour in style.PAPER.items():
        assert style.PAPER[ROW_ROLE[tiled_tiles.paper_for(role)]] == colour, role
    assert style.PAPER[ROW_ROLE[tiled_tiles.paper_for("no such role")]] == style.DEFAULT_PAPER


def test_the_writer_writes_the_picture_it_paints(tmp_path, capsys, monkeypatch):
    from crashgrab.editor.crash_and_grab.output import tiled_tileset

    monkeypatch.setattr(tiled_tileset, "tileset_png", lambda: b"the painted picture")
    assert write_tileset([str(tmp_path / "tiles.png")]) == 0
    assert (tmp_path / "tiles.png").read_bytes() == b"the painted picture"
    assert write_tileset([str(tmp_path / "tiles.jpg")]) == 2 and "usage" in capsys.readouterr().err
    assert not (tmp_path / "tiles.jpg").exists()


def editors_board(layout) -> np.ndarray:
    """The board as the editor paints it at one cell a map tile, without markers or tile labels, on white."""
    board = resolve_layout(layout).board
    image = QImage(board.width * tiled_tiles.TILE_SIZE, board.height * tiled_tiles.TILE_SIZE, QImage.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    paint_board(painter, layout, float(tiled_tiles.TILE_SIZE), markers=False, tile_labels=False)
    painter.end()
    return pixels(image)


def laid_out(document) -> np.ndarray:
    """The map's tile layers drawn as Tiled draws them: each cell's tile from the shipped image,
    the layers in order, each over the last by its alpha, on white."""
    size, width = document["tilewidth"], document["width"]
    tiles = shipped()
    picture = np.full((document["height"] * size, width * size, 4), 255.0)
    for layer in (lay for lay in document["layers"] if lay["type"] == "tilelayer"):
        for index, gid in enumerate(layer["data"]):
            if gid == 0:
                continue
            left, top = tiled_tiles.tile_origin(gid - 1)
            source = tiles[top:top + size, left:left + size]
            alpha = source[..., 3:] / 255
            x, y = index % width * size, index // width * size
            target = picture[y:y + size, x:x + size]
            target[..., :3] = source[..., :3] * alpha + target[..., :3] * (1 - alpha)
    return np.rint(picture).astype(int)


def assert_same_board(picture: np.ndarray, layout) -> None:
    """`picture` is the editor's board, cell by cell (cells with a Crash Site's number within the lettering margin)."""
    board = resolve_layout(layout).board
    expected, size = editors_board(layout), tiled_tiles.TILE_SIZE
    assert picture.shape[:2] == expected.shape[:2]
    for y in range(board.height):
        for x in range(board.width):
            window = (slice(y * size, (y + 1) * size), slice(x * size, (x + 1) * size))
            feature = board.feature_at((x, y))
            lettered = feature is not None and feature.type == "crash_site"
            assert agree(picture[window][..., :3], expected[window][..., :3], lettered, corners=True), f"cell [{x},{y}]"


@pytest.mark.parametrize("case", CASES)
def test_the_map_laid_out_tile_by_tile_is_the_editors_board(qapp, case):
    layout = CASES[case]()
    assert_same_board(laid_out(tiled_map(layout)), layout)


def test_the_comparison_sees_a_wrong_tile(qapp):
    """The check above can fail: the map with one Accelerator shown as plain floor is not the board."""
    layout = CASES["standard-2-4p"]()
    document = tiled_map(layout)
    floor = next(lay for lay in document["layers"] if lay["name"] == "floor")
    floor["data"][floor["data"].index(3)] = 1
    with pytest.raises(AssertionError, match="cell"):
        assert_same_board(laid_out(document), layout)


@pytest.mark.skipif(shutil.which("tmxrasterizer") is None, reason="tmxrasterizer (Tiled's) is not installed")
@pytest.mark.parametrize("suffix", [".tmx", ".tmj"])
@pytest.mark.parametrize("case", ["standard-6p", "free-form with holes"])
def test_tmxrasterizer_draws_the_editors_board(qapp, tmp_path, case, suffix):
    layout = CASES[case]()
    write_tiled_map(layout, tmp_path / f"board{suffix}")
    subprocess.run(["tmxrasterizer", "--hide-layer", "tile labels", str(tmp_path / f"board{suffix}"),
                    str(tmp_path / "raster.png")], check=True, capture_output=True, timeout=120,
                   env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert_same_board(pixels(QImage(str(tmp_path / "raster.png"))), layout)
