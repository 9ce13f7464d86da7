import {
  hashPasswordForTransport,
  isMobile,
  routes,
  validationMessages,
  type Language,
  type ValidationMessageKey,
} from '@xunji/shared';
import { call } from '../../api/call';
import type { CaptchaGate } from '../../forms/useCaptchaGate';
import { clientInfo } from '../../lib/client-info';
import { completeSignIn } from '../../router/guard';
import { useAccountStore } from '../../stores/account';
import { signIn } from '../../stores/session';

export type SignInMode = 'account' | 'phone';

export interface SignInForm {
  mode: SignInMode;
  username: string;
  password: string;
  /** The remembered password's hash, sent as it is (never known in plain text). */
  rememberedHash: string | null;
  remember: boolean;
  /** Return to the page that sent the user (login?back=true). */
  back: boolean;
}

function invalidField(
  { mode, password, rememberedHash }: SignInForm,
  account: string,
  gate: CaptchaGate,
): ValidationMessageKey | null {
  if (mode === 'phone' && !isMobile(account)) return 'mobile';
  if (!account) return 'username';
  if (!(rememberedHash ?? password)) return 'required';
  if (gate.missing()) return 'captchaCode';
  return null;
}

/**
 * Signs in with the login form: the §5 checks, the call (with the picture code once asked for),
 * the remembered account, then back where the user came from. Loaded apart from the login page,
 * which shows before the request layer, the hashing and the messages have arrived. Answers what
 * is wrong with the form (in both languages), or null once signed in.
 */
export async function submitSignIn(
  form: SignInForm,
  gate: CaptchaGate,
): Promise<Record<Language, string> | null> {
  const account = form.username.trim();
  const invalid = invalidField(form, account, gate);
  if (invalid) return validationMessages[invalid];
  const hash = form.rememberedHash ?? hashPasswordForTransport(form.password);
  const result = await gate.attempt(() =>
    call(routes.login, {
      body: { username: account, password: hash, ...gate.answer(), ...clientInfo() },
    }),
  );
  signIn(result);
  useAccountStore.setState({
    lastUsername: account,
    remPassword: form.remember,
    rememberedPassword: form.remember ? hash : null,
  });
  completeSignIn(form.back);
  return null;
}
