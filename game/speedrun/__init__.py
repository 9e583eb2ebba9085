"""Speedrun mode: seeded solo categories, a tick-exact timer, splits, records, ghosts, run codes.

No pygame in this package (the scenes are in game/scenes/speedrun/), so a run
can be timed and verified headless:
    categories.py  RunSetup, load_categories(), make_setup(), spec_for(), daily_seed()
    courses.py     what "split" and "complete" mean per game, over that game's simulation
    session.py     RunSession(setup, comparison).step(command): timer, splits, recording, outcome
    timer.py       RunTimer, format_ticks()
    splits.py      Splits, Comparison, LiveSplit colour states, best possible time
    records.py     Records: PBs, best segments, last runs, top-10 boards (records.sqlite3)
    livesplit.py   to_lss() / read_lss(): LiveSplit splits files (Real and Game Time, attempt history)
    livesplit_link.py  LiveSplitLink: drives the runner's LiveSplit Server live, off the game thread
    livesplit_one.py   LiveSplitOneLink: the same for LiveSplit One, which connects to the game (WebSocket)
    websocket.py   the WebSocket endpoint LiveSplit One connects to (wsproto over non-blocking sockets)
    address.py     the one check of a LiveSplit host and port (editor, settings file, --livesplit)
    lss_export.py  a board's .lss with the segment names the link splits on (--export-lss)
    attempts.py    AttemptLog: every attempt (records.sqlite3), kept replays (last 50, PBs, golds), stats
    history_files.py  the attempt histories older games kept in JSON: read once, imported, kept
    practice.py    PracticePlan: a segment from the PB's exact state at the split before it
    ghost.py       Ghost: the PB's per-tick positions, re-simulated from its replay
    verify.py      verify_replay(replay) / verify_text(code): the verified time, JSON-ready
    demo.py        RouteRunner: a scripted runner for demos, screenshots and tests

Categories (assets/speedrun.toml), each with set seeds A-E, a random seed and a
daily seed (sha256 of the date):
- The Rush, Memory, Tidying Up: solo on The Boutique (Tidying Up: 3 dressers =
  1 player + 2). Splits per card delivered / listed item gathered (+ the call)
  / pictured item filled.
- Check Out! Win: a whole seeded game against one Normal bot; the timer stops on
  the final scores and only a win (a shared win counts) is a time. Fastest
  finish alone would be won by queuing at once with nothing grabbed, so the win
  keeps it Check Out!: stars are needed, yet every re-roll costs time. The bot
  is part of the course (seeded by the run, fixed difficulty), so it answers
  the same inputs the same way: routes can be learned on a set seed and a run
  code re-simulates exactly. Splits per round (4 rounds, then bonus + scores).

The timer: in-game ticks from the first input after the countdown to the tick
the run completes, both counted. A mistake, the assist or a game speed other
than 100 % flags a run: kept and shown, never a PB, a leaderboard entry or a
best segment.
"""
