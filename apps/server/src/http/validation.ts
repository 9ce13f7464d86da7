import {
  codeMessage,
  isValidationMessageKey,
  validationMessages,
  type Language,
  type ValidationMessageKey,
} from '@xunji/shared';
import type { z } from 'zod';
import { AppError } from '../errors.js';

/**
 * One part of a request (params, query or body) parsed by its schema of the contract. Strings
 * holding U+0000 are refused here for every call: PostgreSQL text cannot store them.
 */
export function parseInput(
  schema: z.ZodType,
  value: unknown,
  part: string,
  language: Language,
): unknown {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error, part, language);
  const nul = nulPath(parsed.data);
  if (nul) throw fieldError(nul.length > 0 ? nul.join('.') : part, 'nulCharacter');
  return parsed.data;
}

/** Where the first string holding U+0000 is in a parsed value (its depth is the schema's). */
function nulPath(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nulPath(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * A failed zod parse as the VALIDATION envelope: the message of the first failed rule in the
 * caller's language, naming the field; every failed field in data.
 */
export function validationError(error: z.ZodError, part: string, language: Language): AppError {
  const issues = error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.join('.') : part,
    rule: isValidationMessageKey(issue.message) ? issue.message : issue.code,
  }));
  const first = error.issues[0];
  const field = issues[0]?.field ?? part;
  return new AppError(
    'VALIDATION',
    { field, issues },
    ruleMessage(first?.message ?? '', field, language),
  );
}

/** The message of a failed rule naming its field, in the caller's language. */
export function ruleMessage(rule: string, field: string, language: Language): string {
  return isValidationMessageKey(rule)
    ? `${validationMessages[rule][language]} (${field})`
    : `${codeMessage('VALIDATION', language)}: ${field}`;
}

/** The issue of a rule the server checks itself (e.g. a region that does not exist). */
export interface FieldIssue {
  field: string;
  rule: ValidationMessageKey;
}

/** A VALIDATION error for one field, worded in the caller's language by the error handler. */
export const fieldError = (field: string, rule: ValidationMessageKey): AppError =>
  new AppError('VALIDATION', { field, issues: [{ field, rule }] satisfies FieldIssue[] });

/** The worded message of a `fieldError`, undefined for anything else. */
export function fieldErrorMessage(error: AppError, language: Language): string | undefined {
  if (error.codeName !== 'VALIDATION' || error.detail !== undefined) return undefined;
  const issue = (error.data as { issues?: FieldIssue[] } | null)?.issues?.[0];
  return issue ? ruleMessage(issue.rule, issue.field, language) : undefined;
}
