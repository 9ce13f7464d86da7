import type { Api, CallResponse } from '@xunji/shared';
import { useState } from 'react';
import { ApiError } from '../api/errors';

type Captcha = CallResponse<Api['captcha']>;

/** The server asks for a picture code (code 1211, or a failure whose data says so). */
export function captchaRequested(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const data = error.data as { captchaRequired?: unknown } | null;
  return data?.captchaRequired === true;
}

export interface CaptchaGate {
  /** The picture code shown, once the server asked for one. */
  captcha: Captcha | null;
  code: string;
  setCode: (code: string) => void;
  refresh: () => Promise<void>;
  /** The code is shown but not filled in. */
  missing: () => boolean;
  /** What the next password attempt carries: nothing until the server asked. */
  answer: () => { captchaId?: string; captchaCode?: string };
  /** Runs `attempt`; after a failure, shows a new code if one is wanted (each is single use). */
  attempt: <T>(attempt: () => Promise<T>) => Promise<T>;
}

/**
 * The picture code of password forms (sign-in, password changes, bind): hidden until the server
 * asks for it after a few failures, then sent with every attempt and renewed after each.
 */
export function useCaptchaGate(): CaptchaGate {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [code, setCode] = useState('');

  const refresh = async () => {
    setCode('');
    // Loaded when asked: the login form shows before the request layer has arrived.
    const { requestCaptcha } = await import('./captcha-request');
    setCaptcha(await requestCaptcha());
  };

  return {
    captcha,
    code,
    setCode,
    refresh,
    missing: () => captcha !== null && !code.trim(),
    answer: () => (captcha ? { captchaId: captcha.captchaId, captchaCode: code.trim() } : {}),
    attempt: async (attempt) => {
      try {
        return await attempt();
      } catch (error) {
        if (captcha || captchaRequested(error)) void refresh().catch(() => undefined);
        throw error;
      }
    },
  };
}
