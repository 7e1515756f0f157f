"""What leaves the editor: board images (PNG, SVG), print and play PDFs, the Tiled tileset
image, and offscreen pictures of the window (screenshots, playtest pictures)."""
