"""The mall panels' frames and headers: each seat's frame (its team's band in a team game), its
portrait, name and BOT (or a robot's head), the team's emblem, the match's bags, and Memory's
hold meter under the name. Frames and names go once into the static background; the score and
the meter are drawn per look and per frame.

A narrow header (six seats, a large UI scale) makes room for a name before it cuts one: a bot's
robot head moves onto its portrait's corner, then the bag icon goes from beside the score (the
team's emblem, or the gold number alone, still says it is the match's bags)."""
from __future__ import annotations

from dataclasses import dataclass
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
EMBLEM = 26          # px: the team's emblem before the score
BAG = 26             # px: the bag icon before the score, and the gap after it
BAG_GAP = 3
ROBOT = 22           # px: a robot's head beside a bot's name
ROBOT_BADGE = 18     # px: a robot's head on the portrait's lower left corner (the shape is on its right)
GAP = 6              # px: between the name, the emblem and the score
NAME_SIZE = 26
# A header keeps room for a profile's name of eight letters at its full size before it cuts it;
# every seat's colour name in every language is narrower (Spanish "Amarillo", German "Orange").
NAME_KEPT = "Samantha"


@dataclass(frozen=True)
class Squeeze:
    """How a header makes room for the name (the same on every panel: they are alike)."""

    badge: bool    # a bot's robot head sits on its portrait's corner, not beside its name
    bag: bool      # the bag icon stands before the score


class SeatHeaders:
    def __init__(self, kit: PanelKit) -> None:
        self.kit = kit
        self._squeeze: tuple[float, Squeeze] | None = None   # (the text's scale, what it made)

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

    def squeeze(self) -> Squeeze:
        """What the headers give up for a name of NAME_KEPT's width: worked out from the panels'
        width and the UI's scale (not from the names, so a long name does not change the rest)."""
        scale = self.kit.ui.text.scale
        if self._squeeze is None or self._squeeze[0] != scale:
            wanted = self.kit.ui.text.width(NAME_KEPT, NAME_SIZE)
            room = min((self._room(seat, p, bag=True) for seat, p in self.kit.panel_of.items()), default=wanted)
            self._squeeze = (scale, Squeeze(badge=room - ROBOT - 4 < wanted, bag=room >= wanted))
        return self._squeeze[1]

    def _room(self, seat: int, p: PanelLayout, bag: bool) -> int:
        left, right = self._name_room(seat, p, bag)
        return right - left

    def _name_room(self, seat: int, p: PanelLayout, bag: bool | None = None) -> tuple[int, int]:
        """(left, right) of the room for a panel's name and BOT: between the seat's portrait and the
        team's emblem (or the score)."""
        right = self._score_left(p, bag) - GAP
        if self.kit.teams.get(seat) is not None:
            right -= EMBLEM + GAP
        return p.header.x + PORTRAIT, right

    def _robots(self) -> bool:
        """Whether a bot's panel says so with a robot's head rather than the word BOT: on every
        panel once the word has no room beside one bot's name (five panels, a large UI scale)."""
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
        return self.kit.ui.fitting_size(self.kit.names[seat], NAME_SIZE, room, HEADER_H + 8)

    def _tag_size(self) -> int:
        return self.kit.ui.fitting_size(_("BOT"), 18, 999, HEADER_H)

    def portrait_rect(self, p: PanelLayout) -> pygame.Rect:
        return pygame.Rect(0, 0, PORTRAIT, PORTRAIT).move(p.header.x - 2, p.header.centery - PORTRAIT // 2)

    def badge_rect(self, p: PanelLayout) -> pygame.Rect:
        """Where a bot's robot head sits on a narrow header: the portrait's lower left corner."""
        face = self.portrait_rect(p)
        return pygame.Rect(0, 0, ROBOT_BADGE, ROBOT_BADGE).move(face.x, face.bottom - ROBOT_BADGE + 1)

    def emblem_rect(self, seat: int, p: PanelLayout) -> pygame.Rect | None:
        if self.kit.teams.get(seat) is None:
            return None
        right = self._score_left(p) - GAP
        return pygame.Rect(right - EMBLEM, p.header.centery - EMBLEM // 2, EMBLEM, EMBLEM)

    def _header(self, surface: pygame.Surface, seat: int, p: PanelLayout, team: int | None, robots: bool) -> None:
        """The seat's portrait and name, then BOT (or a robot's head: _robots; on the portrait's
        corner: squeeze); the team's emblem beside the (shared) score. The name narrows to fit,
        never under the sofa bar."""
        kit = self.kit
        head = p.header
        ident = kit.identities[seat]
        face = portrait(kit.shoppers.get(seat) or default_for(seat), seat_look(ident, kit.cb), PORTRAIT)
        surface.blit(face, self.portrait_rect(p))
        badge = kit.bots[seat] and self.squeeze().badge
        if badge:
            surface.blit(bot_icon(ROBOT_BADGE), self.badge_rect(p))
        x, right = self._name_room(seat, p)
        mark = self.emblem_rect(seat, p)
        if team is not None and mark is not None:
            surface.blit(teams.emblem(team, EMBLEM), mark)
        beside = kit.bots[seat] and not badge
        word = kit.ui.render(_("BOT"), self._tag_size(), DIM) if beside and not robots else None
        robot = bot_icon(ROBOT) if beside and robots else None
        room = right - x - (robot.get_width() + 4 if robot is not None else 0)
        if word is not None:
            room -= word.get_width() + 6
        size = self._name_size(seat, room)
        said = widgets.ellipsized(kit.names[seat], lambda t: kit.ui.text.width(t, size) * NARROWEST <= room)
        name = kit.ui.render(said, size, WHITE, max_width=room)
        at = surface.blit(name, (x, head.centery - name.get_height() // 2))
        if robot is not None:
            surface.blit(robot, robot.get_rect(midleft=(at.right + 4, head.centery)))
        elif word is not None:
            surface.blit(word, (at.right + 6, head.centery - word.get_height() // 2 + 2))

    def _score_left(self, p: PanelLayout, bag: bool | None = None) -> int:
        """Where the score starts, its bag icon first where there is one (the widest score a match
        reaches: two digits)."""
        with_bag = self.squeeze().bag if bag is None else bag
        digits = self.kit.ui.render("00", self._score_size(), GOLD).get_width()
        return p.header.right - digits - (BAG + BAG_GAP if with_bag else 0)

    def _score_size(self) -> int:
        return self.kit.ui.fitting_size("00", 28, 60, HEADER_H + 8)

    def score(self, surface: pygame.Surface, p: PanelLayout, bags: int) -> None:
        x = self._score_left(p)
        if self.squeeze().bag:
            surface.blit(bag_icon(BAG), (x, p.header.centery - 14))
            x += BAG + BAG_GAP
        text = self.kit.ui.render(str(bags), self._score_size(), GOLD)
        surface.blit(text, (x, p.header.centery - text.get_height() // 2 + 1))

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
