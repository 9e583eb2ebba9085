"""Outside game/sim and game/rules nothing reads a simulation object except through its face or
a view: the type checker says so, read by read.

mypy (with a small plugin) type-checks game/ and devkit/ and is told of every attribute read
and method call whose receiver is a class of game/sim. A read counts unless the receiver is
- a face or a view (FACES: `MallFace`, `TableFace` and the parts they hand out, the seat views,
  the public views, the `Simulation` protocol the match driver steps), or
- a value that cannot change the world (an enum, a NamedTuple, a frozen dataclass: the phases,
  the events, a dresser, the tuning).
The count is 0: the mall's avatars, the table's seats and the sims themselves are read through
the faces (read-only properties: a write through them is a type error), the round's cards
through the views each named for who may hold it. Those who may know more than a player ask by
name, and only they (ENTITLED).
"""
from __future__ import annotations

import collections
import dataclasses
import enum
import importlib
from pathlib import Path
from typing import Any, Callable

import pytest

build = pytest.importorskip("mypy.build")
from mypy.modulefinder import BuildSource  # noqa: E402
from mypy.options import Options  # noqa: E402
from mypy.plugin import Plugin  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ENGINES = ("game.sim", "game.rules")

# The faces and views of game/sim: what the outside is meant to read the worlds through.
FACES = {
    "game.sim.protocol.Simulation",
    "game.sim.mall_face.MallFace", "game.sim.mall_face.AvatarFace", "game.sim.mall_face.BodyFace",
    "game.sim.mall_face.StandingsFace",
    "game.sim.mall_face.MallForMusic", "game.sim.mall_face.MallForSounds", "game.sim.mall_face.MallForRumble",
    "game.sim.mall_face.MallForGhost", "game.sim.mall_face.MallForTeams", "game.sim.mall_face.MallForPanels",
    "game.sim.mall_face.SeatForPanels",
    "game.sim.mall_face.MallForCardSpots", "game.sim.mall_face.MallForMap", "game.sim.mall_face.MallForEffects",
    "game.sim.mall_face.MallForOverlay", "game.sim.mall_face.MallForPilot", "game.sim.mall_face.MallForBot",
    "game.sim.mall_face.SeatForWalking", "game.sim.mall_face.SeatForErrands", "game.sim.mall_face.SeatForSearch",
    "game.sim.mall_face.SeatForBot",
    "game.sim.mall_public.MallPublicView", "game.sim.mall_public.RoundReveal", "game.sim.mall_public.OmniscientView",
    "game.sim.mall_view.SeatView",
    "game.sim.table_face.TableFace", "game.sim.table_face.TableSeatFace",
    "game.sim.table_face.TableForMusic", "game.sim.table_face.TableForSounds", "game.sim.table_face.TableForRumble",
    "game.sim.table_face.TableForBids", "game.sim.table_face.TableForPanels",
    "game.sim.table_face.TableForMap", "game.sim.table_face.TableForOverlay",
    "game.sim.table_view.TableSeatView",
}

# Who may use each all-knowing query outside game/sim (a bot or a HUD never may).
ENTITLED = {
    "omniscient_view": {"game/speedrun/courses.py", "game/speedrun/demo.py"},
    "next_deal_unseen": {"game/scenes/table/draw.py"},
    "stage_bid": {"devkit/shots/table.py"},
}

PROBE = '''
from game.sim.mall import MallSim
from game.sim.mall_face import MallFace


def raw(sim: MallSim) -> int:
    return sim.tick + len(sim.hand(0))


def faced(sim: MallFace) -> int:
    return sim.tick + len(sim.hand(0))
'''


def is_value(fullname: str) -> bool:
    """An enum, a NamedTuple or a frozen dataclass: reading it cannot change the world."""
    module, _, name = fullname.rpartition(".")
    try:
        cls = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        return False                       # a class inside a function, a protocol only for typing
    if not isinstance(cls, type):
        return False
    params = getattr(cls, "__dataclass_params__", None)
    return (issubclass(cls, (enum.Enum, tuple))
            or (dataclasses.is_dataclass(cls) and params is not None and bool(params.frozen)))


