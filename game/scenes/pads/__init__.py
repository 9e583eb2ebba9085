"""Gamepads: the pad setup wizard, feel checks, reconnection and seat sync."""
