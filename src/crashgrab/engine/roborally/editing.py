"""Edits of boards, board sets and courses as pure functions: each returns a new value and never
changes its argument, so an editor's undo command keeps the value before and after. A function
refuses what no file could hold (a square off its board, an unknown board) with ValueError, the
same things loading refuses; everything else (overlaps, a checkpoint on a pit) is left to the
findings.
"""
from __future__ import annotations

from dataclasses import replace

from .model import Board, BoardSet, CellElement, Course, EdgeElement, Piece, Placement, Start, edges_by_key
from .terms import ON_A_WALL, Cell, cell_text, edge_key


# --- boards --------------------------------------------------------------------------------

def with_cell(board: Board, cell: Cell, element: CellElement | None) -> Board:
    """The board with `element` on `cell` (None: plain floor)."""
    if not board.contains(cell):
        raise ValueError(f"{cell_text(cell)} is not on the {board.width}x{board.height} board {board.id!r}")
    cells = dict(board.cells)
    if element is None:
        cells.pop(cell, None)
    else:
        cells[cell] = element
    return replace(board, cells=cells)


def with_edge(board: Board, element: EdgeElement) -> Board:
    """The board with `element` on its edge, replacing what would clash with it there: another wall
    (a wall is one per edge), an element of its type on the same side, a door where a wall goes
    (and a wall, laser or pusher where a door goes)."""
    cell = element.mount[0]
    if not board.contains(cell):
        raise ValueError(f"{cell_text(cell)} is not on the {board.width}x{board.height} board {board.id!r}")
    element = element.moved(element.mount)
    kept = [e for e in board.edges.get(element.key, ()) if not _clashes(e, element)]
    return _with_edge_list(board, element.key, kept + [element])


def without_edge(board: Board, cell: Cell, side: str, kind: str | None = None) -> Board:
    """The board without the elements of `kind` (None: every kind) on that side of `cell`; a wall is
    removed from either side, a laser, pusher or door only from the side it is mounted on."""
    key = edge_key(cell, side)
    kept = [e for e in board.edges.get(key, ())
            if not ((kind is None or e.type == kind) and (e.type == "wall" or e.mount == (cell, side)))]
    return _with_edge_list(board, key, kept)


def toggled_wall(board: Board, cell: Cell, side: str) -> Board:
    """A wall added on that side of `cell`, or taken away if one is there (a laser's or pusher's
    own wall goes with it)."""
    if board.wall_between(cell, _neighbour(cell, side)):
        return _with_edge_list(board, edge_key(cell, side),
                               [e for e in board.edges.get(edge_key(cell, side), ()) if e.type not in ("wall", *ON_A_WALL)])
    return with_edge(board, EdgeElement("wall", (cell, side)))


def _neighbour(cell: Cell, side: str) -> Cell:
    from ..grid.square import SQUARE

    return SQUARE.step(cell, side)


def _clashes(old: EdgeElement, new: EdgeElement) -> bool:
    if old.type == new.type and (new.type == "wall" or old.mount == new.mount):
        return True
    walls = ("wall", *ON_A_WALL)
    return (old.type == "door" and new.type in walls) or (new.type == "door" and old.type in walls)


def _with_edge_list(board: Board, key, elements: list[EdgeElement]) -> Board:
    edges = dict(board.edges)
    edges.pop(key, None)
    rest = [e for items in edges.values() for e in items]
    return replace(board, edges=edges_by_key(rest + elements))


def resized(board: Board, width: int, height: int) -> Board:
    """The board cut or grown to width x height (at most 16 x 16); what falls off it goes."""
    if not (1 <= width <= 16 and 1 <= height <= 16):
        raise ValueError("a board is 1 to 16 squares each way")
    smaller = replace(board, width=width, height=height)
    cells = {c: e for c, e in board.cells.items() if smaller.contains(c)}
    edges = [e for e in board.all_edge_elements() if smaller.contains(e.mount[0]) or
             (e.type == "wall" and smaller.contains(_neighbour(*e.mount)))]
    starts = tuple(s for s in board.starts if smaller.contains(s.at))
    return replace(smaller, cells=cells, edges=edges_by_key(edges), starts=starts)


