"""The move graph: hand-checked nodes and edges on tiny boards, and properties on random boards.

The property tests walk moves themselves, one space at a time from the rules, instead of
trusting the engine's walk.
"""
from __future__ import annotations

import networkx as nx
from hypothesis import given, settings

from crashgrab.engine.crash_and_grab.movegraph import build_move_graph, move_analysis
from crashgrab.engine.crash_and_grab.resolve import resolve_layout
from crashgrab.engine.crash_and_grab.terms import ACCELERATOR
from crashgrab.engine.crash_and_grab.validation.overlays import reachable_in_one_move
from crashgrab.engine.crash_and_grab import bounce_graph as grid_movegraph
from crashgrab.engine.grid.model import Board, CellFeature
from tests.test_validation_helpers import board_layout, free_form_layouts

DELTAS = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}


def board_of(picture: str) -> Board:
    return resolve_layout(board_layout(picture)).board


# --- hand-checked -------------------------------------------------------------------
def test_nodes_of_a_three_cell_row():
    graph = build_move_graph(board_of(".>."))
    assert set(graph.nodes) == {("cell", 0, 0), ("cell", 2, 0), "off",
                                *(("acc", 1, 0, d) for d in range(1, 6))}


def test_edges_of_a_three_cell_row():
    graph = build_move_graph(board_of(".>."))
    # From [0,0]: east with any d enters the Accelerator first; every other direction crashes.
    for d in range(1, 6):
        assert graph.edges[("cell", 0, 0), ("acc", 1, 0, d)] == {
            "direction": "east", "distance": d, "moves": (("east", d),)}
    off = graph.edges[("cell", 0, 0), "off"]
    assert (off["direction"], off["distance"]) == ("north", 1)
    assert off["moves"][:4] == (("north", 1), ("south", 1), ("west", 1), ("north", 2))
    assert len(off["moves"]) == 15
    assert set(graph.successors(("cell", 0, 0))) == {"off", *(("acc", 1, 0, d) for d in range(1, 6))}
    # Bounced with 1, a saucer can go either way along the row; with 2 or more it crashes.
    assert set(graph.successors(("acc", 1, 0, 1))) == {("cell", 0, 0), ("cell", 2, 0), "off"}
    assert graph.edges[("acc", 1, 0, 1), ("cell", 2, 0)]["direction"] == "east"
    assert graph.edges[("acc", 1, 0, 1), "off"]["moves"] == (("north", 1), ("south", 1))
    for d in range(2, 6):
        assert set(graph.successors(("acc", 1, 0, d))) == {"off"}
        assert len(graph.edges[("acc", 1, 0, d), "off"]["moves"]) == 4
    assert graph.number_of_edges() == 6 + 6 + 3 + 4


def test_a_hole_ends_a_move_off_the_board_even_with_board_beyond_it():
    graph = build_move_graph(board_of("1.#.."))
    assert graph.has_edge(("cell", 0, 0), ("cell", 1, 0))
    assert not graph.has_edge(("cell", 0, 0), ("cell", 3, 0))
    assert ("east", 2) in graph.edges[("cell", 0, 0), "off"]["moves"]


def test_the_first_accelerator_on_the_way_ends_the_edge_with_the_same_distance():
    graph = build_move_graph(board_of("..>.>."))
    assert set(graph.successors(("cell", 0, 0))) >= {("cell", 1, 0), ("acc", 2, 0, 2), ("acc", 2, 0, 5)}
    assert not any(node[:3] == ("acc", 4, 0) for node in graph.successors(("cell", 0, 0)) if node != "off")
    assert graph.has_edge(("acc", 2, 0, 2), ("acc", 4, 0, 2))
    assert graph.has_edge(("acc", 2, 0, 1), ("cell", 3, 0))


def test_crash_sites_do_not_change_the_graph():
    with_sites = build_move_graph(board_of("1.>\n.2."))
    plain = build_move_graph(board_of("..>\n..."))
    assert nx.utils.graphs_equal(with_sites, plain)


def test_the_generic_graph_takes_any_bouncing_feature():
    board = Board(3, 1, {(0, 0): "t", (1, 0): "t", (2, 0): "t"}, {(1, 0): CellFeature("spring", "t")})
    graph = grid_movegraph.build_move_graph(board, "spring", max_distance=2)
    assert ("acc", 1, 0, 2) in graph and ("acc", 1, 0, 3) not in graph
    assert len(graph.edges[("cell", 0, 0), "off"]["moves"]) == 6  # north, south and west, each at d = 1 and 2
    assert grid_movegraph.build_move_graph(board, ACCELERATOR).has_edge(("cell", 0, 0), ("cell", 1, 0))


def test_two_moves_reach_a_cell_that_one_bounce_leaves_behind():
    # 1 at [0,0], Accelerator at [1,0], 2 at [5,0]: 1 -> 2 is one move (east 4, bounced on east 4);
    # 2 -> 1 needs two: west 3 to [2,0], then west 1 onto the Accelerator and on to [0,0].
    analysis = move_analysis(board_of("1>...2"))
    assert analysis.moves_from((0, 0))[(5, 0)] == 1
    assert analysis.moves_from((5, 0))[(0, 0)] == 2


