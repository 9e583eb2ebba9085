"""A controller SDL cannot map, noticed from any screen that can stop for it.

Once a tick (game.app.tick): while a joystick SDL has no mapping for is plugged in, a scene
that welcomes it (`Scene.welcomes_new_pads`: the title, the lobby, menus and settings, a
game's pause, results) shows "press any button on it to set it up" in its toast zone, and a
press on that joystick opens the set-up wizard, which that controller alone can finish (a
button it already used skips a step it lacks). During play a press on it is only answered
with "pause the game to set it up": a stranger's button never stops a round.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.scenes.pads.setup import PadSetupScene
from game.text.i18n import _

if TYPE_CHECKING:
    from game.core.context import Context


def offer_setup(ctx: "Context") -> None:
    """Call right after ctx.input.poll(): pin the prompt, and open the wizard for a press."""
    inp = ctx.input
    top = ctx.stack.top
    welcome = top is not None and top.welcomes_new_pads and not ctx.stack.has_pending
    ctx.toasts.pinned = _("New controller: press any button on it to set it up") if inp.unmapped and welcome else None
    pressed = [i for i in inp.unmapped_presses() if i in inp.unmapped]
    if not pressed:
        return
    joystick = inp.unmapped[pressed[0]]
    if welcome:
        ctx.sound("confirm")
        ctx.toasts.pinned = None
        ctx.stack.push(PadSetupScene(ctx, joystick.instance_id, joystick.name, joystick.guid))
    else:
        ctx.toasts.show_once(_("{pad}: pause the game to set this controller up").format(pad=joystick.name))
