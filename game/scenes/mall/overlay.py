"""What the mall draws over the map: round info, the study banner, the countdown, GO!,
and the SOLD OUT! moment (flash, shake, stamp, who called it).

Texts and stamps are rendered once and kept; the flash is one opaque sheet
blended by its surface alpha (cheap in software rendering).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Iterator

import pygame

from game.text import i18n
from game.text.i18n import N_, _, ngettext
from game.match.spec import MatchSpec
from game.rules.soldout.options import options_of
from game.render.keytext import keyed_text
from game.render.icons import INK, outlined_text
from game.render.palette import CREAM, EDGE, GOLD, GOOD, PANEL_DARK, SHADOW, STAMP_RED, WHITE
from game.rules.soldout import modes
from game.match.seats import team_name
from game.scenes.mall.draw import seat_teams
from game.scenes.mall.layout import SCREEN, MallLayout
from game.scenes.pads import keys_in_play
from game.scenes.results_fx import shown_name

if TYPE_CHECKING:
    from typing import Collection

    from game.core.context import Context
    from game.sim.mall_face import MallForOverlay

FLASH_TICKS = 18           # the white flash of SOLD OUT!
SHAKE_TICKS = 30
GO_TICKS = 40              # "GO!" stays this long after the countdown
STUDY_ASIDE_MIN = 136      # px: a column beside the map this wide takes Memory's study call
ENDINGS = {"sold_out": "SOLD OUT!", "all_filled": N_("ALL TIDY!"), "nothing_left": "SOLD OUT!",
           "stopped": N_("TIME!"), "time": N_("TIME!")}


class MallOverlays:
    def __init__(self, ctx: "Context", layout: MallLayout, spec: MatchSpec, names: dict[int, str]) -> None:
        self.ctx = ctx
        self.layout = layout
        self.spec = spec
        self.names = names
        self._texts: dict[tuple[str, int, tuple[int, int, int], int], pygame.Surface] = {}
        self._stamps: dict[str, pygame.Surface] = {}
        self._flash: pygame.Surface | None = None
        self._band: pygame.Surface | None = None
        self.avoid: list[pygame.Rect] = []   # this frame's texts on the map, not to be covered

    def prewarm(self) -> None:
        """Build the stamps before play: a rotozoom would cost the moment's first frame."""
        for text in dict.fromkeys(ENDINGS.values()):
            if text not in self._stamps:
                self._stamps[text] = self._make_stamp(_(text))

    def shake(self, sim: "MallForOverlay", ending_tick: int) -> tuple[int, int]:
        """The map's offset while the SOLD OUT! moment shakes it (none if the setting is off)."""
        if ending_tick < 0 or not self.ctx.settings.screen_shake:
            return (0, 0)
        age = sim.tick - ending_tick
        if age >= SHAKE_TICKS:
            return (0, 0)
        power = 9 * (1 - age / SHAKE_TICKS)
        return (round(math.sin(age * 2.1) * power), round(math.cos(age * 2.9) * power * 0.6))

    def _text(self, text: str, size: int, colour: tuple[int, int, int], outline: int = 3) -> pygame.Surface:
        key = (text, size, colour, outline)
        surf = self._texts.get(key)
        if surf is None:
            if len(self._texts) > 200:
                self._texts.clear()
            surf = outlined_text(text, size, colour, INK, width=outline)
            self._texts[key] = surf
        return surf

    def draw_info(self, surface: pygame.Surface, sim: "MallForOverlay") -> None:
        """Mode, round and clock: in the margin left of the map (never over an avatar), or a pill
        over the top wall when the map fills the width."""
        rounds = max(1, options_of(self.spec).rounds)
        number = min(rounds, len(sim.match.results) + (0 if sim.phase in ("round_over", "match_over") else 1))
        clock = ""
        if sim.phase in ("playing", "sold_out"):
            end = sim.tick if sim.phase == "playing" else sim.phase_tick
            secs = max(0, end - sim.round_tick) // 60
            clock = f"{secs // 60}:{secs % 60:02d}"
        light, gold = CREAM, GOLD
        call_hint = sim.public_view().family().player_calls and sim.phase == "playing"
        margin = self.layout.map_rect.x
        if margin >= 96:
            cx = margin // 2
            lines = [(_(modes.display_name(sim.mode)).upper(), 22, gold), (_("Round {number}/{rounds}").format(number=number, rounds=rounds), 22, light)]
            if clock:
                lines.append((clock, 40, light))
            y = self.layout.map_rect.y + 14
            for text, size, colour in lines:
                img = self._text(text, size, colour, 2)
                if img.get_width() > margin - 8:
                    img = pygame.transform.smoothscale(img, (margin - 8, round(img.get_height() * (margin - 8) / img.get_width())))
                surface.blit(img, img.get_rect(midtop=(cx, y)))
                y += img.get_height() + 4
            if call_hint:
                right = SCREEN[0] - self.layout.map_rect.right
                rx = self.layout.map_rect.right + right // 2
                said = keyed_text(self.ctx.ui, _("Hold Y to call SOLD OUT!"), 22, gold, keys_in_play(self.ctx),
                                  right - 12, outline=2)
                surface.blit(said, said.get_rect(midtop=(rx, self.layout.map_rect.y + 14)))
            return
        parts = [_(modes.display_name(sim.mode)), _("Round {number}/{rounds}").format(number=number, rounds=rounds)] + ([clock] if clock else [])
        banner = self._text("   ·   ".join(parts), 24, light, 2)
        rect = banner.get_rect(midtop=(SCREEN[0] // 2, self.layout.map_rect.y + 2)).inflate(24, 6)
        pygame.draw.rect(surface, PANEL_DARK, rect, border_radius=14)
        pygame.draw.rect(surface, EDGE, rect, 2, border_radius=14)
        surface.blit(banner, banner.get_rect(center=rect.center))
        if call_hint:
            hint = keyed_text(self.ctx.ui, _("Hold Y: SOLD OUT!"), 22, gold, keys_in_play(self.ctx), outline=2)
            surface.blit(hint, hint.get_rect(topright=(self.layout.map_rect.right - 8, self.layout.map_rect.y + 6)))

    def _clear_of(self, rect: pygame.Rect) -> pygame.Rect:
        """`rect` moved up or down the map just enough to cover no text already drawn there
        (name tags, count strips, texts placed earlier in this frame); unmoved if nowhere fits."""
        area = self.layout.map_rect
        for step in range(0, area.h, 6):
            for dy in ((-step, step) if step else (0,)):
                moved = rect.move(0, dy)
                if area.top <= moved.top and moved.bottom <= area.bottom and moved.collidelist(self.avoid) < 0:
                    self.avoid.append(moved)
                    return moved
        return rect

    def _study_aside(self, surface: pygame.Surface, sim: "MallForOverlay", secs: int) -> bool:
        """Memory's study call beside the map, in the column right of it, so no band lies over the
        map and its shoppers; False where that column is too narrow (the band over the map then)."""
        col = pygame.Rect(self.layout.map_rect.right + 8, self.layout.map_rect.y + 12,
                          surface.get_width() - self.layout.map_rect.right - 16, self.layout.map_rect.h - 24)
        if col.w < STUDY_ASIDE_MIN:
            return False
        ui = self.ctx.ui
        title = keyed_text(ui, _("MEMORISE YOUR LIST!"), 30, GOLD, {}, width=col.w, outline=3)
        ready = sum(1 for av in sim.avatars if av.ready)
        said = ngettext("{secs}  ·  {a} when ready  ({ready}/{players} ready)",
                        "{secs}  ·  {a} when ready  ({ready}/{players} ready)", len(sim.avatars),
                        secs=i18n.seconds(secs), a="A", ready=ready, players=len(sim.avatars))
        line = keyed_text(ui, said, 22, CREAM, keys_in_play(self.ctx), width=col.w, outline=2)
        top = surface.blit(title, title.get_rect(midtop=(col.centerx, col.y + 60)))
        surface.blit(line, line.get_rect(midtop=(col.centerx, top.bottom + 18)))
        return True

    def _blit_clear(self, surface: pygame.Surface, image: pygame.Surface, center: tuple[int, int]) -> None:
        """`image` centred on `center`, stepped clear of the texts to avoid by its ink (the letters and
        their outline), not the font's line box around them."""
        at = image.get_rect(center=center)
        ink = image.get_bounding_rect()
        clear = self._clear_of(ink.move(at.topleft))
        surface.blit(image, (clear.x - ink.x, clear.y - ink.y))

    def draw_phase(self, surface: pygame.Surface, sim: "MallForOverlay", ending_tick: int,
                   avoid: list[pygame.Rect] | None = None) -> None:
        """Study banner, countdown numbers, GO!, and the SOLD OUT! moment; the texts step
        up or down past `avoid` (the name tags), never over them."""
        self.avoid = list(avoid or [])
        centre = self.layout.map_rect.center
        if sim.phase == "study":
            secs = (sim.phase_ticks_left() + 59) // 60
            if self._study_aside(surface, sim, secs):
                return
            if self._band is None:
                self._band = pygame.Surface((self.layout.map_rect.w, 150))
                self._band.fill(SHADOW)
                self._band.set_alpha(190)
            surface.blit(self._band, self._band.get_rect(center=centre))
            title = self._text(_("MEMORISE YOUR LIST!"), 56, GOLD, 4)
            self._blit_clear(surface, title, (centre[0], centre[1] - 34))
            ready = sum(1 for av in sim.avatars if av.ready)
            # TRANSLATORS: {secs} is the study time left with its unit ("30 sec"); {a} the ready button
            said = ngettext("{secs}  ·  {a} when ready  ({ready}/{players} ready)",
                            "{secs}  ·  {a} when ready  ({ready}/{players} ready)", len(sim.avatars),
                            secs=i18n.seconds(secs), a="A", ready=ready, players=len(sim.avatars))
            line = keyed_text(self.ctx.ui, said, 30, CREAM, keys_in_play(self.ctx), outline=2)   # every player's A
            self._blit_clear(surface, line, (centre[0], centre[1] + 30))
        elif sim.phase == "countdown":
            left = sim.phase_ticks_left()
            number = self._text(str(max(1, (left + 59) // 60)), 170, CREAM, 7)
            self._blit_clear(surface, number, centre)
            sub = self._text(_("The shutters are going up..."), 30, GOLD, 2)
            self._blit_clear(surface, sub, (centre[0], centre[1] + 100))
        elif sim.phase == "playing" and sim.tick - sim.round_tick < GO_TICKS:
            go = self._text(_("GO!"), 170, GOOD, 7)
            self._blit_clear(surface, go, centre)
        elif sim.phase in ("sold_out", "round_over", "match_over"):
            self._sold_out(surface, sim, ending_tick)

    def _sold_out(self, surface: pygame.Surface, sim: "MallForOverlay", ending_tick: int) -> None:
        age = sim.tick - ending_tick if ending_tick >= 0 else 99
        if age < FLASH_TICKS and self.ctx.settings.screen_shake:
            if self._flash is None:   # one opaque white sheet, blended by its surface alpha
                self._flash = pygame.Surface(SCREEN)
                self._flash.fill(WHITE)
            self._flash.set_alpha(round(200 * (1 - age / FLASH_TICKS)))
            surface.blit(self._flash, (0, 0))
        text = ENDINGS.get(sim.public_view().cause(), "SOLD OUT!")
        if text not in self._stamps:
            self._stamps[text] = self._make_stamp(_(text))
        stamp = self._stamps[text]
        if age < 10:
            k = 1.6 - 0.6 * age / 10
            stamp = pygame.transform.scale(stamp, (round(stamp.get_width() * k), round(stamp.get_height() * k)))
        centre = self.layout.map_rect.center
        at = surface.blit(stamp, stamp.get_rect(center=(centre[0], centre[1] - 20)))
        self.avoid.append(at.inflate(-60, -at.h // 3))   # its words (the tilted card's corners are clear)
        who = self._caller_text(sim)
        if who:
            line = self._text(who, 36, CREAM, 3)
            self._blit_clear(surface, line, (centre[0], centre[1] + 90))

    def _caller_text(self, sim: "MallForOverlay") -> str:
        public = sim.public_view()
        side = public.sold_out_by()
        if public.cause() == "sold_out" and side is not None:
            name, team = caller(sim, self.names)
            if team is not None:
                # TRANSLATORS: {name} a player, {team} their team's name ("Team A")
                return _("{name} called it for {team}!").format(name=name, team=team)
            return _("{name} called it!").format(name=name)
        said = {"all_filled": N_("Every dresser is filled"), "nothing_left": N_("Nobody can finish a list any more"),
                "stopped": N_("The mall is closing"), "time": N_("The mall is closing")}.get(public.cause(), "")
        return _(said) if said else ""

    def _make_stamp(self, text: str) -> pygame.Surface:
        stamp = _STAMPS.get(text)        # the same for every match: built once per process
        if stamp is None:
            stamp = _STAMPS[text] = _stamp(text)
        return stamp


def caller(sim: "MallForOverlay", names: dict[int, str], bots: "Collection[int]" = ()) -> tuple[str, str | None]:
    """Who called SOLD OUT! (the player whose action it was, not the whole team; a bot marked as
    one, as results and the podium say it) and, in a team game, the team they called it for
    ("Team A"; None without teams). `bots`: seats a bot took over during the match."""
    public = sim.public_view()
    side = public.sold_out_by()
    members = [sim.seats[p] for p in public.members(side)] if side is not None else []
    seat = sim.sold_out_seat if sim.sold_out_seat in members else (members[0] if members else None)
    if seat is None:
        return "", None
    team = seat_teams(sim).get(seat)
    return shown_name(names[seat], sim.by_seat[seat].bot or seat in bots), team_name(team) if team is not None else None


_STAMPS: dict[str, pygame.Surface] = {}


def stamps_ahead() -> Iterator[None]:
    """Every ending's stamp in the language in use, a stamp a step, for the rehearsals
    (game/scenes/warmup.py): built by the first mall as it opens, they made that step 30-45 ms."""
    for text in dict.fromkeys(ENDINGS.values()):
        shown = _(text)
        if shown not in _STAMPS:
            _STAMPS[shown] = _stamp(shown)
        yield


def _stamp(text: str) -> pygame.Surface:
    """The tilted SOLD OUT! stamp for one ending's text (a rotozoom: 10 ms)."""
    face = outlined_text(text, 150, WHITE, INK, width=6)
    pad = 26
    card = pygame.Surface((face.get_width() + 2 * pad, face.get_height() + pad), pygame.SRCALPHA)
    rect = card.get_rect()
    pygame.draw.rect(card, INK, rect, border_radius=28)
    pygame.draw.rect(card, STAMP_RED, rect.inflate(-12, -12), border_radius=22)
    pygame.draw.rect(card, WHITE, rect.inflate(-28, -28), 5, border_radius=16)
    card.blit(face, face.get_rect(center=rect.center))
    return pygame.transform.rotozoom(card, 6, 1.0)
