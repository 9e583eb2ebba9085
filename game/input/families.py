"""Which family a pad belongs to (Xbox, PlayStation, Nintendo, generic) and what its buttons are called.

SDL reads every pad as an Xbox-style layout (Button.A is the bottom face
button, or Nintendo's A on the right with SDL's default label mode), so only
the names differ. The family comes from the USB vendor and product in the
pad's GUID, falling back to the name. Pure: no pygame here.
"""
from __future__ import annotations

import re

from game.text.notice import N_

FAMILIES = ("xbox", "playstation", "nintendo", "generic")
# Brand names stay as they are; "Controller" is translated where it is shown.
FAMILY_NAMES = {"xbox": "Xbox", "playstation": "PlayStation", "nintendo": "Nintendo", "generic": N_("Controller")}

# USB vendor ids whose pads all share one family (third-party makers build every family: name decides).
VENDORS = {0x045E: "xbox", 0x28DE: "xbox", 0x054C: "playstation", 0x057E: "nintendo"}
NAME_HINTS = (
    ("playstation", ("playstation", "dualshock", "dualsense", "ps3", "ps4", "ps5", "sony")),
    ("nintendo", ("nintendo", "switch", "joy-con", "joycon", "pro controller", "snes", "n64", "gamecube")),
    ("xbox", ("xbox", "x-box", "xinput", "steam deck", "steam virtual", "steam controller")),
)

# SDL game-controller button numbers (fixed by SDL) by their Xbox-style names.
SDL_BUTTONS = {"A": 0, "B": 1, "X": 2, "Y": 3, "BACK": 4, "START": 6, "LS": 7, "RS": 8, "LB": 9, "RB": 10}
_CODE_NAMES = {code: name for name, code in SDL_BUTTONS.items()}
# Xbox-style name -> what the family prints on that button.
LABELS: dict[str, dict[str, str]] = {
    "xbox": {"A": "A", "B": "B", "X": "X", "Y": "Y", "LB": "LB", "RB": "RB", "START": "Menu", "BACK": "View",
             "LS": "LS", "RS": "RS"},
    "playstation": {"A": "Cross", "B": "Circle", "X": "Square", "Y": "Triangle", "LB": "L1", "RB": "R1",
                    "START": "Options", "BACK": "Share", "LS": "L3", "RS": "R3"},
    "nintendo": {"A": "A", "B": "B", "X": "X", "Y": "Y", "LB": "L", "RB": "R", "START": "+", "BACK": "-",
                 "LS": "LS", "RS": "RS"},
    "generic": {"A": "A", "B": "B", "X": "X", "Y": "Y", "LB": "LB", "RB": "RB", "START": "Start", "BACK": "Select",
                "LS": "LS", "RS": "RS"},
}
# Nintendo pads with the swap option on: SDL's A arrives from the bottom button, printed B (and back).
NINTENDO_SWAPPED = {**LABELS["nintendo"], "A": "B", "B": "A"}


class Label(str):
    """A button's printed name that remembers its family, so a glyph can be drawn in that family's look."""

    family: str = "generic"

    def __new__(cls, text: str, family: str) -> "Label":
        made = super().__new__(cls, text)
        made.family = family
        return made


def ids_from_guid(guid: str) -> tuple[int, int] | None:
    """(vendor, product) from an SDL joystick GUID string, or None when it carries none.

    SDL packs little-endian 16-bit fields: bus, crc, vendor, 0, product, 0, version, ...
    """
    try:
        raw = bytes.fromhex(guid)
    except ValueError:
        return None
    if len(raw) != 16 or raw[6:8] != b"\0\0" or raw[10:12] != b"\0\0":
        return None
    vendor = int.from_bytes(raw[4:6], "little")
    product = int.from_bytes(raw[8:10], "little")
    return (vendor, product) if vendor else None


def detect(guid: str, name: str) -> str:
    """The family of a pad from its GUID's vendor id, else from words in its name, else "generic"."""
    ids = ids_from_guid(guid)
    if ids is not None and ids[0] in VENDORS:
        return VENDORS[ids[0]]
    lowered = name.lower()
    for family, words in NAME_HINTS:
        if any(word in lowered for word in words):
            return family
    return "generic"


def button_name(family: str, code: int, nintendo_swap: bool = False) -> str | None:
    """What `family` prints on SDL button `code` ("Triangle" for 3 on PlayStation); None for others (d-pad)."""
    table = NINTENDO_SWAPPED if family == "nintendo" and nintendo_swap else LABELS.get(family, LABELS["generic"])
    name = _CODE_NAMES.get(code)
    return table.get(name) if name else None


def labels(family: str, nintendo_swap: bool = False, pad_binding: dict[str, int] | None = None) -> dict[str, str]:
    """Game button name -> what this family prints on the pad button behind it ("A" -> "Cross").

    pad_binding: game button name -> SDL button number, when the player rebound
    pad buttons in Settings (default: A on SDL's A, and so on).
    """
    table = NINTENDO_SWAPPED if family == "nintendo" and nintendo_swap else LABELS.get(family, LABELS["generic"])
    out: dict[str, str] = {}
    for name in ("A", "B", "X", "Y", "LB", "RB", "START", "BACK"):
        code = (pad_binding or {}).get(name, SDL_BUTTONS[name])
        out[name] = Label(table.get(_CODE_NAMES.get(code, ""), f"Button {code}"), family)
    return out


_BUTTON_WORD = re.compile(r"\b(A|B|X|Y|LB|RB|START|BACK|MOVE)\b")   # MOVE: the stick, the d-pad or keys


def say(text: str, names: dict[str, str]) -> str:
    """`text` with every button word said the pad's way: "X rolls" -> "Square rolls".

    Button words are the capitalised names alone ("A picks up"); write "One" or
    "Any", not the article "A", at the start of a sentence in texts that go through here.
    """
    if not names:
        return text
    return _BUTTON_WORD.sub(lambda m: names.get(m.group(1), m.group(1)), text)


def button_runs(text: str) -> list[tuple[str, bool]]:
    """`text` cut into runs, each (run, is_button): the button words alone ("X", "LB") and the
    text between them, in order (for drawing each button as its key cap)."""
    runs: list[tuple[str, bool]] = []
    at = 0
    for m in _BUTTON_WORD.finditer(text):
        if m.start() > at:
            runs.append((text[at:m.start()], False))
        runs.append((m.group(1), True))
        at = m.end()
    if at < len(text):
        runs.append((text[at:], False))
    return runs
