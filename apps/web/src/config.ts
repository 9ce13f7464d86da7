import { DEFAULT_APPLICATION_ID } from '@xunji/shared';

/** Build-time settings of this app. */
export const API_ROOT = import.meta.env.VITE_API_ROOT ?? '/api';
export const APPLICATION_ID = Number(import.meta.env.VITE_APPLICATION_ID ?? DEFAULT_APPLICATION_ID);
export const PLATFORM = 'web';
