"""The reference floor: a bare Love Letter (2019) loop, for comparison only.

Plain Python, ints and lists: no validation, no events, no objects. Each turn it lists
the legal plays (every card, target and guess, as ``loveletter`` does) and picks one
uniformly at random. It is the speed that pure Python allows on the machine at hand;
``python -m loveletter bench`` measures the library beside it.

Cards are their 2019 values: 0 Spy, 1 Guard, 2 Priest, 3 Baron, 4 Handmaid, 5 Prince,
6 Chancellor, 7 King, 8 Countess, 9 Princess.
"""

from __future__ import annotations

import random
import time

DECK = [0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9]
TARGETS = {2: 6, 3: 5, 4: 4, 5: 3, 6: 3}
GUESSES = [0, 2, 3, 4, 5, 6, 7, 8, 9]
TARGETED = {1, 2, 3, 7}


def play_game(n: int, rng: random.Random) -> tuple[int, int]:
    """Play one whole game for ``n`` players; return (rounds, turns)."""
    target = TARGETS[n]
    tokens = [0] * n
    first = rng.randrange(n)
    rounds = turns = 0
    choice = rng.choice
    while True:
        rounds += 1
        deck = DECK[:]
        rng.shuffle(deck)
        set_aside = deck.pop()
        if n == 2:
            del deck[-3:]
        hands = [[0] for _ in range(n)]
        for i in range(n):
            hands[(first + i) % n][0] = deck.pop()
        out = [False] * n
        prot = [False] * n
        spied = [False] * n
        discards: list[list[int]] = [[] for _ in range(n)]
        alive = n
        p = first
        while True:
            turns += 1
            prot[p] = False
            hand = hands[p]
            hand.append(deck.pop())
            others = [q for q in range(n) if q != p and not out[q] and not prot[q]]
            plays: list[tuple[int, int, int]] = []
            forced = 8 in hand and (5 in hand or 7 in hand)
            for card in set(hand):
                if forced and card != 8:
                    continue
                if card == 1:
                    if others:
                        plays.extend((1, q, g) for q in others for g in GUESSES)
                    else:
                        plays.append((1, -1, -1))
                elif card in TARGETED:
                    if others:
                        plays.extend((card, q, -1) for q in others)
                    else:
                        plays.append((card, -1, -1))
                elif card == 5:
                    plays.extend((5, q, -1) for q in others)
                    plays.append((5, p, -1))
                else:
                    plays.append((card, -1, -1))
            card, q, guess = choice(plays)
            hand.remove(card)
            discards[p].append(card)
            if card == 0:
                spied[p] = True
            elif card == 1 and q >= 0:
                if hands[q][0] == guess:
                    discards[q].append(hands[q].pop())
                    out[q] = True
                    alive -= 1
            elif card == 3 and q >= 0:
                mine, theirs = hand[0], hands[q][0]
                if mine != theirs:
                    loser = p if mine < theirs else q
                    discards[loser].append(hands[loser].pop())
                    out[loser] = True
                    alive -= 1
            elif card == 4:
                prot[p] = True
            elif card == 5:
                dropped = hands[q].pop()
                discards[q].append(dropped)
                if dropped == 9:
                    out[q] = True
                    alive -= 1
                else:
                    if dropped == 0:
                        spied[q] = True
                    hands[q].append(deck.pop() if deck else set_aside)
            elif card == 6 and deck:
                drawn = [deck.pop() for _ in range(min(2, len(deck)))]
                hand.extend(drawn)
                rng.shuffle(hand)
                keep = hand.pop()
                deck[:0] = hand
                hand[:] = [keep]
            elif card == 7 and q >= 0:
                hands[p], hands[q] = hands[q], hands[p]
            elif card == 9:
                discards[p].append(hand.pop())
                out[p] = True
                alive -= 1
            if alive == 1:
                winners = [i for i in range(n) if not out[i]]
                break
            if not deck:
                best = max(hands[i][0] for i in range(n) if not out[i])
                winners = [i for i in range(n) if not out[i] and hands[i][0] == best]
                break
            p = (p + 1) % n
            while out[p]:
                p = (p + 1) % n
        for w in winners:
            tokens[w] += 1
        spies = [i for i in range(n) if spied[i] and not out[i]]
        if len(spies) == 1:
            tokens[spies[0]] += 1
        if max(tokens) >= target:
            return rounds, turns
        first = choice(winners)


def measure(n: int, games: int, seed: int = 1) -> dict[str, float]:
    """Play ``games`` games of ``n`` players; return games, rounds and turns per second."""
    rng = random.Random(seed)
    rounds = turns = 0
    start = time.perf_counter()
    for _ in range(games):
        r, t = play_game(n, rng)
        rounds += r
        turns += t
    elapsed = time.perf_counter() - start
    return {
        "games_per_s": games / elapsed,
        "rounds_per_s": rounds / elapsed,
        "turns_per_s": turns / elapsed,
    }


if __name__ == "__main__":
    for players in (2, 4, 6):
        figures = measure(players, 2000)
        print(players, {k: round(v) for k, v in figures.items()})
