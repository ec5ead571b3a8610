// Types for the keylab package: the page's JS API (README, "The JS API") built for Node
// and bundlers. Every function throws a KeylabError with the page's message on bad input;
// an unknown or misspelt field anywhere is refused, never ignored.

/**
 * What every function throws on bad input: an `Error` with the page's message, and what a
 * caller branches on.
 */
export interface KeylabError extends Error {
  /**
   * A stable name of the problem: a rule of the codec (`overflow`, `negative`,
   * `emptyValue`, `separatorInValue`, ...), or `invalidSchema`, `invalidInput`,
   * `invalidAccessPattern`, `invalidQueryInput`, `invalidKey`, `unknownField`,
   * `unknownEntity`, `unknownTarget`, `nulInArgument`, `notJson`, `missing`.
   */
  code: string;
  /** The rule a value or the design broke, when one did (the codec's rules). */
  rule?: string;
  /** Where: the schema path, field or attribute, or the argument (`options`), when known. */
  path?: string;
}

/** A DynamoDB key attribute's type: String (UTF-8 byte order) or Number (numeric order). */
export type AttributeType = "S" | "N";
export type Order = "asc" | "desc";

/** A field of an entity (docs/schema.md, "Field kinds"). */
export type Field = (
  | { kind: "text"; case?: "preserve" | "upper" | "lower"; maxLength?: number }
  | { kind: "uint" | "int"; width: number; order?: Order }
  | { kind: "decimal"; width: number; scale: number; signed?: boolean; order?: Order }
  | { kind: "timestamp"; unit: "s" | "ms"; width: number; order?: Order }
  | {
      kind: "timestamp";
      unit: "iso";
      /** How much of the time a key keeps; finer values are refused (default millisecond). */
      precision?: "date" | "minute" | "second" | "millisecond";
      /** `Z` (default), an offset such as `+02:00`, or `none`: UTC wall time, unsaid. */
      zone?: "Z" | "none" | `${"+" | "-"}${number}:${number}`;
      order?: Order;
    }
  | { kind: "ulid" | "ksuid"; order?: Order }
) & {
  /** The width planner's threshold, percent of capacity (numeric kinds). */
  warnAt?: number;
  /** The value can change after the item is written (design check L4). */
  mutable?: boolean;
};

/** One segment of a key template: a literal, or a field's value (after a prefix glued to it, `seq_000007`). */
export type Segment = { literal: string } | { field: string; prefix?: string };

export interface Traffic {
  writesPerSecond?: number;
  readsPerSecond?: number;
  partitionKeys?: number;
}

export interface Entity {
  name: string;
  fields: Record<string, Field>;
  /** Key attribute → template. */
  keys: Record<string, Segment[]>;
  traffic?: Traffic;
}

export interface Index {
  name: string;
  /** One attribute, or a multi-attribute key of 1 to 4. */
  partition: string | string[];
  sort?: string | string[];
}

/** A keylab design: the schema document the page exports (docs/schema.md). */
export interface Schema {
  version: 1;
  separator: string;
  table: {
    name: string;
    attributes: Record<string, AttributeType>;
    primary: { partition: string; sort?: string };
    indexes?: Index[];
  };
  entities: Entity[];
}

/** A field value: numbers may be given as strings, to keep every digit. */
export type FieldValue = string | number | boolean | null;
/** One item's field values, by field name. */
export type Values = Record<string, FieldValue>;
/** A key attribute's value: a string for S, a number for N (or its text when a double cannot hold it). */
export type KeyValue = string | number;

/** A DynamoDB attribute value in DynamoDB JSON. */
export type AttributeValue =
  | { S: string }
  | { N: string }
  | { B: string }
  | { BOOL: boolean }
  | { NULL: true }
  | { SS: string[] }
  | { NS: string[] }
  | { BS: string[] }
  | { L: AttributeValue[] }
  | { M: Record<string, AttributeValue> };
/** An item in DynamoDB JSON. */
export type Item = Record<string, AttributeValue>;

export type RangeOp = "eq" | "lt" | "le" | "gt" | "ge" | "between" | "begins_with";

/** An access pattern: what `buildQuery` and `renderSnippet` turn into a Query. */
export interface AccessPattern {
  entity: string;
  /** A GSI's name; absent or null for the table. */
  index?: string | null;
  /** The partition key's field values. */
  partition?: Values;
  sort?: {
    /** Leading sort fields, in template order. */
    equal?: Values;
    /** One condition on the next sort field. */
    range?: { field: string; op: RangeOp; value: FieldValue; to?: FieldValue };
  };
  /** With a partial `equal` and no range: leave out the item whose key is the prefix itself. */
  children?: boolean;
  scanIndexForward?: boolean;
  /** DynamoDB's `Limit`: the page size. It never stops a reader, who pages on. */
  limit?: number;
  /**
   * The first N items: how many the pattern promises (top N, newest N). A reader stops
   * after N, whatever the page size. Without `limit`, each request asks for N.
   */
  first?: number;
  /** With every sort field fixed: that item and everything on one side of it. */
  around?: "before" | "after";
}

