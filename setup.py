"""The installed namespace `crashgrab`: the code is src/crashgrab/ (engine, editor and
`python -m crashgrab`), so every import path is its file's path under src/; the data folders
schemas/, layouts/, desktop/ and docs/ stay at the top of the repository, where a designer finds
them, and install as crashgrab.schemas, crashgrab.layouts, crashgrab.desktop and crashgrab.docs
(read through importlib.resources, so they work from a wheel, a zip or an editable install alike).

A wheel also carries the survey kernel compiled ahead of time (survey/ahead_of_time.py), built
here with numba's compiler; it is machine code, so the wheel is this platform's. Without a C
compiler the wheel is built without it and the survey compiles its kernel on first use instead.
Everything else about the package is in pyproject.toml.
"""
import sys
from pathlib import Path

from setuptools import Distribution, find_packages, setup
from setuptools.command.build_py import build_py

DATA = {"schemas": ["*.schema.json"], "layouts": ["*.json", "tilesets/*.json", "scenarios/*.json", "roborally/*.json",
                                                             "tiled/*.tiled-project", "tiled/*.png"],
        "desktop": ["*.svg", "*.desktop", "*.xml"], "docs": ["*.md", "*.png"]}
SURVEY = ("crashgrab", "engine", "crash_and_grab", "survey")

# crashgrab itself is a namespace package (no __init__.py: its data portions come from the top folders).
packages = ["crashgrab"] + [f"crashgrab.{name}" for name in find_packages(where="src/crashgrab")]
packages += [f"crashgrab.{name}" for name in DATA]


class BuildWithKernel(build_py):
    """build_py, then the survey kernel compiled ahead of time into the build (not for an
    editable install: `make` builds it in the checkout)."""

    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return
        sys.path.insert(0, str(Path(__file__).parent / "src"))
        try:
            from crashgrab.engine.crash_and_grab.survey.ahead_of_time import build

            build(Path(self.build_lib, *SURVEY))
        except Exception as error:  # noqa: BLE001 - no compiler: the wheel works, compiling on first use
            print(f"warning: the survey kernel was not compiled ahead of time ({error}); "
                  f"surveys will compile it on first use", file=sys.stderr)
        finally:
            sys.path.pop(0)


class PlatformDistribution(Distribution):
    """The wheel holds machine code (the survey kernel), so it is tagged for this platform."""

    def has_ext_modules(self):
        return True


setup(
    packages=packages,
    package_dir={"": "src", **{f"crashgrab.{name}": name for name in DATA}},
    package_data={f"crashgrab.{name}": patterns for name, patterns in DATA.items()},
    cmdclass={"build_py": BuildWithKernel},
    distclass=PlatformDistribution,
)
