class KeylabError(ValueError):
    """Why a value or a key was refused; `reason` is keylab's error kind (docs/schema.md)."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def _fail(reason: str, message: str) -> NoReturn:
    raise KeylabError(reason, message)


_DIGITS = "0123456789"
_ULID_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_KSUID_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_KSUID_MAX = (1 << 160) - 1
_ISO = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z")
# What a shorter ISO format is completed with before it is read, and per characters
# kept, what a finer value has.
_ISO_FULL = "0000-00-00T00:00:00.000Z"
_ISO_FINER = {
    10: "it has a time of day, but the field keeps dates only (precision date)",
    16: "it has seconds, but the field keeps minutes (precision minute)",
    19: "it has fractions of a second, but the field keeps whole seconds (precision second)",
}
_NUMBER = re.compile(r"([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?")
_EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)


def _capacity(digits: int) -> int:
    return 10**digits - 1


def _pad(v: int, width: int) -> str:
    return str(v).rjust(width, "0")


def _mirror(text: str, alphabet: str) -> str:
    out = []
    for c in text:
        i = alphabet.find(c)
        out.append(c if i < 0 else alphabet[len(alphabet) - 1 - i])
    return "".join(out)


def _whole(v: int, field: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        _fail("notANumber", f"{field}: {v!r} is not a whole number")
    return v


def _overflow(field: str, width: int, v: int) -> NoReturn:
    _fail("overflow", f"{field}: {v} has {len(str(abs(v)))} digits but the width is {width}")


def _uint(v: int, width: int, desc: bool, field: str) -> str:
    if v < 0:
        _fail("negative", f"{field}: {v} is negative, and the field is unsigned")
    cap = _capacity(width)
    if v > cap:
        _overflow(field, width, v)
    return _pad(cap - v if desc else v, width)


def _signed(m: int, digits: int, field: str, width: int) -> str:
    cap = _capacity(digits)
    if abs(m) > cap:
        _overflow(field, width, m)
    return "-" + _pad(cap - abs(m), digits) if m < 0 else "0" + _pad(m, digits)


def _int(v: int, width: int, desc: bool, field: str) -> str:
    return _signed(-v if desc else v, width, field, width)


def _scaled(text: str, scale: int, field: str) -> int:
    """A number's text as an integer of `scale` fraction digits, read as keylab reads it."""
    m = _NUMBER.fullmatch(text.strip())
    if not m or (m.group(2) == "" and (m.group(3) or "") == ""):
        _fail("notANumber", f"{field}: {text!r} is not a number")
    exp = int(m.group(4)) if m.group(4) is not None else 0
    if not -(2**31) <= exp < 2**31:
        _fail("notANumber", f"{field}: {text!r} is not a number")
    digits = m.group(2) + (m.group(3) or "")
    frac_len = len(m.group(3) or "") - exp
    while frac_len > scale and digits.endswith("0"):
        digits = digits[:-1]
        frac_len -= 1
    if frac_len > scale:
        _fail("tooPrecise", f"{field}: {text} has more than {scale} fraction digits")
    shift = scale - frac_len
    trimmed = digits.lstrip("0")
    if len(trimmed) + shift > 38:
        _fail("overflow", f"{field}: {text} has more than 38 digits")
    v = int(trimmed) * 10**shift if trimmed else 0
    return -v if m.group(1) == "-" else v


def _with_point(digits: str, scale: int) -> str:
    return digits if scale == 0 else digits[: len(digits) - scale] + "." + digits[len(digits) - scale :]


def _decimal_in(v: Union[Decimal, str, int], field: str) -> str:
    if isinstance(v, bool) or not isinstance(v, (Decimal, str, int)):
        _fail("notANumber", f"{field}: {v!r} is not a decimal")
    return v if isinstance(v, str) else str(v)


