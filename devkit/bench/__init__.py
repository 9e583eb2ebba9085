"""The benchmark (`python -m game.bench`), kept out of the game package: the report and its
verdicts (report.py), the window measures each run in a child process (window.py), bots on a
generated 200x200 map and tournaments on every core (bots.py, bigmap.py), and the mall's own
frame time for tests (`report.measure_mall_frames`). docs/PERFORMANCE.md holds the figures."""
