"""Which device sits in which seat, and the seats whose pad went away.

A seat whose pad is unplugged keeps its place and waits (its Command is idle); a pad plugged in
while seats wait takes one back at once when the choice is clear (the same pad's GUID, or the
only waiting seat), else a press of A at the reconnect prompt decides."""
from __future__ import annotations

from typing import Union

from game.match.commands import IDLE, Command

DeviceId = tuple[str, Union[str, int]]


class Seating:
    """Seat -> device, the seats waiting for a lost pad, and who took one back unannounced."""

    def __init__(self) -> None:
        self._seats: dict[int, DeviceId] = {}
        self._disconnected: list[int] = []
        self._lost_guid: dict[int, str] = {}        # disconnected seat -> the GUID of the pad it lost
        self._reclaimed: list[tuple[int, DeviceId]] = []   # seats re-plugged pads took back, unannounced
        self._seen_waiting: set[int] = set()        # disconnected seats the game has polled (they wait)

    def assign(self, device: DeviceId, seat: int) -> None:
        """Seat `device` at `seat` (a device sits in one seat at most)."""
        old = self.seat_of(device)
        if old is not None:
            self.release(old)
        self._seats[seat] = device
        self._lost_guid.pop(seat, None)
        if seat in self._disconnected:
            self._disconnected.remove(seat)

    def release(self, seat: int) -> None:
        self._seats.pop(seat, None)
        self._lost_guid.pop(seat, None)
        if seat in self._disconnected:
            self._disconnected.remove(seat)

    def seat_of(self, device: DeviceId) -> int | None:
        for seat, owner in self._seats.items():
            if owner == device:
                return seat
        return None

    def device_of(self, seat: int) -> DeviceId | None:
        return self._seats.get(seat)

    def seated(self) -> dict[int, DeviceId]:
        """Seat -> device, including seats whose pad is disconnected, by seat."""
        return dict(sorted(self._seats.items()))

    def disconnected(self) -> list[int]:
        return sorted(self._disconnected)

    def is_waiting(self, seat: int) -> bool:
        return seat in self._disconnected

    def lose(self, device: DeviceId, guid: str) -> None:
        """`device` went away: its seat waits for a reclaim (nothing is lost)."""
        seat = self.seat_of(device)
        if seat is not None and seat not in self._disconnected:
            self._disconnected.append(seat)
            self._lost_guid[seat] = guid

    def auto_reclaim(self, device: DeviceId, guid: str) -> None:
        """A pad plugged in while seats wait takes one back at once: the seat whose lost pad had the
        same GUID (the same pad re-plugged), else the only waiting seat. Several seats waiting and no
        GUID match: a press of A decides (the reconnect overlay)."""
        # Only seats the game has already seen waiting: a pad swapped within one frame in the
        # lobby frees its seat there and the newcomer joins by A.
        waiting = [s for s in self.disconnected() if s in self._seen_waiting]
        if not waiting or self.seat_of(device) is not None:
            return
        seat = next((s for s in waiting if guid and self._lost_guid.get(s) == guid), None)
        if seat is None and len(waiting) == 1:
            seat = waiting[0]
        if seat is not None:
            self.assign(device, seat)
            self._reclaimed.append((seat, device))

    def take_reclaimed(self) -> list[tuple[int, DeviceId]]:
        """(seat, device) for each seat a re-plugged pad took back since the last call: to announce."""
        done, self._reclaimed = self._reclaimed, []
        return done

    def commands(self, last: dict[DeviceId, Command]) -> dict[int, Command]:
        """One Command per seated seat from the devices' (idle for a waiting seat); the waiting seats
        count as seen by the game from now on."""
        self._seen_waiting = set(self._disconnected)
        return {seat: (IDLE if seat in self._disconnected else last.get(device, IDLE))
                for seat, device in sorted(self._seats.items())}

    def seated_devices(self) -> set[DeviceId]:
        return set(self._seats.values())

    def seats_of(self, devices: list[DeviceId]) -> list[int]:
        """The seats (in seat order) of those devices that are seated."""
        return [seat for seat, device in sorted(self._seats.items()) if device in devices]
