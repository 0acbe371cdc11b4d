"""The simulation engine: attacks, intruders, cards and flights. Pure: no printing, no clock,
no global randomness, no decisions taken for a player."""
