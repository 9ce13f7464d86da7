import { afterEach, describe, expect, it } from 'vitest';
import { clearRegisterDraft, readRegisterDraft, saveRegisterDraft } from './register-draft';

afterEach(clearRegisterDraft);

describe('the sign-up draft', () => {
  it('gives back what was typed, the passwords included', () => {
    saveRegisterDraft({
      phoneNumber: '13912345678',
      code: '123456',
      password: 'secret-pass1',
      confirm: 'secret-pass1',
      agreement: true,
    });
    expect(readRegisterDraft()).toEqual({
      phoneNumber: '13912345678',
      code: '123456',
      password: 'secret-pass1',
      confirm: 'secret-pass1',
      agreement: true,
    });
  });

  it('writes no password to any storage', () => {
    saveRegisterDraft({ phoneNumber: '13912345678', password: 'secret-pass1', confirm: 'x' });
    const stored = JSON.stringify({ ...sessionStorage, ...localStorage });
    expect(stored).toContain('13912345678');
    expect(stored).not.toContain('secret-pass1');
  });

  it('is empty once cleared (after signing up)', () => {
    saveRegisterDraft({ phoneNumber: '13912345678', password: 'secret-pass1' });
    clearRegisterDraft();
    expect(readRegisterDraft()).toEqual({});
  });
});
