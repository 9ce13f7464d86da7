import { describe, expect, it, vi } from 'vitest';
import { resolveAuditMode } from './audit';

const released = (version: string) => () => Promise.resolve({ version });

describe('audit mode (spec §4, app version 1.1.2)', () => {
  it('is off when the platform flag is off, without a lookup', async () => {
    const lookup = vi.fn(released('1.0.0'));
    await expect(resolveAuditMode(false, lookup)).resolves.toBe(false);
    expect(lookup).not.toHaveBeenCalled();
  });

  it('is on when the app is newer than the released version', async () => {
    await expect(resolveAuditMode(true, released('1.1.1'))).resolves.toBe(true);
  });

  it('is off when the app is the released version or older', async () => {
    await expect(resolveAuditMode(true, released('1.1.2'))).resolves.toBe(false);
    await expect(resolveAuditMode(true, released('1.2.0'))).resolves.toBe(false);
    await expect(resolveAuditMode(true, released('1.1.10'))).resolves.toBe(false);
  });

  it('is on when the lookup finds no version', async () => {
    await expect(resolveAuditMode(true, () => Promise.resolve(null))).resolves.toBe(true);
  });

  it('is on when the lookup fails', async () => {
    await expect(resolveAuditMode(true, () => Promise.reject(new Error('down')))).resolves.toBe(
      true,
    );
  });
});
