"""Helpers shared by more than one test package; each idea lives here once."""
