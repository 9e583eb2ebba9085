"""The window's renderer: SDL's software renderer where there is no GPU, the default elsewhere."""
from __future__ import annotations

from typing import Callable

from game.app import renderer

NO_GPU = lambda: False  # noqa: E731 - a machine without graphics hardware
GPU = lambda: True  # noqa: E731


def test_no_gpu_on_linux_gets_the_software_renderer_and_no_gl_probe() -> None:
    assert renderer.software_hints({}, "linux", NO_GPU) == {
        "SDL_RENDER_DRIVER": "software", "SDL_FRAMEBUFFER_ACCELERATION": "0"}


def test_a_gpu_keeps_sdls_default() -> None:
    assert renderer.software_hints({}, "linux", GPU) == {}


def test_mesas_own_switch_means_software_gl_even_with_a_gpu() -> None:
    assert renderer.software_hints({"LIBGL_ALWAYS_SOFTWARE": "1"}, "linux", GPU) == renderer.SOFTWARE


def test_the_players_own_choice_wins() -> None:
    for name in renderer.PLAYER_HINTS:
        assert renderer.software_hints({name: "opengl"}, "linux", NO_GPU) == {}


def test_other_systems_and_windowless_drivers_are_left_alone() -> None:
    asked: list[bool] = []

    def gpu() -> bool:
        asked.append(True)
        return False
    assert renderer.software_hints({}, "win32", gpu) == {}
    assert renderer.software_hints({}, "darwin", gpu) == {}
    assert renderer.software_hints({"SDL_VIDEODRIVER": "dummy"}, "linux", gpu) == {}
    assert not asked                      # the device nodes are not even read there


def test_choose_sets_the_hints_in_the_environment_it_is_given() -> None:
    env: dict[str, str] = {"HOME": "/x"}
    assert renderer.choose(env, "linux", NO_GPU) is True
    assert env["SDL_RENDER_DRIVER"] == "software" and env["SDL_FRAMEBUFFER_ACCELERATION"] == "0"
    kept = {"SDL_RENDER_DRIVER": "opengl"}
    assert renderer.choose(kept, "linux", NO_GPU) is False
    assert kept == {"SDL_RENDER_DRIVER": "opengl"}


def test_gpu_nodes() -> None:
    def listdir(entries: list[str]) -> Callable[[str], list[str]]:
        return lambda _path: entries

    def missing(_path: str) -> list[str]:
        raise FileNotFoundError(_path)
    nothing = lambda _path: False  # noqa: E731
    assert renderer.has_gpu(nothing, listdir(["renderD128", "card0", "by-path"]))
    assert renderer.has_gpu(nothing, listdir(["card1"]))
    assert not renderer.has_gpu(nothing, listdir(["by-path"]))
    assert not renderer.has_gpu(nothing, missing)
    assert renderer.has_gpu(lambda path: path == "/dev/nvidia0", missing)
    assert renderer.has_gpu(lambda path: path == "/dev/dxg", missing)
