"""Issue 42, point 4, proved: a player who cannot see the screen plays a whole deal against the
bots. It hears only what a virtual screen reader says (tests/browser/by_ear.py: the live region's
news and prompts, the focused card, the hand read item by item) and acts only by keys: the swap
round (T with a picked card, or P), the draw (D, or T to take the discard), a steal offer (S or
P), going down (G, ✨ F, ✅ L), a take-back (Ctrl+Z), lay-offs (M with a picked card, 🧲 A), the
discard (1–9 and → to pick, X), and the deal's end (N). It goes on until the words say someone
went out. What it heard, move by move, is summed up at the end (printed; written to the file
named by $BY_EAR_SUMMARY: `python -m bench.by_ear`)."""
from __future__ import annotations

import os
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from by_ear import Ear, card_of, cards_in, points
from helpers import open_deal, settled

# A deal where the words bring every decision: a swap-round card worth taking, steal offers on every
# discard (the bots wait for the answer: steal=wait, ask=every), going down, lay-offs, and someone
# going out.
SEED, LEVEL = 24, "sprout"
# The words that ask the player something, or say the deal is over.
ASKS = (r"Swap round: pick a card to give|Your turn: draw|before .* draws\? You also take|You can go down"
        r"|To go down you still need|Lay off: pick a card|went out|The deal is over")
HAND = ("group, Your hand", "end of group, Your hand")
# Rough point bands for choosing a discard, from the words alone: see by_ear.points.


@dataclass
class Player:
    """What the player knows, all of it from words heard."""

    ear: Ear
    hand: list[tuple[int, str]] = field(default_factory=list)   # as last read, in the hand's order
    sets: set[int] = field(default_factory=set)                  # the ranks of the player's own sets
    down: bool = False
    took_back: bool = False
    offers: int = 0                                              # steal offers heard
    moves: list[tuple[str, str, list[str]]] = field(default_factory=list)   # (who, what, words)

    # ------------------------------------------------------------ hearing

    def press(self, key: str, answer: str = ".", what: str = "") -> list[str]:
        said = self.ear.press(key, answer)
        self.moves.append(("you", what or key, said))
        return said

    def read_hand(self) -> list[tuple[int, str]]:
        part = self.ear.read(*HAND)
        self.hand = [card_of(p) for p in part if p.startswith("button, ") and card_of(p)]
        assert part and self.hand, f"no hand heard: {part}"
        return self.hand

    def pick(self, index: int) -> None:
        """Pick the hand's card at ``index`` (1–9, then → along), and hear that it is the one."""
        want = self.hand[index]
        said = self.press(str(min(index, 8) + 1), r", pressed$", what="pick")
        for _ in range(index - 8):
            said = self.press("ArrowRight", r", pressed$", what="pick")
        picked = [p for p in said if p.endswith(", pressed")][-1]
        assert card_of(picked) == want, f"picked {picked}, meant {want}"

    # ------------------------------------------------------------ deciding

    def pairs(self) -> Counter:
        return Counter(rank for rank, _ in self.hand if rank not in (0, 2))

    def worst(self) -> int:
        """The card to let go: never a wild; a card of no pair before one of a pair (the contract
        is sets); the costliest first."""
        counts = self.pairs()
        choices = [n for n, c in enumerate(self.hand) if c[0] not in (0, 2)] or list(range(len(self.hand)))
        return max(choices, key=lambda n: (-counts[self.hand[n][0]], points(self.hand[n]), n))

    def wants(self, card) -> bool:
        """A card worth a claim or a swap: it makes a pair three, or it fits one of the player's sets."""
        return card is not None and (card[0] in self.sets if self.down else self.pairs()[card[0]] >= 2)

    def discard(self) -> list[str]:
        self.read_hand()
        card = self.hand[self.worst()]
        self.pick(self.worst())
        said = self.press("x", r"You discarded|went out", what="discard")
        assert any(card_of(p.split("You discarded")[-1]) == card for p in said if "You discarded" in p), said
        return said

    def go_down(self) -> list[str]:
        self.press("g", r"polite: .*Frame 1", what="go down")
        said = self.press("f", r"Every frame is ready", what="fill for me")
        self.sets = {c[0] for p in said for line in p.split(". ") if "ready, set" in line
                     for c in cards_in(line) if c[0] not in (0, 2)}
        said = self.press("l", r"You went down", what="lay it down")
        if not self.took_back:          # think better of it once, by key, and go down again
            self.took_back = True
            self.press("Control+z", r"Taken back", what="take back")
            self.press("g", r"polite: .*Frame 1", what="go down")
            self.press("f", r"Every frame is ready", what="fill for me")
            said = self.press("l", r"You went down", what="lay it down")
        self.down = True
        return said

    def lay_off(self) -> list[str]:
        """Each card that fits one of the player's own sets, by M; then 🧲 whatever else fits."""
        said: list[str] = []
        while True:
            self.read_hand()
            fits = [n for n, c in enumerate(self.hand) if c[0] in self.sets]
            if not fits or len(self.hand) == 1:
                break
            self.pick(fits[0])
            said = self.press("m", r"You laid off|went out", what="lay off")
            if ended(said):
                return said
        if len(self.hand) > 1:
            said = self.press("a", r"polite: ", what="lay off all")
        return said

    def turn(self, asked: str) -> list[str]:
        """Answer what the words asked; what the table said back."""
        if "Swap round" in asked:        # a free swap: worth it for a card that pairs one in hand
            top = card_of(asked.split("give for")[-1])
            self.read_hand()
            if top and top[0] not in (0, 2) and self.pairs()[top[0]]:
                self.read_hand()
                self.pick(self.worst())
                return self.press("t", r"You swapped", what="swap")
            return self.press("p", r"You passed", what="pass the swap")
        if "You also take" in asked:     # an offer: the second one heard, and a card that pairs one in hand
            self.read_hand()
            offered, self.offers = card_of(asked.split("discarded")[-1]), self.offers + 1
            if not self.down and offered and (self.offers == 2 or offered[0] not in (0, 2) and self.pairs()[offered[0]]):
                return self.press("s", r"You stole|Sprout \d took|went out", what="steal")
            return self.press("p", r"polite: ", what="let it go")
        if "Your turn: draw" in asked:
            self.read_hand()
            top = card_of(asked.split("or take")[-1]) if "or take" in asked else None
            if self.wants(top):
                return self.press("t", r"You took", what="take the discard")
            return self.press("d", r"You drew", what="draw")
        if "You can go down" in asked:
            said = self.go_down()
            return said if ended(said) else self.turn(last_ask(said))
        if "Lay off: pick a card" in asked:
            said = self.lay_off()
            return said if ended(said) else self.discard()
        return self.discard()


