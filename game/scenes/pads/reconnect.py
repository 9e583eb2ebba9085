"""The "pad pulled out" overlay a game scene pushes when ctx.input.disconnected_seats() is not empty.

Nothing of the match is lost: the game is paused underneath (its pause() hook),
and the seat waits. Plugging the pad back in gives the seat back at once (the
input manager matches its GUID, or takes the only new pad while one seat
waits), with a toast; A on any other unseated pad takes the first waiting seat.
Handing a seat to a bot is a deliberate choice: its own menu row, A held for
a moment while the row is chosen. The resting row is "Wait", so a press of A
meant for the game never gives anyone's seat away. A bot takeover records the
seat in ctx.bot_takeovers (the game scene reads it) and calls the optional
on_bot(seat) callback. The overlay pops itself once no seat waits.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from game.core.scene import Scene
from game.match.seats import identities, seat_name
from game.text.i18n import N_, _
from game.match.commands import Button, Command
from game.render import widgets
from game.scenes.common import menu_command

if TYPE_CHECKING:
    from game.input.seating import DeviceId
    from game.core.context import Context

# The overlay appears mid-play, while people are pressing A for the game: for this long
# the menu ignores them.
MENU_GRACE_TICKS = 60
# Giving a seat to a bot: A held this long on that row (a ring of progress fills the row).
BOT_HOLD_TICKS = 60


def needs_reconnect(ctx: "Context") -> bool:
    """What a game scene checks each tick before pushing ReconnectScene (announcing re-plugged pads)."""
    announce_reclaims(ctx)
    return bool(ctx.input.disconnected_seats())


def announce_reclaims(ctx: "Context") -> None:
    """Seats a re-plugged pad took back by itself: the lobby's seat gets the new device, a toast says so."""
    for seat, device in ctx.input.take_reclaimed():
        _seat_device(ctx, seat, device)
        ctx.sound("confirm")
        ctx.toast(_("{name} is back").format(name=seat_name(ctx.seats, seat)))


def _seat_device(ctx: "Context", seat: int, device: DeviceId) -> None:
    for lobby_seat in ctx.seats:
        if lobby_seat.seat == seat:
            lobby_seat.device = device
            lobby_seat.device_name = ctx.input.device_name(device)


class ReconnectScene(Scene):
    name = "reconnect"
    opaque = False

    def __init__(self, ctx: "Context", on_bot: Callable[[int], None] | None = None) -> None:
        super().__init__(ctx)
        self.on_bot = on_bot
        self.closing = False
        self.ticks = 0
        self.hold = 0                  # ticks A has been held on a bot row
        self.armed = False             # that hold began with a fresh press after the grace
        self.menu = widgets.MenuList([], play=ctx.sound, row_height=70, width=680)
        self._rebuild()

    def waiting(self) -> list[int]:
        return self.ctx.input.disconnected_seats()

    def _rebuild(self) -> None:
        seats = self.waiting()
        items = [widgets.MenuItem(N_("Wait for the controller"))]
        items += [widgets.MenuItem(_("Hold A: a bot plays {name}").format(name=seat_name(self.ctx.seats, s))) for s in seats]
        if [i.label for i in items] != [i.label for i in self.menu.items]:
            self.menu.items = items
            self.menu.index = min(self.menu.index, len(items) - 1)
            self.hold, self.armed = 0, False

    def bot_seat(self) -> int | None:
        """The waiting seat of the chosen row, None on the "Wait" row."""
        seats = self.waiting()
        k = self.menu.index - 1
        return seats[k] if 0 <= k < len(seats) else None

    def reclaim(self, seat: int, device: DeviceId) -> None:
        self.ctx.input.reclaim(seat, device)
        _seat_device(self.ctx, seat, device)
        self.ctx.sound("confirm")
        self.ctx.toast(_("{name} is back").format(name=seat_name(self.ctx.seats, seat)))

    def replace_with_bot(self, seat: int) -> None:
        self.ctx.input.release(seat)
        for lobby_seat in self.ctx.seats:
            if lobby_seat.seat == seat:
                lobby_seat.kind, lobby_seat.device, lobby_seat.device_name = "bot", None, ""
        if seat not in self.ctx.bot_takeovers:
            self.ctx.bot_takeovers.append(seat)
        if self.on_bot is not None:
            self.on_bot(seat)
        self.ctx.toast(_("A bot plays {name} now").format(name=seat_name(self.ctx.seats, seat)))

    def update(self, commands: dict[int, Command]) -> None:
        announce_reclaims(self.ctx)
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
        directions = Button.UP | Button.DOWN | Button.LEFT | Button.RIGHT
        before = self.menu.index
        self.menu.update(Command(cmd.dx, cmd.dy, cmd.pressed & directions, cmd.held & directions))
        if self.menu.index != before:
            self.hold, self.armed = 0, False
        self._hold_a(commands)

    def _hold_a(self, commands: dict[int, Command]) -> None:
        """A held on a bot row fills its bar; let go early and nothing happens."""
        pressed = any(c.pressed & Button.A for c in commands.values())
        held = any(c.held & Button.A for c in commands.values())
        seat = self.bot_seat()
        if seat is None or not held:
            self.hold, self.armed = 0, False
            return
        if pressed and not self.armed:
            self.armed = True
        if not self.armed:
            return           # A held since before the overlay opened or the row was chosen
        self.hold += 1
        if self.hold >= BOT_HOLD_TICKS:
            self.hold, self.armed = 0, False
            self.replace_with_bot(seat)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.ctx.ui
        box = widgets.modal(surface, ui, (900, 330 + 70 * len(self.menu.items)))
        w = surface.get_width()
        seats = self.waiting()
        widgets.logo_text(surface, ui, _("CONTROLLER DISCONNECTED"), ui.size("large"), ui.colour("accent"),
                          (w // 2, box.y + 56), outline=3)
        x = w // 2 - 40 * (len(seats) - 1)
        for i, seat in enumerate(seats):
            widgets.seat_badge(surface, identities()[seat], (x + 80 * i, box.y + 122), 24)
        names = ", ".join(_("Seat {number} ({name})").format(number=s + 1, name=seat_name(self.ctx.seats, s)) for s in seats)
        widgets.blit_text(surface, ui, _("{seats}: the pad was disconnected.").format(seats=names), "body", "text",
                          center=(w // 2, box.y + 178))
        widgets.blit_text(surface, ui, _("Plug it back in: it takes its seat at once."), "small",
                          "accent_2", center=(w // 2, box.y + 220))
        widgets.blit_text(surface, ui, _("Or press A on another pad to take the seat. The game is paused."),
                          "small", "text_dim", center=(w // 2, box.y + 258))
        top = (w - self.menu.width) // 2, box.y + 290
        self.menu.draw(surface, ui, top)
        if self.hold:
            row = pygame.Rect(top[0], top[1] + self.menu.index * self.menu.row_height, self.menu.width, 8)
            row.y += self.menu.row_height - 24
            fill = row.copy()
            fill.w = round(row.w * min(1.0, self.hold / BOT_HOLD_TICKS))
            pygame.draw.rect(surface, ui.colour("text_dim"), row, border_radius=4)
            pygame.draw.rect(surface, ui.colour("accent"), fill, border_radius=4)
