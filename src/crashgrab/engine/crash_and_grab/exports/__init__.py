"""Crash & Grab's exports to other programs that know this game (not generic map formats)."""
