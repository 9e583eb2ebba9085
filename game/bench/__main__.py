"""Runs the benchmark report (devkit/bench/report.py) with every flag and output unchanged."""
import sys

from devkit.bench.report import main

if __name__ == "__main__":
    sys.exit(main())
