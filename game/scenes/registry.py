"""Where game scenes plug in, so the shell never imports them by name.

A game (game.match.games.Game) registers what it shows here, keyed by its `key`, from the
module of its scene: together with the game object that is the whole game.

- `register(game_key, factory)`: factory(ctx, spec) -> Scene starts a match
  (the mall for Sold Out!, the dice table for Check Out!). The lobby calls
  `start_game(ctx, spec)`.
- `register_demo(game_key, factory)`: factory(ctx, spec) -> DemoScene, an all-bot match the
  title's attract loop shows (each of the game's `demos()`).
- `register_run_scene(game_key, factory)`: factory(ctx, setup, RunStart) -> Scene, a speedrun
  attempt of a category of that game (played, practised, played back or rehearsed).
- `register_screenshot(name, factory, warmup_ticks)`: `--screenshot --scene
  NAME` builds factory(ctx, seed) -> Scene or [Scene, ...] (bottom first),
  runs warmup_ticks ticks and saves one frame. Screenshots are developer
  tooling: they register from the `devkit.shots` package beside the game,
  which `screenshot()` and `screenshot_names()` load by name.
- `register_replay_viewer(game_key, factory)`: factory(ctx, replay) -> Scene
  plays a replay back in the window (`main.py --replay FILE`).
- `register_attract(factory)`: factory(ctx) -> Scene, the title's attract mode
  (bots playing on their own after the title sits idle).
- Routes (`TITLE`, `LOBBY`, `SETTINGS`, `SPEEDRUN_MENU`, `SPEEDRUN_SETTINGS`): scenes opened
  without importing the module above: the shared pieces open the title, the title the speedrun
  menu, and the title opens the lobby and settings by route so the window's first frame loads
  only the title. The owning module binds its constructor
  (`TITLE.bind(TitleScene)`); a caller calls the route with the constructor's own arguments,
  which mypy checks (`registry.TITLE(ctx)`). Everything else is opened by its constructor,
  imported from its package's public face. `back_to(stack, name)` returns to a scene by name
  if it is on the stack.

Modules register at import time. `load_scene_modules()` imports every module
of the game.scenes package, so a new scene module only has to exist.
"""
from __future__ import annotations

import importlib
import importlib.util
import logging
import pkgutil
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Generic, ParamSpec, Protocol, Union

from game import reach_devkit
from game.text.notice import N_, Notice
import game.scenes as package

if TYPE_CHECKING:
    import pygame

    from game.match.commands import Command
    from game.core.context import Context
    from game.core.scene import Scene
    from game.core.stack import SceneStack
    from game.match.spec import MatchSpec
    from game.driver.replay import Replay
    from game.input.seating import DeviceId
    from game.speedrun.categories import RunSetup
    from game.speedrun.practice import PracticePlan
    from game.speedrun.records import Records
    from game.speedrun.splits import Comparison

log = logging.getLogger(__name__)


GameFactory = Callable[["Context", "MatchSpec"], "Scene"]
ShotFactory = Callable[["Context", int], Union["Scene", list["Scene"]]]
AttractFactory = Callable[["Context"], "Scene"]
ReplayFactory = Callable[["Context", "Replay"], "Scene"]


class DemoScene(Protocol):
    """A game scene the attract loop can show: a scene that says when its demo is over and where
    the loop's banner may sit."""

    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def update(self, commands: dict[int, Command]) -> None: ...
    def draw(self, surface: pygame.Surface, alpha: float) -> None: ...
    def idle(self, until: float) -> None: ...

    def demo_over(self) -> bool:
        """The demo has played to its end (the loop holds its last moment, then moves on)."""
    def banner_spot(self) -> tuple[int, int] | None:
        """The midbottom of the banner, clear of what matters (None: the top of the screen)."""
    def banner_room(self) -> pygame.Rect | None:
        """A room the banner is fitted into (its width) and centred in, instead of banner_spot; None: none."""


@dataclass(frozen=True)
class RunStart:
    """How a speedrun attempt starts: who plays it (`device`), against which `records`, or as a
    played-back `playback`, a `demo` rehearsal, a `practice` segment; `ghost` where the game has one."""

    device: DeviceId | None = None
    records: Records | None = None
    playback: Replay | None = None
    demo: bool = False
    practice: PracticePlan | None = None
    comparison: Comparison | None = None
    ghost: bool = True


DemoFactory = Callable[["Context", "MatchSpec"], DemoScene]
RunFactory = Callable[["Context", "RunSetup", RunStart], "Scene"]


@dataclass(frozen=True)
class Screenshot:
    name: str
    factory: ShotFactory
    warmup_ticks: int


P = ParamSpec("P")


def public_face(package: str, names: dict[str, str]) -> Callable[[str], object]:
    """A scene package's module __getattr__: each name of its public face (name -> the module of
    the package that holds it) is loaded from its module when first asked for, so entering a
    package never loads all of it (the window's first frame loads only the title)."""
    def find(name: str) -> object:
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(f"{package}.{module}"), name)
    return find


