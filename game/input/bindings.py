"""Which key or pad button means which virtual Button.

Defaults are data (assets/bindings.toml); the player's changes live in
bindings.json in the user folder. Keyboards have two layouts ("left", "right")
so two players can share one keyboard; all pads share one pad mapping.
"""
from __future__ import annotations

import tomllib
from typing import Any

import pygame

from game import asset
from game.match.commands import Button
from game.text.notice import N_, Notice, join
from game.files.register import BINDABLE, BINDINGS, LAYOUTS, MAX_KEY_CODE
from game.files.userfiles import merged
from game.input.layout import at_position

DEFAULTS_PATH = asset("bindings.toml")
FILE_NAME = BINDINGS.relative()
ESCAPE_KEY = pygame.K_ESCAPE  # never bindable: always pause / back
VERSION = BINDINGS.version


def _load_defaults() -> tuple[dict[str, dict[Button, int]], dict[Button, int]]:
    """Parse assets/bindings.toml into {layout: {Button: keycode}} and {Button: sdl_button}. Its
    keys are places on the keyboard (named as a US keyboard prints them): each becomes the key
    the player's layout has there (game/input/layout.py), so WASD is ZQSD on AZERTY."""
    with open(DEFAULTS_PATH, "rb") as handle:
        data = tomllib.load(handle)
    us = {layout: {Button[name]: getattr(pygame, const) for name, const in data["keyboard"][layout].items()}
          for layout in LAYOUTS}
    keys = {layout: {button: at_position(code) for button, code in table.items()} for layout, table in us.items()}
    every = [code for table in keys.values() for code in table.values()]
    if len(set(every)) < len(every) or ESCAPE_KEY in every:
        keys = us       # a layout with one key in two places: the US keys, which never clash
    pad = {Button[name]: getattr(pygame, const) for name, const in data["pad"].items()}
    return keys, pad


class Bindings:
    """Keyboard layouts and the pad mapping. Keep one instance; the InputManager reads it live."""

    def __init__(self) -> None:
        self.keys: dict[str, dict[Button, int]] = {}
        self.pad: dict[Button, int] = {}
        self.raw: dict[str, Any] | None = None     # the file as read: keys this version does not know survive a save
        self.newer = False                         # a newer game's file: never overwritten
        self.reset()

    def reset(self) -> None:
        """Back to the defaults from assets/bindings.toml (not saved until .save())."""
        self.keys, self.pad = _load_defaults()

    @classmethod
    def load(cls) -> tuple["Bindings", str | None]:
        """The player's bindings (defaults where missing or invalid) and a warning if any."""
        bindings = cls()
        loaded = BINDINGS.load(None)   # null in the file: "no bindings saved"
        bindings.raw, bindings.newer = loaded.raw, loaded.newer
        data, warning = loaded.data, loaded.warning
        if data is None:
            return bindings, warning
        if not bindings._apply(data):
            bindings.reset()
            bindings.raw = None
            extra = BINDINGS.set_aside(Notice(N_("{file} has invalid bindings"), file=FILE_NAME))
            warning = join(warning, extra)
        return bindings, warning

    def _apply(self, data: object) -> bool:
        """Take bindings from saved JSON; False (and partly applied) if anything is invalid."""
        if not isinstance(data, dict):
            return False
        keyboard, pad = data.get("keyboard", {}), data.get("pad", {})
        if not isinstance(keyboard, dict) or not isinstance(pad, dict):
            return False
        for layout in LAYOUTS:
            saved = keyboard.get(layout, {})
            if not isinstance(saved, dict) or not _all_codes(saved):
                return False
            self.keys[layout].update({Button[n]: v for n, v in saved.items()})
        if not _all_codes(pad):
            return False
        self.pad.update({Button[n]: v for n, v in pad.items()})
        return self._consistent()

    def _consistent(self) -> bool:
        """No key twice across both layouts, no pad button twice, Escape never bound."""
        all_keys = [k for layout in LAYOUTS for k in self.keys[layout].values()]
        pads = list(self.pad.values())
        return (len(set(all_keys)) == len(all_keys) and ESCAPE_KEY not in all_keys
                and len(set(pads)) == len(pads))

    def save(self) -> str | None:
        """Write bindings.json atomically (button names -> codes); a one-line warning if it cannot be."""
        if self.newer:
            return None   # a newer game's file is left as it is; these bindings last this session
        return BINDINGS.try_save(merged(self.raw, {
            "version": VERSION,
            "keyboard": {layout: {b.name: k for b, k in self.keys[layout].items()} for layout in LAYOUTS},
            "pad": {b.name: v for b, v in self.pad.items()},
        }))

    def key_for(self, layout: str, button: Button) -> int:
        return self.keys[layout][button]

    def set_key(self, layout: str, button: Button, keycode: int) -> None:
        """Bind `keycode` to `button` in `layout`.

        If the key already means something (in this layout or the other one),
        that slot gets this slot's old key: a swap, so no key is ever doubled and
        no button is ever left unbound.
        """
        if keycode == ESCAPE_KEY:
            raise ValueError("Escape is reserved for pause/back")
        old = self.keys[layout][button]
        for other_layout in LAYOUTS:
            for other_button, code in self.keys[other_layout].items():
                if code == keycode and (other_layout, other_button) != (layout, button):
                    self.keys[other_layout][other_button] = old
        self.keys[layout][button] = keycode

    def pad_button_for(self, button: Button) -> int:
        return self.pad[button]

    def set_pad_button(self, button: Button, sdl_button: int) -> None:
        """Bind an SDL GameController button to `button`, swapping with any previous owner."""
        old = self.pad[button]
        for other, code in self.pad.items():
            if code == sdl_button and other != button:
                self.pad[other] = old
        self.pad[button] = sdl_button

    def button_for_key(self, layout: str, keycode: int) -> Button:
        """The Button `keycode` means in `layout`, or Button.NONE."""
        for button, code in self.keys[layout].items():
            if code == keycode:
                return button
        return Button.NONE

    def button_for_pad(self, sdl_button: int) -> Button:
        """The Button an SDL controller button means, or Button.NONE."""
        for button, code in self.pad.items():
            if code == sdl_button:
                return button
        return Button.NONE


