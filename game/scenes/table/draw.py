"""The middle of the dice table: products with everyone's cursors, races, the
solo player's dice, the checkout board (queue spaces, bargains) and the checkout
itself with the buyer's promo prices lit."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Callable

import pygame

from game.text import i18n
from game.text.i18n import _, ngettext
from game.render.icons import INK
from game.render.tabletop import (bargain_surface, die_surface, product_surface, token_surface,
                                  tumbling_die_surface)
from game.render.palette import (BOARD_FILL, FELT, FELT_EDGE, GOLD_TEXT, LAVENDER, PURPLE, QUEUE_EDGE, QUEUE_FILL,
                                 QUEUE_NUMBER, SALE_RED, SHADOW, WHITE)
from game.rules.checkout import BONUS_SOLO, CHECKOUT
from game.scenes.table.layout import (BARGAIN_ROW, BOARD, PRODUCTS, QUEUE_ROW, card_rects, queue_spaces,
                                      solo_rects)
from game.scenes.table.paint import DIM, TUMBLE_STEP, TableKeys, Texts, blank_die, blit_badge, rounded_veil
from game.scenes.table.hud import DIE
from game.sim.table import REVEAL
from game.sim.table_turns import bargain_places
from game.sim.table_cursor import grid

Job = Callable[[], object]     # art rendered ahead, a little each frame

if TYPE_CHECKING:
    from game.match.seats import SeatIdentity
    from game.sim.table_face import TableForMap

CARDS_AREA = PRODUCTS.inflate(0, 24)   # the felt and its rim: cards, and the badges on their edges

BURST_TICKS = 16      # how long a grab's ring bursts out of the card
NUMBER_AT = (6, 3)    # a queue space's number: its top left in the space

# Where each seat's badge sits on a card it points at: six corners/edges, one per seat.
# Where a cursor's shape sits on its ring (fractions of the ring's width and height): each seat's
# own corner first, then the other corners, the sides' middles and quarters.
BADGE_SPOTS = ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0), (0.0, 0.5), (1.0, 0.5), (0.5, 0.0), (0.5, 1.0),
               (0.25, 0.0), (0.75, 0.0), (0.25, 1.0), (0.75, 1.0), (0.0, 0.25), (1.0, 0.25), (0.0, 0.75), (1.0, 0.75))
CURSOR_BADGE = 15     # a cursor's shape: its radius in px


def cursor_badges(rings: list[tuple[int, pygame.Rect]], radius: int) -> list[tuple[int, int]]:
    """Where each cursor's shape goes on its ring: its seat's spot when free, else the first spot
    on the ring where it covers no shape placed before it (else the spot that covers least)."""
    placed: list[pygame.Rect] = []
    out: list[tuple[int, int]] = []
    side = 2 * radius + 6          # the shape with its outline, and a hair between two
    for seat, ring in rings:
        first = seat % 6
        order = [BADGE_SPOTS[first], *(spot for i, spot in enumerate(BADGE_SPOTS) if i != first)]
        boxes = [pygame.Rect(round(ring.x + fx * ring.w) - side // 2, round(ring.y + fy * ring.h) - side // 2, side, side)
                 for fx, fy in order]
        covers = [sum(box.clip(other).w * box.clip(other).h for other in placed) for box in boxes]
        box = boxes[covers.index(min(covers))]      # the first free spot in the seat's order
        placed.append(box)
        out.append(box.center)
    return out


class TableView:
    """Draws the centre of the table and the checkout board for one TableSim."""

    def __init__(self, sim: "TableForMap", identities: list["SeatIdentity"], texts: Texts, keys: TableKeys) -> None:
        self.sim = sim
        self.ids = identities
        self.texts = texts
        self.keys = keys
        self._fit_tick = -1
        self._fit: list[list[str]] = []
        self._fit_key: tuple[object, ...] = ()
        self.static: pygame.Surface | None = None          # the scene's static layer, set once built
        self._cards: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._fitted: tuple[tuple[object, ...], pygame.Surface] | None = None   # the cards with the fits' badges
        self._row: tuple[tuple[object, ...], pygame.Surface] | None = None
        self.flashes: dict[str, tuple[int, int]] = {}       # product -> (grabber, tick): the grab's burst

    def drop_kept(self) -> None:
        """Let the static layer and the cards kept on pieces of it go (the scene is left)."""
        self.static = None
        self._cards = self._fitted = self._row = None

    def _static(self) -> pygame.Surface:
        """The scene's static layer (the board's background is cut from it)."""
        if self.static is None:
            raise RuntimeError("the static layer is drawn first")
        return self.static

    def _space(self, seat: int) -> int:
        """The queue space of a seat in the queue."""
        space = self.sim.queue_space(seat)
        if space is None:
            raise ValueError(f"seat {seat} is not in the queue")
        return space

    # ------------------------------------------------------------------ static
    def draw_frames(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, SHADOW, PRODUCTS.inflate(8, 8).move(0, 5), border_radius=20)
        pygame.draw.rect(surface, FELT, PRODUCTS.inflate(8, 8), border_radius=20)
        pygame.draw.rect(surface, FELT_EDGE, PRODUCTS.inflate(8, 8), 4, border_radius=20)
        pygame.draw.rect(surface, SHADOW, BOARD.move(0, 5), border_radius=18)
        pygame.draw.rect(surface, BOARD_FILL, BOARD, border_radius=18)
        pygame.draw.rect(surface, PURPLE, BOARD, 4, border_radius=18)
        self.texts.blit(surface, _("CHECKOUT"), 28, LAVENDER, 2, midleft=(BOARD.x + 18, BOARD.y + 20))
        self.texts.blit(surface, _("queue: first to join buys first"), 22, DIM, 2,
                        midright=(BOARD.right - 18, BOARD.y + 20))
        for i, rect in enumerate(queue_spaces(self.sim.n)):
            pygame.draw.rect(surface, QUEUE_FILL, rect, border_radius=10)
            pygame.draw.rect(surface, QUEUE_EDGE, rect, 2, border_radius=10)
            self.texts.blit(surface, f"{self.sim.n - i}", 22, QUEUE_NUMBER, 2,
                            topleft=(rect.x + NUMBER_AT[0], rect.y + NUMBER_AT[1]))

    # ------------------------------------------------------------------ art to render ahead
    def warm_cards(self) -> list[Job]:
        """Every product on the table at its size, free and taken by each seat."""
        sim = self.sim
        table = sim.table_products()
        if not table or sim.rules_phase == CHECKOUT:
            return []
        places = sim.places()
        rects = solo_rects(places, len(table), PRODUCTS) if sim.rules_phase == BONUS_SOLO \
            else card_rects(places, PRODUCTS)
        owners = [(i.hex, i.shape) for i in self.ids]
        taken: list[Job] = []
        free: list[Job] = []     # last, so taken first from the queue's end: a deal shows them at once
        for pid, rect in zip(table, rects):
            p = sim.catalogue.products[pid]
            free.append(partial(product_surface, p.name, p.category, p.faces, p.stars, rect.size, None))
            for owner in owners:
                taken.append(partial(product_surface, p.name, p.category, p.faces, p.stars, rect.size, owner))
        return taken + free

    def warm_next_cards(self) -> list[Job]:
        """The next round's products, free, at the size they will be dealt: the round's first
        frame then composes cards from the cache instead of drawing a dozen at once.
        Reads the top of the deck for drawing ahead only; nothing of it is shown."""
        upcoming = self.sim.next_deal_unseen()
        if not upcoming:
            return []
        rects = card_rects(grid(len(upcoming), 0), PRODUCTS)
        products = self.sim.catalogue.products
        return [partial(product_surface, p.name, p.category, p.faces, p.stars, rect.size)
                for p, rect in ((products[pid], rect) for pid, rect in zip(upcoming, rects))]

    def warm_bargains(self) -> list[Job]:
        """Every bargain of the round's display as the board row shows it, and as checkout shows
        it (promo lit and not) at each size the display can shrink to while bargains are bought."""
        display = self.sim.display()
        if not display:
            return []
        bargains = self.sim.catalogue.bargains
        area = pygame.Rect(0, 0, BARGAIN_ROW.w, BARGAIN_ROW.h)
        shapes = {(bid, rect.size, False)
                  for bid, rect in zip(display, card_rects(bargain_places(len(display)), area, max_w=124))}
        for n in range(1, len(display) + 1):
            size = self._checkout_rects(n)[0].size
            shapes.update((bid, size, active) for bid in display for active in (False, True)
                          if not active or bargains[bid].promo_price is not None)
        jobs: list[Job] = []
        for bid, size, active in sorted(shapes):
            b = bargains[bid]
            jobs.append(partial(bargain_surface, b.name, b.price, b.promo_price, b.condition, b.stars, size, active))
        return jobs

    def warm_dice(self) -> list[Job]:
        """Each seat's dice: every face, still and at every tumble angle."""
        jobs: list[Job] = []
        for ident in self.ids:
            for face in range(1, 7):
                jobs.append(partial(die_surface, face, DIE, ident.hex, ident.shape))
                for step in range(24):
                    jobs.append(partial(tumbling_die_surface, face, DIE, ident.hex, step * TUMBLE_STEP, ident.shape))
        return jobs

    # ------------------------------------------------------------------ products
    def draw_centre(self, surface: pygame.Surface, tick: int) -> None:
        sim = self.sim
        if sim.rules_phase == CHECKOUT:
            self._checkout_centre(surface, tick)
            return
        table = sim.table_spots()
        if not table:
            return
        places = sim.places()
        if sim.rules_phase == BONUS_SOLO:
            rects = solo_rects(places, len(table), PRODUCTS)
        else:
            rects = card_rects(places, PRODUCTS)
        self._update_fits()
        key = (sim.rules_phase, tuple(table))
        if self._cards is None or self._cards[0] != key:
            self._cards = (key, self._compose_cards(table, rects))
        # Who could grab what changes with every landed roll: the badges go on a copy of the
        # kept cards (a copy and a few badges, where drawing the cards again took 1-2.5 ms).
        fitted = (key, self._fit_key)
        if self._fitted is None or self._fitted[0] != fitted:
            out = self._cards[1]
            if any(self._fit):
                out = out.copy()
                self._fits(out, [r.move(-CARDS_AREA.x, -CARDS_AREA.y) for r in rects])
            self._fitted = (fitted, out)
        surface.blit(self._fitted[1], CARDS_AREA)
        if sim.phase == REVEAL:
            return                     # the bids are the news: no cursors over them
        self._cursors(surface, rects, tick)
        self._bursts(surface, rects, tick)
        self._races(surface, rects, tick)
        if sim.rules_phase == BONUS_SOLO:
            self._solo_dice(surface, rects[len(table):])

    def _update_fits(self) -> None:
        sim = self.sim
        if self._fit_tick != sim.tick:   # the engine's answer only changes from tick to tick
            self._fit_tick = sim.tick
            self._fit = [sim.fitting(seat) for seat in range(sim.n)]
            self._fit_key = tuple(tuple(f) for f in self._fit)

    def _compose_cards(self, table: list[tuple[str, int | None]], rects: list[pygame.Rect]) -> pygame.Surface:
        """The cards on a copy of the table top: one opaque blit a frame (with who could grab
        each: draw_centre), redrawn only when a card changes."""
        out = self._static().subsurface(CARDS_AREA).copy()
        shifted = [r.move(-CARDS_AREA.x, -CARDS_AREA.y) for r in rects]
        products = self.sim.catalogue.products
        for (pid, holder), rect in zip(table, shifted):
            p = products[pid]
            taken = None
            if holder is not None:
                ident = self.ids[holder]
                taken = (ident.hex, ident.shape)
            out.blit(product_surface(p.name, p.category, p.faces, p.stars, rect.size, taken), rect)
        return out

    def _fits(self, surface: pygame.Surface, rects: list[pygame.Rect]) -> None:
        """A small badge of every seat whose landed dice could grab the product now."""
        sim = self.sim
        index = {pid: i for i, pid in enumerate(sim.table_products())}
        for seat in range(sim.n):
            for pid in self._fit[seat]:
                rect = rects[index[pid]]
                step = min(24, (rect.w - 24) // max(1, sim.n - 1))
                x = rect.x + 12 + seat * step
                blit_badge(surface, self.ids[seat], (x, rect.bottom - 2), 10)   # on the rim, clear of the stars

    def _cursors(self, surface: pygame.Surface, rects: list[pygame.Rect], tick: int) -> None:
        """Each cursor: a ring in its seat's colour round its card (rings on one card nest) and
        its shape on the ring, at the first spot no other cursor's shape covers (its own corner
        first), so shapes on one card or on neighbouring cards never hide each other."""
        sim = self.sim
        on_card: dict[int, int] = {}
        rings: list[tuple[int, pygame.Rect]] = []
        for seat in range(sim.n):
            if sim.rules_phase == BONUS_SOLO:
                if seat != sim.solo_seat:
                    continue
            elif not sim.public_seat(seat).holding:
                continue
            index = min(sim.seats[seat].cursor, len(rects) - 1)
            k = on_card.get(index, 0)
            on_card[index] = k + 1
            ring = rects[index].inflate(10 + 10 * k, 10 + 10 * k)
            rings.append((seat, ring))
            pygame.draw.rect(surface, INK, ring.inflate(4, 4), 8, border_radius=14)
            pygame.draw.rect(surface, self.ids[seat].colour, ring, 5, border_radius=12)
        for (seat, _ring), centre in zip(rings, cursor_badges(rings, CURSOR_BADGE)):
            blit_badge(surface, self.ids[seat], centre, CURSOR_BADGE)

    def _bursts(self, surface: pygame.Surface, rects: list[pygame.Rect], tick: int) -> None:
        """A ring in the grabber's colour bursting out of a card just taken."""
        if not self.flashes:
            return
        index = {pid: i for i, pid in enumerate(self.sim.table_products())}
        for pid, (seat, when) in list(self.flashes.items()):
            age = tick - when
            if age >= BURST_TICKS or pid not in index:
                del self.flashes[pid]
                continue
            grow = 6 + age * 3
            ring = rects[index[pid]].inflate(grow, grow)
            pygame.draw.rect(surface, self.ids[seat].colour, ring, max(1, 6 - age // 3), border_radius=14)

    def _races(self, surface: pygame.Surface, rects: list[pygame.Rect], tick: int) -> None:
        sim = self.sim
        index = {pid: i for i, pid in enumerate(sim.table_products())}
        for race in sim.races.values():
            if tick - race.tick >= sim.tuning.race_flash or race.product not in index:
                continue
            rect = rects[index[race.product]]
            band = pygame.Rect(rect.x - 6, rect.y - 10, rect.w + 12, 60)   # over the name: the dice stay seen
            pygame.draw.rect(surface, INK, band, border_radius=10)
            pygame.draw.rect(surface, self.ids[race.winner].colour, band, 4, border_radius=10)
            self.texts.blit(surface, _("RACE!"), 24, SALE_RED, 2, midtop=(band.centerx, band.y + 2))
            blit_badge(surface, self.ids[race.winner], (band.x + 22, band.bottom - 17), 10)
            self.texts.blit(surface, _("{name} first").format(name=sim.seats[race.winner].name), 22, WHITE, 2,
                            max_width=band.w - 44, midleft=(band.x + 36, band.bottom - 16))

    def _solo_dice(self, surface: pygame.Surface, rects: list[pygame.Rect]) -> None:
        sim = self.sim
        seat = sim.solo_seat
        if seat is None:
            return                 # drawn only in a bonus round with one bidder
        ident = self.ids[seat]
        for face, rect in zip(sim.public_seat(seat).hand, rects):
            if face:
                surface.blit(die_surface(face, rect.w, ident.hex, ident.shape), rect)
            else:
                surface.blit(blank_die(rect.w, ident.colour, "?"), rect)
        if rects and self.keys.of(seat):     # the solo player's own keys (a bot presses none)
            for text, dy in ((_("A: up  B: down"), -16), (_("X on a card: take"), 16)):
                hint = self.keys.caps(text, 22, DIM, seat)
                surface.blit(hint, hint.get_rect(midright=(rects[0].x - 14, rects[0].centery + dy)))

    # ------------------------------------------------------------------ checkout
    def _checkout_centre(self, surface: pygame.Surface, tick: int) -> None:
        sim = self.sim
        buyer = sim.buyer()
        display = sim.display()
        area = PRODUCTS.inflate(-20, -20)
        if buyer is not None:
            ident = self.ids[buyer]
            blit_badge(surface, ident, (area.x + 22, area.y + 20), 14)
            waiting = sim.checkout_seat() is None
            queued = sim.public_seat(buyer).queued
            text = ngettext("{name}: {n} die to spend", "{name}: {n} dice to spend", queued, name=sim.seats[buyer].name)
            self.texts.blit(surface, text, 30, GOLD_TEXT if not waiting else DIM, 2,
                            midleft=(area.x + 44, area.y + 20))
            if not waiting:
                left = sim.turn_left() // 60
                self.texts.blit(surface, i18n.seconds(left), 26, DIM, 2, midright=(area.right - 6, area.y + 20))
        if not display:
            self.texts.blit(surface, _("No bargains left"), 36, DIM, 2, center=area.center)
            return
        rects = self._checkout_rects(len(display))
        bargains = sim.catalogue.bargains
        for bid, rect in zip(display, rects):
            b = bargains[bid]
            active = buyer is not None and sim.promo_applies(buyer, bid)
            dim = buyer is not None and sim.price(buyer, bid) > sim.public_seat(buyer).queued
            surface.blit(bargain_surface(b.name, b.price, b.promo_price, b.condition, b.stars, rect.size,
                                         active), rect)
            if dim:
                surface.blit(rounded_veil(rect.size, 130), rect)
        if buyer is not None and sim.checkout_seat() is not None:
            rect = rects[min(sim.seats[buyer].bargain, len(rects) - 1)]
            ring = rect.inflate(12, 12)
            pygame.draw.rect(surface, INK, ring.inflate(4, 4), 8, border_radius=14)
            pygame.draw.rect(surface, self.ids[buyer].colour, ring, 5, border_radius=12)
            blit_badge(surface, self.ids[buyer], ring.topleft, 15)

    @staticmethod
    def _checkout_rects(count: int) -> list[pygame.Rect]:
        """Where checkout lays out a display of count bargains."""
        area = PRODUCTS.inflate(-20, -20)
        cards = pygame.Rect(area.x, area.y + 44, area.w, area.h - 44)
        return card_rects(bargain_places(count), cards, max_w=176)

    # ------------------------------------------------------------------ the board
    def draw_board(self, surface: pygame.Surface, tick: int) -> None:
        sim = self.sim
        spaces = queue_spaces(sim.n)
        buyer = sim.buyer()
        for seat in sim.queue():
            rect = spaces[self._space(seat)]
            ident = self.ids[seat]
            if seat == buyer:
                pygame.draw.rect(surface, ident.colour, rect.inflate(6, 6), 4, border_radius=12)
            blit_badge(surface, ident, (rect.x + 40, rect.centery + 2), 13)
            player = sim.public_seat(seat)
            dice = player.queued
            size = 24
            x = rect.x + 60
            for i in range(min(dice, 5)):
                surface.blit(blank_die(size, ident.colour), (x + i * 15, rect.centery - size // 2))
            if dice == 0:
                self.texts.blit(surface, _("done") if player.spent else "0", 22, DIM, 2,
                                midleft=(x, rect.centery))
        if sim.rules_phase != CHECKOUT:
            self._bargain_row(surface)
        else:
            self._purchases(surface, spaces)
        self._change(surface, spaces, tick)

    def _bargain_row(self, surface: pygame.Surface) -> None:
        sim = self.sim
        display = tuple(sim.display())
        bonus = sim.round_number() > sim.rules.normal_rounds
        taken = sim.bonus_taker() is not None or sim.rules_phase == BONUS_SOLO
        if self._row is None or self._row[0] != (display, bonus, taken):
            out = self._static().subsurface(BARGAIN_ROW).copy()
            bargains = self.sim.catalogue.bargains
            area = pygame.Rect(0, 0, BARGAIN_ROW.w, BARGAIN_ROW.h)
            for bid, rect in zip(display, card_rects(bargain_places(len(display)), area, max_w=124)):
                b = bargains[bid]
                out.blit(bargain_surface(b.name, b.price, b.promo_price, b.condition, b.stars, rect.size), rect)
            if not display and bonus:
                self.texts.blit(out, _("Bonus round: no bargains, leftover dice earn nothing."), 26, DIM, 2,
                                center=(area.centerx, area.centery - 20))
                if sim.rules_phase == BONUS_SOLO:
                    self.texts.blit(out, _("Only one bidder: the BONUS tokens will be discarded."), 28, GOLD_TEXT,
                                    2, center=(area.centerx, area.centery + 16))
                elif not taken:
                    self.texts.blit(out, _("The first to join the queue takes the BONUS tokens!"), 28, GOLD_TEXT,
                                    2, center=(area.centerx, area.centery + 16))
            elif not display:
                self.texts.blit(out, _("No bargains this round"), 28, DIM, 2, center=area.center)
            self._row = ((display, bonus, taken), out)
        surface.blit(self._row[1], BARGAIN_ROW)

    def _purchases(self, surface: pygame.Surface, spaces: list[pygame.Rect]) -> None:
        """At checkout: what each player in the queue has bought so far, under their space."""
        sim = self.sim
        bargains = sim.catalogue.bargains
        for seat in sim.queue():
            rect = spaces[self._space(seat)]
            for i, bid in enumerate(sim.round_gains[seat]["bargains"][:3]):
                b = bargains[bid]
                self.texts.blit(surface, f"{_(b.name)} {b.stars}", 20, LAVENDER, 2, max_width=rect.w,
                                midtop=(rect.centerx, rect.bottom + 8 + i * 22))
        buyer = sim.buyer()          # the buyer's own keys (a bot presses none: no hints)
        if buyer is None or not self.keys.of(buyer):
            return
        hints = [self.keys.caps(text, 22, DIM, buyer) for text in
                 (_("A: buy the card under your cursor"), _("Y: done (dice left become change)"))]
        if sum(h.get_width() for h in hints) + 40 <= BOARD.w - 40:
            left = BOARD.centerx - (sum(h.get_width() for h in hints) + 40) // 2
            surface.blit(hints[0], hints[0].get_rect(bottomleft=(left, BOARD.bottom - 10)))
            surface.blit(hints[1], hints[1].get_rect(bottomright=(BOARD.centerx + (BOARD.centerx - left), BOARD.bottom - 10)))
        else:      # a narrow board (the speedrun's) or a long language: one under the other
            y = BOARD.bottom - 10
            for hint in hints[::-1]:
                y = surface.blit(hint, hint.get_rect(midbottom=(BOARD.centerx, y))).top

    def _change(self, surface: pygame.Surface, spaces: list[pygame.Rect], tick: int) -> None:
        """Leftover queue dice turning into change tokens: coins rising out of the player's queue
        space, and the line saying so in the board's header, between its two labels, where no
        other text is (below the queue sit purchases, bargains or "No bargains this round")."""
        change = self.sim.change
        if change is None:
            return
        seat, tokens, when = change
        age = tick - when
        span = self.sim.tuning.turn_pause
        if age >= span + 30:
            return
        progress = min(1.0, age / span)
        sim = self.sim
        space = self._coin_lane(spaces, self._space(seat)) if seat in sim.queue() else QUEUE_ROW
        size = 28
        step = min(size + 4, max(8, (space.w - size) // max(1, tokens - 1))) if tokens > 1 else 0
        x0 = space.centerx - (size + step * (tokens - 1)) // 2
        y = space.centery - size // 2 - round(progress * (space.h // 2 - 2))
        for i in range(tokens):
            surface.blit(token_surface(size), (x0 + i * step, y))
        name = self.sim.seats[seat].name
        # TRANSLATORS: change tokens a player gets at checkout for dice left unspent
        text = ngettext("{name}: +{n} change token", "{name}: +{n} change tokens", tokens, name=name) if tokens \
            else _("{name}: done").format(name=name)
        gap = self._header_gap()
        self.texts.blit(surface, text, 28, GOLD_TEXT, 3, max_width=gap.w, center=gap.center)

    def _coin_lane(self, spaces: list[pygame.Rect], index: int) -> pygame.Rect:
        """Queue space `index` right of its number: the coins rising to its top edge would
        cover the number (a "2" hidden under the first coin)."""
        space = spaces[index]
        number = self.texts.get(f"{self.sim.n - index}", 22, QUEUE_NUMBER, 2)
        left = space.x + NUMBER_AT[0] + number.get_width() + 2
        return pygame.Rect(left, space.y, space.right - left, space.h)

    def _header_gap(self) -> pygame.Rect:
        """The free stretch of the board's header between "CHECKOUT" and the queue's label."""
        left = BOARD.x + 18 + self.texts.get(_("CHECKOUT"), 28, LAVENDER, 2).get_width()
        right = BOARD.right - 18 - self.texts.get(_("queue: first to join buys first"), 22, DIM, 2).get_width()
        return pygame.Rect(left + 16, BOARD.y + 4, right - left - 32, 32)
