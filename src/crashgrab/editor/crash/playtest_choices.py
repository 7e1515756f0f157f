"""What a click on the board and each key mean while playtesting Crash! (a mixin of
playtest_panel.PlaytestPanel): choose a car of the player in turn, the teal hexes a die may take
it to, and a die used to move it ahead or turn it (buttons, M, R / Shift+R, W E D X Z A). Each
choice goes to the engine's session through the panel; a refusal is the panel's message."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from crashgrab.engine.crash.terms import FACINGS, HEX, Cell

# The hex keyboard (pointy-top): W E above, A D beside, Z X below the car.
TURN_KEYS = {Qt.Key_D: "east", Qt.Key_X: "southeast", Qt.Key_Z: "southwest", Qt.Key_A: "west",
             Qt.Key_W: "northwest", Qt.Key_E: "northeast"}


class PlaytestChoices:
    session: Any
    selected: int | None
    message: Any
    changed: Any

    # --- choices from the board and the keys --------------------------------------------------------
    def car_at(self, cell: Cell) -> int | None:
        """The number of the car of the player in turn on `cell` (or waiting to enter it), if any."""
        if self.session is None:
            return None
        live = self.session.live
        for car in live.cars:
            if car.player != live.player or not car.in_play:
                continue
            if car.at == cell or (car.in_slot and live.start_hex(car.player, car.number) == cell
                                  and live.car_at(cell) is None):
                return car.number
        return None

    def select(self, number: int | None) -> None:
        self.selected = number
        if self.session is not None:
            self._enable(True)
        self.changed.emit()

    def choices(self) -> dict[Cell, str]:
        """Hex -> "move" or a direction: what a die may do with the selected car, drawn on the board."""
        if self.session is None or self.selected is None:
            return {}
        steers = self.session.steers_for(self.selected)
        live = self.session.live
        car = live.car(live.player, self.selected)
        at = car.at if car.at is not None else live.start_hex(car.player, car.number)
        if at is None:
            return {}
        marks: dict[Cell, str] = {}
        for steer in steers:
            if steer.turn is not None:
                marks[HEX.step(at, steer.turn)] = steer.turn
        if any(s.move for s in steers):
            marks[at if car.in_slot else HEX.step(at, car.facing)] = "move"
        return marks

    def clicked(self, cell: Cell) -> None:
        """A click on the board: another car of the player in turn is selected (even on a teal hex:
        the buttons and keys turn a car toward its own), a teal hex uses a die."""
        mine = self.car_at(cell)
        if mine is not None and mine != self.selected:
            self.select(mine)
            return
        choice = self.choices().get(cell)
        if choice == "move":
            self.move()
        elif choice is not None:
            self.turn(choice)
        else:
            self.select(self.car_at(cell))

    def move(self) -> bool:
        if self.selected is None:
            self.message.setText("Select a car first: click it or press its number.")
            return False
        return self._do(lambda s: s.steer(self.selected, move=True))

    def turn(self, facing: str) -> bool:
        if self.selected is None:
            self.message.setText("Select a car first: click it or press its number.")
            return False
        return self._do(lambda s: s.steer(self.selected, turn=facing))

    def turn_step(self, steps: int) -> bool:
        """R / Shift+R: the next direction the selected car may turn to, clockwise or anticlockwise."""
        if self.selected is None or self.session is None:
            return False
        live = self.session.live
        facing = live.car(live.player, self.selected).facing
        allowed = {s.turn for s in self.session.steers_for(self.selected) if s.turn}
        for k in range(1, 6):
            candidate = FACINGS[(FACINGS.index(facing) + steps * k) % 6]
            if candidate in allowed:
                return self.turn(candidate)
        self.message.setText(f"No unused die shows car {self.selected}.")
        return False

    def key(self, event) -> bool:
        """The board's keys while playtesting; True when used."""
        key, shift = event.key(), bool(event.modifiers() & Qt.ShiftModifier)
        if Qt.Key_1 <= key <= Qt.Key_6:
            self.select(key - Qt.Key_0)
            return True
        if key == Qt.Key_M:
            self.move()
            return True
        if key == Qt.Key_R:
            self.turn_step(-1 if shift else 1)
            return True
        if key in TURN_KEYS:
            self.turn(TURN_KEYS[key])
            return True
        return False
