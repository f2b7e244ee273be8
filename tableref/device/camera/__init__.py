"""Camera sources: picamera2 on the Pi, OpenCV VideoCapture, a folder of images, the sim."""

from tableref.device.camera.base import CameraError, Frame, FrameSource

__all__ = ["CameraError", "Frame", "FrameSource"]
