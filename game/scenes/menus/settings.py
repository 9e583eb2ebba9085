"""Settings (saved on every change) and the Controls screen (rebinding keys and pad buttons)."""
from __future__ import annotations

from functools import partial

from typing import TYPE_CHECKING

import pygame

from game.text import i18n
from game.text.i18n import N_, _
from game.input import families
from game.input.bindings import key_cap, pad_button_label
from game.match.commands import Button, Command
from game.render import widgets
from game.scenes import registry
from game.scenes.common import MenuScene, menu_command
from game.scenes.pads import PadSetupScene
from game.files.register import BINDABLE, RUMBLE_LEVELS, UI_SCALE_MAX, UI_SCALE_MIN

if TYPE_CHECKING:
    from game.core.context import Context

VOLUME_STEP = 0.1
RUMBLE_NAMES = {"off": N_("Off"), "low": N_("Low"), "high": N_("High")}
UI_SCALE_STEP = 0.25


def on_off(value: bool) -> str:
    return _("On") if value else _("Off")


class SettingsScene(MenuScene):
    name = "settings"
    heading = N_("SETTINGS")

    def __init__(self, ctx: "Context") -> None:
        super().__init__(ctx)
        s = ctx.settings
        I = widgets.MenuItem
        self.menu = widgets.MenuList([
            I(N_("Language"), value=lambda: i18n.language_name(i18n.language()), adjust=self._language),
            I(N_("Effects volume"), value=lambda: i18n.percent(s.volume), adjust=self._volume),
            I(N_("Music volume"), value=lambda: i18n.percent(s.music_volume), adjust=self._music_volume),
            I(N_("Fullscreen"), value=lambda: on_off(s.fullscreen), adjust=lambda d: self._toggle("fullscreen")),
            I(N_("Colour-blind mode"), value=lambda: on_off(s.colourblind), adjust=lambda d: self._toggle("colourblind")),
            I(N_("Screen shake"), value=lambda: on_off(s.screen_shake), adjust=lambda d: self._toggle("screen_shake")),
            I(N_("Reduced motion"), value=lambda: on_off(s.reduced_motion),
              adjust=lambda d: self._toggle("reduced_motion")),
            I(N_("UI scale"), value=lambda: i18n.percent(s.ui_scale), adjust=self._ui_scale),
            I(N_("Show FPS"), value=lambda: on_off(s.show_fps), adjust=lambda d: self._toggle("show_fps")),
            I(N_("Rumble"), value=lambda: _(RUMBLE_NAMES[s.rumble]), adjust=self._rumble),
            I(N_("Nintendo confirm"), value=lambda: _("B (bottom)") if s.nintendo_swap else _("A (right)"),
              adjust=lambda d: self._toggle("nintendo_swap")),
            I(N_("Controls"), self._controls),
            I(N_("Speedrun"), self._speedrun),
            I(N_("Back"), self._back),
        ], play=ctx.sound, on_back=self._back, row_height=60, width=640, visible_rows=8)

    def _changed(self) -> None:
        """Every change is applied and saved at once: nothing to forget on the way out."""
        settings = self.ctx.settings
        self.ctx.save_warning(settings.save())
        self.ctx.audio.set_volume(settings.volume)
        self.ctx.audio.set_music_volume(settings.music_volume)
        self.ctx.ui.set_scale(settings.ui_scale)
        self.ctx.apply_display(settings)

    def _language(self, step: int) -> None:
        codes = list(i18n.LANGUAGES)
        s = self.ctx.settings
        s.language = codes[(codes.index(i18n.language()) + step) % len(codes)]
        i18n.set_language(s.language)
        self._changed()

    def _volume(self, step: int) -> None:
        s = self.ctx.settings
        s.volume = round(min(1.0, max(0.0, s.volume + step * VOLUME_STEP)), 2)
        self._changed()

    def _music_volume(self, step: int) -> None:
        s = self.ctx.settings
        s.music_volume = round(min(1.0, max(0.0, s.music_volume + step * VOLUME_STEP)), 2)
        self._changed()

    def _ui_scale(self, step: int) -> None:
        s = self.ctx.settings
        s.ui_scale = min(UI_SCALE_MAX, max(UI_SCALE_MIN, s.ui_scale + step * UI_SCALE_STEP))
        self._changed()

    def _rumble(self, step: int) -> None:
        s = self.ctx.settings
        s.rumble = RUMBLE_LEVELS[(RUMBLE_LEVELS.index(s.rumble) + step) % len(RUMBLE_LEVELS)]
        self._changed()

    def _toggle(self, name: str) -> None:
        setattr(self.ctx.settings, name, not getattr(self.ctx.settings, name))
        self._changed()

    def _controls(self) -> None:
        self.ctx.stack.push(ControlsScene(self.ctx))

    def _speedrun(self) -> None:
        self.ctx.stack.push(registry.SPEEDRUN_SETTINGS(self.ctx))   # LiveSplit link

    def _back(self) -> None:
        self.ctx.stack.pop()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_menu_page(surface, top=146)


