"""Scenes open one another by name through the registry, not by importing each other's modules."""
import ast
from pathlib import Path

import pytest

from game.scenes import registry
SCENES = Path(__file__).resolve().parent.parent / "game" / "scenes"


def _registered_classes() -> dict[str, str]:
    """class name -> the module file (relative to game/scenes) that registers it with register_scene."""
    out = {}
    for path in sorted(SCENES.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "register_scene" and isinstance(node.args[1], ast.Name)):
                out[node.args[1].id] = str(path.relative_to(SCENES))
    return out


def test_no_scene_imports_a_routed_scene_class():
    routed = _registered_classes()
    assert {"TitleScene", "LobbyScene", "SettingsScene", "SoldOutResultsScene"} <= set(routed)
    found = []
    for path in sorted(SCENES.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("game.scenes."):
                for alias in node.names:
                    if routed.get(alias.name) not in (None, str(path.relative_to(SCENES))) and not _subclassing(path, alias.name):
                        found.append(f"{path.relative_to(SCENES)}:{node.lineno} imports {alias.name}")
    assert not found, "open these with registry.open_scene(name, ...): " + "; ".join(found)


def _subclassing(path: Path, name: str) -> bool:
    """A module may import a scene class to build on it (SpeedrunPauseScene is a PauseScene)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(isinstance(n, ast.ClassDef) and any(isinstance(b, ast.Name) and b.id == name for b in n.bases)
               for n in ast.walk(tree))


def test_every_routed_name_is_registered():
    names = registry.scene_names()
    assert {"title", "lobby", "settings", "pad_setup", "choose_mode", "soldout_results", "checkout_results",
            "speedrun_menu", "speedrun_pause", "speedrun_results", "saved_runs"} <= set(names)


def test_an_unknown_name_is_a_clear_error(ctx):
    with pytest.raises(KeyError, match="no scene registered as 'nowhere'"):
        registry.open_scene("nowhere", ctx)


def test_back_to_pops_down_to_the_named_scene_or_says_it_is_not_there(ctx):
    ctx.stack.clear_to(registry.open_scene("title", ctx))
    ctx.stack.push(registry.open_scene("lobby", ctx))
    ctx.stack.push(registry.open_scene("settings", ctx))
    ctx.stack.apply()
    assert registry.back_to(ctx.stack, "lobby")
    ctx.stack.apply()
    assert [s.name for s in ctx.stack.scenes] == ["title", "lobby"]
    assert not registry.back_to(ctx.stack, "speedrun_menu")
    ctx.stack.apply()
    assert [s.name for s in ctx.stack.scenes] == ["title", "lobby"]
