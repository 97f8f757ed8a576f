"""The batched environment's outputs, fingerprinted: a hash of every array it returned
over seeded random play, recorded from the code before its speed-ups (issue 31).

Any change to how :mod:`cuberail.env.vector` or a title's batch encoder computes its
arrays must leave these hashes equal (bit-identical observations, masks, rewards, done
flags and seats to move), in the pure and the compiled build alike. A change of what
the env means (a new layout, a new action-id scheme) records new hashes, on purpose.
"""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

from cuberail.env import vector

# title: (num_envs, steps, sha256 of the arrays of every step)
EXPECTED = {
    "chicago-express": (24, 400,
                        "0173fd71fb96ae8553e77c84494ddfdeaefcde92b09119d02b457c8d846a4b98"),
    "trans-siberian": (24, 300,
                       "2907e115daba5715b6caa73a2b2466af8b389106a8aa0ced84c56bc8bd889300"),
}


def fingerprint(title: str, num_envs: int, steps: int) -> str:
    """The sha256 of reset's and every step's arrays: random ids from the mask (and every
    third step from ``sample_legal``), the last third stepping a random subset of games."""
    env = vector.make(title, num_envs, seed=7)
    rng = np.random.default_rng(11)
    digest = hashlib.sha256()
    obs, mask = env.reset()
    for array in (obs, mask, env.to_move):
        digest.update(array.tobytes())
    for step in range(steps):
        ids = env.sample_legal(rng) if step % 3 == 2 else vector.random_actions(mask, rng)
        active = rng.random(num_envs) < 0.6 if step >= 2 * steps // 3 else None
        obs, mask, rewards, done = env.step(ids, active=active)
        for array in (obs, mask, rewards, done, env.to_move):
            digest.update(array.tobytes())
    return digest.hexdigest()


@pytest.mark.parametrize("title", sorted(EXPECTED))
def test_outputs_unchanged(title: str) -> None:
    num_envs, steps, expected = EXPECTED[title]
    assert fingerprint(title, num_envs, steps) == expected


if __name__ == "__main__":  # prints the hashes to record
    for name, (n, k, _) in sorted(EXPECTED.items()):
        print(name, fingerprint(name, n, k))
