"""Data package: the application icon, the .desktop entry and the layout MIME type."""
