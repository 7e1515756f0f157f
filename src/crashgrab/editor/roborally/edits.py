"""The RoboRally editor's edits as pure functions of the engine's immutable values: each takes a
Course and returns a new one, or raises `RoboRallyEditRefused` with a sentence saying why and
changes nothing. The document (document.py) calls exactly one of these per undo command.

No Qt here: a thin wrapper over the engine's pure edits (engine/roborally/editing.py), which
change the values; this layer adds what an editor needs on top: a refusal in a designer's words
(the engine's ValueError, or two checkpoints on one square), add-or-remove toggles for a click,
and the next free start number.

Board edits change a board of the course's board set. A course that named a shipped board set
("standard") or a board set file keeps its own edited copy from then on (embedded: the course
file carries it), so an edit is never lost and never changes a file the course only names.
"""
from __future__ import annotations

from dataclasses import replace

from contextlib import contextmanager

from crashgrab.engine.errors import EditRefused
from crashgrab.engine.grid.square import SQUARE
from crashgrab.engine.roborally import editing
from crashgrab.engine.roborally.model import Board, CellElement, Course, EdgeElement, Piece, Placement, Start
from crashgrab.engine.roborally.terms import CELL_TYPES, ON_A_WALL, Cell, cell_text, edge_key, edge_text

MAX_COORDINATE = 1023  # the course schema's bound on a cell's x and y
ROTATIONS = (0, 90, 180, 270)


class RoboRallyEditRefused(EditRefused):
    """An edit of a course or board that would make it unsavable (a checkpoint off the grid, a door
    on a wall); the course is left as it was."""


@contextmanager
def _refusing():
    """The engine's ValueError (what no file could hold) as the editor's refusal."""
    try:
        yield
    except ValueError as error:
        message = str(error)
        raise RoboRallyEditRefused(message[:1].lower() + message[1:] + ("" if message.endswith(".") else ".")) from None


def _inside_grid(cell: Cell, what: str) -> None:
    if not (0 <= cell[0] <= MAX_COORDINATE and 0 <= cell[1] <= MAX_COORDINATE):
        raise RoboRallyEditRefused(f"{what} cannot go to {cell_text(cell)}: course cells run from [0,0] "
                                   f"to [{MAX_COORDINATE},{MAX_COORDINATE}].")


# --- boards on the course ---------------------------------------------------------------------
def with_board(course: Course, board_id: str, x: int, y: int, rotation: int = 0) -> Course:
    """The course with the board set's board `board_id` placed with its top-left cell at (x, y)."""
    if course.boardset.board(board_id) is None:
        raise RoboRallyEditRefused(f"the board set {course.boardset.id!r} has no board {board_id!r}.")
    if rotation not in ROTATIONS:
        raise RoboRallyEditRefused(f"a board turns by 0, 90, 180 or 270 degrees, not {rotation}.")
    _inside_grid((x, y), f"the {board_id} board")
    with _refusing():
        return editing.with_placement(course, None, Placement(board_id, x, y, rotation))


def _placement(course: Course, index: int) -> Placement:
    if not 0 <= index < len(course.boards):
        raise RoboRallyEditRefused(f"the course has no board number {index + 1}.")
    return course.boards[index]


def _with_placement(course: Course, index: int, placement: Placement) -> Course:
    with _refusing():
        return editing.with_placement(course, index, placement)


def with_board_moved(course: Course, index: int, x: int, y: int) -> Course:
    placement = _placement(course, index)
    _inside_grid((x, y), f"the {placement.board} board")
    return _with_placement(course, index, replace(placement, x=x, y=y))


def with_board_turned(course: Course, index: int, quarter_turns: int = 1) -> Course:
    """The board turned clockwise by quarter turns, its top-left cell staying where it is."""
    _placement(course, index)
    with _refusing():
        return editing.turned_placement(course, index, quarter_turns)


def without_board(course: Course, index: int) -> Course:
    _placement(course, index)
    return editing.without_placement(course, index)


# --- checkpoints, starts ----------------------------------------------------------------------
def _checkpoint_index(course: Course, number: int) -> int:
    if not 1 <= number <= len(course.checkpoints):
        raise RoboRallyEditRefused(f"the course has no checkpoint {number}.")
    return number - 1


