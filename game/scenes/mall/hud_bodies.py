"""A mall panel's body, by where the round's family sends taken cards (a `Panel` per
`Destination`; PANELS maps them): the shopping list (Rush), the hand (Memory) or the cards
placed and the dresser in reach (Tidying Up). Each is drawn once per look and kept."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.render import widgets
from game.render.clothing import card_back_surface, item_art, mark_surface
from game.render.icons import bag_icon
from game.render.palette import CARD_BACK, DIM, PAPER, PAPER_EDGE, SLOT_EMPTY, SLOT_FILL, WHITE
from game.rules.soldout.family import Destination
from game.scenes.mall.hud_hints import Hints
from game.scenes.mall.hud_kit import PanelKit
from game.scenes.mall.layout import LIST_ITEM, PanelLayout
from game.scenes.secrets import Glimpse
from game.text.i18n import N_, _

if TYPE_CHECKING:
    from game.sim.mall_face import MallForPanels

LIST_FILL = PAPER
LIST_EDGE = PAPER_EDGE
GROUP_PAD = 24       # room around a kept objective card for the bags over its edge (a third of an item)
HAND_COLS, HAND_GAP = 3, 3   # Memory's hand: slots to a row; narrow gaps, so each item gets the list's px
HAND_PAD = 6         # round a kept hand: the selected card stands 3 px higher, its frame 2 px out

Groups = list[tuple[list[str | None], int, int]]


class PanelBodies:
    """The bodies' drawing and what each shows (its look: the panel is laid again when it changes)."""

    def __init__(self, kit: PanelKit, hints: Hints) -> None:
        self.kit = kit
        self.hints = hints
        self.glimpse = Glimpse()   # Memory's hand face up: while LB/RB is held, a glimpse on a shared keyboard
        self.face_up: dict[int, bool] = {}             # seat -> its Memory hand shows this frame

    def draw(self, surface: pygame.Surface, sim: "MallForPanels", seat: int, p: PanelLayout) -> None:
        PANELS[sim.seat_view(seat).family.destination].info(self, surface, sim, seat, p)

    def look(self, sim: "MallForPanels", seat: int) -> tuple[object, ...]:
        return PANELS[sim.seat_view(seat).family.destination].look(self, sim, seat)

    # ------------------------------------------------------------------ looks
    def list_look(self, sim: "MallForPanels", seat: int) -> tuple[object, ...]:
        """What a list panel's body shows: each objective's items, bags and cards placed."""
        return tuple((tuple(items), bags, placed) for items, bags, placed in self.groups(sim, seat)), \
            sim.seat_view(seat).table_refuses()

    def hand_look(self, sim: "MallForPanels", seat: int) -> tuple[object, ...]:
        """What a hand panel's body shows, the hand face up only while its owner peeks (kept for
        the drawing: a peek has a clock, asked once a frame)."""
        av = sim.by_seat[seat]
        face_up = self.glimpse.shows(seat, av.hand_open and sim.phase == "playing", sim.tick, av.hand_index,
                                     seat in self.kit.side_by_side)
        self.face_up[seat] = face_up
        hand = sim.hand(seat)
        return tuple(hand) if face_up else len(hand), face_up, sim.seat_view(seat).hand_size(), av.hand_index

    def placed_look(self, sim: "MallForPanels", seat: int) -> tuple[object, ...]:
        """What a placed panel's body shows: the cards placed, or the dresser in reach, its card
        and what is filled on it."""
        view = sim.seat_view(seat)
        d = sim.dresser_in_reach(seat)
        if d is None:
            return (tuple(view.placed_at_dressers()),)
        card = view.dresser_cards()[d.index]
        return (tuple(view.placed_at_dressers()), d.index, card,
                tuple(view.filled(d.index, item) for item in self.kit.cat.objectives[card].items))

    # ------------------------------------------------------------------ the list
    def groups(self, sim: "MallForPanels", seat: int) -> Groups:
        """Per objective on the seat's list: (pictured items, None for each while the list is
        hidden; bags; cards placed on it)."""
        out: Groups = []
        for card, items, bags, placed in sim.seat_view(seat).side_objectives():
            pictured: list[str | None] = list(self.kit.cat.objectives[card].items) if card is not None else [None] * items
            out.append((pictured, bags, placed))
        return out

    def list_panel(self, surface: pygame.Surface, sim: "MallForPanels", seat: int, p: PanelLayout) -> None:
        """One row per objective card, stacked, each item at least LIST_ITEM px."""
        groups = self.groups(sim, seat)
        target = sim.by_seat[seat].target_slot
        ident = self.kit.identities[seat]
        info = p.info
        rows = len(groups) or 1
        row_h = (info.h - 4 * (rows - 1)) // rows
        size = min((info.w - 6) // 3, row_h - (14 if p.wide else 6))
        for i, (items, bags, placed) in enumerate(groups):
            rect = pygame.Rect(info.x, info.y + i * (row_h + 4), info.w, row_h)
            self.group(surface, rect, items, bags, placed, size, ident.colour if target == i else None)

    def group(self, surface: pygame.Surface, rect: pygame.Rect, items: list[str] | list[str | None], bags: int,
              placed: int, size: int, highlight: tuple[int, int, int] | None) -> None:
        """One objective card of the list: its items (a card back for each item of a hidden
        list), bags, and one card back per card delivered to it (which ones are right stays
        secret until the results). Drawn once per look, then blitted (every frame shows it)."""
        h = min(rect.h, size + 6)
        key = ("group", tuple(items), bags, placed, size, highlight, h)
        art = self.kit.pieces.get(key)
        if art is None:
            art = self.kit.keep(key, self._group_art(items, bags, placed, size, highlight, h))
        surface.blit(art, (rect.x - GROUP_PAD, rect.y - GROUP_PAD))

    def _group_art(self, items: list[str] | list[str | None], bags: int, placed: int, size: int,
                   highlight: tuple[int, int, int] | None, h: int) -> pygame.Surface:
        """group's picture, its frame at (GROUP_PAD, GROUP_PAD): the bags stand over its top edge."""
        cat = self.kit.cat
        frame = pygame.Rect(GROUP_PAD, GROUP_PAD, len(items) * size + 6, h)
        bag = max(14, size // 3)
        out = pygame.Surface((frame.w + 2 * GROUP_PAD, frame.h + 2 * GROUP_PAD), pygame.SRCALPHA)
        pygame.draw.rect(out, LIST_FILL, frame, border_radius=8)
        pygame.draw.rect(out, highlight or LIST_EDGE, frame, 4 if highlight else 2, border_radius=8)
        for k, item in enumerate(items):
            if item is None:
                art = card_back_surface((size, size))
            else:
                art = item_art(cat.items[item], size, self.kit.cb, cat)
            out.blit(art, (frame.x + 3 + k * size, frame.y + 3))
        for b in range(bags):
            out.blit(bag_icon(bag), (frame.right - bag * (b + 1) + 4, frame.y - bag // 3))
        chip_w, chip_h = max(8, size // 4), max(11, size // 3)
        for c in range(placed):
            chip = pygame.Rect(frame.x + 2 + c * (chip_w + 2), frame.bottom - chip_h + 3, chip_w, chip_h)
            pygame.draw.rect(out, WHITE, chip.inflate(2, 2), border_radius=3)
            pygame.draw.rect(out, CARD_BACK, chip, border_radius=3)
        return out

    # ------------------------------------------------------------------ the hand
    def hand_panel(self, surface: pygame.Surface, sim: "MallForPanels", seat: int, p: PanelLayout) -> None:
        """Memory: the hand's slots (hand size = items on the list); the selected one is framed and
        lifted. Cards in hand are private: face down unless the owner holds LB/RB to look. Drawn
        once per look and kept (a 6-seat frame blitted some 60 slots and frames)."""
        hand = sim.hand(seat)
        face_up = self.face_up.get(seat, False)     # worked out with the panel's look, once a frame
        slots = max(len(hand), sim.seat_view(seat).hand_size())
        selected = sim.by_seat[seat].hand_index
        colour = self.kit.identities[seat].colour
        info = p.info
        rows = (slots + HAND_COLS - 1) // HAND_COLS
        size = min((info.w - HAND_GAP * (HAND_COLS - 1)) // HAND_COLS, (info.h - 6 * (rows - 1)) // max(1, rows))
        shown = tuple(hand) if face_up else len(hand)   # face down, only how many
        key = ("hand", shown, slots, selected, face_up, tuple(colour), size, info.size)
        art = self.kit.pieces.get(key)
        if art is None:
            art = pygame.Surface((info.w + 2 * HAND_PAD, info.h + 2 * HAND_PAD), pygame.SRCALPHA)
            self.hand_cells(art, (HAND_PAD, HAND_PAD), hand, slots, selected, face_up, colour, size)
            art = self.kit.keep(key, widgets.run_length(art))   # opaque cards and clear gaps: exact
        surface.blit(art, (info.x - HAND_PAD, info.y - HAND_PAD))
        if sim.held_pile(seat) is None and sim.phase == "playing":
            calls = [("Y", N_("hold: SOLD OUT!"))] if sim.seat_view(seat).family.player_calls else []
            self.hints.draw(surface, seat, p, [("A", N_("pick up")), ("LB/RB", N_("hand")), *calls]
                            if p.wide else [("A", N_("pick up")), ("LB/RB", N_("hand"))])

    def hand_cells(self, surface: pygame.Surface, at: tuple[int, int], hand: list[str], slots: int, selected: int,
                   face_up: bool, colour: tuple[int, int, int], size: int) -> None:
        """The hand's slots from `at`, `size` px each, HAND_COLS to a row (hand_panel keeps them)."""
        cat = self.kit.cat
        for i in range(slots):
            r, c = divmod(i, HAND_COLS)
            cell = pygame.Rect(at[0] + c * (size + HAND_GAP), at[1] + r * (size + 6), size, size)
            if i < len(hand):
                if i == selected:
                    cell = cell.move(0, -3)
                if face_up:
                    widgets.rounded_box(surface, LIST_FILL, cell, radius=8)
                    surface.blit(item_art(cat.items[hand[i]], size, self.kit.cb, cat), cell.topleft)
                else:
                    surface.blit(card_back_surface((size, size)), cell)
                if i == selected:
                    widgets.rounded_box(surface, colour, cell.inflate(4, 4), 4, radius=9)
            else:
                widgets.rounded_box(surface, SLOT_FILL, cell, radius=8)
                widgets.rounded_box(surface, SLOT_EMPTY, cell, 2, radius=8)

    # ------------------------------------------------------------------ the cards placed
    def placed_panel(self, surface: pygame.Surface, sim: "MallForPanels", seat: int, p: PanelLayout) -> None:
        """Tidying Up: the cards this player placed at the dressers, newest last."""
        placed = sim.seat_view(seat).placed_at_dressers()
        info = p.info
        if self._dresser_zoom(surface, sim, seat, p):
            return
        label = self.kit.ui.render(_("Placed {n}").format(n=len(placed)), 22, DIM)
        surface.blit(label, (info.x, info.y))
        area = pygame.Rect(info.x, info.y + 26, info.w, info.h - 26)
        rows = 2 if p.wide else 1
        size = max(LIST_ITEM, min(area.h // rows - 4, (area.w - 12) // 4))
        per_row = max(1, area.w // (size + 4))
        shown = placed[-per_row * rows:]
        cat = self.kit.cat
        for i, item in enumerate(shown):
            r, c = divmod(i, per_row)
            surface.blit(item_art(cat.items[item], size, self.kit.cb, cat),
                         (area.x + c * (size + 4), area.y + r * (size + 4)))

    def _dresser_zoom(self, surface: pygame.Surface, sim: "MallForPanels", seat: int, p: PanelLayout) -> bool:
        """Standing at a dresser: its card, big, where the placed cards were (the map's copy is a
        locator, too small for star print against zigzag)."""
        d = sim.dresser_in_reach(seat)
        if d is None or sim.phase != "playing":
            return False
        view = sim.seat_view(seat)
        objective = self.kit.cat.objectives[view.dresser_cards()[d.index]]
        items = list(objective.items)
        info = p.info
        size = min((info.w - 6) // 3, info.h - 14)
        self.group(surface, info, items, objective.bags, 0, size, self.kit.identities[seat].colour)
        badge = max(16, size // 3)
        for k, item in enumerate(items):    # already filled at this dresser: ticked
            if view.filled(d.index, item):
                x = info.x + 3 + (k + 1) * size - badge + badge // 6
                surface.blit(mark_surface("filled", badge), (x, info.y + 3 - badge // 6))
        return True


class Panel:
    """What a seat's panel shows where the round's family sends taken cards (one per
    `Destination`; PANELS maps them): the hints while browsing a pile and while carrying a
    card, and the panel's body (the list, the hand, the cards placed)."""

    idle_hints = True           # the empty card viewer hints "A pick up" (unless the body does)

    def browsing(self, sim: "MallForPanels", seat: int, p: PanelLayout, keys: list[tuple[str, str]]) -> list[tuple[str, str]]:
        return keys

    def carrying(self, sim: "MallForPanels", seat: int) -> tuple[str, list[tuple[str, str]]]:
        """The carried card's ribbon (where it goes, marked N_) and its hints."""
        return "", []

    def info(self, bodies: PanelBodies, surface: pygame.Surface, sim: "MallForPanels", seat: int, p: PanelLayout) -> None:
        raise NotImplementedError

    def look(self, bodies: PanelBodies, sim: "MallForPanels", seat: int) -> tuple[object, ...]:
        """What the panel's body shows (Hud._look: the panel is laid again when it changes)."""
        raise NotImplementedError


class ListPanel(Panel):
    """Destination.TABLE: the side's list (face down while hidden), the next card's target framed."""

    def carrying(self, sim: "MallForPanels", seat: int) -> tuple[str, list[tuple[str, str]]]:
        keys = [("A", N_("deliver"))]
        if sim.seat_view(seat).table_refuses():
            keys.append(("B", N_("put back")))   # a card goes back only once the assist refused it
        keys.append(("LB/RB", N_("list")))
        return N_("to TABLE"), keys

    def info(self, bodies: PanelBodies, surface: pygame.Surface, sim: "MallForPanels", seat: int, p: PanelLayout) -> None:
        bodies.list_panel(surface, sim, seat, p)

    def look(self, bodies: PanelBodies, sim: "MallForPanels", seat: int) -> tuple[object, ...]:
        return bodies.list_look(sim, seat)


class HandPanel(Panel):
    """Destination.HAND: the hand's slots, and the hand's hints (the body shows "A pick up")."""

    idle_hints = False

    def browsing(self, sim: "MallForPanels", seat: int, p: PanelLayout, keys: list[tuple[str, str]]) -> list[tuple[str, str]]:
        if sim.by_seat[seat].hand_open:
            return [("LB/RB", N_("choose")), ("B", N_("put back"))]
        # The narrow strip holds three hints.
        return [*keys, ("LB/RB", N_("hand"))] if p.wide else [keys[0], keys[1], ("LB/RB", N_("hand"))]

    def info(self, bodies: PanelBodies, surface: pygame.Surface, sim: "MallForPanels", seat: int, p: PanelLayout) -> None:
        bodies.hand_panel(surface, sim, seat, p)

    def look(self, bodies: PanelBodies, sim: "MallForPanels", seat: int) -> tuple[object, ...]:
        return bodies.hand_look(sim, seat)


class DresserPanel(Panel):
    """Destination.DRESSER: the cards the player placed (at a dresser, its card, big)."""

    def carrying(self, sim: "MallForPanels", seat: int) -> tuple[str, list[tuple[str, str]]]:
        return N_("to DRESSER"), [("A", N_("place")), ("B", N_("put back"))]

    def info(self, bodies: PanelBodies, surface: pygame.Surface, sim: "MallForPanels", seat: int, p: PanelLayout) -> None:
        bodies.placed_panel(surface, sim, seat, p)

    def look(self, bodies: PanelBodies, sim: "MallForPanels", seat: int) -> tuple[object, ...]:
        return bodies.placed_look(sim, seat)


PANELS: dict[Destination, Panel] = {Destination.TABLE: ListPanel(), Destination.HAND: HandPanel(),
                                    Destination.DRESSER: DresserPanel()}
