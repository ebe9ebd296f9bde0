"""Board-game engines: the plugin contract, the registry and one package per game."""
