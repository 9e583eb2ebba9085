"""Screenshots of profiles: six seats choosing in the lobby (a list, a profile's preferences, a
delete to confirm, a 16-wide name seated), six seated with teams (each card's key back to the
profiles, a keyboard seat's shared keys), seats typing names on the on-screen keyboard, and long
profile names in play, on the results and on the podium of both games."""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from devkit.shots.mall import REVEALED
from game.files import database, profiles
from game.files.profiles import Profile
from game.match.seats import LobbySeat
from game.match.spec import MatchSpec
from game.scenes import registry
from game.scenes.mall.results import SoldOutResultsScene
from game.scenes.mall.round_end import soldout_results
from game.scenes.mall.scene import MallScene, piloted_mall
from game.scenes.mall.scene import demo_spec as mall_demo
from game.scenes.table.match_end import checkout_results
from game.scenes.table.scene import TableScene
from game.scenes.table.scene import demo_spec as table_demo
from game.sim.mall_stage import play_out_round
from game.scenes.menus.lobby import LobbyScene
from game.scenes.menus.seat_picker import Page
from game.text.notice import Notice

if TYPE_CHECKING:
    from game.core.context import Context
    from game.core.scene import Scene

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


def lobby_seated_shot(ctx: "Context", seed: int) -> LobbyScene:
    """Six people seated with teams on, each card saying its own key back to the profiles (both
    keyboard halves, four pads; the widest names), the right keyboard's player reading why its
    keys are shared."""
    ctx.lobby.seed = seed or 4242
    scene = LobbyScene(ctx)
    db = scene.seat_profiles.db = database.in_memory()
    for name in NAMES:
        profiles.create(db, name, [])
    scene.choose("teams", True)
    scene.join(("kb", "left"))
    scene.join(("kb", "right"))
    for index in range(2, 6):
        ctx.seats.append(LobbySeat(index, "human", ("pad", index), team=index % 3, device_name="Xbox Controller"))
    for index, name in ((0, NAMES[0]), (2, "Anna-Lena"), (3, "François")):
        scene.seat_profiles.open(index)
        scene.seat_profiles.sit(index, _found(scene, name))
    picker = scene.seat_profiles.pickers[1]
    picker.page, picker.editing = Page.EDIT, _found(scene, "Begoña")
    picker.index = picker.rows.index("keys")
    scene.picked = 0
    return scene


registry.register_screenshot("lobby_profiles", lobby_profiles_shot, warmup_ticks=1)
registry.register_screenshot("lobby_seated", lobby_seated_shot, warmup_ticks=1)
registry.register_screenshot("profile_keyboard", profile_keyboard_shot, warmup_ticks=1)


# ---------------------------------------------------------------- names in play
# Six profiles' names, the widest first: in play, on the results and on the podium they fit or end in "…".
PLAYED = ("WWWWWWWWWWWWWWWW", "Anna-Lena", "MMMMMMMMMMMMMMMM", "Begoña", "François-Xavier", "Zoë")


def named(spec: MatchSpec) -> MatchSpec:
    """`spec` with its seats called by PLAYED (as LobbySeat.spec names a profile's seat)."""
    seats = tuple(dataclasses.replace(s, name=PLAYED[s.seat % len(PLAYED)]) for s in spec.seats)
    return dataclasses.replace(spec, seats=seats)


def _mall(ctx: "Context", seed: int) -> MallScene:
    return piloted_mall(ctx, named(mall_demo(6, "rush", seed or 3)))


def _mall_results(ctx: "Context", seed: int) -> list[Scene]:
    mall = piloted_mall(ctx, named(mall_demo(6, "rush", seed or 3, rounds=1)))
    play_out_round(mall.sim, seed)
    mall.results_pushed = True
    return [mall, soldout_results(mall)]


def _mall_podium(ctx: "Context", seed: int) -> list[Scene]:
    mall, results = _mall_results(ctx, seed)
    assert isinstance(results, SoldOutResultsScene)
    results.show_podium()
    return [mall, results]


def _table(ctx: "Context", seed: int) -> TableScene:
    return TableScene(ctx, named(table_demo(6, seed)), demo=True)


def _table_results(ctx: "Context", seed: int) -> list[Scene]:
    table = TableScene(ctx, named(table_demo(6, seed)), demo=True)
    table.fast_forward(lambda sim: sim.over())
    return [table, checkout_results(table)]


registry.register_screenshot("names_mall_6", _mall, warmup_ticks=60 * 10)
registry.register_screenshot("names_results_6", _mall_results, warmup_ticks=REVEALED)
registry.register_screenshot("names_podium_6", _mall_podium, warmup_ticks=REVEALED)
registry.register_screenshot("names_table_6", _table, warmup_ticks=60 * 4 + 30)
registry.register_screenshot("names_checkout_results_6", _table_results, warmup_ticks=240)
