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

from typing import TYPE_CHECKING, Callable

import pygame

from game.sim import preload
from game.core.scene import Scene
from game.match.seats import identities as seat_identities
from game.text.i18n import _
from game.text.notice import said
from game.input import families
from game.match.commands import Command
from game.input.seating import DeviceId
from game.files.levels import resolve_level
from game.render.palette import GHOST, WHITE
from game.driver.replay import Replay, ReplayError
from game.rules.soldout import modes
from game.rules.soldout.options import options_of
from game.games.soldout import SOLD_OUT
from game.scenes import registry
from game.scenes.mall import MallPicture
from game.scenes.mall import play_sounds
from game.scenes.menus import push_howto_once
from game.scenes.pads import keyboard_keys, pad_binding
from game.scenes.speedrun.common import SpeedrunRun
from game.scenes.speedrun.draw import DIM, GOLD, box
from game.scenes.speedrun.ghost_art import GhostArt, GhostPose, ghost_pose
from game.speedrun.categories import RunSetup
from game.speedrun.demo import RouteRunner
from game.speedrun.ghost import Ghost, ghost_from_replay
from game.speedrun.practice import PracticePlan
from game.speedrun.records import Records, read_replay_text
from game.speedrun.session import RunSession
from game.speedrun.splits import Comparison
from game.speedrun.verify import VerifyError

if TYPE_CHECKING:
    from game.core.context import Context

TIMER_BOX = pygame.Rect(6, 479, 348, 235)
SPLITS_BOX = pygame.Rect(926, 479, 348, 235)
SIDE_BOX = pygame.Rect(6, 6, 158, 464)


