/** What the sign-up form keeps while the user reads the terms (or the privacy notice) and comes back. */
export interface RegisterDraft {
  phoneNumber?: string;
  code?: string;
  password?: string;
  confirm?: string;
  agreement?: boolean;
}

const KEY = 'xunji.registerDraft';

/** The passwords live in this tab's memory only: never written to any storage. */
let passwords: Pick<RegisterDraft, 'password' | 'confirm'> = {};

export function readRegisterDraft(): RegisterDraft {
  let stored: RegisterDraft = {};
  try {
    stored = JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as RegisterDraft;
  } catch {
    // A draft that cannot be read is no draft.
  }
  return { ...stored, ...passwords };
}

/** Keeps the form's values for this tab (the page is unmounted while the terms are open). */
export function saveRegisterDraft({
  phoneNumber,
  code,
  password,
  confirm,
  agreement,
}: RegisterDraft) {
  sessionStorage.setItem(KEY, JSON.stringify({ phoneNumber, code, agreement }));
  passwords = { password, confirm };
}

export function clearRegisterDraft() {
  sessionStorage.removeItem(KEY);
  passwords = {};
}