PAD_LABELS = {
    pygame.CONTROLLER_BUTTON_A: "A", pygame.CONTROLLER_BUTTON_B: "B",
    pygame.CONTROLLER_BUTTON_X: "X", pygame.CONTROLLER_BUTTON_Y: "Y",
    pygame.CONTROLLER_BUTTON_BACK: "View", pygame.CONTROLLER_BUTTON_GUIDE: "Guide",
    pygame.CONTROLLER_BUTTON_START: "Menu", pygame.CONTROLLER_BUTTON_LEFTSTICK: "LS",
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: "RS", pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "LB",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "RB", pygame.CONTROLLER_BUTTON_DPAD_UP: "D-pad up",
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: "D-pad down", pygame.CONTROLLER_BUTTON_DPAD_LEFT: "D-pad left",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "D-pad right",
}


def key_label(keycode: int) -> str:
    """A key's English name: "Space", "Left Shift", "/", "Ù" (SDL's own name where pygame's older
    names have none: the letters of other layouts)."""
    name = (pygame.key.name(keycode) or pygame.key.name(keycode, use_compat=False)) if pygame.get_init() else ""
    return name.title() if name else f"Key {keycode}"


def key_cap(keycode: int) -> str:
    """A key's name short enough for a key cap, in English: "LShift", "Enter", "Bksp", "Up", "Z".
    Words are said in the player's language where drawn (widgets.key_word)."""
    label = key_label(keycode).replace("Left ", "L").replace("Right ", "R")
    return {"Return": "Enter", "Backspace": "Bksp", "Escape": "Esc"}.get(label, label)


def pad_button_label(sdl_button: int) -> str:
    """A pad button's name as printed on an Xbox-style pad: "A", "LB", "D-pad up"."""
    return PAD_LABELS.get(sdl_button, f"Button {sdl_button}")


def _all_codes(table: dict[str, object]) -> bool:
    """Every name is a bindable Button and every value a non-negative int."""
    names = {b.name for b in BINDABLE}
    return all(n in names and isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_KEY_CODE
               for n, v in table.items())
