"""What a gesture on the board means: dropping, rotating, flipping or removing a tile.

Pure functions over the engine's immutable layout (no Qt): each returns either an `Edit`
(the placements to change, with a sentence for the undo history) or a `Refusal` (why
nothing happens, for the status bar). The scene and the main window turn an `Edit` into
an undo command; they never decide placement rules themselves.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace

from crashgrab.engine.crash_and_grab.templates import TEMPLATES, Slot, Template
from crashgrab.engine.errors import CrashGrabError
from crashgrab.engine.formats.jsonio import parse_json
from crashgrab.engine.grid.model import Cell, Placement, Tile
from crashgrab.engine.crash_and_grab.layout import Layout

TILE_MIME = "application/x-crashgrab-tile"

Rect = tuple[int, int, int, int]  # x, y, width, height in cells


@dataclass(frozen=True)
class TileDrag:
    """A tile being dragged: from the palette (not on the board yet, or to change its side)
    or from the board. `grab` is the cell of the rotated tile under the cursor."""

    tile: str
    side: str
    rotation: int = 0
    grab: Cell = (0, 0)

    def to_bytes(self) -> bytes:
        return json.dumps({"tile": self.tile, "side": self.side, "rotation": self.rotation,
                           "grab": list(self.grab)}).encode("utf-8")

    @classmethod
    def from_bytes(cls, data: bytes) -> "TileDrag | None":
        try:
            # Drag data may come from another program: the strict parser, so no nesting or
            # number in it can raise anything but the errors caught here.
            raw = parse_json(bytes(data).decode("utf-8"))
            return cls(str(raw["tile"]), str(raw["side"]), int(raw["rotation"]),
                       (int(raw["grab"][0]), int(raw["grab"][1])))
        except (CrashGrabError, ValueError, KeyError, TypeError, IndexError):
            return None


@dataclass(frozen=True)
class Edit:
    """Placements to change in one undoable step."""

    kind: str  # place, move, swap, replace, rotate, flip, remove
    placements: tuple[Placement, ...] = ()  # new or changed placements, by tile id
    removed: tuple[str, ...] = ()  # tile ids taken off the board
    text: str = ""  # the undo history's name for it
    note: str = ""  # extra explanation for the status bar
    # Free-form: how far every tile moved so the board's top-left corner stays [0,0] (a tile
    # dropped left of or above the board grows it that way); `placements` then holds every tile.
    shift: Cell = (0, 0)

    def target(self, tile_id: str) -> Placement | None:
        for placement in self.placements:
            if placement.tile == tile_id:
                return placement
        return None


@dataclass(frozen=True)
class Refusal:
    reason: str
    area: Rect | None = None  # where the refusal applies, for the drop preview


Plan = Edit | Refusal | None  # None: the gesture changes nothing


def template_of(layout: Layout) -> Template | None:
    return TEMPLATES.get(layout.template) if layout.template else None


def slot_size(layout: Layout, slot: Slot) -> tuple[int, int]:
    """The cells a slot covers: the size of a tile of its role, turned as the slot wants."""
    for tile in layout.tileset.tiles:
        if tile.kind in slot.roles:
            return tile.size(slot.rotations[0])
    return 1, 1


def slot_area(layout: Layout, slot: Slot) -> Rect:
    return (slot.x, slot.y, *slot_size(layout, slot))


def slot_under(layout: Layout, cell: Cell) -> Slot | None:
    template = template_of(layout)
    if template is None:
        return None
    for slot in template.slots:
        if _inside(cell, slot_area(layout, slot)):
            return slot
    return None


def occupant(layout: Layout, slot: Slot) -> Placement | None:
    for placement in layout.placements:
        if (placement.x, placement.y) == slot.origin:
            return placement
    return None


def placement_area(layout: Layout, placement: Placement) -> Rect:
    tile = layout.tileset.get(placement.tile)
    w, h = tile.size(placement.rotation) if tile else (1, 1)
    return placement.x, placement.y, w, h


def tile_at(layout: Layout, cell: Cell) -> Placement | None:
    """The placed tile covering a cell; the last one wins where tiles overlap (drawn on top)."""
    found = None
    for placement in layout.placements:
        if _inside(cell, placement_area(layout, placement)):
            found = placement
    return found


def plan_drop(layout: Layout, drag: TileDrag, cell: Cell) -> Plan:
    """Dropping `drag` with the cursor over `cell`: snaps to the slot under the cursor in a
    template, to the cell grid in free-form."""
    tile = layout.tileset.get(drag.tile)
    if tile is None:
        return Refusal(f"Tile {drag.tile} is not in the tile set {layout.tileset.id!r}.")
    if template_of(layout) is None:
        return _plan_free_drop(layout, tile, drag, cell)
    return _plan_slot_drop(layout, tile, drag, cell)


def _plan_slot_drop(layout: Layout, tile: Tile, drag: TileDrag, cell: Cell) -> Plan:
    slot = slot_under(layout, cell)
    if slot is None:
        return Refusal(f"Drop tile {tile.id} on one of the template's slots (the dashed outlines).")
    area = slot_area(layout, slot)
    candidate = Placement(tile.id, drag.side, slot.x, slot.y, _fitting_rotation(slot, drag.rotation))
    refusal = slot.refusal(layout.tileset, candidate)
    if refusal:
        return Refusal(f"Tile {tile.id} does not fit: {refusal}.", area)
    source = layout.placement_of(tile.id)
    current = occupant(layout, slot)
    if current is not None and current.tile == tile.id:
        # Back onto its own slot; from the palette this may show the tile's other side.
        if current.side == drag.side:
            return None
        turned = replace(current, side=drag.side)
        return Edit("flip", (turned,), text=f"Flip tile {tile.id} to side {turned.side}")
    if current is None:
        if source is None:
            return Edit("place", (candidate,), text=f"Place tile {_label(candidate)} in the {slot.name} slot")
        return Edit("move", (candidate,), text=f"Move tile {tile.id} to the {slot.name} slot")
    if source is None:
        return Edit("replace", (candidate,), (current.tile,),
                    text=f"Replace tile {current.tile} with tile {_label(candidate)}",
                    note=f"Tile {current.tile} went back to the palette.")
    return _plan_swap(layout, candidate, source, current, slot)


def _plan_swap(layout: Layout, candidate: Placement, source: Placement, other: Placement,
               target_slot: Slot) -> Plan:
    template = template_of(layout)
    home = template.slot_for(source) if template else None
    if home is None:  # the dragged tile lay off any slot: the other tile takes its place as it is
        moved = other.moved_to(source.x, source.y)
    else:
        moved = Placement(other.tile, other.side, home.x, home.y, _fitting_rotation(home, other.rotation))
        refusal = home.refusal(layout.tileset, moved)
        if refusal:
            return Refusal(f"Tiles {candidate.tile} and {other.tile} cannot swap: {refusal}.",
                           slot_area(layout, target_slot))
    return Edit("swap", (candidate, moved),
                text=f"Swap tiles {candidate.tile} and {other.tile}")


def _plan_free_drop(layout: Layout, tile: Tile, drag: TileDrag, cell: Cell) -> Plan:
    """The grabbed cell lands under the cursor, anywhere: left of or above the board it grows
    the board that way (`anchored` keeps the corner at [0,0])."""
    x, y = cell[0] - drag.grab[0], cell[1] - drag.grab[1]
    w, h = tile.size(drag.rotation)
    candidate = Placement(tile.id, drag.side, x, y, drag.rotation)
    source = layout.placement_of(tile.id)
    if source == candidate:
        return None
    blocked = _overlap(layout, candidate)
    if blocked:
        return Refusal(blocked, (x, y, w, h))
    if source is None:
        return anchored(layout, Edit("place", (candidate,), text=f"Place tile {_label(candidate)}"))
    return anchored(layout, Edit("move", (candidate,), text=f"Move tile {tile.id} {_steps(x - source.x, y - source.y)}"))


def anchored(layout: Layout, edit: Edit) -> Edit:
    """A free-form edit with the board's top-left corner kept at [0,0]: when the tiles after it
    start right of or below that corner, or reach left of or above it, every tile moves back by
    the difference (`Edit.shift`), so the file's coordinates always count from the board's corner.
    A place names where the tile lands then. (The only tile moving stays at [0,0] in the file: the
    canvas moves, by `shift`, and the move is still a step to undo.)"""
    changed = {p.tile: p for p in edit.placements}
    after = [changed.pop(p.tile, p) for p in layout.placements if p.tile not in edit.removed] + list(changed.values())
    areas = [placement_area(layout, p) for p in after]
    dx, dy = -min((a[0] for a in areas), default=0), -min((a[1] for a in areas), default=0)
    placed = edit.placements[0] if edit.kind == "place" else None
    if placed is not None:
        placed = placed.moved_to(placed.x + dx, placed.y + dy)
        edit = replace(edit, text=f"{edit.text} at [{placed.x},{placed.y}]")
    if (dx, dy) == (0, 0):
        return edit
    named = {p.tile for p in edit.placements}  # the edit's own tiles first: the one placed stays selected
    moved = tuple(p.moved_to(p.x + dx, p.y + dy) for p in sorted(after, key=lambda p: p.tile not in named))
    grew = [words for count, words in ((dx, "left"), (dy, "up")) if count > 0]
    note = (f"{edit.text}. The board grew {' and '.join(grew)}: every tile's [x,y] counts from its new "
            "top-left corner." if grew and len(after) > 1 else "")
    return replace(edit, placements=moved, shift=(dx, dy), note=note)


def _steps(dx: int, dy: int) -> str:
    """A free-form move in the designer's words: "right by 2", "left by 1 and down by 3"."""
    parts = [f"{way} by {abs(n)}" for n, way in ((dx, "right" if dx > 0 else "left"), (dy, "down" if dy > 0 else "up"))
             if n]
    return " and ".join(parts)


