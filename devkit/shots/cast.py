"""The cast's screenshot scenes: every character in every animation state, in the seat colours and
in colour-blind mode (the sheet tools/cast_sheet.py writes, laid out to one 1280x720 picture)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from game.core.scene import Scene
from game.match.seats import identities
from game.render import widgets
from game.render.cast import cast
from game.render.figure import Look, figure
from game.render.poses import STATES
from game.scenes import registry
from game.text.i18n import _

if TYPE_CHECKING:
    from game.core.context import Context

NAMES_W = 140          # the characters' names down the left
ROW_H = 86             # one character's row, while the cast fits the picture at it ...
FIGURE = 38            # ... with one shopper size: the map's at 720p with six seats
TOP, BOTTOM = 20, 710  # the rows' band (a larger cast, unlocks included, shares it)
# The frame of each state that says it best on a still picture (tools/cast_sheet.py's choice).
KEY_FRAME = {"idle": 0, "fidget": 3, "walk": 2, "carry": 2, "browse": 1, "deliver": 2, "bump": 0,
             "surprise": 1, "cheer": 1, "slump": 1}


class CastSheet(Scene):
    """A row of shoppers per character (eleven with the career's unlocks: rows and figures shrink
    to fit), each in its default seat's colour and shape, and a
    column per state (idle, fidget, walk, carry, browse, deliver, bump, surprise, cheer, slump)."""

    name = "cast"

    def __init__(self, ctx: "Context", colourblind: bool) -> None:
        super().__init__(ctx)
        self.colourblind = colourblind

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.ctx.ui
        widgets.draw_background(surface, ui)
        seats = identities()
        column = (1280 - NAMES_W - 20) // len(STATES)
        everyone = cast()
        row_h = min(ROW_H, (BOTTOM - TOP) // len(everyone))
        size = FIGURE * row_h // ROW_H
        for row, who in enumerate(everyone):
            ident = seats[row % len(seats)]
            look = Look(ident.hex, ident.shape, ident.index if self.colourblind else None)
            floor = TOP + (row + 1) * row_h - 8 * row_h // ROW_H
            widgets.blit_text(surface, ui, _(who.name), "body", "text", midleft=(20, floor - row_h // 3))
            for i, state in enumerate(STATES):
                drawn = figure(who, look, size, state, KEY_FRAME[state])
                x = NAMES_W + i * column + column // 2
                shadow = pygame.Rect(0, 0, size, size // 3)
                shadow.center = (x, floor)
                pygame.draw.ellipse(surface, (0, 0, 0), shadow)
                pygame.draw.ellipse(surface, ident.colour, shadow, 3)
                surface.blit(drawn.surface, (x - drawn.feet[0], floor - drawn.feet[1]))


def _sheet(colourblind: bool) -> Callable[["Context", int], Scene]:
    def factory(ctx: "Context", seed: int) -> Scene:
        return CastSheet(ctx, colourblind)
    return factory


registry.register_screenshot("cast", _sheet(False), warmup_ticks=0)
registry.register_screenshot("cast_colourblind", _sheet(True), warmup_ticks=0)
