"""Desktop integration for the current user: the menu entry, the icon and the layout MIME type.

Follows the freedesktop.org layout under $XDG_DATA_HOME (default ~/.local/share). The menu
entry starts the editor with the Python that runs this, so it works from a virtual environment
that is not on the desktop's PATH.
"""
from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from .formats.atomic import write_bytes_atomic
from .resources import desktop_file

APP_ID = "crashgrab-editor"
MIME_FILE = "crashgrab-layout.xml"


def data_home(environ: dict[str, str] | None = None) -> Path:
    environ = dict(os.environ) if environ is None else environ
    configured = environ.get("XDG_DATA_HOME", "")
    return Path(configured) if os.path.isabs(configured) else Path.home() / ".local" / "share"


def desktop_entry(python: str = sys.executable) -> str:
    """The shipped .desktop text with Exec pointing at this installation."""
    text = desktop_file(f"{APP_ID}.desktop").read_text(encoding="utf-8")
    command = f"{shlex.quote(python)} -m crashgrab.editor %f"
    return "\n".join(f"Exec={command}" if line.startswith("Exec=") else line for line in text.splitlines()) + "\n"


def install_desktop(home: Path | None = None, python: str = sys.executable) -> list[Path]:
    """Write the entry, icon and MIME type; refresh the desktop's caches where their tools exist.
    Returns the files written."""
    home = data_home() if home is None else home
    targets = {
        home / "applications" / f"{APP_ID}.desktop": desktop_entry(python).encode("utf-8"),
        home / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg": desktop_file(f"{APP_ID}.svg").read_bytes(),
        home / "mime" / "packages" / MIME_FILE: desktop_file(MIME_FILE).read_bytes(),
    }
    for path, data in targets.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(path, data)
    _refresh("update-mime-database", home / "mime")
    _refresh("update-desktop-database", home / "applications")
    return list(targets)


def _refresh(tool: str, folder: Path) -> None:
    """The caches are a convenience: the files work without them once the session restarts."""
    if shutil.which(tool):
        subprocess.run([tool, str(folder)], check=False, capture_output=True)
