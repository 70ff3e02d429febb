"""The consumers of chartgen's output, replayed from their own Go code (test tooling, not chartgen).

Each oracle is a Go module under this folder, built from the libraries the consumer itself uses
at the versions it pins. ``make oracles`` builds them into ``.tools/oracles`` and re-records their
verdicts into ``tests/data/oracles``; ``make test`` replays the records, so it needs no Go.
"""
