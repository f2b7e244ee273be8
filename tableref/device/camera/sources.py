"""The real camera sources: picamera2, OpenCV VideoCapture (device or video file), a folder
of images or one image."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from tableref.device.camera.base import CameraError, Frame
from tableref.vision.images import read_image
from tableref.vision.limits import MAX_PIXELS, MAX_SIDE, ImageError, limit_text

_IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".bmp"}


class _Paced:
    """Spaces reads `1/fps` apart (files and folders have no shutter of their own)."""

    def __init__(self, fps: float) -> None:
        self._period_ns = int(1e9 / fps) if fps > 0 else 0
        self._next = 0
        self._stop = threading.Event()

    def wait(self) -> int:
        now = time.monotonic_ns()
        if self._next > now:
            self._stop.wait((self._next - now) / 1e9)
            now = time.monotonic_ns()
        self._next = max(now, self._next) + self._period_ns
        return now

    def cancel(self) -> None:
        self._stop.set()


class Picamera2Source:
    """The Pi camera through picamera2 (imported only here, only on a Pi)."""

    def __init__(self, size: tuple[int, int] = (1280, 720)) -> None:
        self.name = "picamera2"
        self._size = size
        self._cam: Any = None
        self._index = 0

    def open(self) -> None:
        if self._cam is not None:
            return
        try:
            from picamera2 import Picamera2

            cam = Picamera2()
            cam.configure(cam.create_video_configuration(main={"size": self._size,
                                                               "format": "RGB888"}))
            cam.start()
        except Exception as err:  # picamera2 raises many kinds
            raise CameraError(f"picamera2: cannot open the camera: {err}") from err
        self._cam = cam

    def read(self) -> Frame:
        if self._cam is None:
            raise CameraError("picamera2: the camera is not open")
        try:
            request = self._cam.capture_request()
            try:
                image = np.ascontiguousarray(request.make_array("main"))
                meta = request.get_metadata()
            finally:
                request.release()
        except Exception as err:
            raise CameraError(f"picamera2: capture failed: {err}") from err
        # SensorTimestamp: start of exposure on the kernel's monotonic clock, in ns.
        t_ns = int(meta.get("SensorTimestamp", time.monotonic_ns()))
        self._index += 1
        return Frame(image, t_ns, self._index)

    def close(self) -> None:
        cam, self._cam = self._cam, None
        if cam is not None:
            try:
                cam.stop()
                cam.close()
            except Exception:
                pass


class VideoCaptureSource:
    """A USB webcam (`/dev/videoN`) or a video file through OpenCV; files loop at their fps."""

    def __init__(self, spec: str, loop: bool = True) -> None:
        self.name = spec
        self._spec = spec
        self._loop = loop
        self._cap: cv2.VideoCapture | None = None
        self._is_file = not spec.startswith("/dev/video")
        self._pace: _Paced | None = None
        self._index = 0

    def open(self) -> None:
        if self._cap is not None:
            return
        if self._is_file and not Path(self._spec).is_file():
            raise CameraError(f"camera source {self._spec}: no such video file")
        if self._is_file:
            cap = cv2.VideoCapture(self._spec)
        else:
            cap = cv2.VideoCapture(self._spec, cv2.CAP_V4L2)
        if not cap.isOpened():
            cap.release()
            raise CameraError(f"camera source {self._spec}: cannot open it")
        width, height = (int(cap.get(p)) for p in (cv2.CAP_PROP_FRAME_WIDTH,
                                                     cv2.CAP_PROP_FRAME_HEIGHT))
        if width * height > MAX_PIXELS or max(width, height) > MAX_SIDE:
            cap.release()
            raise CameraError(f"camera source {self._spec}: frames of {width} x {height} "
                              f"pixels; {limit_text()}")
        if self._is_file:
            fps = cap.get(cv2.CAP_PROP_FPS) or 10.0
            self._pace = _Paced(fps if 0 < fps < 240 else 10.0)
        self._cap = cap

    def read(self) -> Frame:
        cap = self._cap
        if cap is None:
            raise CameraError(f"camera source {self._spec}: not open")
        t_ns = self._pace.wait() if self._pace else 0
        ok, image = cap.read()
        if not ok and self._is_file and self._loop:
            cap.set(cv2.CAP_PROP_POS_FRAMES, 0)
            ok, image = cap.read()
        if not ok or image is None:
            raise CameraError(f"camera source {self._spec}: no frame (unplugged or ended)")
        if not self._is_file:
            t_ns = time.monotonic_ns()  # V4L2 gives no exposure time through OpenCV
        self._index += 1
        return Frame(np.ascontiguousarray(image, dtype=np.uint8), t_ns, self._index)

    def close(self) -> None:
        if self._pace is not None:
            self._pace.cancel()
        cap, self._cap = self._cap, None
        if cap is not None:
            cap.release()


class FolderSource:
    """Images of a folder in name order (or one image file), one every `1/fps` seconds,
    looping; each read through `read_image`, checked from its header."""

    def __init__(self, folder: Path, fps: float = 5.0) -> None:
        self.name = str(folder)
        self._folder = folder
        self._fps = fps
        self._files: list[Path] = []
        self._pace = _Paced(fps)
        self._index = 0

    def open(self) -> None:
        if self._folder.is_file() and self._folder.suffix.lower() in _IMAGE_SUFFIXES:
            self._files = [self._folder]
            self._pace = _Paced(self._fps)
            return
        if not self._folder.is_dir():
            what = "image file" if self._folder.suffix.lower() in _IMAGE_SUFFIXES else "folder"
            raise CameraError(f"camera source {self._folder}: no such {what}")
        self._files = sorted(p for p in self._folder.iterdir()
                             if p.suffix.lower() in _IMAGE_SUFFIXES)
        if not self._files:
            raise CameraError(f"camera source {self._folder}: no images in it")
        self._pace = _Paced(self._fps)

    def read(self) -> Frame:
        if not self._files:
            raise CameraError(f"camera source {self._folder}: not open")
        path = self._files[self._index % len(self._files)]
        t_ns = self._pace.wait()
        self._index += 1  # a bad image is skipped at the next read, not read for ever
        try:
            image = read_image(path)
        except ImageError as err:
            raise CameraError(f"camera source {err}") from None
        return Frame(image, t_ns, self._index)

    def close(self) -> None:
        self._pace.cancel()
        self._files = []


def source_for(spec: str) -> VideoCaptureSource | FolderSource | Picamera2Source:
    """The source a `[camera] source` setting names (not "sim" or "auto": the daemon decides)."""
    if spec == "picamera2":
        return Picamera2Source()
    if spec.startswith("/dev/video"):
        return VideoCaptureSource(spec)
    path = Path(spec)
    if path.is_dir() or path.suffix.lower() in _IMAGE_SUFFIXES:  # a still: never FFmpeg's
        return FolderSource(path)
    return VideoCaptureSource(spec)
