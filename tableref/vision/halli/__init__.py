"""Halli Galli card recognition from an overhead camera.

detect (card quads) -> rectify (canonical card with a ring round it) -> whitebalance
(from the card's own paper) -> read (backs.py: a back or a picture? fruit_parts.py:
ink patches grouped into fruits; inks.py: their hue classes; layouts.py: the sanity
check) / animals (enrolled pictures) -> recognise (frame to cards, backs apart) ->
tracker (the table over time); enrol builds and saves the enrolment (animals, backs,
the deck's fruit hues); annotate draws the result. With a fixed camera, table_model (the
empty table, learnt) gives the finder a hint (TableHint: what differs from the table, the
cards' size, the piles).

For the daemon (all names stable):
    from tableref.vision.halli.enrol import Enrolment
    from tableref.vision.halli.recognise import Recogniser, SeenCard
    from tableref.vision.halli.tracker import PileView, TableTracker
    from tableref.vision.synth.halli_scene import render_table

    recognise = Recogniser(Enrolment.load(data_dir()))   # keep one per camera
    tracker = TableTracker()                               # confirm=2 frames, gone after 1 s
    views = tracker.update(recognise(frame_bgr), t_ns)   # t_ns: the frame's sensor time
    tracker.visible_at(t_ns)        # read top cards visible at that time
    tracker.appeared_at("BBL")      # when the visible BBL appeared (reaction times)
    frame = render_table(["BBL", None, "pig"], seed=1, hand_at=2)  # simulated camera

    model = TableModel()                  # table_model: one per fixed camera
    model.observe(frame_bgr, t_s)         # every frame; .status "learning" or "ready"
    cards = recognise(frame_bgr, model.hint())
    model.cards([c.corners for c in cards])
    line = SeatTimeline(seats)            # tracker: each seat's reading per frame
    line.add(t_ns, tops)                  # a code, None, "?" (not read) or "~" (a hand)
    line.visible_at(press_ns)             # what each seat showed then: sure or not

A SeenCard is "fruit", "animal" or "unknown" (found but not read with confidence:
never a guess); an animal not enrolled has code None (an animal, which one unsure);
face-down cards are not in the list but in its `backs` field (`Seen.backs`);
`SeenCard.to_json()` is the spec's form. Recognising a frame and updating the tracker
are plain CPU work: run them in an executor, not on the loop.
"""
