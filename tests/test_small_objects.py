"""No class that holds everything: every class in game/ and devkit/ keeps at most MAX_FIELDS
fields, its bases' included (a class is split along its seams, or composed of parts, instead).

A field is an instance attribute a class's methods assign (`self.x = ...`, at any depth), a
class-level annotation (dataclass and NamedTuple fields; ClassVar excluded) or a __slots__
entry. Bases are followed by name through the classes of game/ and devkit/."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_FIELDS = 25


def own_fields(cls: ast.ClassDef) -> set[str]:
    names: set[str] = set()
    for node in cls.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) \
                and "ClassVar" not in ast.unparse(node.annotation):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets):
            names |= {n for n in ast.literal_eval(node.value)}
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for sub in ast.walk(node):
                targets = sub.targets if isinstance(sub, ast.Assign) else \
                    [sub.target] if isinstance(sub, (ast.AnnAssign, ast.AugAssign)) else []
                for target in targets:
                    names |= {e.attr for e in ast.walk(target) if isinstance(e, ast.Attribute)
                              and isinstance(e.value, ast.Name) and e.value.id == "self"}
    return names


def classes() -> dict[str, list[tuple[str, ast.ClassDef]]]:
    """Class name -> (module file, class) for every class of game/ and devkit/."""
    found: dict[str, list[tuple[str, ast.ClassDef]]] = {}
    for path in sorted([*(ROOT / "game").rglob("*.py"), *(ROOT / "devkit").rglob("*.py")]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                found.setdefault(node.name, []).append((path.relative_to(ROOT).as_posix(), node))
    return found


def field_counts() -> dict[str, int]:
    """'file:Class' -> its fields, its bases' included."""
    known = classes()

    def fields(cls: ast.ClassDef, seen: frozenset[int]) -> set[str]:
        out = own_fields(cls)
        for base in cls.bases:
            name = base.attr if isinstance(base, ast.Attribute) else base.id if isinstance(base, ast.Name) else None
            for _file, parent in known.get(name or "", []):
                if id(parent) not in seen:
                    out |= fields(parent, seen | {id(parent)})
        return out

    return {f"{file}:{cls.name}": len(fields(cls, frozenset({id(cls)})))
            for entries in known.values() for file, cls in entries}


def test_no_class_holds_more_than_its_share():
    over = {name: n for name, n in field_counts().items() if n > MAX_FIELDS}
    assert over == {}, "split these along their seams"


def test_the_counter_counts_fields_and_bases():
    tree = ast.parse("class A:\n    x: int\n    def __init__(self):\n        self.a = 1\n        if True:\n"
                     "            self.b, self.c = 2, 3\n    def m(self):\n        self.a += 1\n        self.d: int = 0\n"
                     "class B(A):\n    __slots__ = ('e',)\n")
    a, b = [n for n in tree.body if isinstance(n, ast.ClassDef)]
    assert own_fields(a) == {"x", "a", "b", "c", "d"} and own_fields(b) == {"e"}
