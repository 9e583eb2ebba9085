"""The solo career: chapters of challenges, each a match set-up and three star goals.

`challenges.py` reads assets/career.toml (the challenges are data); `goals.py` the goal kinds,
each judged from a match's `Facts` (its typed events and final state); `worlds.py` plays a
challenge, with bots or from a replay, gathering those facts; `progress.py` keeps the stars
won, each backed by the replay that earned it and re-judged from it on load.
"""
