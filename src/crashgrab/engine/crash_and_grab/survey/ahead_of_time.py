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

import numpy as np

MODULE = "_kernel_aot"
SOURCE = Path(__file__).with_name("compiled.py")
# fill_records' arguments as kernel.batch_records passes them, (dtype, dimensions; 0: an int):
# the board, its tables, the records, the scratch arrays. The module is compiled for exactly
# these and checks nothing itself, so a call whose arguments differ goes numba's JIT way
# (`fits`), and they are part of the digest.
ARGUMENTS: tuple[tuple[str, int], ...] = (
    ("bool", 2), ("int64", 2), ("int64", 3), ("uint64", 3), ("uint64", 3), ("int64", 1), ("bool", 1),
    ("int64", 1), ("int64", 1), ("int64", 0), ("int64", 0), ("int64", 0), ("int64", 1),
    ("int64", 2), ("int64", 1), ("int64", 2), ("int64", 1), ("int64", 1), ("int64", 1), ("int64", 1),
    ("int64", 1), ("bool", 1),
    ("int64", 2), ("int64", 3), ("bool", 2), ("uint64", 2), ("uint64", 2), ("uint64", 3), ("uint64", 3))


def source_digest() -> int:
    """The digest of compiled.py and ARGUMENTS as a signed 64-bit number (what the module returns
    from `digest()`)."""
    value = int.from_bytes(hashlib.sha256(SOURCE.read_bytes() + repr(ARGUMENTS).encode()).digest()[:8], "little")
    return value - (1 << 64) if value >= 1 << 63 else value


@lru_cache(maxsize=1)
def aot_kernel() -> Callable[..., Any] | None:
    """The ahead-of-time `fill_records`, or None when there is none built from today's compiled.py."""
    try:
        module = import_module(f"{__package__}.{MODULE}")
        return module.fill_records if module.digest() == source_digest() else None
    except (ImportError, AttributeError, OSError):
        return None


def fits(arguments: tuple) -> bool:
    """Whether a call's arguments are what the module was compiled for: C-contiguous, aligned,
    writable arrays of ARGUMENTS' dtypes and dimensions, and integers that fit an int64."""
    if len(arguments) != len(ARGUMENTS):
        return False
    for value, (name, dimensions) in zip(arguments, ARGUMENTS):
        if dimensions == 0:
            if type(value) is not int or not -2 ** 63 <= value < 2 ** 63:
                return False
        elif (type(value) is not np.ndarray or value.dtype != np.dtype(name) or value.ndim != dimensions
              or not (value.flags.c_contiguous and value.flags.aligned and value.flags.writeable)):
            return False
    return True


def build(output_dir: Path) -> Path:
    """Compile the kernel into `output_dir` (numba and a C compiler needed); the module's path."""
    from numba import types
    from numba.pycc import CC

    from . import compiled

    def numba_type(kind: tuple[str, int]) -> Any:
        name, dimensions = kind
        scalar = {"bool": types.boolean, "int64": types.int64, "uint64": types.uint64}[name]
        return types.Array(scalar, dimensions, "C") if dimensions else scalar

    signature = types.void(*(numba_type(kind) for kind in ARGUMENTS))
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
