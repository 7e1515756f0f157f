"""Loading the compiled kernel from numba's on-disk cache without numba's registry refresh.

numba's own path to a cached function (`FunctionCache.load_overload`) first refreshes its
typing and target contexts: it imports and installs every lowering and typing registry
(numpy's, the typed containers', random's...), which is what compiling needs and what
loading machine code does not. That refresh was two thirds of the survey's 0.2 s to load
its kernel. Here the cached overload for the exact argument types of the call is read (the
runtime, NRT, started first, as the refresh would) and added to the dispatcher, and its
entry point (the compiled wrapper the dispatcher itself calls once it has matched the
types) is called directly: the dispatcher's matching would type each array once with
numba's `typeof`, which imports numpy.ma to tell masked arrays (20 ms).

This reaches into numba's internals (`_cache`, `_load_overload`, `targetctx`,
`entry_point`), so anything unexpected (another numba, JIT disabled, no cache entry for
these types, a stale entry) gives None and the caller goes numba's documented way, which
refreshes, loads or compiles. tests/test_survey_kernel.py checks in a fresh process that
the short way was taken and gave the records of numba's own way.
"""
from __future__ import annotations

from typing import Any, Callable

import numpy as np

# (dispatcher, the arguments' kinds) -> the loaded entry point, or None: numba's own way.
_ENTRIES: dict[tuple, Callable[..., Any] | None] = {}


def cached_entry(dispatcher: Any, args: tuple) -> Callable[..., Any] | None:
    """The compiled code of `dispatcher` for `args`' types, loaded from numba's cache the short
    way; None when there is none (or anything about numba is not as expected)."""
    key = (id(dispatcher), *(_kind(arg) for arg in args))
    if key not in _ENTRIES:
        _ENTRIES[key] = _load(dispatcher, args)
    return _ENTRIES[key]


def _kind(value: Any) -> tuple:
    if type(value) is np.ndarray:
        flags = value.flags
        return value.dtype.str, value.ndim, flags.c_contiguous, flags.aligned, flags.writeable
    return (type(value), -2 ** 63 <= value < 2 ** 63) if type(value) is int else (object, id(value))


def _load(dispatcher: Any, args: tuple) -> Callable[..., Any] | None:
    try:
        from numba.core.compiler_lock import global_compiler_lock
        from numba.core.runtime import rtsys

        signature = tuple(_numba_type(arg) for arg in args)
        with global_compiler_lock:
            compiled = dispatcher.overloads.get(signature)
            if compiled is None:
                context = dispatcher.targetctx
                rtsys.initialize(context)
                compiled = dispatcher._cache._load_overload(signature, context)
                if compiled is None:
                    return None
                dispatcher.add_overload(compiled)
        return compiled.entry_point
    except Exception:  # noqa: BLE001 - numba's internals moved: its own path still works
        return None


def _numba_type(value: Any) -> Any:
    """The type numba's dispatcher gives an argument of the kernel: a C-contiguous, aligned
    array or an integer (anything else: numba's own way)."""
    from numba.core import types
    from numba.np.numpy_support import from_dtype

    if type(value) is np.ndarray and value.flags.c_contiguous and value.flags.aligned:
        return types.Array(from_dtype(value.dtype), value.ndim, "C", readonly=not value.flags.writeable)
    if type(value) is int:
        return types.int64 if -2 ** 63 <= value < 2 ** 63 else types.uint64
    raise TypeError(f"not a kernel argument: {type(value).__name__}")
