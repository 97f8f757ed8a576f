"""The HTTP routes, one router per concern; ``cuberail.server.app`` includes them all."""
