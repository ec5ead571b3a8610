// KeyError says why a value or a key was refused; Reason is keylab's error kind
// (docs/schema.md).
type KeyError struct {
	Reason  string
	Message string
}

func (e *KeyError) Error() string { return e.Message }

func fail(reason, format string, args ...any) {
	panic(&KeyError{Reason: reason, Message: fmt.Sprintf(format, args...)})
}

// catch turns a refusal raised inside the helpers into the function's error.
func catch(err *error) {
	if r := recover(); r != nil {
		if k, ok := r.(*KeyError); ok {
			*err = k
			return
		}
		panic(r)
	}
}

const (
	digitsAlphabet = "0123456789"
	ulidAlphabet   = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
	ksuidAlphabet  = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	isoMinMs       = int64(-62167219200000)
	isoMaxMs       = int64(253402300799999)
)

var (
	isoPattern    = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$`)
	numberPattern = regexp.MustCompile(`^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$`)
	plainPattern  = regexp.MustCompile(`^[+-]?\d+$`)
	ksuidMax      = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 160), big.NewInt(1))
)

func capacity(digits int) *big.Int {
	c := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(digits)), nil)
	return c.Sub(c, big.NewInt(1))
}

func pad(v *big.Int, width int) string {
	s := v.String()
	if len(s) < width {
		s = strings.Repeat("0", width-len(s)) + s
	}
	return s
}

func mirror(text, alphabet string) string {
	var b strings.Builder
	for _, c := range text {
		i := strings.IndexRune(alphabet, c)
		if i < 0 {
			b.WriteRune(c)
		} else {
			b.WriteByte(alphabet[len(alphabet)-1-i])
		}
	}
	return b.String()
}

func overflow(field string, width int, v *big.Int) {
	fail("overflow", "%s: %s has %d digits but the width is %d", field, v, len(new(big.Int).Abs(v).String()), width)
}

func encUint(v *big.Int, width int, desc bool, field string) string {
	if v.Sign() < 0 {
		fail("negative", "%s: %s is negative, and the field is unsigned", field, v)
	}
	c := capacity(width)
	if v.Cmp(c) > 0 {
		overflow(field, width, v)
	}
	if desc {
		return pad(new(big.Int).Sub(c, v), width)
	}
	return pad(v, width)
}

func encSigned(m *big.Int, digits int, field string, width int) string {
	c := capacity(digits)
	abs := new(big.Int).Abs(m)
	if abs.Cmp(c) > 0 {
		overflow(field, width, m)
	}
	if m.Sign() < 0 {
		return "-" + pad(new(big.Int).Sub(c, abs), digits)
	}
	return "0" + pad(abs, digits)
}

func encInt(v *big.Int, width int, desc bool, field string) string {
	if desc {
		return encSigned(new(big.Int).Neg(v), width, field, width)
	}
	return encSigned(v, width, field, width)
}

// scaled reads a number's text as keylab does: an optional sign, digits with an
// optional point, an optional exponent; zeros past the scale are dropped, other digits
// past it refused.
func scaled(text string, scale int, field string) *big.Int {
	m := numberPattern.FindStringSubmatch(strings.TrimSpace(text))
	if m == nil || (m[2] == "" && m[3] == "") {
		fail("notANumber", "%s: %q is not a number", field, text)
	}
	exp := int64(0)
	if m[4] != "" {
		e, err := strconv.ParseInt(m[4], 10, 32)
		if err != nil {
			fail("notANumber", "%s: %q is not a number", field, text)
		}
		exp = e
	}
	digits := m[2] + m[3]
	fracLen := int64(len(m[3])) - exp
	for fracLen > int64(scale) && strings.HasSuffix(digits, "0") {
		digits = digits[:len(digits)-1]
		fracLen--
	}
	if fracLen > int64(scale) {
		fail("tooPrecise", "%s: %s has more than %d fraction digits", field, text, scale)
	}
	shift := int64(scale) - fracLen
	trimmed := strings.TrimLeft(digits, "0")
	if int64(len(trimmed))+shift > 38 {
		fail("overflow", "%s: %s has more than 38 digits", field, text)
	}
	v := new(big.Int)
	if trimmed != "" {
		v.SetString(trimmed, 10)
		v.Mul(v, new(big.Int).Exp(big.NewInt(10), big.NewInt(shift), nil))
	}
	if m[1] == "-" {
		v.Neg(v)
	}
	return v
}

func withPoint(digits string, scale int) string {
	if scale == 0 {
		return digits
	}
	return digits[:len(digits)-scale] + "." + digits[len(digits)-scale:]
}

func encDecimal(text string, width, scale int, signed, desc bool, field string) string {
	m := scaled(text, scale, field)
	total := width + scale
	if desc && signed {
		m.Neg(m)
	}
	if new(big.Int).Abs(m).Cmp(capacity(total)) > 0 {
		overflow(field, width, new(big.Int).Quo(m, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(scale)), nil)))
	}
	if signed {
		e := encSigned(m, total, field, width)
		return e[:1] + withPoint(e[1:], scale)
	}
	if m.Sign() < 0 {
		fail("negative", "%s: %s is negative, and the field is unsigned", field, text)
	}
	padded := pad(m, total)
	if desc {
		padded = mirror(padded, digitsAlphabet)
	}
	return withPoint(padded, scale)
}

func decimalText(m *big.Int, scale int) string {
	sign := ""
	if m.Sign() < 0 {
		sign = "-"
	}
	return sign + withPoint(pad(new(big.Int).Abs(m), scale+1), scale)
}

func plainDecimal(m *big.Int, scale int) string {
	t := decimalText(m, scale)
	if scale == 0 {
		return t
	}
	return strings.TrimSuffix(strings.TrimRight(t, "0"), ".")
}

// isoSteps gives, per characters of an ISO format kept, the milliseconds of one step
// and what a finer value has.
var isoSteps = map[int]struct {
	ms    int64
	finer string
}{
	10: {86400000, "it has a time of day, but the field keeps dates only (precision date)"},
	16: {60000, "it has seconds, but the field keeps minutes (precision minute)"},
	19: {1000, "it has fractions of a second, but the field keeps whole seconds (precision second)"},
	23: {1, ""},
}

// encIso writes the instant as the wall time offset minutes from UTC: keep characters
// of YYYY-MM-DDTHH:MM:SS.sss, then zone.
func encIso(t time.Time, desc bool, field string, keep int, zone string, offset int) string {
	if t.Nanosecond()%1000000 != 0 {
		fail("badTimestamp", "%s: it has digits below a millisecond, which keys cannot keep", field)
	}
	wall := t.UnixMilli() + int64(offset)*60000
	if wall < isoMinMs || wall > isoMaxMs {
		fail("badTimestamp", "%s: it lies outside the years 0000 to 9999", field)
	}
	if step := isoSteps[keep]; wall%step.ms != 0 {
		fail("badTimestamp", "%s: %s", field, step.finer)
	}
	text := time.UnixMilli(wall).UTC().Format("2006-01-02T15:04:05.000")[:keep] + zone
	if desc {
		return mirror(text, digitsAlphabet)
	}
	return text
}

func encUlid(id string, desc bool, field string) string {
	s := strings.TrimSpace(id)
	if n := utf8.RuneCountInString(s); n != 26 {
		fail("badId", "%s: a ULID has 26 characters, not %d", field, n)
	}
	var b strings.Builder
	i := 0
	for _, c := range s {
		u := c
		if c >= 'a' && c <= 'z' {
			u = c - 'a' + 'A'
		}
		d := strings.IndexRune(ulidAlphabet, u)
		if d < 0 {
			fail("badId", "%s: %q at position %d is not Crockford base32", field, c, i+1)
		}
		if i == 0 && d > 7 {
			fail("badId", "%s: it starts with %q, which would need more than 128 bits", field, c)
		}
		b.WriteRune(u)
		i++
	}
	if desc {
		return mirror(b.String(), ulidAlphabet)
	}
	return b.String()
}

func encKsuid(id string, desc bool, field string) string {
	s := strings.TrimSpace(id)
	if n := utf8.RuneCountInString(s); n != 27 {
		fail("badId", "%s: a KSUID has 27 characters, not %d", field, n)
	}
	v := new(big.Int)
	for _, c := range s {
		d := strings.IndexRune(ksuidAlphabet, c)
		if d < 0 {
			fail("badId", "%s: %q is not base62", field, c)
		}
		v.Mul(v, big.NewInt(62))
		v.Add(v, big.NewInt(int64(d)))
	}
	if v.Cmp(ksuidMax) > 0 {
		fail("badId", "%s: it is larger than any KSUID", field)
	}
	if desc {
		return mirror(s, ksuidAlphabet)
	}
	return s
}

func encText(value, cased string, maxLength int, sep, field string) string {
	if n := utf8.RuneCountInString(value); maxLength >= 0 && n > maxLength {
		fail("textTooLong", "%s: it has %d characters, and the field allows at most %d", field, n, maxLength)
	}
	stored := value
	switch cased {
	case "upper":
		stored = strings.ToUpper(value)
	case "lower":
		stored = strings.ToLower(value)
	}
	if stored == "" {
		fail("emptyValue", "%s: it is empty", field)
	}
	if strings.ContainsRune(stored, 0) || strings.ContainsRune(stored, 0x10FFFF) {
		fail("reservedCharacter", "%s: it holds U+0000 or U+10FFFF, which keylab reserves", field)
	}
	if sep != "" && strings.Contains(stored, sep) {
		fail("separatorInValue", "%s: it contains the separator %q", field, sep)
	}
	return stored
}

func joinKey(parts []string, sep string, limit int, what string) string {
	k := strings.Join(parts, sep)
	if k == "" {
		fail("emptyKey", "%s: the key is empty", what)
	}
	if len(k) > limit {
		fail("keyTooLong", "%s: the key has %d bytes, more than the %d DynamoDB allows", what, len(k), limit)
	}
	return k
}

// reader reads a key part by part, refusing any key the encoder could not have written.
type reader struct {
	key, sep, what string
	at             int
}

func (r *reader) mismatch(expected string) {
	fail("keyMismatch", "%s: %q does not fit the template at byte %d: expected %s", r.what, r.key, r.at, expected)
}

func (r *reader) separator() {
	if !strings.HasPrefix(r.key[r.at:], r.sep) {
		r.mismatch(fmt.Sprintf("the separator %q", r.sep))
	}
	r.at += len(r.sep)
}

func (r *reader) literal(l string) {
	if !strings.HasPrefix(r.key[r.at:], l) {
		r.mismatch(fmt.Sprintf("the literal %q", l))
	}
	r.at += len(l)
}

func (r *reader) fixed(n int, field string) string {
	if r.at+n > len(r.key) || !utf8.ValidString(r.key[r.at:r.at+n]) {
		r.mismatch(fmt.Sprintf("%d bytes for %s", n, field))
	}
	s := r.key[r.at : r.at+n]
	r.at += n
	return s
}

func (r *reader) rest() string {
	end := len(r.key)
	if r.sep != "" {
		if i := strings.Index(r.key[r.at:], r.sep); i >= 0 {
			end = r.at + i
		}
	}
	s := r.key[r.at:end]
	r.at = end
	return s
}

func (r *reader) end() {
	if r.at != len(r.key) {
		r.mismatch("the end of the key")
	}
}

func (r *reader) check(ok bool, expected string) {
	if !ok {
		r.mismatch(expected)
	}
}

func readDigits(s string, width int) (*big.Int, bool) {
	if len(s) != width {
		return nil, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return nil, false
		}
	}
	v, ok := new(big.Int).SetString(s, 10)
	return v, ok
}

func readUint(s string, width int, desc bool) (*big.Int, bool) {
	v, ok := readDigits(s, width)
	if ok && desc {
		v = new(big.Int).Sub(capacity(width), v)
	}
	return v, ok
}

func readSigned(s string, digits int) (*big.Int, bool) {
	if s == "" {
		return nil, false
	}
	m, ok := readDigits(s[1:], digits)
	if !ok {
		return nil, false
	}
	switch s[0] {
	case '0':
		return m, true
	case '-':
		a := new(big.Int).Sub(capacity(digits), m)
		if a.Sign() == 0 {
			return nil, false
		}
		return a.Neg(a), true
	}
	return nil, false
}

func readInt(s string, width int, desc bool) (*big.Int, bool) {
	v, ok := readSigned(s, width)
	if ok && desc {
		v.Neg(v)
	}
	return v, ok
}

func readDecimal(s string, width, scale int, signed, desc bool) (string, bool) {
	body := s
	if signed {
		if s == "" {
			return "", false
		}
		body = s[1:]
	}
	digits := body
	if scale > 0 {
		if len(body) <= width || body[width] != '.' {
			return "", false
		}
		digits = body[:width] + body[width+1:]
	}
	total := width + scale
	var m *big.Int
	var ok bool
	if signed {
		m, ok = readSigned(s[:1]+digits, total)
		if ok && desc {
			m.Neg(m)
		}
	} else {
		if desc {
			digits = mirror(digits, digitsAlphabet)
		}
		m, ok = readDigits(digits, total)
	}
	if !ok {
		return "", false
	}
	return decimalText(m, scale), true
}

func readIso(s string, desc bool, keep int, zone string, offset int) (time.Time, bool) {
	asc := s
	if desc {
		asc = mirror(s, digitsAlphabet)
	}
	if len(asc) != keep+len(zone) || !strings.HasSuffix(asc, zone) {
		return time.Time{}, false
	}
	full := asc[:keep] + "0000-00-00T00:00:00.000Z"[keep:]
	if !isoPattern.MatchString(full) {
		return time.Time{}, false
	}
	t, err := time.Parse("2006-01-02T15:04:05.000Z", full)
	if err != nil || t.UTC().Format("2006-01-02T15:04:05.000Z") != full {
		return time.Time{}, false
	}
	return t.Add(-time.Duration(offset) * time.Minute).UTC(), true
}

func readID(s string, desc bool, alphabet string, parse func(string, bool, string) string) (id string, ok bool) {
	asc := s
	if desc {
		asc = mirror(s, alphabet)
	}
	defer func() {
		if recover() != nil {
			id, ok = "", false
		}
	}()
	return asc, parse(asc, false, "") == asc
}

func readText(s, cased string, maxLength int) (string, bool) {
	if s == "" || (maxLength >= 0 && utf8.RuneCountInString(s) > maxLength) {
		return "", false
	}
	if (cased == "upper" && strings.ToUpper(s) != s) || (cased == "lower" && strings.ToLower(s) != s) {
		return "", false
	}
	return s, true
}

func readPlain(s string) (*big.Int, bool) {
	t := strings.TrimSpace(s)
	if !plainPattern.MatchString(t) {
		return nil, false
	}
	return new(big.Int).SetString(strings.TrimPrefix(t, "+"), 10)
}

func big64(v int64) *big.Int { return big.NewInt(v) }

// small reads a decoded integer into an int64 field (its width keeps it in range).
func small(v *big.Int) int64 { return v.Int64() }
