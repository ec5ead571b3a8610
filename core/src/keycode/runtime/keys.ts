/** Why a value or a key was refused: `reason` is keylab's error kind (docs/schema.md). */
export class KeyError extends Error {
  readonly reason: string;
  constructor(reason: string, message: string) {
    super(message);
    this.name = "KeyError";
    this.reason = reason;
  }
}

function fail(reason: string, message: string): never {
  throw new KeyError(reason, message);
}

const DIGITS = "0123456789";
const ULID_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const KSUID_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const KSUID_MAX = (1n << 160n) - 1n;
const ISO_MIN_MS = -62167219200000;
const ISO_MAX_MS = 253402300799999;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
// What a shorter ISO format is completed with before it is read, and per characters
// kept, the milliseconds of one step and what a finer value has.
const ISO_FULL = "0000-00-00T00:00:00.000Z";
const ISO_STEP: Record<number, [number, string]> = {
  10: [86400000, "it has a time of day, but the field keeps dates only (precision date)"],
  16: [60000, "it has seconds, but the field keeps minutes (precision minute)"],
  19: [1000, "it has fractions of a second, but the field keeps whole seconds (precision second)"],
  23: [1, ""],
};

const capacity = (digits: number): bigint => 10n ** BigInt(digits) - 1n;
const pad = (v: bigint, width: number): string => v.toString().padStart(width, "0");

function mirror(text: string, alphabet: string): string {
  let out = "";
  for (const c of text) {
    const i = alphabet.indexOf(c);
    out += i < 0 ? c : alphabet[alphabet.length - 1 - i];
  }
  return out;
}

function utf8Length(text: string): number {
  let n = 0;
  for (const c of text) {
    const p = c.codePointAt(0) ?? 0;
    n += p < 0x80 ? 1 : p < 0x800 ? 2 : p < 0x10000 ? 3 : 4;
  }
  return n;
}

function whole(v: bigint | number, field: string): bigint {
  if (typeof v === "bigint") return v;
  if (typeof v !== "number" || !Number.isSafeInteger(v)) {
    fail("notANumber", `${field}: ${String(v)} is not a whole number JavaScript holds exactly (give a bigint)`);
  }
  return BigInt(v);
}

function overflow(field: string, width: number, v: bigint): never {
  const digits = (v < 0n ? -v : v).toString().length;
  fail("overflow", `${field}: ${v} has ${digits} digits but the width is ${width}`);
}

function uint(v: bigint, width: number, desc: boolean, field: string): string {
  if (v < 0n) fail("negative", `${field}: ${v} is negative, and the field is unsigned`);
  const cap = capacity(width);
  if (v > cap) overflow(field, width, v);
  return pad(desc ? cap - v : v, width);
}

function signed(m: bigint, digits: number, field: string, width: number): string {
  const abs = m < 0n ? -m : m;
  const cap = capacity(digits);
  if (abs > cap) overflow(field, width, m);
  return m < 0n ? "-" + pad(cap - abs, digits) : "0" + pad(abs, digits);
}

function int(v: bigint, width: number, desc: boolean, field: string): string {
  return signed(desc ? -v : v, width, field, width);
}

/** A number's text scaled to an integer of `scale` fraction digits, read as keylab reads
 * it: an optional sign, digits with an optional point, an optional exponent; zeros past
 * the scale are dropped, other digits past it refused. */
function scaled(text: string, scale: number, field: string): bigint {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!m || (m[2] === "" && (m[3] ?? "") === "")) fail("notANumber", `${field}: ${JSON.stringify(text)} is not a number`);
  const exp = m[4] === undefined ? 0 : Number(m[4]);
  if (exp > 2147483647 || exp < -2147483648) fail("notANumber", `${field}: ${JSON.stringify(text)} is not a number`);
  let digits = m[2] + (m[3] ?? "");
  let fracLen = (m[3] ?? "").length - exp;
  while (fracLen > scale && digits.endsWith("0")) {
    digits = digits.slice(0, -1);
    fracLen -= 1;
  }
  if (fracLen > scale) fail("tooPrecise", `${field}: ${text} has more than ${scale} fraction digits`);
  const shift = scale - fracLen;
  const trimmed = digits.replace(/^0+/, "");
  if (trimmed.length + shift > 38) fail("overflow", `${field}: ${text} has more than 38 digits`);
  const v = trimmed === "" ? 0n : BigInt(trimmed) * 10n ** BigInt(shift);
  return m[1] === "-" ? -v : v;
}

function withPoint(digits: string, scale: number): string {
  return scale === 0 ? digits : digits.slice(0, digits.length - scale) + "." + digits.slice(digits.length - scale);
}

