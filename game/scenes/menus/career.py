"""The career, from the title: the map of chapters and challenges, a challenge's card, its result.

`CareerScene` lists every challenge by chapter with the stars won; a chapter is open once the
career's stars reach its `stars_to_open`. Choosing a challenge opens its `ChallengeCard`: the
three goals in words, and who plays (the first controller to press A is the player; with a
team-mate in the challenge, a second controller pressing A joins as the team-mate, else a bot
plays that seat). The match is the game's own scene, recorded; when it is over its replay comes
back here (`Context.record_to`), the challenge is judged from it (game/career/worlds.py, the
same judge as the headless command), the stars are kept (game/career/progress.py) and, once the
game's results are left, `CareerResult` shows each goal met or missed and why.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.career import progress
from game.scenes import unlocks
from game.career.challenges import Career, Challenge, Chapter, load_career
from game.career.goals import KINDS, Verdict
from game.career.worlds import Outcome, ReplayMismatch, replayed, spec_for
from game.driver.replay import ReplayError, read_replay
from game.core.scene import Scene
from game.match import games
from game.match.commands import IDLE, Button, Command
from game.match.seats import identities
from game.render import cast, widgets
from game.render.figure import Look, figure
from game.scenes import registry
from game.scenes.common import menu_command
from game.scenes.pads import keys_in_play
from game.scenes.ready import ReadyGate
from game.text.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from game.core.context import Context
    from game.render.ui import UI

STAR_POINTS = 5
LIST_TOP = 150
ROW = 52
GOALS = pygame.Rect(640 - 460, 180, 920, 270)   # a challenge card's box of goals


def star(surface: pygame.Surface, ui: "UI", center: tuple[int, int], radius: int, won: bool) -> None:
    """A star drawn (no font has to hold the glyph): gold and filled when won, an outline when not."""
    x, y = center
    points = [(x + radius * (1 if k % 2 == 0 else 0.45) * math.sin(k * math.pi / STAR_POINTS),
               y - radius * (1 if k % 2 == 0 else 0.45) * math.cos(k * math.pi / STAR_POINTS))
              for k in range(2 * STAR_POINTS)]
    pygame.draw.polygon(surface, ui.colour("shadow"), [(px + 2, py + 3) for px, py in points])
    pygame.draw.polygon(surface, ui.colour("accent_2" if won else "panel"), points)
    pygame.draw.polygon(surface, ui.colour("accent_2" if won else "text_dim"), points, 3)


def stars(surface: pygame.Surface, ui: "UI", won: frozenset[int] | tuple[int, ...], center: tuple[int, int],
          radius: int) -> None:
    for n in range(3):
        star(surface, ui, (center[0] + (n - 1) * radius * 5 // 2, center[1]), radius, n in won)


def career_stars() -> int:
    """The stars the career has won, as far as they are judged this session (0 before: the
    title never waits for a replay; the menus' idle time judges them, game/scenes/warmup.py)."""
    return unlocks.verified_stars()


def stars_said(won: frozenset[int] | tuple[int, ...]) -> str:
    """The stars as a menu row's value says them (the row's value is text)."""
    return _("{won}/3").format(won=len(won))


class CareerScene(Scene):
    """The map: chapters and their challenges, stars won, what a locked chapter needs."""

    name = "career"
    welcomes_new_pads = True

    def __init__(self, ctx: "Context", career: Career | None = None) -> None:
        super().__init__(ctx)
        self.career = career or load_career()
        self.progress = progress.load(self.career)
        for warning in self.progress.warnings:
            ctx.toast(warning)
        self.outcome: Outcome | None = None       # the last challenge played, shown on return
        self.unlocked: tuple[cast.Character, ...] = ()   # what its stars unlocked, shown with it
        self.menu = widgets.MenuList(self._rows(), play=ctx.sound, on_back=self.close, row_height=ROW, width=760,
                                     visible_rows=9)

    def _rows(self) -> list[widgets.MenuItem]:
        rows: list[widgets.MenuItem] = []
        total = self.progress.total()
        for chapter in self.career.chapters:
            opened = chapter.stars_to_open <= total
            rows.append(widgets.MenuItem(_chapter_line(chapter, opened, total), enabled=False, key=chapter.id))
            rows += [self._row(challenge, opened) for challenge in chapter.challenges]
        return rows

    def _row(self, challenge: Challenge, opened: bool) -> widgets.MenuItem:
        return widgets.MenuItem(_(challenge.name), lambda: self.open_card(challenge),
                                value=lambda: stars_said(self.progress.of(challenge.id)), enabled=opened,
                                key=challenge.id)

    def open_card(self, challenge: Challenge) -> None:
        self.ctx.stack.push(ChallengeCard(self.ctx, self, challenge))

    def close(self) -> None:
        self.ctx.stack.pop()

    def exit(self) -> None:
        """Left for good: its rows call back into it (a cycle, game/core/collector.py); an empty menu
        lets it go by reference counting."""
        self.menu = widgets.MenuList([])

    def finished(self, challenge: Challenge, replay: str) -> None:
        """The challenge's match is over: judge it from its replay and keep its stars."""
        try:
            outcome = replayed(challenge, read_replay(replay))
        except (ReplayError, ReplayMismatch) as exc:
            self.ctx.toast(_("This match cannot count for the career ({error})").format(error=exc))
            return
        outcome = Outcome(outcome.challenge, outcome.spec, outcome.facts, outcome.verdicts, replay)
        before = self.progress.total()
        won, warning = progress.record(outcome)
        self.ctx.save_warning(warning)
        self.outcome = outcome
        if warning is None:        # stars that could not be kept unlock nothing
            after = before - len(self.progress.of(challenge.id)) + len(won)
            self.unlocked = unlocks.newly_unlocked(before, after)

    def resume(self) -> None:
        """Back from a challenge: its result first, then the map with the stars won."""
        self.progress = progress.load(self.career)
        index = self.menu.index
        self.menu.items = self._rows()
        self.menu.index = index
        if self.outcome is not None:
            outcome, self.outcome = self.outcome, None
            unlocked, self.unlocked = self.unlocked, ()
            self.ctx.stack.push(CareerResult(self.ctx, outcome, unlocked))

    def update(self, commands: dict[int, Command]) -> None:
        self.ctx.record_to = None   # on the map no challenge is being played (one left from the pause menu)
        self.menu.update(menu_command(commands))

    def picture_key(self) -> tuple[object, ...]:
        return self.menu.index, self.menu.first, self.progress.total()

    def toast_zone(self) -> pygame.Rect:
        """Left of the heading: the challenges' list reaches down to the hint bar, and the shell's
        default zone lay over its last rows."""
        return widgets.beside_heading(self.ctx.ui, _("Career"), self.ctx.ui.size("heading"))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.ctx.ui
        widgets.draw_page(surface, ui, _("Career"), 64)
        total = self.progress.total()
        widgets.blit_text(surface, ui, ngettext("{n} star", "{n} stars", total), "body",
                          "accent_2", topright=(surface.get_width() - 40, 40))
        self.menu.draw(surface, ui, ((surface.get_width() - self.menu.width) // 2, LIST_TOP))
        widgets.hints(surface, ui, [("A / Enter", N_("Select")), ("B / Esc", N_("Back"))])


def _chapter_line(chapter: Chapter, opened: bool, total: int) -> str:
    if opened:
        return _(chapter.name)
    missing = chapter.stars_to_open - total
    return ngettext("{chapter}: {n} more star to open", "{chapter}: {n} more stars to open", missing,
                    chapter=_(chapter.name))


def goal_lines(challenge: Challenge) -> list[str]:
    return [KINDS[g.kind].explain(g.params).say() for g in challenge.goals]


class ChallengeCard(Scene):
    """A challenge before it starts: its goals, its match, who plays. A controller's A sits it in
    the player's seat; on a team challenge a second controller's A joins as the team-mate. Then
    ready, not turn (game/scenes/ready.py): the match starts when everyone seated is ready, an A
    counting only once the card has been up 0.75 s (a thumb still mashing A from the map never
    skips the goals); the player's START starts at once."""

    name = "challenge_card"
    welcomes_new_pads = True

    def __init__(self, ctx: "Context", career: CareerScene | None, challenge: Challenge) -> None:
        super().__init__(ctx)
        self.career = career
        self.challenge = challenge
        self.player: tuple[str, object] | None = None
        self.partner: tuple[str, object] | None = None
        for seat in list(ctx.input.seated()):     # the career seats its own: whoever presses A
            ctx.input.release(seat)
        self.gate = ReadyGate(())                  # asked: whoever sat down here

    def update(self, commands: dict[int, Command]) -> None:
        if self.gate.hear(commands, IDLE):
            self.ctx.sound("menu_move")
        self._sit_down()
        mine = commands.get(0)
        if self.player is not None and ((mine is not None and mine.pressed & Button.START) or self.gate.all_ready):
            self.start()
            return
        if menu_command(commands).pressed & Button.B and not any(c.pressed for s, c in commands.items() if s >= 0):
            self.ctx.sound("back")
            self.ctx.stack.pop()

    def _sit_down(self) -> None:
        """A controller's A sits it down: the player first, then (a team challenge) the team-mate.
        Sitting down once the card can be read is being ready too, but for the player of a team
        challenge, who waits for their team-mate's chance to join."""
        inp = self.ctx.input
        for device in inp.unseated_presses(Button.A):
            if self.player is None:
                self.player = device
                inp.assign(device, 0)
                self.gate.seat(0)
                if self.challenge.partner is None and self.gate.open:
                    self.gate.ready.add(0)
            elif self.partner is None and self.challenge.partner is not None and device != self.player:
                self.partner = device
                inp.assign(device, 1)
                self.gate.seat(1)
                if self.gate.open:
                    self.gate.ready.add(1)
                self.ctx.sound("confirm")

    def start(self) -> None:
        people = 1 + (self.partner is not None)
        spec = spec_for(self.challenge, _new_seed(self.ctx), "normal", people=people)
        if self.career is not None:
            career, challenge = self.career, self.challenge
            self.ctx.record_to = lambda replay: career.finished(challenge, replay)
        self.ctx.sound("confirm")
        self.ctx.stack.pop()
        registry.start_game(self.ctx, spec)

    def picture_key(self) -> tuple[object, ...]:
        return self.player, self.partner, tuple(sorted(self.gate.ready))

    def toast_zone(self) -> pygame.Rect:
        """Left of the heading and the match's line, down to the goals: below the goals the card's
        words and the ready shapes reach the hint bar (the shell's default zone lay over the shapes
        and "Starts when everyone is ready")."""
        ui = self.ctx.ui
        height = GOALS.top - 12
        name = widgets.beside_heading(ui, _(self.challenge.name), ui.size("heading"), height=height)
        return name.clip(widgets.beside_heading(ui, _match_line(self.challenge), ui.size("body"), height=height))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.ctx.ui
        w, _h = surface.get_size()
        widgets.draw_page(surface, ui, _(self.challenge.name), 70)
        widgets.blit_text(surface, ui, _match_line(self.challenge), "body", "text_dim", center=(w // 2, 140))
        box = GOALS
        widgets.panel(surface, ui, box)
        won = self.career.progress.of(self.challenge.id) if self.career is not None else frozenset()
        for n, line in enumerate(goal_lines(self.challenge)):
            y = box.top + 48 + n * 84
            star(surface, ui, (box.left + 60, y), 24, n in won)
            widgets.blit_text(surface, ui, line, "body", midleft=(box.left + 110, y))
        widgets.blit_text(surface, ui, self._who(), "body", "text", center=(w // 2, 500))
        if self.challenge.partner is not None:
            widgets.blit_text(surface, ui, self._partner_line(), "body", "good" if self.partner else "text_dim",
                              center=(w // 2, 552))
        if self.gate.people:
            self.gate.draw_centred(surface, ui, (w // 2, 604), _("Starts when everyone is ready"))
        start = keys_in_play(self.ctx, (0,)).get("START", ["START"]) if self.player is not None else "START"
        widgets.hints(surface, ui, [("A / Enter", N_("Ready")), (start, N_("Start now")), ("B / Esc", N_("Back"))])

    def _who(self) -> str:
        if self.player is None:
            return _("Press A to play")
        return _("Press A when you are ready")

    def _partner_line(self) -> str:
        if self.partner is not None:
            return _("Your team-mate has joined: you share the stars")
        return _("A second player can press A to join as your team-mate")


def _match_line(challenge: Challenge) -> str:
    game = games.get(challenge.game)
    bots = len(challenge.opponents)
    return ngettext("{game} · {mode} · {n} opponent", "{game} · {mode} · {n} opponents", bots,
                    game=game.title, mode=_(game.mode_name(challenge.mode)))


def _new_seed(ctx: "Context") -> int:
    """Each attempt a new deal, from the game's running tick (never the sim's generator)."""
    return (ctx.tick * 7919 + 104_729) % 1_000_000


class CareerResult(Scene):
    """How a challenge went: each goal met or missed, and why; then, if its stars unlocked a
    shopper, an "Unlocked!" page saying who and where to pick them (A moves on from each)."""

    name = "career_result"

    def __init__(self, ctx: "Context", outcome: Outcome, unlocked: tuple[cast.Character, ...] = ()) -> None:
        super().__init__(ctx)
        self.outcome = outcome
        self.unlocked = unlocked
        self.showing_unlocks = False

    def update(self, commands: dict[int, Command]) -> None:
        pressed = menu_command(commands).pressed
        for seat, cmd in commands.items():
            pressed |= cmd.pressed if seat >= 0 else Button.NONE
        if not pressed & (Button.A | Button.B | Button.START):
            return
        if self.unlocked and not self.showing_unlocks:
            self.showing_unlocks = True
            self.ctx.sound("confirm")
            return
        self.ctx.sound("confirm")
        self.ctx.stack.pop()

    def picture_key(self) -> tuple[object, ...]:
        return (self.showing_unlocks,)

    def unlock_lines(self) -> list[str]:
        """What the "Unlocked!" page says: each new shopper, and where to pick it."""
        if len(self.unlocked) == 1:
            name = _(self.unlocked[0].name)
            # TRANSLATORS: the career result's "Unlocked!" page: a shopper (a character) the stars just
            # unlocked, then where to choose it (the lobby's Character row of a seat)
            return [_("New shopper: {name}").format(name=name),
                    _("Pick {name} in the lobby: a seat's Character row").format(name=name)]
        names = ", ".join(_(c.name) for c in self.unlocked)
        return [_("New shoppers: {names}").format(names=names),
                _("Pick them in the lobby: a seat's Character row")]

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.showing_unlocks:
            self._draw_unlocks(surface)
            return
        ui = self.ctx.ui
        w, _h = surface.get_size()
        challenge = self.outcome.challenge
        widgets.draw_page(surface, ui, _(challenge.name), 70)
        won = len(self.outcome.stars)
        stars(surface, ui, self.outcome.stars, (w // 2, 180), 44)
        widgets.blit_text(surface, ui, _("{won} of 3 stars").format(won=won), "body", "text_dim",
                          center=(w // 2, 256))
        box = pygame.Rect(w // 2 - 500, 296, 1000, 330)
        widgets.panel(surface, ui, box)
        for n, (line, verdict) in enumerate(zip(goal_lines(challenge), self.outcome.verdicts)):
            self._goal(surface, box, n, line, verdict)
        widgets.hints(surface, ui, [("A / Enter", N_("Continue"))])

    def _draw_unlocks(self, surface: pygame.Surface) -> None:
        ui = self.ctx.ui
        w, _h = surface.get_size()
        # TRANSLATORS: the title of the page a career result shows when its stars unlocked a shopper
        widgets.draw_page(surface, ui, _("Unlocked!"), 70)
        box = pygame.Rect(w // 2 - 500, 130, 1000, 500)
        widgets.panel(surface, ui, box)
        size = 150 if len(self.unlocked) == 1 else 110
        gap = box.width // (len(self.unlocked) + 1)
        mine = identities()[0]     # the player's seat: the new shopper wears its colour
        for n, character in enumerate(self.unlocked):
            look = Look(mine.hex, mine.shape)
            shopper = figure(character, look, size, "cheer", 2)
            x = box.left + gap * (n + 1)
            surface.blit(shopper.surface, (x - shopper.feet[0], box.top + 330 - shopper.feet[1]))
            if len(self.unlocked) > 1:     # one is named by the line below
                widgets.blit_text(surface, ui, _(character.name), "large", "accent_2", center=(x, box.top + 370))
        first, second = self.unlock_lines()
        widgets.blit_text(surface, ui, first, "large", "accent_2", center=(w // 2, box.top + 400))
        widgets.blit_text(surface, ui, second, "body", "text", center=(w // 2, box.top + 456))
        widgets.hints(surface, ui, [("A / Enter", N_("Continue"))])

    def _goal(self, surface: pygame.Surface, box: pygame.Rect, n: int, line: str, verdict: Verdict) -> None:
        ui = self.ctx.ui
        y = box.top + 56 + n * 104
        star(surface, ui, (box.left + 60, y), 28, verdict.met)
        widgets.blit_text(surface, ui, line, "body", "text", midleft=(box.left + 110, y - 18))
        widgets.blit_text(surface, ui, verdict.why.say(), "small", "good" if verdict.met else "text_dim",
                          midleft=(box.left + 110, y + 20))


