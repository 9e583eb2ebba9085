"""Give replays their game's current rules revision, for replays known to play the same under it.

    python tools/restamp_replays.py FILE ...        (the corpus: tests/data/replays/*.replay)

A new rules revision (RULES in game/driver/replay.py) refuses every older replay, because most
would play out differently. A replay in which nothing the revision changed ever happens (a match
with no same-tick race, when the same-tick order changed) plays the same under it: this rewrites
only its header's "rules", every command stays as it was. Then run tests/test_replay_corpus.py:
it proves each replay still reaches its recorded state.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.driver.replay import MAGIC  # noqa: E402
from game.match import games  # noqa: E402
from game.files.userfiles import atomic_write_text  # noqa: E402


def restamp(path: Path) -> str:
    """Set the replay's header to its game's revision; what was done, in one line."""
    first, newline, rest = path.read_text(encoding="utf-8").partition("\n")
    magic, fmt, raw = (first.split(" ", 2) + ["", ""])[:3]
    header = json.loads(raw) if magic == MAGIC and raw.startswith("{") else None
    game = games.find(header.get("game")) if isinstance(header, dict) else None
    if not isinstance(header, dict) or game is None:
        raise ValueError(f"{path}: not a replay of a known game")
    before, header["rules"] = header.get("rules", 1), game.rules_revision
    if before == header["rules"]:
        return f"{path.name}: already rules {before}"
    # Written as ReplayWriter writes a header, so only the revision differs.
    atomic_write_text(path, f"{magic} {fmt} {json.dumps(header, separators=(',', ':'), sort_keys=True)}{newline}{rest}")
    return f"{path.name}: rules {before} -> {header['rules']}"


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    try:
        for name in argv:
            print(restamp(Path(name)))
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        print(f"restamp_replays: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
