import { afterEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../stores/app';
import { clientInfo } from './client-info';

afterEach(() => useAppStore.setState({ pushClientId: null }));

describe('client info of a sign-in', () => {
  it('carries the stored pushClientId, when there is one', () => {
    expect(clientInfo().pushClientId).toBeUndefined();
    useAppStore.setState({ pushClientId: 'pc-1' });
    expect(clientInfo()).toMatchObject({ pushClientId: 'pc-1', systemInfo: { language: 'zh-CN' } });
  });
});
