import { z } from 'zod';
import { TRANSPORT_HASH } from '../password.js';
import { byteLength, isMobile, isSmsCode } from '../validators.js';
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
export const platform = z.enum(['web', 'android', 'ios'], { error: 'platform' });
export const version = z.string({ error: 'version' }).regex(VERSION_PATTERN, { error: 'version' });
export const id = z.coerce.number({ error: 'id' }).int({ error: 'id' }).positive({ error: 'id' });
export const pushClientId = z.string().max(128).optional();

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
export const pageNumber = z.coerce
  .number({ error: 'page' })
  .int({ error: 'page' })
  .min(1, { error: 'page' })
  .default(1);
export const pageLimit = (defaultLimit: number) =>
  z.coerce
    .number({ error: 'limit' })
    .int({ error: 'limit' })
    .min(1, { error: 'limit' })
    .max(100, { error: 'limit' })
    .default(defaultLimit);
