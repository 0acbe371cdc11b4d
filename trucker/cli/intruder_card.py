"""The intruder card of ``trucker intruder``: a deck file or catalogue id given with ``--card``,
or the card's numbers given with flags. Flag text is parsed here; the card checks its own numbers
(:func:`~trucker.core.cards.check_intruder`) and its error is named by the flag that gave them."""

from __future__ import annotations

from pathlib import Path

from trucker.cli.common import bad_input, parse_direction
from trucker.core.cards import MAX_NUMBER, CardError, Hand, Intruder, IntruderKind, Level, Reward

__all__ = ["card_from_options"]


def card_from_options(
    card: str | None,
    kind: str | None,
    steps: int | None,
    fuses: str | None,
    hand: str | None,
    double: bool,
    from_: str | None,
    reward: str | None,
) -> Intruder:
    """The card named by ``--card``, or built from the flags (bad input named by flag)."""
    if card is not None:
        flags = {"--kind": kind, "--steps": steps, "--fuses": fuses, "--hand": hand,
                 "--from": from_, "--reward": reward}  # fmt: skip
        clash = [name for name, value in flags.items() if value is not None]
        if clash or double:
            raise bad_input(
                clash[0] if clash else "--double",
                "",
                "give the card's numbers with --card or with flags, not both",
            )
        return _load_card(card)
    if steps is None or from_ is None:
        missing = "--steps" if steps is None else "--from"
        raise bad_input(missing, "", "required (or give --card)")
    try:
        the_kind = IntruderKind(kind or "predator")
    except ValueError:
        raise bad_input(
            "--kind", kind or "", "use predator, commando or predator-commando"
        ) from None
    try:
        the_hand = None if double and hand is None else Hand(hand or "left")
    except ValueError:
        raise bad_input("--hand", hand or "", "use left or right") from None
    fuse_steps: tuple[int, ...] = ()
    if fuses:
        try:
            fuse_steps = tuple(int(x) for x in fuses.split(","))
        except ValueError:
            raise bad_input("--fuses", fuses, "expected step numbers like 6,12") from None
    prize = Reward()
    if reward:
        if reward.isascii() and reward.isdigit():
            if len(reward) > 2:
                raise bad_input("--reward", reward, f"a card pays at most {MAX_NUMBER} credits")
            prize = Reward(credits=int(reward))
        elif all(ch in "RYGBrygb" for ch in reward):
            prize = Reward(goods=reward.upper())
        else:
            raise bad_input("--reward", reward, "a number of credits, or goods letters R Y G B")
    direction = parse_direction(from_, "--from")
    try:
        return Intruder(
            level=Level.parse(1),
            kind=the_kind,
            direction=direction,
            steps=steps,
            hand=the_hand,
            fuses=fuse_steps,
            double=double,
            reward=prize,
        )
    except CardError as exc:
        given = {"steps": str(steps), "hand": hand or "", "fuses": fuses or ""}
        advice = "; leave out --hand" if exc.key == "hand" else ""
        raise bad_input(f"--{exc.key}", given[exc.key], exc.problem + advice) from None


def _load_card(text: str) -> Intruder:
    """The one intruder card of a deck file, or a catalogue card by its id."""
    from trucker.formats.catalogue import cards
    from trucker.formats.decks import load_deck

    if text.lower().endswith((".toml", ".json")):
        deck = load_deck(Path(text), display=text)
        found = [c for c in deck.cards if isinstance(c, Intruder)]
        if len(found) != 1:
            raise bad_input("--card", text, f"expected one intruder card, found {len(found)}")
        return found[0]
    known = cards().get(text)
    if not isinstance(known, Intruder):
        raise bad_input("--card", text, "not an intruder card id or a deck file")
    return known
