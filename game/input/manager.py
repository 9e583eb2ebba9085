"""Every input device, the seats they sit in, and one Command per seat per tick.

Devices: ("kb", "left"), ("kb", "right") (two players on one keyboard) and
("pad", instance_id) for each game controller. Pads are always keyed by SDL's
instance id (device indexes are only valid inside the added event; a replugged
pad gets a new id). Only the CONTROLLER* event family is handled, never JOY*,
so a pad never counts twice.

Joysticks SDL cannot map are opened as raw joysticks (`unmapped`): their
presses only ask the lobby to start the set-up wizard, which watches one
device's raw JOY* events (`watch_raw`) while it builds a mapping for it.

Feed every pygame event to handle_event() with the moment it was read, then call poll()
once per tick with the moment that tick stands for. Presses and releases (keys, pad
buttons and sticks) wait in arrival order and are applied in the tick they belong to: a
button is held in the ticks between the frame that read its press and the frame that read
its release, so a long frame never makes a tap look long (an edge read in a frame belongs
to that frame's last tick; SDL2 stamps events when they are pumped, which is when a frame
reads them, so a finer stamp does not exist). Menus repeat a held direction in real time
from its press (game.input.typematic). Device changes apply at once.
Escape is not bindable: in menus it is B (back) in menu_command(), and
escape_pressed() tells a game scene to pause.
"""
from __future__ import annotations

import logging
from collections import deque
from collections.abc import Collection

import pygame
import pygame._sdl2.controller

from game.input import families, mappings, sdl
from game.input.bindings import Bindings
from game.files.register import LAYOUTS
from game.input.capture import Capture, DeviceKind
from game.match.commands import IDLE, STICK_MAX, Button, Command
from game.input.find_me import FindMe
from game.input.gamepad import PadState, RawJoystick
from game.input.keyboard import KeyboardState
from game.input.raw_joysticks import RawJoysticks
from game.input.seating import DeviceId, Seating
from game.input.typematic import Typematic
from game.text.notice import N_
from game import TICK_RATE

__all__ = ["DeviceId", "DeviceKind", "InputManager", "KEYBOARD_DEVICES"]
KEYBOARD_DEVICES: tuple[DeviceId, ...] = tuple(("kb", layout) for layout in LAYOUTS)
# "Find me": a press of either stick on a pad, or this key on a keyboard half (not a game button).
FIND_ME_BUTTONS = (pygame.CONTROLLER_BUTTON_LEFTSTICK, pygame.CONTROLLER_BUTTON_RIGHTSTICK)
FIND_ME_KEYS = {"left": pygame.K_x, "right": pygame.K_m}
RUMBLE_SCALE = {"off": 0.0, "low": 0.35, "high": 0.8}   # Settings > Rumble -> motor strength
# Events that are presses and releases: they wait for the tick they belong to (see above).
EDGE_EVENTS = frozenset((pygame.KEYDOWN, pygame.KEYUP, pygame.WINDOWFOCUSLOST, pygame.CONTROLLERBUTTONDOWN,
                         pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERAXISMOTION))

log = logging.getLogger(__name__)


