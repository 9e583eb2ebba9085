"""Screenshots of profiles in the lobby: six seats choosing (a list, a profile's preferences, a
delete to confirm, a 16-wide name seated), and seats typing names on the on-screen keyboard."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.files import database, profiles
from game.files.profiles import Profile
from game.match.seats import LobbySeat
from game.scenes import registry
from game.scenes.menus.lobby import LobbyScene
from game.scenes.menus.seat_picker import Page
from game.text.notice import Notice

if TYPE_CHECKING:
    from game.core.context import Context

NAMES = ("WWWWWWWWWWWWWWWW", "Anna-Lena", "Zoë", "Jürgen", "François", "Begoña", "Max")


def _lobby(ctx: "Context", seed: int) -> LobbyScene:
    """A lobby over a records database in memory holding NAMES, with six human seats on pads."""
    ctx.lobby.seed = seed or 4242
    scene = LobbyScene(ctx)
    db = scene.seat_profiles.db = database.in_memory()
    for name in NAMES:
        profiles.create(db, name, [])
    for index in range(6):
        ctx.seats.append(LobbySeat(index, "human", ("pad", index), team=index % 2, device_name="Xbox Controller"))
        scene.seat_profiles.open(index)
    return scene


def _found(scene: LobbyScene, name: str) -> Profile:
    return next(p for p in scene.seat_profiles.found if p.name == name)


def lobby_profiles_shot(ctx: "Context", seed: int) -> LobbyScene:
    """Seat 1 lists the profiles, 2 sat as the widest name, 3 edits Zoë, 4 is asked to delete
    Jürgen, 5 is a guest, 6 lists them scrolled down."""
    scene = _lobby(ctx, seed)
    pickers = scene.seat_profiles.pickers
    pickers[0].index = 1
    scene.seat_profiles.sit(1, _found(scene, NAMES[0]))
    pickers[2].page, pickers[2].editing, pickers[2].index = Page.EDIT, _found(scene, "Zoë"), 2
    pickers[3].page, pickers[3].editing = Page.DELETE, _found(scene, "Jürgen")
    scene.seat_profiles.close(4)
    pickers[5].index = len(pickers[5].entries) - 1
    scene.picked = 0
    return scene


def profile_keyboard_shot(ctx: "Context", seed: int) -> LobbyScene:
    """Four seats typing names at once (one told its name is taken), two still choosing."""
    scene = _lobby(ctx, seed)
    pickers = scene.seat_profiles.pickers
    for index, typed in ((0, "Begoña"), (1, "WWWWWWWWWWWWWWWW"), (3, ""), (4, "Ré")):
        pickers[index].start_typing(None)
        keys = pickers[index].keys
        assert keys is not None
        keys.type_text(typed)
        keys.row, keys.col = index, (index * 3) % 13
    pickers[0].refused(Notice(profiles.NAME_TAKEN, name="Begoña"))
    renaming = pickers[5]
    renaming.start_typing(_found(scene, "Max"))
    pickers.pop(2)
    return scene


registry.register_screenshot("lobby_profiles", lobby_profiles_shot, warmup_ticks=1)
registry.register_screenshot("profile_keyboard", profile_keyboard_shot, warmup_ticks=1)
