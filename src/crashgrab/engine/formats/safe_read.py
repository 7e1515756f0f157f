"""Reading a file the program was given, safely: whatever the path names, the answer comes
at once as text or as one clear UnreadableFileError, never a hang, a huge read or a traceback.

- only a regular file is read: a folder, a named pipe (FIFO), a device (/dev/zero) or a
  socket is refused before anything is read from it, so nothing can block or stream forever;
- a file larger than the size limit (64 MiB unless CRASHGRAB_MAX_FILE_MB says otherwise)
  is refused before it is read;
- a loop of symbolic links is named as such;
- the text must be UTF-8; a UTF-8 byte-order mark is accepted, a UTF-16/32 one is named.
"""
from __future__ import annotations

import codecs
import errno
import os
import stat
from pathlib import Path

from ..errors import UnreadableFileError, UsageError

MAX_FILE_ENV = "CRASHGRAB_MAX_FILE_MB"
DEFAULT_MAX_FILE_MB = 64
MESSAGE_VALUE_CHARS = 80  # longer values are shortened in messages

_OTHER_BOMS = [(codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"),
               (codecs.BOM_UTF16_LE, "UTF-16"), (codecs.BOM_UTF16_BE, "UTF-16")]


def max_file_bytes() -> int:
    """The size limit for files read: CRASHGRAB_MAX_FILE_MB mebibytes, 64 by default."""
    text = os.environ.get(MAX_FILE_ENV, "").strip()
    if not text:
        return DEFAULT_MAX_FILE_MB * 1024 * 1024
    try:
        megabytes = float(text)
    except ValueError:
        megabytes = -1
    if not megabytes > 0:
        raise UsageError(f"{MAX_FILE_ENV}={shorten(text)} is not a size in MiB.",
                         hint=f"Set it to a positive number such as 256, or unset it for {DEFAULT_MAX_FILE_MB}.")
    return int(megabytes * 1024 * 1024)


def shorten(text: str, limit: int = MESSAGE_VALUE_CHARS) -> str:
    """`text`, cut to about `limit` characters for a message (a 20 MB value is not echoed whole)."""
    if len(text) <= limit:
        return text
    return f"{text[:limit - 1]}\u2026 ({len(text):,} characters)"


def real_path(path: str | Path) -> Path:
    """The absolute path with symbolic links followed; never raises for a loop of links
    (unlike Path.resolve on Python 3.11), it then stops at the looping link."""
    return Path(os.path.realpath(path))


def same_file(a: str | Path, b: str | Path) -> bool:
    """Whether two paths name the same file: by real path, or by identity for hard links."""
    if real_path(a) == real_path(b):
        return True
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def not_a_file_kind(mode: int) -> str | None:
    """What a non-regular file is, in words (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "this is a folder, not a file."
    if stat.S_ISFIFO(mode):
        return "this is a named pipe (FIFO), not a file; reading it could wait forever."
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "this is a device, not a file."
    if stat.S_ISSOCK(mode):
        return "this is a socket, not a file."
    return "this is not a regular file."


def read_bytes(path: str | Path) -> bytes:
    """The bytes of a regular file within the size limit, or UnreadableFileError."""
    path = Path(path)
    limit = max_file_bytes()
    try:
        # O_NONBLOCK: opening a FIFO that slipped past the check below must not wait for a writer.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise _open_error(path, error) from None
    except ValueError:  # a NUL byte: no file has such a name
        raise UnreadableFileError("the path holds a NUL byte (\\x00), which no file name can.", file=path,
                                  hint="Check the path.") from None
    try:
        info = os.fstat(fd)
        kind = not_a_file_kind(info.st_mode)
        if kind:
            raise UnreadableFileError(kind, file=path, hint="Give the path of a .json file.")
        if info.st_size > limit:
            raise _too_big(path, info.st_size, limit)
        chunks, size = [], 0
        while True:  # read to the end, never past the limit (a file may grow while read)
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise _too_big(path, size, limit)
        return b"".join(chunks)
    except OSError as error:
        raise UnreadableFileError(f"cannot be read ({error.strerror}).", file=path) from None
    finally:
        os.close(fd)


def read_text(path: str | Path) -> str:
    """A regular file's UTF-8 text (a UTF-8 byte-order mark is dropped), or UnreadableFileError."""
    data = read_bytes(path)
    for bom, encoding in _OTHER_BOMS:
        if data.startswith(bom):
            raise UnreadableFileError(f"this is {encoding} text (it starts with a {encoding} byte-order mark).",
                                      file=path, hint="Save it as UTF-8.")
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UnreadableFileError(f"not a UTF-8 text file (byte {error.start:,} is not UTF-8).", file=path,
                                  hint="Layouts, tile sets and scenarios are JSON text.") from None


def _too_big(path: Path, size: int, limit: int) -> UnreadableFileError:
    return UnreadableFileError(
        f"the file is {_size(size)}, more than the limit of {_size(limit)}.", file=path,
        hint=f"If it really is that large, raise the limit: set {MAX_FILE_ENV} to a number of MiB.")


def _size(size: int) -> str:
    mib = 1024 * 1024
    if size < mib:
        return f"{size:,} bytes"
    return f"{size // mib:,} MiB" if size % mib == 0 else f"{size / mib:,.1f} MiB"


def _open_error(path: Path, error: OSError) -> UnreadableFileError:
    if error.errno == errno.ENOENT:
        if os.path.islink(path):
            return UnreadableFileError("this is a link to a file that does not exist.", file=path,
                                       hint="Fix the link or give the file itself.")
        return UnreadableFileError("no such file.", file=path, hint="Check the path.")
    if error.errno == errno.ELOOP:
        return UnreadableFileError("the path is a loop of symbolic links.", file=path,
                                   hint="Fix the links or give the file itself.")
    if error.errno == errno.EISDIR:
        return UnreadableFileError("this is a folder, not a file.", file=path)
    if error.errno in (errno.EACCES, errno.EPERM):
        return UnreadableFileError("permission denied.", file=path)
    return UnreadableFileError(f"cannot be read ({error.strerror}).", file=path)