/** A Query input as the SDK takes it (low-level, DynamoDB JSON values). */
export interface QueryInput {
  TableName: string;
  IndexName?: string;
  KeyConditionExpression: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, AttributeValue>;
  ScanIndexForward?: boolean;
  Limit?: number;
  ExclusiveStartKey?: Item;
}

export interface BuiltQuery {
  input: QueryInput;
  /** The same input with plain values, for DynamoDBDocumentClient. */
  documentClientInput: Record<string, unknown>;
  explanation: string;
  /** Other entities whose items the condition can also return. */
  alsoReturns: string[];
  /** The parent item the condition includes, if any. */
  parent: { key: string; entities: string[] } | null;
  /**
   * The items the request's `first` promises: stop reading after this many (the input's
   * `Limit` is only the page size). `null` reads every page.
   */
  maxItems: number | null;
}

export interface QueryPage {
  Items: Item[];
  Count: number;
  ScannedCount: number;
  LastEvaluatedKey?: Item;
}

export type SnippetTarget =
  | "aws-cli"
  | "boto3-client"
  | "boto3-resource"
  | "js-client"
  | "js-document-client"
  | "rust"
  | "go";

export interface SnippetOptions {
  /** Overrides the schema's table name. */
  table?: string | null;
  /** A local endpoint, such as http://127.0.0.1:8000. */
  endpoint?: string | null;
  /** A complete program rather than the call's parameters. */
  program?: boolean;
}

/** A finding of the design check (docs/lint.md). */
export interface Finding {
  rule: "L1" | "L2" | "L3" | "L4" | "L5" | "L6" | "L7";
  name: string;
  severity: "error" | "warning";
  entity: string | null;
  attribute: string | null;
  field: string | null;
  sentence: string;
  evidence: string[];
  fix: string;
}

export interface LintOptions {
  /** Also check a begins_with prefix (rule L6). */
  beginsWith?: { attribute: string; prefix: string };
}

export interface TableDefinitions {
  createTable: Record<string, unknown>;
  addIndex: Record<string, Record<string, unknown>>;
  cloudFormation: Record<string, unknown>;
}

/** Every key attribute the entity writes, for one item's values. */
export function encodeItem(schema: Schema, entity: string, values: Values): Record<string, KeyValue>;
/** The field values a key holds; throws when the template could not have written it. */
export function decodeKey(schema: Schema, entity: string, attribute: string, key: KeyValue): Values;
/** One attribute's key per row of values (null where a row does not encode). */
export function encodeKeys(schema: Schema, entity: string, attribute: string, rows: Values[]): (KeyValue | null)[];
/** The keys `encodeKeys` gives, in UTF-8 byte order, failures left out. */
export function sortedKeys(schema: Schema, entity: string, attribute: string, rows: Values[]): string[];
/** Keys in UTF-8 byte order, as DynamoDB sorts String keys (not JavaScript's UTF-16 order). */
export function sortKeys(keys: string[]): string[];
export function buildQuery(schema: Schema, request: AccessPattern): BuiltQuery;
/** `{ok: true}`, or throws DynamoDB's own message for the input. */
export function validateQuery(schema: Schema, input: QueryInput): { ok: true };
/** One page of a Query over the items, as DynamoDB returns it. */
export function simulateQuery(schema: Schema, items: Item[], input: QueryInput): QueryPage;
export function renderSnippet(
  schema: Schema,
  request: AccessPattern,
  target: SnippetTarget,
  options?: SnippetOptions | null,
): string;
export function lint(
  schema: Schema,
  items: { entity: string; values: Values }[],
  options?: LintOptions | null,
): Finding[];
export function tableDefinitions(schema: Schema): TableDefinitions;

/**
 * One key template, read and checked once, for writing and reading many keys the way a
 * backend does: the keys `encodeItem` writes, without its warnings.
 */
export class KeyCodec {
  constructor(schema: Schema, entity: string, attribute: string);
  /** The fields the key holds, in order. */
  readonly fields: string[];
  encode(values: Values): KeyValue;
  decode(key: KeyValue): Values;
  encodeAll(rows: Values[]): (KeyValue | null)[];
  decodeAll(keys: KeyValue[]): (Values | null)[];
  /** Frees the wasm memory it holds (also done when it is garbage-collected). */
  free(): void;
}
