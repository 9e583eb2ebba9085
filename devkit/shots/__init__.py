"""Screenshot scenes for `--screenshot --scene NAME`, one module per group of scenes.

Each module registers its pictures with `game.scenes.registry.register_screenshot(name,
factory, warmup_ticks)`; importing this package registers them all. To add one: write a
factory(ctx, seed) -> Scene (or [Scene, ...], bottom first) in the module for what it shows
and register it there; the scene names are used by tests and tools, so never rename one.
"""
from devkit.shots import career, cast, evening, mall, menus, pads, profiles, speedrun, stats, table  # noqa: F401  (each registers its shots)
