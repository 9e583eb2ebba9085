"""`python -m game.bench`: the benchmark report under the name players and docs know. The
benchmark itself is developer tooling in devkit/bench; __main__ is the one module of game/
that reaches it (tests/test_layers.py checks)."""
