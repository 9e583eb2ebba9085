"""`python -m game`: the game, exactly as `python main.py` or the installed `soldout-checkout`."""
import sys

from game.app import freeze_support, main

if __name__ == "__main__":
    freeze_support()   # a frozen build's --tournament workers on Windows/macOS start here
    sys.exit(main())
