"""Imports point downward: rules < sim < bots/driver < scenes < app (docs/ARCHITECTURE.md).

The import graph is read with `ast` from every module in game/, counting imports inside
functions too (only `if TYPE_CHECKING:` blocks, which never run, are left out)."""
import ast
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Lowest first. A module belongs to the longest prefix that names it.
LAYERS = {
    "base": ("game", "game.text", "game.files", "game.match"),
    "rules": ("game.rules",),
    "sim": ("game.sim",),
    "bots/driver": ("game.bots", "game.driver", "game.speedrun", "game.games", "game.career"),
    "scenes": ("game.scenes", "game.render", "game.core", "game.input", "game.music"),
    "app": ("game.app", "game.bench", "game.__main__"),   # __main__: `python -m game`
}
ORDER = list(LAYERS)


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted((ROOT / "game").rglob("*.py"))}


def layer_of(module: str) -> str:
    best = max(((prefix, layer) for layer, prefixes in LAYERS.items() for prefix in prefixes
                if module == prefix or module.startswith(prefix + ".")), key=lambda pl: len(pl[0]))
    return best[1]


def runtime_imports(path: Path, name: str) -> list[tuple[str, int]]:
    """(imported game module, line) for every import that can run, at any depth."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
               for n in ast.walk(node) if n is not node.test}
    found = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
                package = package[:len(package) - node.level + 1]
                base = ".".join(package + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            found.append((base, node.lineno))
            found += [(f"{base}.{alias.name}", node.lineno) for alias in node.names if f"{base}.{alias.name}" in MODULES]
    return [(module, line) for module, line in found if module in MODULES]


def upward_imports() -> list[str]:
    bad = []
    for name, path in MODULES.items():
        mine = ORDER.index(layer_of(name))
        for target, line in runtime_imports(path, name):
            if ORDER.index(layer_of(target)) > mine:
                bad.append(f"{path.relative_to(ROOT)}:{line} ({layer_of(name)}) imports {target} ({layer_of(target)})")
    return bad


def test_every_game_module_has_a_layer():
    assert all(layer_of(name) in ORDER for name in MODULES)


def test_imports_point_downward():
    assert upward_imports() == []


def test_the_checker_sees_an_import_inside_a_function(tmp_path, monkeypatch):
    """A scene reaching up into game.app from inside a function is caught (as scenes/mall.py once did)."""
    fake = tmp_path / "game" / "scenes" / "fake.py"
    fake.parent.mkdir(parents=True)
    fake.write_text("def shot():\n    from game.app import make_context\n    return make_context\n", encoding="utf-8")
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    assert runtime_imports(fake, "game.scenes.fake") == [("game.app", 2)]
    monkeypatch.setitem(MODULES, "game.scenes.fake", fake)
    assert any("imports game.app (app)" in line for line in upward_imports())


@pytest.mark.parametrize("package", ["game.rules", "game.sim"])
def test_pure_layers_never_import_pygame(package):
    for name, path in MODULES.items():
        if name.startswith(package):
            text = path.read_text(encoding="utf-8")
            assert "import pygame" not in text, f"{path} imports pygame"


def test_posix_only_tests_are_marked():
    """A test that sends SIGKILL carries @pytest.mark.posix (skipped where there is no SIGKILL)."""
    def kills(node: ast.AST) -> bool:
        return any(isinstance(n, ast.Attribute) and n.attr == "SIGKILL" for n in ast.walk(node))

    unmarked = []
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        helpers = {f.name for f in tree.body if isinstance(f, ast.FunctionDef) and kills(f)}
        for func in tree.body:
            if not isinstance(func, ast.FunctionDef) or not func.name.startswith("test_"):
                continue
            calls = {n.func.id for n in ast.walk(func) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
            if kills(func) or calls & helpers:
                if not any("posix" in ast.unparse(d) for d in func.decorator_list):
                    unmarked.append(f"{path.name}::{func.name}")
    assert unmarked == []


# The one door from game/ into devkit/: `python -m game.bench` keeps its name for users.
DEVKIT_ENTRY = "game.bench.__main__"


def test_the_game_never_imports_its_developer_tooling():
    """The screenshot scenes and the benchmark (devkit/) stage the game from above: no module of
    game/ imports them but the benchmark's entry, and none registers a screenshot; the registry
    loads devkit.shots by its name."""
    for name, path in MODULES.items():
        if name == DEVKIT_ENTRY:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert not (node.module or "").startswith("devkit"), f"{name} imports {node.module}"
            elif isinstance(node, ast.Import):
                assert not any(a.name.startswith("devkit") for a in node.names), name
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                assert node.func.attr != "register_screenshot", f"{name} registers a screenshot"


def test_every_screenshot_comes_from_the_developer_package():
    from game.scenes import registry
    names = registry.screenshot_names()
    assert {"mall", "table", "lobby", "speedrun", "results_final", "pad_glyphs"} <= set(names)
    assert all(registry.screenshot(n).factory.__module__.startswith("devkit.shots") for n in names)


def test_the_benchmark_entry_only_hands_over_to_the_developer_package():
    """game/bench holds no benchmark code: its __main__ imports devkit.bench and nothing of game/."""
    assert sorted(n for n in MODULES if n.startswith("game.bench")) == ["game.bench", DEVKIT_ENTRY]
    tree = ast.parse(MODULES[DEVKIT_ENTRY].read_text(encoding="utf-8"))
    imported = [node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    assert imported == ["devkit.bench.report"]


# ----------------------------------------------------------------- rule families are asked, not tested
FAMILY_SWITCH = re.compile(r"\b(uses_hand|delivers_to_table|uses_dressers|hand_mode|table_mode|dresser_mode)\b"
                           r"|\bFamily\.|\b(is|is not|==|!=) Destination\.")
# The switches left outside game/rules, each with its reason.
FAMILY_SWITCHES_ALLOWED = {
    # The map draws the cards lying on the Starting Table only where cards are delivered there: a
    # family that keeps its lists there (Memory) leaves the table bare.
    "game/scenes/mall/draw.py": 1,
}


def family_switches() -> dict[str, int]:
    found = {}
    for path in sorted([*(ROOT / "game").rglob("*.py"), *(ROOT / "devkit").rglob("*.py")]):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("game/rules/"):
            continue
        code = [line for line in path.read_text(encoding="utf-8").splitlines() if not line.strip().startswith("#")]
        count = sum(len(FAMILY_SWITCH.findall(line)) for line in code)
        if count:
            found[rel] = count
    return found


def test_no_layer_above_the_rules_switches_on_the_rule_family():
    """The sim, bots, HUD, speedrun and results ask the round's family what differs (or look up a
    handler per Destination); they never test which family a round plays."""
    assert family_switches() == FAMILY_SWITCHES_ALLOWED


def test_the_family_switch_pattern_sees_a_switch():
    assert FAMILY_SWITCH.findall("if modes.uses_hand(sim.mode):") and FAMILY_SWITCH.findall("x is Family.RUSH")
    assert FAMILY_SWITCH.findall("if dest is Destination.TABLE") and not FAMILY_SWITCH.findall("{Destination.TABLE: x}")


def test_warm_up_and_attract_name_no_mode():
    """They take every registered mode from the registry, so a new mode is warmed up and shown."""
    for rel in ("game/scenes/warmup.py", "game/scenes/attract.py"):
        text = (ROOT / rel).read_text(encoding="utf-8")
        assert not re.search(r"[\"'](rush|memory|tidy)[\"']", text), rel


# ----------------------------------------------------------------- scene packages have borders
SCENE_PACKAGES = ("mall", "menus", "pads", "speedrun", "table")


def scene_unit(module: str) -> str | None:
    """The border a scenes module sits inside: its sub-package, or itself at game/scenes' top."""
    parts = module.split(".")
    if parts[:2] != ["game", "scenes"] or len(parts) < 3:
        return None
    return parts[2]


