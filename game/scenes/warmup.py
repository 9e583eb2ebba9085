"""Rehearsals: the scenes a player can reach next, built and drawn once off screen while the
menus sit idle, so the texts, fonts, clothing and table art and level surfaces they need are
already in the caches when the real scene is shown (its first frame then costs what a steady
one does, instead of 10-30x more).

A rehearsal runs against a context of its own: its own scene stack, silent audio, no record
path, but the game's real UI, settings and input (so the caches it fills are the ones the
real scenes read: same text cache, same colour-blind choice). It constructs scenes and draws
them; it never gives them a tick of their own, so nothing is played, chosen, marked seen or
saved. Each rehearsal is a generator: the warmer runs one step per idle frame.
"""
from __future__ import annotations

import sqlite3
import threading
import time
from functools import partial
from itertools import zip_longest
from typing import TYPE_CHECKING, Any, Callable, Generator, Iterator

import pygame

from game.career import progress as career_progress
from game.career.challenges import load_career
from game.sim import preload
from game.match.seats import identities
from game.core import collector, memory
from game.core.scene import Scene
from game.core.warm import WAIT, Job, Warmer
from game.files.level_shelf import SHELF
from game.files.levels import list_levels, resolve_level, shipped_entry
from game.games import CHECK_OUT, SOLD_OUT
from game.match import games
from game.match.games import Game, Rehearsal
from game.match.spec import MatchSpec, SeatSpec
from game.rules.soldout import modes as soldout_modes
from game.render import clothing, surface_cache
from game.render.clothing import item_art, item_card, objective_art
from game.render.text import load_hyphenation
from game.text import i18n
from game.scenes import registry
from game.scenes.mall import compute_layout
from game.scenes.mall import level_surface
from game.scenes.mall import soldout_results
from game.scenes.mall import MallScene, ModeChoiceScene, stamps_ahead
from game.scenes.table import checkout_results
from game.sim.mall_stage import play_out_round
from game.speedrun.categories import load_categories, make_setup
from game.speedrun.records import Records
if TYPE_CHECKING:
    from game.core.context import Context

# Scenes where the player is choosing, not playing: a rehearsal may run there while idle.
MENU_SCENES = frozenset({"title", "lobby", "settings", "controls", "speedrun_menu", "speedrun_code"})
IDLE_TICKS = 30          # half a second without input before a rehearsal step may run
STEP_SECONDS = 0.008     # rehearsal steps run for up to half a frame at a time
FORWARD_TICKS = 240      # table ticks played per step on the way to its results (about 15 ms)


def rehearsal_context(ctx: "Context") -> "Context":
    """A context sharing the game's caches (UI, settings, input) but nothing it could change."""
    return ctx.sandbox()


def _spec(game: Game, players: int, mode: str) -> MatchSpec:
    """A rehearsal's match of `game`: two people, the rest bots, two rounds where the game lets one choose."""
    ids = identities()
    seats = tuple(SeatSpec(i, ids[i].name, "human" if i < 2 else "bot", "normal") for i in range(players))
    return game.spec(seats, 1, game.options_from({"mode": mode, "rounds": 2}))


# What the rehearsals drew clothing at: (size, colour-blind) of items, and the shape of objective
# cards. The real match deals other cards, so every item and objective is drawn at those too.
_DRAWN = clothing.Drawn()


def _dismiss(rctx: "Context") -> None:
    """The rehearsal is over: every scene in it exits, as one left for good does (the mall lets its
    layers go, a results screen its menu). Its scenes, match and pictures hold each other in cycles
    that only the collector's next full pass would free: 10-30 MB a rehearsal, some 130 MB in all,
    kept until then (and then costing that pass 100+ ms at once)."""
    rctx.stack.apply()
    rctx.stack.close()


def _draw(rctx: "Context", surface: pygame.Surface) -> None:
    rctx.stack.apply()
    with clothing.noting(_DRAWN):
        rctx.stack.draw(surface, 0.0)


def rehearse_catalogue(chunk: int = 12) -> Iterator[None]:
    """Every item and objective card at every size a rehearsal drew one at, a few per step."""
    cat = preload.soldout_catalogue()
    items = list(cat.items.values())
    for size, colourblind in sorted(_DRAWN.items):
        for start in range(0, len(items), chunk):
            for item in items[start:start + chunk]:
                item_art(item, size, colourblind, cat)
            yield
    for count, card_size, filled, marks, colourblind, title in sorted(_DRAWN.objectives, key=repr):
        for objective in cat.objectives.values():
            if len(objective.items) == count:
                objective_art(objective, cat, card_size, filled=filled or None, marks=marks or None,
                              colourblind=colourblind, title=title)
        yield


