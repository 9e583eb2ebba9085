"""Every input device, the seats they sit in, and one Command per seat per tick.

Devices: ("kb", "left"), ("kb", "right") (two players on one keyboard) and
("pad", instance_id) for each game controller. Pads are always keyed by SDL's
instance id (device indexes are only valid inside the added event; a replugged
pad gets a new id). Only the CONTROLLER* event family is handled, never JOY*,
so a pad never counts twice.

Feed every pygame event to handle_event(), then call poll() once per tick.
Escape is not bindable: in menus it is B (back) in menu_command(), and
escape_pressed() tells a game scene to pause.
"""
from __future__ import annotations

import logging
from typing import Literal, Union

import pygame
import pygame._sdl2.controller

from game.input.bindings import LAYOUTS, Bindings
from game.input.commands import IDLE, STICK_MAX, Button, Command
from game.input.gamepad import PadState
from game.input.keyboard import KeyboardState

DeviceKind = Literal["kb", "pad"]
DeviceId = tuple[str, Union[str, int]]
KEYBOARD_DEVICES: tuple[DeviceId, ...] = tuple(("kb", layout) for layout in LAYOUTS)

log = logging.getLogger(__name__)


class InputManager:
    def __init__(self, bindings: Bindings) -> None:
        self.bindings = bindings
        self.keyboard = KeyboardState()
        self.pads: dict[int, PadState] = {}
        self._seats: dict[int, DeviceId] = {}
        self._disconnected: list[int] = []
        self._guids: dict[int, str] = {}            # pad instance id -> its GUID (its make and model)
        self._lost_guid: dict[int, str] = {}        # disconnected seat -> the GUID of the pad it lost
        self._reclaimed: list[tuple[int, DeviceId]] = []   # seats re-plugged pads took back, unannounced
        self._seen_waiting: set[int] = set()        # disconnected seats the game has polled (they wait)
        self._last: dict[DeviceId, Command] = {}   # every device's Command from the last poll
        self._menu = IDLE
        self._escape = False
        self._escape_fresh = False      # Escape went down since the last poll
        self._escape_pressed_now = False  # ... as seen by the last poll
        self._capturing = False
        self._captured: tuple[DeviceKind, int] | None = None
        try:
            pygame._sdl2.controller.init()
        except pygame.error as exc:  # no controller subsystem: keyboards still work
            log.warning("game controllers unavailable: %s", exc)
            return
        self._scan_pads()   # pads plugged in before we existed: their added events may be gone

    # ---- events -------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """Feed every pygame event here (unrelated ones are ignored)."""
        kind = event.type
        if kind == pygame.KEYDOWN:
            self._key_down(event.key)
        elif kind == pygame.KEYUP:
            self.keyboard.key_up(event.key)
            if event.key == pygame.K_ESCAPE:
                self._escape = False
        elif kind == pygame.WINDOWFOCUSLOST:
            self.keyboard.release_all()
        elif kind == pygame.CONTROLLERDEVICEADDED:
            self._scan_pads()
        elif kind == pygame.CONTROLLERDEVICEREMOVED:
            self._remove_pad(event.instance_id)
            self._scan_pads()
        elif kind == pygame.CONTROLLERBUTTONDOWN:
            pad = self.pads.get(event.instance_id)
            if pad is None:
                return
            if self._capturing:
                self._capture(("pad", event.button))
            else:
                pad.button_down(event.button)
        elif kind == pygame.CONTROLLERBUTTONUP:
            pad = self.pads.get(event.instance_id)
            if pad is not None:
                pad.button_up(event.button)
        elif kind == pygame.CONTROLLERAXISMOTION:
            pad = self.pads.get(event.instance_id)
            if pad is not None:
                pad.axis(event.axis, event.value)

    def _key_down(self, key: int) -> None:
        if self._capturing:
            self._capture(("kb", key))
        elif key == pygame.K_ESCAPE:
            if not self._escape:
                self._escape_fresh = True
            self._escape = True
        else:
            self.keyboard.key_down(key)

    def _capture(self, raw: tuple[DeviceKind, int]) -> None:
        self._capturing = False
        self._captured = raw

    def _scan_pads(self) -> None:
        """Open every attached controller that is not open yet.

        A rescan rather than trusting the added event's device index: SDL
        drops a queued CONTROLLERDEVICEADDED when another device is removed
        before the queue is read (one pad swapped for another within a frame,
        or during a slow frame), and that pad would never be opened.
        """
        indexes = [i for i in range(pygame._sdl2.controller.get_count())
                   if pygame._sdl2.controller.is_controller(i)]
        if len(indexes) > len(self.pads):   # (re)opening a known pad would only add SDL references
            for index in indexes:
                self._open_pad(index)

    def _open_pad(self, device_index: int) -> None:
        """Open a newly added controller; a device SDL cannot open is skipped, not fatal."""
        try:
            controller = pygame._sdl2.controller.Controller(device_index)
            # Not controller.as_joystick(): pygame-ce remembers the index a Controller was
            # first opened at, and after an earlier pad is unplugged that index names another pad.
            instance_id = pygame.joystick.Joystick(device_index).get_instance_id()
            name = controller.name or "Gamepad"
        except (pygame.error, ValueError, IndexError) as exc:
            log.warning("could not open controller %s: %s", device_index, exc)
            return
        if instance_id not in self.pads:  # SDL may announce a pad twice at start-up
            self.pads[instance_id] = PadState(instance_id, name, controller)
            self._guids[instance_id] = _guid(device_index)
            self._auto_reclaim(instance_id)

    def _auto_reclaim(self, instance_id: int) -> None:
        """A pad plugged in while seats wait takes one back at once: the seat whose lost pad had the
        same GUID (the same pad re-plugged), else the only waiting seat. Several seats waiting and no
        GUID match: a press of A decides (the reconnect overlay)."""
        # Only seats the game has already seen waiting: a pad swapped within one frame in the
        # lobby frees its seat there and the newcomer joins by A.
        waiting = [s for s in self.disconnected_seats() if s in self._seen_waiting]
        device: DeviceId = ("pad", instance_id)
        if not waiting or self.seat_of(device) is not None:
            return
        guid = self._guids.get(instance_id, "")
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

    def _remove_pad(self, instance_id: int) -> None:
        pad = self.pads.pop(instance_id, None)
        if pad is None:
            return
        seat = self.seat_of(("pad", instance_id))
        guid = self._guids.pop(instance_id, "")
        if seat is not None and seat not in self._disconnected:
            self._disconnected.append(seat)   # the seat waits for a reclaim; nothing is lost
            self._lost_guid[seat] = guid
        self._last.pop(("pad", instance_id), None)

    # ---- per tick -----------------------------------------------------------
    def poll(self) -> dict[int, Command]:
        """One Command per seated seat for this tick (idle for a disconnected seat)."""
        last: dict[DeviceId, Command] = {}
        menu = [IDLE]
        for device in KEYBOARD_DEVICES:
            last[device] = self.keyboard.command(self.bindings, device[1])
            menu.append(last[device])
        for instance_id, pad in self.pads.items():
            last[("pad", instance_id)] = pad.command(self.bindings)
            menu.append(pad.menu_command(self.bindings))
        self._last = last
        self._seen_waiting = set(self._disconnected)
        self._menu = _merge(menu)
        if self._escape_fresh:
            self._menu = Command(self._menu.dx, self._menu.dy, self._menu.pressed | Button.B,
                                 self._menu.held | Button.B)
        self._escape_pressed_now = self._escape_fresh
        self._escape_fresh = False
        self.keyboard.end_tick()
        for pad in self.pads.values():
            pad.end_tick()
        return {seat: (IDLE if seat in self._disconnected else last.get(device, IDLE))
                for seat, device in sorted(self._seats.items())}

    def menu_command(self) -> Command:
        """Every connected device merged (from the last poll): for title, settings and other menus.

        Stick pushes count as d-pad presses here, and Escape as B.
        """
        return self._menu

    def escape_pressed(self) -> bool:
        """Escape was pressed this tick (as of the last poll): a game scene pauses on it."""
        return self._escape_pressed_now

    def device_command(self, device: DeviceId) -> Command:
        """Any device's Command from the last poll, seated or not (lobby previews)."""
        return self._last.get(device, IDLE)

    # ---- seats --------------------------------------------------------------
    def devices(self) -> list[DeviceId]:
        """Every connected device: both keyboard layouts, then pads in the order they arrived."""
        return [*KEYBOARD_DEVICES, *(("pad", i) for i in self.pads)]

    def unseated_presses(self, button: Button) -> list[DeviceId]:
        """Connected devices without a seat that pressed `button` this tick (the lobby joins with A)."""
        seated = set(self._seats.values())
        return [d for d in self.devices() if d not in seated and self._last.get(d, IDLE).pressed & button]

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
        """Seat -> device, including seats whose pad is disconnected."""
        return dict(sorted(self._seats.items()))

    def disconnected_seats(self) -> list[int]:
        return sorted(self._disconnected)

    def reclaim(self, seat: int, device: DeviceId) -> None:
        """Give a (disconnected) seat to `device`: the reconnect prompt calls this on A."""
        self.assign(device, seat)

    def device_name(self, device: DeviceId) -> str:
        kind, key = device
        if kind == "kb":
            return f"Keyboard ({key})"
        pad = self.pads.get(key)
        return pad.name if pad is not None else "Gamepad (disconnected)"

    # ---- rebinding ----------------------------------------------------------
    def capture_next(self) -> None:
        """The next raw key or pad button press goes to captured() instead of becoming a command."""
        self._capturing = True
        self._captured = None

    def captured(self) -> tuple[DeviceKind, int] | None:
        """The captured press, returned once (None while still waiting)."""
        raw, self._captured = self._captured, None
        return raw


def _guid(device_index: int) -> str:
    """The pad's GUID (identical pads share one); "" if SDL cannot say."""
    try:
        return pygame.joystick.Joystick(device_index).get_guid()
    except (pygame.error, AttributeError, IndexError):
        return ""


def _merge(commands: list[Command]) -> Command:
    """Buttons OR-ed; the stick is the sum, clamped (any device can steer a menu)."""
    pressed = held = Button.NONE
    dx = dy = 0
    for command in commands:
        pressed |= command.pressed
        held |= command.held
        dx += command.dx
        dy += command.dy
    clamp = lambda v: max(-STICK_MAX, min(STICK_MAX, v))  # noqa: E731
    return Command(clamp(dx), clamp(dy), pressed, held)
