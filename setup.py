"""Maps the repository's top-level folders onto one installed namespace, `crashgrab`.

toplevel/ -> crashgrab itself, a namespace package holding only __main__ (`python -m crashgrab`;
a folder named crashgrab/ in the checkout would hide the others from the repository's own imports),
engine/ -> crashgrab.engine, editor/ -> crashgrab.editor, and the data folders schemas/,
layouts/ and desktop/ -> crashgrab.schemas, crashgrab.layouts, crashgrab.desktop (read through
importlib.resources, so they work from a wheel, a zip or an editable install alike).
Everything else about the package is in pyproject.toml.
"""
from setuptools import find_packages, setup

CODE = ("engine", "editor")
DATA = {"schemas": ["*.schema.json"], "layouts": ["*.json", "tilesets/*.json", "scenarios/*.json", "roborally/*.json",
                                                             "tiled/*.tiled-project", "tiled/*.png"],
        "desktop": ["*.svg", "*.desktop", "*.xml"], "docs": ["*.md", "*.png"]}

TOP = "toplevel"

packages = ["crashgrab"] + [f"crashgrab.{name}" for name in find_packages(include=[f"{top}*" for top in CODE])]
packages += [f"crashgrab.{name}" for name in DATA]

setup(
    packages=packages,
    package_dir={"crashgrab": TOP, **{f"crashgrab.{top}": top for top in (*CODE, *DATA)}},
    package_data={f"crashgrab.{name}": patterns for name, patterns in DATA.items()},
)
