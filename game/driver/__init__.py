"""Running matches: the headless runners that seat bots (or a replay's commands) at a simulation,
record replays and report results. Above game.sim and game.bots, below the scenes."""
