"""Covert: a dice-placement game of Cold War espionage (design by Kane Klenko)."""
