"""tableref: a referee box for real tabletop games."""

__version__ = "0.1.0"
