"""The rules of each game: pure, typed, deterministic. No IO, no clocks, no threads."""
