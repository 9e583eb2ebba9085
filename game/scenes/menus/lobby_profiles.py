"""The lobby's profiles: each joining seat's picker (game/scenes/menus/seat_picker.py), and what a
choice does: a profile sits down (its name on the seat, its shopper, its colour's seat when free,
its assist, rumble and pad buttons), a new one is made, one is renamed, changed or deleted.

The lobby owns one `LobbyProfiles`; it reads the profiles once when the first seat needs them and
again after each change (a few rows), and saves through game/files/profiles.py.
"""
from __future__ import annotations

import dataclasses
import weakref
from typing import TYPE_CHECKING

from game.files import database, profiles
from game.files.database import Database
from game.files.profiles import Profile
from game.files.register import RECORDS_DB, RUMBLE_LEVELS
from game.input.bindings import Bindings
from game.input.seating import DeviceId
from game.input.manager import KEYBOARD_DEVICES
from game.match.commands import Button, Command
from game.match.seats import MAX_SEATS, LobbySeat
from game.render import cast
from game.scenes.menus.seat_picker import Choice, Page, Said, SeatPicker
from game.text.notice import N_, Notice

if TYPE_CHECKING:
    from game.scenes.menus.lobby import LobbyScene

COLOURS = (None, *range(MAX_SEATS))      # a profile's favourite colour: none, or a seat identity's index
RUMBLES = (None, *RUMBLE_LEVELS)         # None: as Settings > Rumble says


# A keyboard half's keys belong to the half, not to who sits there: two people share one keyboard,
# and a key one profile moved could be a key of the other half's player (README: Profiles).
# TRANSLATORS: said when a player on a keyboard seat chooses the Keys row of their profile: keys are changed for everyone in Settings > Controls
KEYS_SHARED = N_("Keyboard keys are shared: Settings > Controls")
SAVE_PATIENCE = 300     # ticks (5 s) a typed name waits for the worker before it is said as not saved


@dataclasses.dataclass(slots=True)
class Waiting:
    pending: profiles.Pending
    renaming: bool = False
    ticks: int = 0


