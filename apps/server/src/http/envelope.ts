import { Codes, codeMessage, type CodeName, type Envelope, type Language } from '@xunji/shared';
import { jsonText, type JsonText } from '../json-text.js';

export function success<T>(data: T, language: Language): Envelope<T> {
  return { code: 0, message: codeMessage('OK', language), data, succeeded: true };
}

/** `success` around data serialized already, without parsing it again. */
export function successJson<T>(data: JsonText<T>, language: Language): JsonText<Envelope<T>> {
  return jsonText<Envelope<T>>({ ...success(null, language), data });
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
