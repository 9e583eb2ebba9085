"""Joysticks SDL cannot map, and the raw JOY* feed the pad set-up wizard reads.

An unmapped joystick's presses only ask the lobby to start the wizard. While the wizard sets a
joystick up (unmapped, or a mapped pad being re-mapped) it watches that one device's raw
inputs ("b3", "h0.1", "+a2"; "~b3" a release)."""
from __future__ import annotations

import logging

import pygame

from game.input.gamepad import PadState, RawJoystick, raw_input_of

log = logging.getLogger(__name__)


class RawJoysticks:
    """The unmapped joysticks and the wizard's raw watch."""

    def __init__(self) -> None:
        self.unmapped: dict[int, RawJoystick] = {}   # joysticks SDL has no mapping for
        self._fresh: list[int] = []                  # ... that pressed a button since the last poll
        self._now: list[int] = []                    # ... as of the last poll
        self.watching: int | None = None             # the joystick the set-up wizard reads raw
        self._raw: list[str] = []                    # its raw inputs since the wizard last asked
        self._watched_pad: RawJoystick | None = None  # a mapped pad being re-mapped, opened raw

    def open(self, device_index: int, pads: dict[int, PadState]) -> None:
        """Open a joystick SDL has no mapping for: it can ask for the set-up wizard."""
        try:
            joystick = pygame.joystick.Joystick(device_index)
            instance_id = joystick.get_instance_id()
            if instance_id in pads or instance_id in self.unmapped:
                return
            self.unmapped[instance_id] = RawJoystick(instance_id, joystick.get_name() or "Controller",
                                                     joystick.get_guid(), joystick)
        except (pygame.error, ValueError, IndexError) as exc:
            log.warning("could not open joystick %s: %s", device_index, exc)

    def forget(self, instance_id: int) -> None:
        """Unplugged, or mapped now (it opens as a pad)."""
        self.unmapped.pop(instance_id, None)

    def event(self, event: pygame.event.Event) -> None:
        """A JOY* event: raw input for the wizard, or an unmapped joystick asking to be set up."""
        joy_id = event.instance_id
        if joy_id == self.watching:
            raw = self.unmapped.get(joy_id) or self._watched_pad
            value = raw_input_of(event, raw.rest if raw is not None else {})
            if value is not None:
                self._raw.append(value)
        elif joy_id in self.unmapped and event.type == pygame.JOYBUTTONDOWN:
            if joy_id not in self._fresh:
                self._fresh.append(joy_id)

    def end_poll(self) -> None:
        self._now, self._fresh = self._fresh, []

    def presses(self) -> list[int]:
        """Unmapped joysticks that pressed a button in the last polled tick."""
        return [j for j in self._now if j in self.unmapped]

    def watch(self, instance_id: int | None, pad: PadState | None) -> None:
        """Send `instance_id`'s raw inputs to inputs() (None: stop). `pad`: the mapped pad it is."""
        self.watching = instance_id
        self._raw = []
        self._watched_pad = None
        if pad is not None:
            self._watched_pad = RawJoystick.of_pad(pad)
            pad.release_all()
        elif instance_id in self.unmapped:
            self.unmapped[instance_id].measure_rest()   # as it rests now, not when it was plugged in

    def inputs(self) -> list[str]:
        """Raw inputs of the watched joystick since the last call, oldest first."""
        out, self._raw = self._raw, []
        return out

    def idle(self, instance_id: int) -> bool:
        """True when nothing on the joystick is pressed or pushed."""
        raw = self.unmapped.get(instance_id) or self._watched_pad
        return raw.idle() if raw is not None else True