class LobbyProfiles:
    def __init__(self, lobby: "LobbyScene") -> None:
        # Weakly: the lobby holds these, and a lobby held back would live on in a cycle (frozen by the
        # collector's settle while it was open) until a pass over every object (game/core/collector.py).
        self._lobby = weakref.ref(lobby)
        self.db: Database | None = None              # None: the user folder's records (a screenshot sets its own)
        self.pickers: dict[int, SeatPicker] = {}     # seat -> its picker, while it chooses
        self.waiting: dict[int, Waiting] = {}         # seat -> a name it typed, being saved on the worker
        self._found: list[Profile] | None = None

    @property
    def lobby(self) -> "LobbyScene":
        """The lobby these seats sit in (only it holds them, so it lives while they are asked)."""
        lobby = self._lobby()
        if lobby is None:
            raise RuntimeError("the lobby's profiles were asked after the lobby was let go")
        return lobby

    # ----- the profiles --------------------------------------------------------
    @property
    def records(self) -> Database:
        if self.db is None:
            self.db = database.shared()
        return self.db

    @property
    def found(self) -> list[Profile]:
        if self._found is None:
            self.reload()
        assert self._found is not None
        return self._found

    def reload(self) -> None:
        read = profiles.load(self.records, cast.ids())
        self._found = read.found
        for line in read.skipped[:1]:                # one line is enough to say the file was edited
            self.lobby.ctx.toast(Notice(N_("Some profiles in {file} could not be read: {problem}"),
                                        file=RECORDS_DB.relative(), problem=line))
        self._offer()

    def by_id(self) -> dict[int, Profile]:
        return {p.id: p for p in self.found}

    def _offer(self) -> None:
        """Each open picker lists the profiles not seated elsewhere."""
        seated = {s.profile: s.seat for s in self.lobby.ctx.seats if s.profile is not None}
        for seat, picker in self.pickers.items():
            picker.offer([p for p in self.found if seated.get(p.id, seat) == seat])

    # ----- pickers -------------------------------------------------------------
    def open(self, seat: int) -> None:
        sitting = self.lobby.seat(seat)
        device = sitting.device if sitting is not None else None
        self.pickers[seat] = SeatPicker(keyboard=device is not None and device[0] == "kb")
        self._offer()

    def close(self, seat: int) -> None:
        """The seat's picker closes; the seat is a guest's again until a profile sits (`apply`)."""
        self.pickers.pop(seat, None)        # a name still being saved is answered all the same (`tick`)
        self.lobby.ctx.input.seat_rumble.pop(seat, None)
        self.lobby.ctx.input.seat_bindings.pop(seat, None)

    def busy_devices(self) -> list[DeviceId]:
        """Devices whose seat is choosing (and both keyboard halves while one types: its letters are
        the other half's keys too): the shared menu does not listen to them."""
        busy = [d for seat in self.pickers if (d := self.lobby.ctx.input.device_of(seat)) is not None]
        return busy + list(KEYBOARD_DEVICES) if self.typing_keyboard() is not None else busy

    def typing_keyboard(self) -> int | None:
        """The keyboard seat typing a name, if one is (the keyboard's text goes to it)."""
        for seat, picker in self.pickers.items():
            device = self.lobby.ctx.input.device_of(seat)
            if picker.page is Page.TYPING and device is not None and device[0] == "kb":
                return seat
        return None

    def update(self, seat: int, cmd: Command) -> None:
        """One tick of a choosing seat: its own device's menu command (directions repeat)."""
        picker = self.pickers.get(seat)
        if picker is None:
            return
        typing_kb = picker.page is Page.TYPING and seat == self.typing_keyboard()
        if typing_kb:      # a keyboard types letters: its keys are not buttons here (Return / Backspace are)
            return
        said = picker.update(cmd, self.by_id())
        if said is not None:
            self.do(seat, picker, said)

    def keyboard_key(self, key: str) -> None:
        """A typing keyboard's "return" (done), "backspace" or "escape" (back)."""
        seat = self.typing_keyboard()
        if seat is None:
            return
        picker = self.pickers[seat]
        assert picker.keys is not None
        if key == "return":
            picker.keys.update(Command(pressed=Button.START))
        elif key == "backspace":
            picker.keys.delete()
        else:
            picker.back_from_typing()
            return
        said = picker.finish_typing(picker.keys.outcome)
        if said is not None:
            self.do(seat, picker, said)

    def type_text(self, text: str) -> None:
        seat = self.typing_keyboard()
        if seat is not None:
            self.pickers[seat].type_text(text)

    # ----- what a choice does --------------------------------------------------
    def do(self, seat: int, picker: SeatPicker, said: Said) -> None:
        match said.choice:
            case Choice.GUEST:
                self._guest(seat)
            case Choice.SIT if said.profile is not None:
                self.sit(seat, said.profile)
            case Choice.CREATE | Choice.RENAME if seat in self.waiting:
                pass                                  # the name it typed is still being saved
            case Choice.CREATE:
                self._create(seat, picker, said.name)
            case Choice.RENAME if said.profile is not None:
                self._rename(seat, said.profile, said.name)
            case Choice.ADJUST if said.profile is not None:
                self._adjust(picker, said.profile, said.row, said.step)
            case Choice.DELETE if said.profile is not None:
                self._delete(said.profile)
            case Choice.LEAVE:
                self.lobby.leave(seat)
            case Choice.SHARED_KEYS:
                self.lobby.ctx.sound("error")
                self.lobby.ctx.toast(Notice(KEYS_SHARED))
            case _:
                self.lobby.ctx.sound("error")

    def _guest(self, seat: int) -> None:
        found = self.lobby.seat(seat)
        if found is not None:
            found.profile, found.profile_name = None, ""
        self.close(seat)
        self.lobby.ctx.sound("confirm")
        self._offer()

    def sit(self, seat: int, profile: Profile) -> int:
        """`profile` sits on `seat` (on its colour's seat when that one is free): returns the seat."""
        found = self.lobby.seat(seat)
        if found is None:
            return seat
        self.close(seat)
        if profile.colour is not None and profile.colour != seat and self.lobby.seat(profile.colour) is None:
            seat = self.lobby.move(found, profile.colour)
        found.profile, found.profile_name = profile.id, profile.name
        self.apply(found, profile)
        self._replace(profiles.touch(self.records, profile))
        self.lobby.ctx.sound("confirm")
        self._offer()
        return seat

    def apply(self, seat: LobbySeat, profile: Profile) -> None:
        """A seated profile's preferences: its shopper (when unlocked and no other seat plays it), the
        lobby's assist turned on for a player who asks for it, its pad's rumble and buttons."""
        others = {s.character for s in self.lobby.ctx.seats if s is not seat}
        chosen = profile.character
        if chosen is not None and chosen not in others and cast.character(chosen).unlocked(self.lobby.stars):
            seat.character = chosen
        if profile.assist and self.lobby.field("assist") is False:    # a game with the assist, still off
            self.lobby.choose("assist", True)
        inp = self.lobby.ctx.input
        inp.seat_bindings.pop(seat.seat, None)
        inp.seat_rumble.pop(seat.seat, None)
        if seat.device is None or seat.device[0] != "pad":
            return                                    # a keyboard: no rumble, its half's own keys
        if profile.rumble is not None:
            inp.seat_rumble[seat.seat] = profile.rumble
        if profile.bindings:
            inp.seat_bindings[seat.seat] = own_buttons(self.lobby.ctx.bindings, profile.bindings)

    def remember_character(self, seat: LobbySeat) -> None:
        """The Character row changed a profile's seat: the profile keeps that shopper next time."""
        profile = self.by_id().get(seat.profile) if seat.profile is not None else None
        if profile is not None and profile.character != seat.character:
            changed = dataclasses.replace(profile, character=seat.character)
            profiles.update(self.records, changed)
            self._replace(changed)

    def _create(self, seat: int, picker: SeatPicker, name: str) -> None:
        found = self.lobby.seat(seat)
        character = found.character if found is not None else None
        self._wait(seat, Waiting(profiles.create_later(self.records, name, [p.name for p in self.found], character)))

    def _rename(self, seat: int, profile: Profile, name: str) -> None:
        self._wait(seat, Waiting(profiles.rename_later(self.records, profile, name, [p.name for p in self.found]),
                                 renaming=True))

    def _wait(self, seat: int, waiting: Waiting) -> None:
        """A typed name goes to the worker (a frame never waits on a disk); `tick` takes its answer."""
        self.waiting[seat] = waiting
        self.tick()

    def tick(self) -> None:
        """Each lobby tick: the answers the worker has for the names typed (a profile made or renamed,
        or why not); one the worker never answers is said as not saved after SAVE_PATIENCE ticks."""
        for seat, waiting in list(self.waiting.items()):
            result = waiting.pending.result
            waiting.ticks += 1
            if result is None and waiting.ticks < SAVE_PATIENCE:
                continue
            del self.waiting[seat]
            self._answer(seat, waiting, result if result is not None else Notice(profiles.SAVE_FAILED, error=""))

    def _answer(self, seat: int, waiting: Waiting, result: Profile | str) -> None:
        picker = self.pickers.get(seat)
        if not isinstance(result, Profile):
            if picker is not None:
                picker.refused(result)
            self.lobby.ctx.sound("error")
        elif waiting.renaming:
            self._replace(result)
            for sitting in self.lobby.ctx.seats:
                if sitting.profile == result.id:
                    sitting.profile_name = result.name
            if picker is not None:
                picker.editing = result
                picker.back_from_typing()
        else:
            self._found = [result, *self.found]
            if picker is not None:
                self.sit(seat, result)
            self._offer()

    def _adjust(self, picker: SeatPicker, profile: Profile, row: str, step: int) -> None:
        changed = adjusted(profile, row, step, self.lobby.ctx.bindings.pad)
        profiles.update(self.records, changed)
        picker.editing = changed
        self._replace(changed)
        self.lobby.ctx.sound("menu_move")

    def _delete(self, profile: Profile) -> None:
        profiles.delete(self.records, profile)
        self._found = [p for p in self.found if p.id != profile.id]
        for seat in self.lobby.ctx.seats:
            if seat.profile == profile.id:
                seat.profile, seat.profile_name = None, ""
        self.lobby.ctx.sound("back")
        self._offer()

    def _replace(self, profile: Profile) -> None:
        self._found = [profile if p.id == profile.id else p for p in self.found]
        self._offer()