def with_checkpoint(course: Course, cell: Cell) -> Course:
    """A checkpoint added at `cell`, last in race order."""
    _inside_grid(cell, "a checkpoint")
    if cell in course.checkpoints:
        raise RoboRallyEditRefused(f"checkpoint {course.checkpoints.index(cell) + 1} is already on {cell_text(cell)}.")
    return editing.with_checkpoints(course, course.checkpoints + (cell,))


def with_checkpoint_moved(course: Course, number: int, cell: Cell) -> Course:
    index = _checkpoint_index(course, number)
    _inside_grid(cell, f"checkpoint {number}")
    if cell in course.checkpoints and course.checkpoints.index(cell) != index:
        raise RoboRallyEditRefused(f"checkpoint {course.checkpoints.index(cell) + 1} is already on {cell_text(cell)}.")
    return editing.moved_checkpoint(course, index + 1, cell)


def with_checkpoint_reordered(course: Course, number: int, new_number: int) -> Course:
    """Checkpoint `number` made checkpoint `new_number` of the race, the others keeping their order."""
    index = _checkpoint_index(course, number)
    _checkpoint_index(course, new_number)
    checkpoints = list(course.checkpoints)
    checkpoints.insert(new_number - 1, checkpoints.pop(index))
    return editing.with_checkpoints(course, tuple(checkpoints))


def without_checkpoint(course: Course, number: int) -> Course:
    index = _checkpoint_index(course, number)
    return editing.with_checkpoints(course, course.checkpoints[:index] + course.checkpoints[index + 1:])


def _start(course: Course, number: int) -> Start:
    start = next((s for s in course.starts if s.number == number), None)
    if start is None:
        raise RoboRallyEditRefused(f"the course has no start {number}.")
    return start


def _with_start(course: Course, number: int, start: Start) -> Course:
    return editing.with_start(course, start)


def next_start_number(course: Course) -> int:
    taken = {s.number for s in course.starts}
    return next(n for n in range(1, len(taken) + 2) if n not in taken)


def with_start(course: Course, cell: Cell, facing: str = "north") -> Course:
    """A start at `cell` with the lowest number not in use."""
    _inside_grid(cell, "a start")
    other = next((s for s in course.starts if s.at == cell), None)
    if other is not None:
        raise RoboRallyEditRefused(f"start {other.number} is already on {cell_text(cell)}.")
    return editing.with_start(course, Start(next_start_number(course), cell, facing))


def with_start_moved(course: Course, number: int, cell: Cell) -> Course:
    start = _start(course, number)
    _inside_grid(cell, f"start {number}")
    other = next((s for s in course.starts if s.at == cell and s.number != number), None)
    if other is not None:
        raise RoboRallyEditRefused(f"start {other.number} is already on {cell_text(cell)}.")
    return _with_start(course, number, replace(start, at=cell))


def with_start_turned(course: Course, number: int, quarter_turns: int = 1) -> Course:
    start = _start(course, number)
    return _with_start(course, number, replace(start, facing=SQUARE.turned(start.facing, 90 * quarter_turns)))


def without_start(course: Course, number: int) -> Course:
    _start(course, number)
    return editing.without_start(course, number)


def with_players(course: Course, players: int | None) -> Course:
    if players is not None and not 2 <= players <= 8:
        raise RoboRallyEditRefused(f"2 to 8 robots race, not {players}.")
    return replace(course, players=players)


# --- factory element pieces -------------------------------------------------------------------
def _piece_index(course: Course, index: int) -> Piece:
    if not 0 <= index < len(course.pieces):
        raise RoboRallyEditRefused(f"the course has no piece number {index + 1}.")
    return course.pieces[index]


def _same_place(a: Piece, b: Piece) -> bool:
    if (a.type == "door") != (b.type == "door"):
        return False
    if a.type == "door":
        assert a.side is not None and b.side is not None
        return edge_key(a.at, a.side) == edge_key(b.at, b.side)
    return a.at == b.at


def _check_piece(course: Course, piece: Piece, ignore: int | None = None) -> None:
    _inside_grid(piece.at, f"the {piece.type} piece")
    if piece.type == "door" and piece.side is None:
        raise RoboRallyEditRefused("a door piece stands on a cell's side: click nearer one of its sides.")
    for index, other in enumerate(course.pieces):
        if index != ignore and _same_place(piece, other):
            where = edge_text(piece.at, piece.side or "north") if piece.type == "door" else cell_text(piece.at)
            raise RoboRallyEditRefused(f"the {other.type} piece is already on {where}.")


