"""Once a tick, between the input manager and the scenes: what the pads say and feel.

- menus name their buttons the way the pad used last prints them (ui.pad_labels);
- the settings for rumble strength and the Nintendo swap reach the manager;
- a "find me" press (a stick click) rumbles that player's own pad (scenes
  draw the pulse from ctx.input.find_me_age()).
Nothing here touches a simulation: it is all presentation.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from game.input import families
from game.input.bindings import key_cap, pad_button_label
from game.match.commands import Button
from game.render.widgets import key_word

if TYPE_CHECKING:
    from game.core.context import Context

FIND_ME_RUMBLE = (1.0, 260)   # strength before the setting's scale, milliseconds


def sync_pads(ctx: "Context") -> None:
    """Call right after ctx.input.poll()."""
    inp, settings = ctx.input, ctx.settings
    inp.rumble_level = settings.rumble
    swap = settings.nintendo_swap
    if inp.nintendo_swap != swap:
        inp.set_nintendo_swap(swap)
    ctx.ui.pad_labels = families.labels(inp.menu_family(), swap, pad_binding(ctx)) if inp.pads else {}
    for seat in inp.find_me_seats():
        inp.rumble(seat, *FIND_ME_RUMBLE)


def pad_binding(ctx: "Context") -> dict[str, int]:
    """The pad buttons behind each game button (players may have rebound them)."""
    return {str(button.name): int(code) for button, code in ctx.bindings.pad.items()}


def seat_labels(ctx: "Context", seat: int) -> dict[str, str] | None:
    """Button name -> what `seat`'s own pad prints; None for a keyboard seat, a bot or an empty seat."""
    family = ctx.input.family_of(ctx.input.device_of(seat))
    if family is None:
        return None
    return families.labels(family, ctx.settings.nintendo_swap, pad_binding(ctx))


BUTTONS = (Button.A, Button.B, Button.X, Button.Y, Button.LB, Button.RB, Button.START, Button.BACK)


def seat_keys(ctx: "Context", seat: int) -> dict[str, str]:
    """What `seat` presses for each game button on its own device: its keyboard half's keys ("E",
    "RCtrl"), or what its pad prints ("Square"); empty for a bot or an empty seat."""
    device = ctx.input.device_of(seat)
    if device is None:
        return {}
    if device[0] == "kb":
        return keyboard_keys(ctx, str(device[1]))
    names = seat_labels(ctx, seat) or {str(b.name): pad_button_label(ctx.bindings.pad_button_for(b)) for b in BUTTONS}
    return {**names, "MOVE": key_word("Stick")}


def keyboard_keys(ctx: "Context", layout: str) -> dict[str, str]:
    """A keyboard half's keys for the game's buttons, short enough for a key cap and as keyboards
    in the player's language print them; MOVE its four direction keys ("WASD", "ZQSD" on AZERTY,
    "Arrows")."""
    names = {str(b.name): key_word(key_cap(ctx.bindings.key_for(layout, b))) for b in BUTTONS}
    steer = [key_cap(ctx.bindings.key_for(layout, b)) for b in (Button.UP, Button.LEFT, Button.DOWN, Button.RIGHT)]
    if steer == ["Up", "Left", "Down", "Right"]:
        names["MOVE"] = key_word("Arrows")
    elif all(len(k) == 1 for k in steer):      # single letters read as one word: "WASD"
        names["MOVE"] = "".join(steer)
    else:
        names["MOVE"] = "/".join(key_word(k) for k in steer)
    return names


def sharing_a_keyboard(ctx: "Context") -> set[int]:
    """The seats played on one keyboard by two people side by side (both halves seated): their
    secrets show as a glimpse, not for as long as a key is held (game/scenes/secrets.py)."""
    halves = [seat for seat, device in ctx.input.seated().items() if device[0] == "kb"]
    return set(halves) if len(halves) >= 2 else set()


def keys_in_play(ctx: "Context", seats: Sequence[int] | None = None) -> dict[str, list[str]]:
    """For a screen everyone reads (how-to cards, the table's top bar, the map's prompts): per
    button, what every seated person presses for it, each name once, in seat order ("A", "Space",
    "Enter" with a pad and both keyboard halves); the pad in use's names when nobody is seated.
    With `seats`, only those seats' (the one player a screen listens to)."""
    out: dict[str, list[str]] = {}
    seated = [seat_keys(ctx, seat) for seat in sorted(ctx.input.seated() if seats is None else seats)]
    nobody = {**(dict(ctx.ui.pad_labels) or {str(b.name): str(b.name) for b in BUTTONS}), "MOVE": key_word("Stick")}
    for names in [n for n in seated if n] or [nobody]:
        for button, name in names.items():
            if name not in out.setdefault(button, []):
                out[button].append(name)
    return out
