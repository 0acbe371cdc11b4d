"""Whole runs: dealing decks, flying planned flights and replays, and the odds over many
flights (in worker processes or on Dask)."""
