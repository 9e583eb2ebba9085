"""Python's garbage collector, managed so a full collection never lands in a frame a player sees.

Left alone, CPython collects its oldest generation whenever enough objects have survived the
young ones: a pass over every object the game holds (its art, fonts, levels, catalogues),
20-60 ms, in whatever frame happens to allocate at that moment (docs/PERFORMANCE.md, "The
garbage collector"). The window (and only the window: the simulation never depends on the
collector, and headless runs keep CPython's defaults) manages it the way shipped Python games do:

- `install` (once the title is up and the scene modules are loaded): the young generations'
  thresholds are kept small enough that their collections stay cheap, the oldest is never
  collected automatically, and everything loaded so far is collected once and frozen
  (`gc.freeze`: moved to a generation the collector never scans: it is the game's, for as
  long as the game runs).
- `settle` (a warm-up job, after the menus' rehearsals): what the warm-up made is collected
  and what lives frozen. `resettle` (a warm-up job on coming back to a menu from play): the
  same after unfreezing everything, so garbage from a match is never kept frozen.
- `idle` (after each frame's present, the loop's time before its next read): the oldest
  generation is collected when one is due and the time left fits the last one's length; one
  long overdue runs anyway, so reference cycles are always freed in the end.
"""
from __future__ import annotations

import gc
import time
from typing import Callable

YOUNG_THRESHOLDS = (1000, 15)   # CPython's (700, 10), a little fewer young passes; each stays well under a ms
NEVER = 1 << 30                 # the oldest generation's threshold: never automatically
DUE = 10                        # young-generation-1 passes since the last full one: a full one is due (CPython's own)
OVERDUE = 120                   # ... this many: it runs at the next frame's end whatever the time left
MARGIN = 0.0005                 # seconds kept free before the next frame's read
FIRST_GUESS = 0.004             # seconds a full collection is guessed to take before one was timed


class Collector:
    """The window's collector policy. `clock`: seconds, perf_counter by default, the loop's own
    clock; `cost`: what a collection's length is measured by, the thread's CPU time by default
    (a pass another process held the core through would otherwise look long for good, and
    the next would wait until overdue). The tests pass their own clocks, so whether the time
    left allows a collection is decided without real time."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter,
                 cost: Callable[[], float] = time.thread_time) -> None:
        self.clock = clock
        self.cost = cost
        self.installed = False
        self.estimate = FIRST_GUESS   # how long the last full collection in idle time took
        self.idle_runs = 0            # full collections run in idle time
        self.forced = 0               # ... of them, overdue ones run whatever the time left
        self.settled = 0              # settle and resettle passes
        self._saved: tuple[int, int, int] | None = None

    def install(self) -> None:
        """Take over the oldest generation; collect once and freeze what the game has loaded so
        far (called in the frame after the scene modules' imports, a long frame anyway)."""
        if not self.installed:
            self._saved = gc.get_threshold()
            gc.set_threshold(YOUNG_THRESHOLDS[0], YOUNG_THRESHOLDS[1], NEVER)
            self.installed = True
        gc.collect()
        gc.freeze()

    def uninstall(self) -> None:
        """CPython's own policy back (the tests; a window closing inside a longer process)."""
        if self._saved is not None:
            gc.set_threshold(*self._saved)
            self._saved = None
        gc.unfreeze()
        self.installed = False

    def settle(self) -> None:
        """A warm-up job, after the menus' rehearsals: collect what is not frozen (what the
        warm-up made: a few ms) and freeze what lives. Nothing where the policy is not
        installed (headless runs, tests): CPython's own rules."""
        if self.installed:
            gc.collect()
            gc.freeze()
            self.settled += 1

    def resettle(self) -> None:
        """A warm-up job, on coming back to a menu from play: as settle, everything unfrozen
        first, so what was frozen before and has since become cyclic garbage (a scene left,
        holding the context that holds it) is freed too, not kept for the rest of the session.
        A pass over every object (15-30 ms), in a menu nobody has touched for a moment."""
        if self.installed:
            gc.unfreeze()
            self.settle()

    @property
    def due(self) -> bool:
        """A full collection is due: enough objects have survived the young generations."""
        return self.installed and gc.get_count()[2] >= DUE

    def idle(self, until: float) -> bool:
        """After a present: collect the oldest generation if one is due and fits before `until`
        (the clock's time of the next frame's read), or is long overdue. True when it ran."""
        if not self.due:
            return False
        overdue = gc.get_count()[2] >= OVERDUE
        start = self.clock()
        if not overdue and start + self.estimate + MARGIN > until:
            return False
        spent = self.cost()
        gc.collect()
        self.estimate = self.cost() - spent
        self.idle_runs += 1
        self.forced += overdue
        return True


WINDOW = Collector()   # the window's own (game.app.run_window installs it)