def ended(said: list[str]) -> bool:
    return any(re.search(r"went out|The deal is over", p) for p in said)


def last_ask(said: list[str]) -> str:
    asks = [p for p in said if p.startswith("polite: ") and re.search(ASKS, p)]
    return asks[-1] if asks else ""


OTHERS = re.compile(r"^(Sprout \d) (drew|discarded|went down|laid off|laid down|stole|took|passed|swapped|went out)")


def summary(player: Player, log: list[str], read: int) -> str:
    """The words of the deal: how many a move, the player's by key and the others' by kind (the
    live region's sentences); three of the player's moves in full. ``read``: the phrases the player
    asked for, reading the hand and the page."""
    words = lambda phrases: sum(len(p.split()) for p in phrases)   # noqa: E731
    kinds: dict[str, list[int]] = {}
    for _, what, said in player.moves:
        kinds.setdefault(f"you: {what}", []).append(words(said))
    for phrase in log:
        for sentence in phrase.removeprefix("polite: ").split(". ") if phrase.startswith("polite: ") else ():
            if (move := OTHERS.match(sentence)):
                kinds.setdefault(f"a bot: {move[2]}", []).append(len(sentence.split()))
    told = words(p for p in log if p.startswith("polite: "))
    lines = [f"One deal by ear (seed {SEED}, {LEVEL}, steal=wait, ask=every): the live region said {told} words; "
             f"{len(player.moves)} keys pressed; {read} phrases read on purpose (the hand, the page, the scores)"]
    lines += [f"  {what:<24} x{len(n):<3} words per move: mean {sum(n) / len(n):.0f}, max {max(n)}"
              for what, n in sorted(kinds.items(), key=lambda kv: (kv[0].startswith("a bot"), -len(kv[1])))]
    for what in ("draw", "fill for me", "steal"):
        said = next((s for _, w, s in player.moves if w == what), [])
        lines.append(f"  e.g. {what}: " + " | ".join(said))
    return "\n".join(lines)


def test_a_screen_reader_user_plays_a_whole_deal_by_ear_and_by_keys(page, page_log, site_url):
    page.set_viewport_size({"width": 390, "height": 800})
    open_deal(page, site_url, SEED, LEVEL, steal="wait", ask="every")
    settled(page)
    ear = Ear(page).start()
    player = Player(ear)
    said = [p for p in ear.read("document", "end of document") if re.search(ASKS, p)][-1:]   # the page, read through once
    said = [f"polite: {p}" for p in said]
    for _ in range(80):
        if ended(said):
            break
        asked = last_ask(said)
        assert asked, f"nothing asked in {said}"
        said = player.turn(asked)
        if not ended(said) and not re.search(ASKS, said[-1] if said else ""):
            said = said + ear.until(ASKS)
    assert ended(said), "the deal never ended"
    deal = ear.spoken()[:]
    assert any(re.search(r"(You|Sprout \d) went out", p) for p in said), said
    if not any(p.startswith("dialog, Deal 1 is over") for p in said):
        said += ear.until(r"^dialog, Deal 1 is over")        # the deal's end takes the focus
    if any("See the scores" in p for p in said):             # everyone's cards first: N on to the scores
        said = player.press("n", r"Next deal", what="on to the scores")
    sheet = ear.read("dialog, Deal 1 is over", "end of dialog")
    assert any(re.search(r"went out", p) for p in sheet) and any("Next deal" in p for p in sheet), sheet
    player.press("n", r"Swap round: pick a card", what="next deal")   # N: the next deal, its swap round
    log = ear.spoken()
    text = summary(player, deal, ear.read_count)
    print(text)
    if os.environ.get("BY_EAR_SUMMARY"):
        Path(os.environ["BY_EAR_SUMMARY"]).write_text(text + "\n\nThe score sheet, read:\n" + "\n".join(sheet)
                                                      + "\n\nEvery phrase:\n" + "\n".join(log) + "\n")
    keys = {w for _, w, _ in player.moves}
    assert {"swap", "draw", "steal", "let it go", "go down", "fill for me", "lay it down", "take back", "lay off",
            "lay off all", "discard", "on to the scores", "next deal"} <= keys, keys
    page_log.assert_clean()