class InputManager:
    """The devices (keyboard halves and pads) and the parts that read them: the seats they sit in
    (Seating), the unmapped joysticks and the wizard's raw feed (RawJoysticks), rebinding's
    capture (Capture) and find-me presses (FindMe). Scenes ask this one object."""

    def __init__(self, bindings: Bindings) -> None:
        self.bindings = bindings
        self.keyboard = KeyboardState()
        self.pads: dict[int, PadState] = {}
        self._guids: dict[int, str] = {}            # pad instance id -> its GUID (its make and model)
        self.seating = Seating()
        self.raw = RawJoysticks()
        self.capture = Capture()
        self.finder = FindMe()
        self._last: dict[DeviceId, Command] = {}   # every device's Command from the last poll
        self._menus: dict[DeviceId, Command] = {}  # ... as a menu reads it (stick as d-pad, repeats)
        self._waiting: deque[tuple[float | None, pygame.event.Event]] = deque()   # edges not yet applied
        self._repeats: dict[DeviceId, Typematic] = {}
        self.now = 0.0                             # real seconds the last polled tick stands for
        self._menu = IDLE
        self._plain = IDLE                         # every device merged, without menu repeats
        self._escape = False
        self._escape_fresh = False      # Escape went down since the last poll
        self._escape_pressed_now = False  # ... as seen by the last poll
        self.polls = 0                                # polls so far: a clock for effects, never for the sim
        self.last_pad: int | None = None              # the pad that pressed a button last (menus speak it)
        self.nintendo_swap = False                    # Nintendo pads: confirm on the bottom button
        self.rumble_level = "low"
        self.seat_rumble: dict[int, str] = {}            # a seated profile's own rumble level, over the setting's
        self.seat_bindings: dict[int, Bindings] = {}     # a seat's own pad buttons (its player's profile): a pad
                                                         # plugged back in mid-match has them again
        # Pads set up in the wizard are pads from the first frame; a damaged file is a toast (the app's).
        self.load_warning: str | None = mappings.install_saved()[1]
        try:
            pygame._sdl2.controller.init()
        except pygame.error as exc:  # no controller subsystem: keyboards still work
            log.warning("game controllers unavailable: %s", exc)
            return
        self._scan_pads()   # pads plugged in before we existed: their added events may be gone

    @property
    def unmapped(self) -> dict[int, RawJoystick]:
        """Joysticks SDL has no mapping for (by instance id)."""
        return self.raw.unmapped

    # ---- events -------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event, at: float | None = None) -> None:
        """Feed every pygame event here (unrelated ones are ignored), with the real time in seconds it
        was read (the window loop's clock); a press or release then waits for the tick standing for
        that moment. Without `at` it belongs to the next tick polled."""
        if event.type in EDGE_EVENTS:
            self._waiting.append((at, event))
        else:
            self._device_event(event)

    def _apply(self, event: pygame.event.Event) -> None:
        """A press or release, in the tick it belongs to."""
        kind = event.type
        if kind == pygame.KEYDOWN:
            self._key_down(event.key)
        elif kind == pygame.KEYUP:
            self.keyboard.key_up(event.key)
            if event.key == pygame.K_ESCAPE:
                self._escape = False
        elif kind == pygame.WINDOWFOCUSLOST:
            self.keyboard.release_all()
            for layout in LAYOUTS:
                self._repeat(("kb", layout)).reset()
        else:
            self._pad_event(event)

    def _device_event(self, event: pygame.event.Event) -> None:
        """Pads and joysticks arriving and leaving, and the raw feed of unmapped ones: at once."""
        kind = event.type
        if kind == pygame.CONTROLLERDEVICEADDED:
            self._scan_pads()
        elif kind == pygame.CONTROLLERDEVICEREMOVED:
            self._remove_pad(event.instance_id)
            self._scan_pads()
        elif kind in (pygame.JOYDEVICEADDED, pygame.JOYDEVICEREMOVED):
            if kind == pygame.JOYDEVICEREMOVED:
                self.raw.forget(event.instance_id)
            self._scan_pads()
        elif kind in (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP, pygame.JOYHATMOTION, pygame.JOYAXISMOTION):
            self.raw.event(event)

    def _pad_event(self, event: pygame.event.Event) -> None:
        kind = event.type
        if event.instance_id == self.raw.watching:
            return   # the wizard reads this pad raw: its mapped buttons mean nothing meanwhile
        if kind == pygame.CONTROLLERBUTTONDOWN:
            pad = self.pads.get(event.instance_id)
            if pad is None:
                return
            self.last_pad = event.instance_id
            if event.button in FIND_ME_BUTTONS and not self.bindings.button_for_pad(event.button):
                self.finder.pressed(("pad", event.instance_id))   # unless rebound to a game button
            if self.capture.armed:
                self.capture.catch(("pad", event.button))
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
        for layout, find_key in FIND_ME_KEYS.items():
            # A player may have bound the key to a game button: then it is only that.
            bound = any(self.bindings.button_for_key(other, key) for other in LAYOUTS)
            if key == find_key and not self.capture.armed and not bound:
                self.finder.pressed(("kb", layout))
        if self.capture.armed:
            self.capture.catch(("kb", key))
        elif key == pygame.K_ESCAPE:
            if not self._escape:
                self._escape_fresh = True
            self._escape = True
        else:
            self.keyboard.key_down(key)

    def _scan_pads(self) -> None:
        """Open every attached controller that is not open yet.

        A rescan rather than trusting the added event's device index: SDL
        drops a queued CONTROLLERDEVICEADDED when another device is removed
        before the queue is read (one pad swapped for another within a frame,
        or during a slow frame), and that pad would never be opened.
        """
        if not pygame._sdl2.controller.get_init():
            return
        count = pygame._sdl2.controller.get_count()
        indexes = [i for i in range(count) if pygame._sdl2.controller.is_controller(i)]
        if len(indexes) > len(self.pads):   # (re)opening a known pad would only add SDL references
            for index in indexes:
                self._open_pad(index)
        if count > len(self.pads) + len(self.raw.unmapped):
            for index in range(count):
                if index not in indexes:
                    self.raw.open(index, self.pads)

    def _open_pad(self, device_index: int) -> None:
        """Open a newly added controller; a device SDL cannot open is skipped, not fatal."""
        try:
            controller = pygame._sdl2.controller.Controller(device_index)
            # Not controller.as_joystick(): pygame-ce remembers the index a Controller was
            # first opened at, and after an earlier pad is unplugged that index names another pad.
            joystick = pygame.joystick.Joystick(device_index)
            instance_id = joystick.get_instance_id()
            name = controller.name or "Gamepad"
            guid = joystick.get_guid()
        except (pygame.error, ValueError, IndexError) as exc:
            log.warning("could not open controller %s: %s", device_index, exc)
            return
        self.raw.forget(instance_id)   # a mapping made it a pad
        if instance_id not in self.pads:  # SDL may announce a pad twice at start-up
            pad = PadState(instance_id, name, controller, guid=guid,
                           family=families.detect(guid, f"{joystick.get_name()} {name}"))
            pad.set_swap(self.nintendo_swap)
            self.pads[instance_id] = pad
            self._guids[instance_id] = guid
            self.seating.auto_reclaim(("pad", instance_id), guid)

    def take_reclaimed(self) -> list[tuple[int, DeviceId]]:
        """(seat, device) for each seat a re-plugged pad took back since the last call: to announce."""
        return self.seating.take_reclaimed()

    def _remove_pad(self, instance_id: int) -> None:
        pad = self.pads.pop(instance_id, None)
        if pad is None:
            return
        self.seating.lose(("pad", instance_id), self._guids.pop(instance_id, ""))
        self._last.pop(("pad", instance_id), None)
        self._menus.pop(("pad", instance_id), None)
        self._repeats.pop(("pad", instance_id), None)

    # ---- per tick -----------------------------------------------------------
    def poll(self, at: float | None = None) -> dict[int, Command]:
        """One Command per seated seat for the tick standing for real time `at` (seconds, the clock
        handle_event was given; None: one tick after the last poll, every waiting edge applied).
        Idle for a disconnected seat."""
        self.now = at if at is not None else self.now + 1 / TICK_RATE
        while self._waiting and (at is None or self._waiting[0][0] is None or self._waiting[0][0] <= at):
            self._apply(self._waiting.popleft()[1])
        settled = not self._waiting     # nothing read that belongs to a later tick (a release?)
        last: dict[DeviceId, Command] = {}
        plain: list[Command] = [IDLE]
        menus: dict[DeviceId, Command] = {}
        for layout in LAYOUTS:
            device: DeviceId = ("kb", layout)
            last[device] = command = self.keyboard.command(self.bindings, layout)
            plain.append(command)
            menus[device] = self._repeating(device, command, settled)
        for instance_id, pad in self.pads.items():
            device = ("pad", instance_id)
            seat = self.seating.seat_of(device) if self.seat_bindings else None
            bindings = self.seat_bindings.get(seat, self.bindings) if seat is not None else self.bindings
            last[device] = pad.command(bindings)
            plain.append(command := pad.menu_command(bindings))
            menus[device] = self._repeating(device, command, settled)
        self._last, self._menus = last, menus
        self._plain = self._with_escape(_merge(plain))
        self._menu = self._with_escape(_merge([IDLE, *menus.values()]))
        self._escape_pressed_now = self._escape_fresh
        self._escape_fresh = False
        self.polls += 1
        self.finder.asked(self.seating.seats_of(self.finder.fresh()), self.polls)
        self.raw.end_poll()
        self.keyboard.end_tick()
        for pad in self.pads.values():
            pad.end_tick()
        return self.seating.commands(last)

    def _with_escape(self, command: Command) -> Command:
        """Escape pressed this tick counts as B in menus."""
        if not self._escape_fresh:
            return command
        return Command(command.dx, command.dy, command.pressed | Button.B, command.held | Button.B)

    def _repeat(self, device: DeviceId) -> Typematic:
        repeat = self._repeats.get(device)
        if repeat is None:
            repeat = self._repeats[device] = Typematic()
        return repeat

    def _repeating(self, device: DeviceId, command: Command, settled: bool) -> Command:
        """`command` with the directions that repeat this tick added to its presses."""
        repeats = self._repeat(device).step(command.held, command.pressed, self.now, settled)
        if not repeats:
            return command
        return Command(command.dx, command.dy, command.pressed | repeats, command.held)

    def menu_command(self) -> Command:
        """Every connected device merged (from the last poll): for title, settings and other menus.

        Stick pushes count as d-pad presses here, a held direction repeats (in real time), and
        Escape is B.
        """
        return self._menu

    def menu_command_of(self, device: DeviceId) -> Command:
        """One device's part of `menu_command` (stick as d-pad, repeats): a lobby seat choosing on its own."""
        return self._menus.get(device, IDLE)

    def menu_command_without(self, devices: Collection[DeviceId]) -> Command:
        """`menu_command` without `devices` (seats busy with their own choosing leave the shared menu alone)."""
        if not devices:
            return self._menu
        return self._with_escape(_merge([IDLE, *(c for d, c in self._menus.items() if d not in devices)]))

    def any_device_command(self) -> Command:
        """Every connected device merged as one player's Command (stick pushes as d-pad presses, no
        menu repeats): a solo game anyone may play (the speedrun before a device is chosen)."""
        return self._plain

    def device_menu_command(self, device: DeviceId) -> Command:
        """One device's Command as a menu reads it (stick pushes as d-pad presses, repeats): a choice
        only one player makes."""
        return self._menus.get(device, IDLE)

    def find_me_seats(self) -> list[int]:
        """Seats whose player pressed a stick (or their keyboard's find-me key) this tick."""
        return self.finder.seats()

    def find_me(self, seat: int, ago: int = 0) -> None:
        """Record a find-me press for `seat`, `ago` ticks back (screenshots show the pulse mid-way)."""
        self.finder.note(seat, self.polls - ago)

    def find_me_age(self, seat: int) -> int | None:
        """Ticks since `seat` last asked "where am I?" (None: never); scenes pulse its avatar or cursor."""
        return self.finder.age(seat, self.polls)

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
        seated = self.seating.seated_devices()
        return [d for d in self.devices() if d not in seated and self._last.get(d, IDLE).pressed & button]

    def assign(self, device: DeviceId, seat: int) -> None:
        """Seat `device` at `seat` (a device sits in one seat at most)."""
        self.seating.assign(device, seat)

    def release(self, seat: int) -> None:
        self.seating.release(seat)

    def seat_of(self, device: DeviceId) -> int | None:
        return self.seating.seat_of(device)

    def device_of(self, seat: int) -> DeviceId | None:
        return self.seating.device_of(seat)

    def seated(self) -> dict[int, DeviceId]:
        """Seat -> device, including seats whose pad is disconnected."""
        return self.seating.seated()

    def disconnected_seats(self) -> list[int]:
        return self.seating.disconnected()

    def reclaim(self, seat: int, device: DeviceId) -> None:
        """Give a (disconnected) seat to `device`: the reconnect prompt calls this on A."""
        self.seating.assign(device, seat)

    def device_name(self, device: DeviceId) -> str:
        kind, key = device
        if kind == "kb":
            return f"Keyboard ({key})"
        pad = self.pads.get(key) if isinstance(key, int) else None
        return pad.name if pad is not None else N_("Gamepad (disconnected)")   # translated where shown

    # ---- families, rumble -----------------------------------------------------
    def family_of(self, device: DeviceId | None) -> str | None:
        """A pad's family ("xbox", "playstation", "nintendo", "generic"); None for keyboards and unknowns."""
        if device is None or device[0] != "pad" or not isinstance(device[1], int):
            return None
        pad = self.pads.get(device[1])
        return pad.family if pad is not None else None

    def menu_family(self) -> str:
        """The family menus name their buttons for: the pad used last, else the first pad, else Xbox."""
        pad = self.pads.get(self.last_pad) if self.last_pad is not None else None
        if pad is None and self.pads:
            pad = next(iter(self.pads.values()))
        return pad.family if pad is not None else "xbox"

    def set_nintendo_swap(self, on: bool) -> None:
        self.nintendo_swap = on
        for pad in self.pads.values():
            pad.set_swap(on)

    def rumble(self, seat: int, strength: float, ms: int) -> bool:
        """A short rumble on `seat`'s own pad (0..1 strength, scaled by the setting); False if none ran.

        A pad without motors is asked once (SDL says so) and then left alone.
        """
        scale = RUMBLE_SCALE.get(self.seat_rumble.get(seat, self.rumble_level), 0.0)
        device = self.seating.device_of(seat)
        if scale <= 0 or device is None or device[0] != "pad" or self.seating.is_waiting(seat):
            return False
        pad = self.pads.get(device[1]) if isinstance(device[1], int) else None
        if pad is None:
            return False
        if pad.can_rumble is None:
            known = sdl.has_rumble(pad.instance_id)
            pad.can_rumble = True if known is None else known   # unknown: try once, rumble() remembers
        return pad.rumble(min(1.0, strength * scale), ms)

    # ---- unmapped joysticks and the set-up wizard -------------------------------
    def unmapped_presses(self) -> list[int]:
        """Unmapped joysticks that pressed a button this tick (the lobby offers them the wizard)."""
        return self.raw.presses()

    def joysticks(self) -> list[tuple[int, str, str]]:
        """(instance id, name, guid) of every joystick the wizard could set up: pads, then unmapped ones."""
        out = [(i, p.name, p.guid) for i, p in self.pads.items()]
        return out + [(i, j.name, j.guid) for i, j in self.raw.unmapped.items()]

    def watch_raw(self, instance_id: int | None) -> None:
        """Send `instance_id`'s raw JOY* inputs to raw_inputs() (None: stop; its mapped buttons work again)."""
        self.raw.watch(instance_id, self.pads.get(instance_id) if instance_id is not None else None)

    def raw_inputs(self) -> list[str]:
        """Raw inputs of the watched joystick since the last call, oldest first."""
        return self.raw.inputs()

    def raw_idle(self, instance_id: int) -> bool:
        """True when nothing on the joystick is pressed or pushed (the wizard waits for this between steps)."""
        return self.raw.idle(instance_id)

    def add_mapping(self, mapping: str) -> bool:
        """Use a new mapping now; the joystick reopens as a pad. False: it works from the next start."""
        ok = mappings.apply_now(mapping)
        if ok:
            self._scan_pads()
        return ok

    # ---- rebinding ----------------------------------------------------------
    def capture_next(self) -> None:
        """The next raw key or pad button press goes to captured() instead of becoming a command."""
        self.capture.arm()

    def captured(self) -> tuple[DeviceKind, int] | None:
        """The captured press, returned once (None while still waiting)."""
        return self.capture.take()


def _merge(commands: list[Command]) -> Command:
    """Buttons OR-ed; the stick is the sum, clamped (any device can steer a menu)."""
    pressed = held = Button.NONE
    dx = dy = 0
    for command in commands:
        pressed |= command.pressed
        held |= command.held
        dx += command.dx
        dy += command.dy
    return Command(_clamp(dx), _clamp(dy), pressed, held)


def _clamp(value: int) -> int:
    return max(-STICK_MAX, min(STICK_MAX, value))
