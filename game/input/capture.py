"""Rebinding: the next raw key or pad button press, caught before it becomes a Command."""
from __future__ import annotations

from typing import Literal

DeviceKind = Literal["kb", "pad"]


class Capture:
    """Armed by the settings' rebinding row; the press it catches is handed over once."""

    def __init__(self) -> None:
        self.armed = False
        self._caught: tuple[DeviceKind, int] | None = None

    def arm(self) -> None:
        self.armed = True
        self._caught = None

    def catch(self, raw: tuple[DeviceKind, int]) -> None:
        self.armed = False
        self._caught = raw

    def take(self) -> tuple[DeviceKind, int] | None:
        """The caught press, returned once (None while still waiting)."""
        raw, self._caught = self._caught, None
        return raw
