"""Sold Out! and Check Out!: two real-time tabletop games on one TV screen."""
import os

# pytmx imports pygame; keep its banner off stdout (the --json line must be last and clean).
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

VERSION = "0.1.0"
TICK_RATE = 60  # simulation ticks per second
