"""Sold Out! results between rounds, and the match's final standings on the podium.

SoldOutResultsScene(ctx, result, choices) is handed a SoldOutResult, built by the mall when
its round ends (game/scenes/mall/round_end.py): the round's cards face up, copied out of its
reveal (round_shown.py), the scores and each seat as shown, and the callbacks that leave the
screen; it holds neither the mall nor a view of the world. It shows: every objective card revealed with the
items it got ticked, the wrong cards put on it crossed out beside it (Rush) or
the hand's extras (Memory); for Tidying Up each dresser with every side's count
and who scored; the standings so far, ties said as ties. Then Next round (where
the match is "choose each round", last place chooses its mode out loud:
mode_choice.py), Rematch, Back to lobby, each chosen by holding A. The cards are
revealed one by one; at match end "Continue" leads to the podium (every place,
ties said), then Rematch or Back to lobby. Input goes through the results moment
(game/scenes/moment.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterator, Sequence

import pygame

from game.text import i18n
from game.text.i18n import N_, _, ngettext
from game.render import widgets
from game.render.level_themes import theme_of
from game.render.clothing import item_art, mark_surface, objective_art
from game.render.figure import portrait
from game.scenes.shoppers import seat_look
from game.render.icons import INK, bag_icon, outlined_text
from game.render.text import NARROWEST
from game.render.palette import CREAM, DIM, GOLD, GOOD, PANEL, PAPER, PAPER_EDGE, PAPER_WRONG
from game.rules.soldout import Objective
from game.rules.soldout import modes as mode_registry
from game.scenes.common import Animation, MatchResultsScene
from game.scenes.mall.mode_choice import Chooser, ModeChoiceScene, last_place, least_played
from game.scenes.mall.round_shown import RoundShown
from game.scenes.match_result import MatchChoices, SeatShown
from game.scenes.pads import keys_in_play
from game.scenes.evening import PODIUM_STRIP, draw_strip
from game.scenes.results_fx import (PODIUM_AREA, Podium, Reveal, Standing, cover, headline_image, ordinal, places,
                                    shown_name, tied_groups)

if TYPE_CHECKING:
    from game.core.context import Context
    from game.rules.soldout import Catalogue

AREA = pygame.Rect(30, 104, 1220, 430)
TEXT = CREAM
ROW_FILL = PANEL
CAUSES = {"sold_out": "SOLD OUT!", "all_filled": N_("Every dresser is tidy"), "nothing_left": N_("Nothing left to find"),
          "stopped": N_("The mall closed"), "time": N_("The mall closed")}


@dataclass(frozen=True)
class SoldOutResult:
    """What the results between rounds and the podium show, built once when the round ends: the
    round's cards face up (`reveal`, copied out of the round's reveal as it ended), this round's
    bags and the match's totals by side, which round of how many, and each player (by position,
    as the reveal's sides list them)."""

    reveal: RoundShown
    catalogue: "Catalogue"
    players: tuple[SeatShown, ...]      # by player position
    side_scores: tuple[int, ...]        # this round's bags by side (0s when the round scored nothing)
    totals: tuple[int, ...]             # the match's bags by side so far
    number: int                         # rounds played, this one included
    rounds: int
    final: bool                         # the match is over: Continue leads to the podium
    choose: bool                        # the next round's mode is chosen out loud (by last place)
    next_mode: str                      # the schedule's next mode (a free choice starts from it)
    modes_played: tuple[str, ...]
    caller: tuple[str, str | None]      # who called SOLD OUT! and, in teams, for which team ("", None)
    level_name: str
    level_shipped: bool                 # a shipped level's name is translated; a player's own is not
    level_theme: str

    @property
    def sides(self) -> int:
        return len(self.totals)

    def members(self, side: int) -> list[SeatShown]:
        return [self.players[p] for p in self.reveal.members(side)]


@dataclass(frozen=True)
class RoundChoices(MatchChoices):
    """Sold Out!'s ways on from a round's results: the next round too, in the mode given."""

    next_round: Callable[[str], None]