# ---------------------------------------------------------------- controls
DEVICES = (("kb", "left"), ("kb", "right"), ("pad", None))
DEVICE_NAMES = {"left": N_("Keyboard (left)"), "right": N_("Keyboard (right)"), None: N_("Gamepads")}
BUTTON_LABELS = {
    Button.UP: N_("Up"), Button.DOWN: N_("Down"), Button.LEFT: N_("Left"), Button.RIGHT: N_("Right"),
    Button.A: N_("A · confirm, pick up"), Button.B: N_("B · back, put down"), Button.X: N_("X · flip, roll"),
    Button.Y: N_("Y · special"), Button.LB: "LB", Button.RB: "RB", Button.START: N_("Start · pause"),
    Button.BACK: N_("Back · view"),
}


class ControlsScene(MenuScene):
    """Pick a device (left / right keyboard, gamepads), then a button, then press the new key."""

    name = "controls"
    heading = N_("CONTROLS")
    hint_items = [("A / Enter", N_("Rebind")), ("Left / Right", N_("Device")), ("B / Esc", N_("Back"))]

    def __init__(self, ctx: "Context") -> None:
        super().__init__(ctx)
        self.device = 0
        self.joystick = 0                    # which connected joystick "Set up a controller" means
        self.waiting: Button | None = None   # the button being rebound, while "press a key..."
        I = widgets.MenuItem
        items = [I(N_("Device"), value=lambda: DEVICE_NAMES[DEVICES[self.device][1]], adjust=self._cycle_device)]
        for button in BINDABLE:
            items.append(I(BUTTON_LABELS[button], partial(self._rebind, button), value=partial(self._bound, button)))
        items.append(I(N_("Set up a controller"), self._set_up, value=self._joystick_text, adjust=self._cycle_joystick))
        items.append(I(N_("Reset to defaults"), self._reset))
        items.append(I(N_("Back"), self._back))
        self.menu = widgets.MenuList(items, play=ctx.sound, on_back=self._back, row_height=54, width=680, visible_rows=8)

    @property
    def layout(self) -> str | None:
        return DEVICES[self.device][1]

    def _cycle_device(self, step: int) -> None:
        self.device = (self.device + step) % len(DEVICES)

    def _bound(self, button: Button) -> str:
        if self.waiting == button:
            return _("press a key...") if self.layout else _("press a button...")
        b = self.ctx.bindings
        if self.layout is None:
            code = b.pad.get(button)
            if code is None:
                return "-"
            # Named the way the pad in use prints it ("Triangle", "L1"); d-pad and others as before.
            said = families.button_name(self.ctx.input.menu_family(), code, self.ctx.settings.nintendo_swap)
            return said if said and self.ctx.input.pads else pad_button_label(code)
        code = b.keys[self.layout].get(button)
        return widgets.key_word(key_cap(code)) if code is not None else "-"   # as the key's cap says it

    def _rebind(self, button: Button) -> None:
        self.waiting = button
        self.ctx.input.capture_next()

    def _joystick_text(self) -> str:
        joysticks = self.ctx.input.joysticks()
        if not joysticks:
            return _("no controller")
        return joysticks[self.joystick % len(joysticks)][1]

    def _cycle_joystick(self, step: int) -> None:
        self.joystick += step

    def _set_up(self) -> None:
        """The set-up wizard for the chosen joystick: a new mapping for any pad, mapped or not."""
        joysticks = self.ctx.input.joysticks()
        if not joysticks:
            self.ctx.sound("error")
            self.ctx.toast(_("Plug in a controller first"))
            return
        instance_id, name, guid = joysticks[self.joystick % len(joysticks)]
        self.ctx.stack.push(PadSetupScene(self.ctx, instance_id, name, guid))

    def _reset(self) -> None:
        self.ctx.bindings.reset()
        self.ctx.save_warning(self.ctx.bindings.save())
        self.ctx.toast(_("Controls reset to the defaults"))

    def _back(self) -> None:
        self.ctx.stack.pop()

    def capture(self, raw: tuple[str, int]) -> None:
        """A raw key / pad button arrived for the button being rebound."""
        kind, code = raw
        button, self.waiting = self.waiting, None
        if kind == "kb" and code == pygame.K_ESCAPE:
            self.ctx.sound("back")
            return
        if (kind == "kb") != (self.layout is not None):
            self.ctx.sound("error")
            self.ctx.toast(_("Press a key on the keyboard") if self.layout else _("Press a button on a gamepad"))
            return
        if button is None:
            return                        # nothing was being rebound
        if kind == "kb" and self.layout is not None:
            self.ctx.bindings.set_key(self.layout, button, code)
        else:
            self.ctx.bindings.set_pad_button(button, code)
        self.ctx.save_warning(self.ctx.bindings.save())
        self.ctx.sound("confirm")

    def update(self, commands: dict[int, Command]) -> None:
        if self.waiting is not None:
            raw = self.ctx.input.captured()
            if raw is not None:
                self.capture(raw)
            return
        self.menu.update(menu_command(commands))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_menu_page(surface, top=180)
        widgets.blit_text(surface, self.ctx.ui, _("Escape always pauses / goes back"), "small", "text_dim",
                          center=(surface.get_width() // 2, 146))


registry.SETTINGS.bind(SettingsScene)
