"""The dice table as the players see it: the board, the seat panels and the overlays, drawn from
a TableSim, with the art the next moments will need rendered ahead in the time after each
present (`idle`), never in a frame's own work.

A TablePicture is what the table scene and the Check Out! speedrun scene both show."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Callable

import pygame

from game.match.seats import SeatIdentity, identities
from game.scenes.own_pictures import let_go_of_clothing
from game.scenes.pads import find_me_age, pulse_rings
from game.scenes.shoppers import seat_cast
from game.scenes.table.draw import TableView
from game.scenes.table.hud import SeatHud
from game.scenes.table.layout import PRODUCTS, SCREEN, SeatPanel, card_rects, seat_panels
from game.scenes.table.overlay import Overlays
from game.scenes.table.paint import TableKeys, Texts
from game.sim.table_face import TableFace

if TYPE_CHECKING:
    from game.core.context import Context


class TablePicture:
    """Everything drawn for one table (its seats' identities), for the sim it is shown."""

    def __init__(self, ctx: Context, sim: TableFace, ids: list[SeatIdentity], labels: list[str],
                 bots: list[bool] | None = None) -> None:
        self.ctx = ctx
        self.sim = sim
        self.ids = ids
        self.texts = Texts()
        self.keys = TableKeys(ctx.ui, sim.n)   # each seat's own keys, and everyone's (the scene fills it)
        self.shoppers = seat_cast(ctx, [ident.index for ident in ids])   # each seat's character
        self.hud = SeatHud(sim, seat_panels(sim.n), ids, labels, self.texts, self.keys, bots, self.shoppers)
        self.view = TableView(sim, ids, self.texts, self.keys)
        self.overlays = Overlays(sim, ids, self.texts, self.keys)
        self.static: pygame.Surface | None = None
        self.shown: pygame.Surface | None = None   # the static layer with the panels' texts (SeatHud)
        self.warm: list[Callable[[], object]] = []   # art to render ahead, after the presents
        self.warm_table: list[str] = []
        self.warm_display: list[str] = []    # the bargains whose promo/size variants are queued
        self.warm_phase: tuple[object, int] | None = None   # the phase and round whose next texts are queued

    def show(self, sim: TableFace, labels: list[str]) -> None:
        """A new sim (a speedrun's restart): the panels, board and overlays hold it, the frames are
        drawn again."""
        self.sim = sim
        self.hud = SeatHud(sim, seat_panels(sim.n), self.ids, labels, self.texts, self.keys, shoppers=self.shoppers)
        self.view = TableView(sim, self.ids, self.texts, self.keys)
        self.overlays = Overlays(sim, self.ids, self.texts, self.keys)
        self.static = self.shown = None

    def mark_bot(self, index: int, label: str) -> None:
        """A bot took the seat over: its name plate says so (part of the static layer)."""
        self.hud.labels[index] = label
        self.hud.bots[index] = True
        self.static = self.shown = None

    def drop_layers(self) -> None:
        """Let the static layer, the panels laid on it and the kept cards go (the scene is left:
        ~12 MB at once, not when the cycle collector next runs); drawn again if shown again."""
        self.static = self.shown = None
        self.hud.drop_backdrop()
        self.view.drop_kept()

    def _build_static(self) -> pygame.Surface:
        surf = pygame.Surface(SCREEN)
        surf.blit(self.ctx.ui.background(SCREEN), (0, 0))
        self.view.draw_frames(surf)
        self.hud.cb = self.ctx.settings.colourblind
        self.hud.draw_frames(surf, self.ctx.ui)
        self.static = surf.convert() if pygame.display.get_surface() is not None else surf
        self.view.static = self.static
        self.shown = self.hud.set_backdrop(self.static)
        self.warm += self.view.warm_dice()
        return self.static

    def draw(self, surface: pygame.Surface, lobby_seat: Callable[[int], int]) -> None:
        if self.hud.cb != self.ctx.settings.colourblind:   # switched in the pause menu: the portraits change
            self.static = self.shown = None
        static = self.static or self._build_static()
        self._queue_ahead()
        sim = self.sim
        tick = sim.tick
        surface.blit(self.shown or static, (0, 0))   # the static layer with the panels' texts laid in
        totals = [s.total for s in sim.scores()]
        # The panels first: each is copied in whole (text laid on its backdrop), so what the middle
        # draws over their edges (a buyer's badge at a bargain's corner) must come after.
        self.hud.draw(surface, tick, totals)
        self.view.draw_centre(surface, tick)
        self.view.draw_board(surface, tick)
        self.hud.draw_top(surface, tick)
        self.overlays.draw(surface, tick)
        draw_table_find_me(surface, self.ctx, sim, lobby_seat, self.hud.panels)

    def _queue_ahead(self) -> None:
        """Queue the art the table's state will soon need (a new deal, a new display)."""
        sim = self.sim
        if sim.table_products() != self.warm_table:
            self.warm_table = sim.table_products()
            # Queued first so they are drawn last: this round's cards and variants come before.
            self.warm[:0] = self.view.warm_next_cards()
            self.warm += self.view.warm_cards()
        if (sim.phase, sim.round_number()) != self.warm_phase:
            self.warm_phase = (sim.phase, sim.round_number())
            # Drawn first (popped from the end): the next phase may be a moment away.
            self.warm += self.hud.warm_top() + self.overlays.warm()
        if sim.display() != self.warm_display:
            self.warm_display = sim.display()
            # Needed only at checkout: after the cards and dice a grab or a roll may show next.
            self.warm[:0] = self.view.warm_bargains()

    def idle(self, until: float) -> None:
        """Render ahead, after the present, until `until`: a table not drawn yet (the fade before
        its first draw) builds its static layer and its first deal's cards; the seat panels whose
        words changed and were left for later (SeatHud.draw); then the queued art
        (a round's cards as they may be taken, the bargains' variants, tumbling dice: about
        40 ms at a round's start). No frame later pays for a first render, none pays for it now.
        Sold Out!'s clothing is let go first (never drawn here: game/scenes/own_pictures.py)."""
        let_go_of_clothing()   # first: the renders below reuse its memory instead of adding to it
        if self.static is None and time.perf_counter() < until:
            self._build_static()
        self.hud.idle(until, [s.total for s in self.sim.scores()])   # panels left for after the present
        self._queue_ahead()
        warm = self.warm
        while warm and time.perf_counter() < until:
            warm.pop()()


def draw_table_find_me(surface: pygame.Surface, ctx: Context, sim: TableFace, seat_of: Callable[[int], int],
                       panels: list[SeatPanel]) -> None:
    """Pulse the seat's panel and its cursor on the table."""
    rects = card_rects(sim.places(), PRODUCTS) if sim.table_products() else []
    for panel in panels:
        seat = seat_of(panel.seat)
        age = find_me_age(ctx, seat)
        if age is None:
            continue
        colour = identities()[seat].colour
        grow = 4 + (age % 30) // 3
        pygame.draw.rect(surface, colour, panel.rect.inflate(grow * 2, grow * 2), 5, border_radius=18)
        if rects:
            rect = rects[min(sim.seats[panel.seat].cursor, len(rects) - 1)]
            pulse_rings(surface, seat, rect.center, min(rect.w, rect.h) // 3, age)