def scene_unit_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        unit = scene_unit(name)
        if unit is None:
            continue
        graph.setdefault(unit, set())
        for target, _line in runtime_imports(path, name):
            other = scene_unit(target)
            if other is not None and other != unit:
                graph[unit].add(other)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of a graph that hold more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_scene_packages_import_each_other_without_a_cycle():
    """mall, menus, pads, speedrun, table and the modules at game/scenes' top form a hierarchy:
    what two share sits in a package below both (or at the top: common, reasons...)."""
    assert cycles(scene_unit_graph()) == []


def test_no_module_imports_itself_through_others():
    """Every import that can run, at any depth: the modules form a hierarchy (i18n and notice once
    imported each other; the language in use now sits below both, in game/text/language.py)."""
    graph = {name: {t for t, _line in runtime_imports(path, name) if t != name} for name, path in MODULES.items()}
    assert cycles(graph) == []


def test_the_packages_of_game_import_each_other_without_a_cycle():
    """game/'s packages (text, files, match, rules, sim, bots, driver, speedrun, core, input,
    render, music, scenes, app, bench) form a hierarchy too; the root holds game/__init__.py
    (the version, the tick rate and where the data lives) and game/compiled.py (which picks the
    plain Python or the optional compiled build before anything imports either), below them all,
    and game/__main__.py (`python -m game`, the app's entry), above them all."""
    def package(module: str) -> str:
        return "game" if module == "game.compiled" else ".".join(module.split(".")[:2])
    assert sorted(p.name for p in (ROOT / "game").glob("*.py")) == ["__init__.py", "__main__.py", "compiled.py"]
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        for target, _line in runtime_imports(path, name):
            if package(target) != package(name) and "game" not in (package(name), package(target)):
                graph.setdefault(package(name), set()).add(package(target))
    assert cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def _imports_with_names(path: Path, name: str) -> list[tuple[str, list[str], int]]:
    """(module, names, line) of every `from ... import names` that can run."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
               for n in ast.walk(node) if n is not node.test}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and id(node) not in skipped and node.module and not node.level:
            out.append((node.module, [a.name for a in node.names], node.lineno))
    return out


def test_a_scene_package_is_entered_through_its_public_face():
    """From outside a scene package, only the package itself is imported (its __init__, which
    re-exports the few names the others need, listed in __all__), never one of its modules."""
    faces = {pkg: set(importlib.import_module(f"game.scenes.{pkg}").__all__) for pkg in SCENE_PACKAGES}
    bad = []
    for name, path in MODULES.items():
        for module, names, line in _imports_with_names(path, name):
            parts = module.split(".")
            if parts[:2] != ["game", "scenes"] or len(parts) < 3 or parts[2] not in SCENE_PACKAGES:
                continue
            if scene_unit(name) == parts[2]:
                continue                       # inside its own package: any module
            if len(parts) > 3 and module != "game.scenes.speedrun.link":
                bad.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
            elif len(parts) == 3:
                bad += [f"{path.relative_to(ROOT)}:{line} imports {n} (not in {module}.__all__)"
                        for n in names if n not in faces[parts[2]]]
    assert bad == []


def test_no_module_imports_another_modules_private_name():
    """A leading underscore means "this module's own": another module never imports it (gettext's
    `_` excepted)."""
    bad = [f"{path.relative_to(ROOT)}:{line} imports {n} from {module}"
           for name, path in MODULES.items() for module, names, line in _imports_with_names(path, name)
           if module.startswith("game") for n in names if n.startswith("_") and n != "_"]
    assert bad == []


@pytest.mark.parametrize("package", SCENE_PACKAGES)
def test_every_name_of_a_public_face_is_there(package):
    """The face's names (a package's __all__) each load from the module the face names."""
    face = importlib.import_module(f"game.scenes.{package}")
    assert face.__all__ == sorted(face._FACE)
    modules = {p.stem for p in (ROOT / "game" / "scenes" / package).glob("*.py")}
    assert not set(face.__all__) & modules, "a loaded module would hide the name of the same name"
    for name in face.__all__:
        assert getattr(face, name) is not None
    with pytest.raises(AttributeError):
        face.not_in_the_face    # noqa: B018


def test_the_architecture_names_every_package_and_module():
    """docs/ARCHITECTURE.md is the map: a module or package it does not name is one nobody can find."""
    doc = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    unnamed = [str(path.relative_to(ROOT)) for path in sorted((ROOT / "game").rglob("*.py"))
               if path.name not in ("__init__.py", "__main__.py")
               and not re.search(rf"(?<![\w]){re.escape(path.name)}(?![\w])", doc)]
    unnamed += [str(p.relative_to(ROOT)) for p in sorted((ROOT / "game").rglob("__init__.py"))
                if f"{p.parent.name}/" not in doc]
    assert unnamed == []