def _decimal(text: str, width: int, scale: int, signed: bool, desc: bool, field: str) -> str:
    m = _scaled(text, scale, field)
    total = width + scale
    if desc and signed:
        m = -m
    if abs(m) > _capacity(total):
        _overflow(field, width, m // 10**scale)
    if signed:
        e = _signed(m, total, field, width)
        return e[0] + _with_point(e[1:], scale)
    if m < 0:
        _fail("negative", f"{field}: {text} is negative, and the field is unsigned")
    padded = _pad(m, total)
    return _with_point(_mirror(padded, _DIGITS) if desc else padded, scale)


def _decimal_text(m: int, scale: int) -> str:
    return ("-" if m < 0 else "") + _with_point(_pad(abs(m), scale + 1), scale)


def _plain_decimal(m: int, scale: int) -> str:
    t = _decimal_text(m, scale)
    return t if scale == 0 else t.rstrip("0").rstrip(".")


def _iso(t: datetime.datetime, desc: bool, field: str, keep: int, zone: str, offset: int) -> str:
    """The instant as the wall time `offset` minutes from UTC: `keep` characters of
    YYYY-MM-DDTHH:MM:SS.sss, then `zone`."""
    if not isinstance(t, datetime.datetime) or t.tzinfo is None or t.utcoffset() is None:
        _fail("badTimestamp", f"{field}: give a datetime with a time zone (such as datetime.timezone.utc)")
    try:
        u = t.astimezone(datetime.timezone.utc) + datetime.timedelta(minutes=offset)
    except OverflowError:
        _fail("badTimestamp", f"{field}: it lies outside the years 0000 to 9999")
    if u.microsecond % 1000:
        _fail("badTimestamp", f"{field}: it has digits below a millisecond, which keys cannot keep")
    text = f"{u.year:04d}-{u.month:02d}-{u.day:02d}T{u.hour:02d}:{u.minute:02d}:{u.second:02d}.{u.microsecond // 1000:03d}"
    finer = {10: text[11:], 16: text[17:], 19: text[20:]}.get(keep, "")
    if finer.strip("0:."):
        _fail("badTimestamp", f"{field}: {_ISO_FINER[keep]}")
    text = text[:keep] + zone
    return _mirror(text, _DIGITS) if desc else text


def _ulid(id: str, desc: bool, field: str) -> str:
    if not isinstance(id, str):
        _fail("badId", f"{field}: it is not text")
    s = id.strip()
    if len(s) != 26:
        _fail("badId", f"{field}: a ULID has 26 characters, not {len(s)}")
    out = []
    for i, c in enumerate(s):
        u = c.upper() if "a" <= c <= "z" else c
        d = _ULID_ALPHABET.find(u)
        if d < 0:
            _fail("badId", f"{field}: {c!r} at position {i + 1} is not Crockford base32")
        if i == 0 and d > 7:
            _fail("badId", f"{field}: it starts with {c!r}, which would need more than 128 bits")
        out.append(u)
    text = "".join(out)
    return _mirror(text, _ULID_ALPHABET) if desc else text


def _ksuid(id: str, desc: bool, field: str) -> str:
    if not isinstance(id, str):
        _fail("badId", f"{field}: it is not text")
    s = id.strip()
    if len(s) != 27:
        _fail("badId", f"{field}: a KSUID has 27 characters, not {len(s)}")
    v = 0
    for c in s:
        d = _KSUID_ALPHABET.find(c)
        if d < 0:
            _fail("badId", f"{field}: {c!r} is not base62")
        v = v * 62 + d
    if v > _KSUID_MAX:
        _fail("badId", f"{field}: it is larger than any KSUID")
    return _mirror(s, _KSUID_ALPHABET) if desc else s


def _text(value: str, case: str, max_length: Optional[int], sep: str, field: str) -> str:
    if not isinstance(value, str):
        _fail("notText", f"{field}: it is not text")
    if max_length is not None and len(value) > max_length:
        _fail("textTooLong", f"{field}: it has {len(value)} characters, and the field allows at most {max_length}")
    stored = value.upper() if case == "upper" else value.lower() if case == "lower" else value
    if stored == "":
        _fail("emptyValue", f"{field}: it is empty")
    if "\u0000" in stored or "\U0010ffff" in stored:
        _fail("reservedCharacter", f"{field}: it holds U+0000 or U+10FFFF, which keylab reserves")
    if sep and sep in stored:
        _fail("separatorInValue", f"{field}: it contains the separator {sep!r}")
    return stored


def _key(parts: List[str], sep: str, limit: int, what: str) -> str:
    k = sep.join(parts)
    if k == "":
        _fail("emptyKey", f"{what}: the key is empty")
    n = len(k.encode("utf-8"))
    if n > limit:
        _fail("keyTooLong", f"{what}: the key has {n} bytes, more than the {limit} DynamoDB allows")
    return k


class _Reader:
    """Reads a key part by part, refusing any key the encoder could not have written."""

    def __init__(self, key: str, sep: str, what: str) -> None:
        self.key, self.sep, self.what, self.at = key, sep, what, 0

    def mismatch(self, expected: str) -> NoReturn:
        _fail("keyMismatch", f"{self.what}: {self.key!r} does not fit the template at {self.at}: expected {expected}")

    def separator(self) -> None:
        if not self.key.startswith(self.sep, self.at):
            self.mismatch(f"the separator {self.sep!r}")
        self.at += len(self.sep)

    def literal(self, text: str) -> None:
        if not self.key.startswith(text, self.at):
            self.mismatch(f"the literal {text!r}")
        self.at += len(text)

    def fixed(self, n: int, field: str) -> str:
        s = self.key[self.at : self.at + n]
        if len(s) != n:
            self.mismatch(f"{n} characters for {field}")
        self.at += n
        return s

    def rest(self) -> str:
        end = self.key.find(self.sep, self.at) if self.sep else -1
        s = self.key[self.at : len(self.key) if end < 0 else end]
        self.at += len(s)
        return s

    def end(self) -> None:
        if self.at != len(self.key):
            self.mismatch("the end of the key")

    def check(self, value: Optional[T], expected: str) -> T:
        if value is None:
            self.mismatch(expected)
        return value


def _read_digits(s: str, width: int) -> Optional[int]:
    return int(s) if len(s) == width and all("0" <= c <= "9" for c in s) else None


def _read_uint(s: str, width: int, desc: bool) -> Optional[int]:
    v = _read_digits(s, width)
    return None if v is None else (_capacity(width) - v if desc else v)


def _read_signed(s: str, digits: int) -> Optional[int]:
    m = _read_digits(s[1:], digits)
    if m is None:
        return None
    if s[:1] == "0":
        return m
    if s[:1] == "-":
        a = _capacity(digits) - m
        return None if a == 0 else -a
    return None


def _read_int(s: str, width: int, desc: bool) -> Optional[int]:
    v = _read_signed(s, width)
    return None if v is None else (-v if desc else v)


def _read_decimal(s: str, width: int, scale: int, signed: bool, desc: bool) -> Optional[Decimal]:
    body = s[1:] if signed else s
    digits = body
    if scale > 0:
        if body[width : width + 1] != ".":
            return None
        digits = body[:width] + body[width + 1 :]
    total = width + scale
    if signed:
        m = _read_signed(s[:1] + digits, total)
        if m is not None and desc:
            m = -m
    else:
        m = _read_digits(_mirror(digits, _DIGITS) if desc else digits, total)
    return None if m is None else Decimal(_decimal_text(m, scale))


def _read_iso(s: str, desc: bool, keep: int, zone: str, offset: int) -> Optional[datetime.datetime]:
    asc = _mirror(s, _DIGITS) if desc else s
    if len(asc) != keep + len(zone) or not asc.endswith(zone):
        return None
    full = asc[:keep] + _ISO_FULL[keep:]
    if not _ISO.fullmatch(full):
        return None
    try:
        t = datetime.datetime(
            int(full[0:4]), int(full[5:7]), int(full[8:10]), int(full[11:13]), int(full[14:16]), int(full[17:19]),
            int(full[20:23]) * 1000, tzinfo=datetime.timezone.utc,
        ) - datetime.timedelta(minutes=offset)
    except (ValueError, OverflowError):
        return None
    try:
        return t if _iso(t, False, "", keep, zone, offset) == asc else None
    except KeylabError:
        return None


def _read_id(s: str, desc: bool, alphabet: str, parse: Callable[[str, bool, str], str]) -> Optional[str]:
    asc = _mirror(s, alphabet) if desc else s
    try:
        return asc if parse(asc, False, "") == asc else None
    except KeylabError:
        return None


def _read_text(s: str, case: str, max_length: Optional[int]) -> Optional[str]:
    if s == "" or (max_length is not None and len(s) > max_length):
        return None
    if case == "upper" and s.upper() != s:
        return None
    if case == "lower" and s.lower() != s:
        return None
    return s


def _read_plain(s: str) -> Optional[int]:
    t = s.strip()
    return int(t) if re.fullmatch(r"[+-]?\d+", t) else None


def _same(r: _Reader, first: object, again: object, field: str) -> None:
    if again is None or again != first:
        r.mismatch(f"field {field} to repeat its value")
