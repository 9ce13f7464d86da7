import { z } from 'zod';

/** A picture code's id and the characters read from it (GET /captcha). */
export const captchaId = z
  .string({ error: 'captchaCode' })
  .min(1, { error: 'captchaCode' })
  .max(64, { error: 'captchaCode' });
export const captchaCode = z
  .string({ error: 'captchaCode' })
  .trim()
  .min(1, { error: 'captchaCode' })
  .max(16, { error: 'captchaCode' });

/**
 * The picture code a password attempt carries once the server asked for it (code 1211, or an
 * answer whose data has `captchaRequired: true`): past a few failures for the account or from
 * the address, each password check costs one solved captcha.
 */
export const captchaAnswer = {
  captchaId: captchaId.optional(),
  captchaCode: captchaCode.optional(),
};
