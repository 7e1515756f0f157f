"""The installed namespace `crashgrab`: the code is src/crashgrab/ (engine, editor and
`python -m crashgrab`), so every import path is its file's path under src/; the data folders
schemas/, layouts/, desktop/ and docs/ stay at the top of the repository, where a designer finds
them, and install as crashgrab.schemas, crashgrab.layouts, crashgrab.desktop and crashgrab.docs
(read through importlib.resources, so they work from a wheel, a zip or an editable install alike).
Everything else about the package is in pyproject.toml.
"""
from setuptools import find_packages, setup

DATA = {"schemas": ["*.schema.json"], "layouts": ["*.json", "tilesets/*.json", "scenarios/*.json", "roborally/*.json",
                                                             "tiled/*.tiled-project", "tiled/*.png"],
        "desktop": ["*.svg", "*.desktop", "*.xml"], "docs": ["*.md", "*.png"]}

# crashgrab itself is a namespace package (no __init__.py: its data portions come from the top folders).
packages = ["crashgrab"] + [f"crashgrab.{name}" for name in find_packages(where="src/crashgrab")]
packages += [f"crashgrab.{name}" for name in DATA]

setup(
    packages=packages,
    package_dir={"": "src", **{f"crashgrab.{name}": name for name in DATA}},
    package_data={f"crashgrab.{name}": patterns for name, patterns in DATA.items()},
)
