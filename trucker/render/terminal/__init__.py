"""What the terminal shows: every command's report as rich text (validate, the single
encounters, flights, odds), drawings in their colours, and walks frame by frame."""
