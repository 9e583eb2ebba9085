"""Which family a pad belongs to (Xbox, PlayStation, Nintendo, generic) and what its buttons are called.

SDL reads every pad as an Xbox-style layout (Button.A is the bottom face
button, or Nintendo's A on the right with SDL's default label mode), so only
the names differ. The family comes from the USB vendor and product in the
pad's GUID, falling back to the name. Pure: no pygame here.
"""
from __future__ import annotations

FAMILIES = ("xbox", "playstation", "nintendo", "generic")
FAMILY_NAMES = {"xbox": "Xbox", "playstation": "PlayStation", "nintendo": "Nintendo", "generic": "Controller"}

# USB vendor ids whose pads all share one family (third-party makers build every family: name decides).
VENDORS = {0x045E: "xbox", 0x28DE: "xbox", 0x054C: "playstation", 0x057E: "nintendo"}
NAME_HINTS = (
    ("playstation", ("playstation", "dualshock", "dualsense", "ps3", "ps4", "ps5", "sony")),
    ("nintendo", ("nintendo", "switch", "joy-con", "joycon", "pro controller", "snes", "n64", "gamecube")),
    ("xbox", ("xbox", "x-box", "xinput", "steam deck", "steam virtual", "steam controller")),
)

# Button name -> what the family prints on it. Keys are commands.Button names.
LABELS: dict[str, dict[str, str]] = {
    "xbox": {"A": "A", "B": "B", "X": "X", "Y": "Y", "LB": "LB", "RB": "RB", "START": "Menu", "BACK": "View"},
    "playstation": {"A": "Cross", "B": "Circle", "X": "Square", "Y": "Triangle", "LB": "L1", "RB": "R1",
                    "START": "Options", "BACK": "Share"},
    "nintendo": {"A": "A", "B": "B", "X": "X", "Y": "Y", "LB": "L", "RB": "R", "START": "+", "BACK": "-"},
    "generic": {"A": "A", "B": "B", "X": "X", "Y": "Y", "LB": "LB", "RB": "RB", "START": "Start", "BACK": "Select"},
}
# Nintendo pads with the swap option on: confirm is the bottom button (B), back the right one (A).
NINTENDO_SWAPPED = {**LABELS["nintendo"], "A": "B", "B": "A"}


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


def labels(family: str, nintendo_swap: bool = False) -> dict[str, str]:
    """Button name -> printed name for a family ("A" -> "Cross" on a PlayStation pad)."""
    if family == "nintendo" and nintendo_swap:
        return dict(NINTENDO_SWAPPED)
    return dict(LABELS.get(family, LABELS["generic"]))
