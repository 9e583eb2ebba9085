"""The seat panels around the dice table and the top bar.

A seat panel shows, in the seat's colour and shape: its name and points, its
dice (faces once landed, tumbling while rolling, blank before the first roll),
what it is doing now or why its last action failed, and what it has won:
products by category (sets), bargains, change tokens.
"""
from __future__ import annotations

import time
from functools import partial
from typing import TYPE_CHECKING, Callable

import pygame

from game.text import i18n
from game.text.i18n import _, ngettext
from game.input.families import say
from game.scenes.reasons import say_reason
from game.scenes.secrets import Glimpse
from game.render.cast import Character, default_for
from game.render.figure import portrait
from game.scenes.shoppers import seat_look
from game.render.icons import bot_icon, font, mix
from game.render.text import NARROWEST
from game.render.widgets import ellipsized
from game.render.keytext import has_caps
from game.render.tabletop import category_icon, die_surface, token_surface, tumbling_die_surface
from game.render.palette import BONUS_PINK, EDGE, GOLD_TEXT, LAVENDER, PANEL, SALE_RED, SEAT_SHADE, SHADOW, WHITE
from game.rules.checkout import BIDDING, BONUS, BONUS_SOLO, CHECKOUT, FRENZY, ROUND_END
from game.rules.checkout.catalogue import CATEGORIES
from game.scenes.table.layout import TOP_BAR, SeatPanel
from game.scenes.table.paint import (DIM, GREEN, RED_TEXT, TableKeys, Texts, bargain_glyph, blank_die,
                                     bounce, empty_slot, tumble_angle, tumble_face)
from game.sim.table import COUNTDOWN, REVEAL

if TYPE_CHECKING:
    from game.render.ui import UI
    from game.match.seats import SeatIdentity
    from game.sim.table import TablePhase
    from game.sim.table_face import TableForPanels
    from game.sim.table_view import PublicSeat
    from game.scenes.table.bids import BidHold

REASON_TICKS = 180     # a rejection stays in the seat's panel this long
# px: a seat's name, from its portrait to the widest score ("88 Pkt."). A bot's panel said BOT
# beside the name, which left 84 px ("AMARILLO", "SAMANTHA" were cut): its robot's head is on
# the portrait's corner instead.
NAME_ROOM = 110
ROBOT_BADGE = 18
DIE = 40
PANELS_LAID_A_FRAME = 1   # see SeatHud.draw


def dice(count: int) -> str:
    return ngettext("{n} die", "{n} dice", count)


