"""What both game simulations offer (the mall and the table): a fixed-step world driven by one
Command per seat per tick, with typed events and a state hash."""
from __future__ import annotations

from typing import Protocol, Sequence

from game.match.commands import Command


class Simulation(Protocol):
    """MallSim and TableSim both satisfy this (checked in tests/test_typed_events.py)."""

    @property
    def tick(self) -> int: ...

    @property
    def phase(self) -> str: ...          # a StrEnum member: MallPhase, or CheckoutPhase / TableStage

    @property
    def events(self) -> Sequence[object]: ...   # the last step's events: one frozen class per kind

    def step(self, commands: dict[int, Command]) -> None: ...

    def state_hash(self) -> str: ...
