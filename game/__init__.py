"""Sold Out! and Check Out!: two real-time tabletop games on one TV screen."""
import os
import sys
from pathlib import Path

# pytmx imports pygame; keep its banner off stdout (the --json line must be last and clean).
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

VERSION = "0.1.0"
TICK_RATE = 60  # simulation ticks per second


def program_name() -> str:
    """The command as the user typed it (main.py, soldout-checkout...), for usage and errors."""
    name = Path(sys.argv[0]).name if sys.argv and sys.argv[0] else ""
    return name if name and name not in ("-c", "-m", "__main__.py") else "soldout-checkout"


def report_error(message: object, code: int = 2) -> int:
    """The one way a command says what it cannot do: `PROGRAM: error: MESSAGE`, one line on
    standard error, with the program name as typed. Returns `code`, the exit status to use."""
    line = " ".join(str(message).splitlines())
    print(f"{program_name()}: error: {line}", file=sys.stderr)
    return code
