"""Big moments over the dice table: 3-2-1-GO, the last player's countdown, the
round's results, the secret bids and their reveal."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Callable

import pygame

from game.text import i18n
from game.text.i18n import _, ngettext
from game.render.icons import INK
from game.render.tabletop import category_icon, token_surface
from game.render.palette import GOLD, GOLD_TEXT, LAVENDER, OPAQUE_BOX, SALE_RED, WHITE
from game.rules.checkout import BIDDING, ROUND_END
from game.scenes.table.layout import BARGAIN_ROW, PRODUCTS
from game.scenes.table.paint import DIM, GREEN, RED_TEXT, TableKeys, Texts, blit_badge
from game.sim.table import COUNTDOWN, PLAYING, REVEAL

if TYPE_CHECKING:
    from game.match.seats import SeatIdentity
    from game.sim.table_face import TableForOverlay


BONUS_BANNER = 150   # ticks the "takes the BONUS" banner stays up


BIG_PX = 150      # the countdown's numbers, landed
BIG_ZOOM = 40     # how much bigger they come in


class Overlays:
    def __init__(self, sim: "TableForOverlay", identities: list["SeatIdentity"], texts: Texts, keys: TableKeys) -> None:
        self.sim = sim
        self.ids = identities
        self.texts = texts
        self.keys = keys

    def draw(self, surface: pygame.Surface, tick: int) -> None:
        sim = self.sim
        phase = sim.phase
        if phase == COUNTDOWN:
            left = sim.countdown_left()
            self._big(surface, str((left + 59) // 60), GOLD_TEXT, 1.0 - (left % 60) / 60)
        elif sim.phase in PLAYING and 0 <= tick - sim.countdown_end < sim.tuning.go_flash:
            self._big(surface, _("GO!"), GREEN, 1.0)
        elif phase == ROUND_END:
            self._round_results(surface)
        elif phase == BIDDING:
            self._bids(surface, revealed=False)
        elif phase == REVEAL:
            self._bids(surface, revealed=True)
        last = sim.last_player()
        if last is not None and phase in PLAYING:
            self._last(surface, *last)
        if sim.bonus_grab is not None and tick - sim.bonus_grab[2] < BONUS_BANNER:
            self._bonus(surface, *sim.bonus_grab)

    def warm(self) -> list[Callable[[], object]]:
        """Renders of the big texts the next moments show (the countdown's numbers as they land
        and zoom, GO!, this round's results title): ahead, each cost its first frame 1-2 ms."""
        big = [(str(n), GOLD_TEXT) for n in (3, 2, 1)] + [(_("GO!"), GREEN)]
        out: list[Callable[[], object]] = [partial(self.texts.get, text, px, colour, 8)
                                           for text, colour in big for px in (BIG_PX, BIG_PX + BIG_ZOOM)]
        title = _("ROUND {number} RESULTS").format(number=self.sim.round_number())
        out.append(partial(self.texts.get, title, 40, GOLD_TEXT, 3))
        return out

    def _bonus(self, surface: pygame.Surface, seat: int, tokens: int, when: int) -> None:
        band = pygame.Rect(0, 0, PRODUCTS.w - 120, 70)
        band.center = BARGAIN_ROW.center      # the board is free in the bonus round: the cards stay seen
        pygame.draw.rect(surface, INK, band, border_radius=16)
        pygame.draw.rect(surface, GOLD_TEXT, band, 4, border_radius=16)
        blit_badge(surface, self.ids[seat], (band.x + 38, band.centery), 20)
        self.texts.blit(surface, ngettext("{name} takes {n} BONUS token!", "{name} takes {n} BONUS tokens!", tokens,
                                         name=self.sim.seats[seat].name), 34, GOLD_TEXT, 3,
                        max_width=band.w - 90, midleft=(band.x + 70, band.centery))

    def _big(self, surface: pygame.Surface, text: str, colour: tuple[int, int, int], t: float) -> None:
        """3-2-1-GO: each count lands from a little bigger. The landed text is rendered at its
        size; the zoom before it scales one rendering down (rendering at each of forty sizes cost
        a font and a render, about 3 ms, every frame of the zoom)."""
        size = BIG_PX + round(BIG_ZOOM * max(0.0, 1.0 - t * 2))
        if size == BIG_PX:
            self.texts.blit(surface, text, size, colour, 8, center=PRODUCTS.center)
            return
        biggest = self.texts.get(text, BIG_PX + BIG_ZOOM, colour, 8)
        w, h = biggest.get_size()
        scale = size / (BIG_PX + BIG_ZOOM)
        image = pygame.transform.smoothscale(biggest, (round(w * scale), round(h * scale)))
        surface.blit(image, image.get_rect(center=PRODUCTS.center))

    def _last(self, surface: pygame.Surface, seat: int, left: int) -> None:
        band = pygame.Rect(0, 0, PRODUCTS.w - 80, 64)
        band.midtop = (PRODUCTS.centerx, PRODUCTS.y + 6)
        pygame.draw.rect(surface, INK, band, border_radius=14)
        pygame.draw.rect(surface, SALE_RED, band, 4, border_radius=14)
        blit_badge(surface, self.ids[seat], (band.x + 34, band.centery), 18)
        name = self.sim.seats[seat].name
        self.texts.blit(surface, _("{name} is the last with dice: no more rolls!").format(name=name), 26, WHITE, 2,
                        max_width=band.w - 150, midleft=(band.x + 62, band.centery))
        secs = (left + 59) // 60
        self.texts.blit(surface, str(secs), 52, RED_TEXT, 3, midright=(band.right - 18, band.centery))

    def _panel(self, surface: pygame.Surface, title: str, rows: int) -> pygame.Rect:
        box = pygame.Rect(0, 0, PRODUCTS.w - 20, min(PRODUCTS.h + 60, 86 + rows * 50))
        box.center = PRODUCTS.center
        pygame.draw.rect(surface, OPAQUE_BOX, box, border_radius=16)   # opaque: no card name shows through
        pygame.draw.rect(surface, GOLD, box, 4, border_radius=16)
        self.texts.blit(surface, title, 40, GOLD_TEXT, 3, midtop=(box.centerx, box.y + 10))
        return box

    def _round_results(self, surface: pygame.Surface) -> None:
        sim = self.sim
        gains = sim.rounds[-1] if sim.rounds else sim.round_gains
        box = self._panel(surface, _("ROUND {number} RESULTS").format(number=sim.round_number()), sim.n)
        products = sim.catalogue.products
        bargains = sim.catalogue.bargains
        for seat in range(sim.n):
            y = box.y + 80 + seat * 50
            ident = self.ids[seat]
            blit_badge(surface, ident, (box.x + 30, y), 14)
            self.texts.blit(surface, sim.seats[seat].name, 26, WHITE, 2, max_width=90, midleft=(box.x + 52, y))
            x = box.x + 150
            got = gains[seat]
            for pid in got["products"]:
                p = products[pid]
                surface.blit(category_icon(p.category, 30), (x, y - 15))
                r = self.texts.blit(surface, f"{p.stars}", 24, GOLD_TEXT, 2, midleft=(x + 30, y))
                x = r.right + 8
            for bid in got["bargains"]:
                r = self.texts.blit(surface, f"{_(bargains[bid].name)} {bargains[bid].stars}", 22,
                                    LAVENDER, 2, midleft=(x, y))
                x = r.right + 10
            if got["tokens"]:
                surface.blit(token_surface(26), (x, y - 13))
                x += 28
                self.texts.blit(surface, f"+{got['tokens']}", 24, GOLD_TEXT, 2, midleft=(x, y))
            if not (got["products"] or got["bargains"] or got["tokens"]):
                self.texts.blit(surface, _("nothing this round"), 22, DIM, 2, midleft=(x, y))
            if sim.seats[seat].ready:
                self.texts.blit(surface, _("READY"), 24, GREEN, 2, midright=(box.right - 18, y))
            elif self.keys.of(seat):    # the key this seat presses when ready (a bot presses none)
                cap = self.keys.caps("A", 24, DIM, seat)
                surface.blit(cap, cap.get_rect(midright=(box.right - 18, y)))

    def _bids(self, surface: pygame.Surface, revealed: bool) -> None:
        sim = self.sim
        title = _("BIDS REVEALED") if revealed else _("BONUS ROUND: SECRET BIDS")
        box = self._panel(surface, title, sim.n + 1)
        if not revealed:
            rules = self.keys.caps(_("Each token buys one die. Up/down chooses 0-5, hold Y to peek, A locks."), 22,
                                   DIM, width=box.w - 48)
            surface.blit(rules, rules.get_rect(midtop=(box.centerx, box.y + 46)))   # the seats' rows start under it
            self.texts.blit(surface, i18n.seconds(sim.turn_left() // 60), 26, DIM, 2,
                            topright=(box.right - 16, box.y + 14))
        for seat in range(sim.n):
            y = box.y + 110 + seat * 46
            blit_badge(surface, self.ids[seat], (box.x + 60, y), 14)
            self.texts.blit(surface, sim.seats[seat].name, 26, WHITE, 2, midleft=(box.x + 84, y))
            if not revealed:
                tokens = sim.tokens(seat)
                self.texts.blit(surface, ngettext("has {n} token", "has {n} tokens", tokens), 22, DIM, 2, midleft=(box.x + 230, y))
            if revealed and sim.revealed is not None:
                bid = sim.revealed[seat]
                text, colour = (ngettext("{n} die", "{n} dice", bid), GOLD_TEXT) if bid else (_("sits out"), DIM)
                self.texts.blit(surface, text, 34, colour, 3, midright=(box.right - 30, y))
            elif sim.bid_made(seat):
                self.texts.blit(surface, _("READY"), 30, GREEN, 2, midright=(box.right - 30, y))
            else:
                self.texts.blit(surface, _("choosing..."), 26, DIM, 2, midright=(box.right - 30, y))
