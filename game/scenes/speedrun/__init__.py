"""Speedrun scenes: menu, runs, practice, results, history, settings and the LiveSplit link."""
