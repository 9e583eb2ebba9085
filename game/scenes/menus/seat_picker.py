"""Who sits on a seat: the choice a lobby seat makes on its own after joining.

A seat that joins opens its picker: Guest first (so the A that follows the join keeps a guest seat,
one press, as before profiles), then the saved profiles (most recently used first, none seated
elsewhere), then "New profile", which opens the on-screen keyboard. Y on a profile opens its
preferences (rename, shopper, colour, assist, rumble, pad buttons, delete with a confirmation; a
keyboard seat has no rumble and says its keys are the keyboard half's, shared).
Each seat has its own picker, driven by its own device's commands, so six people choose at once.

The picker only says what was chosen (`Choice`); the lobby does it (game/scenes/menus/lobby_profiles.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from game.files.profiles import Profile
from game.match.commands import Button, Command
from game.scenes.menus.name_keys import NameKeys, Outcome
from game.text.i18n import N_

GUEST, NEW = -1, -2          # the list's two entries that are not profiles


class Page(Enum):
    LIST = "list"            # Guest / profiles / New profile
    TYPING = "typing"        # the on-screen keyboard: a new profile's name, or a new name
    EDIT = "edit"            # one profile's preferences
    DELETE = "delete"        # "Delete Anna?" Hold on: A deletes, B keeps


class Choice(Enum):
    GUEST = "guest"
    SIT = "sit"              # `profile` sits down
    CREATE = "create"        # `name` typed for a new profile
    RENAME = "rename"        # `profile` called `name`
    ADJUST = "adjust"        # `row` of `profile` stepped by `step`
    DELETE = "delete"
    LEAVE = "leave"          # B on the list: the seat is left, as B did before profiles
    SHARED_KEYS = "shared"   # the Keys row of a keyboard seat: why its keys are not the profile's


EDIT_ROWS = ("rename", "character", "colour", "assist", "rumble", "buttons", "delete", "done")
# On a keyboard seat: no rumble (a keyboard has none), and its keys are the keyboard half's, shared
# by whoever sits there (Settings > Controls), not a profile's: the row says so and A explains.
KEYBOARD_ROWS = ("rename", "character", "colour", "assist", "keys", "delete", "done")
EDIT_LABELS = {"rename": N_("Rename"), "character": N_("Character"), "colour": N_("Colour"),
               "assist": N_("Assist"), "rumble": N_("Rumble"), "buttons": N_("Pad buttons"),
               # TRANSLATORS: a row of a profile's preferences on a keyboard seat: the keyboard keys it plays with
               "keys": N_("Keys"), "delete": N_("Delete profile"), "done": N_("Done")}
ADJUSTED = ("character", "colour", "assist", "rumble", "buttons")    # rows left / right / A step


@dataclass(frozen=True, slots=True)
class Said:
    """What a picker's tick asks the lobby to do."""

    choice: Choice
    profile: Profile | None = None
    name: str = ""
    row: str = ""
    step: int = 0


