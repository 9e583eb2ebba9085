"""The HUD band of the mall: one panel per seat.

A panel shows the seat (colour, shape, name, match bags), the card viewer (the
shown card of the held pile, or the carried card, big enough to tell variants
apart from a sofa), and under or beside it the shopping list (Rush; Memory
while studying), the hand (Memory) or the cards placed (Tidying Up). A refused
action flashes its reason across the panel. Panel frames are drawn once into
the static background; only contents are drawn per frame, from cached art.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import TICK_RATE
from game.match.seats import SeatIdentity
from game.text.i18n import N_, _, ngettext
from game.input.families import say
from game.scenes.reasons import say_reason
from game.scenes.secrets import Glimpse
from game.render import glyphs, teams, widgets
from game.render.clothing import card_back_surface, item_art, item_card, mark_surface
from game.render.icons import bag_icon, bot_icon, text_surface
from game.render.text import NARROWEST
from game.render.palette import (CARD_BACK, DIM, GOLD, PANEL, PAPER, PAPER_EDGE, READY_GREEN, REJECT_FILL,
                                 RIBBON_CARRY, RIBBON_PILE, SHADOW, SLOT_EMPTY, SLOT_FILL, STAMP_RED, WHITE)
from game.render.text import min_font_size
from game.rules.soldout.family import Destination
from game.scenes.mall.draw import seat_teams
from game.scenes.mall.layout import HEADER_H, LIST_ITEM, MallLayout, PanelLayout
from game.render.cast import Character, default_for
from game.render.figure import portrait
from game.scenes.shoppers import seat_look

if TYPE_CHECKING:
    from game.render.ui import UI
    from game.sim.mall_face import MallFace

REJECT_TICKS = int(2.5 * TICK_RATE)
PANEL_FILL = PANEL
LIST_FILL = PAPER
LIST_EDGE = PAPER_EDGE
STUDY_ROW_H = 28     # the Memory study's "A ready" / READY row under the list
NARROW_HINT_H = 28   # one hint line (key cap and word) in a narrow panel's side strip
EDGE_PAD = 2         # room around a kept empty card slot: its dashes are 2 px wide, centred on its edge
GROUP_PAD = 24       # room around a kept objective card for the bags over its edge (a third of an item)
PIECES_KEPT = 256    # drawn panel pieces kept (lists, ribbons, hints): far more than six panels show
HAND_COLS, HAND_GAP = 3, 3   # Memory's hand: slots to a row; narrow gaps, so each item gets the list's px
HAND_PAD = 6         # round a kept hand: the selected card stands 3 px higher, its frame 2 px out
TEAM_BORDER = 6      # px: a team member's panel border, in the team's colour and pattern
PORTRAIT = 34        # px: the seat's portrait before its name (the shape's 28 px, and its corner badge)


class Hud:
    def __init__(self, sim: "MallFace", layout: MallLayout, ui: "UI",
                 identities: dict[int, SeatIdentity], names: dict[int, str], colourblind: bool,
                 shoppers: dict[int, Character] | None = None) -> None:
        self.layout = layout
        self.shoppers = shoppers or {}   # each seat's character (its header's portrait)
        self.ui = ui
        self.identities = identities
        self.names = names
        self.cb = colourblind
        self.cat = sim.catalogue
        self.panel_of = {seat: layout.panels[i] for i, seat in enumerate(sim.seats)}
        self.bots = {seat: sim.by_seat[seat].bot for seat in sim.seats}
        self.labels: dict[int, dict[str, str]] = {}
        self.side_by_side: set[int] = set()
        self._glimpse = Glimpse()   # Memory's hand face up: while LB/RB is held, a glimpse on a shared keyboard
        self._hushed = False   # this panel's hints are under a refusal: not drawn
        self._pieces: dict[tuple[object, ...], pygame.Surface] = {}   # see _keep
        self._laid: dict[tuple[object, ...], list[tuple[pygame.Surface, tuple[int, int]]]] = {}   # hints
        # Teams share a list and a score: a team-mate's panel wears the team's border and emblem.
        self.teams = seat_teams(sim)
        self.backdrop: pygame.Surface | None = None   # see set_backdrop
        self.laid: pygame.Surface | None = None
        self._looks: dict[int, tuple[object, ...]] = {}   # seat -> what its laid panel shows (_look)
        self._face_up: dict[int, bool] = {}             # seat -> its Memory hand shows this frame

    # ------------------------------------------------------------------ static
    def draw_frames(self, surface: pygame.Surface) -> None:
        """Panel frames, seat badges and names: drawn once into the static background."""
        for seat, p in self.panel_of.items():
            ident = self.identities[seat]
            pygame.draw.rect(surface, SHADOW, p.rect.move(0, 4), border_radius=14)
            pygame.draw.rect(surface, PANEL_FILL, p.rect, border_radius=14)
            team = self.teams.get(seat)
            if team is None:
                pygame.draw.rect(surface, ident.colour, p.rect, 4, border_radius=14)
            else:   # the team's band all round, the player's own colour just inside it
                surface.blit(teams.border(team, p.rect.size, TEAM_BORDER, 14), p.rect)
                pygame.draw.rect(surface, ident.colour, p.rect.inflate(-2 * TEAM_BORDER, -2 * TEAM_BORDER), 2,
                                 border_radius=14 - TEAM_BORDER)
            self._header(surface, seat, p, team, self._robots())

    def _name_room(self, seat: int, p: PanelLayout) -> tuple[int, int]:
        """(left, right) of the room for a panel's name and BOT: between the seat's badge and the
        team's emblem (or the score)."""
        right = self._score_left(p) - 6
        team = self.teams.get(seat)
        if team is not None:
            right -= teams.emblem(team, 26).get_width() + 6
        return p.header.x + 34, right

    def _robots(self) -> bool:
        """Whether a bot's panel says so with a robot's head rather than the word BOT: on every
        panel once the word has no room beside one bot's name (six panels, a large UI scale)."""
        word = self.ui.render(_("BOT"), self._tag_size(), DIM).get_width()
        for seat, p in self.panel_of.items():
            left, right = self._name_room(seat, p)
            size = self._name_size(seat, right - left - word - 6)
            if self.bots[seat] and self.ui.text.width(self.names[seat], size) * NARROWEST + 6 + word > right - left:
                return True
        return False

    def _name_size(self, seat: int, room: int) -> int:
        """The name's size: 26, or as large as fits the header's room and height (a large UI scale)."""
        return self.ui.fitting_size(self.names[seat], 26, room, HEADER_H + 8)

    def _tag_size(self) -> int:
        return self.ui.fitting_size(_("BOT"), 18, 999, HEADER_H)

    def _header(self, surface: pygame.Surface, seat: int, p: PanelLayout, team: int | None, robots: bool) -> None:
        """The seat's badge and name, then BOT (or a robot's head: _robots); the team's emblem
        beside the (shared) score. The name narrows to fit, never under the sofa bar."""
        head = p.header
        ident = self.identities[seat]
        face = portrait(self.shoppers.get(seat) or default_for(seat), seat_look(ident, self.cb), PORTRAIT)
        surface.blit(face, face.get_rect(midleft=(head.x - 2, head.centery)))
        x, right = self._name_room(seat, p)
        if team is not None:
            mark = teams.emblem(team, 26)
            surface.blit(mark, mark.get_rect(midright=(right + 6 + mark.get_width(), head.centery)))
        word = self.ui.render(_("BOT"), self._tag_size(), DIM) if self.bots[seat] and not robots else None
        robot = bot_icon(22) if self.bots[seat] and robots else None
        room = right - x - (robot.get_width() + 4 if robot is not None else 0)
        if word is not None and robot is None:
            room -= word.get_width() + 6
        size = self._name_size(seat, room)
        said = widgets.ellipsized(self.names[seat], lambda t: self.ui.text.width(t, size) * NARROWEST <= room)
        name = self.ui.render(said, size, WHITE, max_width=room)
        at = surface.blit(name, (x, head.centery - name.get_height() // 2))
        if robot is not None:
            surface.blit(robot, robot.get_rect(midleft=(at.right + 4, head.centery)))
        elif word is not None:
            surface.blit(word, (at.right + 6, head.centery - word.get_height() // 2 + 2))

    def _score_left(self, p: PanelLayout) -> int:
        """Where the score's bag icon starts (the widest score a match reaches: two digits)."""
        return p.header.right - self.ui.render("00", self._score_size(), GOLD).get_width() - 29

    def _score_size(self) -> int:
        return self.ui.fitting_size("00", 28, 60, HEADER_H + 8)

    # ------------------------------------------------------------------ per frame
    def set_backdrop(self, backdrop: pygame.Surface, into: pygame.Surface | None = None) -> pygame.Surface:
        """The static picture the panels lie on (their frames drawn in). Returns what a frame blits
        instead: a copy with each panel's contents laid in, laid again for a panel only when what it
        shows changes (its look); so a frame draws no panel that shows what it showed. The copy is
        made into `into` where given (a surface of the same size and format no longer shown)."""
        self.backdrop = backdrop
        if into is not None and into.get_size() == backdrop.get_size() and into is not backdrop:
            into.blit(backdrop, (0, 0))
            self.laid = into
        else:
            self.laid = backdrop.copy()
        self._looks.clear()
        return self.laid

    def drop_backdrop(self) -> None:
        """Forget the static layer and the laid copy (drawn straight until set_backdrop again)."""
        self.backdrop = self.laid = None
        self._looks.clear()

    def draw(self, surface: pygame.Surface, sim: "MallFace", totals: dict[int, int]) -> None:
        """The panels' contents (every frame without a backdrop; with one, those whose look
        changed, laid in the kept copy too), and the hold meters, which move while Y is held."""
        laid, backdrop = self.laid, self.backdrop
        for seat, p in self.panel_of.items():
            total = totals.get(seat, 0)
            look = self._look(sim, seat, total)
            if laid is None or backdrop is None:
                self._contents(surface, sim, seat, p, total)
            elif self._looks.get(seat) != look:
                self._looks[seat] = look
                laid.blit(backdrop, p.rect, p.rect)
                laid.set_clip(p.rect)      # a panel's contents never leave it (tested): its neighbours stay
                try:
                    self._contents(laid, sim, seat, p, total)
                finally:
                    laid.set_clip(None)
                surface.blit(laid, p.rect, p.rect)   # this frame's background went out before it
            self._hold_meter(surface, sim, seat, p)

    def _look(self, sim: "MallFace", seat: int, total: int) -> tuple[object, ...]:
        """Everything a seat's panel shows but its hold meter: the score, the phase, a refusal, the
        viewer's card, pile and carried card, the body by the round's family (the list and its
        target; the hand, face up or down; the cards placed and the dresser in reach), the button
        names and the look of the art. Works out whether a Memory hand shows this frame (a peek
        has a clock), once a frame, for the drawing too."""
        view = sim.seat_view(seat)
        av = sim.by_seat[seat]
        family = view.family
        pile = sim.held_pile(seat)
        rejecting = self._rejecting(sim, seat)
        look: list[object] = [total, sim.phase, family.destination, family.player_calls,
                              sim.rejection(seat)[0] if rejecting else None, pile,
                              None if pile is None else (sim.shown_card(seat), sim.pile_count(pile)),
                              sim.carried(seat), av.hand_open, av.ready, av.target_slot,
                              self._label_look(seat), seat in self.side_by_side,
                              self.cb, self.ui.text.scale]
        if sim.phase == "study":
            look.append(tuple(sim.shopping_list(seat)))
        look += PANELS[family.destination].look(self, sim, seat)
        return tuple(look)

    def list_look(self, sim: "MallFace", seat: int) -> tuple[object, ...]:
        """What a list panel's body shows: each objective's items, bags and cards placed."""
        return tuple((tuple(items), bags, placed) for items, bags, placed in self._groups(sim, seat)), \
            sim.seat_view(seat).table_refuses()

    def hand_look(self, sim: "MallFace", seat: int) -> tuple[object, ...]:
        """What a hand panel's body shows, the hand face up only while its owner peeks (kept for
        the drawing: a peek has a clock, asked once a frame)."""
        av = sim.by_seat[seat]
        face_up = self._glimpse.shows(seat, av.hand_open and sim.phase == "playing", sim.tick, av.hand_index,
                                      seat in self.side_by_side)
        self._face_up[seat] = face_up
        hand = sim.hand(seat)
        return tuple(hand) if face_up else len(hand), face_up, sim.seat_view(seat).hand_size(), av.hand_index

    def placed_look(self, sim: "MallFace", seat: int) -> tuple[object, ...]:
        """What a placed panel's body shows: the cards placed, or the dresser in reach, its card
        and what is filled on it."""
        view = sim.seat_view(seat)
        d = sim.dresser_in_reach(seat)
        if d is None:
            return (tuple(view.placed_at_dressers()),)
        card = view.dresser_cards()[d.index]
        return (tuple(view.placed_at_dressers()), d.index, card,
                tuple(view.filled(d.index, item) for item in self.cat.objectives[card].items))

    def _label_look(self, seat: int) -> tuple[tuple[str, str, str], ...]:
        """The seat's button names as its hints draw them: a pad's glyph look (its family) too,
        for two families name a button alike ("A")."""
        return tuple((button, str(name), getattr(name, "family", ""))
                     for button, name in sorted(self.labels.get(seat, {}).items()))

    def _contents(self, surface: pygame.Surface, sim: "MallFace", seat: int, p: PanelLayout, total: int) -> None:
        """A panel's contents but its hold meter: the score, then the study's list, or the card
        viewer and the body; a refusal over what it covers."""
        self._score(surface, p, total)
        rejecting = self._rejecting(sim, seat)
        whole = rejecting and refusal_fit(self.ui, self._reason(sim, seat), p)[0] == p.body
        # A refusal covers the card viewer (and a narrow panel's hints; a long one the whole
        # panel, for a moment): what it covers is not drawn.
        self._hushed = rejecting and (whole or not p.wide)
        if sim.phase == "study":
            self._study(surface, sim, seat, p)
        else:
            if not rejecting:
                self._viewer(surface, sim, seat, p)
            if not whole:
                self._info(surface, sim, seat, p)
        if rejecting:
            self._rejection(surface, sim, seat, p)

    def _score(self, surface: pygame.Surface, p: PanelLayout, bags: int) -> None:
        x = self._score_left(p)
        surface.blit(bag_icon(26), (x, p.header.centery - 14))
        text = self.ui.render(str(bags), self._score_size(), GOLD)
        surface.blit(text, (x + 29, p.header.centery - text.get_height() // 2 + 1))

    # ------------------------------------------------------------------ Memory study: the list, big
    def _study(self, surface: pygame.Surface, sim: "MallFace", seat: int, p: PanelLayout) -> None:
        """The list across the panel, and under it a row of its own for "A ready" / READY."""
        row = pygame.Rect(p.body.x, p.body.bottom - STUDY_ROW_H, p.body.w, STUDY_ROW_H)
        body = p.body.copy()
        body.h -= STUDY_ROW_H + 4
        groups = [(list(self.cat.objectives[c].items), self.cat.objectives[c].bags, 0)
                  for c in sim.shopping_list(seat)]
        gap = 6
        stacked = min((body.w - 6) // 3, (body.h - gap) // 2 - 14)
        beside = min(((body.w - gap) // 2 - 6) // 3, body.h - 14)
        size = max(stacked, beside)
        for i, (items, bags, placed) in enumerate(groups):
            if size == stacked:
                rect = pygame.Rect(body.x, body.y + i * ((body.h - gap) // 2 + gap), body.w, (body.h - gap) // 2)
            else:
                rect = pygame.Rect(body.x + i * ((body.w - gap) // 2 + gap), body.y, (body.w - gap) // 2, body.h)
            self._group(surface, rect, items, bags, placed, size, None)
        if sim.by_seat[seat].ready:
            mark = mark_surface("right", STUDY_ROW_H)
            ready = self.ui.render(_("READY"), 22, WHITE)
            pill = ready.get_rect(midright=(row.right - STUDY_ROW_H - 4, row.centery)).inflate(14, 2)
            surface.blit(mark, (row.right - STUDY_ROW_H, row.y))
            pygame.draw.rect(surface, READY_GREEN, pill, border_radius=10)
            surface.blit(ready, ready.get_rect(center=pill.center))
        else:
            self._hints(surface, seat, p, [("A", N_("ready"))], at=row)

    # ------------------------------------------------------------------ the card viewer
    def _viewer(self, surface: pygame.Surface, sim: "MallFace", seat: int, p: PanelLayout) -> None:
        v = p.viewer
        panel = PANELS[sim.seat_view(seat).family.destination]
        pile = sim.held_pile(seat)
        carried = sim.carried(seat)
        card = sim.shown_card(seat)
        if pile is not None and card is not None:
            surface.blit(item_card(self.cat.items[card], v.size, colourblind=self.cb, colours=self.cat), v)
            self._ribbon(surface, v, ngettext("{n} card", "{n} cards", sim.pile_count(pile)), RIBBON_PILE)
            keys = [("X", N_("flip")), ("A", N_("take")), ("B", N_("drop"))]
            self._hints(surface, seat, p, panel.browsing(sim, seat, p, keys))
        elif carried is not None:
            surface.blit(item_card(self.cat.items[carried], v.size, colourblind=self.cb, colours=self.cat), v)
            where, keys = panel.carrying(sim, seat)
            self._ribbon(surface, v, _(where), RIBBON_CARRY)
            self._hints(surface, seat, p, keys)
        else:
            said = {"playing": N_("Find a pile"), "study": N_("Get ready!"), "countdown": N_("Get ready!")}.get(sim.phase)
            key = ("empty", v.size)
            art = self._pieces.get(key)
            if art is None:
                art = self._keep(key, self._empty_viewer(v.size))
            surface.blit(art, (v.x - EDGE_PAD, v.y - EDGE_PAD))
            if said:   # drawn on the panel: at a large UI scale its lines may reach past the slot
                self._centred_lines(surface, _(said), v.inflate(-8, -8))
            if panel.idle_hints:
                self._hints(surface, seat, p, [("A", N_("pick up"))] if sim.phase == "playing" else [])

    def _empty_viewer(self, size: tuple[int, int]) -> pygame.Surface:
        """No card in hand: an empty slot at (EDGE_PAD, EDGE_PAD), room around it for the dashes'
        width over its edge."""
        out = pygame.Surface((size[0] + 2 * EDGE_PAD, size[1] + 2 * EDGE_PAD), pygame.SRCALPHA)
        v = pygame.Rect((EDGE_PAD, EDGE_PAD), size)
        pygame.draw.rect(out, SLOT_FILL, v, border_radius=12)
        _dashed_round(out, SLOT_EMPTY, v)
        return out

    def _centred_lines(self, surface: pygame.Surface, text: str, box: pygame.Rect) -> None:
        """`text` in DIM lines centred in `box`, at 26 or as large as fits it (a large UI scale)."""
        for size in range(26, 0, -2):
            lines = widgets.wrap_text(self.ui, text, size, box.w, narrows=True)
            step = self.ui.text.line_height(size) - 4
            if len(lines) * step <= box.h + 4 or self.ui.text.font(size).get_height() <= self.ui.text.font(0).get_height():
                break
        for i, line in enumerate(lines):
            drawn = self.ui.render(line, size, DIM, max_width=box.w)    # a word that cannot break narrows
            surface.blit(drawn, drawn.get_rect(center=(box.centerx, box.centery + round((i - (len(lines) - 1) / 2) * step))))

    def _ribbon(self, surface: pygame.Surface, v: pygame.Rect, text: str, fill: tuple[int, int, int]) -> None:
        """A label across the card's foot; on a narrow viewer it narrows (never shrinks under the
        sofa bar), then takes two lines ("to" / "DRESSER")."""
        key = ("ribbon", text, fill, v.w, self.ui.text.scale)
        art = self._pieces.get(key)
        if art is None:
            art = self._keep(key, self._ribbon_art(v.w, text, fill))
        surface.blit(art, art.get_rect(midbottom=(v.centerx, v.bottom - 4)))

    def _ribbon_art(self, width: int, text: str, fill: tuple[int, int, int]) -> pygame.Surface:
        room = width - 12
        lines = [text]
        if self.ui.text.width(text, 20) * NARROWEST > room and " " in text:
            cut = min((i for i, ch in enumerate(text) if ch == " "), key=lambda i: abs(i - len(text) / 2))
            lines = [text[:cut], text[cut + 1:]]
        labels = [text_surface(line, min_font_size(), WHITE, max_width=room)
                  for line in lines]
        h = sum(label.get_height() for label in labels) - 4 * (len(labels) - 1)
        rect = pygame.Rect(0, 0, max(label.get_width() for label in labels) + 12, h + 4)
        out = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(out, fill, rect, border_radius=8)
        y = rect.y + 2
        for label in labels:
            out.blit(label, label.get_rect(midtop=(rect.centerx, y)))
            y += label.get_height() - 4
        return out

    def set_labels(self, labels: dict[int, dict[str, str]], side_by_side: set[int] | None = None) -> None:
        """What each seat's buttons are called on its device ("A" on a pad, "Space" on a keyboard),
        and the seats two people play side by side on one keyboard (a peek at the hand is a glimpse)."""
        self.labels = labels
        if side_by_side is not None:
            self.side_by_side = side_by_side

    def _label(self, seat: int, key: str) -> str:
        names = self.labels.get(seat, {})
        parts = [names.get(part, part) for part in key.split("/")]
        return parts[0] if len(parts) == 1 else "/".join(parts)   # one part keeps its family's glyph look

    def _hints(self, surface: pygame.Surface, seat: int, p: PanelLayout, items: list[tuple[str, str]],
               at: pygame.Rect | None = None) -> None:
        """Button hints: a column in the narrow panels' side strip, a row under the list when wide
        (or a row in `at`). Laid out once per set of hints and place, then blitted as laid out."""
        if self._hushed or self.bots[seat]:    # a bot presses no button: its panel names none
            return
        items = [(self._label(seat, key), _(word)) for key, word in items]   # words are marked N_()
        area = (at or p.hints) if p.wide or at is not None else p.side
        key = ("hints", tuple((str(k), getattr(k, "family", ""), w) for k, w in items), p.wide or at is not None,
               tuple(area), self.ui.text.scale)
        laid = self._laid.get(key)
        if laid is None:
            if len(self._laid) >= PIECES_KEPT:
                self._laid.clear()
            laid = self._laid[key] = self._lay_hints(items, area, p.wide or at is not None)
        surface.fblits(laid)

    def _lay_hints(self, items: list[tuple[str, str]], area: pygame.Rect,
                   row: bool) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """The hints' pieces and where they go: a row in `area`, or a column down the side strip."""
        out: list[tuple[pygame.Surface, tuple[int, int]]] = []
        if row:
            x = area.x
            for key, word in items:   # as many as fit the row (long keyboard key names take room)
                if x + _keycap_width(self.ui, key, word) > area.right:
                    break
                x = _keycap(out, self.ui, key, word, x, area.centery - 12) + 14
            return out
        s = area
        y = s.y + 2
        for key, word in items:
            cap = glyphs.badge(self.ui, key, 24)   # the seat's own pad family's glyph, or its key's name
            box = cap.get_rect(topleft=(s.x + 2, y))
            word_s = self.ui.render(word, 16, DIM)
            under = box.right + 4 + word_s.get_width() > s.right   # a long key name: the word goes under it
            if box.bottom + (word_s.get_height() if under else 0) > s.bottom:
                break      # no room left in the strip: the rest are left out, never drawn over the list
            out.append((cap, box.topleft))
            if under:
                out.append((word_s, (s.x + 2, box.bottom)))
                y += word_s.get_height()
            else:
                out.append((word_s, word_s.get_rect(midleft=(box.right + 4, box.centery)).topleft))
            y += NARROW_HINT_H
        return out

    # ------------------------------------------------------------------ list / hand / placed
    def _info(self, surface: pygame.Surface, sim: "MallFace", seat: int, p: PanelLayout) -> None:
        PANELS[sim.seat_view(seat).family.destination].info(self, surface, sim, seat, p)

    def _groups(self, sim: "MallFace", seat: int) -> list[tuple[list[str | None], int, int]]:
        """Per objective on the seat's list: (pictured items, None for each while the list is
        hidden; bags; cards placed on it)."""
        out: list[tuple[list[str | None], int, int]] = []
        for card, items, bags, placed in sim.seat_view(seat).side_objectives():
            pictured: list[str | None] = list(self.cat.objectives[card].items) if card is not None else [None] * items
            out.append((pictured, bags, placed))
        return out

    def list_panel(self, surface: pygame.Surface, sim: "MallFace", seat: int, p: PanelLayout) -> None:
        """One row per objective card, stacked, each item at least LIST_ITEM px."""
        groups = self._groups(sim, seat)
        target = sim.by_seat[seat].target_slot
        ident = self.identities[seat]
        info = p.info
        rows = len(groups) or 1
        row_h = (info.h - 4 * (rows - 1)) // rows
        size = min((info.w - 6) // 3, row_h - (14 if p.wide else 6))
        for i, (items, bags, placed) in enumerate(groups):
            rect = pygame.Rect(info.x, info.y + i * (row_h + 4), info.w, row_h)
            self._group(surface, rect, items, bags, placed, size, ident.colour if target == i else None)

    def _group(self, surface: pygame.Surface, rect: pygame.Rect, items: list[str] | list[str | None], bags: int,
               placed: int, size: int, highlight: tuple[int, int, int] | None) -> None:
        """One objective card of the list: its items (a card back for each item of a hidden
        list), bags, and one card back per card delivered to it (which ones are right stays
        secret until the results). Drawn once per look, then blitted (every frame shows it)."""
        h = min(rect.h, size + 6)
        key = ("group", tuple(items), bags, placed, size, highlight, h)
        art = self._pieces.get(key)
        if art is None:
            art = self._keep(key, self._group_art(items, bags, placed, size, highlight, h))
        surface.blit(art, (rect.x - GROUP_PAD, rect.y - GROUP_PAD))

    def _group_art(self, items: list[str] | list[str | None], bags: int, placed: int, size: int,
                   highlight: tuple[int, int, int] | None, h: int) -> pygame.Surface:
        """_group's picture, its frame at (GROUP_PAD, GROUP_PAD): the bags stand over its top edge."""
        frame = pygame.Rect(GROUP_PAD, GROUP_PAD, len(items) * size + 6, h)
        bag = max(14, size // 3)
        out = pygame.Surface((frame.w + 2 * GROUP_PAD, frame.h + 2 * GROUP_PAD), pygame.SRCALPHA)
        pygame.draw.rect(out, LIST_FILL, frame, border_radius=8)
        pygame.draw.rect(out, highlight or LIST_EDGE, frame, 4 if highlight else 2, border_radius=8)
        for k, item in enumerate(items):
            if item is None:
                art = card_back_surface((size, size))
            else:
                art = item_art(self.cat.items[item], size, self.cb, self.cat)
            out.blit(art, (frame.x + 3 + k * size, frame.y + 3))
        for b in range(bags):
            out.blit(bag_icon(bag), (frame.right - bag * (b + 1) + 4, frame.y - bag // 3))
        chip_w, chip_h = max(8, size // 4), max(11, size // 3)
        for c in range(placed):
            chip = pygame.Rect(frame.x + 2 + c * (chip_w + 2), frame.bottom - chip_h + 3, chip_w, chip_h)
            pygame.draw.rect(out, WHITE, chip.inflate(2, 2), border_radius=3)
            pygame.draw.rect(out, CARD_BACK, chip, border_radius=3)
        return out

    def _keep(self, key: tuple[object, ...], art: pygame.Surface) -> pygame.Surface:
        """Keep a drawn piece of a panel for the frames that show it again (bounded)."""
        if len(self._pieces) >= PIECES_KEPT:
            self._pieces.clear()
        self._pieces[key] = art
        return art

    def hand_panel(self, surface: pygame.Surface, sim: "MallFace", seat: int, p: PanelLayout) -> None:
        """Memory: the hand's slots (hand size = items on the list); the selected one is framed and
        lifted. Cards in hand are private: face down unless the owner holds LB/RB to look. Drawn
        once per look and kept (a 6-seat frame blitted some 60 slots and frames)."""
        hand = sim.hand(seat)
        face_up = self._face_up.get(seat, False)     # worked out with the panel's look, once a frame
        slots = max(len(hand), sim.seat_view(seat).hand_size())
        selected = sim.by_seat[seat].hand_index
        colour = self.identities[seat].colour
        info = p.info
        rows = (slots + HAND_COLS - 1) // HAND_COLS
        size = min((info.w - HAND_GAP * (HAND_COLS - 1)) // HAND_COLS, (info.h - 6 * (rows - 1)) // max(1, rows))
        shown = tuple(hand) if face_up else len(hand)   # face down, only how many
        key = ("hand", shown, slots, selected, face_up, tuple(colour), size, info.size)
        art = self._pieces.get(key)
        if art is None:
            art = pygame.Surface((info.w + 2 * HAND_PAD, info.h + 2 * HAND_PAD), pygame.SRCALPHA)
            self.hand_cells(art, (HAND_PAD, HAND_PAD), hand, slots, selected, face_up, colour, size)
            art = self._keep(key, widgets.run_length(art))   # opaque cards and clear gaps: exact
        surface.blit(art, (info.x - HAND_PAD, info.y - HAND_PAD))
        if sim.held_pile(seat) is None and sim.phase == "playing":
            calls = [("Y", N_("hold: SOLD OUT!"))] if sim.seat_view(seat).family.player_calls else []
            self._hints(surface, seat, p, [("A", N_("pick up")), ("LB/RB", N_("hand")), *calls]
                        if p.wide else [("A", N_("pick up")), ("LB/RB", N_("hand"))])

    def hand_cells(self, surface: pygame.Surface, at: tuple[int, int], hand: list[str], slots: int, selected: int,
                   face_up: bool, colour: tuple[int, int, int], size: int) -> None:
        """The hand's slots from `at`, `size` px each, HAND_COLS to a row (hand_panel keeps them)."""
        for i in range(slots):
            r, c = divmod(i, HAND_COLS)
            cell = pygame.Rect(at[0] + c * (size + HAND_GAP), at[1] + r * (size + 6), size, size)
            if i < len(hand):
                if i == selected:
                    cell = cell.move(0, -3)
                if face_up:
                    widgets.rounded_box(surface, LIST_FILL, cell, radius=8)
                    surface.blit(item_art(self.cat.items[hand[i]], size, self.cb, self.cat), cell.topleft)
                else:
                    surface.blit(card_back_surface((size, size)), cell)
                if i == selected:
                    widgets.rounded_box(surface, colour, cell.inflate(4, 4), 4, radius=9)
            else:
                widgets.rounded_box(surface, SLOT_FILL, cell, radius=8)
                widgets.rounded_box(surface, SLOT_EMPTY, cell, 2, radius=8)

    def placed_panel(self, surface: pygame.Surface, sim: "MallFace", seat: int, p: PanelLayout) -> None:
        """Tidying Up: the cards this player placed at the dressers, newest last."""
        placed = sim.seat_view(seat).placed_at_dressers()
        info = p.info
        if self._dresser_zoom(surface, sim, seat, p):
            return
        label = self.ui.render(_("Placed {n}").format(n=len(placed)), 22, DIM)
        surface.blit(label, (info.x, info.y))
        area = pygame.Rect(info.x, info.y + 26, info.w, info.h - 26)
        rows = 2 if p.wide else 1
        size = max(LIST_ITEM, min(area.h // rows - 4, (area.w - 12) // 4))
        per_row = max(1, area.w // (size + 4))
        shown = placed[-per_row * rows:]
        for i, item in enumerate(shown):
            r, c = divmod(i, per_row)
            surface.blit(item_art(self.cat.items[item], size, self.cb, self.cat),
                         (area.x + c * (size + 4), area.y + r * (size + 4)))

    def _dresser_zoom(self, surface: pygame.Surface, sim: "MallFace", seat: int, p: PanelLayout) -> bool:
        """Standing at a dresser: its card, big, where the placed cards were (the map's copy is a
        locator, too small for star print against zigzag)."""
        d = sim.dresser_in_reach(seat)
        if d is None or sim.phase != "playing":
            return False
        view = sim.seat_view(seat)
        objective = self.cat.objectives[view.dresser_cards()[d.index]]
        items = list(objective.items)
        info = p.info
        size = min((info.w - 6) // 3, info.h - 14)
        self._group(surface, info, items, objective.bags, 0, size, self.identities[seat].colour)
        badge = max(16, size // 3)
        for k, item in enumerate(items):    # already filled at this dresser: ticked
            if view.filled(d.index, item):
                x = info.x + 3 + (k + 1) * size - badge + badge // 6
                surface.blit(mark_surface("filled", badge), (x, info.y + 3 - badge // 6))
        return True

    def _hold_meter(self, surface: pygame.Surface, sim: "MallFace", seat: int, p: PanelLayout) -> None:
        """Memory: holding Y fills a bar under the name; full = SOLD OUT! is called."""
        held = sim.by_seat[seat].y_ticks
        if not sim.seat_view(seat).family.player_calls or held <= 0 or sim.phase != "playing":
            return
        frac = min(1.0, held / max(1, sim.t.hold_ticks))
        bar = pygame.Rect(p.header.x, p.header.bottom - 2, p.header.w, 8)
        pygame.draw.rect(surface, SHADOW, bar, border_radius=4)
        pygame.draw.rect(surface, STAMP_RED, (bar.x, bar.y, round(bar.w * frac), bar.h), border_radius=4)

    # ------------------------------------------------------------------ refusals
    @staticmethod
    def _rejecting(sim: "MallFace", seat: int) -> bool:
        reason, tick = sim.rejection(seat)
        return bool(reason) and tick >= 0 and sim.tick - tick <= REJECT_TICKS

    def _reason(self, sim: "MallFace", seat: int) -> str:
        """Why the seat's last action was refused, in the player's language and keys ("Q is for Memory")."""
        return say(say_reason(sim.rejection(seat)[0]), self.labels.get(seat, {}))

    def _rejection(self, surface: pygame.Surface, sim: "MallFace", seat: int, p: PanelLayout) -> None:
        """The reason, wrapped to fit over the card viewer (with the hint strip, when narrow):
        never over the list, the objective rows or another line of text. A reason too long for
        that at 16 px takes the whole panel body for its moment (the list is not drawn)."""
        box, lines, size, step = refusal_fit(self.ui, self._reason(sim, seat), p)
        lines = lines[:max(1, (box.h - 10) // step)]
        pygame.draw.rect(surface, REJECT_FILL, box, border_radius=10)
        pygame.draw.rect(surface, WHITE, box, 2, border_radius=10)
        top = box.centery - len(lines) * step // 2
        for i, line in enumerate(lines):
            text = self.ui.render(line, size, WHITE)
            surface.blit(text, text.get_rect(midtop=(box.centerx, top + i * step)))


def reject_box(p: PanelLayout) -> pygame.Rect:
    """Where a refusal shows: over the card viewer, and the hint strip beside it when narrow."""
    return p.viewer.copy() if p.wide else p.viewer.union(p.side)


def refusal_fit(ui: "UI", reason: str, p: PanelLayout) -> tuple[pygame.Rect, list[str], int, int]:
    """(box, lines, font size, line step) for a refusal: in reject_box at 19 px or the 16 px floor
    (sizes are pygame's, not pixels), else across the panel's body."""
    for box in (reject_box(p), p.body):
        for size in (28, 24):
            step = ui.text.line_height(size)
            lines = widgets.wrap_text(ui, reason, size, box.w - 12)
            if len(lines) * step + 10 <= box.h and all(ui.text.width(t, size) <= box.w - 8 for t in lines):
                return box, lines, size, step     # (a word longer than the box would run over its edge)
    return box, lines, size, step


def _keycap_width(ui: "UI", key: str, word: str) -> int:
    return glyphs.badge(ui, key, 24).get_width() + 5 + ui.render(word, 20, DIM).get_width()


def _keycap(out: list[tuple[pygame.Surface, tuple[int, int]]], ui: "UI", key: str, word: str, x: int,
            y: int) -> int:
    """A small button glyph and its meaning at (x, y), added to `out` to blit; returns the right edge."""
    cap = glyphs.badge(ui, key, 24)
    box = cap.get_rect(topleft=(x, y))
    text = ui.render(word, 20, DIM)
    out += [(cap, (x, y)), (text, (box.right + 5, box.centery - text.get_height() // 2))]
    return box.right + 5 + text.get_width()




def _dashed_round(surface: pygame.Surface, colour: tuple[int, int, int], rect: pygame.Rect) -> None:
    """A dashed frame (an empty slot)."""
    dash = 6
    for x in range(rect.left + 6, rect.right - 6, dash * 2):
        end = min(x + dash, rect.right - 6)
        pygame.draw.line(surface, colour, (x, rect.top), (end, rect.top), 2)
        pygame.draw.line(surface, colour, (x, rect.bottom - 1), (end, rect.bottom - 1), 2)
    for y in range(rect.top + 6, rect.bottom - 6, dash * 2):
        end = min(y + dash, rect.bottom - 6)
        pygame.draw.line(surface, colour, (rect.left, y), (rect.left, end), 2)
        pygame.draw.line(surface, colour, (rect.right - 1, y), (rect.right - 1, end), 2)


class Panel:
    """What a seat's panel shows where the round's family sends taken cards (one per
    `Destination`; PANELS maps them): the hints while browsing a pile and while carrying a
    card, and the panel's body (the list, the hand, the cards placed)."""

    idle_hints = True           # the empty card viewer hints "A pick up" (unless the body does)

    def browsing(self, sim: "MallFace", seat: int, p: PanelLayout, keys: list[tuple[str, str]]) -> list[tuple[str, str]]:
        return keys

    def carrying(self, sim: "MallFace", seat: int) -> tuple[str, list[tuple[str, str]]]:
        """The carried card's ribbon (where it goes, marked N_) and its hints."""
        return "", []

    def info(self, hud: Hud, surface: pygame.Surface, sim: "MallFace", seat: int, p: PanelLayout) -> None:
        raise NotImplementedError

    def look(self, hud: Hud, sim: "MallFace", seat: int) -> tuple[object, ...]:
        """What the panel's body shows (Hud._look: the panel is laid again when it changes)."""
        raise NotImplementedError


class ListPanel(Panel):
    """Destination.TABLE: the side's list (face down while hidden), the next card's target framed."""

    def carrying(self, sim: "MallFace", seat: int) -> tuple[str, list[tuple[str, str]]]:
        keys = [("A", N_("deliver"))]
        if sim.seat_view(seat).table_refuses():
            keys.append(("B", N_("put back")))   # a card goes back only once the assist refused it
        keys.append(("LB/RB", N_("list")))
        return N_("to TABLE"), keys

    def info(self, hud: Hud, surface: pygame.Surface, sim: "MallFace", seat: int, p: PanelLayout) -> None:
        hud.list_panel(surface, sim, seat, p)

    def look(self, hud: Hud, sim: "MallFace", seat: int) -> tuple[object, ...]:
        return hud.list_look(sim, seat)


class HandPanel(Panel):
    """Destination.HAND: the hand's slots, and the hand's hints (the body shows "A pick up")."""

    idle_hints = False

    def browsing(self, sim: "MallFace", seat: int, p: PanelLayout, keys: list[tuple[str, str]]) -> list[tuple[str, str]]:
        if sim.by_seat[seat].hand_open:
            return [("LB/RB", N_("choose")), ("B", N_("put back"))]
        # The narrow strip holds three hints.
        return [*keys, ("LB/RB", N_("hand"))] if p.wide else [keys[0], keys[1], ("LB/RB", N_("hand"))]

    def info(self, hud: Hud, surface: pygame.Surface, sim: "MallFace", seat: int, p: PanelLayout) -> None:
        hud.hand_panel(surface, sim, seat, p)

    def look(self, hud: Hud, sim: "MallFace", seat: int) -> tuple[object, ...]:
        return hud.hand_look(sim, seat)


class DresserPanel(Panel):
    """Destination.DRESSER: the cards the player placed (at a dresser, its card, big)."""

    def carrying(self, sim: "MallFace", seat: int) -> tuple[str, list[tuple[str, str]]]:
        return N_("to DRESSER"), [("A", N_("place")), ("B", N_("put back"))]

    def info(self, hud: Hud, surface: pygame.Surface, sim: "MallFace", seat: int, p: PanelLayout) -> None:
        hud.placed_panel(surface, sim, seat, p)

    def look(self, hud: Hud, sim: "MallFace", seat: int) -> tuple[object, ...]:
        return hud.placed_look(sim, seat)


PANELS: dict[Destination, Panel] = {Destination.TABLE: ListPanel(), Destination.HAND: HandPanel(),
                                    Destination.DRESSER: DresserPanel()}
