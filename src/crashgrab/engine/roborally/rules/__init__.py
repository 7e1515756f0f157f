"""RoboRally: Crash and Burn's rules: pure `apply(state, turn) -> (state, events)` over an
immutable floor built from the resolved-course dict (docs/roborally-rules.md)."""
from .cards import CARD_KINDS, OPTION_NAMES, PROGRAM_DECK, Card
from .errors import IllegalAction, MissingChoice, RuleError
from .events import RallyEvent
from .floor import Floor, floor_from_course, life_points
from .state import DEFAULT_RULINGS, RULING_SETTINGS, Choice, RallyState, Robot, Turn, starting_state
from .turn import apply

__all__ = ["CARD_KINDS", "OPTION_NAMES", "PROGRAM_DECK", "Card", "IllegalAction", "MissingChoice", "RuleError",
           "RallyEvent", "Floor", "floor_from_course", "life_points", "DEFAULT_RULINGS", "RULING_SETTINGS", "Choice",
           "RallyState", "Robot", "Turn", "starting_state", "apply"]
