"""The controller set-up wizard: press the button you want for A, then B, ... and the device is a pad.

For a joystick SDL has no mapping for (an arcade stick, an old USB pad), or to
redo a pad's mapping from Settings > Controls. It reads the device raw
(ctx.input.watch_raw), asks for each button in mappings.STEPS, builds SDL's
mapping text for the device's GUID, saves it in the user folder and hands it
to SDL, so the device joins like any pad now and at every later start.

Skipping what the device lacks: press a button it already used, or A / Enter
on another device (a keyboard works). B / Escape on another device cancels.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from game.core.scene import Scene
from game.text.i18n import N_, _
from game.input import mappings
from game.match.commands import Button, Command
from game.render import glyphs, widgets
if TYPE_CHECKING:
    from game.core.context import Context

ARROWS = {"up": N_("UP"), "down": N_("DOWN"), "left": N_("LEFT"), "right": N_("RIGHT")}
# One whole sentence per direction: "nach oben", "vers le haut", "hacia arriba" take words of their own.
PUSH = {"up": N_("Push the stick or the d-pad up"), "down": N_("Push the stick or the d-pad down"),
        "left": N_("Push the stick or the d-pad left"), "right": N_("Push the stick or the d-pad right")}
# What each button is for, said under its badge (mappings.STEPS says it in English for the log).
PURPOSES = {"a": N_("confirm, pick up"), "b": N_("back, put down"), "x": N_("flip, roll"), "y": N_("special"),
            "start": N_("pause"), "back": N_("view"), "leftshoulder": N_("left shoulder"),
            "rightshoulder": N_("right shoulder")}
BADGES = {"a": "A", "b": "B", "x": "X", "y": "Y", "start": "START", "back": "BACK",
          "leftshoulder": "LB", "rightshoulder": "RB"}


HAT_DIRECTIONS = {"1": N_("d-pad up"), "2": N_("d-pad right"), "4": N_("d-pad down"), "8": N_("d-pad left")}


def describe(raw: str) -> str:
    """A raw input for people, in their language: "button 3", "d-pad up", "axis 1 -"."""
    if raw.startswith("b"):
        # TRANSLATORS: a controller's button by its number, as the set-up wizard found it ("button 3")
        return _("button {n}").format(n=raw[1:])
    if raw.startswith("h"):
        direction = HAT_DIRECTIONS.get(raw.split(".")[1])
        return _(direction) if direction else raw
    # TRANSLATORS: a controller's stick axis by its number and direction ("axis 1 -", "axis 0 +")
    return _("axis {n} {sign}").format(n=raw[2:], sign=raw[0])


class PadSetupScene(Scene):
    name = "pad_setup"
    opaque = False

    def __init__(self, ctx: "Context", instance_id: int, name: str, guid: str,
                 on_done: Callable[[bool], None] | None = None) -> None:
        super().__init__(ctx)
        self.instance_id = instance_id
        self.device_name = name
        self.guid = guid
        self.on_done = on_done
        self.step = 0
        self.chosen: dict[str, str] = {}
        self.waiting_release = True    # until enter(): the press that opened the wizard may be down
        self.finished = False

    @property
    def target(self) -> str:
        return mappings.STEPS[self.step][0]

    def enter(self) -> None:
        self.ctx.input.watch_raw(self.instance_id)
        # Opened by a press on the device itself (the lobby), that button may still be down;
        # opened from Settings (a keyboard, another pad) the device is idle: its first press counts.
        self.waiting_release = not self.ctx.input.raw_idle(self.instance_id)

    def exit(self) -> None:
        self.ctx.input.watch_raw(None)

    # ---------------------------------------------------------------- steps
    def take(self, raw: str) -> None:
        """The device gave `raw` for the current step: keep it, or skip if it is already used."""
        if raw in self.chosen.values():
            self.skip()
            return
        self.chosen[self.target] = raw
        self.ctx.sound("confirm")
        self._next()

    def skip(self) -> None:
        if self.target in mappings.REQUIRED:
            self.ctx.sound("error")
            self.ctx.toast(_("Every controller needs an A button: press the one you want"))
            return
        self.ctx.sound("menu_move")
        self._next()

    def _next(self) -> None:
        self.waiting_release = True
        self.step += 1
        if self.step >= len(mappings.STEPS):
            self.finish()

    def finish(self) -> None:
        """Save the mapping, hand it to SDL and close."""
        if self.finished:
            return
        self.finished = True
        mapping = mappings.build_mapping(self.guid, self.device_name, self.chosen)
        self.ctx.save_warning(mappings.save(self.guid, mapping))   # a read-only data folder: it still works now
        live = self.ctx.input.add_mapping(mapping)
        if live:
            self.ctx.toast(_("{pad} is set up: press A on it to join").format(pad=self.device_name))
        else:
            self.ctx.toast(_("{pad} is saved: restart the game to use it").format(pad=self.device_name), seconds=8)
        self._close(True)

    def cancel(self) -> None:
        self.ctx.sound("back")
        self._close(False)

    def _close(self, done: bool) -> None:
        self.ctx.stack.pop()
        if self.on_done is not None:
            self.on_done(done)

    # ---------------------------------------------------------------- ticks
    def update(self, commands: dict[int, Command]) -> None:
        if self.finished or self.step >= len(mappings.STEPS):
            return
        inp = self.ctx.input
        if not any(j[0] == self.instance_id for j in inp.joysticks()):
            self.ctx.toast(_("{pad} was unplugged: set-up cancelled").format(pad=self.device_name))
            self._close(False)
            return
        # In order: a release ends the wait for the last input to let go, the next push is taken.
        # (A slow frame may bring a release and the next press together: neither is lost.)
        for raw in inp.raw_inputs():
            if raw.startswith("~"):
                self.waiting_release = False
            elif not self.waiting_release:
                self.take(raw)
                if self.finished or self.step >= len(mappings.STEPS):
                    return
        if self.waiting_release and inp.raw_idle(self.instance_id):
            self.waiting_release = False   # its release came before we were watching
        other = commands.get(-1, Command())
        if other.pressed & Button.B:
            self.cancel()
        elif other.pressed & Button.A:
            self.skip()

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.ctx.ui
        box = widgets.modal(surface, ui, (980, 600), border="accent_2", dim_alpha=220)
        w = surface.get_width()
        widgets.blit_text(surface, ui, _("SET UP A CONTROLLER"), "small", "text_dim", center=(w // 2, box.y + 36))
        widgets.blit_text(surface, ui, self.device_name, "large", "text", center=(w // 2, box.y + 80))
        step = min(self.step, len(mappings.STEPS) - 1)
        target, label = mappings.STEPS[step]
        widgets.blit_text(surface, ui, _("Step {step} of {steps}").format(step=step + 1, steps=len(mappings.STEPS)), "small", "accent_2",
                          center=(w // 2, box.y + 124))
        if target in ARROWS:
            prompt = _(PUSH[target])
        else:
            # TRANSLATORS: the set-up wizard; the button's badge and what it does are shown under it
            prompt = _("Press the button you want for this one:")
        widgets.blit_text(surface, ui, prompt, "body", "text", center=(w // 2, box.y + 178))
        if target in BADGES:
            cap = glyphs.badge(ui, BADGES[target], 64)
            surface.blit(cap, cap.get_rect(center=(w // 2, box.y + 250)))
            widgets.blit_text(surface, ui, _(PURPOSES[target]), "small", "text_dim", center=(w // 2, box.y + 304))
        self._done_list(surface, box)
        widgets.blit_text(surface, ui, _("No such button? Press one you already used to skip it."), "small",
                          "text_dim", center=(w // 2, box.bottom - 86))
        widgets.hints(surface, ui, [("Enter", N_("Skip")), ("Esc", N_("Cancel"))], y=box.bottom - 40)

    def _done_list(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """What has been chosen so far, in two columns."""
        ui = self.ctx.ui
        done = [(BADGES.get(t) or _(ARROWS[t]), describe(self.chosen[t])) for t, _label in mappings.STEPS
                if t in self.chosen]
        for i, (name, raw) in enumerate(done[-8:]):
            col, row = i % 2, i // 2
            x = box.x + 150 + col * 360
            y = box.y + 344 + row * 34
            # TRANSLATORS: what the set-up wizard recorded: a button or direction, and the pad's input ("A: button 2")
            widgets.blit_text(surface, ui, _("{button}: {input}").format(button=name, input=raw), "small", "good",
                              midleft=(x, y))