class Reach(Plugin):
    """Notes each read of an attribute (or call of a method) of a game.sim class by a module
    outside the engines."""

    def __init__(self, options: Options) -> None:
        super().__init__(options)
        self.reads: set[tuple[str, str]] = set()   # (class.attr, where): mypy may check a line twice

    def _note(self, fullname: str) -> Callable[[Any], Any] | None:
        if not fullname.startswith("game.sim."):
            return None

        def hook(ctx: Any) -> Any:
            module = ctx.api.tree.fullname
            if not module.startswith(ENGINES):
                self.reads.add((fullname, f"{module}:{ctx.context.line}:{ctx.context.column}"))
            return ctx.default_attr_type if hasattr(ctx, "default_attr_type") else ctx.default_return_type
        return hook

    def get_attribute_hook(self, fullname: str) -> Callable[[Any], Any] | None:
        return self._note(fullname)

    def get_method_hook(self, fullname: str) -> Callable[[Any], Any] | None:
        return self._note(fullname)


def _sources() -> list[BuildSource]:
    out = []
    for path in sorted([*(ROOT / "game").rglob("*.py"), *(ROOT / "devkit").rglob("*.py")]):
        parts = path.relative_to(ROOT).with_suffix("").parts
        out.append(BuildSource(str(path), ".".join(parts[:-1] if parts[-1] == "__init__" else parts)))
    out.append(BuildSource(None, "devkit.reach_probe", PROBE))
    return out


def all_reads() -> set[tuple[str, str]]:
    """Every read of a game.sim class outside the engines: ('class.attribute', 'module:line:column')."""
    options = Options()
    options.python_version = (3, 11)
    options.incremental = False            # every module checked now, so every read is seen
    options.ignore_missing_imports = True
    options.follow_imports = "silent"
    plugin = Reach(options)
    build.build(_sources(), options, extra_plugins=[plugin])
    return plugin.reads


def count_reads(seen: set[tuple[str, str]] | None = None) -> dict[str, list[str]]:
    """Every counted read: 'class.attribute' -> where ('module:line'), the probe's included."""
    counted: dict[str, list[str]] = collections.defaultdict(list)
    for fullname, where in sorted(all_reads() if seen is None else seen):
        owner = fullname.rsplit(".", 1)[0]
        if owner not in FACES and not is_value(owner):
            counted[fullname].append(where)
    return counted


@pytest.fixture(scope="module")
def seen() -> set[tuple[str, str]]:
    return all_reads()


@pytest.fixture(scope="module")
def reads(seen) -> dict[str, list[str]]:
    return count_reads(seen)


def test_nothing_outside_the_engines_reads_a_sim_object_but_through_a_face(reads):
    outside = {name: where for name, where in reads.items() if not any(w.startswith("devkit.reach_probe") for w in where)}
    assert sum(map(len, outside.values())) == 0, "read these through MallFace / TableFace or a view: " + "; ".join(
        f"{name} at {', '.join(where[:3])}" for name, where in sorted(outside.items()))


def test_the_count_sees_a_raw_read_and_not_a_read_through_the_face(reads):
    probe = {name: [w for w in where if w.startswith("devkit.reach_probe")] for name, where in reads.items()}
    probe = {name: where for name, where in probe.items() if where}
    assert probe == {"game.sim.mall.MallSim.tick": ["devkit.reach_probe:7:11"],
                     "game.sim.mall.MallSim.hand": ["devkit.reach_probe:7:26"]}


def test_every_face_is_a_class_of_the_sim():
    for name in FACES:
        module, _, cls = name.rpartition(".")
        assert isinstance(getattr(importlib.import_module(module), cls), type), name


def test_a_value_is_one_that_cannot_change():
    assert is_value("game.sim.mall_fixtures.Dresser") and is_value("game.sim.mall_events.MallPhase")
    assert is_value("game.sim.mall_events.Took") and is_value("game.sim.tuning.Tuning")
    assert not is_value("game.sim.mall_avatar.Avatar") and not is_value("game.sim.physics.Body")
    assert not is_value("game.sim.mall.MallSim") and not is_value("game.sim.table.Seat")


