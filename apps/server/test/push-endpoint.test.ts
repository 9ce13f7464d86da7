import { describe, expect, it } from 'vitest';
import { isPublicPushEndpoint } from '../src/providers/push/push-endpoint.js';

describe('push endpoints accepted in production', () => {
  it('takes the public https push services of the browsers', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGx0',
      'https://8.8.8.8/push',
      'https://[2001:4860:4860::8888]/push',
      'https://[::ffff:8.8.8.8]/push',
      'https://fcm.googleapis.com./fcm/send/abc:def',
    ])
      expect(isPublicPushEndpoint(endpoint), endpoint).toBe(true);
  });

  it("refuses http, the server's own network and names that are not public", () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1/push',
      'https://10.1.2.3/push',
      'https://172.20.0.5/push',
      'https://192.168.1.10/push',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/push',
      'https://0.0.0.0/push',
      'https://[::1]/push',
      'https://[fd00::1]/push',
      'https://[fe80::1]/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://localhost/push',
      'https://push.localhost/push',
      'https://printer.local/push',
      'https://db.internal/push',
      'https://intranet/push',
      'not a url',
    ])
      expect(isPublicPushEndpoint(endpoint), endpoint).toBe(false);
  });

  it('refuses the same hosts written with a trailing dot or in another form', () => {
    for (const endpoint of [
      'https://localhost./push',
      'https://LOCALHOST../push',
      'https://push.localhost./push',
      'https://printer.local./push',
      'https://intranet./push',
      'https://127.0.0.1./push',
      'https://0x7f.1/push',
      'https://2130706433/push',
      'https://[::ffff:10.0.0.1]/push',
      'https://[::127.0.0.1]/push',
      'https://[64:ff9b::10.0.0.1]/push',
      'https://[2002:a00:1::1]/push',
      'https://[ff02::1]/push',
      'https://224.0.0.1/push',
      'https://255.255.255.255/push',
      'https://198.18.0.1/push',
    ])
      expect(isPublicPushEndpoint(endpoint), endpoint).toBe(false);
  });
});
