"""A speedrun attempt in the mall: the Sold Out! scene with a runner's HUD, a ghost and instant resets.

SpeedrunRunScene builds on MallScene (drawing, sounds, overlays) but owns the
simulation through a RunSession, so the live timer, splits and recording are
the same code the verifier runs. One device plays seat 0: the one that
started the run in the speedrun menu.

- In-game time: ticks of the simulation (stops in the pause menu); real time
  (wall clock from the timer's start, pauses included) beside it.
- Restart: BACK / Select, or R on the keyboard. Only the simulation is
  rebuilt (level, art, panels and the ghost are kept): well under 200 ms.
- The PB's ghost walks beside the runner when the PB was run on this seed.
- Playback: given a Replay (a pasted run code), the recorded commands play
  instead of a device and nothing is written to the records.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.input import families
from game.input.bindings import key_label
from game.input.commands import Button, Command
from game.render.icons import seat_shape_surface
from game.replay import Replay
from game.rules.soldout import modes
from game.scenes.mall.draw import MapView
from game.scenes.mall.hud import Hud
from game.scenes.mall.scene import MallScene, short_key
from game.scenes.menus.howto import push_howto_once
from game.scenes.pads.sync import pad_binding
from game.scenes.speedrun.common import RunnerMixin, runner_name
from game.scenes.speedrun.draw import DIM, GOLD, box
from game.speedrun.categories import RunSetup, spec_for
from game.speedrun.demo import RouteRunner
from game.speedrun.ghost import Ghost, ghost_from_replay
from game.speedrun.records import Records, read_replay_text

if TYPE_CHECKING:
    from game.core.context import Context

GHOST_ALPHA = 110
TIMER_BOX = pygame.Rect(6, 479, 348, 235)
SPLITS_BOX = pygame.Rect(926, 479, 348, 235)
SIDE_BOX = pygame.Rect(6, 6, 158, 464)


class SpeedrunRunScene(RunnerMixin, MallScene):
    name = "speedrun"

    def __init__(self, ctx: "Context", setup: RunSetup, device=None, records: Records | None = None,
                 ghost: bool = True, playback: Replay | None = None, demo: bool = False, practice=None) -> None:
        # Set before MallScene.__init__: it calls _begin(), which needs these.
        self._init_run(ctx, setup, device, records, playback, demo, practice)
        self.want_ghost = ghost
        self.ghost: Ghost | None = None
        self._ghost_body: pygame.Surface | None = None
        self.view = None
        super().__init__(ctx, spec_for(setup, runner_name()), pilot=False)
        self._load_ghost()

    # ------------------------------------------------------------------ set-up
    def _begin(self, mode: str) -> None:
        self._new_session()
        self.view = MapView(self.sim, self.layout, self.identities, self.names,
                            colourblind=self.ctx.settings.colourblind)
        self.hud = Hud(self.sim, self.layout, self.ctx.ui, self.identities, self.names,
                       self.ctx.settings.colourblind)
        self.hud.set_labels(self._key_labels())
        self.modes_played.append(mode)
        self._prewarm()
        # The how-to card is pushed from update(), once this scene is on top (as MallScene does).
        self.howto_due = None if (self.scripted or self.playback or self.practice) else modes.get(mode).howto

    def _key_labels(self) -> dict[int, dict[str, str]]:
        """The runner's keys in the panel's hints (a keyboard half), or their pad family's names."""
        if self.device and self.device[0] == "pad":
            family = self.ctx.input.family_of(self.device)
            swap = self.ctx.settings.nintendo_swap
            return {0: families.labels(family, swap, pad_binding(self.ctx))} if family else {}
        if not self.device or self.device[0] != "kb":
            return {}
        return {0: {b.name: short_key(key_label(self.ctx.bindings.key_for(self.device[1], b)))
                    for b in (Button.A, Button.B, Button.X, Button.Y, Button.LB, Button.RB)}}

    def _wire_session(self) -> None:
        """The mall's drawing reads whatever sim it is handed: only per-attempt state is reset."""
        self.bots = {}
        self.driver = self.session.driver   # the session's driver: the runner's seat, its recording
        self.results_pushed = False
        self.ending_tick = -1
        self.ending_side = None
        self.stamp = None
        self.previews = {}

    def scripted_runner(self):
        return RouteRunner(self.session.sim).command

    def _load_ghost(self) -> None:
        """The PB of this board as a ghost, if it was run on this very seed (random seeds differ)."""
        self.ghost = None
        if not self.want_ghost or self.playback is not None:
            return
        pb = self.records.pb(self.setup.board)
        if not pb or pb.get("seed") != self.setup.seed or not pb.get("replay"):
            return
        text = read_replay_text(pb["replay"])
        if text:
            self.ghost = ghost_from_replay(text)

    def _on_new_pb(self) -> None:
        self._load_ghost()

    # ------------------------------------------------------------------ ticks
    def update(self, commands: dict[int, Command]) -> None:
        if self.error or self.session is None:
            super().update(commands)
            return
        if self.howto_due is not None:
            mode, self.howto_due = self.howto_due, None
            if push_howto_once(self.ctx, mode):
                return
        self.run_update(commands)

    def _after_step(self) -> None:
        sim = self.sim
        self.previews = {seat: sim.preview_spot(seat) for seat in sim.seats if sim.held_pile(seat) is not None}
        for event in sim.events:
            self._event(event)
        # The results come after the SOLD OUT! freeze (the time was taken and saved on the finishing tick).
        if self.session.over and sim.phase in ("round_over", "match_over") and not self.results_pushed:
            self.results_pushed = True
            self.push_results()

    def exit(self) -> None:
        super().exit()
        self.save_on_exit()

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        if self.error or self.session is None:
            return
        box(surface, SIDE_BOX)
        self.draw_lines(surface, self.info_lines(), SIDE_BOX.x + 12, SIDE_BOX.y + 12, SIDE_BOX.w - 22)
        self._draw_hints(surface)
        self.draw_timer_box(surface, TIMER_BOX)
        self.draw_splits_box(surface, SPLITS_BOX, rows=8)
        self.draw_practice_banner(surface, self.layout.map_rect.centerx, 10)

    def _draw_hints(self, surface: pygame.Surface) -> None:
        ui = self.ctx.ui
        x = SIDE_BOX.x + 12
        hints = self.control_hints()
        y = SIDE_BOX.bottom - 12 - len(hints) * 44
        if self.restart_ms is not None and self.ctx.settings.show_fps:
            surface.blit(ui.render(f"reset {self.restart_ms:.0f} ms", 18, DIM), (x, y - 24))
        for key, word in hints:
            k = ui.render(key, 18, GOLD)
            surface.blit(k, (x, y))
            surface.blit(ui.render(word, 18, DIM), (x, y + k.get_height() - 2))
            y += 44

    def draw_under_tags(self, surface: pygame.Surface) -> None:
        """The PB ghost: translucent, so the shoppers' name tags are drawn over it."""
        ghost = self.ghost
        if ghost is None or self.setup.seed != ghost.seed or self.sim.phase == "study":
            return
        if self._ghost_body is None:
            self._ghost_body = _ghost_surface(self.view.sprites[0].size)
        frame = ghost.frame(self.session.igt(), self.session.timer.started)
        body = self._ghost_body
        cx, cy = self.layout.to_screen(frame.x, frame.y)
        surface.blit(body, body.get_rect(center=(cx, cy - 2)))
        if frame.holding:
            pygame.draw.rect(surface, (255, 255, 255), (cx - 6, cy - body.get_height() // 2 - 12, 12, 10), 2,
                             border_radius=2)
        tag = self.ctx.ui.render(_("PB"), 18, (230, 230, 255))
        half = body.get_height() // 2 + 2
        # Above the ghost; racing close, below it or beside it: clear of the names and pile counts.
        spots = [tag.get_rect(midbottom=(cx, cy - half)), tag.get_rect(midtop=(cx, cy + half)),
                 tag.get_rect(midleft=(cx + half, cy)), tag.get_rect(midright=(cx - half, cy))]
        ink = tag.get_bounding_rect()
        clear = [at for at in spots if ink.move(at.topleft).collidelist(self.view.tag_rects) < 0]
        surface.blit(tag, (clear or spots)[0])


def _ghost_surface(size: int) -> pygame.Surface:
    """A pale, translucent runner shape: clearly not a player, easy to race."""
    ghost = seat_shape_surface("circle", "#E6E6FF", size).copy()
    ghost.set_alpha(GHOST_ALPHA)
    return ghost