class Route(Generic[P]):
    """A scene opened from below its package: its module binds the constructor, callers call the
    route with the constructor's arguments. An unbound route (its module never loaded) is a bug."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._open: Callable[P, Scene] | None = None

    def bind(self, open_scene: Callable[P, Scene]) -> None:
        self._open = open_scene

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> Scene:
        if self._open is None:
            load_scene_modules()
        if self._open is None:
            raise KeyError(f"no scene bound to the route {self.name!r}")
        return self._open(*args, **kwargs)


TITLE: Route[[Context]] = Route("title")
LOBBY: Route[[Context]] = Route("lobby")
SETTINGS: Route[[Context]] = Route("settings")
SPEEDRUN_MENU: Route[[Context]] = Route("speedrun_menu")
SPEEDRUN_SETTINGS: Route[[Context]] = Route("speedrun_settings")

_games: dict[str, GameFactory] = {}
_screenshots: dict[str, Screenshot] = {}
_attract: list[AttractFactory] = []
_replay_viewers: dict[str, ReplayFactory] = {}
_demos: dict[str, DemoFactory] = {}
_run_scenes: dict[str, RunFactory] = {}
_loaded: list[bool] = []
_problems: list[str] = []


def register(game_key: str, factory: GameFactory) -> None:
    _games[game_key] = factory


def start_game(ctx: "Context", spec: "MatchSpec") -> None:
    """Push the game scene for `spec`. Every game registers one: an unknown one is a bug."""
    load_scene_modules()
    factory = _games.get(spec.game)
    if factory is None:
        raise KeyError(f"no game scene registered for {spec.game!r}")
    ctx.stack.push(factory(ctx, spec))


def register_demo(game_key: str, factory: DemoFactory) -> None:
    _demos[game_key] = factory


def demo_scene(ctx: "Context", spec: "MatchSpec") -> DemoScene:
    """The attract loop's scene for the all-bot match `spec` (KeyError: its game has none)."""
    load_scene_modules()
    return _demos[spec.game](ctx, spec)


def register_run_scene(game_key: str, factory: RunFactory) -> None:
    _run_scenes[game_key] = factory


def run_scene(ctx: "Context", setup: "RunSetup", start: RunStart = RunStart()) -> "Scene":
    """A speedrun attempt of `setup`'s category, in its game's run scene (KeyError: none registered)."""
    load_scene_modules()
    return _run_scenes[setup.category.game](ctx, setup, start)


def register_screenshot(name: str, factory: ShotFactory, warmup_ticks: int = 0) -> None:
    _screenshots[name] = Screenshot(name, factory, warmup_ticks)


SHOTS_PACKAGE = "devkit.shots"   # the screenshot scenes: developer tooling, outside the game package


def screenshots_available() -> bool:
    """Is the screenshot package here? A checkout has it; an installed wheel does not ship it."""
    return reach_devkit()


def load_screenshots() -> None:
    """The scenes, then the screenshot package (which stages them), where there is one."""
    load_scene_modules()
    if screenshots_available():
        importlib.import_module(SHOTS_PACKAGE)


def screenshot(name: str) -> Screenshot | None:
    load_screenshots()
    return _screenshots.get(name)


def screenshot_names() -> list[str]:
    load_screenshots()
    return sorted(_screenshots)


def register_replay_viewer(game_key: str, factory: ReplayFactory) -> None:
    _replay_viewers[game_key] = factory


def replay_viewer(game_key: str) -> ReplayFactory | None:
    load_scene_modules()
    return _replay_viewers.get(game_key)


def back_to(stack: "SceneStack", name: str) -> bool:
    """Pop down to the scene called `name` if it is on the stack (False if it is not)."""
    if not any(scene.name == name for scene in stack.scenes):
        return False
    stack.pop_until(lambda scene: scene.name == name)
    return True


def register_attract(factory: AttractFactory) -> None:
    _attract[:] = [factory]


def attract_factory() -> AttractFactory | None:
    load_scene_modules()
    return _attract[0] if _attract else None


def load_scene_modules() -> list[str]:
    """Import every game.scenes module once (each registers itself). Returns problems found."""
    if _loaded:
        return []
    _loaded.append(True)
    problems = _problems
    infos = pkgutil.walk_packages(package.__path__, "game.scenes.")
    for info in sorted(infos, key=lambda i: i.name):
        if info.ispkg or info.name == __name__:
            continue
        try:
            importlib.import_module(info.name)
        except Exception as exc:  # one broken scene module must not take the menus down
            log.exception("scene module %s failed to load", info.name)
            problems.append(Notice(N_("Part of the game could not be loaded ({module}): {error}"),
                                   module=info.name, error=exc))
    return list(problems)


def load_problems() -> list[str]:
    """The problems the one load_scene_modules() run found, whoever triggered it (the app
    shows them after the first frame, by which time a scene may already have loaded them)."""
    return list(_problems)
