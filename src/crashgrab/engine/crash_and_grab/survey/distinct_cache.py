"""The distinct-board listing of a template and tile set, kept as derived data in the user's cache folder.

Listing the distinct boards (distinct.py) takes a fifth of a second for the 2-4 template, as
long as the survey of its 24,576 boards itself; it depends only on the template, the tiles and
the code that lists them. So the listing is saved after it is made, under a name derived from
all three: the template's fields, the tile set's digest (tilesets.py), and the source of the
survey's and the grid model's modules, the listing's code among them. Any change to one of them names another file, and the
listing is made anew.

A file is never taken on trust: it must carry the name it was saved under and the SHA-256 of
its contents (against a torn or damaged file), it is read by an unpickler that makes numbers,
strings, containers and integer arrays only (so a file someone else put there runs no code),
and the caller (distinct.py) checks the listing against the arrangements before using it (its
slot groups, and its class sizes adding up to the arrangement count). A file that is missing,
unreadable, made for something else, or fails a check is ignored and overwritten.

The folder: $CRASHGRAB_CACHE_DIR, else crashgrab/ in the user's cache folder ($XDG_CACHE_HOME,
or ~/.cache, beside numba's); nothing is saved where it cannot be written.
"""
from __future__ import annotations

import hashlib
import io
import os
import pickle
from pathlib import Path

import numpy as np

from ...errors import CrashGrabError
from ...formats import safe_read
from ...grid.model import TileSet
from ..templates import Template

FORMAT = b"crashgrab distinct boards 1\n"
KEEP = 16
# The code the listing comes from: every module of the survey and of the grid model, the
# templates and the feature settings (a change to any of them is a new listing; a list of
# chosen modules would miss one that changed the listing from afar).
_ENGINE = Path(__file__).resolve().parents[2]
_SOURCE_FOLDERS = (_ENGINE / "crash_and_grab" / "survey", _ENGINE / "grid")
_SOURCE_FILES = (_ENGINE / "crash_and_grab" / "templates.py", _ENGINE / "feature_settings.py")


def cache_folder() -> Path | None:
    chosen = os.environ.get("CRASHGRAB_CACHE_DIR")
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = str(Path.home() / ".cache")
        except RuntimeError:   # no home folder to be found
            return None
    return Path(base) / "crashgrab"


def _code_digest() -> bytes:
    """The digest of the listing's code, or b"" when it cannot be read (frozen, zipped: never cached)."""
    digest = hashlib.sha256()
    try:
        files = sorted(path for folder in _SOURCE_FOLDERS for path in folder.glob("*.py")) + list(_SOURCE_FILES)
        for path in files:
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    except OSError:
        return b""
    return digest.digest() if files else b""


def listing_key(template: Template, tileset: TileSet, reduce: bool) -> str | None:
    """The listing's name: what it is made from, digested; None when that cannot be told."""
    from .tilesets import tileset_digest

    code = _code_digest()
    if not code:
        return None
    made_of = b"\0".join([FORMAT, repr(template).encode(), tileset_digest(tileset).encode(), repr(reduce).encode(),
                          code])
    return hashlib.sha256(made_of).hexdigest()


def _path(key: str) -> Path | None:
    folder = cache_folder()
    return folder / f"distinct-{key}.pickle" if folder is not None else None


def load_listing(key: str | None):
    """The parts saved under `key`, or None when there are none that belong to it."""
    path = _path(key) if key else None
    if key is None or path is None:
        return None
    try:
        data = safe_read.read_bytes(path)   # a FIFO or a device where the cache was: no listing, never a hang
    except (OSError, CrashGrabError):
        return None
    try:
        os.utime(path)   # used: kept longest by the pruning
    except OSError:
        pass
    header = FORMAT + key.encode() + b"\n"
    checksum_end = len(header) + 64
    if not data.startswith(header) or len(data) < checksum_end + 1 or data[checksum_end:checksum_end + 1] != b"\n":
        return None
    payload = data[checksum_end + 1:]
    if hashlib.sha256(payload).hexdigest().encode() != data[len(header):checksum_end]:
        return None
    try:
        return _ListingUnpickler(io.BytesIO(payload)).load()
    except Exception:  # noqa: BLE001 - a file from another version, or not a listing: made anew
        return None


def _integer_array(buffer, dtype, shape, order, axis_order=None):
    """numpy's `_frombuffer` (what an array pickles as), for integer and bool arrays only: an
    array of Python objects made from raw bytes would be pointers from the file."""
    if not isinstance(dtype, np.dtype) or dtype.hasobject or dtype.kind not in "biu":
        raise pickle.UnpicklingError(f"not a listing's array: {dtype!r}")
    array = np.frombuffer(buffer, dtype=dtype)
    if order == "K" and axis_order is not None:
        return array.reshape(shape, order="C").transpose(axis_order)
    return array.reshape(shape, order=order)


class _ListingUnpickler(pickle.Unpickler):
    """A listing holds numbers, strings, tuples, lists, dicts and integer arrays, nothing else:
    any other global a file names (a function to call, a class to make) is refused, so a cache
    file someone else wrote runs no code (the SHA-256 only tells a torn file)."""

    ALLOWED = {("numpy", "dtype"): np.dtype, ("numpy._core.numeric", "_frombuffer"): _integer_array}

    def find_class(self, module: str, name: str):
        try:
            return self.ALLOWED[module, name]
        except KeyError:
            raise pickle.UnpicklingError(f"not in a listing: {module}.{name}") from None


def save_listing(key: str | None, parts) -> None:
    """Save the listing's parts under `key`, quietly doing nothing where the folder cannot be written."""
    path = _path(key) if key else None
    if key is None or path is None:
        return
    from ...formats.atomic import write_bytes_atomic

    payload = pickle.dumps(parts, protocol=pickle.HIGHEST_PROTOCOL)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(path, FORMAT + key.encode() + b"\n" + hashlib.sha256(payload).hexdigest().encode() + b"\n"
                           + payload)
        _prune(path.parent)
    except Exception:  # noqa: BLE001 - a cache: the survey goes on without it
        pass


def _prune(folder: Path) -> None:
    """Keep the KEEP listings used last (a listing is a few MB; tile sets come and go)."""
    listings = sorted(folder.glob("distinct-*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in listings[KEEP:]:
        old.unlink(missing_ok=True)
