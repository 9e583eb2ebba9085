"""Optional: compile the mall's hot loop with mypyc (issue #46), or remove the build.

    python tools/build_fast.py           # compile game/compiled.py's FAST_MODULES in place
    python tools/build_fast.py --clean   # remove the build: the plain Python runs again

The modules are the same strict-typed source either way; compiled, a headless Sold Out! tick
costs about a third less (docs/PERFORMANCE.md). The extensions lie beside the .py files
(game/sim/physics.cpython-311-x86_64-linux-gnu.so...) plus one shared runtime,
game/fast__mypyc*.so, and Python imports them first. SOLDOUT_PURE=1 runs the .py files beside a
build (tests/test_compiled.py plays both and holds them equal). A build is for the Python that
made it: rebuild after changing any of the modules, or clean, or the old code runs.

Needs mypy (the dev extra: mypyc comes with it), setuptools and a C compiler.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.compiled import FAST_MODULES, GROUP  # noqa: E402


def built_files(root: Path = ROOT) -> list[Path]:
    """Every file a build left in the package (extensions of FAST_MODULES and the shared runtime)."""
    out: list[Path] = []
    for name in FAST_MODULES + (GROUP + "__mypyc",):
        folder, _, leaf = name.replace(".", "/").rpartition("/")
        out += sorted((root / folder).glob(f"{leaf}.*.so")) + sorted((root / folder).glob(f"{leaf}.*.pyd"))
    return out


def clean() -> int:
    files = built_files()
    for path in files:
        path.unlink()
    print(f"removed {len(files)} compiled file(s)" if files else "no compiled build to remove")
    return 0


def build() -> int:
    try:
        from mypyc.build import mypycify
        from setuptools import setup
    except ImportError as exc:
        print(f"build_fast: needs mypy (pip install -e '.[dev]') and setuptools: {exc}", file=sys.stderr)
        return 2
    sources = [name.replace(".", "/") + ".py" for name in FAST_MODULES]
    here = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="build_fast_") as work:
        # Built from a folder that sees the package through a link: module names come from the
        # paths (game/sim/mall.py -> game.sim.mall), the extensions land in place through the link,
        # and the C sources and objects stay in the temporary folder (not beside pyproject.toml,
        # whose [project] table setuptools would read as this build's).
        os.symlink(ROOT / "game", Path(work) / "game", target_is_directory=True)
        os.chdir(work)
        try:
            setup(name="soldout-fast", ext_modules=mypycify(["--config-file", str(ROOT / "pyproject.toml"), *sources],
                                                                group_name=GROUP, opt_level="3"),
                  script_args=["build_ext", "--inplace", "--build-temp", str(Path(work) / "temp")])
        except (SystemExit, Exception) as exc:   # a compiler error: one line, and no half build left
            os.chdir(here)
            clean()
            print(f"build_fast: the build failed: {exc}", file=sys.stderr)
            return 1
        finally:
            os.chdir(here)
    print(f"compiled {len(FAST_MODULES)} modules: {', '.join(FAST_MODULES)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled build")
    args = parser.parse_args(argv)
    return clean() if args.clean else build()


if __name__ == "__main__":
    sys.exit(main())
