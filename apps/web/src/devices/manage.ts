import type { Terminal } from '@xunji/shared';

/** The owner, or an enterprise user seeing the device through the organisation, may change it. */
export const canManage = (device: Terminal): boolean => device.isOwner || device.userState === null;
