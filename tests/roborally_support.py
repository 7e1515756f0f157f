"""Small RoboRally board sets and courses built in code, for the RoboRally tests."""
from __future__ import annotations

from typing import Any

from crashgrab.engine.roborally.boardset_io import boardset_from_json
from crashgrab.engine.roborally.layout_io import layout_from_json


def boardset_document(*boards: dict[str, Any]) -> dict[str, Any]:
    return {"format": "crash-grab-boardset", "version": 1, "game": "roborally", "id": "test", "name": "Test boards",
            "boards": list(boards)}


def board(board_id: str, width: int, height: int, cells=(), edges=(), **extra) -> dict[str, Any]:
    return {"id": board_id, "name": board_id.title(), "width": width, "height": height, "cells": list(cells),
            "edges": list(edges), **extra}


def boardset(*boards):
    return boardset_from_json(boardset_document(*boards))


def course_document(boards_: list[dict[str, Any]], placements, checkpoints=(), starts=(), pieces=(), **extra):
    return {"format": "crash-grab-layout", "version": 2, "game": "roborally", "name": "Test course",
            "boardset": boardset_document(*boards_),
            "boards": [{"board": b, "x": x, "y": y, "rotation": r} for b, x, y, r in placements],
            "checkpoints": [list(c) for c in checkpoints],
            "starts": [{"number": n, "at": list(at), "facing": f} for n, at, f in starts],
            "pieces": list(pieces), **extra}


def course(boards_, placements, checkpoints=(), starts=(), pieces=(), **extra):
    return layout_from_json(course_document(boards_, placements, checkpoints, starts, pieces, **extra))
