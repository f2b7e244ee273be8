import asyncio
import itertools
from pathlib import Path

import cv2
import numpy as np
import pytest

from tableref.device.camera import CameraError, Frame
from tableref.device.camera.runner import CameraRunner
from tableref.device.camera.sources import FolderSource, VideoCaptureSource, source_for
from tableref.device.daemon.health import Health, supervise
from tableref.vision.synth.hostile_images import png_bomb, png_claiming


def _images(folder: Path, n: int) -> None:
    folder.mkdir()
    for i in range(n):
        img = np.full((48, 64, 3), i * 40, np.uint8)
        cv2.imwrite(str(folder / f"{i:02d}.png"), img)


def test_a_folder_is_read_in_order_with_increasing_timestamps(tmp_path: Path) -> None:
    _images(tmp_path / "f", 3)
    src = source_for(str(tmp_path / "f"))
    assert isinstance(src, FolderSource)
    src = FolderSource(tmp_path / "f", fps=200)
    src.open()
    frames = [src.read() for _ in range(4)]
    src.close()
    assert [int(f.image[0, 0, 0]) for f in frames] == [0, 40, 80, 0]
    assert all(b.t_ns > a.t_ns for a, b in itertools.pairwise(frames))


@pytest.mark.parametrize(("data", "words"), [
    (png_bomb(20_000), "400 megapixels"),
    (png_claiming(9000, 9000), "9000 x 9000"),
    (png_claiming(20_001, 10), "20001 x 10"),
], ids=["bomb", "over-50MP", "over-20000-a-side"])
def test_a_camera_file_too_large_is_named_with_its_size(
        tmp_path: Path, data: bytes, words: str) -> None:
    """A still image as the camera ([camera] source = a file) enters like every image:
    checked from its header, never handed to the video decoder."""
    path = tmp_path / "table.png"
    path.write_bytes(data)
    src = source_for(str(path))
    src.open()
    with pytest.raises(CameraError, match=words):
        src.read()
    good = tmp_path / "good.png"
    cv2.imwrite(str(good), np.full((48, 64, 3), 70, np.uint8))
    src = source_for(str(good))
    src.open()
    assert int(src.read().image[0, 0, 0]) == 70
    src.close()


def test_a_missing_folder_or_video_names_the_source(tmp_path: Path) -> None:
    with pytest.raises(CameraError, match="no such folder"):
        FolderSource(tmp_path / "nope").open()
    with pytest.raises(CameraError, match=r"nope\.png: no such image file"):
        source_for(str(tmp_path / "nope.png")).open()
    with pytest.raises(CameraError, match=r"nope\.avi"):
        VideoCaptureSource(str(tmp_path / "nope.avi")).open()


def test_a_video_file_loops(tmp_path: Path) -> None:
    path = tmp_path / "v.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), 100.0, (64, 48))
    for i in range(3):
        writer.write(np.full((48, 64, 3), i * 80, np.uint8))
    writer.release()
    src = VideoCaptureSource(str(path))
    src.open()
    values = [round(int(src.read().image[0, 0, 0]) / 80) for _ in range(5)]
    src.close()
    assert values == [0, 1, 2, 0, 1]


class _Flaky:
    """A camera that dies after two frames the first time, then works."""

    name = "flaky"

    def __init__(self) -> None:
        self.opens = 0
        self.n = 0

    def open(self) -> None:
        self.opens += 1

    def read(self) -> Frame:
        self.n += 1
        if self.opens == 1 and self.n > 2:
            raise CameraError("flaky: unplugged")
        return Frame(np.zeros((2, 2, 3), np.uint8), self.n, self.n)

    def close(self) -> None:
        pass


async def test_a_camera_that_fails_is_reported_and_reopened() -> None:
    seen: list[int] = []
    changes: list[tuple[str, bool]] = []
    health = Health(lambda s: changes.append((s.name, s.ok)))
    got_enough = asyncio.Event()

    async def on_frame(frame: Frame) -> None:
        seen.append(frame.index)
        if len(seen) >= 5:
            got_enough.set()

    src = _Flaky()
    runner = CameraRunner(src, on_frame, health)
    task = asyncio.create_task(supervise("camera", health, runner.run_once, first_delay_s=0.01))
    await asyncio.wait_for(got_enough.wait(), 5)
    task.cancel()
    runner.shutdown()
    assert src.opens == 2
    assert changes[:3] == [("camera", True), ("camera", False), ("camera", True)]
    assert health.ok("camera")
