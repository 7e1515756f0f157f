"""`crashgrab survey --shape WxH|LAYOUT.json --tiles ID,ID,...`: a free-form survey's options,
checked before anything is listed; every fault is one message and exit 2.

--shape is a rectangle (`8x6`) or a layout file, whose covered cells are the shape (holes
and all); with a layout, --tiles and --tileset default to its tiles and its tile set, so a
designer can ask "which rearrangements of the tiles of this board are best". --tileset
FILE takes the tiles from a designer's set, else the standard tiles.
"""
from __future__ import annotations

import argparse
import re
from pathlib import Path

from ...errors import InvalidFileError, UsageError
from ...formats.layout_io import load_layout
from ...grid.model import TileSet
from ..layout import Layout
from ..tileset_file import load_tileset
from .freeform import MAX_COVERS, Shape, TooManyToCount, count_arrangements
from .freeform_request import FreeformRequest

QUICK_COVERS = 200_000    # covers listed without --all (a few seconds)
MAX_SIDE = 32             # cells a side of a --shape rectangle
_RECTANGLE = re.compile(r"^\s*(\d+)\s*[xX]\s*(\d+)\s*$")


def freeform_request_from_args(args: argparse.Namespace, select: tuple[str, ...] | None,
                               best: int) -> FreeformRequest:
    if args.players is not None or getattr(args, "template", None) is not None:
        raise UsageError("--shape gives the board itself; it is not for a template (--players or --template).",
                         hint="Leave out --players and --template, or --shape.")
    if args.sample is not None:
        raise UsageError("--sample is for a template's setups drawn by the rules; a free-form survey checks "
                         "every arrangement of its tiles.", hint="Leave out --sample (give --all for a large one).")
    shape, layout = parse_shape(args.shape)
    tileset: TileSet | None
    if getattr(args, "tileset", None):
        tileset = load_tileset(args.tileset)
    elif layout is not None and layout.tileset_ref != "standard":
        tileset = layout.tileset
    else:
        tileset = None
    if args.tiles is not None:
        tiles = tuple(t.strip() for t in args.tiles.split(",") if t.strip())
    elif layout is not None:
        tiles = tuple(p.tile for p in layout.placements)
    else:
        raise UsageError("say which tiles to place on the shape with --tiles ID,ID,... (for example --tiles 1,2,3,4).")
    request = FreeformRequest(shape, tiles, tileset, select=select, best=best)
    check_tiles(request, args.shape, args.all)
    return request


def parse_shape(spec: str) -> tuple[Shape, Layout | None]:
    """The shape a --shape value names, and the layout it came from (None for WxH)."""
    match = _RECTANGLE.match(spec)
    if match:
        width, height = int(match.group(1)), int(match.group(2))
        if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
            raise UsageError(f"--shape {spec}: a side must be 1 to {MAX_SIDE} cells.")
        return Shape.rectangle(width, height), None
    if not Path(spec).exists():
        raise UsageError(f"--shape {spec} is neither WIDTHxHEIGHT (e.g. 8x6) nor a layout file that exists.",
                         hint="Give a size such as 8x6, or the path of a layout whose tiles draw the shape.")
    layout = load_layout(spec)
    if not isinstance(layout, Layout):
        raise InvalidFileError("this is not a Crash & Grab layout; its cells cannot give the shape.", file=spec,
                               hint="Give a Crash & Grab layout file, or a size such as 8x6.")
    cells: set[tuple[int, int]] = set()
    for placement in layout.placements:
        tile = layout.tileset.get(placement.tile)
        if tile is not None:
            cells.update(placement.cells(tile))
    if not cells:
        raise InvalidFileError("the layout places no tiles, so it gives no shape.", file=spec, where="$.placements",
                               hint="Place the tiles that draw the shape, or give a size such as 8x6.")
    return Shape.of(cells), layout


def check_tiles(request: FreeformRequest, spec: str, all_asked: bool) -> None:
    """Known tiles, each once, as many cells as the shape, at least one exact cover, and not
    more than a survey lists (without --all, QUICK_COVERS)."""
    tileset = request.tileset_obj
    if not request.tiles:
        raise UsageError("--tiles names no tile.", hint=f"Use some of {', '.join(tileset.ids())}.")
    unknown = [t for t in request.tiles if tileset.get(t) is None]
    if unknown:
        raise UsageError(f"--tiles: {', '.join(unknown)} {'is not a tile' if len(unknown) == 1 else 'are not tiles'} "
                         f"of the tile set {tileset.id!r}.", hint=f"Use some of {', '.join(tileset.ids())}.")
    twice = sorted({t for t in request.tiles if request.tiles.count(t) > 1})
    if twice:
        raise UsageError(f"--tiles names {', '.join(twice)} more than once; a tile set has one of each tile.",
                         hint="Name each tile once.")
    tiles = tuple(tileset.get(t) for t in request.tiles)
    area = sum(tile.width * tile.height for tile in tiles if tile is not None)
    cells = len(request.shape.cells)
    if area != cells:
        raise UsageError(f"the tiles {', '.join(request.tiles)} cover {area} cells, but the shape {spec} has {cells}; "
                         "they cannot cover it exactly.", hint="Give tiles of as many cells as the shape, or another shape.")
    try:
        covers, arrangements = count_arrangements(request.shape, tiles)  # type: ignore[arg-type]
    except TooManyToCount:
        raise UsageError(f"the tiles {', '.join(request.tiles)} lie on the shape {spec} in too many ways to count, "
                         f"let alone list (more than the {MAX_COVERS:,} a free-form survey can list).",
                         hint="Survey a smaller shape or fewer tiles.") from None
    if covers == 0:
        raise UsageError(f"the tiles {', '.join(request.tiles)} cannot cover the shape {spec} exactly: no way to lay "
                         "them, on any side, turn or position, fills every cell without overlap.",
                         hint="Change the tiles or the shape.")
    ways = f"the tiles lie on the shape in {covers:,} ways ({arrangements:,} arrangements with their sides and turns)"
    if covers > MAX_COVERS:
        raise UsageError(f"{ways}: more than the {MAX_COVERS:,} a free-form survey can list.",
                         hint="Survey a smaller shape or fewer tiles.")
    if covers > QUICK_COVERS and not all_asked:
        raise UsageError(f"{ways}: more than the {QUICK_COVERS:,} a survey lists without --all.",
                         hint="Give --all to survey them all (it takes minutes), or a smaller shape.")

