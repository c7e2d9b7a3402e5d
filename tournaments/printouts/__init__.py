"""The printed night: score sheets, tally cards, table cards and standings as PDF.

Each document is built in two steps, as house style asks: `data.py` turns the recorded night
into plain rows (tested by value), `documents.py` lays those rows out with reportlab's
platypus (tested by the text extracted from the file). `layout.py` holds what every document
shares: paper, styles, the embedded font, the running header and "page X of Y"; `bidi.py`
puts Hebrew and Arabic names in the order the PDF draws them.
"""
