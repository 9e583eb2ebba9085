"""Check Out! final results, in two stages, as Sold Out!'s: first every player's
score with its breakdown (stars on products and bargains, change tokens, sets of
snack + food + drink), row by row from last place up; then on "Continue" the
moment: the podium counting the scores up, the winner with the tie-break spelled
out, confetti, and Rematch or Back to lobby (held A: a mashed A chooses neither).
Places are shared on a full tie (1, 1, 3).

CheckoutResultsScene(ctx, result, choices) is handed a CheckoutResult, built by the table when
the match ends (game/scenes/table/match_end.py), and the callbacks that leave it; it never
holds the table.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator

import pygame

from game.text import i18n
from game.text.i18n import N_, _, ngettext
from game.render import widgets
from game.render.figure import portrait
from game.scenes.shoppers import seat_look
from game.render.icons import font, star_icon
from game.render.text import NARROWEST
from game.render.tabletop import category_icon, token_surface
from game.render.palette import BLACK, GOLD_TEXT, PANEL, WHITE, WINNER_FILL
from game.rules.checkout import Score
from game.rules.checkout.catalogue import CATEGORIES
from game.scenes.common import Animation, MatchResultsScene
from game.scenes.match_result import MatchChoices, SeatShown
from game.scenes.pads import keys_in_play
from game.scenes.evening import PODIUM_STRIP, draw_strip
from game.scenes.results_fx import (PODIUM_AREA, Podium, Reveal, Standing, cover, headline_image, ordinal, places,
                                    shown_name, tied_groups)
from game.scenes.table.paint import DIM, GREEN, Texts, bargain_glyph

if TYPE_CHECKING:
    from game.core.context import Context

ROWS = pygame.Rect(40, 190, 1200, 380)
COLUMNS = {"name": 130, "products": 330, "bargains": 560, "stars": 720, "tokens": 840, "sets": 960,
           "total": 1150}
HEADER_GAP = 20     # px at least between one column's heading and the next column's icon (a long
                    # word, Spanish "estrellas", ran up to the token's coin)


@dataclass(frozen=True)
class SeatScore:
    """One seat's line of the final scores: the seat, its score, and what made it."""

    seat: SeatShown
    score: Score
    products: tuple[int, ...]   # products won, by category in CATEGORIES' order
    bargains: int               # bargains bought


@dataclass(frozen=True)
class CheckoutResult:
    """What the final scores and the podium show, built once when the match is over."""

    rows: tuple[SeatScore, ...]     # in the order the table scores its seats
    winners: tuple[int, ...]        # seat indices (more than one: a shared win)
    set_bonus: int                  # points a complete set is worth

    def scores(self) -> list[Score]:
        return [row.score for row in self.rows]

    def row(self, seat: int) -> SeatScore:
        return next(row for row in self.rows if row.score.seat == seat)


def verdict(scores: list[Score], winners: list[int], names: list[str]) -> tuple[str, list[str]]:
    """The headline and a line for each tie, honestly: no winner when nobody scored; players
    level on points told how change tokens placed them, or that they share the place."""
    if all(s.total == 0 for s in scores):
        return _("NOBODY SCORED"), [_("Not a single point was won: there is no winner this time.")]
    if len(winners) > 1:
        head = _("{names} SHARE THE WIN!").format(names=i18n.and_list([names[w] for w in winners]))
    else:
        head = _("{name} WINS!").format(name=names[winners[0]])
    return head, tie_lines(scores, names)


def tie_lines(scores: list[Score], names: list[str]) -> list[str]:
    """For each group level on points, best first: the change tokens that placed them, or that
    they are level on those too and share the place."""
    lines = []
    place = places([(s.total, s.tokens) for s in scores])
    for group in tied_groups([s.total for s in scores]):
        tied = sorted((scores[i] for i in group), key=lambda s: (-s.tokens, s.seat))
        who = i18n.and_list([names[s.seat] for s in tied])
        points = tied[0].total
        if len({s.tokens for s in tied}) == 1:
            lines.append(ngettext("{names} are level on {n} point and on change tokens: they share {place} place.",
                                  "{names} are level on {n} points and on change tokens: they share {place} place.",
                                  points, names=who, place=ordinal(min(place[i] for i in group))))
        else:
            # TRANSLATORS: {tokens}: each tied player's name and change tokens ("Sky 5, Pink 3")
            lines.append(ngettext("{names} tie on {n} point: more change tokens place higher ({tokens}).",
                                  "{names} tie on {n} points: more change tokens place higher ({tokens}).",
                                  points, names=who,
                                  tokens=", ".join(f"{names[s.seat]} {s.tokens}" for s in tied)))
    return lines


