"""Bots: they see games only through the core state interface."""
