"""Data package: the standard tile set, the shipped layouts and example scenarios."""
