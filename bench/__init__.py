"""Benchmarks run as ``python -m bench.<name>``; they print timings, they assert nothing."""
