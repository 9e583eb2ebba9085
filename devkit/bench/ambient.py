"""What a level's ambient life costs a frame (issue #41: < 0.5 ms at p99): its moving features
drawn over the level's cached picture at the game's 1280x720 (SDL scales that to the screen), one
tick apart, in thread CPU time (the game's own work, not the machine's other jobs). Six seats: the
smallest map on the screen, so the most of it is drawn."""
from __future__ import annotations

import time
from typing import Any

SEATS = 6


def frame_times(level_name: str, frames: int) -> list[float]:
    """Milliseconds of ambient drawing for each of `frames` frames, sorted."""
    import pygame

    from game.files.levels import load_level, resolve_level
    from game.render.ambient import LevelAmbience
    from game.scenes.mall.layout import SCREEN, compute_layout
    from game.scenes.mall.picture import level_surface
    level = load_level(resolve_level(level_name, SEATS))
    layout = compute_layout(level.pixel_size, SEATS)
    display = pygame.display.get_surface()
    screen = pygame.Surface(SCREEN, 0, display) if display is not None else pygame.Surface(SCREEN)
    picture = level_surface(level, layout.scale)
    ambience = LevelAmbience(level, layout.map_rect, layout.scale)
    times = []
    for tick in range(1, frames + 1):
        screen.blit(picture, layout.map_rect)
        screen.set_clip(layout.map_rect.inflate(4, 4))
        start = time.thread_time_ns()
        ambience.draw(screen, tick)
        times.append((time.thread_time_ns() - start) / 1e6)
        screen.set_clip(None)
    return sorted(times)


def bench_ambient(frames: int) -> dict[str, Any]:
    """Each shipped level's ambient cost: median, p99 and largest frame (ms)."""
    from devkit.bench.screen import headless_display
    from game.files.levels import list_levels
    headless_display()
    out: dict[str, Any] = {"frames": frames}
    for path in list_levels():
        times = frame_times(path.stem, max(1, frames))
        out[path.stem] = {"median_ms": round(times[len(times) // 2], 3),
                          "p99_ms": round(times[min(len(times) - 1, int(0.99 * len(times)))], 3),
                          "max_ms": round(times[-1], 3)}
    return out