def with_board(boardset: BoardSet, board: Board) -> BoardSet:
    """The board set with `board` replacing the board of its id, or added at the end."""
    boards = list(boardset.boards)
    index = next((i for i, b in enumerate(boards) if b.id == board.id), None)
    if index is None:
        boards.append(board)
    else:
        boards[index] = board
    return replace(boardset, boards=tuple(boards))


# --- courses -------------------------------------------------------------------------------

def with_boardset(course: Course, boardset: BoardSet) -> Course:
    """The course on an edited board set (now embedded in the course unless saved on its own)."""
    missing = [p.board for p in course.boards if boardset.board(p.board) is None]
    if missing:
        raise ValueError(f"the board set has no board {missing[0]!r}, which the course places")
    return replace(course, boardset=boardset, boardset_ref=None)


def with_placement(course: Course, index: int | None, placement: Placement) -> Course:
    """A board placed (index None: added at the end) or moved and turned (index: the one replaced)."""
    if course.boardset.board(placement.board) is None:
        raise ValueError(f"the board set has no board {placement.board!r}")
    if placement.rotation not in (0, 90, 180, 270) or placement.x < 0 or placement.y < 0:
        raise ValueError("a board goes at x, y >= 0, turned 0, 90, 180 or 270 degrees")
    boards = list(course.boards)
    if index is None:
        boards.append(placement)
    else:
        boards[index] = placement
    return replace(course, boards=tuple(boards))


def without_placement(course: Course, index: int) -> Course:
    return replace(course, boards=course.boards[:index] + course.boards[index + 1:])


def turned_placement(course: Course, index: int, quarter_turns: int = 1) -> Course:
    """The board turned clockwise about its top-left square's corner: it keeps its x, y."""
    placement = course.boards[index]
    return with_placement(course, index, replace(placement, rotation=(placement.rotation + 90 * quarter_turns) % 360))


def with_checkpoints(course: Course, checkpoints: tuple[Cell, ...]) -> Course:
    return replace(course, checkpoints=tuple(checkpoints))


def moved_checkpoint(course: Course, number: int, cell: Cell) -> Course:
    """Checkpoint `number` (1 = the first) moved to `cell`."""
    points = list(course.checkpoints)
    points[number - 1] = cell
    return with_checkpoints(course, tuple(points))


def with_start(course: Course, start: Start) -> Course:
    """The start of that number put at its square (added if the number is new), in number order."""
    starts = [s for s in course.starts if s.number != start.number] + [start]
    return replace(course, starts=tuple(sorted(starts, key=lambda s: s.number)))


def without_start(course: Course, number: int) -> Course:
    return replace(course, starts=tuple(s for s in course.starts if s.number != number))


def with_piece(course: Course, index: int | None, piece: Piece) -> Course:
    """A piece added (index None) or replaced (moved, turned, its steps changed)."""
    if piece.type == "door" and piece.side is None:
        raise ValueError("a door piece stands on a side of its square")
    pieces = list(course.pieces)
    if index is None:
        pieces.append(piece)
    else:
        pieces[index] = piece
    return replace(course, pieces=tuple(pieces))


def without_piece(course: Course, index: int) -> Course:
    return replace(course, pieces=course.pieces[:index] + course.pieces[index + 1:])


def single_board_course(boardset: BoardSet, board_id: str, boardset_ref: str | None = None) -> Course:
    """A course of one board alone at [0, 0] (to show, render or print that board), its printed
    starts as the course's starts."""
    board = boardset.board(board_id)
    if board is None:
        raise ValueError(f"the board set has no board {board_id!r}")
    return Course(board.name, boardset, (Placement(board_id, 0, 0),), (), board.starts, (), None,
                  boardset_ref=boardset_ref)
