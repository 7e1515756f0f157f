"""Everything specific to Crash & Grab: its features, markers, templates, setup, checks and rules."""