def _opening(ctx: "Context", spec: MatchSpec) -> Generator[None, None, tuple["Context", pygame.Surface, Any]]:
    """Start the game in a rehearsal context and draw its first frame (a step to start, then a
    step a scene); gives back the context, the surface drawn on and the game scene. The game scene
    is the bottom of the rehearsal's stack: what it opens over itself as it enters (a how-to card
    not yet seen, the mode chooser) is drawn over it, as the player will first see it."""
    rctx = rehearsal_context(ctx)
    surface = pygame.Surface(ctx.screen_size)
    registry.start_game(rctx, spec)
    yield
    rctx.stack.apply()
    for scene in rctx.stack.scenes:   # a scene a step: a first table with its how-to card over it was 40 ms
        with clothing.noting(_DRAWN):
            scene.draw(surface, 0.0)
        yield
    return rctx, surface, rctx.stack.scenes[0]


def _choose_first_mode(rctx: "Context", mode: str) -> Scene:
    """A match whose modes are chosen each round opens on the chooser, over the mall's opening:
    choose `mode` there, as a player would, so the mall opens. Gives back the game scene."""
    chooser = rctx.stack.top
    if isinstance(chooser, ModeChoiceScene):
        chooser.pick_at_once(mode)
        rctx.stack.apply()
    return rctx.stack.scenes[0]


def rehearse_mall(ctx: "Context", players: int, mode: str) -> Iterator[None]:
    """The mall as it opens (shutters), as it plays (piles, lists), then the round's results."""
    level = preload.level(resolve_level(None, players))
    preload.soldout_catalogue()
    preload.soldout_tuning()
    yield
    layout = compute_layout(level.pixel_size, players)
    level_surface(level, layout.scale)
    yield
    yield from stamps_ahead()        # the SOLD OUT! stamps, built as the mall opens otherwise
    # The cards the scene renders as it is built (MallScene._prewarm), a few per step.
    cat = preload.soldout_catalogue()
    items = list(cat.items.values())
    for size in sorted({p.viewer.size for p in layout.panels}):
        for start in range(0, len(items), 12):
            for item in items[start:start + 12]:
                item_card(item, size, colourblind=ctx.settings.colourblind, colours=cat)
            yield
    rctx, surface, _opened = yield from _opening(ctx, _spec(SOLD_OUT, players, mode))
    mall = _choose_first_mode(rctx, soldout_modes.keys()[0])   # the first registered mode, as the lobby offers it
    if not isinstance(mall, MallScene):
        raise RuntimeError(f"the rehearsal's mall did not open: {mall.name} instead")
    sim = mall.sim
    while sim.phase != "playing" and sim.tick < 60 * 40:
        mall.driver.play({}, record=False)   # everyone idle: a rehearsal asks no bot
    _draw(rctx, surface)
    yield
    play_out_round(sim, 1)
    yield
    results = soldout_results(mall)
    rctx.stack.push(results)
    while True:                      # a piece a step, as the real one is drawn under its fade
        with clothing.noting(_DRAWN):
            if not results.build_step():
                break
        yield
    _draw(rctx, surface)
    _dismiss(rctx)


def rehearse_table(ctx: "Context", players: int) -> Iterator[None]:
    """The dice table as it opens, then the final results."""
    preload.checkout_catalogue()
    preload.checkout_tuning()
    yield
    rctx, surface, table = yield from _opening(ctx, _spec(CHECK_OUT, players, "standard"))
    sim = table.sim
    while not sim.over() and sim.tick < 60 * 60 * 30:
        table.fast_forward(lambda sim: sim.over(), limit=sim.tick + FORWARD_TICKS)
        yield
    rctx.stack.push(checkout_results(table))
    _draw(rctx, surface)
    _dismiss(rctx)


def rehearse_opening(game: Game, ctx: "Context", players: int, mode: str) -> Iterator[None]:
    """A game's match as it opens, drawn once: the rehearsal of a game without one of its own below."""
    rctx, surface, _opened = yield from _opening(ctx, _spec(game, players, mode))
    _draw(rctx, surface)
    _dismiss(rctx)


