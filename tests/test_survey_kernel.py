"""The compiled batch kernel gives every board the very record of the Python fast path
(itself held equal to the networkx reference by test_survey_differential.py, which also
compares the kernel with the reference directly on 1,000 setups of each template): on all
98,304 2-4 arrangements, and on random hole-free boards of every template size and of
odd sizes, dense enough for traps, loops, isolated Crash Sites and unreachable cells."""
from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter

import numpy as np
import pytest

from crashgrab.engine.crash_and_grab.survey import ahead_of_time
from crashgrab.engine.crash_and_grab.survey.ahead_of_time import aot_kernel
from crashgrab.engine.crash_and_grab.survey.batch import as_records, choice_records
from crashgrab.engine.crash_and_grab.survey.fastcheck import analyse
from crashgrab.engine.crash_and_grab.survey.findings import board_facts, geometry_for
from crashgrab.engine.crash_and_grab.survey.kernel import KERNEL_CODES, NO_SITE, batch_records, tables_for
from crashgrab.engine.crash_and_grab.survey.record import board_record
from crashgrab.engine.crash_and_grab.resolve import resolve_layout
from crashgrab.engine.crash_and_grab.setup import random_layout
from crashgrab.engine.crash_and_grab.templates import TEMPLATES
from crashgrab.engine.crash_and_grab.tileset_file import standard_tileset
from tests.conftest import LAYOUTS, ROOT
from tests.survey_records import all_2_4_fast_path_records, all_2_4_records

RANDOM_BOARDS = 600   # per size


def test_the_kernel_equals_the_fast_path_on_every_2_4_arrangement():
    kernel = all_2_4_records()
    fast = all_2_4_fast_path_records()
    assert len(kernel) == len(fast) == 98_304
    differ = [i for i, (a, b) in enumerate(zip(kernel, fast)) if a != b]
    assert differ == [], f"{len(differ)} records differ, first {differ[:3]}: {kernel[differ[0]]} != {fast[differ[0]]}" \
        if differ else ""


