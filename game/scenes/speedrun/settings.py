"""Settings › Speedrun: the LiveSplit link (on/off, which timer, host or who may connect, port) and
its live status.

Which timer: LiveSplit's TCP server (the game connects to it at Host:Port) or
LiveSplit One (it connects to the game at ws://localhost:Port; "Other devices"
lets a LiveSplit One on another machine in). Every row works with a gamepad:
left/right switches the link, the timer and the devices row and steps the
port; A on Host or Port opens a small field editor (up/down picks a character,
left/right moves, A keeps, B cancels; a keyboard can simply type).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from game.core.scene import Scene
from game.text.i18n import N_, _
from game.match.commands import Button, Command
from game.render import widgets
from game.scenes import registry
import game.scenes.speedrun.link as speedrun_link
from game.scenes.common import MenuScene
from game.scenes.speedrun.draw import DIM, GOLD, WHITE, box
from game.files.register import LIVESPLIT_LINKS
from game.speedrun.address import host_problem
from game.render.palette import EDGE

if TYPE_CHECKING:
    from game.input.manager import InputManager
    from game.core.context import Context

# The timer each link drives, as the Timer row says it (product names, the same in every language).
LINK_NAMES = {"tcp": N_("LiveSplit"), "one": N_("LiveSplit One")}
ROW_HEIGHT = 56
MENU_TOP = 170
HOST_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789.-:[]"   # a name, an IPv4 address or [an IPv6 one]
PORT_CHARS = "0123456789"
MAX_FIELD = 40


class SpeedrunSettingsScene(MenuScene):
    name = "speedrun_settings"
    heading = N_("SPEEDRUN")
    hint_items = [("Left / Right", N_("Change")), ("A", N_("Edit")), ("B / Esc", N_("Back"))]

    def __init__(self, ctx: "Context") -> None:
        super().__init__(ctx)
        self._one_address: tuple[tuple[bool, int, int], str] | None = None
        self.menu = widgets.MenuList(self._rows(), play=ctx.sound, on_back=self._back, row_height=ROW_HEIGHT,
                                     width=720)

    def _rows(self) -> list[widgets.MenuItem]:
        """The rows for the timer chosen: LiveSplit's Host, or LiveSplit One's Other devices."""
        s = self.ctx.settings
        item = widgets.MenuItem
        if s.livesplit_link == "one":
            where = item(N_("Other devices"), value=lambda: N_("Allowed") if s.livesplit_others else N_("Not allowed"),
                         adjust=lambda d: self._toggle_others())
        else:
            where = item(N_("Host"), self._edit_host, value=lambda: s.livesplit_host)
        return [
            item(N_("LiveSplit link"), value=lambda: N_("On") if s.livesplit else N_("Off"), adjust=lambda d: self._toggle()),
            item(N_("Timer"), value=lambda: LINK_NAMES[s.livesplit_link], adjust=self._step_link),
            where,
            item(N_("Port"), self._edit_port, value=lambda: str(s.livesplit_port), adjust=self._step_port),
            item(N_("Back"), self._back),
        ]

    def _changed(self) -> None:
        self.ctx.save_warning(self.ctx.settings.save())   # a read-only folder: one toast, the change still applies
        speedrun_link.link(self.ctx)     # connect, reconnect elsewhere, or close, at once

    def _toggle(self) -> None:
        self.ctx.settings.livesplit = not self.ctx.settings.livesplit
        self._changed()

    def _step_link(self, step: int) -> None:
        s = self.ctx.settings
        s.livesplit_link = LIVESPLIT_LINKS[(LIVESPLIT_LINKS.index(s.livesplit_link) + step) % len(LIVESPLIT_LINKS)]
        self.menu.items = self._rows()
        self._changed()

    def _toggle_others(self) -> None:
        self.ctx.settings.livesplit_others = not self.ctx.settings.livesplit_others
        self._changed()

    def _step_port(self, step: int) -> None:
        s = self.ctx.settings
        s.livesplit_port = min(65535, max(1, s.livesplit_port + step))
        self._changed()

    def _set_host(self, text: str) -> None:
        if host_problem(text) is not None:
            self.ctx.toast(_("{host} is not a host name, an IPv4 address or an IPv6 address in brackets")
                           .format(host=text))
            return
        self.ctx.settings.livesplit_host = text
        self._changed()

    def _set_port(self, text: str) -> None:
        if text.isdigit() and 1 <= int(text) <= 65535:
            self.ctx.settings.livesplit_port = int(text)
            self._changed()
        else:
            self.ctx.toast(_("A port is a number from 1 to 65535"))

    def _edit_host(self) -> None:
        self.ctx.stack.push(FieldEditScene(self.ctx, N_("LIVESPLIT HOST"), self.ctx.settings.livesplit_host, HOST_CHARS,
                                           self._set_host))

    def _edit_port(self) -> None:
        self.ctx.stack.push(FieldEditScene(self.ctx, N_("LIVESPLIT PORT"), str(self.ctx.settings.livesplit_port),
                                           PORT_CHARS, self._set_port, max_len=5))

    def _back(self) -> None:
        self.ctx.stack.pop()

    def update(self, commands: dict[int, Command]) -> None:
        speedrun_link.pump(self.ctx)
        super().update(commands)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_menu_page(surface, top=MENU_TOP)
        ui = self.ctx.ui
        w = surface.get_width()
        linked = speedrun_link.state(self.ctx) == "connected"
        lines = [(self._status_line(900 - 48), 24, GOLD if linked else WHITE)]
        if self.ctx.livesplit_address is not None:
            lines.append((_("(The address comes from --livesplit.)"), 20, DIM))
        for paragraph in (self._how_to_link(), _("Real time keeps running through a pause; game time stops, as in the game.")):
            lines += [(line, 20, DIM) for line in widgets.wrap_text(ui, paragraph, 20, 900 - 48)]
        top = MENU_TOP + len(self.menu.items) * ROW_HEIGHT + 16
        panel = pygame.Rect((w - 900) // 2, top, 900, 16 + sum(ui.text.line_height(size) + 4 for _t, size, _c in lines) + 12)
        box(surface, panel)
        y = panel.y + 16
        for text, size, colour in lines:
            surface.blit(ui.render(text, size, colour), (panel.x + 24, y))
            y += ui.text.line_height(size) + 4

    def _how_to_link(self) -> str:
        if self.ctx.livesplit_address is None and self.ctx.settings.livesplit_link == "one":
            if self._one_address is None or self._one_address[0] != self._one_key():
                self._one_address = self._one_key(), speedrun_link.one_address(self.ctx)
            # TRANSLATORS: LiveSplit One's own menu names (Settings, Server Connection, Connect) stay in English
            return _("In LiveSplit One: Settings › Server Connection › Connect, and type {address}. Compare against "
                     "Game Time, and import the splits the speedrun menu exports.").format(address=self._one_address[1])
        return _("In LiveSplit: Control › Start TCP Server (port 16834 by default), compare against Game Time, "
                 "and load the splits the speedrun menu exports.")

    def _one_key(self) -> tuple[bool, int, int]:
        """What LiveSplit One's address depends on (it is worked out again only when one changes)."""
        s = self.ctx.settings
        return s.livesplit_others, s.livesplit_port, id(self.ctx.livesplit)

    def _status_line(self, room: int) -> str:
        """The link's status in `room` pixels: a long host name gives up its middle, never the state."""
        for host_chars in (None, 48, 32, 20, 12):
            line = speedrun_link.status(self.ctx, host_chars)
            if self.ctx.ui.render(line, 24, WHITE).get_width() <= room:
                break
        return line


