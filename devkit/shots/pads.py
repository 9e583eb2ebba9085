"""Screenshots of what each pad family sees: hints, a mall and a table with three families seated,
the set-up wizard and the lobby's new-controller line (no real pads exist in a screenshot)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.scene import Scene
from game.text.i18n import N_, _
from game.input import families
from game.render import widgets
from game.input.gamepad import RawJoystick
from game.scenes import registry
from game.scenes.menus.lobby import LobbyScene
from game.scenes.pads.setup import PadSetupScene
from game.scenes.mall.scene import demo_spec, piloted_mall
from game.scenes.table.scene import TableScene
from game.scenes.table.scene import demo_spec as table_spec

if TYPE_CHECKING:
    from game.core.context import Context

SHOWN = (("xbox", False), ("playstation", False), ("nintendo", False), ("nintendo", True))
MALL_WARMUP, TABLE_WARMUP = 60 * 9, 60 * 4 + 30
HINTS = [("A", N_("Select")), ("B", N_("Back")), ("X", N_("Flip")), ("Y", N_("Special")), ("LB/RB", N_("List")),
         ("START", N_("Pause"))]


class GlyphSheet(Scene):
    """Every family's hint bar, one under the other."""

    name = "pad_glyphs"

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.ctx.ui
        widgets.draw_background(surface, ui)
        widgets.logo_text(surface, ui, _("BUTTONS"), ui.size("heading"), ui.colour("accent"), (640, 70), outline=4)
        for row, (family, swap) in enumerate(SHOWN):
            y = 170 + row * 130
            name = _(families.FAMILY_NAMES[family])
            title = _("{family} (confirm swapped)").format(family=name) if swap else name
            widgets.blit_text(surface, ui, title, "body", "text", center=(640, y))
            ui.pad_labels = families.labels(family, swap)
            widgets.hints(surface, ui, HINTS, y=y + 50)
        ui.pad_labels = {}


def _family_labels() -> dict[int, dict[str, str]]:
    return {seat: families.labels(family, swap) for seat, (family, swap) in enumerate(SHOWN[:3])}


def _mall(ctx: "Context", seed: int) -> Scene:
    scene = piloted_mall(ctx, demo_spec(3, "rush", seed or 3))
    scene.hud.set_labels(_family_labels())
    ctx.input.find_me(1, ago=14 - MALL_WARMUP)   # Sky pressed a stick 14 ticks before the picture
    return scene


def _table(ctx: "Context", seed: int) -> Scene:
    scene = TableScene(ctx, table_spec(3, seed), demo=True)
    labels = _family_labels()
    scene.picture.keys.seats = [labels.get(i, {}) for i in range(3)]
    scene.picture.keys.shared = {name: list(dict.fromkeys(labels[i][name] for i in range(3))) for name in labels[0]}
    ctx.input.find_me(0, ago=14 - TABLE_WARMUP)
    return scene


def _wizard(ctx: "Context", seed: int) -> list[Scene]:
    wizard = PadSetupScene(ctx, -1, "USB Arcade Stick", "03000000aaaa0000bbbb000000000000")
    wizard.chosen = {"a": "b2", "b": "b1", "x": "b0", "y": "b3", "start": "b9"}
    wizard.step = 5
    return [LobbyScene(ctx), wizard]


class _Resting:
    """A joystick with nothing pressed (the shot's unmapped stick: no device behind it)."""

    def get_numaxes(self) -> int:
        return 0

    def get_axis(self, axis_number: int, /) -> float:
        return 0.0

    def get_numbuttons(self) -> int:
        return 0

    def get_button(self, button: int, /) -> bool:
        return False

    def get_numhats(self) -> int:
        return 0

    def get_hat(self, hat_number: int, /) -> tuple[float, float]:
        return (0.0, 0.0)


def _lobby_new(ctx: "Context", seed: int) -> Scene:
    ctx.input.unmapped[-1] = RawJoystick(-1, "USB Arcade Stick", "", _Resting())
    ctx.lobby.seed = seed or 4242
    return LobbyScene(ctx)


registry.register_screenshot("pad_glyphs", lambda ctx, seed: GlyphSheet(ctx), warmup_ticks=0)
registry.register_screenshot("mall_pads", _mall, warmup_ticks=MALL_WARMUP)
registry.register_screenshot("table_pads", _table, warmup_ticks=TABLE_WARMUP)
registry.register_screenshot("pad_setup", _wizard, warmup_ticks=0)
registry.register_screenshot("lobby_new_pad", _lobby_new, warmup_ticks=1)
