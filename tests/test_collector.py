"""The window's garbage-collector policy (game/core/collector.py): freeze after the warm-up,
the oldest generation collected only in idle time that fits it (or when long overdue), and
reference cycles still freed over a long session. Counts and flags, never times."""
from __future__ import annotations

import gc
from collections import deque
from typing import Iterator

import pytest

from game.core import collector
from game.core.collector import Collector
from game.core.warm import Warmer
from game.scenes import warmup


class Clock:
    """A clock the test sets: whether the time left allows a collection is decided without real time."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def policy(clock: Clock) -> Iterator[Collector]:
    managed = Collector(clock, cost=clock)
    gc.collect()
    managed.install()
    yield managed
    managed.uninstall()
    gc.collect()


def _young_passes(count: int) -> None:
    """As if the game had allocated enough for `count` collections of generation 1."""
    for _ in range(count):
        gc.collect(1)


def test_install_freezes_what_is_loaded_and_takes_the_oldest_generation(policy):
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == (*collector.YOUNG_THRESHOLDS, collector.NEVER)
    policy.uninstall()
    assert gc.get_freeze_count() == 0 and gc.get_threshold()[2] != collector.NEVER


def test_without_the_policy_nothing_is_frozen_or_collected(clock):
    idle = Collector(clock)
    idle.settle()
    idle.resettle()
    _young_passes(collector.OVERDUE)
    assert idle.idle(until=1.0) is False
    assert gc.get_freeze_count() == 0 and idle.settled == 0 and idle.idle_runs == 0


def test_the_warm_up_settles_the_collector_once_its_pre_renders_are_done(ctx, monkeypatch):
    names: list[str] = []

    class Listed(Warmer):
        def add(self, name: str, job: object) -> None:   # type: ignore[override]
            names.append(name)

    warmup.queue_rehearsals(Listed(), ctx)
    # After every rehearsal, before the freed memory goes back to the system.
    assert names[-2:] == ["collector", "memory back"]
    assert names[-2] not in names[:-2]


def test_coming_back_to_a_menu_unfreezes_collects_and_freezes_again(ctx, policy, monkeypatch):
    from game.scenes.menus.title import TitleScene
    monkeypatch.setattr(collector, "WINDOW", policy)
    ctx.stack.push(TitleScene(ctx))
    ctx.stack.apply()
    warmer = Warmer()
    warmup.back_in_menu(warmer, ctx, was_in_menu=False)
    frozen_before = gc.get_freeze_count()
    garbage = _frozen_cycle(policy)
    warmer.run_all()
    assert policy.settled == 1 and gc.get_freeze_count() > 0
    assert garbage.alive == 0 < frozen_before   # a cycle frozen while it lived is freed once it is garbage


def test_the_warm_ups_settle_collects_only_what_is_not_frozen(policy):
    garbage = _frozen_cycle(policy)
    loose = Node()
    loose.other = loose
    del loose
    policy.settle()
    assert garbage.alive == 2   # the frozen cycle: left for the next resettle (a pass over everything)
    _resettle(policy)
    assert garbage.alive == 0 and policy.settled == 2 and policy.full_resettles == 1


def test_install_collects_the_start_up_garbage_before_freezing_it(clock):
    Node.alive = 0
    loose = Node()
    loose.other = loose
    del loose
    managed = Collector(clock)
    try:
        managed.install()
        assert Node.alive == 0 and gc.get_freeze_count() > 0
    finally:
        managed.uninstall()


class Node:
    """One object of a reference cycle, counted while it lives."""

    alive = 0

    def __init__(self) -> None:
        self.other: Node | None = None
        Node.alive += 1

    def __del__(self) -> None:
        Node.alive -= 1


def _frozen_cycle(policy: Collector, watched: bool = True) -> type[Node]:
    """A cycle frozen with the living (as a match's scene is, frozen by an earlier settle), then
    dropped (and `watched`, as the stack watches a scene it exits)."""
    Node.alive = 0
    first, second = Node(), Node()
    first.other, second.other = second, first
    gc.freeze()
    if watched:
        policy.watch(first)
    del first, second
    return Node


def _resettle(policy: Collector) -> int:
    """A resettle run to its end, as the warmer runs it: its steps."""
    steps = 1
    while policy.resettle():
        steps += 1
    return steps


def test_a_resettle_unfreezes_only_when_something_left_is_still_alive(policy):
    garbage = _frozen_cycle(policy, watched=False)
    assert _resettle(policy) == 3
    assert garbage.alive == 2 and policy.full_resettles == 0 and policy.settled == 1
    assert gc.get_freeze_count() > 0
    first, second = Node(), Node()     # a second frozen cycle, this one left by the stack
    first.other, second.other = second, first
    gc.freeze()
    policy.watch(first)
    del first, second
    assert Node.alive == 4
    assert _resettle(policy) == 3
    assert Node.alive == 0 and policy.full_resettles == 1 and policy.settled == 2   # both cycles freed
    assert _resettle(policy) == 3 and policy.full_resettles == 1   # the watch list was spent


def test_a_scene_freed_when_left_costs_no_full_pass(policy, monkeypatch):
    from game.core.scene import Scene
    from game.core.stack import SceneStack
    monkeypatch.setattr(collector, "WINDOW", policy)
    stack = SceneStack()
    stack.push(Scene.__new__(Scene))
    stack.apply()
    stack.pop()
    stack.apply()
    assert len(policy._watched) == 1
    _resettle(policy)
    assert policy.full_resettles == 0 and policy.settled == 1


def test_a_due_collection_waits_for_idle_time_that_fits_it(policy, clock):
    gc.collect()
    assert policy.idle(until=1.0) is False and policy.idle_runs == 0   # not due: nothing to do
    _young_passes(collector.DUE)
    policy.estimate = 0.004
    assert policy.idle(until=0.003) is False    # 3 ms left, the last one took 4: the next frame first
    assert policy.due and policy.idle_runs == 0
    assert policy.idle(until=0.010) is True     # 10 ms left: now
    assert policy.idle_runs == 1 and policy.forced == 0 and not policy.due


def test_a_long_overdue_collection_runs_whatever_the_time_left(policy, clock):
    _young_passes(collector.OVERDUE)
    policy.estimate = 1.0
    assert policy.idle(until=0.0) is True
    assert policy.forced == 1 and not policy.due


PER_FRAME = 100   # cycles' objects a frame: a few tens of thousands held, as a match's scene holds


def _session(policy: Collector, clock: Clock, frames: int, left: float) -> list[int]:
    """`frames` frames that each build cyclic garbage which lives long enough (300 frames) to be
    promoted to the oldest generation before it is dropped; after each, the loop's idle step
    with `left` seconds before the next read. The cycles' objects alive, every 100 frames."""
    Node.alive = 0
    held: deque[list[Node]] = deque(maxlen=300)
    alive = []
    for frame in range(frames):
        nodes = [Node() for _ in range(PER_FRAME)]
        for a, b in zip(nodes, nodes[1:] + nodes[:1]):
            a.other = b
        held.append(nodes)
        del nodes
        clock.now = frame / 60
        policy.idle(until=clock.now + left)
        if frame % 100 == 99:
            alive.append(Node.alive)
    return alive


def test_reference_cycles_are_still_freed_over_a_long_session(policy, clock):
    frames = 6000
    alive = _session(policy, clock, frames, left=0.010)
    assert policy.idle_runs >= 2 and policy.forced == 0
    # A saw-tooth (garbage builds up until a full collection is due), flat, not growing:
    # the second half's peak no higher than the first's (a fifth more for where the teeth fall).
    assert max(alive[len(alive) // 2:]) <= 1.2 * max(alive[:len(alive) // 2])
    assert max(alive) < frames * PER_FRAME / 3


def test_without_idle_time_cycles_would_pile_up_until_overdue(policy, clock, monkeypatch):
    """The counter-case: no idle time and no overdue rule, and the oldest generation's garbage
    grows with the session (what the overdue rule exists for)."""
    monkeypatch.setattr(collector, "OVERDUE", 1 << 30)
    frames = 6000
    alive = _session(policy, clock, frames, left=0.0)
    assert policy.idle_runs == 0
    assert max(alive[len(alive) // 2:]) > 1.2 * max(alive[:len(alive) // 2])
    assert max(alive) > frames * PER_FRAME / 3


def test_the_window_loop_offers_the_collector_its_time_after_the_present(ctx, monkeypatch):
    """WindowLoop.frame: the collector's step comes after the present, with the time up to the
    next frame (unpaced: the rest of the frame pace() sleeps), never inside the frame."""
    import pygame

    from game.app import WindowLoop
    from game.scenes.menus.title import TitleScene
    order: list[object] = []

    class Seen(Collector):
        def idle(self, until: float) -> bool:
            order.append(("collector", round(until - loop.previous, 6)))
            return False

    monkeypatch.setattr(collector, "WINDOW", Seen())
    monkeypatch.setattr(pygame.display, "flip", lambda: order.append("flip"))
    ctx.stack.push(TitleScene(ctx))
    ctx.stack.apply()
    loop = WindowLoop(ctx, pygame.display.get_surface(), vsync=False)
    loop.frame()
    assert order == ["flip", ("collector", round(1 / 60, 6))]


def test_a_collections_length_is_taken_by_its_cost_not_the_loops_clock(policy, clock):
    """A pass another process held the core through must not look long for good: the estimate
    is the pass's own cost (the thread's CPU time in the game), here 2 ms on a clock of the test's."""
    cost = Clock()
    policy.cost = cost

    def spend(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 2:
            cost.now += 0.002
            clock.now += 0.050   # the wall clock: a busy machine

    _young_passes(collector.DUE)
    gc.callbacks.append(spend)
    try:
        assert policy.idle(until=1.0) is True
    finally:
        gc.callbacks.remove(spend)
    assert policy.estimate == pytest.approx(0.002)


def test_the_watch_list_forgets_freed_scenes_in_a_long_session(policy):
    class Left:
        pass
    kept = Left()
    policy.watch(kept)
    for _ in range(collector.WATCH_PRUNE):
        policy.watch(Left())          # freed at once: nothing holds it
    assert len(policy._watched) <= 2 and policy._watched[0]() is kept   # (the last one lived during its call)
