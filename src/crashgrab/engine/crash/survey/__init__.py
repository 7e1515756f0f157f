"""Crash!'s balance survey by self-play: `crashgrab survey --game crash LAYOUT --games N ...`
plays N matches (two games each, each player first once) with a policy and reports who wins,
how the cars end, with 95% intervals. docs/crash.md, "Balance survey".
"""
