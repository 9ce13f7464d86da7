import { Codes, codeMessage, type CodeName, type Envelope, type Language } from '@xunji/shared';

export function success<T>(data: T, language: Language): Envelope<T> {
  return { code: 0, message: codeMessage('OK', language), data, succeeded: true };
}

export function failure(
  codeName: CodeName,
  language: Language,
  data: unknown = null,
  detail?: string,
): Envelope<unknown> {
  return {
    code: Codes[codeName].code,
    message: detail ?? codeMessage(codeName, language),
    data,
    succeeded: false,
  };
}
