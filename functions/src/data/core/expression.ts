/**
 * Builds DynamoDB expressions with placeholder names and values (`#n0`, `:v0`), so attribute names are never
 * reserved words and values never need escaping. One builder serves an item's update and condition together.
 */
export class Expression {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private byName = new Map<string, string>();
  private next = 0;

  name(attribute: string): string {
    let key = this.byName.get(attribute);
    if (!key) {
      key = `#n${this.next++}`;
      this.names[key] = attribute;
      this.byName.set(attribute, key);
    }
    return key;
  }

  /** An attribute, or a document path in it (`['lines', 3, 'hasBeenStocked']` → `#n0[3].#n1`). */
  path(path: Path): string {
    if (typeof path === 'string') return this.name(path);
    return path
      .map((part) => (typeof part === 'number' ? `[${part}]` : `.${this.name(part)}`))
      .join('')
      .slice(1);
  }

  value(value: unknown): string {
    const key = `:v${this.next++}`;
    this.values[key] = value;
    return key;
  }

  /** The placeholders for a command (DynamoDB refuses empty maps). */
  attributes() {
    return {
      ...(Object.keys(this.names).length ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

/** An attribute's name, or a path into a document attribute: names and list positions. */
export type Path = string | readonly [string, ...(string | number)[]];

/**
 * A condition, written against an Expression. Built with the helpers below only: `and`/`or` mark what they
 * join, so a combination gets parentheses exactly where precedence needs them (DynamoDB refuses redundant
 * ones, such as `((a = :v))`).
 */
export type Condition = ((x: Expression) => string) & { readonly joins?: 'AND' | 'OR' };

export const exists =
  (attribute: Path): Condition =>
  (x) =>
    `attribute_exists(${x.path(attribute)})`;
export const notExists =
  (attribute: Path): Condition =>
  (x) =>
    `attribute_not_exists(${x.path(attribute)})`;
const compare =
  (op: string) =>
  (attribute: Path, value: unknown): Condition =>
  (x) =>
    `${x.path(attribute)} ${op} ${x.value(value)}`;
export const eq = compare('=');
export const ne = compare('<>');
export const gte = compare('>=');
export const lte = compare('<=');
const join = (op: 'AND' | 'OR', conditions: readonly Condition[]): Condition =>
  conditions.length === 1
    ? conditions[0]!
    : Object.assign(
        (x: Expression) => conditions.map((c) => (c.joins && c.joins !== op ? `(${c(x)})` : c(x))).join(` ${op} `),
        { joins: op },
      );
export const and = (...conditions: Condition[]): Condition => join('AND', conditions);
export const or = (...conditions: Condition[]): Condition => join('OR', conditions);

/** The item exists (both key attributes present): an update or delete of a missing item fails. */
export const itemExists: Condition = and(exists('pk'), exists('sk'));
/** The item does not exist yet: a put never overwrites. */
export const itemAbsent: Condition = notExists('pk');

/** What an update changes: attributes to set, numbers to add to (negative subtracts), attributes to remove. */
export interface Changes {
  set?: Record<string, unknown>;
  add?: Record<string, number>;
  remove?: readonly string[];
}

export function updateExpression(x: Expression, { set = {}, add = {}, remove = [] }: Changes): string {
  const sets = Object.entries(set)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${x.name(k)} = ${x.value(v)}`);
  const adds = Object.entries(add).map(([k, v]) => `${x.name(k)} ${x.value(v)}`);
  const removes = [...remove, ...Object.keys(set).filter((k) => set[k] === undefined)].map((k) => x.name(k));
  return [
    sets.length ? `SET ${sets.join(', ')}` : '',
    adds.length ? `ADD ${adds.join(', ')}` : '',
    removes.length ? `REMOVE ${removes.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}
