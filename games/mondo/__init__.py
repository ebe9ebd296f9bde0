"""Mondo (Michael Schacht): the rules engine, bots and board templates."""