class SoldOutResultsScene(MatchResultsScene):
    name = "soldout_results"

    def __init__(self, ctx: "Context", result: SoldOutResult, choices: RoundChoices) -> None:
        super().__init__(ctx, choices)
        self.round_choices = choices
        self.result = result
        self.shown = result.reveal
        self.final = result.final
        self.choose = result.choose
        self.next_mode = result.next_mode   # a free choice is preset to it
        self._podium_backdrop: pygame.Surface | None = None
        self._pieces: list[tuple[pygame.Rect, pygame.Rect | None]] = []
        if self.final:   # the last round's cards first; the podium after a hold (a match's end is not left on a tap)
            items = [widgets.MenuItem(N_("Continue"), self.show_podium, primary=True, hold=True)]
        else:
            # Who picks a chosen round's mode is said in the moment that follows (NextModeScene).
            items = [widgets.MenuItem(N_("Next round"), self.next_round, primary=True, hold=True,
                                      value=None if self.choose else lambda: mode_registry.display_name(self.next_mode)),
                     widgets.MenuItem(N_("Rematch"), self.rematch, hold=True),
                     widgets.MenuItem(N_("Back to lobby"), self.to_lobby, hold=True)]
        self.menu = widgets.MenuList(items, play=ctx.sound, row_height=54, width=470)

    # ------------------------------------------------------------------ choices
    def show_podium(self) -> None:
        """Final results, second stage: the podium over the full standings, then rematch or lobby."""
        standings = self._standing_list()
        self.podium = Podium(standings, PODIUM_AREA, self.ctx.sound,
                             celebrate=any(s.score for s in standings), colourblind=self.ctx.settings.colourblind)
        self.menu = widgets.MenuList([widgets.MenuItem(N_("Rematch"), self.rematch, primary=True, hold=True),
                                      widgets.MenuItem(N_("Back to lobby"), self.to_lobby, hold=True)],
                                     play=self.ctx.sound, row_height=54, width=420)
        self.hold_input()

    def animation(self) -> Animation | None:
        if self.image is None:
            self._render()    # the reveal starts with the screen, drawn or not
        return self.podium if self.podium is not None else self.reveal

    def next_round(self) -> None:
        if self.choose:     # the mode is chosen out loud, by last place
            self.ctx.stack.push(ModeChoiceScene(self.ctx, self._mode_chosen, self.chooser(), preset=self.next_mode))
            return
        self._mode_chosen(self.next_mode)

    def _mode_chosen(self, mode: str) -> None:
        if not self.close_once():
            return
        self.ctx.stack.pop()
        self.round_choices.next_round(mode)

    def chooser(self) -> Chooser:
        """Who chooses the next round's mode: the side in last place (people on their own
        controllers; a side of bots picks the mode played least)."""
        result = self.result
        members = result.members(last_place(result.totals, result.side_scores))
        people = tuple(m.seat for m in members if not m.bot)
        return Chooser(tuple(m.name for m in members), tuple(m.identity for m in members),
                       people, least_played(result.modes_played), tuple(m.shopper for m in members))

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.podium is not None:
            self._draw_podium(surface, alpha)
            return
        if self.image is None:
            self.image = self._render()
        if self.reveal is not None:
            self.reveal.draw(surface, alpha)
        self.menu.draw(surface, self.ctx.ui, (780, 720 - 24 - self.menu.height()), keys_in_play(self.ctx)["A"])

    def _build(self) -> Iterator[None]:
        """Everything but the menu, once (the results do not change while they are shown), and
        the reveal that shows its pieces one by one: a step per tick, 9 or fewer."""
        ui = self.ctx.ui
        surf = pygame.Surface((1280, 720))
        widgets.draw_background(surf, ui)
        number, rounds = self.result.number, self.result.rounds
        head = _("FINAL RESULTS") if self.final else _("ROUND {number} OF {rounds}").format(number=number, rounds=rounds)
        title = f"{head}  ·  {_(mode_registry.display_name(self.shown.mode()))}"
        # the title and the line under it as large as their bands hold (a large UI scale)
        widgets.logo_text(surf, ui, title, ui.fitting_size(title, 52, 1200, 66, narrows=False), ui.colour("accent"),
                          (640, 42), outline=4)
        cause = self._cause_text()
        widgets.blit_text(surf, ui, cause, ui.fitting_size(cause, 28, 1200, 34, narrows=False), "accent_2",
                          center=(640, 86))
        clean = surf.copy()
        self._pieces = []
        yield
        if self.shown.dresser_cards():
            yield from self._dressers(surf)
        else:
            yield from self._lists(surf)
        self._standings(surf)
        base = surf.copy()
        for rect, row in self._pieces:
            cover(base, clean, rect, row, ROW_FILL)
        self._whole(surf, Reveal(base, surf, [rect for rect, _ in self._pieces], self.ctx.sound))

    def _cause_text(self) -> str:
        shown = self.shown
        cause, by = shown.cause(), shown.sold_out_by()
        text = _(CAUSES.get(cause, cause))
        if cause == "sold_out" and by is not None:
            name, team = self.result.caller    # the one who called it (a bot marked), for their team
            # TRANSLATORS: {name} a player, {team} their team's name ("Team A")
            text = _("SOLD OUT! {name} called it for {team}").format(name=name, team=team) if team \
                else _("SOLD OUT! called by {names}").format(names=name)
        return text

    def _side_name(self, side: int) -> str:
        return " & ".join(_name(m) for m in self.result.members(side))

    def _badges(self, surf: pygame.Surface, side: int, x: int, cy: int, size: int) -> int:
        members = self.result.members(side)
        for i, m in enumerate(members):
            face = portrait(m.shopper, seat_look(m.identity, self.ctx.settings.colourblind), size)
            surf.blit(face, (x + i * (size - 6), cy - size // 2))
        return x + len(members) * (size - 6) + 10

    # ------------------------------------------------------------------ Rush / Memory
    def _lists(self, surf: pygame.Surface) -> Iterator[None]:
        shown, cat = self.shown, self.result.catalogue
        sides = shown.sides()
        row_h = min(140, (AREA.h - 6 * (sides - 1)) // sides)
        size = min(96, row_h - 14)           # one pictured item
        cb = self.ctx.settings.colourblind
        for side in range(sides):
            row = pygame.Rect(AREA.x, AREA.y + side * (row_h + 6), AREA.w, row_h)
            pygame.draw.rect(surf, ROW_FILL, row, border_radius=12)
            x = self._badges(surf, side, row.x + 10, row.centery, min(40, row_h - 16))
            room = row.x + 250 - 8 - x          # the cards start at 250
            said = widgets.ellipsized(self._side_name(side), lambda t: self.ctx.ui.text.width(t, 26) * NARROWEST <= room)
            name = self.ctx.ui.render(said, 26, TEXT, max_width=room)
            surf.blit(name, (x, row.centery - name.get_height() // 2))
            x = row.x + 250
            wrong_by_slot = self._wrong_cards(side)
            for k, card in enumerate(shown.table_objectives(side)):
                x0 = x
                obj = cat.objectives[card]
                marks = self.item_marks(side, k)
                x = self._objective(surf, obj, marks, x, row.centery, size, shown.objective_right(side, k), cb)
                x = self._crossed(surf, wrong_by_slot[k], x + 8, row.centery, max(30, size * 3 // 4), cb)
                self._pieces.append((pygame.Rect(x0 - 8, row.y - 6, x - x0 + 8, row.h + 11), row))
                x += 18
            unlisted = shown.unlisted(side)   # a hand's cards that are on no list belong to no objective card
            if unlisted:
                x0 = x
                x = self._crossed(surf, unlisted, x, row.centery, max(30, size * 3 // 4), cb)
                if x > x0:
                    self._pieces.append((pygame.Rect(x0 - 8, row.y - 6, x - x0 + 8, row.h + 11), row))
            bags = self.result.side_scores[side]
            self._points(surf, row, bags, side)
            self._pieces.append((pygame.Rect(row.right - 190, row.y, 190, row.h), row))
            yield

    def _objective(self, surf: pygame.Surface, obj: Objective, marks: Sequence[str | None], x: int, cy: int, size: int,
                   scored: bool, cb: bool) -> int:
        """An objective card revealed: its items in a row, ticks on the ones found, its bags;
        framed green when it scored. Returns the right edge."""
        cat = self.result.catalogue
        pad = 5
        frame = pygame.Rect(x, cy - size // 2 - pad, len(obj.items) * (size + 4) + 2 * pad - 4, size + 2 * pad)
        pygame.draw.rect(surf, PAPER, frame, border_radius=10)
        pygame.draw.rect(surf, GOOD if scored else PAPER_EDGE, frame, 5 if scored else 3, border_radius=10)
        badge = max(16, size // 3)
        for i, item in enumerate(obj.items):
            ix = frame.x + pad + i * (size + 4)
            surf.blit(item_art(cat.items[item], size, cb, cat), (ix, frame.y + pad))
            if marks[i]:
                surf.blit(mark_surface(marks[i], badge), (ix + size - badge + 4, frame.y - 4))
        bag = max(18, size // 3)
        for b in range(obj.bags):
            surf.blit(bag_icon(bag), (frame.x - 6 + b * (bag - 4), frame.bottom - bag + 6))
        return frame.right

    def item_marks(self, side: int, slot: int) -> list[str]:
        """The same marks for every objective card: each pictured item found ("right") or not
        ("missing"). Wrong cards are shown crossed where they were put, never marked on the items."""
        shown = self.shown
        have = set(shown.found_items(side, slot))
        items = self.result.catalogue.objectives[shown.table_objectives(side)[slot]].items
        return ["right" if item in have else "missing" for item in items]

    def _wrong_cards(self, side: int) -> list[list[str]]:
        """Per objective card of the side: the wrong cards put on it (none where cards are kept in
        a hand: a wrong card there is on no objective card)."""
        return [self.shown.wrong_cards(side, k) for k in range(len(self.shown.table_objectives(side)))]

    def _crossed(self, surf: pygame.Surface, items: list[str], x: int, cy: int, size: int, cb: bool) -> int:
        """Wrong cards: the item with a red cross on it."""
        cat = self.result.catalogue
        for item in items:
            cell = pygame.Rect(x, cy - size // 2, size, size)
            pygame.draw.rect(surf, PAPER_WRONG, cell, border_radius=8)
            surf.blit(item_art(cat.items[item], size - 6, cb, cat), (cell.x + 3, cell.y + 3))
            badge = max(16, size // 2)
            surf.blit(mark_surface("wrong", badge), (cell.right - badge + 4, cell.y - 6))
            x = cell.right + 6
        return x

    def _points(self, surf: pygame.Surface, row: pygame.Rect, bags: int, side: int) -> None:
        total = self.result.totals[side]
        plus = outlined_text(f"+{bags}", 40, GOLD if bags else DIM, INK, width=2)
        icon = bag_icon(36)
        right = row.right - 12
        tot = self.ctx.ui.render(_("total {n}").format(n=total), 24, TEXT)
        surf.blit(tot, tot.get_rect(midright=(right, row.centery + 16)))
        surf.blit(plus, plus.get_rect(midright=(right - 40, row.centery - 12)))
        surf.blit(icon, icon.get_rect(midright=(right, row.centery - 12)))

    # ------------------------------------------------------------------ Tidying Up
    def _dressers(self, surf: pygame.Surface) -> Iterator[None]:
        shown, cat = self.shown, self.result.catalogue
        dressers = shown.dresser_cards()
        n = len(dressers)
        cols = min(4, n)
        rows = (n + cols - 1) // cols
        gap = 10
        tile_w = (AREA.w - gap * (cols - 1)) // cols
        tile_h = (AREA.h - gap * (rows - 1)) // rows
        cb = self.ctx.settings.colourblind
        for d, card in enumerate(dressers):
            r, c = divmod(d, cols)
            tile = pygame.Rect(AREA.x + c * (tile_w + gap), AREA.y + r * (tile_h + gap), tile_w, tile_h)
            self._pieces.append((tile, None))
            pygame.draw.rect(surf, ROW_FILL, tile, border_radius=12)
            obj = cat.objectives[card]
            card_h = min(tile_h - 70, 130)
            card_w = min(tile_w - 16, round(len(obj.items) * card_h * 0.85))
            filled = [shown.filled(d, item) for item in obj.items]
            marks = ["right" if f else None for f in filled]
            art = objective_art(obj, cat, (card_w, card_h), marks=marks, colourblind=cb, title=_("DRESSER"))
            surf.blit(art, (tile.centerx - card_w // 2, tile.y + 8))
            winner = shown.dresser_winner(d)
            counts = shown.dresser_counts(d)
            y = tile.y + 8 + card_h + 8
            x = tile.x + 10
            for side, count in enumerate(counts):
                if not shown.placed_by_side(d, side):
                    continue
                x = self._badges(surf, side, x, y + 16, 28) - 6
                num = self.ctx.ui.render(str(count), 26, GOOD if side == winner else TEXT)
                surf.blit(num, (x, y + 16 - num.get_height() // 2))
                x += num.get_width() + 14
            wrong = [c for c in shown.dresser_placed(d) if c not in obj.items][-4:]
            self._crossed(surf, wrong, tile.right - 8 - len(wrong) * 40, tile.bottom - 26, 34, cb)
            if winner is not None:
                text = f"{self._side_name(winner)} +{obj.bags}"
                colour = GOLD
            else:
                text = _("tie: nobody scores") if any(counts) else _("nobody placed here")
                colour = DIM
            room = tile.w - 24 - len(wrong) * 40       # clear of the crossed-out cards
            label = self.ctx.ui.render(text, self.ctx.ui.fitting_size(text, 22, room), colour, max_width=room)
            surf.blit(label, label.get_rect(bottomleft=(tile.x + 10, tile.bottom - 6)))
            if d % 2 or d + 1 == n:
                yield                                 # two dressers a step

    # ------------------------------------------------------------------ standings
    def _standings(self, surf: pygame.Surface) -> None:
        totals = self.result.totals
        order = sorted(range(self.result.sides), key=lambda s: (-totals[s], s))
        place = places(totals)
        box = pygame.Rect(30, 548, 720, 150)
        self._pieces.append((box, None))
        pygame.draw.rect(surf, ROW_FILL, box, border_radius=14)
        y = box.y + 10
        # The final round's places, not yet its winner: the podium that follows says that.
        title = self.ctx.ui.render(_("Final standings") if self.final else _("Standings"), 26, DIM)
        surf.blit(title, (box.x + 16, y))
        self._level_chip(surf, box.right - 16, y + title.get_height() // 2, box.w - 64 - title.get_width())
        y += 32
        per_row = 3
        col_w = (box.w - 32) // per_row
        for i, side in enumerate(order):
            r, c = divmod(i, per_row)
            x = box.x + 16 + c * col_w
            cy = y + r * 36 + 16
            room = box.x + 16 + (c + 1) * col_w - 8
            x = self._badges(surf, side, x, cy, 30)
            said = f"{place[side]}. {self._side_name(side)}  {totals[side]}"
            for size in (26, 24, 22, 20, 18):   # a long name (a bot's is marked) steps down, never into the next
                text = self.ctx.ui.render(said, size, TEXT)
                if x + text.get_width() <= room:
                    break
            else:                               # ... and at the smallest still too long: it ends in "…"
                name = widgets.ellipsized(self._side_name(side), lambda t: x + self.ctx.ui.text.width(
                    f"{place[side]}. {t}  {totals[side]}", 18) <= room)
                text = self.ctx.ui.render(f"{place[side]}. {name}  {totals[side]}", 18, TEXT)
            surf.blit(text, (x, cy - text.get_height() // 2))
        note = standings_note(self._standing_list())
        if note:    # ties said as ties, under the places
            line = self.ctx.ui.render(note, 20, DIM)
            if line.get_width() > box.w - 32:
                line = pygame.transform.smoothscale(line, (box.w - 32, line.get_height()))
            surf.blit(line, line.get_rect(bottomleft=(box.x + 16, box.bottom - 6)))

    def _level_chip(self, surf: pygame.Surface, right: int, cy: int, room: int) -> None:
        """Where the round was played, right of the heading: the level's name by its theme's colour."""
        result = self.result
        name = widgets.fit_text(self.ctx.ui, _(result.level_name) if result.level_shipped else result.level_name,
                                max(0, room - 34), "small")
        text = self.ctx.ui.render(name, self.ctx.ui.size("small"), DIM)
        at = text.get_rect(midright=(right, cy))
        surf.blit(text, at)
        pygame.draw.rect(surf, theme_of(result.level_theme).colour, (at.x - 30, cy - 10, 20, 20), border_radius=5)

    # ------------------------------------------------------------------ the podium (final results)
    def _standing_list(self) -> list[Standing]:
        totals = self.result.totals
        place = places(totals)
        order = sorted(range(self.result.sides), key=lambda s: (place[s], s))
        out = []
        for side in order:
            members = self.result.members(side)
            out.append(Standing([_name(m) for m in members], totals[side], place[side],
                                [m.identity for m in members], members[0].team if members else None,
                                [m.shopper for m in members]))
        return out

    def _draw_podium(self, surface: pygame.Surface, alpha: float) -> None:
        podium = self.podium
        assert podium is not None
        backdrop = self._podium_backdrop
        if backdrop is None:
            backdrop = self._podium_backdrop = pygame.Surface((1280, 720))
            ui = self.ctx.ui
            widgets.draw_background(backdrop, ui)
            title = widgets.logo_text(backdrop, ui, _("FINAL RESULTS"), 48, ui.colour("accent"), (640, 36), outline=4)
            podium.clear = [title.inflate(16, 20)]   # with its outline and shadow
            head, ties = podium_words(podium.standings)
            podium.headline = headline_image(head, ties)     # lands with first place
            image, centre = podium.headline
            podium.fit_below(centre[1] + image.get_height() // 2 + 10)
        surface.blit(backdrop, (0, 0))
        podium.draw(surface, alpha)
        draw_strip(surface, self.ctx.ui, self.ctx.evening, PODIUM_STRIP)
        self.menu.draw(surface, self.ctx.ui, ((1280 - self.menu.width) // 2, 720 - 12 - self.menu.height()),
                       keys_in_play(self.ctx)["A"])


def _name(seat: SeatShown) -> str:
    """The seat's name, marked when a bot played it (from the start or after taking over)."""
    return shown_name(seat.name, seat.bot)


def podium_words(standings: list[Standing]) -> tuple[str, list[str]]:
    """The headline over the final standings and a line for each tie, honestly: no winner when
    nobody scored, and a tie said as a tie that stands (Sold Out! breaks none)."""
    if all(s.score == 0 for s in standings):
        return _("NOBODY SCORED"), [_("Not a single bag was won: there is no winner this time.")]
    first = [s for s in standings if s.place == 1]
    if len(first) == 1:
        head = ngettext("{names} WINS!", "{names} WIN!", len(first[0].names), names=first[0].name)
    else:
        head = _("A TIE FOR FIRST PLACE!")
    return head, tie_lines(standings)


def tie_lines(standings: list[Standing]) -> list[str]:
    """One sentence per group of sides level on bags: they share the place (ties stand in Sold Out!)."""
    lines = []
    for group in tied_groups([s.score for s in standings]):
        tied = [standings[i] for i in group]
        lines.append(ngettext("{names} tie on {n} bag and share {place} place: Sold Out! breaks no ties.",
                              "{names} tie on {n} bags and share {place} place: Sold Out! breaks no ties.",
                              tied[0].score, names=i18n.and_list([s.name for s in tied]),
                              place=ordinal(tied[0].place)))
    return lines


def standings_note(standings: list[Standing]) -> str:
    """The standings box's word on ties so far, in one line ("" without a tie)."""
    groups = tied_groups([s.score for s in standings])
    if not groups:
        return ""
    tied = [i18n.and_list([standings[i].name for i in group]) for group in groups]
    # TRANSLATORS: {names} two or more sides level on bags ("Orange, Sky and Green"); ties stand in Sold Out!
    return "; ".join(_("{names} are level").format(names=names) for names in tied)
