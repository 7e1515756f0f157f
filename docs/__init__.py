"""Data package: the user guide, shown by the editor's Help menu."""