@dataclass(slots=True)
class SeatPicker:
    page: Page = Page.LIST
    index: int = 0                      # in `entries` on the list, in EDIT_ROWS when editing
    editing: Profile | None = None      # the profile the EDIT / DELETE pages (and a rename) are about
    keys: NameKeys | None = None
    problem: str | None = None          # why the typed name was refused (shown above the keys)
    entries: list[int] = field(default_factory=lambda: [GUEST, NEW])
    keyboard: bool = False              # the seat plays on a keyboard half (no rumble, shared keys)

    @property
    def rows(self) -> tuple[str, ...]:
        """The EDIT page's rows for this seat's device."""
        return KEYBOARD_ROWS if self.keyboard else EDIT_ROWS

    def offer(self, profiles: list[Profile]) -> None:
        """The list for the profiles this seat may take now (the cursor stays on its entry)."""
        here = self.entries[self.index] if self.index < len(self.entries) else GUEST
        self.entries = [GUEST, *(p.id for p in profiles), NEW]
        self.index = self.entries.index(here) if here in self.entries else 0

    def update(self, cmd: Command, profiles: dict[int, Profile]) -> Said | None:
        match self.page:
            case Page.LIST:
                return self._list(cmd, profiles)
            case Page.TYPING:
                return self._typing(cmd)
            case Page.EDIT:
                return self._edit(cmd)
            case Page.DELETE:
                return self._delete(cmd)

    def type_text(self, text: str) -> None:
        if self.keys is not None:
            self.keys.type_text(text)
            self.problem = None

    def _list(self, cmd: Command, profiles: dict[int, Profile]) -> Said | None:
        if cmd.pressed & (Button.UP | Button.DOWN):
            self.index = (self.index + (-1 if cmd.pressed & Button.UP else 1)) % len(self.entries)
        entry = self.entries[self.index]
        if cmd.pressed & Button.A:
            if entry == GUEST:
                return Said(Choice.GUEST)
            if entry == NEW:
                self.start_typing(None)
                return None
            return Said(Choice.SIT, profiles.get(entry))
        if cmd.pressed & Button.B:
            return Said(Choice.LEAVE)
        if cmd.pressed & Button.Y and entry in profiles:
            self.page, self.editing, self.index = Page.EDIT, profiles[entry], 0
        return None

    def start_typing(self, renaming: Profile | None) -> None:
        self.page, self.editing, self.problem = Page.TYPING, renaming, None
        self.keys = NameKeys(text=renaming.name if renaming else "", lower=renaming is not None)

    def _typing(self, cmd: Command) -> Said | None:
        assert self.keys is not None
        before = self.keys.text
        outcome = self.keys.update(cmd)
        if self.keys.text != before:
            self.problem = None
        return self.finish_typing(outcome)

    def finish_typing(self, outcome: Outcome) -> Said | None:
        """The keyboard's outcome: a name to try (the lobby says `refused` if it is taken), or back."""
        assert self.keys is not None
        if outcome is Outcome.TYPING:
            return None
        if outcome is Outcome.CANCELLED:
            self.back_from_typing()
            return None
        self.keys.outcome = Outcome.TYPING      # stays open until the lobby has saved the name
        if self.editing is not None:
            return Said(Choice.RENAME, self.editing, self.keys.text)
        return Said(Choice.CREATE, name=self.keys.text)

    def refused(self, problem: str) -> None:
        self.problem = problem

    def back_from_typing(self) -> None:
        self.keys, self.problem = None, None
        self.page = Page.EDIT if self.editing is not None else Page.LIST
        self.index = 0

    def _edit(self, cmd: Command) -> Said | None:
        assert self.editing is not None
        rows = self.rows
        if cmd.pressed & (Button.UP | Button.DOWN):
            self.index = (self.index + (-1 if cmd.pressed & Button.UP else 1)) % len(rows)
        row = rows[self.index]
        step = -1 if cmd.pressed & Button.LEFT else 1 if cmd.pressed & Button.RIGHT else 0
        if cmd.pressed & Button.B or (cmd.pressed & Button.A and row == "done"):
            self.page, self.editing, self.index = Page.LIST, None, 0
            return None
        if cmd.pressed & Button.A and row == "rename":
            self.start_typing(self.editing)
        elif cmd.pressed & Button.A and row == "delete":
            self.page = Page.DELETE
        elif row in ADJUSTED and (step or cmd.pressed & Button.A):
            return Said(Choice.ADJUST, self.editing, row=row, step=step or 1)
        elif row == "keys" and (step or cmd.pressed & Button.A):
            return Said(Choice.SHARED_KEYS, self.editing)
        return None

    def _delete(self, cmd: Command) -> Said | None:
        if cmd.pressed & Button.A:
            gone = self.editing
            self.page, self.editing, self.index = Page.LIST, None, 0
            return Said(Choice.DELETE, gone)
        if cmd.pressed & Button.B:
            self.page = Page.EDIT
        return None
