  /** Why a value or a key was refused; {@code reason} is keylab's error kind (docs/schema.md). */
  public static final class KeyException extends IllegalArgumentException {
    public final String reason;

    KeyException(String reason, String message) {
      super(message);
      this.reason = reason;
    }
  }

  private static KeyException fail(String reason, String message) {
    return new KeyException(reason, message);
  }

  private static final String DIGITS = "0123456789";
  private static final String ULID_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  private static final String KSUID_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  private static final BigInteger KSUID_MAX = BigInteger.ONE.shiftLeft(160).subtract(BigInteger.ONE);
  private static final long ISO_MIN_MS = -62167219200000L;
  private static final long ISO_MAX_MS = 253402300799999L;
  private static final Pattern ISO = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z");
  private static final Pattern NUMBER = Pattern.compile("([+-]?)(\\d*)(?:\\.(\\d*))?(?:[eE]([+-]?\\d+))?");
  private static final Pattern PLAIN = Pattern.compile("[+-]?\\d+");
  private static final DateTimeFormatter ISO_FORMAT =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC).withResolverStyle(ResolverStyle.STRICT);

  private static BigInteger capacity(int digits) {
    return BigInteger.TEN.pow(digits).subtract(BigInteger.ONE);
  }

  private static String pad(BigInteger v, int width) {
    String s = v.toString();
    return s.length() >= width ? s : "0".repeat(width - s.length()) + s;
  }

  private static String mirror(String text, String alphabet) {
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      int at = alphabet.indexOf(c);
      out.append(at < 0 ? c : alphabet.charAt(alphabet.length() - 1 - at));
    }
    return out.toString();
  }

  private static int chars(String s) {
    return s.codePointCount(0, s.length());
  }

  private static BigInteger whole(BigInteger v, String field) {
    if (v == null) throw fail("missingValue", field + ": it has no value");
    return v;
  }

  private static KeyException overflow(String field, int width, BigInteger v) {
    return fail("overflow", field + ": " + v + " has " + v.abs().toString().length() + " digits but the width is " + width);
  }

  private static String uint(BigInteger v, int width, boolean desc, String field) {
    if (v.signum() < 0) throw fail("negative", field + ": " + v + " is negative, and the field is unsigned");
    BigInteger cap = capacity(width);
    if (v.compareTo(cap) > 0) throw overflow(field, width, v);
    return pad(desc ? cap.subtract(v) : v, width);
  }

  private static String signed(BigInteger m, int digits, String field, int width) {
    BigInteger cap = capacity(digits);
    if (m.abs().compareTo(cap) > 0) throw overflow(field, width, m);
    return m.signum() < 0 ? "-" + pad(cap.subtract(m.abs()), digits) : "0" + pad(m, digits);
  }

  private static String integer(BigInteger v, int width, boolean desc, String field) {
    return signed(desc ? v.negate() : v, width, field, width);
  }

  /** A number's text scaled to {@code scale} fraction digits, read as keylab reads it. */
  private static BigInteger scaled(String text, int scale, String field) {
    Matcher m = NUMBER.matcher(text.strip());
    if (!m.matches()) throw fail("notANumber", field + ": \"" + text + "\" is not a number");
    String frac = m.group(3) == null ? "" : m.group(3);
    if (m.group(2).isEmpty() && frac.isEmpty()) throw fail("notANumber", field + ": \"" + text + "\" is not a number");
    long exp = 0;
    if (m.group(4) != null) {
      try {
        exp = Integer.parseInt(m.group(4));
      } catch (NumberFormatException e) {
        throw fail("notANumber", field + ": \"" + text + "\" is not a number");
      }
    }
    String digits = m.group(2) + frac;
    long fracLen = frac.length() - exp;
    while (fracLen > scale && digits.endsWith("0")) {
      digits = digits.substring(0, digits.length() - 1);
      fracLen--;
    }
    if (fracLen > scale) throw fail("tooPrecise", field + ": " + text + " has more than " + scale + " fraction digits");
    long shift = scale - fracLen;
    String trimmed = digits.replaceFirst("^0+", "");
    if (trimmed.length() + shift > 38) throw fail("overflow", field + ": " + text + " has more than 38 digits");
    BigInteger v = trimmed.isEmpty() ? BigInteger.ZERO : new BigInteger(trimmed).multiply(BigInteger.TEN.pow((int) shift));
    return "-".equals(m.group(1)) ? v.negate() : v;
  }

  private static String withPoint(String digits, int scale) {
    return scale == 0 ? digits : digits.substring(0, digits.length() - scale) + "." + digits.substring(digits.length() - scale);
  }

  private static String decimalIn(BigDecimal v, String field) {
    if (v == null) throw fail("missingValue", field + ": it has no value");
    return v.toPlainString();
  }

  private static String decimal(String text, int width, int scale, boolean isSigned, boolean desc, String field) {
    BigInteger m = scaled(text, scale, field);
    int total = width + scale;
    if (desc && isSigned) m = m.negate();
    if (m.abs().compareTo(capacity(total)) > 0) throw overflow(field, width, m.divide(BigInteger.TEN.pow(scale)));
    if (isSigned) {
      String e = signed(m, total, field, width);
      return e.charAt(0) + withPoint(e.substring(1), scale);
    }
    if (m.signum() < 0) throw fail("negative", field + ": " + text + " is negative, and the field is unsigned");
    String padded = pad(m, total);
    return withPoint(desc ? mirror(padded, DIGITS) : padded, scale);
  }

  private static String decimalText(BigInteger m, int scale) {
    return (m.signum() < 0 ? "-" : "") + withPoint(pad(m.abs(), scale + 1), scale);
  }

  private static String plainDecimal(BigInteger m, int scale) {
    String t = decimalText(m, scale);
    return scale == 0 ? t : t.replaceFirst("0+$", "").replaceFirst("\\.$", "");
  }

  /** The instant as the wall time {@code offset} minutes from UTC: {@code keep} characters of YYYY-MM-DDTHH:MM:SS.sss, then {@code zone}. */
  private static String iso(Instant t, boolean desc, String field, int keep, String zone, int offset) {
    if (t == null) throw fail("missingValue", field + ": it has no value");
    if (t.getNano() % 1_000_000 != 0) throw fail("badTimestamp", field + ": it has digits below a millisecond, which keys cannot keep");
    long wall;
    try {
      wall = Math.addExact(t.toEpochMilli(), offset * 60_000L);
    } catch (ArithmeticException e) {
      throw fail("badTimestamp", field + ": it lies outside the years 0000 to 9999");
    }
    if (wall < ISO_MIN_MS || wall > ISO_MAX_MS) throw fail("badTimestamp", field + ": it lies outside the years 0000 to 9999");
    if (keep == 10 && wall % 86_400_000L != 0) throw fail("badTimestamp", field + ": it has a time of day, but the field keeps dates only (precision date)");
    if (keep == 16 && wall % 60_000L != 0) throw fail("badTimestamp", field + ": it has seconds, but the field keeps minutes (precision minute)");
    if (keep == 19 && wall % 1_000L != 0) throw fail("badTimestamp", field + ": it has fractions of a second, but the field keeps whole seconds (precision second)");
    String text = ISO_FORMAT.format(Instant.ofEpochMilli(wall)).substring(0, keep) + zone;
    return desc ? mirror(text, DIGITS) : text;
  }

  private static String ulid(String id, boolean desc, String field) {
    if (id == null) throw fail("badId", field + ": it has no value");
    String s = id.strip();
    if (chars(s) != 26) throw fail("badId", field + ": a ULID has 26 characters, not " + chars(s));
    StringBuilder out = new StringBuilder(26);
    for (int i = 0; i < 26; i++) {
      char c = s.charAt(i);
      char u = c >= 'a' && c <= 'z' ? (char) (c - 'a' + 'A') : c;
      int d = ULID_ALPHABET.indexOf(u);
      if (d < 0) throw fail("badId", field + ": '" + c + "' at position " + (i + 1) + " is not Crockford base32");
      if (i == 0 && d > 7) throw fail("badId", field + ": it starts with '" + c + "', which would need more than 128 bits");
      out.append(u);
    }
    return desc ? mirror(out.toString(), ULID_ALPHABET) : out.toString();
  }

  private static String ksuid(String id, boolean desc, String field) {
    if (id == null) throw fail("badId", field + ": it has no value");
    String s = id.strip();
    if (chars(s) != 27 || s.length() != 27) throw fail("badId", field + ": a KSUID has 27 characters, not " + chars(s));
    BigInteger v = BigInteger.ZERO;
    for (int i = 0; i < 27; i++) {
      int d = KSUID_ALPHABET.indexOf(s.charAt(i));
      if (d < 0) throw fail("badId", field + ": '" + s.charAt(i) + "' is not base62");
      v = v.multiply(BigInteger.valueOf(62)).add(BigInteger.valueOf(d));
    }
    if (v.compareTo(KSUID_MAX) > 0) throw fail("badId", field + ": it is larger than any KSUID");
    return desc ? mirror(s, KSUID_ALPHABET) : s;
  }

  private static String text(String value, String cased, int maxLength, String sep, String field) {
    if (value == null) throw fail("missingValue", field + ": it has no value");
    if (maxLength >= 0 && chars(value) > maxLength) {
      throw fail("textTooLong", field + ": it has " + chars(value) + " characters, and the field allows at most " + maxLength);
    }
    String stored = cased.equals("upper") ? value.toUpperCase(Locale.ROOT) : cased.equals("lower") ? value.toLowerCase(Locale.ROOT) : value;
    if (stored.isEmpty()) throw fail("emptyValue", field + ": it is empty");
    if (stored.indexOf('\u0000') >= 0 || stored.contains(new String(Character.toChars(0x10FFFF)))) {
      throw fail("reservedCharacter", field + ": it holds U+0000 or U+10FFFF, which keylab reserves");
    }
    if (!sep.isEmpty() && stored.contains(sep)) throw fail("separatorInValue", field + ": it contains the separator \"" + sep + "\"");
    return stored;
  }

  private static String key(List<String> parts, String sep, int limit, String what) {
    String k = String.join(sep, parts);
    if (k.isEmpty()) throw fail("emptyKey", what + ": the key is empty");
    int bytes = k.getBytes(StandardCharsets.UTF_8).length;
    if (bytes > limit) throw fail("keyTooLong", what + ": the key has " + bytes + " bytes, more than the " + limit + " DynamoDB allows");
    return k;
  }

  /** Reads a key part by part, refusing any key the encoder could not have written. */
  private static final class Reader {
    private final String key;
    private final String sep;
    private final String what;
    private int at;

    Reader(String key, String sep, String what) {
      this.key = key;
      this.sep = sep;
      this.what = what;
    }

    KeyException mismatch(String expected) {
      return fail("keyMismatch", what + ": \"" + key + "\" does not fit the template at " + at + ": expected " + expected);
    }

    void separator() {
      if (!key.startsWith(sep, at)) throw mismatch("the separator \"" + sep + "\"");
      at += sep.length();
    }

    void literal(String l) {
      if (!key.startsWith(l, at)) throw mismatch("the literal \"" + l + "\"");
      at += l.length();
    }

    String fixed(int n, String field) {
      if (at + n > key.length()) throw mismatch(n + " characters for " + field);
      String s = key.substring(at, at + n);
      at += n;
      return s;
    }

    String rest() {
      int end = sep.isEmpty() ? -1 : key.indexOf(sep, at);
      String s = key.substring(at, end < 0 ? key.length() : end);
      at += s.length();
      return s;
    }

    void end() {
      if (at != key.length()) throw mismatch("the end of the key");
    }

    <T> T check(T value, String expected) {
      if (value == null) throw mismatch(expected);
      return value;
    }
  }

  private static BigInteger readDigits(String s, int width) {
    if (s.length() != width) return null;
    for (int i = 0; i < s.length(); i++) if (s.charAt(i) < '0' || s.charAt(i) > '9') return null;
    return new BigInteger(s);
  }

  private static BigInteger readUint(String s, int width, boolean desc) {
    BigInteger v = readDigits(s, width);
    return v == null ? null : desc ? capacity(width).subtract(v) : v;
  }

  private static BigInteger readSigned(String s, int digits) {
    if (s.isEmpty()) return null;
    BigInteger m = readDigits(s.substring(1), digits);
    if (m == null) return null;
    if (s.charAt(0) == '0') return m;
    if (s.charAt(0) == '-') {
      BigInteger a = capacity(digits).subtract(m);
      return a.signum() == 0 ? null : a.negate();
    }
    return null;
  }

  private static BigInteger readInt(String s, int width, boolean desc) {
    BigInteger v = readSigned(s, width);
    return v == null ? null : desc ? v.negate() : v;
  }

  private static BigDecimal readDecimal(String s, int width, int scale, boolean isSigned, boolean desc) {
    if (isSigned && s.isEmpty()) return null;
    String body = isSigned ? s.substring(1) : s;
    String digits = body;
    if (scale > 0) {
      if (body.length() <= width || body.charAt(width) != '.') return null;
      digits = body.substring(0, width) + body.substring(width + 1);
    }
    int total = width + scale;
    BigInteger m;
    if (isSigned) {
      m = readSigned(s.charAt(0) + digits, total);
      if (m != null && desc) m = m.negate();
    } else {
      m = readDigits(desc ? mirror(digits, DIGITS) : digits, total);
    }
    return m == null ? null : new BigDecimal(m, scale);
  }

  private static Instant readIso(String s, boolean desc, int keep, String zone, int offset) {
    String asc = desc ? mirror(s, DIGITS) : s;
    if (asc.length() != keep + zone.length() || !asc.endsWith(zone)) return null;
    String full = asc.substring(0, keep) + "0000-00-00T00:00:00.000Z".substring(keep);
    if (!ISO.matcher(full).matches()) return null;
    try {
      Instant t = ISO_FORMAT.parse(full, Instant::from);
      return ISO_FORMAT.format(t).equals(full) ? t.minusSeconds(offset * 60L) : null;
    } catch (DateTimeException e) {
      return null;
    }
  }

  private static String readUlid(String s, boolean desc) {
    String asc = desc ? mirror(s, ULID_ALPHABET) : s;
    try {
      return ulid(asc, false, "").equals(asc) ? asc : null;
    } catch (KeyException e) {
      return null;
    }
  }

  private static String readKsuid(String s, boolean desc) {
    String asc = desc ? mirror(s, KSUID_ALPHABET) : s;
    try {
      return ksuid(asc, false, "").equals(asc) ? asc : null;
    } catch (KeyException e) {
      return null;
    }
  }

  private static String readText(String s, String cased, int maxLength) {
    if (s.isEmpty() || (maxLength >= 0 && chars(s) > maxLength)) return null;
    if (cased.equals("upper") && !s.toUpperCase(Locale.ROOT).equals(s)) return null;
    if (cased.equals("lower") && !s.toLowerCase(Locale.ROOT).equals(s)) return null;
    return s;
  }

  private static BigInteger readPlain(String s) {
    String t = s.strip();
    return PLAIN.matcher(t).matches() ? new BigInteger(t.startsWith("+") ? t.substring(1) : t) : null;
  }

  private static void same(Reader r, Object first, Object again, String field) {
    if (again == null || !again.equals(first)) throw r.mismatch("field " + field + " to repeat its value");
  }
