"""The product's name and installed version, for titles, --help and `--version` on every command."""
from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

DISTRIBUTION = "crash-grab-editor"
# The product (window titles, the desktop entry, --help, README); each game keeps its own title.
PRODUCT_NAME = "Crash Board Studio"


def program_version() -> str:
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:  # running from a checkout that was never installed
        return "unknown (not installed)"
