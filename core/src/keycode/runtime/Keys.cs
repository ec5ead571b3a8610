    /// <summary>Why a value or a key was refused; <c>Reason</c> is keylab's error kind (docs/schema.md).</summary>
    public sealed class KeyException : ArgumentException
    {
        public string Reason { get; }

        public KeyException(string reason, string message) : base(message)
        {
            Reason = reason;
        }
    }

    private static KeyException Fail(string reason, string message)
    {
        return new KeyException(reason, message);
    }

    private const string Digits = "0123456789";
    private const string UlidAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    private const string KsuidAlphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static readonly BigInteger KsuidMax = BigInteger.Pow(2, 160) - 1;
    private const long IsoMinMs = -62167219200000L;
    private const long IsoMaxMs = 253402300799999L;
    private const string IsoFormat = "yyyy'-'MM'-'dd'T'HH':'mm':'ss'.'fff'Z'";
    private static readonly Regex IsoPattern = new Regex("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$");
    private static readonly Regex NumberPattern = new Regex("^([+-]?)([0-9]*)(?:\\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?$");
    private static readonly Regex PlainPattern = new Regex("^[+-]?[0-9]+$");

    private static BigInteger Capacity(int digits)
    {
        return BigInteger.Pow(10, digits) - 1;
    }

    private static string Pad(BigInteger v, int width)
    {
        string s = v.ToString(CultureInfo.InvariantCulture);
        return s.Length >= width ? s : new string('0', width - s.Length) + s;
    }

    private static string Mirror(string text, string alphabet)
    {
        var b = new StringBuilder(text.Length);
        foreach (char c in text)
        {
            int i = alphabet.IndexOf(c);
            b.Append(i < 0 ? c : alphabet[alphabet.Length - 1 - i]);
        }
        return b.ToString();
    }

    private static int Chars(string s)
    {
        int n = 0;
        foreach (char c in s)
        {
            if (!char.IsLowSurrogate(c)) n++;
        }
        return n;
    }

    private static KeyException Overflow(string field, int width, BigInteger v)
    {
        return Fail("overflow", field + ": " + v + " has " + BigInteger.Abs(v).ToString(CultureInfo.InvariantCulture).Length + " digits but the width is " + width);
    }

    private static string Uint(BigInteger v, int width, bool desc, string field)
    {
        if (v.Sign < 0) throw Fail("negative", field + ": " + v + " is negative, and the field is unsigned");
        BigInteger cap = Capacity(width);
        if (v > cap) throw Overflow(field, width, v);
        return Pad(desc ? cap - v : v, width);
    }

    private static string Signed(BigInteger m, int digits, string field, int width)
    {
        BigInteger cap = Capacity(digits);
        if (BigInteger.Abs(m) > cap) throw Overflow(field, width, m);
        return m.Sign < 0 ? "-" + Pad(cap - BigInteger.Abs(m), digits) : "0" + Pad(m, digits);
    }

    private static string Integer(BigInteger v, int width, bool desc, string field)
    {
        return Signed(desc ? -v : v, width, field, width);
    }

    /// <summary>A number's text scaled to <c>scale</c> fraction digits, read as keylab reads it.</summary>
    private static BigInteger Scaled(string text, int scale, string field)
    {
        if (text == null) throw Fail("missingValue", field + ": it has no value");
        Match m = NumberPattern.Match(text.Trim());
        string frac = m.Success ? m.Groups[3].Value : "";
        if (!m.Success || (m.Groups[2].Value.Length == 0 && frac.Length == 0))
        {
            throw Fail("notANumber", field + ": \"" + text + "\" is not a number");
        }
        long exp = 0;
        if (m.Groups[4].Success && !long.TryParse(m.Groups[4].Value, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out exp)) exp = long.MaxValue;
        if (exp > int.MaxValue || exp < int.MinValue) throw Fail("notANumber", field + ": \"" + text + "\" is not a number");
        string digits = m.Groups[2].Value + frac;
        long fracLen = frac.Length - exp;
        while (fracLen > scale && digits.EndsWith("0", StringComparison.Ordinal))
        {
            digits = digits.Substring(0, digits.Length - 1);
            fracLen--;
        }
        if (fracLen > scale) throw Fail("tooPrecise", field + ": " + text + " has more than " + scale + " fraction digits");
        long shift = scale - fracLen;
        string trimmed = digits.TrimStart('0');
        if (trimmed.Length + shift > 38) throw Fail("overflow", field + ": " + text + " has more than 38 digits");
        BigInteger v = trimmed.Length == 0 ? BigInteger.Zero : BigInteger.Parse(trimmed, CultureInfo.InvariantCulture) * BigInteger.Pow(10, (int)shift);
        return m.Groups[1].Value == "-" ? -v : v;
    }

    private static string WithPoint(string digits, int scale)
    {
        return scale == 0 ? digits : digits.Substring(0, digits.Length - scale) + "." + digits.Substring(digits.Length - scale);
    }

    private static string Decimal(string text, int width, int scale, bool isSigned, bool desc, string field)
    {
        BigInteger m = Scaled(text, scale, field);
        int total = width + scale;
        if (desc && isSigned) m = -m;
        if (BigInteger.Abs(m) > Capacity(total)) throw Overflow(field, width, BigInteger.Divide(m, BigInteger.Pow(10, scale)));
        if (isSigned)
        {
            string e = Signed(m, total, field, width);
            return e.Substring(0, 1) + WithPoint(e.Substring(1), scale);
        }
        if (m.Sign < 0) throw Fail("negative", field + ": " + text + " is negative, and the field is unsigned");
        string padded = Pad(m, total);
        return WithPoint(desc ? Mirror(padded, Digits) : padded, scale);
    }

    private static string DecimalText(BigInteger m, int scale)
    {
        return (m.Sign < 0 ? "-" : "") + WithPoint(Pad(BigInteger.Abs(m), scale + 1), scale);
    }

    private static string PlainDecimal(BigInteger m, int scale)
    {
        string t = DecimalText(m, scale);
        return scale == 0 ? t : t.TrimEnd('0').TrimEnd('.');
    }

    // The instant as the wall time `offset` minutes from UTC: `keep` characters of
    // YYYY-MM-DDTHH:MM:SS.sss, then `zone`.
    private static string Iso(DateTimeOffset t, bool desc, string field, int keep, string zone, int offset)
    {
        if (t.UtcTicks % TimeSpan.TicksPerMillisecond != 0) throw Fail("badTimestamp", field + ": it has digits below a millisecond, which keys cannot keep");
        long wall = t.ToUnixTimeMilliseconds() + offset * 60000L;
        if (wall < IsoMinMs || wall > IsoMaxMs) throw Fail("badTimestamp", field + ": it lies outside the years 0000 to 9999");
        if (keep == 10 && wall % 86400000L != 0) throw Fail("badTimestamp", field + ": it has a time of day, but the field keeps dates only (precision date)");
        if (keep == 16 && wall % 60000L != 0) throw Fail("badTimestamp", field + ": it has seconds, but the field keeps minutes (precision minute)");
        if (keep == 19 && wall % 1000L != 0) throw Fail("badTimestamp", field + ": it has fractions of a second, but the field keeps whole seconds (precision second)");
        DateTimeOffset w;
        try
        {
            w = DateTimeOffset.FromUnixTimeMilliseconds(wall);
        }
        catch (ArgumentOutOfRangeException)
        {
            throw Fail("badTimestamp", field + ": it lies outside the years 0000 to 9999");
        }
        string text = w.UtcDateTime.ToString(IsoFormat, CultureInfo.InvariantCulture).Substring(0, keep) + zone;
        return desc ? Mirror(text, Digits) : text;
    }

    private static string Ulid(string id, bool desc, string field)
    {
        if (id == null) throw Fail("badId", field + ": it has no value");
        string s = id.Trim();
        if (Chars(s) != 26 || s.Length != 26) throw Fail("badId", field + ": a ULID has 26 characters, not " + Chars(s));
        var b = new StringBuilder(26);
        for (int i = 0; i < 26; i++)
        {
            char c = s[i];
            char u = c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
            int d = UlidAlphabet.IndexOf(u);
            if (d < 0) throw Fail("badId", field + ": '" + c + "' at position " + (i + 1) + " is not Crockford base32");
            if (i == 0 && d > 7) throw Fail("badId", field + ": it starts with '" + c + "', which would need more than 128 bits");
            b.Append(u);
        }
        return desc ? Mirror(b.ToString(), UlidAlphabet) : b.ToString();
    }

    private static string Ksuid(string id, bool desc, string field)
    {
        if (id == null) throw Fail("badId", field + ": it has no value");
        string s = id.Trim();
        if (Chars(s) != 27 || s.Length != 27) throw Fail("badId", field + ": a KSUID has 27 characters, not " + Chars(s));
        BigInteger v = BigInteger.Zero;
        foreach (char c in s)
        {
            int d = KsuidAlphabet.IndexOf(c);
            if (d < 0) throw Fail("badId", field + ": '" + c + "' is not base62");
            v = v * 62 + d;
        }
        if (v > KsuidMax) throw Fail("badId", field + ": it is larger than any KSUID");
        return desc ? Mirror(s, KsuidAlphabet) : s;
    }

    private static string Text(string value, string cased, int maxLength, string sep, string field)
    {
        if (value == null) throw Fail("missingValue", field + ": it has no value");
        if (maxLength >= 0 && Chars(value) > maxLength)
        {
            throw Fail("textTooLong", field + ": it has " + Chars(value) + " characters, and the field allows at most " + maxLength);
        }
        string stored = cased == "upper" ? value.ToUpperInvariant() : cased == "lower" ? value.ToLowerInvariant() : value;
        if (stored.Length == 0) throw Fail("emptyValue", field + ": it is empty");
        if (stored.IndexOf('\u0000') >= 0 || stored.Contains(char.ConvertFromUtf32(0x10FFFF)))
        {
            throw Fail("reservedCharacter", field + ": it holds U+0000 or U+10FFFF, which keylab reserves");
        }
        if (sep.Length > 0 && stored.Contains(sep)) throw Fail("separatorInValue", field + ": it contains the separator \"" + sep + "\"");
        return stored;
    }

    private static string Key(string[] parts, string sep, int limit, string what)
    {
        string k = string.Join(sep, parts);
        if (k.Length == 0) throw Fail("emptyKey", what + ": the key is empty");
        int bytes = Encoding.UTF8.GetByteCount(k);
        if (bytes > limit) throw Fail("keyTooLong", what + ": the key has " + bytes + " bytes, more than the " + limit + " DynamoDB allows");
        return k;
    }

    /// <summary>Reads a key part by part, refusing any key the encoder could not have written.</summary>
    private sealed class Reader
    {
        private readonly string key;
        private readonly string sep;
        private readonly string what;
        private int at;

        public Reader(string key, string sep, string what)
        {
            this.key = key;
            this.sep = sep;
            this.what = what;
        }

        public KeyException Mismatch(string expected)
        {
            return Fail("keyMismatch", what + ": \"" + key + "\" does not fit the template at " + at + ": expected " + expected);
        }

        public void Separator()
        {
            if (at + sep.Length > key.Length || string.CompareOrdinal(key, at, sep, 0, sep.Length) != 0) throw Mismatch("the separator \"" + sep + "\"");
            at += sep.Length;
        }

        public void Literal(string l)
        {
            if (at + l.Length > key.Length || string.CompareOrdinal(key, at, l, 0, l.Length) != 0) throw Mismatch("the literal \"" + l + "\"");
            at += l.Length;
        }

        public string Fixed(int n, string field)
        {
            if (at + n > key.Length) throw Mismatch(n + " characters for " + field);
            string s = key.Substring(at, n);
            at += n;
            return s;
        }

        public string Rest()
        {
            int end = sep.Length == 0 ? -1 : key.IndexOf(sep, at, StringComparison.Ordinal);
            string s = key.Substring(at, (end < 0 ? key.Length : end) - at);
            at += s.Length;
            return s;
        }

        public void End()
        {
            if (at != key.Length) throw Mismatch("the end of the key");
        }

        public T Check<T>(T value, string expected) where T : class
        {
            if (value == null) throw Mismatch(expected);
            return value;
        }
    }

    private static BigInteger? ReadDigits(string s, int width)
    {
        if (s.Length != width) return null;
        foreach (char c in s)
        {
            if (c < '0' || c > '9') return null;
        }
        return BigInteger.Parse(s, CultureInfo.InvariantCulture);
    }

    private static object ReadUint(string s, int width, bool desc)
    {
        BigInteger? v = ReadDigits(s, width);
        if (v == null) return null;
        return desc ? Capacity(width) - v.Value : v.Value;
    }

    private static BigInteger? ReadSigned(string s, int digits)
    {
        if (s.Length == 0) return null;
        BigInteger? m = ReadDigits(s.Substring(1), digits);
        if (m == null) return null;
        if (s[0] == '0') return m;
        if (s[0] == '-')
        {
            BigInteger a = Capacity(digits) - m.Value;
            return a.IsZero ? (BigInteger?)null : -a;
        }
        return null;
    }

    private static object ReadInt(string s, int width, bool desc)
    {
        BigInteger? v = ReadSigned(s, width);
        if (v == null) return null;
        return desc ? -v.Value : v.Value;
    }

    private static string ReadDecimal(string s, int width, int scale, bool isSigned, bool desc)
    {
        if (isSigned && s.Length == 0) return null;
        string body = isSigned ? s.Substring(1) : s;
        string digits = body;
        if (scale > 0)
        {
            if (body.Length <= width || body[width] != '.') return null;
            digits = body.Substring(0, width) + body.Substring(width + 1);
        }
        int total = width + scale;
        BigInteger? m;
        if (isSigned)
        {
            m = ReadSigned(s.Substring(0, 1) + digits, total);
            if (m != null && desc) m = -m.Value;
        }
        else
        {
            m = ReadDigits(desc ? Mirror(digits, Digits) : digits, total);
        }
        return m == null ? null : DecimalText(m.Value, scale);
    }

    private static object ReadIso(string s, bool desc, int keep, string zone, int offset)
    {
        string asc = desc ? Mirror(s, Digits) : s;
        if (asc.Length != keep + zone.Length || !asc.EndsWith(zone, StringComparison.Ordinal)) return null;
        string full = asc.Substring(0, keep) + "0000-00-00T00:00:00.000Z".Substring(keep);
        if (!IsoPattern.IsMatch(full)) return null;
        DateTime t;
        if (!DateTime.TryParseExact(full, IsoFormat, CultureInfo.InvariantCulture, DateTimeStyles.AdjustToUniversal | DateTimeStyles.AssumeUniversal, out t)) return null;
        var o = new DateTimeOffset(DateTime.SpecifyKind(t, DateTimeKind.Utc));
        if (o.UtcDateTime.ToString(IsoFormat, CultureInfo.InvariantCulture) != full) return null;
        try
        {
            return o.AddMinutes(-offset);
        }
        catch (ArgumentOutOfRangeException)
        {
            return null;
        }
    }

    private static string ReadUlid(string s, bool desc)
    {
        string asc = desc ? Mirror(s, UlidAlphabet) : s;
        try
        {
            return Ulid(asc, false, "") == asc ? asc : null;
        }
        catch (KeyException)
        {
            return null;
        }
    }

    private static string ReadKsuid(string s, bool desc)
    {
        string asc = desc ? Mirror(s, KsuidAlphabet) : s;
        try
        {
            return Ksuid(asc, false, "") == asc ? asc : null;
        }
        catch (KeyException)
        {
            return null;
        }
    }

    private static string ReadText(string s, string cased, int maxLength)
    {
        if (s.Length == 0 || (maxLength >= 0 && Chars(s) > maxLength)) return null;
        if (cased == "upper" && s.ToUpperInvariant() != s) return null;
        if (cased == "lower" && s.ToLowerInvariant() != s) return null;
        return s;
    }

    private static object ReadPlain(string s)
    {
        string t = s.Trim();
        if (!PlainPattern.IsMatch(t)) return null;
        return BigInteger.Parse(t.TrimStart('+'), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);
    }

    private static void Same(Reader r, object first, object again, string field)
    {
        if (again == null || !again.Equals(first)) throw r.Mismatch("field " + field + " to repeat its value");
    }
