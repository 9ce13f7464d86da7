import { useAppStore } from '../stores/app';

/** The pushClientId and system info sent with a sign-in or a registration. */
export function clientInfo() {
  const { pushClientId, language, platform, version } = useAppStore.getState();
  return {
    pushClientId: pushClientId ?? undefined,
    systemInfo: {
      platform,
      appVersion: version,
      language,
      model: navigator.userAgent.slice(0, 64),
    },
  };
}
