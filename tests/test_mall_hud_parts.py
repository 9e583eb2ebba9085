"""The mall's HUD is split by what it draws (seat headers, the card viewer, the bodies, the
study, refusals, hints) under a thin composer: it was one 736-line class of 43 methods. The
parts share one kit, so a switch made on the HUD reaches every part."""
from __future__ import annotations

import ast
from pathlib import Path

import pygame
import pytest

from game.scenes.mall.layout import SCREEN
from game.scenes.mall.scene import demo_spec, piloted_mall

MALL = Path(__file__).resolve().parent.parent / "game" / "scenes" / "mall"


def _methods(path: Path, name: str) -> int:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    cls = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == name)
    return sum(isinstance(node, ast.FunctionDef) for node in cls.body)


def test_the_hud_is_a_thin_composer_over_parts_named_for_what_they_draw():
    hud = MALL / "hud.py"
    assert len(hud.read_text(encoding="utf-8").splitlines()) <= 200
    assert _methods(hud, "Hud") <= 20
    parts = sorted(p.name for p in MALL.glob("hud_*.py"))
    assert parts == ["hud_bodies.py", "hud_header.py", "hud_hints.py", "hud_kit.py", "hud_refusal.py",
                     "hud_study.py", "hud_viewer.py"]
    assert all(len((MALL / p).read_text(encoding="utf-8").splitlines()) <= 300 for p in parts)


@pytest.fixture
def hud(ctx):
    pygame.display.set_mode(SCREEN)
    scene = piloted_mall(ctx, demo_spec(4, "rush", 3))
    ctx.stack.push(scene)
    ctx.stack.apply()
    return scene.picture.hud


def test_a_switch_on_the_hud_reaches_every_part(hud):
    parts = [hud.hints, hud.headers, hud.bodies, hud.viewer]
    assert all(part.kit is hud.kit for part in parts)
    hud.cb = True                                        # colour-blind mode, switched in the pause menu
    assert all(part.kit.cb for part in parts)
    seat = next(iter(hud.panel_of))
    hud.set_labels({seat: {"A": "Space"}}, {seat})       # a keyboard seat's own key names
    assert hud.hints.label(seat, "A") == "Space" and hud.bodies.hints is hud.hints
    assert seat in hud.bodies.kit.side_by_side
    hud.bots[seat] = True                                # a bot took the seat: its panel names no button
    drawn: list[object] = []
    hud.hints._lay = lambda *a: drawn.append(a) or []     # type: ignore[method-assign]
    hud.hints.draw(pygame.Surface(SCREEN), seat, hud.panel_of[seat], [("A", "pick up")])
    assert drawn == []
