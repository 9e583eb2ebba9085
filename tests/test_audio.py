"""Audio: every generated sound plays under the dummy driver; no device means silence."""
import importlib.util
import logging
import random
import wave
from pathlib import Path

import pygame
import pytest

from game.core import audio as audio_module
from game.core.audio import SOUNDS_DIR, Audio

ROOT = Path(__file__).resolve().parent.parent

NAMES = ("menu_move confirm back error countdown go pickup putdown flip take deliver sold_out "
         "roll land grab queue buy token bonus win").split()


@pytest.fixture(autouse=True)
def fresh_mixer():
    yield
    pygame.mixer.quit()


def test_every_sound_exists_in_the_agreed_format():
    for name in NAMES:
        with wave.open(str(SOUNDS_DIR / f"{name}.wav")) as wav:
            assert (wav.getframerate(), wav.getnchannels(), wav.getsampwidth()) == (22050, 1, 2), name
            assert wav.getnframes() / 22050 <= 2.5, name  # short


def test_every_sound_plays_under_dummy_driver():
    audio = Audio(0.5)
    assert audio.enabled
    for name in NAMES:
        audio.play(name)
        assert audio._cache[name] is not None, name


def test_silent_when_mixer_cannot_start(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    audio = Audio(0.8)
    assert not audio.enabled
    audio.play("confirm")  # no error, no sound
    audio.set_volume(0.3)


def test_unknown_sound_is_silent_and_logged_once(caplog):
    audio = Audio(0.5)
    with caplog.at_level(logging.WARNING, logger=audio_module.__name__):
        audio.play("kazoo")
        audio.play("kazoo")
    assert sum("kazoo" in r.getMessage() for r in caplog.records) == 1


def test_volume_is_clamped_and_applied():
    audio = Audio(2.0)
    assert audio.volume == 1.0
    audio.set_volume(-1)
    assert audio.volume == 0.0
    audio.set_volume(0.25)
    audio.play("go")
    assert audio._cache["go"].get_volume() == pytest.approx(0.25, abs=0.01)


def test_generator_reproduces_the_committed_files(tmp_path):
    """Same script, same bytes: the wavs in the repo are what tools/make_sounds.py makes."""
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    make_sounds = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_sounds)
    sounds = make_sounds.build(random.Random(make_sounds.SEED))
    assert sorted(sounds) == sorted(NAMES)
    for name in NAMES:
        make_sounds.write_wav(tmp_path / f"{name}.wav", sounds[name])
        assert (tmp_path / f"{name}.wav").read_bytes() == (SOUNDS_DIR / f"{name}.wav").read_bytes(), name


class CountingSound:
    def __init__(self):
        self.starts = 0

    def set_volume(self, volume):
        pass

    def play(self):
        self.starts += 1


def test_same_sound_twice_at_once_starts_once(monkeypatch):
    audio = Audio(0.5)
    audio._cache["grab"] = fake = CountingSound()
    clock = [100.0]
    monkeypatch.setattr(audio_module.time, "perf_counter", lambda: clock[0])
    audio.play("grab")
    clock[0] += 0.01
    audio.play("grab")  # six bots grabbing in one tick
    assert fake.starts == 1
    clock[0] += 0.5
    audio.play("grab")
    assert fake.starts == 2


def test_the_window_opens_the_mixer_in_the_games_own_format():
    """pygame.init() opens the mixer at 44.1 kHz stereo unless asked first: the sounds and the
    music (22050 Hz mono) would all be resampled, and the decoded music take four times the memory."""
    from game.app import make_context
    pygame.quit()
    try:
        ctx = make_context(load_user_files=False)
        assert pygame.mixer.get_init() == (22050, -16, 1) and ctx.audio.enabled
    finally:
        pygame.quit()


def test_sounds_are_read_ahead_a_step_each_so_no_first_play_reads_a_file(monkeypatch):
    """Each sound took 1-3 ms to read on its first play: in the frame of a grab or a roll."""
    audio = Audio(0.5)
    steps = sum(1 for _ in audio.preload())
    assert steps == len(list(SOUNDS_DIR.glob("*.wav"))) >= len(NAMES)

    def read(*args, **kwargs):
        raise AssertionError("a sound read from disk as it played")
    monkeypatch.setattr(pygame.mixer, "Sound", read)
    for name in NAMES:
        audio.play(name)


def test_the_warm_up_reads_the_sounds_ahead(ctx):
    from game.core.warm import Warmer
    from game.scenes import warmup
    warmer = Warmer()
    warmup.queue_rehearsals(warmer, ctx)
    assert ctx.audio.enabled
    while warmer.pending:
        if warmer.run_one() == "sounds" and warmer._jobs[0][0] != "sounds":   # its last step
            break
    assert all(ctx.audio._cache.get(name) is not None for name in NAMES)
