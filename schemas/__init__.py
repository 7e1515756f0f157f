"""Data package: the JSON Schemas of every file format, read through importlib.resources."""
