"""The ``cuberail`` command line."""
