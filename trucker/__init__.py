"""trucker: validate Galaxy Trucker ships, simulate adventure decks, and teach intruders."""
