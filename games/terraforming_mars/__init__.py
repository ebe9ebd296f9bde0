"""Terraforming Mars (Jacob Fryxelius): the rules engine, card framework, bots and board."""
