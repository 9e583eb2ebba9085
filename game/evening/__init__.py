"""The evening: tonight's matches, their running tally and the honours of the end-of-evening summary.

- `tally`: who played tonight and how many matches each won (pure: MatchRecords in, numbers out).
- `honours`: a few fun facts drawn from the same records ("most flips", "closest finish"),
  never points and never a ranking.
- `store`: tonight kept in the records database, so a crash or a restart does not lose it.

No pygame here: the scenes that show the evening live in game/scenes/evening.py.
"""
