"""What every speedrun scene does, whatever the game: the runner's device, the tick loop around a
RunSession, restart, real time, saving a finished run, and the timer / splits boxes.

A game's run scene holds a `SpeedrunRun` and is its `RunHost`: it hands each new session's
simulation to its drawing (`wire_session`), plays the sounds and pushes the results after a
step (`after_step`), and gives a `scripted_runner()` for screenshots and demos. The run is
built whole, its first session included, before the scene builds its drawing from it.
"""
from __future__ import annotations

import datetime as _dt
import time
import weakref
from typing import TYPE_CHECKING, Callable, Protocol

import pygame

from game.match.seats import identities
from game.text import i18n
from game.text.i18n import _
from game.input.bindings import key_cap
from game.match.commands import IDLE, Button, Command
from game.input.seating import DeviceId
from game.driver.replay import Replay, to_code
from game.scenes.menus import wants_pause
import game.scenes.speedrun.link as speedrun_link
from game.scenes.speedrun.controls import RESTART_KEYS, restart_key_taken
from game.scenes.speedrun.pause import SpeedrunPauseScene
from game.scenes.speedrun.practice import PracticeDoneScene
from game.scenes.speedrun.results import SpeedrunResultsScene
from game.scenes.speedrun.draw import (
    DIM, GOLD, STATE_COLOURS, WHITE, box, say_split, split_rows, steady_text, steady_width,
)
from game.speedrun.attempts import WRITER, AttemptLog
from game.speedrun.categories import SEED_LETTERS, RunSetup, make_setup, spec_for
from game.speedrun.practice import PracticePlan
from game.speedrun.records import Records, Verdict, flag_text, write_replay
from game.speedrun.session import RunSession
from game.speedrun.splits import Comparison
from game.speedrun.timer import format_ms, format_ticks
if TYPE_CHECKING:
    from game.core.context import Context

RESTART_COUNTDOWN = 60   # ticks of countdown left after a reset: "1 ... GO!"
PRACTICE_HOLD = 75       # ticks the world waits before a practice hand-over: READY ... GO!


def load_records(ctx: "Context") -> Records:
    records, warning = Records.load()
    if warning:
        ctx.toast(warning, seconds=8)
    return records


def runner_name() -> str:
    return identities()[0].name


def variant_line(setup: RunSetup) -> str:
    if setup.variant == "set":
        return _("Set seed {letter}").format(letter=SEED_LETTERS[setup.seed_index])
    if setup.variant == "daily":
        return _("Daily {date}").format(date=i18n.day(setup.date))
    return _("Random seed")


class RunHost(Protocol):
    """The game scene a SpeedrunRun plays in."""

    def wire_session(self, session: RunSession) -> None:
        """A new session (a restart): give its simulation to the drawing, reset per-attempt state."""

    def after_step(self) -> None:
        """After each tick: sounds, and the results once the run is over."""

    def scripted_runner(self) -> Callable[[], Command]:
        """Screenshots and demos: the runner's Command each tick."""
        ...

    def on_new_pb(self) -> None:
        """A new personal best was saved (a scene may refresh its ghost)."""


class RealTime:
    """Wall-clock time of an attempt: when its timer started and ended, and at each split."""

    def __init__(self) -> None:
        self.start: float | None = None
        self.end: float | None = None
        self.splits: list[int] = []           # real time (ms) at each split
        self.started_at: _dt.datetime | None = None

    def begin(self, now: float) -> None:
        self.start = now
        self.started_at = _dt.datetime.now(_dt.timezone.utc)