# The built-in games' own rehearsals (which also play on to their results), by the game's key, with
# the word their warm-up jobs are named by; any other game is rehearsed by `rehearse_opening`.
OWN_REHEARSALS: dict[str, tuple[str, Callable[["Context", int, str], Iterator[None]]]] = {
    SOLD_OUT.key: ("mall", rehearse_mall),
    CHECK_OUT.key: ("table", lambda ctx, players, mode: rehearse_table(ctx, players)),
}


NamedJob = tuple[str, Callable[[], bool]]   # a warm-up job and its name


def rehearsal_job(ctx: "Context", game: Game, rehearsal: Rehearsal) -> NamedJob:
    """A warm-up job for one of `game`'s rehearsals, and its name (for the log)."""
    players, mode = rehearsal.players, rehearsal.mode
    place, rehearse = OWN_REHEARSALS.get(game.key, (game.key, partial(rehearse_opening, game)))
    return f"{place} {players} {mode}", _stepper(partial(rehearse, ctx, players, mode))


def rehearse_attract(ctx: "Context") -> Iterator[None]:
    factory = registry.attract_factory()
    if factory is None:
        return
    rctx = rehearsal_context(ctx)
    rctx.stack.push(factory(rctx))
    yield
    _draw(rctx, pygame.Surface(ctx.screen_size))
    _dismiss(rctx)


def rehearse_speedrun(ctx: "Context") -> Iterator[None]:
    """A speedrun in the mall and at the table, as the speedrun menu starts them (scripted: a
    demo run saves nothing; empty records: the player's are not read)."""
    for category in load_categories().values():
        rctx = rehearsal_context(ctx)
        setup = make_setup(category, "set", seed_index=0)
        rctx.stack.push(registry.run_scene(rctx, setup, registry.RunStart(records=Records(), demo=True)))
        yield
        _draw(rctx, pygame.Surface(ctx.screen_size))
        _dismiss(rctx)
        yield


def rehearse_stats(ctx: "Context") -> Iterator[None]:
    """The stats screen drawn off screen, each page, over one made-up match in a database of its own
    (the player's records are not read): its text sizes and figures' glyphs ready, which were most
    of its first frame (50-150 ms)."""
    from game.files.database import in_memory
    from game.match.record import MatchRecord, SeatLine
    from game.scenes.menus import StatsScene
    from game.stats.store import write
    lines = tuple(SeatLine(seat, name, seat + 1, "human", "", None, 10 * seat + 9, seat + 1, seat, 12, 34, 56.7, 78)
                  for seat, name in enumerate(("Ada 0123456789", "Bo 0123456789")))
    db = in_memory()

    def made_up(connection: sqlite3.Connection) -> None:
        write(connection, MatchRecord(SOLD_OUT.key, (SOLD_OUT.default_mode(),), "", 1, 3600, "", lines))
    db.write(made_up)
    surface = pygame.Surface(ctx.screen_size)
    scene = StatsScene(rehearsal_context(ctx), db)
    for who, pages in ((0, 2), (1, 3)):
        for page in range(pages):
            scene.who, scene.page = who, page
            scene.draw(surface, 0.0)
            yield
    db.close()


def rehearse_lobby() -> Iterator[None]:
    """The lobby's level list: the shipped levels read and checked, a level a step (otherwise all of
    them in the lobby's first frame, 100-150 ms); the player's own handed to the level shelf's
    thread (200 of them a step each held the warm-up 9 s)."""
    for path in list_levels():
        shipped_entry(path)
        yield
    SHELF.prefetch()


def read_locale_data() -> None:
    """Babel's data for the language's lists, percentages, units and ordinals: 13 ms the first
    time, which fell in the step that first drew a results screen (its standings line)."""
    i18n.and_list(["1", "2"])
    i18n.percent(0.5)
    i18n.seconds(1)
    i18n.ordinal(1)


def read_hyphenation() -> Job:
    """A warm-up job reading the language's hyphenation dictionary on a thread of its own (as one
    step it held the idle title, and a press landing in it, 50-90 ms). While the thread reads, the
    job answers WAIT: the frames go on, no other step runs beside it (each would take longer for
    sharing the interpreter). The thread fills a cache and touches nothing else; what it raised
    the job raises, so the warmer logs it (and the tests fail)."""
    failed: list[BaseException] = []

    def load(code: str) -> None:
        try:
            load_hyphenation(code)
        except BaseException as exc:  # handed to the warmer below
            failed.append(exc)
    worker = threading.Thread(target=load, args=(i18n.language(),), name="hyphenation", daemon=True)

    def job() -> object:
        if worker.ident is None:
            worker.start()
        if worker.is_alive():
            return WAIT
        worker.join()
        if failed:
            raise failed[0]
        return None
    return job