def with_piece(course: Course, piece: Piece) -> Course:
    """A factory element piece added. Where it stands is for the findings to judge (piece-not-empty):
    the editor lets a designer put one down anywhere on the grid and move it on."""
    _check_piece(course, piece)
    with _refusing():
        return editing.with_piece(course, None, piece)


def with_piece_changed(course: Course, index: int, piece: Piece) -> Course:
    _piece_index(course, index)
    _check_piece(course, piece, ignore=index)
    with _refusing():
        return editing.with_piece(course, index, piece)


def with_piece_moved(course: Course, index: int, cell: Cell, side: str | None = None) -> Course:
    piece = _piece_index(course, index)
    return with_piece_changed(course, index, replace(piece, at=cell, side=side if piece.type == "door" else None))


def with_piece_turned(course: Course, index: int, quarter_turns: int = 1) -> Course:
    """A flamethrower piece faces the next way; a door piece goes to the next side of its cell."""
    piece = _piece_index(course, index)
    if piece.type == "flamethrower" and piece.facing is not None:
        return with_piece_changed(course, index, replace(piece, facing=SQUARE.turned(piece.facing, 90 * quarter_turns)))
    if piece.type == "door" and piece.side is not None:
        return with_piece_changed(course, index, replace(piece, side=SQUARE.turned(piece.side, 90 * quarter_turns)))
    raise RoboRallyEditRefused(f"a {piece.type} piece does not face a way; nothing to turn.")


def without_piece(course: Course, index: int) -> Course:
    _piece_index(course, index)
    return editing.without_piece(course, index)


# --- the boards themselves (the board editor) -------------------------------------------------
def board_of(course: Course, board_id: str) -> Board:
    board = course.boardset.board(board_id)
    if board is None:
        raise RoboRallyEditRefused(f"the board set {course.boardset.id!r} has no board {board_id!r}.")
    return board


def _with_board_value(course: Course, board: Board) -> Course:
    # An edited board set is the course's own from now on: embedded in its file (see the module's doc).
    with _refusing():
        return editing.with_boardset(course, editing.with_board(course.boardset, board))


def _inside_board(board: Board, cell: Cell) -> None:
    if not board.contains(cell):
        raise RoboRallyEditRefused(f"{cell_text(cell)} is outside the {board.width}x{board.height} board "
                                   f"{board.name}.")


def with_cell_element(course: Course, board_id: str, cell: Cell, element: CellElement | None) -> Course:
    """The board's cell holding `element` (None: plain floor)."""
    board = board_of(course, board_id)
    _inside_board(board, cell)
    if element is not None and element.type not in CELL_TYPES:
        raise RoboRallyEditRefused(f"{element.type!r} is not a cell element; use one of {', '.join(CELL_TYPES)}.")
    if board.cells.get(cell) == element:
        raise RoboRallyEditRefused(f"{cell_text(cell)} already holds that.")
    with _refusing():
        return _with_board_value(course, editing.with_cell(board, cell, element))


def with_cell_element_turned(course: Course, board_id: str, cell: Cell, quarter_turns: int = 1) -> Course:
    board = board_of(course, board_id)
    element = board.cells.get(cell)
    if element is None or element.facing is None:
        raise RoboRallyEditRefused(f"nothing on {cell_text(cell)} faces a way; nothing to turn.")
    return with_cell_element(course, board_id, cell, replace(element, facing=SQUARE.turned(element.facing,
                                                                                         90 * quarter_turns)))


def _same_edge_element(a: EdgeElement, b: EdgeElement) -> bool:
    """One element twice: a wall named from either side, or a laser, pusher or door on the same mount."""
    return a.type == b.type and a.key == b.key and (a.type == "wall" or a.mount == b.mount)


