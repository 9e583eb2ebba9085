"""LevelError alone, apart from the level reader (game/files/levels.py, which re-exports it): a
command that only may meet a bad level (`--headless` catches it for every game) names the error
without loading the reader, its XML parser and the level files' checks; a Check Out! match,
played at the dice table, never reads a level (issue #46)."""


class LevelError(Exception):
    """A level that cannot be played. str(error) is one line: '<file>: <problem>'."""
