import { APP_VERSION, compareVersions } from '@xunji/shared';

/**
 * Spec §4 audit mode: off when the platform's audit flag is off; otherwise on when this app is
 * newer than the released version, or when the lookup fails or finds no version.
 */
export async function resolveAuditMode(
  auditFlag: boolean,
  lookupReleased: () => Promise<{ version: string } | null>,
): Promise<boolean> {
  if (!auditFlag) return false;
  try {
    const released = await lookupReleased();
    return released === null || compareVersions(APP_VERSION, released.version) > 0;
  } catch {
    return true;
  }
}