class CheckoutResultsScene(MatchResultsScene):
    name = "checkout_results"

    def __init__(self, ctx: "Context", result: CheckoutResult, choices: MatchChoices) -> None:
        super().__init__(ctx, choices)
        self.result = result
        self.texts = Texts()
        scores = result.scores()
        self.place = dict(zip((s.seat for s in scores), places([(s.total, s.tokens) for s in scores])))
        self.backdrop: pygame.Surface | None = None
        # A match's final scores are left by a hold: a minute of play is not skipped by a leftover tap.
        self.menu = widgets.MenuList([widgets.MenuItem(N_("Continue"), self.show_podium, primary=True, hold=True)],
                                     play=ctx.sound, row_height=56, width=420)

    def _standings(self, scores: list[Score]) -> list[Standing]:
        ranked = sorted(scores, key=lambda s: (self.place[s.seat], s.seat))
        seats = [self.result.row(s.seat).seat for s in ranked]
        return [Standing([self._name(s.seat)], s.total, self.place[s.seat], [seat.identity], shoppers=[seat.shopper])
                for s, seat in zip(ranked, seats)]

    def show_podium(self) -> None:
        """Second stage: the podium, then rematch or lobby."""
        scores = self.result.scores()
        self.podium = Podium(self._standings(scores), PODIUM_AREA, self.ctx.sound,
                             celebrate=any(s.total for s in scores), colourblind=self.ctx.settings.colourblind)
        self.menu = widgets.MenuList([
            widgets.MenuItem(N_("Rematch"), self.rematch, primary=True, hold=True),
            widgets.MenuItem(N_("Back to lobby"), self.to_lobby, hold=True),
        ], play=self.ctx.sound, row_height=56, width=420)
        self.hold_input()

    def animation(self) -> Animation | None:
        if self.podium is not None:
            return self.podium
        if self.image is None:
            self._render()    # the rows start coming in with the screen, drawn or not
        return self.reveal

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.podium is not None:
            if self.backdrop is None:
                self.backdrop = self._render_backdrop()
            surface.blit(self.backdrop, (0, 0))
            self.podium.draw(surface, alpha)
            draw_strip(surface, self.ctx.ui, self.ctx.evening, PODIUM_STRIP)
            self.menu.draw(surface, self.ctx.ui, ((surface.get_width() - self.menu.width) // 2,
                                                  720 - 12 - self.menu.height()), keys_in_play(self.ctx)["A"])
            return
        if self.image is None:
            self._render()
        if self.reveal is not None:
            self.reveal.draw(surface, alpha)
        self.menu.draw(surface, self.ctx.ui, ((surface.get_width() - self.menu.width) // 2, 592),
                       keys_in_play(self.ctx)["A"])

    def _words(self) -> tuple[str, list[str]]:
        result = self.result
        return verdict(result.scores(), list(result.winners), [self._name(i) for i in range(len(result.rows))])

    def _name(self, seat: int) -> str:
        """The seat's name, marked when a bot played it (from the start or after taking over)."""
        shown = self.result.row(seat).seat
        return shown_name(shown.name, shown.bot)

    def _tie_notes(self, surf: pygame.Surface, top: int) -> int:
        """How each tie was settled (the winner is the podium's to say, next); returns how far down
        the lines reach."""
        _head, ties = self._words()
        y = top
        for line in ties:
            rect = self.texts.blit(surf, line, 22, WHITE, 2, midtop=(640, y), max_width=1200)
            y = rect.bottom + 4
        return y

    def _render_backdrop(self) -> pygame.Surface:
        """The podium stage's still parts: the title; the verdict lands with first place
        (Podium.headline), not before: no spoiler."""
        ui = self.ctx.ui
        surf = pygame.Surface((1280, 720))
        widgets.draw_background(surf, ui)
        title = widgets.logo_text(surf, ui, "CHECK OUT!", 48, ui.colour("accent"), (640, 36), 3)
        if self.podium is not None:
            self.podium.clear = [title.inflate(16, 20)]   # with its outline and shadow
            head, ties = self._words()
            self.podium.headline = image, centre = headline_image(head, ties)
            self.podium.fit_below(centre[1] + image.get_height() // 2 + 10)
        return surf

    # ------------------------------------------------------------------ the full scores (drawn once)
    def _build(self) -> Iterator[None]:
        """The full scores, and the reveal that shows them row by row from last place up: a step
        per tick under the fade (all at once in the change's frame took it 6-12 ms)."""
        ui = self.ctx.ui
        surf = pygame.Surface((1280, 720))
        widgets.draw_background(surf, ui)
        scores = self.result.scores()
        winners = self.result.winners
        widgets.logo_text(surf, ui, _("CHECK OUT! FINAL SCORES"), ui.size("large"), ui.colour("accent"), (640, 40), 3)
        top = max(ROWS.y, self._tie_notes(surf, 84) + 6)
        self._header(surf, top)
        clean = surf.copy()
        yield
        ranked = sorted(scores, key=lambda s: (self.place[s.seat], s.seat))
        row_h = min(58, (ROWS.bottom - top - 40) // max(1, len(ranked)))
        rows = []
        for rank, score in enumerate(ranked):
            rows.append(self._row(surf, score, top + 40 + rank * row_h, row_h, score.seat in winners))
            yield
        base = surf.copy()
        for rect in rows:
            cover(base, clean, rect.inflate(0, 6), None, BLACK)
        self._whole(surf, Reveal(base, surf, [r.inflate(0, 6) for r in reversed(rows)], self.ctx.sound, every=14))

    def _header(self, surf: pygame.Surface, top: int) -> None:
        y = top + 14
        self.texts.blit(surf, _("products"), 22, DIM, 2, midleft=(COLUMNS["products"], y))
        right = self.texts.blit(surf, _("bargains"), 22, DIM, 2, midleft=(COLUMNS["bargains"], y)).right
        right = self._headed(surf, star_icon(24), _("stars"), max(COLUMNS["stars"] - 40, right + HEADER_GAP), y)
        right = self._headed(surf, token_surface(24), _("tokens"), max(COLUMNS["tokens"] - 46, right + HEADER_GAP), y)
        sets = self.texts.get(_("sets x3"), 22, DIM, 2).get_width()
        self.texts.blit(surf, _("sets x3"), 22, DIM, 2,
                        center=(max(COLUMNS["sets"], right + HEADER_GAP + sets // 2), y))
        self.texts.blit(surf, _("total"), 24, GOLD_TEXT, 2, midright=(COLUMNS["total"] + 40, y))

    def _headed(self, surf: pygame.Surface, icon: pygame.Surface, heading: str, x: int, y: int) -> int:
        """A column's icon at `x` and its heading after it, centred on `y`; the heading's right."""
        surf.blit(icon, (x, y - icon.get_height() // 2))
        return self.texts.blit(surf, heading, 22, DIM, 2, midleft=(x + icon.get_width() + 4, y)).right

    def _row(self, surf: pygame.Surface, score: Score, y: int, h: int, won: bool) -> pygame.Rect:
        line = self.result.row(score.seat)
        ident = line.seat.identity
        rect = pygame.Rect(ROWS.x, y, ROWS.w, h - 6)
        pygame.draw.rect(surf, WINNER_FILL if won else PANEL, rect, border_radius=12)
        pygame.draw.rect(surf, ident.colour, rect, 3, border_radius=12)
        cy = rect.centery
        self.texts.blit(surf, str(self.place[score.seat]), 30, GOLD_TEXT if won else WHITE, 2,
                        center=(rect.x + 22, cy))
        # the seat's portrait (its shape at the corner) stays clear of the row's border and the name, in 6 rows too
        face = portrait(line.seat.shopper, seat_look(ident, self.ctx.settings.colourblind),
                        2 * min(16, rect.h // 2 - 6))
        surf.blit(face, face.get_rect(center=(rect.x + 58, cy)))
        room = COLUMNS["products"] - 12 - (rect.x + 84)       # up to the products
        said = widgets.ellipsized(self._name(score.seat), lambda t: font(30).size(t)[0] * NARROWEST <= room)
        self.texts.blit(surf, said, 30, WHITE, 2, max_width=room, midleft=(rect.x + 84, cy))
        x = COLUMNS["products"]
        for category, count in zip(CATEGORIES, line.products):
            surf.blit(category_icon(category, 32), (x, cy - 16))
            r = self.texts.blit(surf, str(count), 28, WHITE, 2, midleft=(x + 34, cy))
            x = r.right + 14
        surf.blit(bargain_glyph(32), (COLUMNS["bargains"], cy - 16))
        self.texts.blit(surf, str(line.bargains), 28, WHITE, 2, midleft=(COLUMNS["bargains"] + 30, cy))
        self.texts.blit(surf, str(score.stars), 32, WHITE, 2, center=(COLUMNS["stars"], cy))
        self.texts.blit(surf, str(score.tokens), 32, WHITE, 2, center=(COLUMNS["tokens"], cy))
        sets = self.result.set_bonus * score.sets
        self.texts.blit(surf, f"{score.sets} (+{sets})", 28, GREEN if score.sets else DIM, 2,
                        center=(COLUMNS["sets"], cy))
        self.texts.blit(surf, str(score.total), 40, GOLD_TEXT, 3, midright=(COLUMNS["total"] + 40, cy))
        return rect
