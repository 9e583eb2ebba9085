"""The UI theme (colours, text sizes), read once from assets/ui.toml."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from game import asset

UI_FILE = asset("ui.toml")
MIN_TEXT = 24  # font size at 720p: 16 px tall (TEXT_MIN_PX), the smallest text that reads from a sofa

Colour = tuple[int, int, int]


def _rgb(text: str) -> Colour:
    text = text.lstrip("#")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


@dataclass(frozen=True)
class Theme:
    colours: dict[str, Colour]
    sizes: dict[str, int]
    radius: int
    border: int
    focus_border: int
    overlay_alpha: int

    def colour(self, name: str) -> Colour:
        return self.colours[name]

    @classmethod
    def load(cls, path: Path = UI_FILE) -> "Theme":
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        panel = data["panel"]
        return cls(
            colours={k: _rgb(v) for k, v in data["colours"].items()},
            sizes={k: max(MIN_TEXT, int(v)) for k, v in data["sizes"].items()},
            radius=int(panel["radius"]),
            border=int(panel["border"]),
            focus_border=int(panel["focus_border"]),
            overlay_alpha=int(panel["overlay_alpha"]),
        )
