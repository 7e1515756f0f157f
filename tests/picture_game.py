"""A test game whose layout is its picture: every shape, edge features with settings, playing
pieces and an overlay per program step, on a hex board (SYSTEM) or a square one (SQUARE_SYSTEM),
to draw and describe through the generic picture contract alone."""
from __future__ import annotations

from typing import Any, Mapping

from crashgrab.engine.feature_settings import Setting
from crashgrab.engine.grid.hex import HEX
from crashgrab.engine.grid.square import SQUARE
from crashgrab.engine.report import ValidationReport
from crashgrab.engine.system import BoardPicture, FeatureKind, GameSystem, Overlay, OverlayKind, Resolution

SHAPE_COLOURS = {"disc": "#dc2626", "square": "#16a34a", "arrow": "#2563eb", "chevron": "#9333ea",
                 "bar": "#ca8a04", "card": "#0891b2"}
WALL = FeatureKind("wall", "Wall", on_edge=True, colour="#374151", shape="bar")
FLAMETHROWER = FeatureKind("flamethrower", "Flamethrower", facing=True, on_edge=True, colour="#ea580c", shape="chevron",
                           settings=(Setting("steps", "steps"),))
ROBOT = FeatureKind("robot", "Robot", facing=True, colour="#6b7280", shape="arrow")


class PictureGame(GameSystem):
    id = "picture-test"
    title = "Sparks (picture test)"
    geometry = HEX
    players = (2,)
    layout_type = BoardPicture
    feature_kinds = (WALL, FLAMETHROWER,
                     *(FeatureKind(shape, shape.title(), facing=True, colour=colour, shape=shape)
                       for shape, colour in SHAPE_COLOURS.items()))
    piece_kinds = (ROBOT,)
    overlay_kinds = (OverlayKind("fire", "Fire", steps=2),)

    def new_layout(self, players=None, *, template=None, seed=None, name=None) -> BoardPicture:
        return BoardPicture(0, 0, ((0, 0),))

    def layout_from_json(self, document, file=None, *, strict=False) -> BoardPicture:
        raise NotImplementedError

    def layout_to_json(self, layout, folder=None) -> dict[str, Any]:
        raise NotImplementedError

    def resolve(self, layout: BoardPicture) -> Resolution:
        return Resolution(layout, ())

    def validate(self, layout: BoardPicture, severity_overrides: Mapping[str, str] | None = None,
                 upgrades: tuple[str, ...] = ()) -> ValidationReport:
        return ValidationReport((), {}, layout)

    def picture(self, layout: BoardPicture) -> BoardPicture:
        return layout

    def board_text(self, layout: BoardPicture) -> str:
        return ""

    def overlay(self, layout: BoardPicture, overlay_id: str) -> Overlay:
        return Overlay(overlay_id, edges={(f.cell, f.edge): 1.0 for f in layout.features
                                          if f.type == "flamethrower" and f.edge})

    def step_overlay(self, layout: BoardPicture, overlay_id: str, step: int) -> Overlay:
        return Overlay(overlay_id, step=step, edges={(f.cell, f.edge): 1.0 for f in layout.features
                                                     if f.type == "flamethrower" and f.edge
                                                     and step in f.settings.get("steps", ())})


class SquarePictureGame(PictureGame):
    id = "picture-test-square"
    title = "Sparks on squares (picture test)"
    geometry = SQUARE


SYSTEM = PictureGame()
SQUARE_SYSTEM = SquarePictureGame()
