"""The drawing kit every game's pictures use: fonts and text, canvases, badges, cards.

It sits below the games and above the engine; games say what goes where, the kit
says how it is drawn. Fonts ship in ``bot/draw/fonts`` with their licences.
"""