def _outside_files():
    for path in sorted([*(ROOT / "game").rglob("*.py"), *(ROOT / "devkit").rglob("*.py")]):
        rel = path.relative_to(ROOT).as_posix()
        if not rel.startswith(("game/sim/", "game/rules/")):
            yield rel, path


def test_only_the_entitled_ask_the_all_knowing_queries():
    for name, allowed in ENTITLED.items():
        users = {rel for rel, path in _outside_files() if name in path.read_text(encoding="utf-8")}
        assert users <= allowed, f"{name} used by {users - allowed}"
        assert all(name in (ROOT / rel).read_text(encoding="utf-8") for rel in allowed)   # the list is live


def test_the_table_answers_in_public():
    from game.driver.table_headless import run_table
    from game.match.spec import MatchSpec, SeatSpec
    seats = tuple(SeatSpec(i, f"Bot{i}", "bot", "normal") for i in range(3))
    sim, _ = run_table(MatchSpec("checkout", seats, seed=2))
    game = sim.game
    assert sim.scores() == game.scores() and sim.winners() == game.winners()
    assert sim.round_number() == game.round and sim.rules is game.rules
    for seat in range(3):
        assert sim.tokens(seat) == game.players[seat].tokens
        assert sim.products_won(seat) == game.players[seat].products
        assert sim.bargains_bought(seat) == game.players[seat].bargains
        assert sim.bid_made(seat) is game.bid_made(seat)
        sim.products_won(seat).append("x")           # a copy: the engine is not changed
    assert all("x" not in p.products for p in game.players)


def test_a_public_seat_shows_no_tumbling_face_and_no_bid():
    from game.match.spec import MatchSpec, SeatSpec
    from game.sim.table import TableSim
    seats = tuple(SeatSpec(i, f"P{i}", "human", "normal") for i in range(2))
    sim = TableSim(MatchSpec("checkout", seats, seed=3))
    sim.game.roll(0)
    sim.seats[0].land_tick = sim.tick + 30                 # the dice are in the air
    seen = sim.public_seat(0)
    assert sim.game.players[0].hand and set(seen.hand) == {0} and len(seen.hand) == len(sim.game.players[0].hand)
    assert seen.fits == 0
    sim.seats[0].land_tick = sim.tick                      # landed: the faces show
    assert list(sim.public_seat(0).hand) == sim.game.players[0].hand
    assert "bid" not in sim.public_seat(0)._fields


