"""The exceptions `sow` raises, beside Python's own ValueError, TypeError,
IndexError and OSError."""


class SowError(Exception):
    """Anything `sow` refuses."""


class ParseError(SowError, ValueError):
    """A fault in a variant file, a move or a position, at a place in it:
    `origin` (the file, or ``<text>``), `line` and `column` (from 1), as
    ``sow check`` reports them. `str()` of it shows the line and a caret."""

    def __init__(self, message, origin=None, line=None, column=None):
        super().__init__(message)
        self.origin = origin
        self.line = line
        self.column = column


class RuleError(SowError, ValueError):
    """What the rules forbid: an illegal move, a move after the end, a
    capture mark that says what the move does not capture, a position the
    variant cannot reach."""
