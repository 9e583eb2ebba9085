"""Typed events and phases: the simulations' events are NamedTuples that still read as the
tuples they replaced, phases are StrEnums, and both simulations satisfy one protocol."""
import typing

from game.app.headless import build_spec
from game.rules.checkout import CheckoutPhase
from game.sim import mall_events, table_events
from game.sim.mall_events import MallPhase
from game.sim.protocol import Simulation
from game.driver.soldout_headless import new_sim
from game.sim.table import TableSim


def _run(sim: Simulation, ticks: int) -> list[tuple]:
    seen: list[tuple] = []
    for _ in range(ticks):
        sim.step({})
        seen += list(sim.events)
    return seen


def test_mall_events_are_typed_and_phases_are_an_enum():
    sim, _modes = new_sim(build_spec("soldout", 2, mode="memory", seed=3))
    events = _run(sim, 60 * 25)
    kinds = typing.get_args(mall_events.MallEvent)
    assert events and all(isinstance(e, kinds) for e in events)
    phases = [e for e in events if isinstance(e, mall_events.PhaseChanged)]
    assert [e.phase for e in phases][:2] == [MallPhase.COUNTDOWN, MallPhase.PLAYING]
    assert all(isinstance(e.phase, MallPhase) and e[0] == "phase" and e[1] == e.phase for e in phases)
    assert isinstance(sim.phase, MallPhase) and sim.phase == "playing"   # still equals its name


def test_engine_events_are_typed():
    from game.rules.soldout import events as engine_events
    sim, _modes = new_sim(build_spec("soldout", 1, mode="rush", seed=3))
    while sim.phase != MallPhase.PLAYING:
        sim.step({})
    res = sim.round.end_round("stopped")
    assert res.events and all(isinstance(e, typing.get_args(engine_events.EngineEvent)) for e in res.events)
    assert res.events[-1] == ("round_over", "stopped")


def test_table_events_and_phases_are_typed():
    from game.rules.checkout import load_catalogue
    sim = TableSim(build_spec("checkout", 2, seed=4), load_catalogue())
    events = _run(sim, 60 * 8)
    assert events and all(isinstance(e, table_events.TableEvent) for e in events)
    assert isinstance(sim.phase, (CheckoutPhase, table_events.TableStage))
