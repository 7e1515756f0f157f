"""Typed settings of a feature: what a kind of feature lets a designer set on each one.

A `FeatureKind` declares its settings as `Setting`s (the program steps a hazard is active in,
how many beams it fires, a fast flag); a placed feature carries their values in a mapping. One
validator (`settings_problems`) checks the values against the declarations for every game and
says in words what is wrong and how to fix it; `settings_schema` gives the same rules as a JSON
Schema fragment for a game's file schema; `Setting.describe` gives the words of the legend and
tool tips ("steps 2, 4", "beams 2", "express"). A `facing` setting is a direction of the board's
geometry, which turns with its piece (`facing_settings` names them for `grid.model`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Protocol

# steps: the program steps a feature is active in (a list of distinct whole numbers, 1..maximum);
# int: a whole number minimum..maximum; choice: one of `choices`; colour: "#rrggbb"; bool: true or false;
# facing: a direction, one of `choices` (the geometry's directions), turned when its piece turns.
SETTING_KINDS: tuple[str, ...] = ("steps", "int", "choice", "colour", "bool", "facing")
MAX_STEP = 5  # a program's registers (a turn of five steps)
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


@dataclass(frozen=True)
class Setting:
    """One setting a kind of feature declares.

    `name` is the key files use; `kind` one of SETTING_KINDS; `title` the words the legend puts
    before the value ("steps", "beams"; a bool's title is shown alone when it is true), by default
    the name with spaces for underscores. `minimum` and `maximum` bound an int and a step;
    `choices` are a choice's words, or a facing's directions (`geometry.directions`). `default` is
    the value of a feature that does not give it; None makes the setting required (a bool defaults
    to false).
    """

    name: str
    kind: str
    title: str = ""
    minimum: int = 1
    maximum: int = MAX_STEP
    choices: tuple[str, ...] = ()
    default: Any = None

    def __post_init__(self) -> None:
        if isinstance(self.default, list):  # a declaration stays hashable, as frozen values are
            object.__setattr__(self, "default", tuple(self.default))
        # A declaration is the game's code, not a designer's file: a wrong one is a programming error.
        if self.kind not in SETTING_KINDS:
            raise ValueError(f"setting {self.name!r}: kind must be one of {', '.join(SETTING_KINDS)}, not {self.kind!r}")
        if self.kind == "choice" and not self.choices:
            raise ValueError(f"setting {self.name!r}: a choice needs its choices")
        if self.kind == "facing" and not self.choices:
            raise ValueError(f"setting {self.name!r}: a facing needs its directions as its choices")
        if self.minimum > self.maximum:
            raise ValueError(f"setting {self.name!r}: minimum {self.minimum} is above maximum {self.maximum}")
        if self.default is not None and self.problem(self.default) is not None:
            raise ValueError(f"setting {self.name!r}: its default {self.default!r} is not a valid value")

    @property
    def words(self) -> str:
        return self.title or self.name.replace("_", " ")

    @property
    def required(self) -> bool:
        return self.default is None and self.kind != "bool"

    def value_or_default(self, values: Mapping[str, Any]) -> Any:
        if self.name in values:
            return values[self.name]
        return False if self.default is None and self.kind == "bool" else self.default

    def expected(self) -> str:
        """What a valid value is, in words with an example, for messages."""
        if self.kind == "steps":
            example = [s for s in (2, 4) if self.minimum <= s <= self.maximum] or [self.minimum]
            return (f"a list of steps from {self.minimum} to {self.maximum}, each at most once, "
                    f"e.g. {example}")
        if self.kind == "int":
            return f"a whole number from {self.minimum} to {self.maximum}"
        if self.kind == "choice":
            return "one of " + ", ".join(f'"{c}"' for c in self.choices)
        if self.kind == "facing":
            return "a direction: one of " + ", ".join(f'"{c}"' for c in self.choices)
        if self.kind == "colour":
            return 'a colour written "#rrggbb", e.g. "#dc2626"'
        return "true or false"

    def problem(self, value: Any) -> str | None:
        """Why `value` is not a value of this setting, or None when it is."""
        if self.kind == "bool":
            return None if isinstance(value, bool) else "is not true or false"
        if self.kind == "int":
            if not _whole(value):
                return "is not a whole number"
            return None if self.minimum <= value <= self.maximum else "is out of range"
        if self.kind == "steps":
            if not isinstance(value, (list, tuple)):
                return "is not a list of steps"
            if not value:
                return "lists no step"
            wrong = [s for s in value if not _whole(s) or not self.minimum <= s <= self.maximum]
            if wrong:
                return f"has {_shown(wrong[0])}, which is not a step from {self.minimum} to {self.maximum}"
            twice = sorted({s for s in value if list(value).count(s) > 1})
            return f"lists step {twice[0]} twice" if twice else None
        if self.kind == "choice":
            return None if isinstance(value, str) and value in self.choices else "is not one of its choices"
        if self.kind == "facing":
            return None if isinstance(value, str) and value in self.choices else "is not one of its directions"
        return None if isinstance(value, str) and _COLOUR.match(value) else "is not a colour"

    def describe(self, value: Any) -> str:
        """The value in the legend's words: "steps 2, 4" ("step 3" for one), "beams 2",
        "colour #dc2626", a true bool's title ("express"), nothing for a false one."""
        if self.kind == "bool":
            return self.words if value else ""
        if self.kind == "steps":
            steps = sorted(value)
            words = self.words
            if len(steps) == 1 and words.endswith("s"):
                words = words[:-1]
            return f"{words} {', '.join(str(s) for s in steps)}"
        return f"{self.words} {value}"

    def schema(self) -> dict[str, Any]:
        """The JSON Schema of a value of this setting."""
        if self.kind == "bool":
            return {"type": "boolean"}
        if self.kind == "int":
            return {"type": "integer", "minimum": self.minimum, "maximum": self.maximum}
        if self.kind == "steps":
            return {"type": "array", "minItems": 1, "uniqueItems": True,
                    "items": {"type": "integer", "minimum": self.minimum, "maximum": self.maximum}}
        if self.kind in ("choice", "facing"):
            return {"enum": list(self.choices)}
        return {"type": "string", "pattern": _COLOUR.pattern}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shown(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else f'"{value}"'
    return text if len(text) <= 40 else text[:37] + "..."


def _json(value: Any) -> str:
    """A value as a file writes it (true, not True; lists in brackets), shortened."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return _shown(list(value)).replace("True", "true").replace("False", "false")
    return _shown(value)


def settings_problems(title: str, declared: Iterable[Setting], values: Mapping[str, Any], where: str = "") -> list[str]:
    """Every way `values` break the `declared` settings of a feature called `title`, one message
    each, in declaration order then unknown names: a missing required setting, a wrong value (what
    it is and what to give instead), a name the kind does not have. `where` places the feature
    ("at [3,4]"). An empty list: the values are good."""
    settings = tuple(declared)
    subject = f"{title} {where}".strip()
    problems = []
    for setting in settings:
        if setting.name not in values:
            if setting.required:
                problems.append(f'{subject} needs its setting "{setting.name}": give {setting.expected()}.')
            continue
        why = setting.problem(values[setting.name])
        if why is not None:
            problems.append(f'{subject}: setting "{setting.name}" {why} ({_json(values[setting.name])}); '
                            f"give {setting.expected()}.")
    names = {s.name for s in settings}
    known = ", ".join(f'"{s.name}"' for s in settings)
    for name in values:
        if name not in names:
            shown = (name if len(name) <= 40 else name[:37] + "...") if isinstance(name, str) else _shown(name)
            problems.append(f'{subject} has no setting "{shown}"; '
                            + (f"its settings are {known}." if settings else f"a {title} has no settings."))
    return problems


def settings_with_defaults(declared: Iterable[Setting], values: Mapping[str, Any]) -> dict[str, Any]:
    """Every declared setting's value: the one given, else its default (settings without either are left out)."""
    result = {}
    for setting in declared:
        value = setting.value_or_default(values)
        if value is not None:
            result[setting.name] = value
    return result


def describe_settings(declared: Iterable[Setting], values: Mapping[str, Any]) -> list[str]:
    """The words of each setting a feature has (defaults included), in declaration order, e.g.
    ["steps 2, 4", "express"]; nothing for a false bool or a setting without a value."""
    words = []
    for setting in declared:
        value = setting.value_or_default(values)
        if value is not None and setting.problem(value) is None:
            text = setting.describe(value)
            if text:
                words.append(text)
    return words


def settings_schema(declared: Iterable[Setting]) -> dict[str, Any]:
    """A JSON Schema of a feature's settings object: the declared names only, the required ones required."""
    settings = tuple(declared)
    schema: dict[str, Any] = {"type": "object", "additionalProperties": False,
                              "properties": {s.name: s.schema() for s in settings}}
    required = [s.name for s in settings if s.required]
    if required:
        schema["required"] = required
    return schema


class _Declares(Protocol):
    """A kind of feature as `facing_settings` reads it (`picture.FeatureKind` is one)."""

    @property
    def type(self) -> str: ...

    @property
    def settings(self) -> tuple[Setting, ...]: ...


def facing_settings(kinds: Iterable[_Declares]) -> dict[str, tuple[str, ...]]:
    """The names of each kind's facing settings, by feature type (kinds without one left out):
    what `grid.model` turns when a piece turns, e.g. {"turret": ("aim",)}."""
    found = {kind.type: tuple(s.name for s in kind.settings if s.kind == "facing") for kind in kinds}
    return {feature_type: names for feature_type, names in found.items() if names}


def turned_facings(values: Mapping[str, Any], facings: Iterable[str], turn: Callable[[str], str],
                   directions: Iterable[str]) -> Mapping[str, Any]:
    """`values` with each of the `facings` settings turned by `turn` (a direction to the direction
    it turns to). A value that is not one of the `directions` is left as it is, for the loader's
    checks to report; `values` itself comes back when nothing turns."""
    known = set(directions)
    turned = {name: turn(values[name]) for name in facings
              if name in values and isinstance(values[name], str) and values[name] in known}
    return {**values, **turned} if turned else values
