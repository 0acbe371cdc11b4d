"""A built ship and its rules: the view the checks read, one check per rule id, the ship's
numbers, the report, validation and repair."""