class SpeedrunRun:
    """A speedrun on one setup in a game scene: its attempts (sessions), their timing, saving and
    the timer and splits boxes (see the module docstring)."""

    def __init__(self, ctx: "Context", host: RunHost, setup: RunSetup, device: DeviceId | None = None,
                 records: Records | None = None, playback: Replay | None = None, scripted: bool = False,
                 practice: PracticePlan | None = None, comparison: Comparison | None = None) -> None:
        self.ctx = ctx
        self._host = weakref.ref(host)   # weakly: the host holds the run (a cycle the collector would have to find)
        self.setup = setup
        self.spec = spec_for(setup, runner_name())
        self.records = records if records is not None else load_records(ctx)
        self.device = device
        self.playback = playback
        self.scripted = scripted              # screenshots: a scripted runner plays (nothing is saved)
        self.verdict: Verdict | None = None
        self.real = RealTime()
        self.restart_ms: float | None = None
        self.speed_acc = 0
        self.saved = False
        self.results_pushed = False
        self._counted = False
        self.practice = practice              # a PracticePlan: drilling one segment (game.speedrun.practice)
        self.hold = PRACTICE_HOLD if practice is not None else 0   # ticks of "ready" before a practice hand-over
        self.comparison_override = comparison   # a kept attempt plays against the PB it raced
        self.log: AttemptLog | None = None        # the board's attempt history (read on first use)
        # LiveSplit follows real attempts of the category only: not replays, demos or practice, and not a
        # run flagged before it starts (assist, game speed): that is another game, not an attempt at this one.
        live = playback is None and not scripted and practice is None and not setup.flags()
        self._link = speedrun_link.link(ctx) if live else None
        if self.counts():
            self.attempt_log()      # read now, in the menu, not on the first reset
        self.session = self._session()
        self._ticks = self.playback.ticks() if self.playback is not None else None
        self.runner: Callable[[], Command] | None = None   # the scripted runner, once the host is built

    @property
    def host(self) -> RunHost:
        """The game scene this run plays in (only it holds the run, so it lives while the run is asked)."""
        host = self._host()
        if host is None:
            raise RuntimeError("a speedrun's scene was let go while its run was still asked")
        return host

    def start(self) -> None:
        """The host is built: a scripted run takes its runner now."""
        self.runner = self.host.scripted_runner() if self.scripted else None

    # ------------------------------------------------------------------ sessions
    def _session(self) -> RunSession:
        comparison = self.comparison_override or self.records.comparison(self.setup.board)
        if self.practice is not None:
            return self.practice.session(comparison)   # the PB's state at the split, ready to hand over
        return RunSession(self.setup, comparison, runner_name())

    def _new_session(self) -> None:
        self.session = self._session()
        self.real = RealTime()
        self._ticks = self.playback.ticks() if self.playback is not None else None
        self.verdict = None
        self.saved = False
        self.results_pushed = False
        self._counted = False
        self.speed_acc = 0
        self.host.wire_session(self.session)
        self.start()

    def restart(self) -> None:
        """One button: a fresh attempt on the same setup (a new seed for random-seed runs)."""
        started = time.perf_counter()
        session = self.session
        if not session.over and session.timer.started:
            session.abandon("reset")
            if self.counts():
                golds = self.records.add_reset(self.setup.board, list(session.splits.times), session.flags())
                self._log_attempt("reset", golds=golds)
        self._leave_link_attempt(session)
        if self.setup.variant == "random" and self.playback is None:
            self.setup = make_setup(self.setup.category, "random", assist=self.setup.assist, speed=self.setup.speed)
            self.spec = spec_for(self.setup, runner_name())
        self._new_session()
        self._skip_countdown()
        if self.practice is not None:
            self.hold = PRACTICE_HOLD
        self.restart_ms = (time.perf_counter() - started) * 1000
        self.ctx.sound("confirm")

    def _skip_countdown(self) -> None:
        """A reset is instant: the 3-2-1 runs on (idle, recorded, untimed) to its last second.
        The replay holds those idle ticks, so a verifier sees exactly the same run."""
        course = self.session.course
        while course.countdown_left() > RESTART_COUNTDOWN:
            self._run_step(IDLE if self._ticks is None else next(self._ticks, [IDLE])[0], quiet=True)

    # ------------------------------------------------------------------ ticks
    def _runner_command(self) -> Command:
        if self.device is None:
            return self.ctx.input.any_device_command()
        return self.ctx.input.device_command(self.device)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in RESTART_KEYS and not restart_key_taken(self.ctx, event.key):
            self.restart()

    def run_update(self, commands: dict[int, Command]) -> None:
        """The scene's update(): pause, restart, then as many ticks as the game speed asks for."""
        speedrun_link.pump(self.ctx)
        for error in WRITER.take_errors():
            self.ctx.save_warning(error)         # once a session: a full disk fails every attempt
        cmd = self._runner_command()
        if wants_pause(self.ctx, commands) or cmd.pressed & Button.START:
            self.ctx.sound("confirm")
            self.ctx.stack.push(SpeedrunPauseScene(self.ctx, self))
            return
        if cmd.pressed & Button.BACK:
            self.restart()
            return
        if self.device is not None and self.device[0] == "pad" and self.device not in self.ctx.input.devices():
            back = _replugged_pad(self.ctx, self.device)
            if back is not None:   # the runner's pad came back (a new id): it plays on, no button needed
                self.device = back
                self.ctx.toast(_("The runner's gamepad is back"))
                return
        if self.device is not None and self.device[0] == "pad" and self.device not in self.ctx.input.devices():
            # The runner's pad is gone: stop the clock rather than run on with nobody playing.
            self.ctx.toast(_("The runner's gamepad was disconnected: plug it back in and resume"))
            self.ctx.stack.push(SpeedrunPauseScene(self.ctx, self))
            return
        if self.hold > 0:        # practice: the world waits, the runner gets ready
            self.hold -= 1
            if self.hold == 0:
                self.real.start = time.perf_counter()   # a practice's real time starts at the hand-over
            return
        # A game speed other than 100 % (practice) steps the world more or less often; flagged.
        self.speed_acc += self.setup.speed
        while self.speed_acc >= 100:
            self.speed_acc -= 100
            self._run_step(cmd)

    def _run_step(self, cmd: Command, quiet: bool = False) -> None:
        session = self.session
        if quiet:
            pass                  # the command is given (skipping the countdown)
        elif self.runner is not None:
            cmd = self.runner()
        elif self._ticks is not None:
            recorded = next(self._ticks, None)
            if recorded is None and not session.over:
                self._replay_ended()
                return
            cmd = recorded[0] if recorded is not None else IDLE
        was_started = session.timer.started
        splits_before = len(session.splits.times)
        session.step(cmd)
        now = time.perf_counter()
        if session.timer.started and not was_started:
            self.real.begin(now)
            if self.counts() and not self._counted:
                self._counted = True
                self.records.count_attempt(self.setup.board)
            if self._link is not None:
                self._link.start_run(session.igt())
        new_splits = session.splits.times[splits_before:]
        if new_splits and self.real.start is not None:
            self.real.splits += [round((now - self.real.start) * 1000)] * len(new_splits)
        if self._link is not None and session.timer.started:
            self._tell_link(new_splits)
        if self.practice is not None:
            if not self.saved and (session.over or self.practice.result(session) is not None):
                self.saved = True
                self.results_pushed = True     # practice ends on its own screen, not the run's results
                self.real.end = now
                self._practice_done()
            self.host.after_step()
            return
        if session.over and self.real.end is None:
            self.real.end = now
            self._finished()
        self.host.after_step()

    def _replay_ended(self) -> None:
        """A kept attempt that was reset ends where its replay ends: show it as it stood."""
        self.session.abandon("reset")
        self.real.end = time.perf_counter()
        if not self.results_pushed:
            self.results_pushed = True
            self.push_results()

    def counts(self) -> bool:
        """Does this attempt go into the records and the attempt history? (Not replays, demos, practice.)"""
        return self.playback is None and not self.scripted and self.practice is None

    def _tell_link(self, new_splits: list[int]) -> None:
        """Splits and the end of the run, as LiveSplit should see them (see livesplit_link)."""
        session, link = self.session, self._link
        if link is None:
            return
        if not session.over:
            for t in new_splits:
                link.split(t)
            return
        out = session.final()
        if out.complete and not out.flags:   # LiveSplit shows the final time until the runner leaves it
            for i, t in enumerate(new_splits):
                link.split(t, last=i == len(new_splits) - 1)
            return
        if not out.flags:
            for t in new_splits:             # a clean run without a time still teaches its segments
                link.split(t)
        link.end_attempt(flagged=bool(out.flags))   # a flagged one takes its splits back

    def _leave_link_attempt(self, session: RunSession) -> None:
        """The runner leaves this attempt (a reset, a new attempt, the results, the game): LiveSplit
        ends it too, storing a finish, and learning nothing from a flagged attempt's splits."""
        if self._link is None or not session.timer.started:
            return
        out = session.outcome
        self._link.end_attempt(flagged=bool(out.flags if out is not None else session.flags()))

    # ------------------------------------------------------------------ attempt history
    def attempt_log(self) -> AttemptLog:
        if self.log is None or self.log.board != self.setup.board:
            self.log, warning = AttemptLog.load(self.setup.board)
            if warning:
                self.ctx.toast(warning, seconds=8)
        return self.log

    def _log_attempt(self, outcome: str, golds: list[int] | None = None, pb: bool = False) -> None:
        """Add this attempt (timer started) to the board's history with its replay; saved at once."""
        session = self.session
        out = session.outcome
        comp = session.splits.comparison
        entry = {"outcome": outcome, "ticks": out.ticks if out and out.complete else None,
                 "real_ms": round(self.real_ms() or 0), "splits": list(session.splits.times),
                 "real_splits": list(self.real.splits), "names": list(session.splits.names),
                 "flags": list(out.flags if out else session.flags()), "seed": self.setup.seed,
                 "started": self.real.started_at.isoformat(timespec="seconds") if self.real.started_at else "",
                 "ended": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
                 "pb": pb, "golds": list(golds or []), "reason": out.reason if out else "",
                 "comparison": {"pb": list(comp.pb), "best": list(comp.best_segments)}}
        log, replay = self.attempt_log(), session.replay_text()

        def write() -> None:       # on the writer thread: a reset stays instant however long the history
            log.add(entry, replay)
            log.save()
        WRITER.submit(write)

    # ------------------------------------------------------------------ stack hooks (the scene's)
    def pause(self) -> None:
        """Something covers the run (the pause menu): LiveSplit's game time stops with ours."""
        if self._link is not None:
            self._link.pause(self.session.igt())

    def resume(self) -> None:
        if self._link is not None:
            self._link.resume()

    def real_ms(self) -> float | None:
        """Wall-clock time since the timer started (pauses included, as real time is)."""
        start = self.real.start
        if start is None:
            return None
        if self.scripted:   # screenshots step far faster than real time: show the game clock instead
            return self.session.igt() * 1000 / 60 + 40
        end = self.real.end if self.real.end is not None else time.perf_counter()
        return (end - start) * 1000

    def _finished(self) -> None:
        """Save the run the moment it ends (not after the SOLD OUT! freeze): a crash loses nothing.
        Scripted runs (screenshots) are scored in memory only: they never touch the user's files."""
        if self.playback is not None or self.saved:
            return
        self.saved = True
        session, out = self.session, self.session.final()
        when = _dt.datetime.now()
        key = self.setup.board
        replay, problem = (None, None) if self.scripted else write_replay(key, session.replay_text(), when)
        self.ctx.save_warning(problem)
        run = {"ticks": out.ticks, "real_ms": round(self.real_ms() or 0), "splits": list(session.splits.times),
               "real_splits": list(self.real.splits),
               "names": session.splits.names[:len(session.splits.times)], "items": list(session.split_items),
               "seed": self.setup.seed, "seed_label": self.setup.seed_label, "flags": list(out.flags),
               "reason": out.reason, "complete": out.complete, "replay": replay,
               "state_hash": out.state_hash, "date": when.isoformat(timespec="seconds")}
        self.verdict = self.records.add_run(key, run)
        if self.scripted:
            return
        self._log_attempt("finished" if out.complete else "dnf", golds=self.verdict.golds, pb=self.verdict.is_pb)
        problem = self.records.try_save()
        self.ctx.save_warning(problem)
        if problem is None:               # after the save: the file never names a replay already deleted
            self.records.prune_replays()
        if self.verdict.is_pb:
            self.host.on_new_pb()

    def _practice_done(self) -> None:
        """Practice: the segment is over (or the run ended inside it): log it, show how it went."""
        plan = self.practice
        assert plan is not None, "only a practice ends in practice"
        ticks = plan.result(self.session)
        segment = plan.segment
        log = self.attempt_log()
        earlier = log.practice_times(segment)
        if ticks is not None and not self.scripted:
            def write() -> None:
                log.add_practice(segment, ticks)
                log.save()
            WRITER.submit(write)
        self.ctx.stack.push(PracticeDoneScene(self.ctx, self, ticks, earlier))

    def draw_practice_banner(self, surface: pygame.Surface, centre_x: int, y: int) -> None:
        """Practice: which segment, its time so far, the PB's and the best for it; READY before the hand-over."""
        if self.practice is None:
            return
        ui = self.ctx.ui
        plan, splits = self.practice, self.session.splits
        k = plan.segment
        start = splits.times[k - 1] if k and len(splits.times) >= k else 0
        now = plan.result(self.session)
        if now is None:
            now = self.session.igt() - start if self.session.timer.started else 0
        pb_seg = splits.comparison.pb_at(k)
        if pb_seg is not None and k:
            prev = splits.comparison.pb_at(k - 1)
            pb_seg = pb_seg - prev if prev is not None else None
        best = splits.comparison.best_at(k)
        line = _("PRACTICE  {segment}   {time}").format(segment=say_split(plan.name), time=format_ticks(now))
        sub = _("PB segment {pb}   ·   best {best}").format(pb=format_ticks(pb_seg), best=format_ticks(best))
        a = ui.render(line, 30, GOLD)
        b = ui.render(sub, 20, WHITE)
        rect = pygame.Rect(0, 0, max(a.get_width(), b.get_width()) + 40, a.get_height() + b.get_height() + 22)
        rect.midtop = (centre_x, y)
        box(surface, rect, GOLD)
        surface.blit(a, a.get_rect(midtop=(centre_x, rect.y + 8)))
        surface.blit(b, b.get_rect(midtop=(centre_x, rect.y + 12 + a.get_height())))
        if self.hold > 0:
            word = _("READY") if self.hold > PRACTICE_HOLD // 3 else _("GO!")
            steady_text(surface, word, 96, GOLD, (centre_x, rect.bottom + 140), align="center", outline=5)

    def run_code(self) -> str:
        return to_code(self.session.replay_text())

    def save_on_exit(self) -> None:
        session = self.session
        if session.timer.started and not session.over:
            session.abandon("quit")          # leaving mid-run: the attempt is a reset
            if self.counts():
                golds = self.records.add_reset(self.setup.board, list(session.splits.times), session.flags())
                self._log_attempt("reset", golds=golds)
        self._leave_link_attempt(session)
        if self.playback is None and not self.scripted:
            self.ctx.save_warning(self.records.try_save())   # attempt counts and golds from resets

    def push_results(self) -> None:
        self.ctx.stack.push(SpeedrunResultsScene(self.ctx, self))

    # ------------------------------------------------------------------ drawing
    def timer_colour(self) -> tuple[int, int, int]:
        session = self.session
        if session.over:
            out = session.final()
            if not out.complete or out.ticks is None:
                return DIM
            if self.verdict is not None and self.verdict.is_pb:
                return STATE_COLOURS["best"]
            pb = session.splits.comparison.pb_at(len(session.splits.times) - 1)
            if pb is None:
                return WHITE
            return STATE_COLOURS["ahead_gaining" if out.ticks <= pb else "behind_losing"]
        if not session.timer.started:
            return DIM
        splits = session.splits
        live, state = splits.live_delta(session.igt())
        if live is not None:
            return STATE_COLOURS[state]
        last = len(splits.times) - 1
        if last >= 0 and splits.delta(last) is not None:
            return STATE_COLOURS[splits.state(last)]
        return WHITE

    def draw_timer_box(self, surface: pygame.Surface, rect: pygame.Rect, big: int = 78) -> None:
        """In-game time (big), real time, then PB, sum of best and the previous segment."""
        ui = self.ctx.ui
        session = self.session
        box(surface, rect)
        label = surface.blit(ui.render(_("in-game"), 18, DIM), (rect.x + 14, rect.y + 12))
        time, colour = format_ticks(session.igt()), self.timer_colour()
        px = big       # a narrow box: the big time gets smaller rather than run into its label
        while px > 32 and steady_width(time, px, colour, 4) > rect.right - 16 - label.right - 8:
            px -= 4
        y = rect.y + 6 + round(big * 1.2)
        top = rect.y + 6 + (big - px) // 2
        if steady_width(time, px, colour, 4) > rect.right - 16 - label.right - 8:
            # Too long a label (German at a large UI scale): the time goes under it, as large as
            # fits there, never over it.
            top = label.bottom + 2
            px = big
            while px > 20 and (steady_width(time, px, colour, 4) > rect.w - 30 or top + px > y + 2):
                px -= 2
        steady_text(surface, time, px, colour, (rect.right - 16, top), outline=4)
        rta = self.real_ms()
        steady_text(surface, format_ms(rta) if rta is not None else "0:00.00", 30, DIM, (rect.right - 16, y),
                    outline=2)
        surface.blit(ui.render(_("real time"), 18, DIM), (rect.x + 14, y + 8))
        comp = session.splits.comparison
        n = len(session.splits.names)
        pb = self.records.pb(self.setup.board)
        sob = comp.sum_of_best(n)
        rows: list[tuple[str, str, tuple[int, int, int]]] = [
            (_("Personal best"), format_ticks(pb["ticks"]) if pb else "-", WHITE),
            (_("Sum of best"), format_ticks(sob) if sob is not None else "-", WHITE)]
        prev = self._previous_segment()
        if prev is not None:
            rows.append(prev)
        y += 46
        for name, value, colour in rows:
            if y + 24 > rect.bottom:
                break
            v = ui.render(value, 20, colour)
            room = rect.w - 30 - 12 - v.get_width()     # the name clear of its value (a large UI scale)
            surface.blit(ui.render(name, ui.fitting_size(name, 20, room), DIM, max_width=room), (rect.x + 14, y))
            surface.blit(v, (rect.right - 16 - v.get_width(), y))
            y += 27

    def _previous_segment(self) -> tuple[str, str, tuple[int, int, int]] | None:
        """LiveSplit's 'Previous segment': time gained or lost on the last split's segment."""
        splits = self.session.splits
        i = len(splits.times) - 1
        last = splits.delta(i) if i >= 0 else None
        if last is None:
            return None
        before = splits.delta(i - 1) if i else 0
        seg = last - (before or 0)
        return _("Previous segment"), format_ticks(seg, sign=True), STATE_COLOURS[splits.state(i)]

    def draw_splits_box(self, surface: pygame.Surface, rect: pygame.Rect, rows: int) -> None:
        box(surface, rect)
        session = self.session
        now = None if session.over or not session.timer.started else session.igt()
        split_rows(surface, self.ctx.ui, rect.inflate(-20, -16), session.splits, now, rows=rows)

    def control_hints(self) -> list[tuple[str, str]]:
        """Restart and pause, named for the runner's device (a keyboard half shows its keys)."""
        if self.device and self.device[0] == "kb":
            layout = str(self.device[1])
            back = key_cap(self.ctx.bindings.key_for(layout, Button.BACK))     # caps: said where drawn
            start = key_cap(self.ctx.bindings.key_for(layout, Button.START))
            r = "" if restart_key_taken(self.ctx, pygame.K_r) else " / R"
            return [(f"{back}{r}", _("restart")), (f"{start} / Esc", _("pause"))]
        return [("Select", _("restart")), ("Start", _("pause"))]

    def info_lines(self) -> list[tuple[str, int, tuple[int, int, int]]]:
        lines = [(_(self.setup.category.name), 26, GOLD), (variant_line(self.setup), 20, WHITE),
                 (_("seed {seed}").format(seed=self.setup.seed), 20, DIM)]
        if self.playback is not None:
            lines.append((_("REPLAY"), 26, STATE_COLOURS["best"]))
        elif not self.scripted:
            lines.append((_("attempt {n}").format(n=max(1, self.records.attempts(self.setup.board))), 20, DIM))
        best = self.session.splits.best_possible(self.session.igt())
        if best is not None and not self.session.over:
            lines += [("", 10, DIM), (_("Best possible"), 18, DIM), (format_ticks(best), 26, GOLD)]
        flags = self.session.flags()
        if not self.session.over:   # a wrong card stays secret until the run ends, as in the game
            flags = [f for f in flags if f != "mistake"]
        if flags:
            lines.append(("", 10, DIM))
            lines.append((_("NOT A PB RUN:"), 18, STATE_COLOURS["behind_losing"]))
            lines += [(f.upper(), 18, STATE_COLOURS["behind_losing"]) for f in flag_text(flags).split(", ")]
        return lines

    def draw_lines(self, surface: pygame.Surface, lines: list[tuple[str, int, tuple[int, int, int]]],
                   x: int, y: int, width: int) -> int:
        ui = self.ctx.ui
        for text, size, colour in lines:
            if not text:          # a spacer
                y += size
                continue
            surf = ui.render(text, size, colour)
            if surf.get_width() > width:
                surf = pygame.transform.smoothscale(surf, (width, round(surf.get_height() * width / surf.get_width())))
            surface.blit(surf, (x, y))
            y += surf.get_height() + 4
        return y


def _replugged_pad(ctx: "Context", lost: DeviceId) -> DeviceId | None:
    """A pad plugged in after the runner's pad was lost (SDL gives every new pad a higher id),
    not seated by anyone: the runner's pad, re-plugged."""
    seated = set(ctx.input.seated().values())
    newer = [d for d in ctx.input.devices() if d[0] == "pad" and int(d[1]) > int(lost[1]) and d not in seated]
    return newer[0] if newer else None
