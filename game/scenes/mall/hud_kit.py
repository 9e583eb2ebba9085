"""What every part of the mall's HUD shares (game/scenes/mall/hud.py composes them): the seats as
the panels show them, the button names, and the drawn pieces kept between frames."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.match.seats import SeatIdentity
from game.render.cast import Character
from game.scenes.mall.draw import seat_teams
from game.scenes.mall.layout import MallLayout, PanelLayout

if TYPE_CHECKING:
    from game.render.ui import UI
    from game.rules.soldout import Catalogue
    from game.sim.mall_face import MallForPanels

PIECES_KEPT = 256    # drawn panel pieces kept (lists, ribbons, hints): far more than six panels show


class PanelKit:
    """The panels' shared state. One object, held by every part, so a switch made on the HUD
    (colour-blind mode, a bot taking a seat, new button names) reaches every part at once."""

    def __init__(self, sim: "MallForPanels", layout: MallLayout, ui: "UI", identities: dict[int, SeatIdentity],
                 names: dict[int, str], colourblind: bool, shoppers: dict[int, Character] | None) -> None:
        self.ui = ui
        self.cat: "Catalogue" = sim.catalogue
        self.cb = colourblind
        self.identities = identities
        self.names = names
        self.shoppers = shoppers or {}   # each seat's character (its header's portrait)
        self.panel_of: dict[int, PanelLayout] = {seat: layout.panels[i] for i, seat in enumerate(sim.seats)}
        self.bots = {seat: sim.by_seat[seat].bot for seat in sim.seats}
        self.labels: dict[int, dict[str, str]] = {}
        self.side_by_side: set[int] = set()
        # Teams share a list and a score: a team-mate's panel wears the team's border and emblem.
        self.teams = seat_teams(sim)
        self.hushed = False   # the panel being drawn has its hints under a refusal: not drawn
        self.pieces: dict[tuple[object, ...], pygame.Surface] = {}   # see keep

    def keep(self, key: tuple[object, ...], art: pygame.Surface) -> pygame.Surface:
        """Keep a drawn piece of a panel for the frames that show it again (bounded)."""
        if len(self.pieces) >= PIECES_KEPT:
            self.pieces.clear()
        self.pieces[key] = art
        return art
