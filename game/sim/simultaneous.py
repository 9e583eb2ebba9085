"""Who goes first when several seats act on the same tick.

Two players who press A on one pile in the same tick grabbed it at the same moment; a round
that ends on a tick stops whatever the others did in it. Taking those actions in seat order
would hand every such race to the lower seat. Instead each tick has its own order, drawn
from the match seed and the tick number: the same in every replay of the match, even
between any two seats over a match, and blind to what anyone does. It is worked out from
those two numbers alone (a hash, no generator state), so it draws nothing from the
match's generator and the deals stay as they were.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15   # splitmix64's step: consecutive inputs land far apart


def _mix(x: int) -> int:
    """splitmix64's finaliser: 64 bits in, 64 well-stirred bits out."""
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def tick_order(seed: int, tick: int, actors: Sequence[T], player: Callable[[T], int]) -> list[T]:
    """`actors` in this tick's order: a shuffle that depends only on the match seed, the tick
    and each actor's `player` number, so every player is as likely to go first."""
    base = _mix((seed & _MASK) ^ _mix(tick * _GOLDEN & _MASK))
    return sorted(actors, key=lambda actor: _mix((base + player(actor) * _GOLDEN) & _MASK))
