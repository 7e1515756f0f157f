"""What leaves the editor: board images (PNG, SVG), print and play PDFs and the Tiled tileset
image. Writers only: the dialogs that ask for them are the window's (window/)."""