function decimal(text: string, width: number, scale: number, isSigned: boolean, desc: boolean, field: string): string {
  let m = scaled(text, scale, field);
  const total = width + scale;
  if (desc && isSigned) m = -m;
  if ((m < 0n ? -m : m) > capacity(total)) overflow(field, width, m / 10n ** BigInt(scale));
  if (isSigned) {
    const e = signed(m, total, field, width);
    return e[0] + withPoint(e.slice(1), scale);
  }
  if (m < 0n) fail("negative", `${field}: ${text} is negative, and the field is unsigned`);
  const padded = pad(m, total);
  return withPoint(desc ? mirror(padded, DIGITS) : padded, scale);
}

function decimalText(m: bigint, scale: number): string {
  const digits = pad(m < 0n ? -m : m, scale + 1);
  return (m < 0n ? "-" : "") + withPoint(digits, scale);
}

// The instant as the wall time `offset` minutes from UTC: `keep` characters of
// YYYY-MM-DDTHH:MM:SS.sss, then `zone`.
function iso(t: Date, desc: boolean, field: string, keep: number, zone: string, offset: number): string {
  const ms = t.getTime();
  if (!Number.isFinite(ms)) fail("badTimestamp", `${field}: the date is invalid`);
  const wall = ms + offset * 60000;
  if (wall < ISO_MIN_MS || wall > ISO_MAX_MS) fail("badTimestamp", `${field}: it lies outside the years 0000 to 9999`);
  const [step, finer] = ISO_STEP[keep];
  if (wall % step !== 0) fail("badTimestamp", `${field}: ${finer}`);
  const text = new Date(wall).toISOString().slice(0, keep) + zone;
  return desc ? mirror(text, DIGITS) : text;
}

function ulid(id: string, desc: boolean, field: string): string {
  const s = id.trim();
  const chars = [...s];
  if (chars.length !== 26) fail("badId", `${field}: a ULID has 26 characters, not ${chars.length}`);
  let out = "";
  chars.forEach((c, i) => {
    const u = c.length === 1 && c >= "a" && c <= "z" ? c.toUpperCase() : c;
    const d = ULID_ALPHABET.indexOf(u);
    if (d < 0 || u.length !== 1) fail("badId", `${field}: ${JSON.stringify(c)} at position ${i + 1} is not Crockford base32`);
    if (i === 0 && d > 7) fail("badId", `${field}: it starts with ${JSON.stringify(c)}, which would need more than 128 bits`);
    out += u;
  });
  return desc ? mirror(out, ULID_ALPHABET) : out;
}

function ksuid(id: string, desc: boolean, field: string): string {
  const s = id.trim();
  if (s.length !== 27) fail("badId", `${field}: a KSUID has 27 characters, not ${[...s].length}`);
  let v = 0n;
  for (const c of s) {
    const d = KSUID_ALPHABET.indexOf(c);
    if (d < 0 || c.length !== 1) fail("badId", `${field}: ${JSON.stringify(c)} is not base62`);
    v = v * 62n + BigInt(d);
  }
  if (v > KSUID_MAX) fail("badId", `${field}: it is larger than any KSUID`);
  return desc ? mirror(s, KSUID_ALPHABET) : s;
}

function text(value: string, cased: "preserve" | "upper" | "lower", maxLength: number | null, sep: string, field: string): string {
  if (typeof value !== "string") fail("notText", `${field}: it is not text`);
  if (maxLength !== null && [...value].length > maxLength) {
    fail("textTooLong", `${field}: it has ${[...value].length} characters, and the field allows at most ${maxLength}`);
  }
  const stored = cased === "upper" ? value.toUpperCase() : cased === "lower" ? value.toLowerCase() : value;
  if (stored === "") fail("emptyValue", `${field}: it is empty`);
  if (stored.includes("\u0000") || stored.includes("\u{10FFFF}")) fail("reservedCharacter", `${field}: it holds U+0000 or U+10FFFF, which keylab reserves`);
  if (sep !== "" && stored.includes(sep)) fail("separatorInValue", `${field}: it contains the separator ${JSON.stringify(sep)}`);
  return stored;
}

function key(parts: string[], sep: string, limit: number, what: string): string {
  const k = parts.join(sep);
  if (k === "") fail("emptyKey", `${what}: the key is empty`);
  const bytes = utf8Length(k);
  if (bytes > limit) fail("keyTooLong", `${what}: the key has ${bytes} bytes, more than the ${limit} DynamoDB allows`);
  return k;
}

