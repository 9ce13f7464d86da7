import type { User } from '@xunji/shared';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export interface UserState {
  user: User | null;
}

export const useUserStore = create<UserState>()(
  persist((): UserState => ({ user: null }), { name: 'xunji.user' }),
);
