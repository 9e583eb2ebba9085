"""The "pad pulled out" overlay a game scene pushes when ctx.input.disconnected_seats() is not empty.

Nothing of the match is lost: the game is paused underneath (its pause() hook),
and the seat waits. A on any unseated pad (the re-plugged one has a new id)
takes the first waiting seat; or someone picks "Replace with a bot", which
records the seat in ctx.bot_takeovers (the game scene reads it) and calls
the optional on_bot(seat) callback. The overlay pops itself once no seat waits.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from game.core.scene import Scene
from game.core.seats import identities
from game.input.commands import Button, Command
from game.render import widgets
from game.scenes.common import menu_command

if TYPE_CHECKING:
    from game.core.context import Context

# The overlay appears mid-play, while people are pressing A for the game: for this long
# the menu ignores them, so nobody's seat goes to a bot by a press meant for the game.
MENU_GRACE_TICKS = 60


def needs_reconnect(ctx: "Context") -> bool:
    """What a game scene checks each tick before pushing ReconnectScene."""
    return bool(ctx.input.disconnected_seats())


class ReconnectScene(Scene):
    name = "reconnect"
    opaque = False

    def __init__(self, ctx: "Context", on_bot: Callable[[int], None] | None = None) -> None:
        super().__init__(ctx)
        self.on_bot = on_bot
        self.closing = False
        self.ticks = 0
        self.menu = widgets.MenuList([], play=ctx.sound, row_height=70, width=620)
        self._rebuild()

    def waiting(self) -> list[int]:
        return self.ctx.input.disconnected_seats()

    def _rebuild(self) -> None:
        seats = self.waiting()
        items = [widgets.MenuItem(f"Replace {identities()[s].name} with a bot", lambda s=s: self.replace_with_bot(s))
                 for s in seats]
        if [i.label for i in items] != [i.label for i in self.menu.items]:
            self.menu.items = items or [widgets.MenuItem("Continue", enabled=False)]
            self.menu.index = min(self.menu.index, len(self.menu.items) - 1)

    def reclaim(self, seat: int, device: tuple) -> None:
        self.ctx.input.reclaim(seat, device)
        for lobby_seat in self.ctx.seats:
            if lobby_seat.seat == seat:
                lobby_seat.device = device
                lobby_seat.device_name = self.ctx.input.device_name(device)
        self.ctx.sound("confirm")
        self.ctx.toast(f"{identities()[seat].name} is back")

    def replace_with_bot(self, seat: int) -> None:
        self.ctx.input.release(seat)
        for lobby_seat in self.ctx.seats:
            if lobby_seat.seat == seat:
                lobby_seat.kind, lobby_seat.device, lobby_seat.device_name = "bot", None, ""
        if seat not in self.ctx.bot_takeovers:
            self.ctx.bot_takeovers.append(seat)
        if self.on_bot is not None:
            self.on_bot(seat)
        self.ctx.toast(f"A bot plays {identities()[seat].name} now")

    def update(self, commands: dict[int, Command]) -> None:
        waiting = self.waiting()
        if waiting:
            for device in self.ctx.input.unseated_presses(Button.A):
                if device[0] == "pad" and waiting:
                    self.reclaim(waiting.pop(0), device)
        if not self.waiting():
            if not self.closing:
                self.closing = True
                self.ctx.stack.pop()
            return
        self._rebuild()
        self.ticks += 1
        if self.ticks <= MENU_GRACE_TICKS:
            return
        cmd = menu_command(commands)
        seated_a = any(c.pressed & Button.A for s, c in commands.items() if s >= 0)
        directions = Button.UP | Button.DOWN | Button.LEFT | Button.RIGHT
        self.menu.update(Command(cmd.dx, cmd.dy, cmd.pressed & directions, cmd.held & directions))
        if seated_a:
            self.menu.update(Command(pressed=Button.A))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.ctx.ui
        widgets.dim(surface, ui, 200)
        w, h = surface.get_size()
        seats = self.waiting()
        box = pygame.Rect(0, 0, 900, 330 + 70 * len(self.menu.items))
        box.center = (w // 2, h // 2)
        widgets.panel(surface, ui, box, border="accent")
        widgets.logo_text(surface, ui, "CONTROLLER DISCONNECTED", ui.size("large"), ui.colour("accent"),
                          (w // 2, box.y + 56), outline=3)
        x = w // 2 - 40 * (len(seats) - 1)
        for i, seat in enumerate(seats):
            widgets.seat_badge(surface, identities()[seat], (x + 80 * i, box.y + 122), 24)
        names = ", ".join(f"Seat {s + 1} ({identities()[s].name})" for s in seats)
        widgets.blit_text(surface, ui, f"{names}: the pad was disconnected.", "body", "text",
                          center=(w // 2, box.y + 178))
        widgets.blit_text(surface, ui, "Reconnect it, or press A on any pad to take this seat.", "small",
                          "accent_2", center=(w // 2, box.y + 220))
        widgets.blit_text(surface, ui, "The game is paused: nothing is lost.", "small", "text_dim",
                          center=(w // 2, box.y + 258))
        self.menu.draw(surface, ui, ((w - self.menu.width) // 2, box.y + 290))
