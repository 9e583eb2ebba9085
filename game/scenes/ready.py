"""Ready, not turn: how a group says "we have read this" on a page everyone reads before play.

Every seated person's A (or Right) says "I have read this" and ticks their badge at the page's
foot; the page moves on when all of them are ready. A press counts only once the page has been
up READY_AFTER_TICKS, so a thumb still mashing A from the screen before, or four players each
pressing A once "to be ready", never skips a page nobody saw. Bots are always ready: only the
seated are asked. With nobody seated, anyone's A is everyone's. START stays the page's own (the
screens using a ReadyGate let it skip).

Used by the how-to cards (game/scenes/menus/howto.py), the career's challenge card and Memory's
study (the mall holds back an A pressed before the study has been up this long).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

import pygame

from game.match.commands import IDLE, Button, Command
from game.match.seats import identities as seat_identities
from game.render import widgets
from game.render.icons import seat_shape_surface
from game.render.palette import PANEL_DARK, WHITE

if TYPE_CHECKING:
    from game.core.context import Context
    from game.render.ui import UI

READY_AFTER_TICKS = 45    # 0.75 s: a page is up this long before a ready counts
BADGE = 34                # px: a person's shape at the page's foot, ticked when ready
READY = Button.A | Button.RIGHT


def seated_people(ctx: "Context") -> tuple[int, ...]:
    """Who is asked: the seated people with their controller in (a bot has no device)."""
    lost = set(ctx.input.disconnected_seats())
    return tuple(sorted(seat for seat in ctx.input.seated() if seat not in lost))


class ReadyGate:
    """Each person's ready on one page; `age` is how long the page has been up, in ticks."""

    def __init__(self, people: Iterable[int]) -> None:
        self.people = tuple(people)
        self.ready: set[int] = set()
        self.age = 0

    @property
    def open(self) -> bool:
        """The page has been up long enough for a ready to count."""
        return self.age >= READY_AFTER_TICKS

    @property
    def all_ready(self) -> bool:
        return self.ready >= (set(self.people) or {-1})

    def seat(self, seat: int) -> None:
        """A person sits down on this page (a team-mate joining): asked too, not ready yet."""
        if seat not in self.people:
            self.people = tuple(sorted((*self.people, seat)))

    def new_page(self) -> None:
        """A new page for everyone: nobody is ready on it yet, and it must be read first."""
        self.ready.clear()
        self.age = 0

    def hear(self, commands: dict[int, Command], anyone: Command) -> bool:
        """One tick of presses (`anyone`: the menu's merged command, for nobody seated); True if
        somebody became ready this tick."""
        self.age += 1
        if not self.open:
            return False
        if not self.people:
            newly = {-1} if anyone.pressed & READY else set()
        else:
            newly = {seat for seat in self.people if commands.get(seat, IDLE).pressed & READY}
        if not newly - self.ready:
            return False
        self.ready |= newly
        return True

    def draw(self, surface: pygame.Surface, ui: "UI", right: int, centery: int, rule: str) -> pygame.Rect:
        """Each person's shape in their colour, ticked once ready, ending at `right`, and the rule
        everybody sees (`rule`, already in the player's language) to their left; the rect drawn."""
        ids = seat_identities()
        x = right - len(self.people) * (BADGE + 10)
        drawn = widgets.blit_text(surface, ui, rule, "small", "text_dim", midright=(x - 6, centery))
        for seat in self.people:
            ident = ids[seat % len(ids)]
            badge = seat_shape_surface(ident.shape, ident.hex, BADGE)
            rect = surface.blit(badge, badge.get_rect(midleft=(x + 10, centery)))
            if seat in self.ready:
                tick = [(rect.x + 6, rect.centery), (rect.centerx - 2, rect.bottom - 6), (rect.right - 4, rect.y + 4)]
                pygame.draw.lines(surface, PANEL_DARK, False, tick, 9)
                pygame.draw.lines(surface, WHITE, False, tick, 5)
            drawn = drawn.union(rect)
            x += BADGE + 10
        return drawn

    def draw_centred(self, surface: pygame.Surface, ui: "UI", centre: tuple[int, int], rule: str) -> pygame.Rect:
        """As draw, the rule and the badges together centred on `centre`."""
        rule_w = ui.render(rule, "small", "text_dim").get_width()
        badges_w = len(self.people) * (BADGE + 10)
        right = centre[0] + (rule_w + 6 + badges_w) // 2
        return self.draw(surface, ui, right, centre[1], rule)