# Readers handed a narrow face, the members of it they read: exactly its members, and nothing of
# the wide face (MallFace 42 members, TableFace 48, SeatView 41: each of these readers read 1-28
# of them). A reader that hands its face on (the map to the card spots, the bot to its parts) is
# handed a face that takes in theirs, and reads of it only its own.
NARROW = {
    "game.music.cues": {"MallForMusic": {"avatars", "mode", "phase", "public_view", "round_ticks_left"},
                        "TableForMusic": {"bid_made", "last_player", "n", "phase", "round_number", "rules"}},
    "game.scenes.mall.sounds": {"MallForSounds": {"by_seat", "events"}},
    "game.scenes.pads.feel": {"MallForRumble": {"avatars", "events", "t"},
                              "TableForRumble": {"checkout_seat", "events", "phase"}},
    "game.speedrun.ghost": {"MallForGhost": {"by_seat", "carried", "held_pile"}},
    "game.scenes.table.sounds": {"TableForSounds": {"events", "seats", "tick"}},
    "game.scenes.table.bids": {"TableForBids": {"bid_made", "phase", "seats"}},
    "game.scenes.table.hud": {"TableForPanels": {
        "bonus_taker", "bonus_tokens", "buyer", "catalogue", "change", "checkout_seat", "last_player", "phase",
        "public_seat", "revealed", "round_gains", "round_number", "rules", "seats", "solo_seat", "tick", "tumbling",
        "turn_left"}},
    "game.scenes.mall.draw": {
        "MallForMap": {"avatars", "by_seat", "carried", "catalogue", "dressers", "floor_piles", "held_pile", "level",
                       "phase", "phase_ticks_left", "pile_count", "player_of", "public_view", "seats",
                       "sold_out_hold", "t", "tick"},
        "MallForTeams": {"spec"}},
    "game.scenes.mall.card_spots": {"MallForCardSpots": {"catalogue", "dressers", "floor_piles", "level", "public_view"}},
    "game.scenes.mall.fx": {"MallForEffects": {
        "avatars", "by_seat", "carried", "catalogue", "dressers", "events", "held_pile", "level", "phase", "piles",
        "player_of", "public_view", "seats", "sold_out_seat", "t", "tick"}},
    "game.scenes.mall.overlay": {"MallForOverlay": {
        "avatars", "by_seat", "match", "mode", "phase", "phase_tick", "phase_ticks_left", "public_view", "round_tick",
        "seats", "sold_out_seat", "tick"}},
    "game.speedrun.demo": {"MallForPilot": {
        "at_table", "by_seat", "dresser_in_reach", "dressers", "held_pile", "level", "nearest_pile", "omniscient_view",
        "phase", "piles", "player_of", "shown_card", "t", "tick", "walkable"}},
    "game.scenes.table.draw": {"TableForMap": {
        "bonus_taker", "buyer", "catalogue", "change", "checkout_seat", "display", "fitting", "n", "next_deal_unseen",
        "phase", "places", "price", "promo_applies", "public_seat", "queue", "queue_space", "races", "round_gains",
        "round_number", "rules", "rules_phase", "seats", "solo_seat", "table_products", "table_spots", "tick", "tuning",
        "turn_left"}},
    "game.scenes.table.overlay": {"TableForOverlay": {
        "bid_made", "bonus_grab", "catalogue", "countdown_end", "countdown_left", "last_player", "n", "phase",
        "revealed", "round_gains", "round_number", "rounds", "seats", "tokens", "tuning", "turn_left"}},
    "game.bots.soldout": {
        "MallForBot": {"phase", "seat_view"},
        "SeatForBot": {"bot_cache", "carried", "catalogue", "family", "floor_piles", "held_pile", "hold_ticks", "phase",
                       "rejection", "round_serial", "tick", "tile_size", "walkable_grid"},
        "SeatForWalking": {"tick"}},            # a press or a step forward, asked by the search and the errand
    "game.bots.errands": {"SeatForErrands": {
        "at_table", "bot_cache", "cards_on_dressers", "carried", "catalogue", "dresser_cards", "dresser_counts",
        "dresser_in_reach", "dressers", "family", "filled", "floor_piles", "hand_size", "mates_carrying",
        "nearest_pile", "player", "position", "round_serial", "shopping_list", "side", "side_hand_cards", "side_table",
        "state_serial", "table_rect", "table_refuses", "tick"}},
    "game.bots.search": {"SeatForSearch": {
        "flip_ticks", "floor_piles", "last_flip", "nearest_pile", "pile_count", "pile_on_floor", "position",
        "preview_spot", "shown_card", "tick"}},
    "game.bots.walking": {"SeatForWalking": {"avatars_near", "position", "tick"}},
}
WIDE = ("MallFace", "TableFace", "SeatView")


def _written(where: str, member: str) -> bool:
    """Whether the read at 'module:line:column' is written in the source as `.member`. Handing a
    face to a function that takes a narrower one makes mypy look its properties up on that line
    (a structural check, not a read: nothing there names the member)."""
    module, line, _column = where.split(":")
    path = ROOT / (module.replace(".", "/") + ".py")
    if not path.exists():
        return True
    return f".{member}" in path.read_text(encoding="utf-8").splitlines()[int(line) - 1]


