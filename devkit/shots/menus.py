"""Screenshots of the menus: title, attract, lobby, settings, controls, pause."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.files import database
from game.match.seats import LobbySeat
from game import levels_dir
from game.files.levels import LevelEntry, load_level
from game.text.notice import Verbatim
from game.scenes import registry
from game.scenes.attract import AttractScene, demos
from game.scenes.table import TableScene
from game.scenes.menus.lobby import LobbyScene
from game.scenes.menus.pause import PauseScene
from game.scenes.menus.settings import ControlsScene, SettingsScene
from game.scenes.menus.title import TitleScene

if TYPE_CHECKING:
    from game.core.context import Context
    from game.core.scene import Scene


def _settings_shot(ctx: "Context", seed: int) -> SettingsScene:
    return SettingsScene(ctx)


def _controls_shot(ctx: "Context", seed: int) -> ControlsScene:
    scene = ControlsScene(ctx)
    scene.menu.index = 5
    return scene


def lobby_shot(ctx: "Context", seed: int) -> LobbyScene:
    """Lobby with keyboards, pads and bots seated (pads by name only: no device exists here)."""
    ctx.lobby.seed = seed or 4242
    scene = LobbyScene(ctx)
    scene.seat_profiles.db = database.in_memory()     # never the developer's own profiles
    scene.join(("kb", "left"))
    scene.join(("kb", "right"))
    scene.seat_profiles.pickers.clear()               # both sat down as guests
    ctx.seats.append(LobbySeat(2, "human", ("pad", 0), team=0, device_name="Xbox Controller"))
    ctx.seats.append(LobbySeat(3, "human", ("pad", 1), team=1, device_name="PS4 Controller"))
    scene.add_bot()
    ctx.seats[-1].difficulty = "hard"
    ctx.seats.sort(key=lambda s: s.seat)
    scene.picked = 0
    scene.menu.index = len(scene.menu.items) - 1
    return scene


def _level_row(scene: LobbyScene, entries: list[LevelEntry], key: str | None) -> LobbyScene:
    """The lobby with its Level row chosen on `key`, listing the shipped levels and `entries` only
    (whatever is in the developer's own levels folder stays out of the picture)."""
    scene.levels = {e.key: e for e in [*(e for e in scene.levels.values() if e.shipped), *entries]}
    scene.choose("level", key)
    scene.menu.index = next(i for i, item in enumerate(scene.menu.items) if item.label == "Level")
    return scene


def _lobby_level_shot(ctx: "Context", seed: int) -> LobbyScene:
    """A player's own level (a copy of the galleria saved as "Corner Shops") chosen in the lobby."""
    path = levels_dir() / "galleria.tmx"
    mine = LevelEntry("corner_shops", path, False, Verbatim("Corner Shops"), "2-6", level=load_level(path))
    return _level_row(lobby_shot(ctx, seed), [mine], "corner_shops")


def _lobby_broken_level_shot(ctx: "Context", seed: int) -> LobbyScene:
    broken = LevelEntry("half_done", levels_dir() / "half_done.tmx", False, Verbatim("Half Done"),
                        problem=Verbatim("pile_spot 'pile_spot_3' at tile (12,4) cannot be reached from spawn 'spawn_2' (seat 2)"))
    return _level_row(lobby_shot(ctx, seed), [broken], "half_done")


def _pause_shot(ctx: "Context", seed: int) -> list[Scene]:
    return [lobby_shot(ctx, seed), PauseScene(ctx)]


registry.register_screenshot("title", lambda ctx, seed: TitleScene(ctx), warmup_ticks=1)
registry.register_screenshot("attract", lambda ctx, seed: AttractScene(ctx, seed or 1), warmup_ticks=60 * 12)


def _attract_table(ctx: "Context", seed: int) -> AttractScene:
    """The title demo on its Check Out! turn: the banner in the top bar's middle, clear of its texts."""
    scene = AttractScene(ctx, seed or 1)
    for _turn in range(len(demos())):
        if isinstance(scene.demo, TableScene):
            break
        scene._next_demo()
    return scene


registry.register_screenshot("attract_table", _attract_table, warmup_ticks=60 * 6)
registry.register_screenshot("lobby", lobby_shot, warmup_ticks=1)
registry.register_screenshot("lobby_level", _lobby_level_shot, warmup_ticks=1)
registry.register_screenshot("lobby_level_auto", lambda ctx, seed: _level_row(lobby_shot(ctx, seed), [], None),
                             warmup_ticks=1)
registry.register_screenshot("lobby_level_broken", _lobby_broken_level_shot, warmup_ticks=1)
registry.register_screenshot("settings", _settings_shot, warmup_ticks=1)
registry.register_screenshot("controls", _controls_shot, warmup_ticks=1)
registry.register_screenshot("pause", _pause_shot, warmup_ticks=1)
