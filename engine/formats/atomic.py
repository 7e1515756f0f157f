"""Atomic file writes: a temporary file in the same folder, then a rename over the target,
so a crash or a full disk never leaves a half-written file behind.

The new file gets the permissions the old one had (and its owner, where we may set it); a file
that did not exist gets what the user's umask gives, as with an ordinary `open(path, "w")`."""
from __future__ import annotations

import os
import stat
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
        _copy_permissions(fd, path)
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


def _copy_permissions(fd: int, path: Path) -> None:
    try:
        old = os.stat(path)
    except FileNotFoundError:
        os.fchmod(fd, 0o666 & ~current_umask())
        return
    os.fchmod(fd, stat.S_IMODE(old.st_mode))
    if hasattr(os, "fchown"):
        try:
            os.fchown(fd, old.st_uid, old.st_gid)
        except PermissionError:  # only root may give a file away; the mode still holds
            pass


def current_umask() -> int:
    """The process umask, read without changing it where the system allows."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except OSError:
        pass
    mask = os.umask(0o022)  # elsewhere: read it by setting it, and put it straight back
    os.umask(mask)
    return mask


def write_text_atomic(path: str | Path, text: str) -> None:
    write_bytes_atomic(path, text.encode("utf-8"))
