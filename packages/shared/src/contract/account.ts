import { z } from 'zod';
import { defineCall } from './define.js';
import { routes } from './routes.js';
import { Captcha, LoginResult, SmsCodeSent, User } from './entities.js';
import { captchaAnswer, captchaCode, captchaId } from './captcha-fields.js';
import {
  id,
  mobile,
  nickname,
  pushClientId,
  smsCode,
  systemInfo,
  transportPassword,
  username,
} from './fields.js';

/** Spec §7 "Session and account". Every password field is the transport hash (see password.ts). */
export const captcha = defineCall({
  ...routes.captcha,
  summary: 'A picture code with its id, valid 5 minutes, single use',
  response: Captcha,
});

export const smsCodeRequest = defineCall({
  ...routes.smsCodeRequest,
  summary: 'Send a 6-digit code to a mainland mobile; needs the picture code',
  query: z.object({ phoneNumber: mobile, captchaId, captchaCode }),
  response: SmsCodeSent,
});

export const register = defineCall({
  ...routes.register,
  summary: 'Create an account with a phone number and its SMS code; signs in',
  body: z.object({
    phoneNumber: mobile,
    password: transportPassword,
    code: smsCode,
    agreement: z.literal(true, { error: 'agreement' }),
    pushClientId,
    systemInfo,
  }),
  response: LoginResult,
});

export const login = defineCall({
  ...routes.login,
  summary: 'Sign in by username, phone number, or a device number with its device password',
  body: z.object({
    username,
    password: transportPassword,
    applicationId: id.optional(),
    pushClientId,
    systemInfo,
    ...captchaAnswer,
  }),
  response: LoginResult,
});

export const logout = defineCall({
  ...routes.logout,
  summary: 'Sign out: revokes the token of this session',
  response: z.null(),
});

export const resetPassword = defineCall({
  ...routes.resetPassword,
  summary:
    'Set a new password with an SMS code (checked before the number); revokes every session and lifts a lock',
  body: z.object({ phoneNumber: mobile, password: transportPassword, code: smsCode }),
  response: z.null(),
});

export const updatePassword = defineCall({
  ...routes.updatePassword,
  summary: 'Change the password; revokes every session, so the app signs in again',
  body: z.object({
    oldPassword: transportPassword,
    newPassword: transportPassword,
    ...captchaAnswer,
  }),
  response: z.null(),
});

export const userInfo = defineCall({
  ...routes.userInfo,
  summary: 'The signed-in user',
  response: User,
});

export const updateNickname = defineCall({
  ...routes.updateNickname,
  summary: 'Change the nickname (byte length 1-24, a Chinese character counts as two)',
  body: z.object({ nickName: nickname }),
  response: User,
});

export const bindPhone = defineCall({
  ...routes.bindPhone,
  summary: 'Bind a phone number to an account, proven by its password and an SMS code',
  body: z.object({
    applicationId: id.optional(),
    username,
    password: transportPassword,
    phoneNumber: mobile,
    /** The SMS code sent to phoneNumber (the spec calls it captcha). */
    captcha: smsCode,
    ...captchaAnswer,
  }),
  response: z.null(),
});

export const cancelAccount = defineCall({
  ...routes.cancelAccount,
  summary: "Delete the signed-in user's own account: personal data removed, devices unbound",
  body: z.object({ phoneNumber: mobile, code: smsCode }),
  response: z.null(),
});