def _stepper(make: "Callable[[], Iterator[None]]") -> "Callable[[], bool]":
    """A warmer job that runs one step of the generator `make()` per call (True while unfinished)."""
    steps: list[Iterator[None]] = []

    def job() -> bool:
        if not steps:
            steps.append(make())
        try:
            next(steps[0])
        except StopIteration:
            return False
        return True
    return job


def queue_rehearsals(warmer: Warmer, ctx: "Context") -> None:
    """Everything a player can reach from the menus, likeliest first: the lobby's levels, every
    game's first rehearsals (its object's `rehearsals()`: the lobby's defaults), the games taken
    in turn; then the speedruns, attract loop and career; then the games' later rehearsals."""
    warmer.add("hyphenation", read_hyphenation())   # before the table's product names need it
    warmer.add("locale data", read_locale_data)
    if ctx.fade is not None:
        fade = ctx.fade
        warmer.add("fade buffer", lambda: fade.make_buffer(pygame.display.get_surface()))
    warmer.add("sounds", _stepper(ctx.audio.preload))
    warmer.add("lobby levels", _stepper(rehearse_lobby))   # the title's next scene
    first, later = _rehearsal_jobs(ctx)
    for name, job in first:
        warmer.add(name, job)
    warmer.add("catalogue", _stepper(rehearse_catalogue))
    warmer.add("speedrun", _stepper(lambda: rehearse_speedrun(ctx)))
    warmer.add("attract", _stepper(lambda: rehearse_attract(ctx)))
    warmer.add("career", _stepper(lambda: career_progress.warm(load_career())))   # the stars' replays, judged
    warmer.add("stats", _stepper(lambda: rehearse_stats(ctx)))
    for name, job in later:
        warmer.add(name, job)
    warmer.add("catalogue again", _stepper(rehearse_catalogue))   # sizes only those modes draw
    warmer.add("collector", collector.WINDOW.settle)   # the garbage collected once, what lives frozen
    warmer.add("memory back", give_back)   # what the rehearsals freed, to the system


def _rehearsal_jobs(ctx: "Context") -> tuple[list[NamedJob], list[NamedJob]]:
    """Every game's rehearsals as warm-up jobs: the first ones of all games taken in turn (a mall,
    a table, a mall...), then the later ones, game by game."""
    first: list[list[NamedJob]] = []
    later: list[NamedJob] = []
    for game in games.all_games():
        planned = game.rehearsals()
        first.append([rehearsal_job(ctx, game, r) for r in planned if r.first])
        later += [rehearsal_job(ctx, game, r) for r in planned if not r.first]
    turns = [job for turn in zip_longest(*first) for job in turn if job is not None]
    return turns, later


def give_back() -> None:
    """A warm-up job: the memory freed so far back to the system (its answer is not the warmer's
    "more to do"), with the item art's intermediate shading, which only new items need."""
    clothing.drop_intermediates()
    memory.give_back()


def in_menu(ctx: "Context") -> bool:
    """A menu is on top: the player is choosing, not playing."""
    top = ctx.stack.top
    return top is not None and top.name in MENU_SCENES


def may_warm(ctx: "Context", idle_ticks: int) -> bool:
    """True when a rehearsal step may run now: a menu on top and nobody touching anything."""
    return idle_ticks >= IDLE_TICKS and in_menu(ctx)


def back_in_menu(warmer: Warmer, ctx: "Context", was_in_menu: bool) -> bool:
    """Called after each frame: on coming back to a menu from play, the memory the match freed is
    handed back to the system (a job, so it runs when the menu sits idle). Whether a menu is on top."""
    now = in_menu(ctx)
    if now and not was_in_menu:
        warmer.add(f"collector {len(warmer.done)}", collector.WINDOW.resettle)   # the match's cycles freed first
        warmer.add(f"memory back {len(warmer.done)}", give_back)
    return now


def menu_idle(ctx: "Context", until: float) -> None:
    """A menu's time after a present (every frame's, whatever the players press: a lobby being
    joined is seldom idle): the pictures a game's scene let go of the other game's while it played
    (game/scenes/own_pictures.py) drawn again, until `until`, so whichever game starts next finds
    what the title's warm-up left for its first frames (all of them: ~0.9 s of drawing, ~4 s of
    frames)."""
    if in_menu(ctx) and surface_cache.shed_left() and time.perf_counter() < until:
        surface_cache.refill(None, until)
