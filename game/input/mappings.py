"""Game-controller mappings made in the set-up wizard, for pads SDL cannot map itself.

A mapping is SDL's text form: "GUID,name,a:b0,b:b1,...,dpup:h0.1,-lefty:-a1," (the
trailing comma matters: SDL appends its own fields right after it).
They live in pad_mappings.json in the user folder ({guid: mapping}) and are
handed to SDL when the input manager starts. A player's own
SDL_GAMECONTROLLERCONFIG still applies, and wins for a pad both name.
"""
from __future__ import annotations

import os

from game.input import sdl
from game.files.register import PAD_MAPPINGS

FILE_NAME = PAD_MAPPINGS.relative()
MAX_NAME = 100             # characters of a pad's name kept in its mapping
ENV = "SDL_GAMECONTROLLERCONFIG"
# What the wizard asks for, in order: (SDL mapping target, what the player reads).
STEPS: tuple[tuple[str, str], ...] = (
    ("a", "A: confirm, pick up"), ("b", "B: back, put down"), ("x", "X: flip, roll"),
    ("y", "Y: special"), ("start", "START: pause"), ("back", "BACK: view"),
    ("leftshoulder", "LB: left shoulder"), ("rightshoulder", "RB: right shoulder"),
    ("up", "UP"), ("down", "DOWN"), ("left", "LEFT"), ("right", "RIGHT"),
)
REQUIRED = ("a",)          # without a confirm button the device could not even join
_DIRECTIONS = {"up": ("dpup", "-lefty"), "down": ("dpdown", "+lefty"),
               "left": ("dpleft", "-leftx"), "right": ("dpright", "+leftx")}


def is_axis(raw: str) -> bool:
    """A raw input like "+a2" / "-a1" (one half of an axis), as opposed to "b3" or "h0.4"."""
    return raw[:1] in "+-" and raw[1:2] == "a"


def build_mapping(guid: str, name: str, chosen: dict[str, str]) -> str:
    """SDL's mapping text for `guid` from {step target: raw input}; skipped steps are absent.

    A direction given by an axis becomes that half of the left stick, so a lever
    on axes steers like a stick and a lever on a hat or buttons like a d-pad.
    """
    # One printable line without commas: SDL splits the text on them, the file refuses anything else.
    clean = "".join(c if c.isprintable() else " " for c in name.replace(",", " ")).strip()[:MAX_NAME].strip()
    clean = clean or "Controller"
    parts = [guid.lower(), clean]
    for target, _label in STEPS:
        raw = chosen.get(target)
        if raw is None:
            continue
        if target in _DIRECTIONS:
            dpad, half_axis = _DIRECTIONS[target]
            parts.append(f"{half_axis}:{raw}" if is_axis(raw) else f"{dpad}:{raw}")
        else:
            parts.append(f"{target}:{raw}")
    return ",".join(parts) + ","   # SDL appends fields (crc:...) straight after the last one


def load() -> tuple[dict[str, str], str | None]:
    """Saved mappings by GUID, and a warning if the file could not be used (it is moved aside: every
    mapping in it must be SDL's form, printable and on one line, so nothing else reaches SDL)."""
    loaded = PAD_MAPPINGS.load({})
    return dict(loaded.data), loaded.warning   # type: ignore[call-overload]


def save(guid: str, mapping: str) -> str | None:
    """Keep `mapping` for `guid` (replacing an older one), atomically; a one-line warning if it cannot be."""
    saved, _warning = load()
    saved[guid.lower()] = mapping
    return PAD_MAPPINGS.try_save(dict(sorted(saved.items())))


def install_saved() -> tuple[int, str | None]:
    """Hand every saved mapping to SDL; returns how many were given, and the file's warning if any.

    A pad the player's own SDL_GAMECONTROLLERCONFIG names is left to it (theirs
    wins). Where SDL cannot be reached the saved ones go into that variable
    instead, which SDL reads when its joystick subsystem starts.
    """
    own = os.environ.get(ENV, "")
    named = {line.split(",", 1)[0].strip().lower() for line in own.splitlines() if "," in line}
    saved, warning = load()
    ours = [m for g, m in saved.items() if g not in named]
    if not ours:
        return 0, warning
    if sdl.library() is None:
        os.environ[ENV] = "\n".join([*ours, own] if own else ours)
        return len(ours), warning
    return sum(1 for m in ours if sdl.add_mapping(m)), warning


def apply_now(mapping: str) -> bool:
    """Hand `mapping` to the running SDL; False means it takes effect at the next start."""
    return sdl.add_mapping(mapping)
