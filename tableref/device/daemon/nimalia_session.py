"""Nimalia at the table: rounds, the objectives in play, reserves read from photos, scores.

The page leads the round: it shows the game's objectives (the option `objectives`, from
the config's [nimalia] or the page: the first game's, a random set, or by hand), the rounds
that score them, and whose reserve to photograph next. Each reserve read is recorded (as
the reserve's spaces, so a replay needs no photo); a reserve's points for the objectives
it scores alone are shown as its photo comes in, and when every player's reserve is in,
the round is scored, shown on the score sheet (every round, each objective, the ranked
ones explained) and spoken. The state is the fold of the events
(tableref.games.nimalia.events).

With zones set on the page, the table camera photographs a player's zone by itself when
it has changed and then stayed still for `still_s` seconds with nothing across its edge
(no hand over it; vision/nimalia/still.py), once per change, while that player's reserve
of this round is not in yet (a zone changed after it waits for the next round). Such a
photo is kept when every card of the round shows in it; with a card unseen it waits for
the next change, and is kept as it is after PATIENCE x still_s seconds of stillness (a
card may lie hidden under the others). Each reserve read is checked against the player's
reserve of the round before (check.py): one that three legal placements do not explain,
or a photo with a card lying apart from the reserve (not read: vision/nimalia/apart.py),
is held in `doubts` until the players keep it or retake. The page's view shows each
zone's state (`camera_zones`: moving, still, crossed, changed).

What is held, waits or was found that is no event (photos to settle, doubts, zones
waiting for a card, the cards found placed) is kept with the journal after every change
(nimalia_note): a restart, a kill -9 too, gives it back.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING, Any

import cv2
import numpy as np

from tableref.device.daemon.nelly_count import CountError, ZoneStore, keep_zones
from tableref.device.daemon.nimalia_advice import Asked, HandError, advice_json, check_hand, deck
from tableref.device.daemon.nimalia_camera import (
    ZONES_FILE,
    NimaliaEyes,
    NimaliaSight,
    cut_zone,
    zone_of,
)
from tableref.device.daemon.nimalia_note import Doubt, Note, NoteError, Unsettled, Waiting
from tableref.device.daemon.nimalia_photos import PhotoError, read_reserve
from tableref.device.daemon.nimalia_settle import SettleError, settled
from tableref.device.daemon.nimalia_teach import CardTeacher, TeachError
from tableref.device.daemon.session import BaseSession, Box, Refused, Result, Sight
from tableref.device.phrasebook import Words
from tableref.games.nimalia.advise import advise
from tableref.games.nimalia.check import RoundCheck, check_round, with_cards_apart
from tableref.games.nimalia.choice import FIRST, check_choice, resolve, schedule
from tableref.games.nimalia.events import (
    Event,
    NimaliaFold,
    ReserveRead,
    Score,
    Start,
    event_from_json,
    event_to_json,
)
from tableref.games.nimalia.game import FIRST_GAME, ROUNDS, RoundScore
from tableref.games.nimalia.model import Reserve
from tableref.games.nimalia.objectives import all_objectives, objective
from tableref.games.nimalia.sheet import rankings, tie_break
from tableref.vision.nimalia.still import ZoneState

if TYPE_CHECKING:
    from tableref.device.config import Config

log = logging.getLogger("tableref.nimalia")
ENROLMENT_DIR = "nimalia"  # in the data dir: the cards' enrolment and the photos taught


@dataclass
class NimaliaKit:
    """What a Nimalia session needs: the enrolment of the cards (loaded on first use; None:
    no photos can be read) and the objectives of a new game."""

    enrolment: Callable[[], Any] | None = None
    objectives: tuple[int, ...] = FIRST_GAME
    zones: ZoneStore | None = None  # each player's zone of the table camera's picture
    still_s: float = 2.0  # a zone changed and still this long is photographed by itself
    teacher: CardTeacher | None = None  # the page's teaching of the cards (phone photos)


def open_session(box: Box, kit: NimaliaKit | None) -> NimaliaSession:
    return NimaliaSession(box, kit)


def default_kit(config: Config, sim: bool) -> NimaliaKit:
    """The user's enrolment (where `tableref nimalia enroll` and the page's teaching put it;
    an older one in the data dir itself), loaded once and again when the page has taught
    the cards; with the simulated table and no enrolment, the simulated table's drawn cards.
    What is taught on the simulated table is kept for the run only, never written over
    the enrolment of a real deck in the data dir (as Halli's teaching there)."""
    from tableref.device.paths import data_dir

    cache: list[Any] = []
    directory = data_dir() / ENROLMENT_DIR

    def load() -> Any:
        if cache:
            return cache[0]
        from tableref.vision.nimalia.enrol import FILE, load_enrolment

        try:
            older = data_dir() / FILE
            enrolment = load_enrolment(data_dir() if older.is_file() and not (
                directory / FILE).is_file() else directory)
        except ValueError:
            if not sim:
                raise
            from tableref.device.sim.decks import nimalia_enrolment

            enrolment = nimalia_enrolment()
        cache.append(enrolment)
        return enrolment

    def enrolled(enrolment: Any) -> None:
        cache[:] = [enrolment]

    return NimaliaKit(enrolment=load, zones=ZoneStore(data_dir() / ZONES_FILE),
                      teacher=CardTeacher(None if sim else directory, enrolled))


def config_options(config: Config) -> dict[str, Any]:
    return {"objectives": config.nimalia.objectives}


def check_option(key: str, value: Any) -> Any:
    """`objectives` from the page: "first_game", "random" or four ids (ObjectiveError)."""
    if key != "objectives":
        raise ValueError("unknown option")
    return check_choice(value)


def problem_words(w: Words, card: int | None, rule: str) -> str:
    """A broken rule in the page's language (phrases nimalia.rule_*)."""
    which = w("nimalia.card_hidden") if card is None else w("nimalia.card_n", n=card)
    return w(f"nimalia.rule_{rule}", which=which)


PATIENCE = 5  # a zone waiting for a round's last card is kept after 5 x still_s still
DECK = deck()
CATALOGUE = [{"id": o.id, "colour": o.colour.value, "leaves": o.leaves, "ranked": o.ranked}
             for o in all_objectives()]


def scores_said(w: Words, round_no: int, rows: list[tuple[str, int, int]],
                objectives: dict[int, list[int]] | None = None) -> list[str]:
    """A round scored, said: "Round 1." "Great savanna: Ann 6, Ben 2." ... "Ann: 9 points,
    total 9." ... (`rows`: each seat's name, round points and total)."""
    out = [w("nimalia.round_said", n=round_no)]
    for oid, points in (objectives or {}).items():
        each = ", ".join(w("nimalia.points_said", name=n, points=p)
                         for (n, _, _), p in zip(rows, points, strict=True))
        out.append(w("nimalia.objective_said", objective=w(f"nimalia.obj{oid}"), each=each))
    out += [w("nimalia.score_said", name=n, points=pts, total=tot) for n, pts, tot in rows]
    return out


class NimaliaSession(BaseSession[Event]):
    game = "nimalia"

    def __init__(self, box: Box, kit: NimaliaKit | None = None) -> None:
        self._box = box
        self._kit = kit or NimaliaKit()
        self.players: tuple[str, ...] = ()
        self.fold: NimaliaFold | None = None
        self.rows: list[dict[str, Any]] = []
        self.message = ""
        # photos with unsure spaces, by seat, until the player settles them or retakes:
        # not events (nothing is scored from them), kept with the journal (nimalia_note)
        self.pending: dict[int, Unsettled] = {}
        # reserves read that break the placement rules against the round before, by seat,
        # until the players keep them or retake (kept like `pending`)
        self.doubts: dict[int, Doubt] = {}
        self.found: dict[int, RoundCheck] = {}  # this round's cards found, by seat
        self.asked: dict[int, Asked] = {}  # the adviser's last answer to each player
        # zones photographed by themselves with a card of the round unseen, by seat; kept
        # after PATIENCE still seconds (more cards are likely to come: the next change is
        # photographed)
        self.waiting: dict[int, Waiting] = {}
        self._events = 0  # events applied (the journal's length)
        self._read_at: dict[int, int] = {}  # this round: each seat's last reserve, as _events
        self._kept: dict[str, Any] | None = None  # the last note kept
        self._shot_ns: dict[int, int] = {}
        self.zones: dict[str, Any] | None = None
        try:
            self.zones = None if self._kit.zones is None else self._kit.zones.load()
        except CountError as err:
            log.error("%s: the table camera photographs the whole table until the zones are "
                      "set again", err)
        self._eyes = NimaliaEyes(lambda: self.zones, still_s=self._kit.still_s)
        self.eyes = self._eyes
        self.zone_states: dict[int, str] = {}
        self._shooting: set[int] = set()  # seats whose zone is being photographed by itself
        self._tasks: set[asyncio.Task[None]] = set()

    def _empty_rows(self) -> list[dict[str, Any]]:
        return [{"seat": i, "objectives": {}, "round_total": 0, "total": 0, "photo": False}
                for i in range(len(self.players))]

    # -- the events -------------------------------------------------------------------
    def start(self, players: Sequence[str], options: Mapping[str, Any]) -> Start:
        choice = options.get("objectives", FIRST)
        ids = self._kit.objectives if choice == FIRST else resolve(check_choice(choice))
        return Start(tuple(players), tuple(ids))

    def decode(self, data: Mapping[str, Any]) -> Event:
        return event_from_json(data)

    def encode(self, event: Event) -> dict[str, Any]:
        return event_to_json(event)

    def apply(self, event: Event) -> list[str]:
        self._events += 1
        if isinstance(event, Start):
            self.players = event.players
            self.fold = NimaliaFold(event)
            self.rows = self._empty_rows()
            self.message = ""
            self.pending, self.doubts, self.found, self.asked = {}, {}, {}, {}
            self.waiting, self._read_at = {}, {}
            return []
        fold = self._fold()
        scored = fold.apply(event)
        if isinstance(event, ReserveRead):
            self._read_at[event.player] = self._events
            self.message = ""
            return []
        assert scored is not None
        # what was held for the round scored (a second photo of a reserve already in) is
        # no photo of the next round's
        self.pending, self.doubts, self.waiting = {}, {}, {}
        self.found, self.asked, self._read_at = {}, {}, {}
        self.rows = self._rows(scored)
        return self._said(scored)

    def _fold(self) -> NimaliaFold:
        if self.fold is None:
            raise Refused.said("page.err_not_started")
        return self.fold

    def _rows(self, scored: RoundScore) -> list[dict[str, Any]]:
        rows = self._empty_rows()
        for score in scored.scores:
            for seat, points in enumerate(score.points):
                rows[seat]["objectives"][str(score.objective.id)] = points
                rows[seat]["round_total"] += points
        photos = self._fold().last_photos
        for seat, total in enumerate(scored.totals):
            rows[seat]["total"] = total
            rows[seat]["photo"] = seat in photos
        return rows

    def _said(self, scored: RoundScore) -> list[str]:
        rows = [(self.players[r["seat"]], r["round_total"], r["total"]) for r in self.rows]
        per = {s.objective.id: list(s.points) for s in scored.scores}
        said = scores_said(self._box.speech.words, scored.round, rows, per)
        game = self._fold().game
        if game.over:
            said += self._said_winner(tie_break(game.totals, game.reserves))
        return said

    def _said_winner(self, tb: Any) -> list[str]:
        speech = self._box.speech
        w, name = speech.words, speech.phrases.name
        if len(tb.tied) == 1:
            return [speech.phrases.wins(tb.winners[0])]
        out = [w("nimalia.tie_said", names=w.join([name(p) for p in tb.tied]), total=tb.best)]
        if len(tb.winners) == 1:
            most = tb.most_of_one[tb.tied.index(tb.winners[0])]
            return [*out, w("nimalia.tiebreak_said", name=name(tb.winners[0]), n=most),
                    speech.phrases.wins(tb.winners[0])]
        return [*out, w("nimalia.shared_said", names=w.join([name(p) for p in tb.winners]))]

    # -- live -------------------------------------------------------------------------
    async def photo(self, player: int, data: bytes) -> None:
        """A photo of `player`'s reserve (uploaded): read (in the vision thread); recorded
        when every space was read with confidence (the round scored when every reserve is
        in), else kept with its unsure spaces for the player to settle (`act("settle",
        ...)`). The table camera's zone of the player counts as photographed."""
        seat = self.seat(player)
        await self._read_photo(seat, data)
        self._eyes.taken(seat)

    # -- teaching the box the cards (phone photos) --------------------------------------
    def teach_cards(self) -> dict[str, Any]:
        """The page's teaching: the cards to photograph, those taught (nimalia_teach)."""
        if self._kit.teacher is None:
            raise Refused.said("nimalia.teach_unavailable")
        return self._kit.teacher.state()

    async def teach_photo(self, card: int | None, data: bytes) -> dict[str, Any]:
        """Keep the photo of card `card`; with None, read the photographed card back."""
        teacher = self._kit.teacher
        if teacher is None:
            raise Refused.said("nimalia.teach_unavailable")
        box = self._box
        try:
            if card is not None:
                return await box.in_vision(teacher.teach, card, data)
            if self._kit.enrolment is None:
                raise Refused.said("nimalia.err_no_enrolment")
            enrolment = await box.in_vision(self._kit.enrolment)
            return await box.in_vision(teacher.read_back, data, enrolment)
        except TeachError as err:
            raise Refused.like(err) from None
        except OSError as err:
            log.error("the cards taught cannot be kept: %s", err)
            raise Refused.said("nimalia.teach_not_kept") from None
        except ValueError as err:  # the enrolment's own trouble (cannot be loaded or made)
            log.error("the Nimalia enrolment: %s", err)
            raise Refused.said("nimalia.err_no_enrolment") from None

    async def _read_photo(self, seat: int, data: bytes, auto: bool = False) -> None:
        try:
            await self._read(seat, data, auto)
        finally:
            self._keep()

    async def _read(self, seat: int, data: bytes, auto: bool) -> None:
        fold = self._fold()
        box = self._box
        w, name = box.speech.words, self.players[seat]
        if fold.game.over:
            raise Refused(w("nimalia.err_game_over"))
        if self._kit.enrolment is None:
            raise Refused(w("nimalia.err_no_enrolment"))
        try:
            enrolment = await box.in_vision(self._kit.enrolment)
        except ValueError as err:
            log.error("the Nimalia enrolment cannot be loaded: %s", err)
            raise Refused(w("nimalia.err_no_enrolment")) from None
        try:
            reading = await box.in_vision(read_reserve, data, enrolment)
        except PhotoError as err:
            log.info("%s: %s", name, err)
            self.message = w(err.phrase, name=name, **err.fields)
            box.changed()
            raise Refused(self.message) from None
        except ValueError as err:  # the reader's own trouble with this photo
            log.warning("%s: the photo could not be read: %s", name, err)
            self.message = w("nimalia.err_no_grid", name=name)
            box.changed()
            raise Refused(self.message) from None
        if self.fold is not fold:
            raise Refused(w("nimalia.err_changed"))
        if reading.jpeg:
            box.keep_photo(seat, reading.jpeg)
        self.pending.pop(seat, None)
        self.doubts.pop(seat, None)
        self.waiting.pop(seat, None)
        if reading.complete:
            try:
                reserve = settled(reading, [])
            except SettleError as err:
                self.message = w("nimalia.err_breaks_rules", name=name, why=str(err))
                box.changed()
                raise Refused(self.message) from None
            verdict = with_cards_apart(
                await box.in_vision(check_round, self._before(seat), reserve.reserve),
                len(reading.apart))
            if self.fold is not fold:
                raise Refused(w("nimalia.err_changed"))
            if auto and verdict.legal and verdict.silent:
                # fewer new cards than a round's show: more are likely to come; kept if
                # the zone stays as it is (a card may lie hidden under the others)
                log.info("%s: %d of the round's cards seen in the zone: waiting for the "
                         "rest", name, len(verdict.placed) - verdict.silent)
                self.waiting[seat] = Waiting(reserve.reserve, bool(reading.jpeg), verdict,
                                             self._shot_ns.get(seat, 0))
                self.message = w("nimalia.zone_waits", name=name,
                                 n=len(verdict.placed) - verdict.silent)
                box.changed()
                return
            self._admit(seat, reserve.reserve, bool(reading.jpeg), (), verdict)
            return
        self.pending[seat] = Unsettled(replace(reading, jpeg=b""), bool(reading.jpeg))
        self.message = box.speech.words("nimalia.unsure", name=self.players[seat],
                                        n=len(reading.unsure))
        box.changed()

    async def camera_photo(self, player: int, image: np.ndarray, *, auto: bool = False) -> None:
        """The table camera's picture of `player`'s zone (the whole picture without one).
        `auto`: taken by itself once the zone stood still; kept only when every card of
        the round shows in it (a player who stops between two cards is not photographed
        for the round: the zone is taken again when it changes)."""
        seat = self.seat(player)
        polygon = zone_of(self.zones, seat)
        self._eyes.taken(seat, image)
        if polygon is not None:
            try:
                image = cut_zone(image, polygon)
            except ValueError as err:
                log.info("%s: %s", self.players[seat], err)
                raise Refused(self._box.speech.words("nimalia.err_zone",
                                                     name=self.players[seat])) from None
        ok, png = cv2.imencode(".png", image)
        if not ok:
            raise Refused(self._box.speech.words("nimalia.err_encode"))
        await self._read_photo(seat, png.tobytes(), auto=auto)

    def seen(self, sight: Sight) -> None:
        """A camera frame's zones: a zone changed and still is photographed (once)."""
        if not isinstance(sight, NimaliaSight):
            raise TypeError(f"a Nimalia session reads NimaliaSight, not {type(sight).__name__}")
        states = {seat: z.state.value for seat, z in sight.zones.items()}
        if states != self.zone_states:
            self.zone_states = states
            self._box.changed()
        fold = self.fold
        if fold is None or fold.game.over:
            return
        for seat, zone in sight.zones.items():
            waits = self.waiting.get(seat)
            if waits is not None and waits.since_ns is None:
                waits.since_ns = sight.t_ns  # restored after a restart: patience again
            if (waits is not None and waits.since_ns is not None
                    and zone.state is ZoneState.STILL
                    and sight.t_ns - waits.since_ns >= PATIENCE * self._kit.still_s * 1e9
                    and seat not in fold.reserves and seat not in self._shooting):
                del self.waiting[seat]  # nothing more came: the round as it lies
                self.message = ""
                self._admit(seat, waits.reserve, waits.photo, (), waits.verdict)
                self._keep()
                continue
            if (zone.state is ZoneState.CHANGED and seat not in fold.reserves
                    and seat not in self._shooting and seat < len(self.players)):
                self._shooting.add(seat)
                self._shot_ns[seat] = sight.t_ns
                self._eyes.taken(seat, sight.image)
                task = asyncio.get_running_loop().create_task(
                    self._auto_photo(seat, sight.image))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _auto_photo(self, seat: int, image: np.ndarray) -> None:
        log.info("%s: the zone changed and is still: photographed", self.players[seat])
        try:
            await self.camera_photo(seat, image, auto=True)
        except Refused as err:  # the message is on the page (photo() set it)
            self.message = str(err)
            self._box.changed()
        except Exception:
            log.exception("%s: the zone's photo failed", self.players[seat])
        finally:
            self._shooting.discard(seat)

    # -- what is no event, kept with the journal (nimalia_note) ---------------------------
    def _keep(self) -> None:
        fold = self.fold
        if fold is None:
            return
        note = Note(fold.game.round, self._events, dict(self.pending), dict(self.doubts),
                    dict(self.waiting), dict(self.found)).to_json()
        if note != self._kept:
            self._kept = note
            self._box.keep(note)

    def restore(self, note: Mapping[str, Any]) -> None:
        """The last note kept, after the journal's events (a restart): what each seat held
        when no event came for it since, in the round the note was kept in."""
        fold = self._fold()
        try:
            kept = Note.from_json(note, len(self.players))
        except NoteError as err:
            log.error("%s: the note is left out", err)
            return
        if kept.round == fold.game.round and not fold.game.over:
            def fresh(seat: int) -> bool:  # no reserve of the seat recorded after the note
                return self._read_at.get(seat, 0) <= kept.events

            self.pending = {s: u for s, u in kept.pending.items() if fresh(s)}
            self.doubts = {s: d for s, d in kept.doubts.items() if fresh(s)}
            self.waiting = {s: x for s, x in kept.waiting.items()
                            if fresh(s) and s not in fold.reserves}
            self.found = {s: v for s, v in kept.placed.items()
                          if s in fold.reserves and fresh(s)}
            self.message = self._held_message()
            log.info("restored: photos to settle %s, held %s, zones waiting %s",
                     sorted(self.pending), sorted(self.doubts), sorted(self.waiting))
        self._kept = None
        self._keep()

    def _held_message(self) -> str:
        """What the page says of what is held (after a restart)."""
        w = self._box.speech.words
        for seat, doubt in sorted(self.doubts.items()):
            return self._doubt_said(seat, doubt.verdict)
        for seat, unsettled in sorted(self.pending.items()):
            return w("nimalia.unsure", name=self.players[seat], n=len(unsettled.reading.unsure))
        for seat, waits in sorted(self.waiting.items()):
            return w("nimalia.zone_waits", name=self.players[seat],
                     n=len(waits.verdict.placed) - waits.verdict.silent)
        return ""

    def close(self) -> None:
        for task in self._tasks:
            task.cancel()

    def _set_zones(self, raw: object) -> None:
        try:
            zones = keep_zones(raw, len(self.players), self._kit.zones)
        except CountError as err:
            raise Refused(str(err)) from None
        self.zones = zones
        self._box.changed()

    def report(self, data: Mapping[str, Any]) -> None:
        """What the players tell the box on the page (`POST /api/report`): the spaces a
        photo left unsure, `{"action": "settle", "player": 0, "spaces": [{"row": 1,
        "col": 2, "animal": "otter", "terrain": "savanna", "river": "/"} | {"row": 1,
        "col": 2, "empty": true}]}`; that a reserve which breaks the placement rules
        against the round before is kept as it is, `{"action": "accept", "player": 0}`; or
        that the photo is given up to be taken again, `{"action": "retake", "player": 0}`."""
        try:
            self._report(data)
        finally:
            self._keep()

    def _report(self, data: Mapping[str, Any]) -> None:
        if "zones" in data:  # {"zones": {"zones": [{"player": 0, "polygon": [[x, y], ...]}]}}
            self._set_zones(data["zones"])
            return
        action = data.get("action")
        if action == "advise":
            self._ask(self.seat(data.get("player")), data.get("cards"))
            return
        if action not in ("settle", "accept", "retake"):
            raise Refused(f"Nimalia takes the reports settle, accept and retake, not "
                          f"{str(action)[:40]!r}")
        seat = self.seat(data.get("player"))
        unsettled = self.pending.get(seat)
        reading = None if unsettled is None else unsettled.reading
        doubt = self.doubts.get(seat)
        if ((reading is None and doubt is None) or (action == "settle" and reading is None)
                or (action == "accept" and doubt is None)):
            raise Refused(self._box.speech.words("nimalia.err_nothing_waits",
                                                 name=self.players[seat]))
        if action == "retake":
            self.pending.pop(seat, None)
            self.doubts.pop(seat, None)
            self.message = ""
            self._box.changed()
            return
        if self._fold().game.over:
            raise Refused(self._box.speech.words("nimalia.err_game_over"))
        if action == "accept":
            assert doubt is not None
            del self.doubts[seat]
            self.message = ""
            broken = tuple((p.card, str(p.rule)) for p in doubt.verdict.problems)
            self.reserve_read(seat, doubt.reserve, doubt.photo, doubt.told, broken)
            return
        assert unsettled is not None and reading is not None
        try:
            result = settled(reading, data.get("spaces"))
        except SettleError as err:
            raise Refused(f"{self.players[seat]}: {err}") from None
        del self.pending[seat]
        verdict = with_cards_apart(check_round(self._before(seat), result.reserve),
                                   len(reading.apart))
        self._admit(seat, result.reserve, unsettled.photo, result.told, verdict)

    def _ask(self, seat: int, cards: object) -> None:
        """`{"action": "advise", "player": 0, "cards": [17, 23, 41]}`: where to place the
        cards in hand on the player's reserve as it was at the start of this round, for
        this round's objectives; answered in the view's `advice` when the adviser is done
        (in the vision thread: up to 2 s)."""
        fold = self._fold()
        if fold.game.over:
            raise Refused(self._box.speech.words("nimalia.err_game_over"))
        try:
            hand = check_hand(cards)
        except HandError as err:
            raise Refused(f"{self.players[seat]}: {err}") from None
        asked = Asked(seat, hand, fold.game.round)
        self.asked[seat] = asked
        self._box.changed()
        task = asyncio.get_running_loop().create_task(self._advise(asked, self._before(seat)))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _advise(self, asked: Asked, reserve: Reserve) -> None:
        fold = self._fold()
        chosen = fold.game.objectives
        later = [chosen.for_round(r) for r in range(asked.round + 1, ROUNDS + 1)]
        try:
            found = await self._box.in_vision(partial(advise, top=3, later_rounds=later),
                                              reserve, list(asked.cards),
                                              chosen.for_round(asked.round))
            asked.advice = advice_json(reserve, found)
            asked.state = "done"
        except Exception as err:  # a hand with no legal place, or the adviser's own fault
            log.warning("%s: no advice for %s: %s", self.players[asked.seat], asked.cards, err)
            asked.state, asked.error = "failed", str(err)
        if self.asked.get(asked.seat) is asked:
            self._box.changed()

    def _before(self, seat: int) -> Reserve:
        """The player's reserve at the end of the round before (none in round 1)."""
        rounds = self._fold().rounds
        return rounds[-1][seat] if rounds else Reserve()

    def _admit(self, seat: int, reserve: Reserve, photo: bool,
               told: tuple[tuple[int, int], ...], verdict: RoundCheck) -> None:
        """A reserve read in full: recorded when three legal placements explain it from the
        round before, else held and asked about (the problems shown on the page)."""
        if verdict.legal:
            self.found[seat] = verdict
            self.reserve_read(seat, reserve, photo, told)
            return
        self.doubts[seat] = Doubt(reserve, photo, told, verdict)
        self.message = self._doubt_said(seat, verdict)
        log.info("%s: the reserve breaks the placement rules: %s", self.players[seat],
                 "; ".join(p.message for p in verdict.problems))
        self._box.changed()

    def _doubt_said(self, seat: int, verdict: RoundCheck) -> str:
        w = self._box.speech.words
        return w("nimalia.doubt", name=self.players[seat],
                 why=w.join([problem_words(w, p.card, str(p.rule)) for p in verdict.problems]))

    def reserve_read(self, player: int, reserve: Reserve, photo: bool,
                     told: tuple[tuple[int, int], ...] = (),
                     broken: tuple[tuple[int | None, str], ...] = ()) -> None:
        """A reserve was read (or settled): record it, and score the round when all are in."""
        fold = self._fold()
        self._box.record(ReserveRead(player, reserve, photo, told, broken))
        if len(fold.reserves) == len(self.players):
            self._box.record(Score(fold.game.round))

    def winner(self) -> int | None:
        fold = self.fold
        if fold is None or not fold.game.over:
            return None
        best = fold.game.winners()
        return best[0] if len(best) == 1 else None

    @property
    def over(self) -> bool:
        return self.fold is not None and self.fold.game.over

    # -- the page ---------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        fold = self._fold()
        game = fold.game
        over = game.over
        missing = [i for i in range(len(self.players)) if i not in fold.reserves]
        return {
            "round": min(game.round, ROUNDS),
            "objectives": [] if over else list(game.objectives.for_round(game.round)),
            "all_objectives": list(game.objectives.ids),
            "catalogue": CATALOGUE,
            "schedule": [{"round": n, "objectives": list(ids)}
                         for n, ids in schedule(game.objectives.ids)],
            "to_photograph": None if over or not missing else missing[0],
            "read": sorted(fold.reserves),
            "waiting": [] if over else missing,
            "so_far": [] if over else self._so_far(),
            "scores": self.rows,
            "sheet": self._sheet(),
            "result": self._result(),
            "over": over,
            "winner": self.winner(),
            "message": self.message,
            "zones": self.zones,
            "camera_zones": [{"seat": seat, "state": state}
                             for seat, state in sorted(self.zone_states.items())],
            "pending": [{"seat": seat, "sure": len(u.reading.sure),
                         "unsure": [x.as_json(i + 1) for i, x in enumerate(u.reading.unsure)]}
                        for seat, u in sorted(self.pending.items())],
            "doubts": [{"seat": seat, **doubt.verdict.to_json(messages=False)}
                       for seat, doubt in sorted(self.doubts.items())],
            "placed": [{"seat": seat, **verdict.to_json(messages=False)}
                       for seat, verdict in sorted(self.found.items())],
            "zones_waiting": [{"seat": seat, "seen": len(x.verdict.placed) - x.verdict.silent}
                              for seat, x in sorted(self.waiting.items())],
            "kept": [{"seat": seat, "broken": [{"card": c, "rule": r} for c, r in broken]}
                     for seat, broken in sorted(fold.broken.items())],
            "advice": [asked.as_json() for _, asked in sorted(self.asked.items())],
            "deck": DECK,
        }

    def _so_far(self) -> list[dict[str, Any]]:
        """This round's points of each reserve already in, for the objectives it scores
        alone; a ranked one waits for every reserve."""
        fold = self._fold()
        ids = fold.game.objectives.for_round(fold.game.round)
        out = []
        for seat, reserve in sorted(fold.reserves.items()):
            points = {str(i): objective(i).score([reserve])[0]
                      for i in ids if not objective(i).ranked}
            out.append({"seat": seat, "points": points,
                        "waits": [str(i) for i in ids if objective(i).ranked]})
        return out

    def _sheet(self) -> list[dict[str, Any]]:
        """Every round scored: each objective's points per seat, the round's sum and the
        running total; the ranked objectives explained (who had what, who placed)."""
        fold = self._fold()
        out = []
        for scored, reserves in zip(fold.game.history, fold.rounds, strict=True):
            ids = [s.objective.id for s in scored.scores]
            rows = []
            for seat in range(len(self.players)):
                points = {str(s.objective.id): s.points[seat] for s in scored.scores}
                rows.append({"seat": seat, "points": points,
                             "round_total": sum(points.values()),
                             "total": scored.totals[seat]})
            ranked = {str(i): [r.as_json() for r in rankings(i, reserves)]
                      for i in ids if objective(i).ranked}
            out.append({"round": scored.round, "objectives": ids, "rows": rows,
                        "ranked": ranked})
        return out

    def _result(self) -> dict[str, Any] | None:
        game = self._fold().game
        if not game.over:
            return None
        return tie_break(game.totals, game.reserves).as_json()

    def outs(self) -> list[bool]:
        return [False] * len(self.players)

    def result(self) -> Result | None:
        if not self.over:
            return None
        assert self.fold is not None
        winner = self.winner()
        return Result(list(self.fold.game.totals),
                      None if winner is None else self.players[winner])
