"""Once a tick, between the input manager and the scenes: what the pads say and feel.

- menus name their buttons the way the pad used last prints them (ui.pad_labels);
- the settings for rumble strength and the Nintendo swap reach the manager;
- a "find me" press (a stick click) rumbles that player's own pad (scenes
  draw the pulse from ctx.input.find_me_age()).
Nothing here touches a simulation: it is all presentation.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.input import families

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


def shared_labels(ctx: "Context") -> dict[str, str]:
    """For one screen everyone reads (how-to cards): every seated pad family's name, "A / Cross"."""
    seen: list[str] = []
    for seat in sorted(ctx.input.seated()):
        family = ctx.input.family_of(ctx.input.device_of(seat))
        if family is not None and family not in seen:
            seen.append(family)
    if not seen:
        return dict(ctx.ui.pad_labels)
    swap = ctx.settings.nintendo_swap
    tables = [families.labels(f, swap, pad_binding(ctx)) for f in seen]
    return {name: " / ".join(dict.fromkeys(t[name] for t in tables)) for name in tables[0]}
