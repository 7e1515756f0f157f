"""Atomic file writes: a temporary file in the same folder, then a rename over the target,
so a crash or a full disk never leaves a half-written file behind.

A symbolic link is written through to its target. The temporary file is removed on every
failure; one left by a save killed outright (SIGKILL, power cut) is removed by the next save
of the same file.

The new file gets the permissions the old one had (and its owner, where we may set it); a file
that did not exist gets what the user's umask gives, as with an ordinary `open(path, "w")`."""
from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
import time
from pathlib import Path

from ..errors import UsageError, WriteError
from .safe_read import same_file


def write_bytes_atomic(path: str | Path, data: bytes) -> None:
    """Write `data` to `path` all at once. A symbolic link is written through (its target file
    is replaced, the link stays); temporary files a killed save left beside it are removed."""
    target = write_target(path)
    remove_stale_temporaries(target)
    try:
        fd, temp = _make_temporary(target)
    except OSError as error:
        raise WriteError(f"cannot write here ({error.strerror}).", file=path) from None
    try:
        with os.fdopen(fd, "wb") as handle:  # closed on every path, even a failed chmod
            _copy_permissions(handle.fileno(), target)
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, target)
    except OSError as error:
        Path(temp).unlink(missing_ok=True)
        raise WriteError(f"could not be saved ({error.strerror}).", file=path) from None
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def write_target(path: str | Path) -> Path:
    """The file a write to `path` replaces: the file a symbolic link names, not the link.
    A loop of links, or a folder, pipe or device in the way, is a WriteError."""
    path = Path(path)
    target = Path(os.path.realpath(path)) if os.path.islink(path) else path
    if os.path.islink(target):
        raise WriteError("the path is a loop of symbolic links.", file=path, hint="Fix the links or choose another name.")
    try:
        mode = os.stat(target).st_mode
    except OSError:
        return target  # a new file (a missing folder is reported when writing)
    if not stat.S_ISREG(mode):
        what = "a folder" if stat.S_ISDIR(mode) else "a named pipe or device" if not stat.S_ISSOCK(mode) else "a socket"
        raise WriteError(f"this is {what}, not a file; it cannot be replaced.", file=path,
                         hint="Choose a file name.")
    return target


def check_writable(path: str | Path) -> None:
    """Raise WriteError now if `path` could not be written later (before a long run)."""
    target = write_target(path)
    try:
        fd, temp = _make_temporary(target)
    except OSError as error:
        problem = "the folder does not exist" if error.errno == errno.ENOENT else error.strerror
        raise WriteError(f"cannot write here ({problem}).", file=path,
                         hint="Create the folder or choose another path.") from None
    os.close(fd)
    os.unlink(temp)


# A temporary file is ".NAME.PID-XXXXXXXX.tmp" beside its target: the writer's process id
# tells a save in progress from one that was killed. Older versions wrote ".NAME.XXXXXXXX.tmp".
_RANDOM = "[a-z0-9_]{8}"
STALE_AFTER_SECONDS = 600  # for an old-style name, which carries no process id


def _make_temporary(target: Path) -> tuple[int, str]:
    return tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}-", suffix=".tmp", dir=target.parent)


def remove_stale_temporaries(target: Path) -> list[Path]:
    """Remove the temporary files that killed saves of `target` left behind; return them."""
    pattern = re.compile(rf"\.{re.escape(target.name)}\.(?:(\d+)-)?{_RANDOM}\.tmp")
    removed: list[Path] = []
    try:
        names = os.listdir(target.parent if str(target.parent) else ".")
    except OSError:
        return removed
    for name in names:
        match = pattern.fullmatch(name)
        if not match:
            continue
        temp = target.parent / name
        pid = int(match.group(1)) if match.group(1) else None
        if _is_stale(temp, pid):
            try:
                temp.unlink()
                removed.append(temp)
            except OSError:
                pass
    return removed


def _is_stale(temp: Path, pid: int | None) -> bool:
    if pid is None or os.name != "posix":
        try:
            return time.time() - temp.stat().st_mtime > STALE_AFTER_SECONDS
        except OSError:
            return False
    if pid == os.getpid():
        return False  # another save of this process may be writing it right now
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # alive, another user's
        return False
    return False


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
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as error:  # half a surrogate pair: loading refuses them, so not from a file
        raise WriteError(f"could not be saved: the text holds \\u{ord(text[error.start]):04x}, which is not a "
                         "character and cannot be written as UTF-8.", file=path,
                         hint="Remove that character (from a name or a note) and save again.") from None
    write_bytes_atomic(path, data)


def refuse_overwriting_input(output: str | Path, *inputs: str | Path) -> None:
    """UsageError when the output is one of the inputs (by real path, through links), so no
    command replaces the file it reads, e.g. `crashgrab export x.json -o x.json`."""
    for source in inputs:
        if same_file(output, source):
            via = "" if str(output) == str(source) else f" ({source}, through a link or another path)"
            raise UsageError(f"the output is the input file{via}; writing it would replace the input.",
                             file=output, hint="Choose another output name.")
