"""Pages (HTML) a teacher projects and a player opens: the step-by-step player, and the pages of
an intruder's walk and of a whole flight. Each is one self-contained file."""
