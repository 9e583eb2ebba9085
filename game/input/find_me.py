"""\"Where am I?\": a press of either stick on a pad, or a key of its own on a keyboard half, makes
the seat's avatar or cursor pulse. Counted in polls: a clock for effects, never for the sim."""
from __future__ import annotations

from typing import Union

DeviceId = tuple[str, Union[str, int]]


class FindMe:
    """Find-me presses: gathered from events, turned into seats at each poll."""

    def __init__(self) -> None:
        self._fresh: list[DeviceId] = []     # devices that pressed since the last poll
        self._seats: list[int] = []          # seats that asked this tick
        self._found: dict[int, int] = {}     # seat -> poll count of its last find-me press

    def pressed(self, device: DeviceId) -> None:
        self._fresh.append(device)

    def fresh(self) -> list[DeviceId]:
        """The devices that pressed since the last poll (taken: the next poll starts afresh)."""
        out, self._fresh = self._fresh, []
        return out

    def asked(self, seats: list[int], polls: int) -> None:
        """These seats asked this tick (the poll's count is `polls`)."""
        self._seats = seats
        for seat in seats:
            self.note(seat, polls)

    def seats(self) -> list[int]:
        return list(self._seats)

    def note(self, seat: int, when: int) -> None:
        self._found[seat] = when

    def age(self, seat: int, polls: int) -> int | None:
        when = self._found.get(seat)
        return None if when is None else polls - when
