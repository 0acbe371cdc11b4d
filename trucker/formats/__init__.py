"""Files to values and back: the ship, board, deck, choices and log formats, the packaged
catalogue, and atomic writes. The only home of pydantic, msgspec and TOML/JSON reading."""
