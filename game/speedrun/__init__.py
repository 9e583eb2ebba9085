"""Speedrun mode: seeded solo categories, a tick-exact timer, splits, records, ghosts, run codes.

No pygame in this package (the scenes are game/scenes/speedrun_*.py), so a run
can be timed and verified headless:
    categories.py  RunSetup, load_categories(), make_setup(), spec_for(), daily_seed()
    session.py     RunSession(setup, comparison).step(command) -> timer, splits, outcome
    courses.py     what "split" and "complete" mean per game (over the game's simulation)
    timer.py       RunTimer, format_ticks()
    splits.py      Splits, Comparison, delta colour states
    records.py     Records: PBs, best segments, last runs, top-10 boards (atomic user file)
    livesplit.py   to_lss(): LiveSplit splits file
    ghost.py       Ghost: the PB's per-tick positions, re-simulated from its replay
    verify.py      verify_replay(replay) -> the verified time as JSON-ready dict
    demo.py        RouteRunner: a scripted runner for demos, screenshots and tests
"""