class SpeedrunRunScene(Scene):
    """A speedrun in the mall: a SpeedrunRun (the attempts, timer and splits) in front of a
    MallPicture of its session's simulation, with the PB's ghost."""

    name = "speedrun"

    def __init__(self, ctx: "Context", setup: RunSetup, device: DeviceId | None = None,
                 records: Records | None = None, ghost: bool = True, playback: Replay | None = None,
                 demo: bool = False, practice: PracticePlan | None = None,
                 comparison: Comparison | None = None) -> None:
        super().__init__(ctx)
        self.run = SpeedrunRun(ctx, self, setup, device, records, playback, demo, practice, comparison)
        spec = self.run.spec
        level = preload.level(resolve_level(options_of(spec).level, len(spec.seats)))
        ids = seat_identities()
        identities = {s.seat: ids[s.seat % len(ids)] for s in spec.seats}
        names = {s.seat: s.name or ids[s.seat % len(ids)].name for s in spec.seats}
        self.picture = MallPicture(ctx, spec, level, self.run.session.mall(), identities, names)
        self.picture.hud.set_labels(self._key_labels())
        self.picture.prewarm()
        # The how-to card is pushed from update(), once this scene is on top (as MallScene does).
        self.howto_due = None if (demo or playback or practice) else modes.get(options_of(spec).mode).howto
        self.want_ghost = ghost
        self._ghost_art: GhostArt | None = None        # the runner's character, washed out (made at first draw)
        self._ghost_pose = GhostPose("idle", 0, False)
        self.ghost_drawn: pygame.Surface | None = None   # the ghost's frame drawn last
        self.ghost = self._load_ghost()
        self.run.start()

    @property
    def session(self) -> RunSession:
        """The attempt being run."""
        return self.run.session

    # ------------------------------------------------------------------ set-up (the run's host)
    def _key_labels(self) -> dict[int, dict[str, str]]:
        """The runner's keys in the panel's hints (a keyboard half), or their pad family's names."""
        device = self.run.device
        if device and device[0] == "pad":
            family = self.ctx.input.family_of(device)
            swap = self.ctx.settings.nintendo_swap
            return {0: families.labels(family, swap, pad_binding(self.ctx))} if family else {}
        if not device or device[0] != "kb":
            return {}
        return {0: keyboard_keys(self.ctx, str(device[1]))}

    def wire_session(self, session: RunSession) -> None:
        """The picture draws the new attempt's sim; only per-attempt state is reset."""
        self.picture.show(session.mall(), self.run.spec.seed)

    def scripted_runner(self) -> Callable[[], Command]:
        return RouteRunner(self.run.session.mall()).command

    def _load_ghost(self) -> Ghost | None:
        """The PB of this board as a ghost, if it was run on this very seed (random seeds differ)."""
        run = self.run
        if not self.want_ghost or run.playback is not None:
            return None
        pb = run.records.pb(run.setup.board)
        if not pb or pb.get("seed") != run.setup.seed or not pb.get("replay"):
            return None
        text = read_replay_text(pb["replay"])
        try:
            return ghost_from_replay(text) if text else None
        except (ReplayError, VerifyError) as exc:
            # The PB keeps its time; only its ghost cannot run. Said once a session, not at every start.
            self.ctx.toasts.show_once(_("No PB ghost: {error}").format(error=said(exc)), seconds=8)
            return None

    def on_new_pb(self) -> None:
        self.ghost = self._load_ghost()

    # ------------------------------------------------------------------ ticks
    def handle_event(self, event: pygame.event.Event) -> None:
        self.run.handle_event(event)

    def update(self, commands: dict[int, Command]) -> None:
        if self.howto_due is not None:
            card, self.howto_due = self.howto_due, None
            if push_howto_once(self.ctx, card):
                return
        self.run.run_update(commands)

    def after_step(self) -> None:
        self.picture.after_step(effects=False)   # the effects catch up when the frame is drawn
        sim = self.picture.sim
        play_sounds(self.ctx, sim, {})
        # The results come after the SOLD OUT! freeze (the time was taken and saved on the finishing tick).
        if self.run.session.over and sim.phase in ("round_over", "match_over") and not self.run.results_pushed:
            self.run.results_pushed = True
            self.run.push_results()

    # ------------------------------------------------------------------ stack hooks
    def pause(self) -> None:
        self.run.pause()

    def resume(self) -> None:
        self.picture.resume(self._key_labels())
        self.run.resume()

    def exit(self) -> None:
        self.picture.drop_layers()
        self.run.save_on_exit()

    # ------------------------------------------------------------------ drawing
    def toast_zone(self) -> pygame.Rect:
        """Over the top of the map, as in a match: never over the runner's panel, the timer or the
        splits (the shell's default lay over the panel and the timer box)."""
        area = self.picture.layout.map_rect
        return pygame.Rect(area.x + 12, area.y + 42, area.w - 24, min(130, area.h // 3))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        sim = self.picture.sim
        self.picture.draw(surface, alpha, {s.seat: sim.match.player_total(sim.player_of[s.seat]) for s in self.run.spec.seats},
                          self._draw_ghost)
        run = self.run
        box(surface, SIDE_BOX)
        run.draw_lines(surface, run.info_lines(), SIDE_BOX.x + 12, SIDE_BOX.y + 12, SIDE_BOX.w - 22)
        self._draw_hints(surface)
        run.draw_timer_box(surface, TIMER_BOX)
        run.draw_splits_box(surface, SPLITS_BOX, rows=8)
        run.draw_practice_banner(surface, self.picture.layout.map_rect.centerx, 10)

    def _draw_hints(self, surface: pygame.Surface) -> None:
        ui = self.ctx.ui
        x = SIDE_BOX.x + 12
        hints = self.run.control_hints()
        y = SIDE_BOX.bottom - 12 - len(hints) * 44
        restart_ms = self.run.restart_ms
        if restart_ms is not None and self.ctx.settings.show_fps:
            surface.blit(ui.render(f"reset {restart_ms:.0f} ms", 18, DIM), (x, y - 24))
        for key, word in hints:
            k = ui.render(key, 18, GOLD)
            surface.blit(k, (x, y))
            surface.blit(ui.render(word, 18, DIM), (x, y + k.get_height() - 2))
            y += 44

    def _draw_ghost(self, surface: pygame.Surface) -> None:
        """The PB ghost, over the shoppers: the runner's own character, washed out and see-through
        (no name tag: a "PB" tag), drawn before the name tags so theirs stay on top."""
        ghost = self.ghost
        session = self.run.session
        self.ghost_drawn = None
        if ghost is None or self.run.setup.seed != ghost.seed or session.sim.phase == "study":
            return
        view = self.picture.view
        runner = view.sprites[0]
        if self._ghost_art is None or self._ghost_art.size != runner.size:
            self._ghost_art = GhostArt(self.picture.cast[0], runner.identity.shape, runner.size)
        igt, started = session.igt(), session.timer.started
        frame = ghost.frame(igt, started)
        before = ghost.frame(max(0, igt - 1), started)
        self._ghost_pose = ghost_pose((frame.x - before.x, frame.y - before.y), frame.holding, self._ghost_pose.left, igt)
        drawn = self._ghost_art.frame(self._ghost_pose)
        cx, cy = self.picture.layout.to_screen(frame.x, frame.y)
        feet = cy + runner.size // 2 - 2          # where the mall stands a shopper's shoes
        at = surface.blit(drawn.surface, (cx - drawn.feet[0], feet - drawn.feet[1]))
        self.ghost_drawn = drawn.surface
        if frame.holding:   # a bundle in its raised hands, as the runner carries a pile
            hold = (at.x + drawn.hold[0], at.y + min(drawn.hold[1], drawn.head_top))
            pygame.draw.rect(surface, WHITE, (hold[0] - 7, hold[1] - 12, 14, 11), 2, border_radius=2)
        self._draw_pb_tag(surface, pygame.Rect(at.x, at.y + drawn.head_top, at.w, feet - at.y - drawn.head_top),
                          view.tag_rects)

    def _draw_pb_tag(self, surface: pygame.Surface, body: pygame.Rect, taken: list[pygame.Rect]) -> None:
        """"PB" by the ghost: above it; racing close, below it or beside it: clear of the names and pile counts."""
        tag = self.ctx.ui.render(_("PB"), 18, GHOST)
        cx, cy = body.center
        spots = [tag.get_rect(midbottom=(cx, body.top - 12)), tag.get_rect(midtop=(cx, body.bottom + 2)),
                 tag.get_rect(midleft=(body.right + 2, cy)), tag.get_rect(midright=(body.left - 2, cy))]
        # The runner stands where its name may cover all four: a step further out below and to each side too.
        half = body.h // 2
        spots += [spot.move(dx, dy) for spot, (dx, dy) in zip(spots[1:], ((0, tag.get_height()), (half, 0),
                                                                          (-half, 0)))]
        ink = tag.get_bounding_rect()
        clear = [at for at in spots if ink.move(at.topleft).collidelist(taken) < 0]
        surface.blit(tag, (clear or spots)[0])


registry.register_run_scene(SOLD_OUT.key, lambda ctx, setup, start: SpeedrunRunScene(
    ctx, setup, start.device, start.records, start.ghost, start.playback, start.demo, start.practice, start.comparison))