def plan_rotation(layout: Layout, tile_id: str, clockwise: bool = True) -> Plan:
    """A quarter turn; a template slot that only takes some rotations turns the tile on to
    the next one it takes, and says so."""
    placement = layout.placement_of(tile_id)
    if placement is None:
        return None
    step = 90 if clockwise else 270
    way = "clockwise" if clockwise else "counter-clockwise"
    template = template_of(layout)
    slot = template.slot_for(placement) if template else None
    if slot is None:
        turned = placement.rotated_by(step)
        if template is None:
            blocked = _overlap(layout, turned)
            if blocked:
                return Refusal(blocked, placement_area(layout, turned))
        return Edit("rotate", (turned,), text=f"Rotate tile {tile_id} {way}")
    turned = placement
    for turns in range(1, 4):  # noqa: B007 (how far it turned is said below)
        turned = turned.rotated_by(step)
        if turned.rotation in slot.rotations:
            break
    if turned.rotation == placement.rotation:
        refusal = slot.refusal(layout.tileset, placement.rotated_by(step))
        return Refusal(f"Tile {tile_id} cannot turn: {refusal}.", slot_area(layout, slot))
    note = ""
    if turns > 1:
        allowed = " or ".join(str(r) for r in slot.rotations)
        note = (f"The {slot.name} slot takes rotation {allowed} only, so tile {tile_id} "
                f"turned {turns * 90}\u00b0 to {turned.rotation}.")
    return Edit("rotate", (turned,), text=f"Rotate tile {tile_id} {way}", note=note)