def with_edge_toggled(course: Course, board_id: str, element: EdgeElement) -> Course:
    """`element` added to its edge, or taken away when the edge has it already (a wall from either
    side, a laser, pusher or door on the same side of the same cell)."""
    board = board_of(course, board_id)
    cell, side = element.mount
    neighbour = SQUARE.step(cell, side)
    if not (board.contains(cell) or board.contains(neighbour)):
        raise RoboRallyEditRefused(f"the side {edge_text(cell, side)} is not on the board {board.name}.")
    if element.type != "wall" and not board.contains(cell):
        raise RoboRallyEditRefused(f"a {element.type} is mounted on a side of one of the board's own cells; "
                                   f"{cell_text(cell)} is off the board.")
    element = element.moved(element.mount)  # a wall under its canonical name
    on_edge = board.edges.get(element.key, ())
    if any(_same_edge_element(element, e) for e in on_edge):
        mount = element.mount if board.contains(element.mount[0]) else (neighbour, SQUARE.opposite(side))
        return _with_board_value(course, editing.without_edge(board, *mount, element.type))
    if element.type == "door" and on_edge:
        raise RoboRallyEditRefused(f"{edge_text(cell, side)} holds a {on_edge[0].type}; a door is a wall while it "
                                   "is shut, so it needs a side with nothing on it. Remove that first.")
    if element.type in ("wall", *ON_A_WALL) and any(e.type == "door" for e in on_edge):
        raise RoboRallyEditRefused(f"{edge_text(cell, side)} holds a door; remove the door first.")
    if element.type == "wall":  # named from a square of the board (a wall on its rim has one only)
        element = EdgeElement("wall", (cell, side) if board.contains(cell) else (neighbour, SQUARE.opposite(side)))
    with _refusing():
        return _with_board_value(course, editing.with_edge(board, element))


def with_edge_element_changed(course: Course, board_id: str, old: EdgeElement, new: EdgeElement) -> Course:
    """An edge element's settings (a laser's beams, a pusher's or door's steps) changed in place."""
    board = board_of(course, board_id)
    elements = board.all_edge_elements()
    if old not in elements:
        raise RoboRallyEditRefused(f"there is no {old.type} on {edge_text(*old.mount)}.")
    if old == new:
        raise RoboRallyEditRefused(f"the {old.type} on {edge_text(*old.mount)} is set so already.")
    with _refusing():
        return _with_board_value(course, editing.with_edge(board, new))


# --- the board set ------------------------------------------------------------------------
def new_board_id(course: Course) -> str:
    taken = {b.id for b in course.boardset.boards}
    return next(f"board-{n}" for n in range(1, len(taken) + 2) if f"board-{n}" not in taken)


def with_new_board(course: Course, width: int, height: int, name: str | None = None) -> Course:
    """An empty width x height board (plain floor) added to the board set, under a new id."""
    if not (1 <= width <= 16 and 1 <= height <= 16):
        raise RoboRallyEditRefused(f"a board is 1 to 16 squares each way, not {width}x{height}.")
    board_id = new_board_id(course)
    number = board_id.split("-")[1]
    return _with_board_value(course, Board(board_id, name or f"New board {number}", width, height))


def with_board_resized(course: Course, board_id: str, width: int, height: int) -> Course:
    """The board cut or grown to width x height from its top-left corner; what falls off it goes."""
    board = board_of(course, board_id)
    if (width, height) == (board.width, board.height):
        raise RoboRallyEditRefused(f"{board.name} is {width}x{height} already.")
    with _refusing():
        return _with_board_value(course, editing.resized(board, width, height))


def with_board_renamed(course: Course, board_id: str, name: str) -> Course:
    board = board_of(course, board_id)
    name = name.strip()
    if not name:
        raise RoboRallyEditRefused("a board needs a name.")
    if name == board.name:
        raise RoboRallyEditRefused(f"the board is called {name!r} already.")
    return _with_board_value(course, replace(board, name=name))


def without_set_board(course: Course, board_id: str) -> Course:
    """The board taken out of the board set, when the course does not place it."""
    board = board_of(course, board_id)
    placed = [i for i, p in enumerate(course.boards) if p.board == board_id]
    if placed:
        raise RoboRallyEditRefused(f"the course places {board.name} ({len(placed)} time{'s' if len(placed) != 1 else ''});"
                                   " remove it from the course first.")
    boardset = replace(course.boardset, boards=tuple(b for b in course.boardset.boards if b.id != board_id))
    with _refusing():
        return editing.with_boardset(course, boardset)


def with_boardset_file(course: Course, path: str) -> Course:
    """The course naming its board set by the file it was saved in (written relative to the course)."""
    if course.boardset_ref == path:
        raise RoboRallyEditRefused(f"the course names {path} already.")
    return replace(course, boardset_ref=path)
