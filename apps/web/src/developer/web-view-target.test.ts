import { describe, expect, it } from 'vitest';
import { webViewTarget } from './web-view-target';

const allowed = ['https://help.example.com', 'http://10.0.0.5:8081'];

describe('the web view target', () => {
  it('frames an address of an allowed origin only', () => {
    expect(webViewTarget('https://help.example.com/manual?x=1', allowed)).toEqual({
      kind: 'frame',
      url: 'https://help.example.com/manual?x=1',
    });
    expect(webViewTarget('http://10.0.0.5:8081/', allowed).kind).toBe('frame');
  });

  it('opens any other http(s) address outside, even a look-alike', () => {
    for (const url of [
      'https://help.example.com.evil.test/',
      'http://help.example.com/',
      'https://help.example.com:444/',
      'http://10.0.0.5:8082/',
    ])
      expect(webViewTarget(url, allowed), url).toEqual({ kind: 'outside', url });
    expect(webViewTarget('https://help.example.com/', []).kind).toBe('outside');
  });

  it('refuses what is not an http(s) address', () => {
    for (const url of [null, '', 'javascript:alert(1)', 'data:text/html,x', '/relative'])
      expect(webViewTarget(url, allowed), String(url)).toEqual({ kind: 'invalid' });
  });
});
