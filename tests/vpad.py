"""SDL virtual game controllers for tests (the device itself: devkit/vpad.py), and helpers."""
from __future__ import annotations

import pygame

from devkit.vpad import (ARCADE_STICK_TYPE, AXES, BUTTON, BUTTONS, DESC_VERSION, GAMECONTROLLER_TYPE, HAT, HATS,
                         LEFT_X, LEFT_Y, RumbleFn, VirtualDesc, VirtualPad)

__all__ = ["ARCADE_STICK_TYPE", "AXES", "BUTTON", "BUTTONS", "DESC_VERSION", "GAMECONTROLLER_TYPE", "HAT", "HATS",
           "LEFT_X", "LEFT_Y", "RumbleFn", "VirtualDesc", "VirtualPad", "detach_all", "pump_into"]


def pump_into(manager) -> list[pygame.event.Event]:
    """Let SDL update virtual devices, then feed every queued event to `manager`."""
    pygame.event.pump()
    events = pygame.event.get()
    for event in events:
        manager.handle_event(event)
    return events


def detach_all(pads: "list[VirtualPad]") -> None:
    """Pull out every pad a test attached (one it already pulled out is skipped)."""
    for pad in pads:
        try:
            pad.detach()
        except RuntimeError:
            pass
