import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface VoiceTermsState {
  /** The users who accepted the sound-security terms on this device. */
  acceptedBy: number[];
}

/** Kept across sign-outs: a user accepts the terms once. */
export const useVoiceTermsStore = create<VoiceTermsState>()(
  persist((): VoiceTermsState => ({ acceptedBy: [] }), { name: 'xunji.voice-terms' }),
);

export function acceptVoiceTerms(userId: number): void {
  useVoiceTermsStore.setState(({ acceptedBy }) => ({
    acceptedBy: acceptedBy.includes(userId) ? acceptedBy : [...acceptedBy, userId],
  }));
}
