"""The product's name and installed version, for titles, --help and `--version` on every command."""
from __future__ import annotations

import os
import sys

DISTRIBUTION = "crash-grab-editor"
# The product (window titles, the desktop entry, --help, README); each game keeps its own title.
PRODUCT_NAME = "Crash Board Studio"
# How an installed wheel (or an editable install) names its metadata folder: "crash_grab_editor-0.2.0.dist-info".
_DIST_INFO_PREFIX = DISTRIBUTION.replace("-", "_") + "-"


def _dist_info_version() -> str | None:
    """The Version of the first crash_grab_editor-*.dist-info on sys.path, as importlib.metadata
    finds it, read without importing importlib.metadata (a third of `crashgrab --version`'s time)."""
    for folder in sys.path:
        try:
            names = sorted(n for n in os.listdir(folder or ".")
                           if n.lower().startswith(_DIST_INFO_PREFIX) and n.endswith(".dist-info"))
        except OSError:  # not a folder (a zip), or gone
            continue
        for name in names:
            try:
                with open(os.path.join(folder or ".", name, "METADATA"), encoding="utf-8") as metadata:
                    for line in metadata:
                        if not line.strip():  # the end of the headers
                            break
                        if line.startswith("Version:"):
                            return line.split(":", 1)[1].strip()
            except OSError:
                continue
    return None


def program_version() -> str:
    found = _dist_info_version()
    if found is not None:
        return found
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:  # running from a checkout that was never installed
        return "unknown (not installed)"
