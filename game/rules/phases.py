"""The base of every phase enum: a StrEnum that equals, hashes, prints and reprs as its name,
so messages, JSON and state hashes read exactly as with the plain strings it replaced."""
from __future__ import annotations

import enum


class Phase(enum.StrEnum):
    def __repr__(self) -> str:
        return repr(self.value)
