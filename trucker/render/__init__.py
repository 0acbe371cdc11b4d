"""What a person sees: plain-text drawings, terminal reports, pictures (SVG) and pages (HTML),
drawn from results and logs. Nothing here computes a rule."""