def plan_flip(layout: Layout, tile_id: str) -> Plan:
    placement = layout.placement_of(tile_id)
    if placement is None:
        return None
    flipped = placement.flipped()
    return Edit("flip", (flipped,), text=f"Flip tile {tile_id} to side {flipped.side}")


def plan_remove(layout: Layout, tile_id: str) -> Plan:
    if layout.placement_of(tile_id) is None:
        return None
    edit = Edit("remove", removed=(tile_id,), text=f"Remove tile {tile_id}")
    return edit if template_of(layout) is not None else anchored(layout, edit)


def plan_auto_place(layout: Layout, tile_id: str, side: str) -> Plan:
    """Place a palette tile without dragging: the first free slot that takes it, or in
    free-form the first free spot scanning row by row."""
    tile = layout.tileset.get(tile_id)
    if tile is None:
        return None
    if layout.placement_of(tile_id) is not None:
        return Refusal(f"Tile {tile_id} is already on the board; drag it to move it.")
    template = template_of(layout)
    if template is not None:
        refusals = []
        for slot in template.slots:
            if occupant(layout, slot) is not None:
                continue
            candidate = Placement(tile_id, side, slot.x, slot.y, slot.rotations[0])
            refusal = slot.refusal(layout.tileset, candidate)
            if refusal is None:
                return Edit("place", (candidate,), text=f"Place tile {_label(candidate)} in the {slot.name} slot")
            refusals.append(refusal)
        return Refusal(f"No free slot takes tile {tile_id}"
                       + (f" ({refusals[0]})." if refusals else "; every slot is filled."))
    width = max((placement_area(layout, p)[0] + placement_area(layout, p)[2] for p in layout.placements), default=0)
    height = max((placement_area(layout, p)[1] + placement_area(layout, p)[3] for p in layout.placements), default=0)
    for y in range(height + 1):
        for x in range(width + 1):
            candidate = Placement(tile_id, side, x, y, 0)
            if not _overlap(layout, candidate):
                return anchored(layout, Edit("place", (candidate,), text=f"Place tile {_label(candidate)}"))
    return None  # unreachable: the column right of the extent is always free


def _fitting_rotation(slot: Slot, rotation: int) -> int:
    """Keep the tile's rotation when the slot takes it, else the slot's first rotation."""
    return rotation if rotation in slot.rotations else slot.rotations[0]


def _overlap(layout: Layout, candidate: Placement) -> str | None:
    area = placement_area(layout, candidate)
    for other in layout.placements:
        if other.tile == candidate.tile:
            continue
        common = _intersection(area, placement_area(layout, other))
        if common:
            return (f"Tile {candidate.tile} would overlap tile {other.tile} at [{common[0]},{common[1]}]; "
                    "tiles may not overlap, so use free cells.")
    return None


def _intersection(a: Rect, b: Rect) -> Cell | None:
    left, top = max(a[0], b[0]), max(a[1], b[1])
    if left < min(a[0] + a[2], b[0] + b[2]) and top < min(a[1] + a[3], b[1] + b[3]):
        return left, top
    return None


def _inside(cell: Cell, rect: Rect) -> bool:
    return rect[0] <= cell[0] < rect[0] + rect[2] and rect[1] <= cell[1] < rect[1] + rect[3]


def _label(placement: Placement) -> str:
    return f"{placement.tile}{placement.side}"