/** Reads a key part by part, refusing any key the encoder could not have written. */
class Reader {
  private at = 0;
  constructor(private readonly k: string, private readonly sep: string, private readonly what: string) {}
  mismatch(expected: string): never {
    fail("keyMismatch", `${this.what}: ${JSON.stringify(this.k)} does not fit the template at ${this.at}: expected ${expected}`);
  }
  separator(): void {
    if (!this.k.startsWith(this.sep, this.at)) this.mismatch(`the separator ${JSON.stringify(this.sep)}`);
    this.at += this.sep.length;
  }
  literal(l: string): void {
    if (!this.k.startsWith(l, this.at)) this.mismatch(`the literal ${JSON.stringify(l)}`);
    this.at += l.length;
  }
  fixed(n: number, field: string): string {
    const s = this.k.slice(this.at, this.at + n);
    if (s.length !== n) this.mismatch(`${n} characters for ${field}`);
    this.at += n;
    return s;
  }
  rest(): string {
    const end = this.sep === "" ? -1 : this.k.indexOf(this.sep, this.at);
    const s = this.k.slice(this.at, end < 0 ? this.k.length : end);
    this.at += s.length;
    return s;
  }
  end(): void {
    if (this.at !== this.k.length) this.mismatch("the end of the key");
  }
  check<T>(value: T | undefined, expected: string): T {
    if (value === undefined) this.mismatch(expected);
    return value;
  }
}

function readDigits(s: string, width: number): bigint | undefined {
  return s.length === width && /^\d*$/.test(s) ? BigInt(s) : undefined;
}

function readUint(s: string, width: number, desc: boolean): bigint | undefined {
  const v = readDigits(s, width);
  return v === undefined ? undefined : desc ? capacity(width) - v : v;
}

function readSigned(s: string, digits: number): bigint | undefined {
  const m = readDigits(s.slice(1), digits);
  if (m === undefined) return undefined;
  if (s[0] === "0") return m;
  if (s[0] === "-") {
    const abs = capacity(digits) - m;
    return abs === 0n ? undefined : -abs;
  }
  return undefined;
}

function readInt(s: string, width: number, desc: boolean): bigint | undefined {
  const v = readSigned(s, width);
  return v === undefined ? undefined : desc ? -v : v;
}

function readDecimal(s: string, width: number, scale: number, isSigned: boolean, desc: boolean): string | undefined {
  const body = isSigned ? s.slice(1) : s;
  let digits = body;
  if (scale > 0) {
    if (body[width] !== ".") return undefined;
    digits = body.slice(0, width) + body.slice(width + 1);
  }
  const total = width + scale;
  let m: bigint | undefined;
  if (isSigned) {
    m = readSigned(s[0] + digits, total);
    if (m !== undefined && desc) m = -m;
  } else {
    m = readDigits(desc ? mirror(digits, DIGITS) : digits, total);
  }
  return m === undefined ? undefined : decimalText(m, scale);
}

function readIso(s: string, desc: boolean, keep: number, zone: string, offset: number): Date | undefined {
  const asc = desc ? mirror(s, DIGITS) : s;
  if (asc.length !== keep + zone.length || !asc.endsWith(zone)) return undefined;
  const full = asc.slice(0, keep) + ISO_FULL.slice(keep);
  if (!ISO.test(full)) return undefined;
  const wall = new Date(full);
  const ms = wall.getTime();
  if (!Number.isFinite(ms) || ms < ISO_MIN_MS || ms > ISO_MAX_MS || wall.toISOString() !== full) return undefined;
  return new Date(ms - offset * 60000);
}

function readUlid(s: string, desc: boolean): string | undefined {
  const asc = desc ? mirror(s, ULID_ALPHABET) : s;
  try {
    return ulid(asc, false, "") === asc ? asc : undefined;
  } catch {
    return undefined;
  }
}

function readKsuid(s: string, desc: boolean): string | undefined {
  const asc = desc ? mirror(s, KSUID_ALPHABET) : s;
  try {
    return ksuid(asc, false, "") === asc ? asc : undefined;
  } catch {
    return undefined;
  }
}

function readText(s: string, cased: "preserve" | "upper" | "lower", maxLength: number | null): string | undefined {
  if (s === "" || (maxLength !== null && [...s].length > maxLength)) return undefined;
  if (cased === "upper" && s.toUpperCase() !== s) return undefined;
  if (cased === "lower" && s.toLowerCase() !== s) return undefined;
  return s;
}

/** An epoch Number key's text: digits with an optional sign. */
function readPlain(s: string): bigint | undefined {
  const t = s.trim();
  return /^[+-]?\d+$/.test(t) ? BigInt(t) : undefined;
}

function plainDecimal(m: bigint, scale: number): string {
  const t = decimalText(m, scale);
  return scale === 0 ? t : t.replace(/0+$/, "").replace(/\.$/, "");
}

/** The same value, asked for again by a repeated field, must be the same. */
function same<T>(r: Reader, first: T, again: T | undefined, field: string): void {
  const a = first instanceof Date ? first.getTime() : first;
  const b = again instanceof Date ? again.getTime() : again;
  if (again === undefined || a !== b) r.mismatch(`field ${field} to repeat its value`);
}
