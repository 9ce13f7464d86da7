import fc from 'fast-check';
import { z } from 'zod';

/** The part of JSON Schema that z.toJSONSchema writes for the contract's inputs. */
interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
}

/** Objects and arrays nested 60 deep. */
const deep: unknown = Array.from({ length: 60 }).reduce<unknown>((inner) => ({ a: [inner] }), 1);

/** Values no field should take, or only some: the shapes attackers and broken clients send. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    '',
    0,
    -1,
    1.5,
    2 ** 31,
    2 ** 53 + 2,
    -(2 ** 31) - 1,
    '2147483648',
    '9223372036854775808',
    '-1',
    '1e3',
    ' 1',
    'NaN',
    '\u0000',
    'a\u0000b',
    '%00',
    "'; drop table users; --",
    'x'.repeat(3000),
    deep,
    [],
    {},
  ),
  fc.string({ maxLength: 24 }),
  fc.double(),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 4 })), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 2 }),
);

function text(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  return fc.string({
    minLength: schema.minLength ?? 0,
    maxLength: Math.min(schema.maxLength ?? 24, 64),
  });
}

/** Integers near the low end hit the fixture's rows: a fresh database numbers them from 1. */
function integer(schema: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -(2 ** 31), Number.MIN_SAFE_INTEGER);
  const max = Math.min(schema.maximum ?? 2 ** 31, Number.MAX_SAFE_INTEGER);
  return fc.oneof(
    { weight: 2, arbitrary: fc.integer({ min, max: Math.min(max, min + 1) }) },
    { weight: 1, arbitrary: fc.integer({ min, max }) },
  );
}

function number(schema: JsonSchema): fc.Arbitrary<number> {
  const bounds = { min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6 };
  return fc.oneof(
    fc.integer({ min: Math.ceil(bounds.min), max: Math.floor(bounds.max) }),
    fc.double({ ...bounds, noNaN: true }),
  );
}

/**
 * Values for a JSON Schema: valid ones as far as the schema says (refinements are not in it),
 * and, when `withJunk`, a field now and then replaced by junk, required fields left out and
 * unknown fields added.
 */
function arbitrary(schema: JsonSchema, withJunk: boolean): fc.Arbitrary<unknown> {
  const valid = validArbitrary(schema, withJunk);
  return withJunk
    ? fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: junk })
    : valid;
}

function validArbitrary(schema: JsonSchema, withJunk: boolean): fc.Arbitrary<unknown> {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((option) => arbitrary(option, withJunk)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return text(schema);
    case 'integer':
      return integer(schema);
    case 'number':
      return number(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitrary(schema.items ?? {}, withJunk), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
      return object(schema, withJunk);
    default:
      return junk;
  }
}

function object(schema: JsonSchema, withJunk: boolean): fc.Arbitrary<unknown> {
  const fields = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, field]) => [
      key,
      arbitrary(field, withJunk),
    ]),
  );
  const complete = fc.record(fields, { requiredKeys: schema.required ?? [] });
  if (!withJunk) return complete;
  const partial = fc.record(fields, { requiredKeys: [] });
  const extra = fc.dictionary(fc.string({ maxLength: 8 }), junk, { maxKeys: 2 });
  return fc
    .tuple(fc.oneof({ weight: 3, arbitrary: complete }, { weight: 1, arbitrary: partial }), extra)
    .map(([value, added]) => ({ ...added, ...value }));
}

/** Inputs for one zod schema of the contract (its input side, before transforms). */
export function inputArbitrary(schema: z.ZodType, withJunk: boolean): fc.Arbitrary<unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return validArbitrary(json, withJunk);
}
