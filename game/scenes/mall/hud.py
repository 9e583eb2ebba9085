"""The HUD band of the mall: one panel per seat, composed from the parts that draw it.

A panel shows the seat (colour, shape, name, match bags: hud_header.py), the card viewer (the
shown card of the held pile, or the carried card, big enough to tell variants apart from a
sofa: hud_viewer.py), and under or beside it the body (hud_bodies.py): the shopping list
(Rush), the hand (Memory) or the cards placed (Tidying Up); Memory's study shows the list big
(hud_study.py). A refused action flashes its reason across the panel (hud_refusal.py); the
button hints are hud_hints.py; what the parts share is hud_kit.py. Panel frames are drawn once
into the static background; only contents are drawn per frame, laid in a kept copy when what a
panel shows (its look) changes.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.match.seats import SeatIdentity
from game.render.cast import Character
from game.scenes.mall.hud_bodies import PanelBodies
from game.scenes.mall.hud_header import SeatHeaders
from game.scenes.mall.hud_hints import Hints
from game.scenes.mall.hud_kit import PanelKit
from game.scenes.mall.hud_refusal import draw_refusal, reason, refusal_fit, rejecting
from game.scenes.mall.hud_study import draw_study
from game.scenes.mall.hud_viewer import CardViewer
from game.scenes.mall.layout import MallLayout, PanelLayout

if TYPE_CHECKING:
    from game.render.ui import UI
    from game.sim.mall_face import MallForPanels


class Hud:
    def __init__(self, sim: "MallForPanels", layout: MallLayout, ui: "UI",
                 identities: dict[int, SeatIdentity], names: dict[int, str], colourblind: bool,
                 shoppers: dict[int, Character] | None = None) -> None:
        self.layout = layout
        self.ui = ui
        self.kit = PanelKit(sim, layout, ui, identities, names, colourblind, shoppers)
        self.hints = Hints(self.kit)
        self.headers = SeatHeaders(self.kit)
        self.bodies = PanelBodies(self.kit, self.hints)
        self.viewer = CardViewer(self.kit, self.hints)
        self.backdrop: pygame.Surface | None = None   # see set_backdrop
        self.laid: pygame.Surface | None = None
        self._looks: dict[int, tuple[object, ...]] = {}   # seat -> what its laid panel shows (_look)

    # What the picture and the scene set and read of the panels (the kit holds them for every part).
    @property
    def panel_of(self) -> dict[int, PanelLayout]:
        return self.kit.panel_of

    @property
    def identities(self) -> dict[int, SeatIdentity]:
        return self.kit.identities

    @property
    def teams(self) -> dict[int, int]:
        return self.kit.teams

    @property
    def bots(self) -> dict[int, bool]:
        return self.kit.bots

    @property
    def labels(self) -> dict[int, dict[str, str]]:
        return self.kit.labels

    @property
    def side_by_side(self) -> set[int]:
        return self.kit.side_by_side

    @property
    def cb(self) -> bool:
        return self.kit.cb

    @cb.setter
    def cb(self, colourblind: bool) -> None:
        self.kit.cb = colourblind

    def set_labels(self, labels: dict[int, dict[str, str]], side_by_side: set[int] | None = None) -> None:
        """What each seat's buttons are called on its device ("A" on a pad, "Space" on a keyboard),
        and the seats two people play side by side on one keyboard (a peek at the hand is a glimpse)."""
        self.kit.labels = labels
        if side_by_side is not None:
            self.kit.side_by_side = side_by_side

    def draw_frames(self, surface: pygame.Surface) -> None:
        """Panel frames, seat badges and names: drawn once into the static background."""
        self.headers.draw_frames(surface)

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

    def draw(self, surface: pygame.Surface, sim: "MallForPanels", totals: dict[int, int]) -> None:
        """The panels' contents (every frame without a backdrop; with one, those whose look
        changed, laid in the kept copy too), and the hold meters, which move while Y is held."""
        laid, backdrop = self.laid, self.backdrop
        for seat, p in self.kit.panel_of.items():
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
            self.headers.hold_meter(surface, sim, seat, p)

    def _look(self, sim: "MallForPanels", seat: int, total: int) -> tuple[object, ...]:
        """Everything a seat's panel shows but its hold meter: the score, the phase, a refusal, the
        viewer's card, pile and carried card, the body by the round's family (the list and its
        target; the hand, face up or down; the cards placed and the dresser in reach), the button
        names and the look of the art. Works out whether a Memory hand shows this frame (a peek
        has a clock), once a frame, for the drawing too."""
        kit = self.kit
        view = sim.seat_view(seat)
        av = sim.by_seat[seat]
        family = view.family
        pile = sim.held_pile(seat)
        refused = rejecting(sim, seat)
        look: list[object] = [total, sim.phase, family.destination, family.player_calls,
                              sim.rejection(seat)[0] if refused else None, pile,
                              None if pile is None else (sim.shown_card(seat), sim.pile_count(pile)),
                              sim.carried(seat), av.hand_open, av.ready, av.target_slot,
                              self._label_look(seat), seat in kit.side_by_side,
                              kit.cb, self.ui.text.scale]
        if sim.phase == "study":
            look.append(tuple(sim.shopping_list(seat)))
        look += self.bodies.look(sim, seat)
        return tuple(look)

    def _label_look(self, seat: int) -> tuple[tuple[str, str, str], ...]:
        """The seat's button names as its hints draw them: a pad's glyph look (its family) too,
        for two families name a button alike ("A")."""
        return tuple((button, str(name), getattr(name, "family", ""))
                     for button, name in sorted(self.kit.labels.get(seat, {}).items()))

    def _contents(self, surface: pygame.Surface, sim: "MallForPanels", seat: int, p: PanelLayout, total: int) -> None:
        """A panel's contents but its hold meter: the score, then the study's list, or the card
        viewer and the body; a refusal over what it covers."""
        self.headers.score(surface, p, total)
        refused = rejecting(sim, seat)
        said = reason(sim, seat, self.kit.labels.get(seat, {})) if refused else ""
        whole = refused and refusal_fit(self.ui, said, p)[0] == p.body
        # A refusal covers the card viewer (and a narrow panel's hints; a long one the whole
        # panel, for a moment): what it covers is not drawn.
        self.kit.hushed = refused and (whole or not p.wide)
        if sim.phase == "study":
            draw_study(self.bodies, surface, sim, seat, p)
        else:
            if not refused:
                self.viewer.draw(surface, sim, seat, p)
            if not whole:
                self.bodies.draw(surface, sim, seat, p)
        if refused:
            draw_refusal(surface, self.ui, said, p)
