"""Colours have names: the scenes draw with game/render/palette.py's (the theme's among them),
never an RGB tuple of their own, so a re-theme or a colour-blind pass is one file."""
import ast
from pathlib import Path

from game.render import palette
from game.render.theme import Theme

ROOT = Path(__file__).resolve().parent.parent
# Calls whose arguments include a colour: text, particles, boxes, blends.
COLOUR_CALLS = {"render", "outlined_text", "keyed_text", "_text", "get", "blit", "_burst", "_ribbon", "rounded_box",
                "mix", "cover", "box"}
NOT_COLOURS = {"SPEEDS", "STEP_ORDER"}   # module constants of small ints that are no colour
# The shoppers' own drawing is being reworked apart (the cast of shoppers); it names its colours there.
SHOPPER_DRAWING = {("game/scenes/mall/draw.py", (0, 0, 0, 70)), ("game/scenes/mall/draw.py", (255, 255, 255)),
                   ("game/scenes/results_fx.py", (0, 0, 0, 90))}


def _rgb(node: ast.AST | None) -> tuple[int, ...] | None:
    """The tuple's ints when the node is a literal colour ((r, g, b) or (r, g, b, a), 0-255)."""
    if not isinstance(node, ast.Tuple) or len(node.elts) not in (3, 4):
        return None
    values = [e.value for e in node.elts if isinstance(e, ast.Constant) and type(e.value) is int]
    return tuple(values) if len(values) == len(node.elts) and all(0 <= v <= 255 for v in values) else None


def _callee(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _colour_arguments(call: ast.Call) -> list[tuple[ast.AST, int]]:
    """The call's arguments that take a colour, each with the longest tuple that is one there (a
    text call's four ints may be a rect)."""
    func = ast.unparse(call.func)
    args: list[tuple[ast.AST, int]] = []
    if func.startswith("pygame.draw.") and len(call.args) > 1:
        args.append((call.args[1], 4))
    if _callee(call) == "fill" and call.args:
        args.append((call.args[0], 4))
    args += [(k.value, 4) for k in call.keywords if k.arg in ("setcolor", "unsetcolor", "colour", "color")]
    if _callee(call) in COLOUR_CALLS:
        args += [(a, 3) for a in [*call.args, *(k.value for k in call.keywords)]]
    return args


def _expand(node: ast.AST | None) -> list[ast.AST]:
    """The node and what a colour may sit in inside it: both branches of `a if b else c`, a
    tuple's or list's items, a dict's values."""
    if node is None or _rgb(node):
        return [node] if node is not None else []
    if isinstance(node, ast.IfExp):
        return _expand(node.body) + _expand(node.orelse)
    if isinstance(node, (ast.Tuple, ast.List)):
        return [n for elt in node.elts for n in _expand(elt)]
    if isinstance(node, ast.Dict):
        return [n for value in node.values for n in _expand(value)]
    return [node]


def _values(node: ast.AST) -> list[ast.AST]:
    """What an assignment or a return gives: `a, b = x, y` gives x and y, each on its own."""
    if isinstance(node, ast.Assign):
        if any(getattr(t, "id", "") in NOT_COLOURS for t in node.targets):
            return []
        target, value = node.targets[0], node.value
        if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and len(target.elts) == len(value.elts):
            return [n for elt in value.elts for n in _expand(elt)]
        return _expand(value)
    if isinstance(node, ast.Return):
        return _expand(node.value)
    return []


def raw_colours(root: Path) -> list[str]:
    """Each RGB tuple written into a scene where a colour goes (a drawing or text call's colour,
    a constant, a variable, a returned value): file:line and the tuple."""
    found = []
    for path in sorted((root / "game" / "scenes").rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        nodes: list[tuple[ast.AST, int]] = []
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                nodes += [(n, longest) for arg, longest in _colour_arguments(node) for n in _expand(arg)]
            nodes += [(n, 3) for n in _values(node)]
        for node, longest in nodes:
            rgb = _rgb(node)
            if rgb is not None and len(rgb) <= longest and (rel, rgb) not in SHOPPER_DRAWING:
                found.append(f"{rel}:{node.lineno} {rgb}")
    return sorted(set(found))


def test_the_scenes_draw_with_named_colours():
    assert raw_colours(ROOT) == [], "name these in game/render/palette.py"


def test_the_check_sees_a_raw_colour(tmp_path):
    scenes = tmp_path / "game" / "scenes"
    scenes.mkdir(parents=True)
    (scenes / "x.py").write_text("import pygame\nRIM = (1, 2, 3)\n"
                                 "def f(s, r, t):\n"
                                 "    pygame.draw.rect(s, (4, 5, 6), r)\n"
                                 "    s.fill((7, 8, 9, 10))\n"
                                 "    t.render('hi', 20, (11, 12, 13) if r else (14, 15, 16))\n"
                                 "    pygame.draw.rect(s, RIM, (30, 56, 56, 14))\n", encoding="utf-8")
    assert raw_colours(tmp_path) == ["game/scenes/x.py:2 (1, 2, 3)", "game/scenes/x.py:4 (4, 5, 6)",
                                     "game/scenes/x.py:5 (7, 8, 9, 10)", "game/scenes/x.py:6 (11, 12, 13)",
                                     "game/scenes/x.py:6 (14, 15, 16)"]


def test_the_theme_colours_come_from_the_theme():
    theme = Theme.load()
    named = {"SHADOW": "shadow", "PANEL": "panel", "EDGE": "border", "CREAM": "text", "DIM": "text_dim",
             "GOLD": "accent_2", "SALE_RED": "accent", "GOOD": "good"}
    assert {name: getattr(palette, name) for name in named} == {name: theme.colour(key) for name, key in named.items()}


def test_every_palette_colour_is_a_colour():
    colours = {name: value for name, value in vars(palette).items() if name.isupper() and isinstance(value, tuple)}
    assert len(colours) > 60
    for name, value in colours.items():
        assert len(value) == 3 and all(isinstance(v, int) and 0 <= v <= 255 for v in value), name
