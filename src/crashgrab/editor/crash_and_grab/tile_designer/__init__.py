"""The custom tile designer: paint tiles (both sides) with Crash Sites and Accelerators,
save them as a tile set file, and use the set in the editor's layout."""
from .document import TileSetDocument, empty_tileset, standard_copy
from .window import TileDesignerWindow

__all__ = ["TileSetDocument", "TileDesignerWindow", "empty_tileset", "standard_copy"]
