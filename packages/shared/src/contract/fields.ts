import { z } from 'zod';
import { TRANSPORT_HASH } from '../password.js';
import { byteLength, isIccid, isMobile, isSmsCode } from '../validators.js';
import { VERSION_PATTERN } from '../version.js';

/** Field schemas shared by many calls; each failure carries a key of validation-messages. */
export const mobile = z.string({ error: 'mobile' }).trim().refine(isMobile, { error: 'mobile' });
export const smsCode = z
  .string({ error: 'smsCode' })
  .trim()
  .refine(isSmsCode, { error: 'smsCode' });
export const transportPassword = z
  .string({ error: 'passwordHash' })
  .regex(TRANSPORT_HASH, { error: 'passwordHash' });
export const username = z
  .string({ error: 'username' })
  .trim()
  .min(1, { error: 'username' })
  .max(64, { error: 'username' });
export const nickname = z
  .string({ error: 'nickname' })
  .trim()
  .refine((v) => byteLength(v) >= 1 && byteLength(v) <= 24, { error: 'nickname' });
/** §5 "valid ICCID required": 19 or 20 characters starting 89. */
export const iccid = z
  .string({ error: 'iccid' })
  .trim()
  .refine(isIccid, { error: 'iccid' })
  .transform((v) => v.toUpperCase());
/** A share code: at least 128 random bits, base64url. */
export const shareCode = z
  .string({ error: 'shareCode' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{22,64}$/, { error: 'shareCode' });
export const platform = z.enum(['web', 'android', 'ios'], { error: 'platform' });
export const version = z.string({ error: 'version' }).regex(VERSION_PATTERN, { error: 'version' });

/** The largest value of a PostgreSQL `integer` (serial) column. */
const INTEGER_MAX = 2 ** 31 - 1;
/** Decimal text as JavaScript writes a number (what `String(n)` gives for ordinary values). */
const DECIMAL_TEXT = /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/;

/**
 * A number field: a JSON number, or its decimal text where values arrive as text (path and
 * query). Unlike z.coerce.number, null, '', booleans and arrays are refused, not read as 0 or 1.
 */
export function numeric<T extends z.ZodNumber>(schema: T) {
  const text = z.string().regex(DECIMAL_TEXT).transform(Number).pipe(schema);
  // The union's own issue carries the key of the number's first failure ('id', 'page', …).
  return z.union([schema, text], {
    error: (issue) => (issue.code === 'invalid_union' ? issue.errors[0]?.[0]?.message : undefined),
  });
}

const identifier = (max: number) =>
  numeric(
    z
      .number({ error: 'id' })
      .int({ error: 'id' })
      .min(1, { error: 'id' })
      .max(max, { error: 'id' }),
  );
/** The id of a row whose key is an `integer` (serial) column: devices, users, commands, … */
export const id = identifier(INTEGER_MAX);
/** The id of a row whose key is a `bigint` (bigserial) column: fences, alarms, alarm settings. */
export const bigId = identifier(Number.MAX_SAFE_INTEGER);
export const pushClientId = z.string().max(128).optional();

/** A point as AMap writes it: "lon,lat" (GCJ-02 unless the call says otherwise). */
export const location = z
  .string({ error: 'location' })
  .regex(/^-?\d{1,3}(\.\d+)?,-?\d{1,2}(\.\d+)?$/, { error: 'location' })
  .transform((value) => value.split(',').map(Number) as [number, number])
  .refine(([lon, lat]) => Math.abs(lon) <= 180 && Math.abs(lat) <= 90, { error: 'location' });

/** Device and browser facts the app reports at sign-in (spec "system info"). */
export const systemInfo = z
  .object({
    platform: z.string().max(32).optional(),
    model: z.string().max(64).optional(),
    osVersion: z.string().max(64).optional(),
    appVersion: z.string().max(32).optional(),
    language: z.string().max(16).optional(),
  })
  .optional();

/** Paged lists: page from 1; at most 100 a page. */
export const pageNumber = numeric(
  z.number({ error: 'page' }).int({ error: 'page' }).min(1, { error: 'page' }).max(INTEGER_MAX, {
    error: 'page',
  }),
).default(1);
export const pageLimit = (defaultLimit: number) =>
  numeric(
    z.number({ error: 'limit' }).int({ error: 'limit' }).min(1, { error: 'limit' }).max(100, {
      error: 'limit',
    }),
  ).default(defaultLimit);
