"""What career stars unlock: shoppers for the lobby's Character row (assets/cast.toml's
`unlock_stars`). Looks only: the match never sees who plays whom, so an unlock is never an
advantage in multiplayer.

The count is the one the title's badge shows: stars whose replays were re-judged this session
(game/career/progress.py `judged_total`). A progress file's claims are never read as such: a
tampered file is judged to what its replays earn, and a run not judged yet counts for nothing.
"""
from __future__ import annotations

from game.career import progress
from game.career.challenges import CareerError, load_career
from game.render import cast


def verified_stars() -> int:
    """The career's stars as far as their replays are judged (0 before: nothing ever waits)."""
    try:
        return progress.judged_total(load_career()) or 0
    except CareerError:
        return 0


def locked(stars: int) -> tuple[cast.Character, ...]:
    """The characters a career with `stars` stars may not pick yet, fewest stars needed first."""
    return tuple(sorted((c for c in cast.cast() if not c.unlocked(stars)), key=lambda c: c.unlock_stars))


def newly_unlocked(before: int, after: int) -> tuple[cast.Character, ...]:
    """The characters going from `before` to `after` stars unlocks (the result screen's moment)."""
    return tuple(c for c in cast.cast() if not c.unlocked(before) and c.unlocked(after))
