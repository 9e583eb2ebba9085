"""Scenes open one another by their typed constructors, imported from the package's public face;
the few opened from below their package go through typed routes (game/scenes/registry.py).
Nothing opens a scene by a name string with unchecked arguments."""
import ast
from pathlib import Path

import pytest

from game.scenes import registry

SCENES = Path(__file__).resolve().parent.parent / "game" / "scenes"


def test_no_scene_is_opened_by_a_name_string():
    found = []
    for path in sorted([*SCENES.rglob("*.py"), *(SCENES.parent.parent / "devkit").rglob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in ("open_scene", "register_scene"):
                found.append(f"{path.name}:{node.lineno}")
    assert found == [], "open a scene by its constructor (or a registry route from below its package)"


@pytest.mark.parametrize("route, name", [(registry.TITLE, "title"), (registry.LOBBY, "lobby"),
                                         (registry.SPEEDRUN_MENU, "speedrun_menu"),
                                         (registry.SPEEDRUN_SETTINGS, "speedrun_settings")])
def test_every_route_opens_its_scene(ctx, route, name):
    scene = route(ctx)
    assert scene.name == name


def test_an_unbound_route_is_a_clear_error(ctx):
    with pytest.raises(KeyError, match="no scene bound to the route 'nowhere'"):
        registry.Route("nowhere")(ctx)


def test_back_to_pops_down_to_the_named_scene_or_says_it_is_not_there(ctx):
    from game.scenes.menus.settings import SettingsScene
    ctx.stack.clear_to(registry.TITLE(ctx))
    ctx.stack.push(registry.LOBBY(ctx))
    ctx.stack.push(SettingsScene(ctx))
    ctx.stack.apply()
    assert registry.back_to(ctx.stack, "lobby")
    ctx.stack.apply()
    assert [s.name for s in ctx.stack.scenes] == ["title", "lobby"]
    assert not registry.back_to(ctx.stack, "speedrun_menu")
    ctx.stack.apply()
    assert [s.name for s in ctx.stack.scenes] == ["title", "lobby"]
