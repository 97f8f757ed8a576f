"""cuberail: rules engines, bots and tools for cube rail board games."""

__version__ = "0.1.0"
