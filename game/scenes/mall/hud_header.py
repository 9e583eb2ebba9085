"""The mall panels' frames and headers: each seat's frame (its team's band in a team game), its
portrait, name and BOT (or a robot's head), the team's emblem, the match's bags, and Memory's
hold meter under the name. Frames and names go once into the static background; the score and
the meter are drawn per look and per frame."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.render import teams, widgets
from game.render.cast import default_for
from game.render.figure import portrait
from game.render.icons import bag_icon, bot_icon
from game.render.palette import DIM, GOLD, PANEL, SHADOW, STAMP_RED, WHITE
from game.render.text import NARROWEST
from game.scenes.mall.hud_kit import PanelKit
from game.scenes.mall.layout import HEADER_H, PanelLayout
from game.scenes.shoppers import seat_look
from game.text.i18n import _

if TYPE_CHECKING:
    from game.sim.mall_face import MallForPanels

PANEL_FILL = PANEL
TEAM_BORDER = 6      # px: a team member's panel border, in the team's colour and pattern
PORTRAIT = 34        # px: the seat's portrait before its name (the shape's 28 px, and its corner badge)


class SeatHeaders:
    def __init__(self, kit: PanelKit) -> None:
        self.kit = kit

    def draw_frames(self, surface: pygame.Surface) -> None:
        """Panel frames, seat badges and names: drawn once into the static background."""
        kit = self.kit
        for seat, p in kit.panel_of.items():
            ident = kit.identities[seat]
            pygame.draw.rect(surface, SHADOW, p.rect.move(0, 4), border_radius=14)
            pygame.draw.rect(surface, PANEL_FILL, p.rect, border_radius=14)
            team = kit.teams.get(seat)
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
        team = self.kit.teams.get(seat)
        if team is not None:
            right -= teams.emblem(team, 26).get_width() + 6
        return p.header.x + 34, right

    def _robots(self) -> bool:
        """Whether a bot's panel says so with a robot's head rather than the word BOT: on every
        panel once the word has no room beside one bot's name (six panels, a large UI scale)."""
        kit = self.kit
        word = kit.ui.render(_("BOT"), self._tag_size(), DIM).get_width()
        for seat, p in kit.panel_of.items():
            left, right = self._name_room(seat, p)
            size = self._name_size(seat, right - left - word - 6)
            if kit.bots[seat] and kit.ui.text.width(kit.names[seat], size) * NARROWEST + 6 + word > right - left:
                return True
        return False

    def _name_size(self, seat: int, room: int) -> int:
        """The name's size: 26, or as large as fits the header's room and height (a large UI scale)."""
        return self.kit.ui.fitting_size(self.kit.names[seat], 26, room, HEADER_H + 8)

    def _tag_size(self) -> int:
        return self.kit.ui.fitting_size(_("BOT"), 18, 999, HEADER_H)

    def _header(self, surface: pygame.Surface, seat: int, p: PanelLayout, team: int | None, robots: bool) -> None:
        """The seat's badge and name, then BOT (or a robot's head: _robots); the team's emblem
        beside the (shared) score. The name narrows to fit, never under the sofa bar."""
        kit = self.kit
        head = p.header
        ident = kit.identities[seat]
        face = portrait(kit.shoppers.get(seat) or default_for(seat), seat_look(ident, kit.cb), PORTRAIT)
        surface.blit(face, face.get_rect(midleft=(head.x - 2, head.centery)))
        x, right = self._name_room(seat, p)
        if team is not None:
            mark = teams.emblem(team, 26)
            surface.blit(mark, mark.get_rect(midright=(right + 6 + mark.get_width(), head.centery)))
        word = kit.ui.render(_("BOT"), self._tag_size(), DIM) if kit.bots[seat] and not robots else None
        robot = bot_icon(22) if kit.bots[seat] and robots else None
        room = right - x - (robot.get_width() + 4 if robot is not None else 0)
        if word is not None and robot is None:
            room -= word.get_width() + 6
        size = self._name_size(seat, room)
        said = widgets.ellipsized(kit.names[seat], lambda t: kit.ui.text.width(t, size) * NARROWEST <= room)
        name = kit.ui.render(said, size, WHITE, max_width=room)
        at = surface.blit(name, (x, head.centery - name.get_height() // 2))
        if robot is not None:
            surface.blit(robot, robot.get_rect(midleft=(at.right + 4, head.centery)))
        elif word is not None:
            surface.blit(word, (at.right + 6, head.centery - word.get_height() // 2 + 2))

    def _score_left(self, p: PanelLayout) -> int:
        """Where the score's bag icon starts (the widest score a match reaches: two digits)."""
        return p.header.right - self.kit.ui.render("00", self._score_size(), GOLD).get_width() - 29

    def _score_size(self) -> int:
        return self.kit.ui.fitting_size("00", 28, 60, HEADER_H + 8)

    def score(self, surface: pygame.Surface, p: PanelLayout, bags: int) -> None:
        x = self._score_left(p)
        surface.blit(bag_icon(26), (x, p.header.centery - 14))
        text = self.kit.ui.render(str(bags), self._score_size(), GOLD)
        surface.blit(text, (x + 29, p.header.centery - text.get_height() // 2 + 1))

    @staticmethod
    def hold_meter(surface: pygame.Surface, sim: "MallForPanels", seat: int, p: PanelLayout) -> None:
        """Memory: holding Y fills a bar under the name; full = SOLD OUT! is called."""
        held = sim.by_seat[seat].y_ticks
        if not sim.seat_view(seat).family.player_calls or held <= 0 or sim.phase != "playing":
            return
        frac = min(1.0, held / max(1, sim.t.hold_ticks))
        bar = pygame.Rect(p.header.x, p.header.bottom - 2, p.header.w, 8)
        pygame.draw.rect(surface, SHADOW, bar, border_radius=4)
        pygame.draw.rect(surface, STAMP_RED, (bar.x, bar.y, round(bar.w * frac), bar.h), border_radius=4)
