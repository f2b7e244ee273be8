"""OpenCV: an image in, recognised things out. No GPIO, no audio, no game rules."""
