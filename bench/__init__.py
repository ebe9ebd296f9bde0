"""Benchmarks that print a table of figures (not part of the test run)."""
