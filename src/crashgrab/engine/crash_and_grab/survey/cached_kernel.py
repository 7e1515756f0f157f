"""Loading the compiled kernel from numba's on-disk cache without numba's registry refresh.

numba's own path to a cached function (`FunctionCache.load_overload`) first refreshes its
typing and target contexts: it imports and installs every lowering and typing registry
(numpy's, the typed containers', random's...), which is what compiling needs and what
loading machine code does not. That refresh was two thirds of the survey's 0.2 s to load
its kernel. Here the cached overload for the exact argument types of the call is read and
added to the dispatcher (the runtime, NRT, started first, as the refresh would); the call
then runs that machine code, as numba's own path would have loaded it.

This reaches into numba's internals (`_cache`, `_load_overload`, `targetctx`), so anything
unexpected (another numba, JIT disabled, no cache entry for these types, a stale entry)
returns False and the caller goes numba's documented way, which refreshes, loads or
compiles. tests/test_survey_kernel.py checks in a fresh process that the short way was
taken and gave the records of numba's own way.
"""
from __future__ import annotations

from typing import Any

import numpy as np


def add_cached_overload(dispatcher: Any, args: tuple) -> bool:
    """Add the cached machine code of `dispatcher` for `args`' types; False when there is none
    (or anything about numba is not as expected)."""
    try:
        from numba.core.compiler_lock import global_compiler_lock
        from numba.core.runtime import rtsys

        signature = tuple(_numba_type(arg) for arg in args)
        if signature in dispatcher.overloads:
            return True
        with global_compiler_lock:
            context = dispatcher.targetctx
            rtsys.initialize(context)
            compiled = dispatcher._cache._load_overload(signature, context)
            if compiled is None:
                return False
            dispatcher.add_overload(compiled)
    except Exception:  # noqa: BLE001 - numba's internals moved: its own path still works
        return False
    return True


def _numba_type(value: Any) -> Any:
    """The type numba's dispatcher gives an argument of the kernel: a C-contiguous array or an
    integer. (numba's own `typeof` of an array imports numpy.ma, 20 ms, to tell masked arrays.)"""
    from numba.core import types
    from numba.np.numpy_support import from_dtype

    if isinstance(value, np.ndarray) and value.flags.c_contiguous and value.flags.aligned \
            and type(value) is np.ndarray:
        return types.Array(from_dtype(value.dtype), value.ndim, "C", readonly=not value.flags.writeable)
    if type(value) is int:
        return types.int64 if -2 ** 63 <= value < 2 ** 63 else types.uint64
    raise TypeError(f"not a kernel argument: {type(value).__name__}")