def _by_module(seen: set[tuple[str, str]]) -> dict[str, dict[str, set[str]]]:
    """module -> face's class name -> the members the module reads of it (as written)."""
    by_module: dict[str, dict[str, set[str]]] = collections.defaultdict(lambda: collections.defaultdict(set))
    for fullname, where in seen:
        owner, _, member = fullname.rpartition(".")
        if _written(where, member):
            by_module[where.split(":")[0]][owner.rpartition(".")[2]].add(member)
    return by_module


def test_each_narrow_reader_reads_the_world_through_its_own_small_face(seen):
    by_module = _by_module(seen)
    for module, faces in NARROW.items():
        read = {face: members for face, members in by_module[module].items() if face in WIDE or face in faces}
        assert read == faces, module


def _declared(face: type) -> set[str]:
    """The members a face declares itself (not those it takes in from the faces it hands on to)."""
    return {m for m in vars(face) if not m.startswith("_")}


def test_each_narrow_face_declares_only_what_its_readers_read():
    """A narrow face declares exactly the members its readers read of it, none to spare: the
    union over NARROW's readers of each face is what that face declares itself."""
    read: dict[str, set[str]] = collections.defaultdict(set)
    for faces in NARROW.values():
        for face, members in faces.items():
            read[face] |= members
    for face, members in read.items():
        module = "game.sim.mall_face" if face.startswith(("Mall", "Seat")) else "game.sim.table_face"
        assert _declared(getattr(importlib.import_module(module), face)) == members, face


def test_the_mall_panels_read_the_world_through_their_own_face(seen):
    """The seat panels (game/scenes/mall/hud*.py) read 16 of MallFace's 42 members, all of them
    through MallForPanels (its spec through seat_teams' MallForTeams), none through MallFace;
    and 7 of SeatView's 46, through SeatForPanels."""
    from game.sim.mall_face import MallForPanels, SeatForPanels
    read: dict[str, set[str]] = collections.defaultdict(set)
    for module, faces in _by_module(seen).items():
        if module == "game.scenes.mall.hud" or module.startswith("game.scenes.mall.hud_"):
            for face, members in faces.items():
                if face in ("MallFace", "MallForPanels", "SeatView", "SeatForPanels"):
                    read[face] |= members

    def declared(face: type) -> set[str]:
        return {m for k in face.__mro__ if k.__module__ == "game.sim.mall_face" for m in vars(k) if not m.startswith("_")}
    assert dict(read) == {"MallForPanels": declared(MallForPanels) - {"spec"}, "SeatForPanels": declared(SeatForPanels)}


# The wide faces and the narrow faces a holder of each hands it on to.
HANDED_ON = {"MallFace": ("game.sim.mall_face", "MallFor"), "TableFace": ("game.sim.table_face", "TableFor"),
             "SeatView": ("game.sim.mall_face", "SeatFor")}


def _handed_on(wide: str) -> set[str]:
    """The members a holder of a wide face needs it to have to hand it on: those of the narrow
    faces it is handed to (and, for a world, those the match driver steps it by)."""
    from game.sim.protocol import Simulation
    module, prefix = HANDED_ON[wide]
    faces = [cls for name, cls in vars(importlib.import_module(module)).items()
             if name.startswith(prefix) and isinstance(cls, type)]
    needed = set().union(*(_declared(face) for face in faces))
    return needed | (_declared(Simulation) if wide != "SeatView" else set())


def test_every_member_of_a_wide_face_is_read_through_it_or_handed_on(seen):
    """A member of MallFace, TableFace or SeatView that no reader reads through it, and that no
    narrow face it is handed on as needs, is cut (#38)."""
    from game.sim.mall_face import MallFace
    from game.sim.mall_view import SeatView
    from game.sim.table_face import TableFace
    read: dict[str, set[str]] = collections.defaultdict(set)
    for module, faces in _by_module(seen).items():
        if not module.startswith("devkit.reach_probe"):
            for face, members in faces.items():
                read[face] |= members
    for wide in (MallFace, TableFace, SeatView):
        members = {m for m in dir(wide) if not m.startswith("_")}
        assert sorted(members - read[wide.__name__] - _handed_on(wide.__name__)) == [], wide.__name__