def adjusted(profile: Profile, row: str, step: int, pad: dict[Button, int]) -> Profile:
    """`profile` with one preference stepped: the shopper, colour, assist, rumble, or its pad
    buttons (the ones Settings > Controls has now kept as its own, or back to the settings')."""
    def turn(values: tuple[object, ...], now: object) -> object:
        return values[(values.index(now) + step) % len(values)] if now in values else values[0]

    match row:
        case "character":
            return dataclasses.replace(profile, character=cast.step(profile.character, 0, step))
        case "colour":
            colour = turn(COLOURS, profile.colour)
            return dataclasses.replace(profile, colour=colour if isinstance(colour, int) else None)
        case "assist":
            return dataclasses.replace(profile, assist=not profile.assist)
        case "rumble":
            rumble = turn(RUMBLES, profile.rumble)
            return dataclasses.replace(profile, rumble=rumble if isinstance(rumble, str) else None)
        case "buttons":
            mine = {} if profile.bindings else {b.name: code for b, code in pad.items() if b.name is not None}
            return dataclasses.replace(profile, bindings=mine)
    return profile


def own_buttons(settings: Bindings, pad: dict[str, int]) -> Bindings:
    """The settings' bindings with a profile's pad buttons in place of the settings' pad mapping."""
    own = Bindings()
    own.keys = settings.keys
    own.pad = {**settings.pad, **{Button[name]: code for name, code in pad.items()}}
    return own
