"""The installed version, for `--version` on every command."""
from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

DISTRIBUTION = "crash-grab-editor"


def program_version() -> str:
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:  # running from a checkout that was never installed
        return "unknown (not installed)"
