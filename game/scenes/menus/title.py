"""The title screen: the logo, Play / Settings / Quit."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game import VERSION
from game.core.scene import Scene
from game.match.seats import identities
from game.text.i18n import N_
from game.match.commands import Button, Command
from game.render import widgets
from game.scenes import registry
from game.scenes.common import menu_command
from game.scenes.menus.career import CareerScene, career_stars, star as career_star
from game.render.palette import BLACK
from game.scenes.moment import Moment

if TYPE_CHECKING:
    from game.core.context import Context

MENU_TOP = 398     # under the seat badges; the last row ends well clear of the button hints
MENU_ROW = 40      # six rows (Career and Stats among them) end 24 px clear of the button hints
ATTRACT_AFTER_TICKS = 60 * 45  # 45 s untouched on the title starts the attract mode (if one is registered)
ANIMATION_TICKS = 4            # the logo and badges move 15 times a second: the title presents no more often


class TitleScene(Scene):
    name = "title"
    welcomes_new_pads = True

    def __init__(self, ctx: "Context") -> None:
        super().__init__(ctx)
        self.idle_ticks = 0
        self.moment: Moment | None = None     # made when the title comes back from a scene above it
        self.stars = career_stars()          # the career's badge: stars already judged this session
        self._stickers: dict[str, tuple[pygame.Surface, pygame.Surface]] = {}
        self.menu = widgets.MenuList([
            widgets.MenuItem(N_("Play"), self.play),
            widgets.MenuItem(N_("Career"), self.career),
            widgets.MenuItem(N_("Settings"), self.open_settings),
            widgets.MenuItem(N_("Speedrun"), self.speedrun),
            widgets.MenuItem(N_("Stats"), self.open_stats, key="stats"),
            widgets.MenuItem(N_("Quit"), self.quit),
        ], play=ctx.sound, row_height=MENU_ROW, width=420)

    def play(self) -> None:
        self.ctx.stack.push(registry.LOBBY(self.ctx))

    def quit(self) -> None:
        """After a match tonight, the evening's summary first (its own choice quits); else goodbye."""
        if self.ctx.evening.matches:
            from game.scenes.evening import EveningScene    # only on the way out: the title loads light
            self.ctx.stack.push(EveningScene(self.ctx, quitting=True))
        else:
            self.ctx.quit()

    def career(self) -> None:
        self.ctx.stack.push(CareerScene(self.ctx))

    def speedrun(self) -> None:
        self.ctx.stack.push(registry.SPEEDRUN_MENU(self.ctx))

    def open_stats(self) -> None:
        from game.scenes.menus.stats import StatsScene   # the records are read when asked for, not at start
        self.ctx.stack.push(StatsScene(self.ctx))

    def open_settings(self) -> None:
        self.ctx.stack.push(registry.SETTINGS(self.ctx))

    def exit(self) -> None:
        """Left for good (quit to the title makes a new one): its menu's rows call back into it, a
        cycle that, frozen by the collector's settle while the title lived, only a pass over every
        object frees (game/core/collector.py). An empty menu lets it go now."""
        self.menu = widgets.MenuList([])

    def resume(self) -> None:
        self.idle_ticks = 0
        # Back from the demo (or any scene above): the press that ended it is not a choice here; what is
        # held, or a stick still pushed, is heard again once let go (the README: any button just brings
        # the title back).
        self.moment = Moment(min_ticks=0)
        self.stars = career_stars()

    def start_attract(self) -> bool:
        """Attract mode: push the registered attract scene (bots playing a demo match).

        The bots issue registers it with registry.register_attract(factory);
        until then the title simply stays. Returns True if a demo started.
        """
        factory = registry.attract_factory()
        if factory is None:
            return False
        self.ctx.stack.push(factory(self.ctx))
        return True

    def update(self, commands: dict[int, Command]) -> None:
        raw = menu_command(commands)
        cmd = raw if self.moment is None else self.moment.hear(raw)
        if raw.pressed or raw.dx or raw.dy:
            self.idle_ticks = 0
        else:
            self.idle_ticks += 1
            if self.idle_ticks == ATTRACT_AFTER_TICKS:
                self.start_attract()
        if cmd.pressed & Button.B:
            # Back on the title does not quit by accident: it just jumps to "Quit".
            self.menu.index = len(self.menu.items) - 1
            self.ctx.sound("back")
            return
        self.menu.update(cmd)

    def toast_zone(self) -> pygame.Rect:
        """Above the logo: the menu stays readable."""
        return pygame.Rect(190, 4, 900, 66)

    def picture_key(self) -> tuple[object, ...]:
        """What the title's picture depends on (the loop presents only when it changes)."""
        return self.menu.index, self.ctx.tick // ANIMATION_TICKS, self.stars

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.ctx.ui
        w, h = surface.get_size()
        widgets.draw_background(surface, ui)
        t = self.ctx.tick // ANIMATION_TICKS * ANIMATION_TICKS
        bob = math.sin(t / 40) * 6
        # The logo: two stickers, slightly tilted, one per game.
        self._sticker(surface, "SOLD OUT!", ui.colour("accent"), (w // 2 - 150, int(140 + bob)), -4)
        self._sticker(surface, "CHECK OUT!", ui.colour("accent_2"), (w // 2 + 150, int(262 - bob)), 3)
        # The six seat badges, a row of players waiting to play.
        for i, identity in enumerate(identities()):
            x = w // 2 - 5 * 40 + i * 80
            y = 360 + int(math.sin(t / 18 + i) * 4)
            widgets.seat_badge(surface, identity, (x, y), 20)
        self.menu.draw(surface, ui, ((w - self.menu.width) // 2, MENU_TOP))
        widgets.blit_text(surface, ui, f"v{VERSION}", "small", "text_dim", bottomright=(w - 20, h - 14))
        if self.stars:
            self._badge(surface)
        widgets.hints(surface, ui, [("A / Enter", N_("Select")), ("Stick / Arrows", N_("Move"))])

    def _badge(self, surface: pygame.Surface) -> None:
        """The career's badge: a gold star and the stars won, a reward to come back to."""
        ui = self.ctx.ui
        box = pygame.Rect(24, 20, 150, 64)
        widgets.panel(surface, ui, box, border="accent_2")
        career_star(surface, ui, (box.left + 36, box.centery), 22, True)
        widgets.blit_text(surface, ui, str(self.stars), "large", "accent_2", midleft=(box.left + 70, box.centery))

    def _sticker(self, surface: pygame.Surface, text: str, colour: tuple[int, int, int],
                 center: tuple[int, int], angle: float) -> None:
        made = self._stickers.get(text)
        if made is None:   # rotating is slow: build each sticker once
            made = self._stickers[text] = self._make_sticker(text, colour, angle)
        turned, shadow = made
        surface.blit(shadow, shadow.get_rect(center=(center[0] + 8, center[1] + 12)))
        surface.blit(turned, turned.get_rect(center=center))

    def _make_sticker(self, text: str, colour: tuple[int, int, int],
                      angle: float) -> tuple[pygame.Surface, pygame.Surface]:
        ui = self.ctx.ui
        size = ui.size("title")
        face = ui.text.render(text, size, ui.colour("text"))
        pad_x, pad_y = 34, 14
        card = pygame.Surface((face.get_width() + 2 * pad_x, face.get_height() + 2 * pad_y), pygame.SRCALPHA)
        rect = card.get_rect()
        pygame.draw.rect(card, ui.colour("shadow"), rect, border_radius=26)
        pygame.draw.rect(card, colour, rect.inflate(-10, -10), border_radius=22)
        pygame.draw.rect(card, ui.colour("text"), rect.inflate(-22, -22), 4, border_radius=16)
        dark = ui.text.render(text, size, ui.colour("shadow"))
        card.blit(dark, (pad_x + 4, pad_y + 6))
        card.blit(face, (pad_x, pad_y + 2))
        turned = pygame.transform.rotozoom(card, angle, 1.0)
        shadow = pygame.transform.rotozoom(_silhouette(card), angle, 1.0)
        return turned, shadow


def _silhouette(card: pygame.Surface) -> pygame.Surface:
    mask = pygame.mask.from_surface(card)
    return mask.to_surface(setcolor=(*BLACK, 120), unsetcolor=(*BLACK, 0))


registry.TITLE.bind(TitleScene)