# --- properties on random boards ------------------------------------------------------
def rules_walk(board, start, direction, distance):
    """Where one move ends, walked from the rules: ("off",), ("acc", cell) or ("cell", cell)."""
    dx, dy = DELTAS[direction]
    x, y = start
    for _ in range(distance):
        x, y = x + dx, y + dy
        if (x, y) not in board.cell_tiles:
            return "off"
        feature = board.features.get((x, y))
        if feature is not None and feature.type == ACCELERATOR:
            return ("acc", x, y, distance)
    return ("cell", x, y)


def ends_with_distance(board, start, distance):
    """Rest cells one move of `distance` from `start` can end on, each bounce followed by hand."""
    ends, bounced_at = set(), set()
    pending = [(start, direction) for direction in DELTAS]
    while pending:
        cell, direction = pending.pop()
        end = rules_walk(board, cell, direction, distance)
        if end == "off":
            continue
        if end[0] == "cell":
            ends.add(end[1:])
        elif end[1:3] not in bounced_at:
            bounced_at.add(end[1:3])
            pending.extend((end[1:3], d) for d in DELTAS)
    return ends


def one_card_ends(board, start):
    return set().union(*(ends_with_distance(board, start, d) for d in range(1, 6)))


def plain_bfs(board, sources):
    reached, queue = set(sources), list(sources)
    while queue:
        cell = queue.pop()
        for end in one_card_ends(board, cell):
            if end not in reached:
                reached.add(end)
                queue.append(end)
    return reached


def is_accelerator(board, cell):
    feature = board.features.get(cell)
    return feature is not None and feature.type == ACCELERATOR


@settings(max_examples=150, deadline=None)
@given(free_form_layouts())
def test_every_edge_is_a_legal_move_and_every_move_is_an_edge(layout):
    board = resolve_layout(layout).board
    graph = build_move_graph(board)
    for source in graph:
        if source == "off":
            assert graph.out_degree(source) == 0
            continue
        start = source[1:3]
        assert board.on_board(start) and is_accelerator(board, start) == (source[0] == "acc")
        moves = []
        for target, data in graph[source].items():
            assert data["moves"] and (data["direction"], data["distance"]) == data["moves"][0]
            for direction, distance in data["moves"]:
                assert rules_walk(board, start, direction, distance) == target
                if source[0] == "acc":
                    assert distance == source[3]
            moves += data["moves"]
        expected = 20 if source[0] == "cell" else 4
        assert len(moves) == len(set(moves)) == expected


@settings(max_examples=150, deadline=None)
@given(free_form_layouts())
def test_reached_rest_cells_agree_with_a_plain_breadth_first_search(layout):
    board = resolve_layout(layout).board
    graph = build_move_graph(board)
    analysis = move_analysis(board)
    for start in board.cells():
        if is_accelerator(board, start):
            continue
        by_graph = {n[1:] for n in nx.descendants(graph, ("cell", *start)) if n != "off" and n[0] == "cell"}
        by_hand = plain_bfs(board, [start])
        assert by_graph - {start} == by_hand - {start}
        assert set(analysis.moves_from(start)) == by_hand | {start}
        assert set(reachable_in_one_move(board, start)) == one_card_ends(board, start) - {start}


@settings(max_examples=100, deadline=None)
@given(free_form_layouts())
def test_fewest_moves_equal_dijkstra_on_the_graph_with_bounces_free(layout):
    board = resolve_layout(layout).board
    graph = build_move_graph(board)
    analysis = move_analysis(board)

    def weight(source, _target, _data):
        return 0 if source[0] == "acc" else 1

    for start in analysis.rests:
        lengths = nx.single_source_dijkstra_path_length(graph, ("cell", *start), weight=weight)
        expected = {n[1:]: moves for n, moves in lengths.items() if n != "off" and n[0] == "cell"}
        assert analysis.moves_from(start) == expected


@settings(max_examples=100, deadline=None)
@given(free_form_layouts())
def test_one_move_distances_are_the_smallest_card_that_gets_there(layout):
    board = resolve_layout(layout).board
    for start in move_analysis(board).rests:
        reached = reachable_in_one_move(board, start)
        for cell, distance in reached.items():
            assert 1 <= distance <= 5
            assert all(cell not in ends_with_distance(board, start, d) for d in range(1, distance))
            assert cell in ends_with_distance(board, start, distance)



def test_the_analysis_is_shared_by_boards_with_the_same_cells_and_accelerators_only():
    first = move_analysis(board_of("1.>\n..."))
    assert move_analysis(board_of("1.>\n...")) is first
    assert move_analysis(board_of("2.>\n..3")) is first      # Crash Sites do not change moves
    assert move_analysis(board_of("1>.\n...")) is not first  # an Accelerator moved
    assert move_analysis(board_of("1.>\n..")) is not first   # a cell became a hole


def test_validation_of_a_board_sharing_an_analysis_still_reads_its_own_crash_sites():
    from crashgrab.engine.crash_and_grab.validation import validate_layout
    one = validate_layout(board_layout("1.2.>"))
    other = validate_layout(board_layout("1...>"))
    assert [f.code for f in one.findings].count("crash-site-sequence") == 1
    assert "crash-site-sequence" not in [f.code for f in other.findings]