def random_boards(width: int, height: int, count: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Hole-free boards: 12 Crash Sites in random cells, Accelerators at a random density of up to 85%."""
    rng = random.Random(seed)
    cells = width * height
    grid = np.zeros((count, cells), dtype=bool)
    sites = np.zeros((count, 12), dtype=np.int64)
    for row in range(count):
        chosen = rng.sample(range(cells), 12)
        sites[row] = chosen
        density = rng.choice((0.05, 0.2, 0.4, 0.6, 0.75, 0.85))
        for cell in set(range(cells)) - set(chosen):
            grid[row, cell] = rng.random() < density
    return grid, sites


def fast_path_record(width: int, height: int, grid_row: np.ndarray, site_row: np.ndarray):
    accelerators = tuple(np.flatnonzero(grid_row).tolist())
    sites = tuple(sorted((int(cell), number) for number, cell in enumerate(site_row.tolist(), start=1)))
    return board_record(0, analyse(geometry_for(width, height), accelerators, 0, sites))


@pytest.mark.parametrize("width, height", [(8, 8), (9, 9), (10, 10), (5, 7), (13, 6), (11, 11)])
def test_the_kernel_equals_the_fast_path_on_random_dense_boards(width, height):
    grid, sites = random_boards(width, height, RANDOM_BOARDS, seed=width * 100 + height)
    batch = batch_records(tables_for(width, height), grid, sites)
    # Only boards with more than 64 Accelerators (some dense 10x10 ones) are left to the fast path.
    assert (batch.fallback == (grid.sum(axis=1) > 64)).all()
    kernel = as_records(batch, [0] * RANDOM_BOARDS)
    seen: Counter = Counter()
    for row, record in enumerate(kernel):
        if batch.fallback[row]:
            continue
        assert record == fast_path_record(width, height, grid[row], sites[row]), f"board {row} differs"
        seen.update(code for code, _ in record.codes)
    # The boards reach every code the kernel counts, so each is compared somewhere.
    assert [code for code in KERNEL_CODES if not seen[code]] == []


def test_boards_the_kernel_leaves_alone_get_the_fast_paths_record():
    # Crash Site 5 missing and 6 twice: the kernel hands such boards to the fast path.
    tileset = standard_tileset()
    template = TEMPLATES["2-4"]
    layout = random_layout(tileset, template, 3)
    resolved = resolve_layout(layout).board
    choices = tuple((p.tile, p.side, p.rotation) for p in sorted(
        layout.placements, key=lambda p: [(s.x, s.y) for s in template.slots].index((p.x, p.y))))
    batch = choice_records(template, tileset, [choices])
    assert not batch.fallback[0]
    assert as_records(batch, [0])[0] == board_record(0, board_facts(resolved))
    grid = np.zeros((1, 64), dtype=bool)
    sites = np.arange(12)[None, :] * 5
    tables = tables_for(8, 8)
    assert not batch_records(tables, grid, sites).fallback[0]
    sites[0, 4] = NO_SITE
    assert batch_records(tables, grid, sites).fallback[0]
    sites[0, 4] = sites[0, 5]
    assert batch_records(tables, grid, sites).fallback[0]
    sites[0, 4] = 1
    grid[0, 1] = True                       # a Crash Site on an Accelerator
    assert batch_records(tables, grid, sites).fallback[0]


def test_more_than_64_accelerators_are_left_to_the_fast_path():
    grid, sites = random_boards(10, 10, 1, seed=5)
    grid[0] = True
    grid[0, sites[0]] = False             # 88 Accelerators
    assert batch_records(tables_for(10, 10), grid, sites).fallback[0]
    grid[0, np.flatnonzero(grid[0])[64:]] = False
    batch = batch_records(tables_for(10, 10), grid, sites)
    assert not batch.fallback[0]
    assert as_records(batch, [0])[0] == fast_path_record(10, 10, grid[0], sites[0])


def test_the_kernel_refuses_boards_it_cannot_hold():
    with pytest.raises(ValueError, match="at most 128 cells"):
        tables_for(12, 11)
    with pytest.raises(ValueError, match="at most 16 cells"):
        tables_for(17, 2)


NUMBA_PROBE = """
import contextlib, io, sys
from crashgrab.engine.cli import main
import crashgrab.engine.crash_and_grab.survey.runner, crashgrab.engine.crash_and_grab.survey.cli
import crashgrab.engine.crash_and_grab.validation.fast
with contextlib.redirect_stdout(io.StringIO()):
    code = main(["validate", sys.argv[1]])
print(code, sorted(m for m in sys.modules if m.split(".")[0] in ("numba", "llvmlite")))
"""


def test_validation_and_the_survey_command_start_without_numba():
    # numba takes a few tenths of a second to import: only checking a batch of boards loads it.
    result = subprocess.run([sys.executable, "-c", NUMBA_PROBE, str(LAYOUTS / "standard-6p.json")],
                            capture_output=True, text=True, cwd=ROOT, check=True)
    assert result.stdout.split() == ["0", "[]"]


NO_CACHE_PROBE = """
import os
from numba.core import caching, config
# As on a read-only install run by a user without a home folder: nowhere for numba's cache.
caching.CacheImpl._locator_classes = [caching.UserProvidedCacheLocator]
import numpy as np
from crashgrab.engine.crash_and_grab.survey import kernel
from crashgrab.engine.crash_and_grab.survey.kernel import batch_records, tables_for
kernel.AHEAD_OF_TIME = False   # numba's JIT, which this is about
records = batch_records(tables_for(8, 8), np.zeros((1, 64), dtype=bool), np.arange(12)[None, :] * 5)
print(int(records.pairs[0]), os.path.basename(config.CACHE_DIR), os.path.isdir(config.CACHE_DIR), config.CACHE_DIR)
"""


def test_without_a_writable_cache_folder_the_kernel_compiles_into_a_temporary_one():
    environment = {name: value for name, value in os.environ.items() if name != "NUMBA_CACHE_DIR"}
    result = subprocess.run([sys.executable, "-c", NO_CACHE_PROBE], capture_output=True, text=True, cwd=ROOT,
                            env=environment, check=True)
    pairs, name, existed, path = result.stdout.split()
    assert pairs == "132"                     # the board was checked: every Crash Site reaches the 11 others
    assert name.startswith("crashgrab-numba-") and existed == "True"
    assert not os.path.exists(path)           # and the folder went with the process


# Random boards of 9x9 (the 5-saucer size) checked in a fresh process; `own` skips the short
# way to the cached kernel (cached_kernel.py), so the batch goes numba's documented way.
CACHE_PROBE = """
import hashlib, sys
import numpy as np
from crashgrab.engine.crash_and_grab.survey import cached_kernel, kernel
rng = np.random.default_rng(5)
grid = rng.random((400, 81)) < 0.2
sites = np.array([rng.choice(np.flatnonzero(~row), 12, replace=False) for row in grid], dtype=np.int64)
kernel.AHEAD_OF_TIME = sys.argv[1] == "ahead"
kernel.SHORT_LOAD = sys.argv[1] == "short"
records = kernel.batch_records(kernel.tables_for(9, 9), grid, sites)
loaded = [entry is not None for entry in cached_kernel._ENTRIES.values()]
fields = [records.codes, records.edge_sites, records.loop_groups, records.off_moves, records.rest_cells,
          records.pairs, records.moves_sum, records.moves_squares, records.fallback]
print(loaded, "numpy.ma" in sys.modules, "numba" in sys.modules,
      hashlib.sha256(b"".join(np.ascontiguousarray(f).tobytes() for f in fields)).hexdigest())
"""


def test_the_cached_kernel_loads_the_short_way_and_gives_numbas_own_records():
    def probe(way: str) -> list[str]:
        return subprocess.run([sys.executable, "-c", CACHE_PROBE, way], capture_output=True, text=True, cwd=ROOT,
                              check=True).stdout.split()

    own_loaded, _, _, own = probe("own")        # loads (or, the first time, compiles and saves) the kernel
    short_loaded, masked, _, short = probe("short")
    assert (own_loaded, short_loaded, masked) == ("[]", "[True]", "False")
    assert short == own


def test_the_kernel_compiled_ahead_of_time_gives_numbas_records_without_importing_numba():
    # `make` builds it in the checkout (as setup.py does into a wheel): a missing or stale one is a build fault here.
    assert aot_kernel() is not None, "no survey kernel built from today's compiled.py: run `make kernel`"
    def probe(way: str) -> list[str]:
        return subprocess.run([sys.executable, "-c", CACHE_PROBE, way], capture_output=True, text=True, cwd=ROOT,
                              check=True).stdout.split()

    *_, jit = probe("own")
    cached, _, numba_imported, ahead = probe("ahead")
    assert (cached, numba_imported) == ("[]", "False")
    assert ahead == jit


def test_a_kernel_built_from_another_compiled_py_is_not_used(monkeypatch):
    assert aot_kernel() is not None
    monkeypatch.setattr(ahead_of_time, "source_digest", lambda: 12345)   # compiled.py changed since the build
    aot_kernel.cache_clear()
    try:
        assert aot_kernel() is None
    finally:
        monkeypatch.undo()
        aot_kernel.cache_clear()


def test_the_ahead_of_time_kernel_is_called_only_with_the_arguments_it_was_compiled_for(monkeypatch):
    # Machine code compiled for one signature reads whatever bytes it is given: a float64 table or
    # an int32 one would give wrong records, not an error. So each call is checked first.
    from crashgrab.engine.crash_and_grab.survey import kernel

    calls = []
    monkeypatch.setattr(kernel, "aot_kernel", lambda: lambda *arguments: calls.append(arguments))
    kernel.batch_records(tables_for(8, 8), np.zeros((1, 64), dtype=bool), np.arange(12)[None, :] * 5)
    (arguments,) = calls
    assert ahead_of_time.fits(arguments)

    def changed(index, value):
        return tuple(value if i == index else argument for i, argument in enumerate(arguments))

    row_off_moves = arguments[7]
    read_only = row_off_moves.copy()
    read_only.setflags(write=False)
    for wrong in (changed(7, row_off_moves.astype(np.float64)), changed(7, row_off_moves.astype(np.int32)),
                  changed(7, read_only), changed(2, np.asfortranarray(arguments[2].transpose(2, 1, 0))),
                  changed(9, np.int64(arguments[9])), changed(9, 2 ** 63), arguments[:-1]):
        assert not ahead_of_time.fits(wrong)
