"""The scene stack (a pushdown automaton).

Scenes ask for push/pop/replace at any moment; the stack queues the request and
applies it in `apply()`, which the loop calls at the end of each tick, so a
scene is never removed while it is being updated or drawn.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from game.core import collector

if TYPE_CHECKING:
    import pygame

    from game.core.scene import Scene
    from game.match.commands import Command


class SceneStack:
    def __init__(self) -> None:
        self._scenes: list["Scene"] = []
        self._pending: list[tuple[str, object]] = []

    # ---- requests (deferred) ----
    def push(self, scene: "Scene") -> None:
        self._pending.append(("push", scene))

    def pop(self) -> None:
        self._pending.append(("pop", None))

    def replace(self, scene: "Scene") -> None:
        """Swap the top scene for another (the one below is not resumed)."""
        self._pending.append(("replace", scene))

    def clear_to(self, scene: "Scene") -> None:
        """Exit every scene and start over with `scene` (quit to title)."""
        self._pending.append(("clear", scene))

    def pop_until(self, keep: Callable[["Scene"], bool]) -> None:
        """Pop scenes until the top one satisfies `keep` (quit to lobby)."""
        self._pending.append(("pop_until", keep))

    # ---- state ----
    @property
    def top(self) -> "Scene | None":
        return self._scenes[-1] if self._scenes else None

    @property
    def scenes(self) -> tuple["Scene", ...]:
        return tuple(self._scenes)

    def __len__(self) -> int:
        return len(self._scenes)

    @property
    def empty(self) -> bool:
        return not self._scenes and not self._pending

    @property
    def has_pending(self) -> bool:
        return bool(self._pending)

    def close(self) -> None:
        """The window closes: every scene exits, top first, at once (a run in progress is saved)."""
        self._pending.clear()
        while self._scenes:
            self._exit(self._scenes.pop())

    # ---- the loop's calls ----
    def apply(self) -> None:
        """Apply every queued request in order (called at the end of a tick)."""
        while self._pending:
            op, arg = self._pending.pop(0)
            getattr(self, f"_do_{op}")(arg)

    def handle_event(self, event: "pygame.event.Event") -> None:
        if self._scenes:
            self._scenes[-1].handle_event(event)

    def update(self, commands: dict[int, "Command"]) -> None:
        """Only the top scene ticks: the ones below are paused."""
        if self._scenes:
            self._scenes[-1].update(commands)

    def draw(self, surface: "pygame.Surface", alpha: float) -> None:
        """Draw from the highest opaque scene upward, so overlays sit on top."""
        for scene in self.drawn():
            scene.draw(surface, alpha)

    def idle(self, until: float) -> None:
        """The drawn scenes' work ahead (`Scene.idle`), the top one's first, until `until`."""
        for scene in reversed(self.drawn()):
            scene.idle(until)

    def drawn(self) -> list["Scene"]:
        """The highest opaque scene (else the bottom one) and the overlays above it."""
        start = 0
        for index in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[index].opaque:
                start = index
                break
        return self._scenes[start:]

    # ---- operations ----
    @staticmethod
    def _exit(scene: "Scene") -> None:
        """A scene leaves the stack: exited, and watched by the window's collector (a left scene
        still alive at the next resettle means a frozen cycle to free)."""
        scene.exit()
        collector.WINDOW.watch(scene)

    def _do_push(self, scene: "Scene") -> None:
        if self._scenes:
            self._scenes[-1].pause()
        self._scenes.append(scene)
        scene.enter()

    def _do_pop(self, _: object) -> None:
        if not self._scenes:
            return
        self._exit(self._scenes.pop())
        if self._scenes:
            self._scenes[-1].resume()

    def _do_replace(self, scene: "Scene") -> None:
        if self._scenes:
            self._exit(self._scenes.pop())
        self._scenes.append(scene)
        scene.enter()

    def _do_clear(self, scene: "Scene") -> None:
        while self._scenes:
            self._exit(self._scenes.pop())
        self._scenes.append(scene)
        scene.enter()

    def _do_pop_until(self, keep: Callable[["Scene"], bool]) -> None:
        popped = False
        while self._scenes and not keep(self._scenes[-1]):
            self._exit(self._scenes.pop())
            popped = True
        if popped and self._scenes:
            self._scenes[-1].resume()
