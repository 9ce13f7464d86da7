import {
  codeMessage,
  isValidationMessageKey,
  validationMessages,
  type Language,
} from '@xunji/shared';
import type { z } from 'zod';
import { AppError } from '../errors.js';

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
  const message =
    first && isValidationMessageKey(first.message)
      ? `${validationMessages[first.message][language]} (${field})`
      : `${codeMessage('VALIDATION', language)}: ${field}`;
  return new AppError('VALIDATION', { field, issues }, message);
}
