"""Reading and writing every file format, validated against the JSON Schemas in `schemas/`."""