class SeatHud:
    """Draws the seat panels and the top bar for one TableSim."""

    def __init__(self, sim: "TableForPanels", panels: list[SeatPanel], identities: list["SeatIdentity"],
                 labels: list[str], texts: Texts, keys: TableKeys, bots: list[bool] | None = None,
                 shoppers: dict[int, Character] | None = None) -> None:
        self.sim = sim
        self.shoppers = shoppers or {}   # by seat identity: each seat's character (its header's portrait)
        self.cb = False                  # colour-blind mode: the portraits wear their seats' patterns (set by the picture)
        self.panels = panels
        self.ids = identities
        self.labels = labels      # "BOT" / "" for people (empty for every seat in a demo): a robot on the portrait
        self.bots = bots or [bool(label) for label in labels]   # whose bid choice stays hidden
        self.keys = keys          # what each seat presses, and everyone (the headline)
        self.texts = texts
        self._info: dict[int, tuple[tuple[object, ...], pygame.Surface | None]] = {}   # seat -> (key, its text and icons; None once laid)
        self.backdrop: pygame.Surface | None = None   # see set_backdrop
        self.laid: pygame.Surface | None = None
        self._glimpse = Glimpse()   # a peeked bid: while held, or a glimpse on a shared keyboard
        self.headline_shown = True  # the title demo's banner takes the headline's place
        self.bid_hold: Callable[[int], BidHold | None] = lambda seat: None   # a person's hold of A on a bid
        self._tick = 0
        self._publics: dict[int, PublicSeat] | None = None   # see _public
        self._left: list[tuple[SeatPanel, tuple[object, ...], int]] = []   # panels to lay after the present

    def key(self, seat: int, button: str) -> str:
        """What this seat presses for a pad button: "X" on a pad, "E" or "RCtrl" on a keyboard."""
        return self.keys.key(seat, button)

    # ------------------------------------------------------------------ frames (static)
    def draw_frames(self, surface: pygame.Surface, ui: UI) -> None:
        for panel in self.panels:
            ident = self.ids[panel.seat]
            rect = panel.rect
            pygame.draw.rect(surface, SHADOW, rect.move(0, 5), border_radius=16)
            pygame.draw.rect(surface, mix(ident.colour, SEAT_SHADE, 0.78), rect, border_radius=16)
            pygame.draw.rect(surface, ident.colour, rect, 4, border_radius=16)
            band = pygame.Rect(rect.x, rect.y, rect.w, 44)
            pygame.draw.rect(surface, mix(ident.colour, SEAT_SHADE, 0.35), band,
                             border_top_left_radius=16, border_top_right_radius=16)
            face = portrait(self.shoppers.get(ident.index) or default_for(ident.index), seat_look(ident, self.cb), 36)
            at = surface.blit(face, face.get_rect(center=(rect.x + 26, rect.y + 22)))
            if self.labels[panel.seat]:   # a bot: its robot's head on the portrait's corner (the shape is on its right)
                robot = bot_icon(ROBOT_BADGE)
                surface.blit(robot, robot.get_rect(bottomleft=(at.x, at.bottom + 1)))
            said = ellipsized(self.sim.seats[panel.seat].name.upper(),
                              lambda t: font(30).size(t)[0] * NARROWEST <= NAME_ROOM)
            self.texts.blit(surface, said, 30, WHITE, 2, max_width=NAME_ROOM, midleft=(rect.x + 48, rect.y + 23))
        pygame.draw.rect(surface, SHADOW, TOP_BAR.move(0, 4), border_radius=14)
        pygame.draw.rect(surface, PANEL, TOP_BAR, border_radius=14)
        pygame.draw.rect(surface, EDGE, TOP_BAR, 3, border_radius=14)

    # ------------------------------------------------------------------ every frame
    def draw(self, surface: pygame.Surface, tick: int, totals: list[int]) -> None:
        self._tick = tick
        self._publics = {}
        self._left = []
        try:
            laid = 0
            for panel in self._people_first():
                key = self._info_key(panel.seat, tick, totals[panel.seat])
                cached = self._info.get(panel.seat)
                if cached is not None and cached[0] == key:
                    continue
                # A panel whose words changed is laid again: one a frame (a person's first) once
                # the panels are up; the rest after the present (`idle`), or in the next frames.
                # A phase change that changed all six cost a frame 2-3 ms of text.
                if cached is None or laid < PANELS_LAID_A_FRAME:
                    laid += cached is not None
                    self._lay(panel, key, tick, totals[panel.seat], surface)
                else:
                    self._left.append((panel, key, totals[panel.seat]))
            for panel in self.panels:
                self._panel(surface, panel, tick)
        finally:
            self._publics = None

    def idle(self, until: float, totals: list[int]) -> None:
        """After the present, until `until`: lay the panels whose words changed and were left for
        later (the next frame shows them); before the first draw, every panel."""
        if self.laid is None:
            return
        if not self._info:
            self._left = [(panel, self._info_key(panel.seat, self.sim.tick, totals[panel.seat]), totals[panel.seat])
                          for panel in self._people_first()]
        while self._left and time.perf_counter() < until:
            panel, key, total = self._left.pop(0)
            self._lay(panel, key, self.sim.tick, total, None)

    def _people_first(self) -> list[SeatPanel]:
        """The panels, a person's before a bot's: what a press changes is laid first."""
        return sorted(self.panels, key=lambda panel: self.bots[panel.seat])

    def _public(self, seat: int) -> "PublicSeat":
        """sim.public_seat(seat), worked out once a frame while the panels are drawn: a panel asks
        for it three or four times, and each works out what the seat's dice fit."""
        if self._publics is None:
            return self.sim.public_seat(seat)
        found = self._publics.get(seat)
        if found is None:
            found = self._publics[seat] = self.sim.public_seat(seat)
        return found

    def _lay(self, panel: SeatPanel, key: tuple[object, ...], tick: int, total: int,
             surface: pygame.Surface | None) -> None:
        """Render a panel's text and icons; laid into the static layer's copy (and over `surface`,
        whose background went out before it), or kept to blit each frame where there is none."""
        info = self._render_info(panel, tick, total)
        if self.backdrop is not None and self.laid is not None:
            rect = panel.rect
            piece = self.backdrop.subsurface(rect).copy()   # the text on its own backdrop, opaque
            piece.blit(info, (0, 0))
            self.laid.blit(piece, rect)      # every later frame shows it with the background
            if surface is not None:
                surface.blit(piece, rect)
            self._info[panel.seat] = (key, None)
        else:
            self._info[panel.seat] = (key, info)

    def _panel(self, surface: pygame.Surface, panel: SeatPanel, tick: int) -> None:
        sim, seat, rect = self.sim, panel.seat, panel.rect
        cached = self._info.get(seat)
        if cached is not None and cached[1] is not None:
            surface.blit(cached[1], rect.topleft)
        self._dice(surface, seat, pygame.Rect(rect.x + 12, rect.y + 58, rect.w - 24, DIE + 6), tick)
        last = sim.last_player()
        if last and last[0] == seat:
            pulse = 3 + (tick // 8) % 2 * 3
            pygame.draw.rect(surface, SALE_RED, rect.inflate(6, 6), pulse, border_radius=18)

    def _info_key(self, seat: int, tick: int, total: int) -> tuple[object, ...]:
        """Everything the panel's text and icons show (the dice are drawn live)."""
        sim = self.sim
        s = sim.seats[seat]
        player = self._public(seat)
        reason = s.reason if s.reason and tick - s.reason_tick < REASON_TICKS else ""
        gains = tuple(sim.round_gains[seat]["products"]) if sim.phase in (FRENZY, BONUS, BONUS_SOLO, CHECKOUT) \
            else ()
        return (total, reason, s.reason_tick if reason else -1, self._doing(seat), gains,
                len(player.products), len(player.bargains), player.tokens, self.labels[seat],
                tuple(self.keys.of(seat).items()))   # a refusal is said in the seat's own keys

    def drop_backdrop(self) -> None:
        """The static layer is let go (TablePicture.drop_layers): so are the panels laid on it."""
        self.backdrop = self.laid = None
        self._info.clear()

    def set_backdrop(self, backdrop: pygame.Surface) -> pygame.Surface:
        """The static picture the panels lie on (their frames drawn in). Returns what a frame blits
        instead: a copy with each panel's text and icons laid in, redone for a panel when what it
        shows changes; so a frame neither blends nor copies the panels again."""
        self.backdrop = backdrop
        self.laid = backdrop.copy()
        self._info.clear()
        return self.laid

    def _render_info(self, panel: SeatPanel, tick: int, total: int) -> pygame.Surface:
        seat, rect = panel.seat, panel.rect
        out = pygame.Surface(rect.size, pygame.SRCALPHA)
        local = pygame.Rect(0, 0, rect.w, rect.h)
        # TRANSLATORS: the unit after a seat's score, drawn small beside the number (1 pt, 46 pts)
        pts = self.texts.blit(out, ngettext("pt", "pts", total), 18, GOLD_TEXT, 2, midright=(local.right - 10, 28))
        self.texts.blit(out, f"{total}", 34, GOLD_TEXT, 2, midright=(pts.x - 2, 23))
        status_y = 58 + DIE + 12
        bottom = local.bottom - 36
        self._status(out, seat, pygame.Rect(10, status_y, local.w - 20, bottom - status_y), tick)
        if bottom - status_y > 80:
            self._this_round(out, seat, pygame.Rect(10, bottom - 34, local.w - 20, 32))
        self._winnings(out, seat, pygame.Rect(10, local.bottom - 36, local.w - 20, 30))
        return out

    def _dice(self, surface: pygame.Surface, seat: int, area: pygame.Rect, tick: int) -> None:
        sim = self.sim
        player = self._public(seat)
        ident = self.ids[seat]
        colour = ident.hex
        hand = player.hand
        slots = max(player.dice, len(hand), 1)
        gap = (area.w - slots * DIE) // max(1, slots - 1) if slots > 1 else 0
        gap = min(gap, 10)
        x0 = area.x + (area.w - (slots * DIE + (slots - 1) * gap)) // 2
        tumbling = sim.tumbling(seat)
        landed = tick - sim.seats[seat].land_tick
        if sim.seats[seat].land_tick and 0 <= landed < 14 and hand:
            # the dice just landed: a quick white flash around them says "look now"
            flash = pygame.Rect(x0 - 4, area.y - 4, slots * DIE + (slots - 1) * gap + 8, DIE + 8)
            pygame.draw.rect(surface, WHITE, flash, max(1, 4 - landed // 4), border_radius=10)
        for i in range(slots):
            pos = (x0 + i * (DIE + gap), area.y)
            if i < len(hand) and not player.in_queue:
                face = hand[i]
                if tumbling:
                    img = tumbling_die_surface(tumble_face(tick, seat, i), DIE, colour,
                                               tumble_angle(tick, i), ident.shape)
                    surface.blit(img, (pos[0], pos[1] + bounce(tick, i, 5)))
                elif face == 0:
                    surface.blit(blank_die(DIE, ident.colour, "?"), pos)
                else:
                    surface.blit(die_surface(face, DIE, colour, ident.shape), pos)
            else:
                surface.blit(empty_slot(DIE), pos)

    def _status(self, surface: pygame.Surface, seat: int, area: pygame.Rect, tick: int) -> None:
        sim = self.sim
        s = sim.seats[seat]
        if s.reason and tick - s.reason_tick < REASON_TICKS:
            said = say_reason(s.reason, [other.name for other in sim.seats])
            lines = self.texts.lines(say(said, self.keys.of(seat)), 22, area.w)[:3]   # in its keys
            y = area.y
            for line in lines:
                r = self.texts.blit(surface, line, 22, RED_TEXT, 2, midtop=(area.centerx, y))
                y = r.bottom - 2
            return
        text, colour = self._doing(seat)
        if text:
            for i, line in enumerate(self.texts.lines(text, 24, area.w)[:2]):
                self.texts.blit(surface, line, 24, colour, 2, midtop=(area.centerx, area.y + 2 + i * 24))

    def _doing(self, seat: int) -> tuple[str, tuple[int, int, int]]:
        """What the seat is up to, in a few words."""
        sim = self.sim
        player = self._public(seat)
        phase = sim.phase
        if phase in (FRENZY, BONUS, COUNTDOWN):
            if player.in_queue:
                return _("In the queue: #{place}, {dice}").format(place=player.queue_place, dice=dice(player.queued)), GREEN
            if not player.hand:
                return (_("No dice this round"), DIM) if player.dice == 0 else (_("All dice placed"), GREEN)
            last = sim.last_player()
            if last and last[0] == seat:
                return _("LAST! Grab now: {secs}").format(secs=i18n.seconds(last[1] // 60 + 1)), RED_TEXT
            if sim.tumbling(seat):
                return _("Rolling..."), GOLD_TEXT
            if self.bots[seat]:     # a bot presses no key: its panel names none
                return self._bot_doing(seat)
            if 0 in player.hand:
                return _("{x}: roll!").format(x=self.key(seat, 'X')), WHITE
            can = player.fits
            if can:
                # TRANSLATORS: {n} products on the table the seat's dice fit right now
                return ngettext("{a}: grab ({n} fits)", "{a}: grab ({n} fit)", can, a=self.key(seat, "A")), GREEN
            return _("{x}: roll again  {y}: queue").format(x=self.key(seat, 'X'), y=self.key(seat, 'Y')), WHITE
        if phase == CHECKOUT:
            if sim.buyer() == seat:
                return _("Buying: {dice} left").format(dice=dice(player.queued)), GOLD_TEXT
            if player.in_queue and player.queued:
                return _("Waiting: {dice}").format(dice=dice(player.queued)), WHITE
            return "", WHITE
        if phase == ROUND_END:
            if sim.seats[seat].ready:
                return _("READY"), GREEN
            return (_("Getting ready"), DIM) if self.bots[seat] else (_("{a}: next round").format(a=self.key(seat, 'A')), WHITE)
        if phase == BIDDING:
            if player.bid_made:
                return _("READY (bid hidden)"), GREEN
            if self.bots[seat]:
                return _("choosing..."), DIM      # a bot's choice is as secret as anyone's
            choice = sim.seats[seat].bid_choice
            if self._glimpse.shows(seat, sim.seats[seat].peek, self._tick, choice, seat in self.keys.side_by_side):
                return _("Your bid: {n}").format(n=choice), GOLD_TEXT   # only while its owner peeks
            # The choice itself never shows: a neighbour on the sofa sees only that one is being made.
            hold = self.bid_hold(seat)
            if hold is not None and hold.asked:
                return _("Sit out? Hold {a} again to sit out, up to bid").format(a=self.key(seat, 'A')), GOLD_TEXT
            if hold is not None and hold.holding:
                return _("Locking: keep holding {a}").format(a=self.key(seat, 'A')), GOLD_TEXT
            return _("Bid secret: hold {y} to peek, up/down, hold {a} to lock").format(
                y=self.key(seat, 'Y'), a=self.key(seat, 'A')), WHITE
        if phase == REVEAL and sim.revealed is not None:
            bid = sim.revealed[seat]
            return (ngettext("{n} bonus die", "{n} bonus dice", bid), GOLD_TEXT) if bid else (_("Sits out"), DIM)
        if phase == BONUS_SOLO:
            if sim.solo_seat == seat and self.bots[seat]:
                return _("Setting the dice"), GOLD_TEXT
            if sim.solo_seat == seat:
                a, b, y = self.key(seat, "A"), self.key(seat, "B"), self.key(seat, "Y")
                return _("Set dice ({a}/{b}), grab ({a}), {y}: done").format(a=a, b=b, y=y), GOLD_TEXT
            return _("Watching"), DIM
        return "", WHITE

    def _bot_doing(self, seat: int) -> tuple[str, tuple[int, int, int]]:
        """A bot's moment in the frenzy, without the keys a person would press."""
        player = self._public(seat)
        if 0 in player.hand:
            return _("About to roll"), WHITE
        if player.fits:
            # TRANSLATORS: a bot's panel: {n} products on the table its dice fit right now
            return ngettext("Can grab ({n} fits)", "Can grab ({n} fit)", player.fits), GREEN
        return _("Rolling again or queueing"), WHITE

    def _this_round(self, surface: pygame.Surface, seat: int, area: pygame.Rect) -> None:
        """The products grabbed this round: category icon and stars for each."""
        sim = self.sim
        playing = sim.phase in (FRENZY, BONUS, BONUS_SOLO, CHECKOUT)
        got = sim.round_gains[seat]["products"] if playing else []
        x = area.x + 4
        for pid in got:
            p = sim.catalogue.products[pid]
            if x > area.right - 50:
                break
            surface.blit(category_icon(p.category, 28), (x, area.centery - 14))
            r = self.texts.blit(surface, f"+{p.stars}", 22, GOLD_TEXT, 2, midleft=(x + 28, area.centery + 1))
            x = r.right + 6

    def _winnings(self, surface: pygame.Surface, seat: int, area: pygame.Rect) -> None:
        """Products by category (a set = one of each), bargains, tokens."""
        sim = self.sim
        player = sim.public_seat(seat)
        counts = {c: 0 for c in CATEGORIES}
        for pid in player.products:
            counts[sim.catalogue.products[pid].category] += 1
        cy = area.centery
        groups = [(category_icon(category, 26), self.texts.get(str(counts[category]), 24, WHITE, 2))
                  for category in CATEGORIES]
        groups.append((bargain_glyph(26), self.texts.get(str(len(player.bargains)), 24, LAVENDER, 2)))
        groups.append((token_surface(24), self.texts.get(str(player.tokens), 24, GOLD_TEXT, 2)))
        # Each count beside its icon; the room left over goes between the groups (two-digit counts
        # take it first), never past the panel's edge.
        widths = [icon.get_width() + 1 + number.get_width() for icon, number in groups]
        gap = max(2, min(12, (area.w - 4 - sum(widths)) // (len(groups) - 1)))
        x = area.x + 2
        for (icon, number), width in zip(groups, widths):
            surface.blit(icon, (x, cy - icon.get_height() // 2))
            surface.blit(number, number.get_rect(midleft=(x + icon.get_width() + 1, cy + 1)))
            x += width + gap

    # ------------------------------------------------------------------ top bar
    def draw_top(self, surface: pygame.Surface, tick: int) -> None:
        sim = self.sim
        label, headline = self._top(sim.round_number(), sim.phase)
        left = surface.blit(label, label.get_rect(midleft=(TOP_BAR.x + 16, TOP_BAR.centery)))
        x = TOP_BAR.right - 150
        room = pygame.Rect(left.right + 14, TOP_BAR.y, x - 14 - (left.right + 14), TOP_BAR.h)
        if self.headline_shown:
            surface.blit(headline, headline.get_rect(center=room.center))
        self.texts.blit(surface, _("BONUS"), 24, BONUS_PINK, 2, midleft=(x, TOP_BAR.centery))
        for i in range(min(sim.bonus_tokens(), 6)):
            surface.blit(token_surface(26), (x + 76 + i * 12, TOP_BAR.centery - 13))
        if sim.bonus_tokens() == 0:
            self.texts.blit(surface, "0", 24, DIM, 2, midleft=(x + 80, TOP_BAR.centery))

    def headline_room(self) -> pygame.Rect:
        """The top bar's middle, between the round's label and the BONUS, where the headline goes
        (the title demo puts its banner there instead: the headline is not drawn then)."""
        label, _headline = self._top(self.sim.round_number(), self.sim.phase)
        start = TOP_BAR.x + 16 + label.get_width() + 14
        return pygame.Rect(start, TOP_BAR.y, TOP_BAR.right - 150 - 14 - start, TOP_BAR.h)

    def _top(self, number: int, phase: "TablePhase") -> tuple[pygame.Surface, pygame.Surface]:
        """The top bar's round label and headline for round `number` in `phase` (both cached)."""
        rounds = self.sim.rules.normal_rounds
        label = _("BONUS ROUND") if number > rounds else _("ROUND {number}/{rounds}").format(number=number, rounds=rounds)
        left = self.texts.get(label, 32, GOLD_TEXT, 2)
        room = TOP_BAR.right - 150 - 14 - (TOP_BAR.x + 16 + left.get_width() + 14)
        return left, self._top_line(*self._headline(phase), room, phase)

    def warm_top(self) -> list[Callable[[], object]]:
        """Renders of the top bar for the phases that say the same to every table (the next
        round's countdown and frenzy, its end, the bids): ahead, the frame a phase starts in
        cost 2-3 ms of text."""
        number = self.sim.round_number()
        ahead = [(number, phase) for phase in (COUNTDOWN, FRENZY, ROUND_END, BIDDING, REVEAL)]
        ahead += [(number + 1, COUNTDOWN), (number + 1, FRENZY)]
        return [partial(self._top, n, phase) for n, phase in ahead]

    def _top_line(self, text: str, seat: int | None, width: int, phase: "TablePhase") -> pygame.Surface:
        """The headline with its buttons as caps (everyone's, or one seat's own), as large as fits;
        with too many devices for one line, its words alone (each panel names its player's keys)."""
        if not has_caps(text, self.keys.names(seat)):     # words alone: as large as fits
            return self.texts.get(text, 28, WHITE, 2, max_width=width)
        for px in (28, 24):
            line = self.keys.caps(text, px, WHITE, seat)
            if line.get_width() <= width:
                return line
        lines = self.keys.caps(text, 24, WHITE, seat, width=width)     # two lines, if the bar holds them
        if lines.get_height() <= TOP_BAR.h - 4 and lines.get_width() <= width:
            return lines
        return self.texts.get(self._words_only(text, phase), 24, WHITE, 2, max_width=width) \
            if self._words_only(text, phase) != text else line

    @staticmethod
    def _words_only(text: str, phase: "TablePhase") -> str:
        """The headline for a table of many devices: the same moment without naming the buttons."""
        if phase in (COUNTDOWN, FRENZY):
            return _("Roll, grab, queue: your keys are in your panel")
        return text

    def _headline(self, phase: "TablePhase") -> tuple[str, int | None]:
        """What the top bar says in `phase` (the sim's now, where it names a seat or a count), and
        whose keys its buttons are (None: everyone's)."""
        sim = self.sim
        if phase == COUNTDOWN:
            return _("Get ready: X roll, A grab, Y queue"), None
        if phase == FRENZY:
            return _("X roll  A grab  Y join the queue"), None
        if phase == BONUS:
            if sim.bonus_taker() is None and sim.bonus_tokens():
                return ngettext("First in the queue takes {n} BONUS token!", "First in the queue takes {n} BONUS tokens!",
                                sim.bonus_tokens()), None
            return _("Bonus round: grab what you can"), None
        if phase == CHECKOUT:
            buyer = sim.buyer()
            if buyer is None or sim.checkout_seat() is None:
                return (_("Checkout: counting change...") if sim.change else _("Checkout: first in the queue buys first")), None
            if not self.keys.of(buyer):     # a bot buys: no keys to name
                return _("Checkout: {name} buys").format(name=sim.seats[buyer].name), None
            return _("Checkout: {name} buys  (A buy, Y done)").format(name=sim.seats[buyer].name), buyer
        if phase == ROUND_END:
            return _("Round over: A when ready"), None
        if phase == BIDDING:   # the bids still open lock as chosen when the time is up: the time shows
            return _("Secret bids: 1 token = 1 bonus die ({secs})").format(secs=i18n.seconds(
                (sim.turn_left() + 59) // 60)), None
        if phase == REVEAL:
            return _("Bids revealed!"), None
        if phase == BONUS_SOLO:
            solo = sim.solo_seat if sim.solo_seat is not None else 0
            return _("Only {name} bid: set the dice freely ({secs})").format(name=sim.seats[solo].name,
                                                                             secs=i18n.seconds(sim.turn_left() // 60)), None
        return _("Game over"), None
