"""Atomic file writes: a temporary file in the same folder, then a rename over the target,
so a crash or a full disk never leaves a half-written file behind."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ..errors import WriteError


def write_bytes_atomic(path: str | Path, data: bytes) -> None:
    path = Path(path)
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    except OSError as error:
        raise WriteError(f"cannot write here ({error.strerror}).", file=path) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except OSError as error:
        Path(temp).unlink(missing_ok=True)
        raise WriteError(f"could not be saved ({error.strerror}).", file=path) from None
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def write_text_atomic(path: str | Path, text: str) -> None:
    write_bytes_atomic(path, text.encode("utf-8"))
