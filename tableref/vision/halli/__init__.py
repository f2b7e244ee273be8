"""Halli Galli card recognition from an overhead camera.

detect (card quads) -> rectify (canonical card) -> whitebalance -> fruits / animals
-> recognise (frame to cards) -> tracker (the table over time); enrol builds the
animal enrolment; annotate draws the result.
"""
