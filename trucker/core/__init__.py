"""Values and vocabulary: squares, parts, boards, ships, cards, dice, rulings, decisions and
events. Imports nothing else of trucker and reads no file."""
