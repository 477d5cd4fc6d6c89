"""The site's own rules reference: the rules as the engine numbers them, in French and English."""
