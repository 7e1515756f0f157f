"""The board on screen: the scene the designer edits (tiles, ghosts, drop verdicts), its view,
the overlays drawn over it, the legend strip and the Tiles palette."""
