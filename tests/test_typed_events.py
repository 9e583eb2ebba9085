"""Typed events and phases: each kind of event is its own frozen class (no tuple to read by
position, no `detail: Any`), phases are StrEnums, both simulations satisfy one protocol, and every
reader that dispatches on events handles every kind of its union."""
import ast
import dataclasses
import inspect
import tomllib
import types
import typing
from pathlib import Path

import pytest

from game import asset
from game.app.headless import build_spec
from game.rules.checkout import CheckoutPhase
from game.rules.soldout import events as engine_events
from game.scenes.mall import sounds as mall_sounds
from game.scenes.table import sounds as table_sounds
from game.sim import mall_events, table_events
from game.sim.mall_events import MallPhase
from game.sim.protocol import Simulation
from game.driver.soldout_headless import new_sim
from game.sim.table import TableSim

ROOT = Path(__file__).resolve().parent.parent
UNIONS = {"MallEvent": mall_events.MallEvent, "TableEvent": table_events.TableEvent,
          "EngineEvent": engine_events.EngineEvent}
# Each reader that dispatches on a union's kinds: (file, function, union). A new one goes here.
DISPATCHERS = {("game/sim/mall_events.py", "seat_of", "MallEvent"),
               ("game/sim/table_events.py", "seat_of", "TableEvent"),
               ("game/sim/mall_controls.py", "apply", "EngineEvent"),
               ("game/scenes/mall/sounds.py", "sound_of", "MallEvent"),
               ("game/scenes/mall/fx.py", "_event", "MallEvent"),
               ("game/scenes/table/sounds.py", "sound_of", "TableEvent"),
               ("game/games/soldout_tally.py", "_count", "MallEvent"),
               ("game/games/checkout_tally.py", "_count", "TableEvent")}


def _run(sim: Simulation, ticks: int) -> list[object]:
    seen: list[object] = []
    for _ in range(ticks):
        sim.step({})
        seen += list(sim.events)
    return seen


def _classes(union: object) -> tuple[type, ...]:
    return typing.get_args(union)


def _sample_value(tp: object) -> object:
    """A value of the annotated type (the first choice of a union)."""
    if isinstance(tp, types.UnionType) or typing.get_origin(tp) is typing.Union:
        return _sample_value(typing.get_args(tp)[0])
    if typing.get_origin(tp) is tuple:
        return (_sample_value(typing.get_args(tp)[0]),)
    if isinstance(tp, type) and issubclass(tp, MallPhase):
        return MallPhase.PLAYING
    return {int: 1, str: "shirt", bool: True}[tp]   # type: ignore[index]


def sample(cls: type) -> object:
    hints = typing.get_type_hints(cls)
    return cls(*(_sample_value(hints[f.name]) for f in dataclasses.fields(cls)))


# ----- the events a match makes are of the union's classes ------------------------------
def test_mall_events_are_typed_and_phases_are_an_enum():
    sim, _modes = new_sim(build_spec("soldout", 2, mode="memory", seed=3))
    events = _run(sim, 60 * 25)
    assert events and all(isinstance(e, _classes(mall_events.MallEvent)) for e in events)
    phases = [e for e in events if isinstance(e, mall_events.PhaseChanged)]
    assert [e.phase for e in phases][:2] == [MallPhase.COUNTDOWN, MallPhase.PLAYING]
    assert all(isinstance(e.phase, MallPhase) for e in phases)
    assert isinstance(sim.phase, MallPhase) and sim.phase == "playing"   # still equals its name


def test_engine_events_are_typed():
    sim, _modes = new_sim(build_spec("soldout", 1, mode="rush", seed=3))
    while sim.phase != MallPhase.PLAYING:
        sim.step({})
    res = sim.round.end_round("stopped")
    assert res.events and all(isinstance(e, _classes(engine_events.EngineEvent)) for e in res.events)
    assert res.events[-1] == engine_events.RoundOver("stopped")
    assert engine_events.describe(res.events[-1]) == "round_over stopped"   # as scenario files write it


def test_table_events_and_phases_are_typed():
    from game.rules.checkout import load_catalogue
    sim = TableSim(build_spec("checkout", 2, seed=4), load_catalogue())
    events = _run(sim, 60 * 8)
    assert events and all(isinstance(e, _classes(table_events.TableEvent)) for e in events)
    assert isinstance(sim.phase, (CheckoutPhase, table_events.TableStage))


# ----- each kind is a frozen class with typed fields, named once ------------------------
@pytest.mark.parametrize("union", UNIONS)
def test_each_kind_is_a_frozen_class_that_cannot_be_read_by_position(union):
    classes = _classes(UNIONS[union])
    kinds = [cls.kind for cls in classes]
    assert len(set(kinds)) == len(kinds) == len(classes), f"{union}: a kind named twice"
    for cls in classes:
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen, cls
        assert not issubclass(cls, tuple) and "__slots__" in vars(cls), cls
        hints = typing.get_type_hints(cls)
        assert typing.Any not in hints.values(), f"{cls.__name__}: an untyped field"
        event = sample(cls)
        with pytest.raises(TypeError):
            event[0]                                       # type: ignore[index]
        for field in dataclasses.fields(cls):
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(event, field.name, None)


