"""Reading a Nimalia reserve from a photo.

locate -> grid -> classify -> constraints, with appearance taught by enrol;
recognise ties them together and annotate draws the result over the photo.
"""
