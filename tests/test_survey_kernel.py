"""The batch kernel gives every board the very record of the Python fast path (itself held
equal to the networkx reference by test_survey_differential.py, which also compares the
kernel with the reference directly on 1,000 setups of each template)."""
from __future__ import annotations

import numpy as np

from crashgrab.engine.crash_and_grab.survey.batch import as_records, choice_records
from crashgrab.engine.crash_and_grab.survey.kernel import NO_SITE, batch_records, layout_for
from crashgrab.engine.crash_and_grab.survey.record import board_record
from crashgrab.engine.crash_and_grab.survey.findings import board_facts
from crashgrab.engine.crash_and_grab.resolve import resolve_layout
from crashgrab.engine.crash_and_grab.setup import random_layout
from crashgrab.engine.crash_and_grab.templates import TEMPLATES
from crashgrab.engine.crash_and_grab.tileset_file import standard_tileset
from tests.survey_records import all_2_4_fast_path_records, all_2_4_records


def test_the_kernel_equals_the_fast_path_on_every_2_4_arrangement():
    kernel = all_2_4_records()
    fast = all_2_4_fast_path_records()
    assert len(kernel) == len(fast) == 98_304
    differ = [i for i, (a, b) in enumerate(zip(kernel, fast)) if a != b]
    assert differ == [], f"{len(differ)} records differ, first {differ[:3]}: {kernel[differ[0]]} != {fast[differ[0]]}" \
        if differ else ""


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
    sites[0, 4] = NO_SITE
    assert batch_records(layout_for(8, 8), grid, sites).fallback[0]
    sites[0, 4] = sites[0, 5]
    assert batch_records(layout_for(8, 8), grid, sites).fallback[0]