def test_scenario_text_of_an_engine_event_is_its_kind_then_its_fields():
    assert engine_events.describe(engine_events.PilePutDown(0, 3)) == "pile_put_down 0 3"
    assert engine_events.describe(engine_events.SoldOut(None)) == "sold_out none"


def test_every_rumble_names_a_kind_of_event():
    with open(asset("rumble.toml"), "rb") as handle:
        table = tomllib.load(handle)
    kinds = {"soldout": {cls.kind for cls in _classes(mall_events.MallEvent)} | {"bump"},
             "checkout": {cls.kind for cls in _classes(table_events.TableEvent)} | {"turn"}}
    for game, names in table.items():
        assert set(names) <= kinds[game], f"{game}: {set(names) - kinds[game]} is no event"


# ----- every reader handles every kind --------------------------------------------------
def _pattern_classes(pattern: ast.pattern) -> set[str]:
    if isinstance(pattern, ast.MatchClass):
        return {pattern.cls.id if isinstance(pattern.cls, ast.Name) else pattern.cls.attr}
    if isinstance(pattern, ast.MatchOr):
        return set().union(*map(_pattern_classes, pattern.patterns))
    if isinstance(pattern, ast.MatchAs) and pattern.pattern is not None:
        return _pattern_classes(pattern.pattern)
    return set()


def _ends_in_assert_never(match: ast.Match) -> bool:
    last = match.cases[-1]
    return (isinstance(last.pattern, ast.MatchAs) and last.pattern.pattern is None and last.guard is None
            and any(isinstance(n, ast.Call) and getattr(n.func, "id", "") == "assert_never" for n in ast.walk(last)))


def event_dispatches() -> set[tuple[str, str, str]]:
    """Every `match` in game/ over an event union's classes: (file, function, union), checked to
    name each class of that union and to end in `case _: assert_never(...)`."""
    names = {union: {cls.__name__ for cls in _classes(u)} for union, u in UNIONS.items()}
    found = set()
    for path in sorted((ROOT / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for func in (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
            for match in (n for n in ast.walk(func) if isinstance(n, ast.Match)):
                handled = set().union(*(_pattern_classes(c.pattern) for c in match.cases))
                union = next((u for u, members in names.items() if handled & members), None)
                if union is None:
                    continue
                where = f"{path.relative_to(ROOT)}:{match.lineno}"
                assert handled >= names[union], f"{where} leaves {sorted(names[union] - handled)} unhandled"
                assert _ends_in_assert_never(match), f"{where}: end with `case _: assert_never(...)`"
                found.add((path.relative_to(ROOT).as_posix(), func.name, union))
    return found


def test_every_dispatch_on_events_handles_every_kind():
    assert event_dispatches() == DISPATCHERS


def test_the_dispatch_check_sees_a_kind_left_out(tmp_path, monkeypatch):
    source = inspect.getsource(mall_sounds)
    assert "        case Ready():\n" in source
    shortened = source.replace("        case Ready():\n            return \"confirm\"\n", "")
    fake = tmp_path / "game" / "scenes" / "mall"
    fake.mkdir(parents=True)
    (fake / "sounds.py").write_text(shortened, encoding="utf-8")
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    with pytest.raises(AssertionError, match="Ready"):
        event_dispatches()


@pytest.mark.parametrize("cls", _classes(mall_events.MallEvent), ids=lambda c: c.__name__)
def test_every_mall_kind_has_a_seat_or_none_and_a_sound_or_none(cls):
    event = sample(cls)
    seat = mall_events.seat_of(event)
    assert seat is None or seat == 1
    assert mall_sounds.sound_of(event, human=True) in (None, "pickup", "putdown", "flip", "take", "deliver",
                                                       "confirm", "menu_move", "error", "go", "sold_out", "win")


@pytest.mark.parametrize("cls", _classes(table_events.TableEvent), ids=lambda c: c.__name__)
def test_every_table_kind_has_a_seat_or_none_and_a_sound_or_none(cls):
    event = sample(cls)
    seat = table_events.seat_of(event)
    assert seat is None or seat == 1
    sound = table_sounds.sound_of(event, human=True)
    assert sound is None or (ROOT / "assets" / "sounds" / f"{sound}.wav").exists()


def test_a_person_hears_their_own_refusals_and_flips_and_a_bot_does_not():
    refused, flipped = mall_events.Rejected(0, "No pile within reach"), mall_events.Flipped(0, 2)
    assert [mall_sounds.sound_of(e, human=True) for e in (refused, flipped)] == ["error", "flip"]
    assert [mall_sounds.sound_of(e, human=False) for e in (refused, flipped)] == [None, None]
    assert mall_sounds.sound_of(mall_events.PhaseChanged(MallPhase.SOLD_OUT), human=False) == "sold_out"
    assert mall_sounds.sound_of(mall_events.PhaseChanged(MallPhase.STUDY), human=False) is None
    assert table_sounds.sound_of(table_events.Refused(1, "Wait for your dice to land"), human=False) is None
    assert table_sounds.sound_of(table_events.TokensChanged(1, 0), human=True) is None   # a turn that bought nothing


def test_the_round_own_events_belong_to_no_seat():
    assert mall_events.seat_of(mall_events.SoldOutCalled(side=1, seat=3)) is None   # a side's, not the caller's rumble
    assert mall_events.seat_of(mall_events.PileGone(3)) is None                     # a pile number, not a seat
    assert table_events.seat_of(table_events.Countdown(3)) is None