class FieldEditScene(Scene):
    """Edit one short text field with a pad (up/down picks a character) or by typing. `title` is
    marked N_() by the caller and translated as drawn."""

    name = "field_edit"

    def __init__(self, ctx: "Context", title: str, text: str, chars: str, done: Callable[[str], None],
                 max_len: int = MAX_FIELD) -> None:
        super().__init__(ctx)
        self.title, self.chars, self.done, self.max_len = title, chars, done, max_len
        self.text = list(text[:max_len]) or [chars[0]]
        self.cursor = len(self.text) - 1
        self.repeat = widgets.DirectionRepeat()

    def handle_event(self, event: pygame.event.Event) -> None:
        """The keyboard types (its letter keys are game buttons too, so they are read as text here)."""
        if event.type == pygame.TEXTINPUT:
            for ch in event.text.lower():
                if ch in self.chars and len(self.text) < self.max_len:
                    self.cursor += 1
                    self.text.insert(self.cursor, ch)
        elif event.type == pygame.KEYDOWN:
            keys: dict[int, Callable[[], None]] = {pygame.K_BACKSPACE: self._delete, pygame.K_LEFT: lambda: self._move(-1),
                    pygame.K_RIGHT: lambda: self._move(1), pygame.K_UP: lambda: self._spin(-1),
                    pygame.K_DOWN: lambda: self._spin(1), pygame.K_RETURN: lambda: self._finish(True),
                    pygame.K_KP_ENTER: lambda: self._finish(True)}
            action = keys.get(event.key)
            if action is not None:
                action()

    def _delete(self) -> None:
        if len(self.text) > 1:
            del self.text[self.cursor]
            self.cursor = max(0, self.cursor - 1)

    def _spin(self, step: int) -> None:
        ch = self.text[self.cursor]
        i = self.chars.find(ch)
        self.text[self.cursor] = self.chars[(i + step) % len(self.chars)]

    def _move(self, step: int) -> None:
        self.cursor += step
        if self.cursor >= len(self.text):
            if len(self.text) < self.max_len and step > 0:
                self.text.append(self.text[-1])     # grow: a copy of the last character to spin from
            self.cursor = len(self.text) - 1
        self.cursor = max(0, self.cursor)

    def _finish(self, keep: bool) -> None:
        self.ctx.sound("confirm" if keep else "back")
        self.ctx.stack.pop()
        if keep:
            self.done("".join(self.text))

    def update(self, commands: dict[int, Command]) -> None:
        inp = self.ctx.input
        if inp.escape_pressed():
            self._finish(False)
            return
        cmd = _pads_command(inp)
        dx, dy = self.repeat.step(cmd)
        if dy:
            self._spin(dy)
            self.ctx.sound("menu_move")
        elif dx:
            self._move(dx)
            self.ctx.sound("menu_move")
        if cmd.pressed & Button.X:
            self._delete()
        elif cmd.pressed & Button.A:
            self._finish(True)
        elif cmd.pressed & Button.B:
            self._finish(False)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.ctx.ui
        widgets.dim(surface, ui)
        w = surface.get_width()
        widgets.logo_text(surface, ui, _(self.title), 48, ui.colour("accent"), (w // 2, 170), outline=4)
        cell = 40
        total = len(self.text) * cell
        x0 = (w - total) // 2
        y = 300
        for i, ch in enumerate(self.text):
            rect = pygame.Rect(x0 + i * cell, y, cell - 4, 64)
            box(surface, rect, GOLD if i == self.cursor else EDGE)
            glyph = ui.render(ch, 36, WHITE)
            surface.blit(glyph, glyph.get_rect(center=rect.center))
            if i == self.cursor:
                for direction in (-1, 1):
                    tip = rect.top - 12 if direction < 0 else rect.bottom + 12
                    pygame.draw.polygon(surface, GOLD, [(rect.centerx - 10, tip - 6 * direction),
                                                        (rect.centerx + 10, tip - 6 * direction),
                                                        (rect.centerx, tip + 6 * direction)])
        note = ui.render(_("Up / Down: character   Left / Right: move   or type on a keyboard"), 22, DIM)
        surface.blit(note, note.get_rect(center=(w // 2, y + 130)))
        widgets.hints(surface, ui, [("A / Enter", N_("Keep")), ("X / Bksp", N_("Delete")), ("B / Esc", N_("Cancel"))])


def _pads_command(inp: InputManager) -> Command:
    """Every gamepad's command merged (keyboards type instead: see FieldEditScene.handle_event)."""
    dx = dy = 0
    pressed = held = Button.NONE
    for device in inp.devices():
        if device[0] != "pad":
            continue
        c = inp.device_command(device)
        dx, dy = dx or c.dx, dy or c.dy
        pressed |= c.pressed
        held |= c.held
    return Command(dx, dy, pressed, held)


registry.SPEEDRUN_SETTINGS.bind(SpeedrunSettingsScene)
