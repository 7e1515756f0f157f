"""A toy third game, "Fence Posts", to prove a game plugs in through the registry alone.

A square field of width x height; numbered posts stand in cells, fences sit on cell edges
(two features may share a cell: a post and the fences around it). Rules of the toy: posts
are numbered 1..N once each (code `post-number`, error) and a fence must not leave the field
(code `fence-outside`, error). Templates: "2" (4x4) and "3" (5x5). Nothing in it is known to
the studio's generic code: it is registered in tests by an entry point (see `toy_entry_point`).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from importlib.metadata import EntryPoint
from typing import Any, Mapping

from crashgrab.engine.findings import Finding
from crashgrab.engine.formats.migrations import CURRENT
from crashgrab.engine.formats.schemas import validate
from crashgrab.engine.grid.square import SQUARE
from crashgrab.engine.report import ValidationReport, sort_findings
from crashgrab.engine.system import BoardPicture, FeatureKind, GameSystem, PlacedFeature, Resolution, TemplateInfo

GAME = "fence-posts"

SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["format", "version", "game", "name", "width", "height", "posts", "fences"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": "crash-grab-layout"},
        "version": {"const": 2},
        "game": {"const": GAME},
        "name": {"type": "string"},
        "template": {"enum": ["2", "3", None]},
        "width": {"type": "integer", "minimum": 1, "maximum": 20},
        "height": {"type": "integer", "minimum": 1, "maximum": 20},
        "posts": {"type": "array", "items": {"type": "array", "prefixItems": [
            {"type": "integer"}, {"type": "integer"}, {"type": "integer", "minimum": 1}], "minItems": 3, "maxItems": 3}},
        "fences": {"type": "array", "items": {"type": "array", "prefixItems": [
            {"type": "integer"}, {"type": "integer"}, {"enum": ["north", "east", "south", "west"]}],
            "minItems": 3, "maxItems": 3}},
    },
}


@dataclass(frozen=True)
class Field:
    name: str
    width: int
    height: int
    posts: tuple[tuple[int, int, int], ...] = ()
    fences: tuple[tuple[int, int, str], ...] = ()
    template: str | None = None


class FencePosts(GameSystem):
    id = GAME
    title = "Fence Posts (toy)"
    geometry = SQUARE
    players = (2, 3)
    layout_type = Field
    layout_schema = SCHEMA
    feature_kinds = (
        FeatureKind("post", "Post", numbered=True, symbol="P", colour="#a16207", shape="square"),
        FeatureKind("fence", "Fence", on_edge=True, symbol="|", colour="#15803d", shape="bar"),
    )
    templates = (TemplateInfo("2", "Two players", (2,), 4, 4), TemplateInfo("3", "Three players", (3,), 5, 5))
    finding_codes = {"post-number": "error", "fence-outside": "error"}

    def new_layout(self, players=None, *, template=None, seed=None, name=None) -> Field:
        chosen = self.template_for_players(players) if players is not None else self.template(template or "2")
        assert chosen is not None
        posts = tuple((x, 0, x + 1) for x in range(chosen.players[0]))
        return Field(name or f"Field for {chosen.title.lower()}", chosen.width, chosen.height, posts,
                     ((0, 0, "west"),), chosen.id if template or players else None)

    def layout_from_json(self, document, file=None, *, strict=False) -> Field:
        validate(document, SCHEMA, file)
        return Field(document["name"], document["width"], document["height"],
                     tuple(tuple(p) for p in document["posts"]), tuple(tuple(f) for f in document["fences"]),
                     document.get("template"))

    def layout_to_json(self, layout: Field, folder=None) -> dict[str, Any]:
        return {"format": "crash-grab-layout", "version": CURRENT["crash-grab-layout"], "game": GAME,
                "name": layout.name, "template": layout.template, "width": layout.width, "height": layout.height,
                "posts": [list(p) for p in layout.posts], "fences": [list(f) for f in layout.fences]}

    def resolve(self, layout: Field) -> Resolution:
        return Resolution(layout, ())

    def validate(self, layout: Field, severity_overrides: Mapping[str, str] | None = None) -> ValidationReport:
        findings = []
        numbers = sorted(n for _, _, n in layout.posts)
        if numbers != list(range(1, len(numbers) + 1)):
            findings.append(Finding("post-number", "error", f"Posts are numbered {numbers}, not 1-{len(numbers)}."))
        for x, y, side in layout.fences:
            if not (0 <= x < layout.width and 0 <= y < layout.height):
                findings.append(Finding("fence-outside", "error", f"The fence at [{x},{y}] {side} is off the field.",
                                        ((x, y),)))
        return ValidationReport(sort_findings(findings), {"posts": len(layout.posts)}, layout)

    def picture(self, layout: Field) -> BoardPicture:
        cells = tuple((x, y) for y in range(layout.height) for x in range(layout.width))
        features = tuple(PlacedFeature("post", (x, y), number=n) for x, y, n in layout.posts)
        features += tuple(PlacedFeature("fence", (x, y), edge=side) for x, y, side in layout.fences)
        return BoardPicture(layout.width, layout.height, cells, features)

    def board_text(self, layout: Field) -> str:
        posts = {(x, y): str(n) for x, y, n in layout.posts}
        rows = ["".join(posts.get((x, y), ".") for x in range(layout.width)) for y in range(layout.height)]
        return "\n".join(rows) + f"\n{len(layout.fences)} fence(s)"


SYSTEM = FencePosts()


def toy_entry_point() -> EntryPoint:
    return EntryPoint(name=GAME, value="tests.toy_game:SYSTEM", group="crashgrab.games")


def with_post_moved(layout: Field, index: int, number: int) -> Field:
    posts = list(layout.posts)
    x, y, _ = posts[index]
    posts[index] = (x, y, number)
    return replace(layout, posts=tuple(posts))
