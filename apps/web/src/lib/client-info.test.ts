import { afterEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../stores/app';
import { clientInfo } from './client-info';

afterEach(() => useAppStore.setState({ pushClientId: null }));

describe('client info of a sign-in', () => {
  it('carries the stored pushClientId, when there is one', () => {
    expect(clientInfo().pushClientId).toBeUndefined();
    // Not the test browser's (en): the language in use is the store's.
    useAppStore.setState({ pushClientId: 'pc-1', language: 'zh-CN' });
    expect(clientInfo()).toMatchObject({ pushClientId: 'pc-1', systemInfo: { language: 'zh-CN' } });
  });
});
