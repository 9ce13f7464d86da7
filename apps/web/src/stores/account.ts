import type { User } from '@xunji/shared';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export interface AccountState {
  isAuthenticated: boolean;
  access_token: string | null;
  lastUsername: string;
  enterpriseInfo: User['enterprise'];
  enterpriseId: number | null;
  remPassword: boolean;
  /** The transport hash of the remembered password (never the plain text); null unless remPassword. */
  rememberedPassword: string | null;
}

export const useAccountStore = create<AccountState>()(
  persist(
    (): AccountState => ({
      isAuthenticated: false,
      access_token: null,
      lastUsername: '',
      enterpriseInfo: null,
      enterpriseId: null,
      remPassword: false,
      rememberedPassword: null,
    }),
    { name: 'xunji.account' },
  ),
);
