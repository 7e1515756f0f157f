"""The survey kernel compiled ahead of time: compiled.py's `fill_records` as an extension module
(`_kernel_aot`), so a survey runs its machine code without importing numba (about 0.2 s of a
short survey's start-up, docs/performance.md).

The wheel's build compiles it (setup.py), and `make` does for a checkout (`python -m
crashgrab.engine.crash_and_grab.survey.ahead_of_time`), with numba's own ahead-of-time
compiler (numba.pycc) from the same source numba's JIT compiles: one kernel, two ways to
load it. The module carries the digest of compiled.py it was built from; `aot_kernel()` uses it
only when that is today's compiled.py, else (a stale build, no C compiler when it was built,
another numpy) the survey goes numba's JIT way, and the records are the same either way
(tests/test_survey_kernel.py). Loading it imports no numba: this file imports numba only to build.
"""
from __future__ import annotations

import hashlib
import sys
from functools import lru_cache
from importlib import import_module
from pathlib import Path
from typing import Any, Callable

MODULE = "_kernel_aot"
SOURCE = Path(__file__).with_name("compiled.py")


def source_digest() -> int:
    """compiled.py's digest as a signed 64-bit number (what the module returns from `digest()`)."""
    value = int.from_bytes(hashlib.sha256(SOURCE.read_bytes()).digest()[:8], "little")
    return value - (1 << 64) if value >= 1 << 63 else value


@lru_cache(maxsize=1)
def aot_kernel() -> Callable[..., Any] | None:
    """The ahead-of-time `fill_records`, or None when there is none built from today's compiled.py."""
    try:
        module = import_module(f"{__package__}.{MODULE}")
        return module.fill_records if module.digest() == source_digest() else None
    except (ImportError, AttributeError, OSError):
        return None


def build(output_dir: Path) -> Path:
    """Compile the kernel into `output_dir` (numba and a C compiler needed); the module's path."""
    from numba import types
    from numba.pycc import CC

    from . import compiled

    def array(dtype: Any, dimensions: int) -> Any:
        return types.Array(dtype, dimensions, "C")

    boolean, integer, word = types.boolean, types.int64, types.uint64
    # kernel.batch_records' arguments, in order: the board, its tables, the records, the scratch arrays.
    signature = types.void(
        array(boolean, 2), array(integer, 2), array(integer, 3), array(word, 3), array(word, 3), array(integer, 1),
        array(boolean, 1), array(integer, 1), array(integer, 1), integer, integer, integer, array(integer, 1),
        array(integer, 2), array(integer, 1), array(integer, 2), array(integer, 1), array(integer, 1),
        array(integer, 1), array(integer, 1), array(integer, 1), array(boolean, 1),
        array(integer, 2), array(integer, 3), array(boolean, 2), array(word, 2), array(word, 2), array(word, 3),
        array(word, 3))
    digest = source_digest()

    def built_from() -> int:
        return digest

    compiler = CC(MODULE)
    compiler.output_dir = str(output_dir)
    compiler.verbose = False
    compiler.export("fill_records", signature)(compiled.fill_records.py_func)
    compiler.export("digest", types.int64())(built_from)
    compiler.compile()
    return next(Path(output_dir).glob(f"{MODULE}.*"))


def main() -> int:
    """Build the module beside this file unless the one there is already today's."""
    if aot_kernel() is not None:
        return 0
    path = build(Path(__file__).parent)
    print(f"built {path.name}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
