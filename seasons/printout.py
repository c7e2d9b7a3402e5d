"""The season standings on paper, laid out as the night's standings are
(tournaments/printouts/documents.py): the very strings of the director's season table, then
how the season counts, its ties in words and who is not ranked yet."""

from reportlab.platypus import KeepTogether, Paragraph, Spacer

from clubs import dates
from tournaments.printouts.documents import _paragraph, _standings_table
from tournaments.printouts.layout import STYLES, DocInfo, body_frame, build, register_fonts

from .season import Season


def season_pdf(info: DocInfo, season: Season, values: list[list[str]]) -> bytes:
    """`values`: the season table's own values, header first (the page's and the CSV's)."""
    register_fonts()
    width = body_frame(info.pagesize)._width
    nights = len(season.events)
    story: list = [
        Paragraph("Season standings", STYLES["Title"]),
        _paragraph(
            f"Season {season.name}: {season.dates_words}, "
            f"{nights} night{'' if nights == 1 else 's'}. {season.counting_words}",
            STYLES["Body"],
        ),
        _paragraph(season.formats_words, STYLES["Body"]),
        *(
            _paragraph(
                f"{e.name} ({dates.day(e.date, info.date_style)}) {season.so_far_words}",
                STYLES["Small"],
            )
            for e in season.playing
        ),
        *(
            _paragraph(
                f"{e.name} ({dates.day(e.date, info.date_style)}) counts when its bracket "
                "is decided.",
                STYLES["Small"],
            )
            for e in season.undecided
        ),
        *(
            _paragraph(
                f"{e.name} ({dates.day(e.date, info.date_style)}) shows its standings when "
                "its last round closes: its points join the season then.",
                STYLES["Small"],
            )
            for e in (season.held if season.public else ())
        ),
        Spacer(1, 6),
        _standings_table(values, width),
    ]
    notes = [season.ties_words]
    if season.unranked_words:
        notes.append(season.unranked_words)
    story.append(KeepTogether([Spacer(1, 6), *(_paragraph(n, STYLES["Small"]) for n in notes)]))
    if season.ties:
        story.append(
            KeepTogether(
                [
                    Paragraph("Ties", STYLES["Heading"]),
                    *(_paragraph(t, STYLES["Body"]) for t in season.ties),
                ]
            )
        )
    return build(info, story)
