"""Renderers of synthetic table scenes, with exact ground truth, for tests and benchmarks."""
