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
  same in steps that each fit a warm-up step (the young generations, then what is not frozen),
  and only where something frozen has since become garbage (a scene left, `watch`ed by the
  stack, still alive after those passes) everything unfrozen and collected once more: that
  pass over every object (20-40 ms) is paid only when it frees something the others cannot.
- `idle` (after each frame's present, the loop's time before its next read): the oldest
  generation is collected when one is due and the time left fits the last one's length; one
  long overdue runs anyway, so reference cycles are always freed in the end.
"""
from __future__ import annotations

import gc
import time
import weakref
from typing import Callable

YOUNG_THRESHOLDS = (1000, 15)   # CPython's (700, 10), a little fewer young passes; each stays well under a ms
NEVER = 1 << 30                 # the oldest generation's threshold: never automatically
DUE = 10                        # young-generation-1 passes since the last full one: a full one is due (CPython's own)
OVERDUE = 120                   # ... this many: it runs at the next frame's end whatever the time left
MARGIN = 0.0005                 # seconds kept free before the next frame's read
WATCH_PRUNE = 256               # left scenes watched before the freed ones are forgotten
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
        self.full_resettles = 0       # ... resettles that had to unfreeze and pass over everything
        self._saved: tuple[int, int, int] | None = None
        self._watched: list[weakref.ref[object]] = []   # left since the last resettle, freed by now if not cyclic
        self._step = 0                # the resettle's next step

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

    def watch(self, left: object) -> None:
        """`left` is done with (a scene exited) and should be freed: if it is still alive when
        the next resettle has collected what is not frozen, it was frozen in a reference cycle
        (a scene holding the context that holds it), and that resettle unfreezes everything."""
        if not self.installed:
            return
        try:
            self._watched.append(weakref.ref(left))
        except TypeError:       # a type without weak references: not one the stack hands over
            return
        if len(self._watched) > WATCH_PRUNE:   # a long session without a menu (a speedrun): the freed ones go
            self._watched = [ref for ref in self._watched if ref() is not None]

    def resettle(self) -> bool:
        """A warm-up job in steps, on coming back to a menu from play (True while it has more to
        do: one step per idle frame): the young generations; then what is not frozen (the match's
        survivors); then, only if something watched still lives, everything unfrozen and
        collected (a pass over every object, 20-40 ms, in a menu nobody has touched: the one way
        to free a cycle frozen while it lived); last, what lives frozen again."""
        if not self.installed:
            return False
        self._step += 1
        if self._step == 1:
            gc.collect(1)
            return True
        if self._step == 2:
            gc.collect()
            return True
        self._step = 0
        lingering = any(ref() is not None for ref in self._watched)
        self._watched.clear()
        if lingering:
            gc.unfreeze()
            gc.collect()
            self.full_resettles += 1
        gc.freeze()
        self.settled += 1
        return False

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
