"""The Covert board picture: the map of Europe with its pieces and the shared play areas.

``picture`` describes a public view for ``art``, which draws it over the cached
unchanging layer of ``base``; ``geometry`` places cities and pieces, and
``pieces`` draws the small sprites.
"""
