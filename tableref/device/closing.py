"""Handles on the world (bells, the bell box, the voice, its sound sink) that are released
by `close()` and can stand in a `with` block, which closes them on the way out."""

from __future__ import annotations

from types import TracebackType
from typing import Self


class Closing:
    """A base for what holds a device: `with thing:` closes it, exception or not."""

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
