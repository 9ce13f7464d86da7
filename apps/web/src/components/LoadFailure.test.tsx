import { Codes } from '@xunji/shared';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { DeviceMissing } from '../pagesDevice/info/DeviceMissing';
import { speakEnglish } from '../test/english';
import { MissingItem } from './MissingItem';

let container: HTMLDivElement;
let root: Root;

const render = (node: ReactNode) => act(() => root.render(node));
const notice = () => container.querySelector('[role="alert"]');
const button = (name: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent === name);
const failed = (code: number, message = `code ${code}`) => new ApiError(code, message);

beforeAll(speakEnglish);

beforeEach(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  container = document.createElement('div');
  root = createRoot(container);
});

afterEach(() => act(() => root.unmount()));

describe('a device page without its device', () => {
  it('says "not found or no access" (it may have been unbound) only when the server said so, with nothing to retry', () => {
    render(<DeviceMissing error={failed(Codes.DEVICE_UNBOUND.code)} onRetry={vi.fn()} />);
    expect(notice()?.getAttribute('data-failure')).toBe('notFound');
    expect(notice()?.textContent).toContain('Device not found, or you have no access');
    expect(notice()?.textContent).toContain('It may have been unbound');
    expect(container.querySelector('button')).toBeNull();
  });

  it('offline or timed out: says so, never "unbound", and its retry asks again', () => {
    const onRetry = vi.fn();
    render(<DeviceMissing error={failed(Codes.REQUEST_TIMEOUT.code)} onRetry={onRetry} />);
    expect(notice()?.getAttribute('data-failure')).toBe('offline');
    expect(notice()?.textContent).toContain('Cannot reach the server');
    expect(notice()?.textContent).not.toContain('unbound');
    act(() => button('Try again')!.click());
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("a server failure says the server's words, with a retry", () => {
    render(
      <DeviceMissing
        error={failed(Codes.PRODUCT_NOT_FOR_DEVICE.code, 'This package is not for this device')}
        onRetry={vi.fn()}
      />,
    );
    expect(notice()?.getAttribute('data-failure')).toBe('serverError');
    expect(notice()?.textContent).toContain('This package is not for this device');
    expect(button('Try again')).toBeDefined();
  });

  it('an expired service (2303) says so and what still works, with nothing to retry', () => {
    render(<DeviceMissing error={failed(Codes.SERVICE_EXPIRED.code)} onRetry={vi.fn()} />);
    expect(notice()?.getAttribute('data-failure')).toBe('expired');
    expect(notice()?.textContent).toContain("The device's service has expired");
    expect(notice()?.textContent).toContain('the live position and alarms carry on');
    expect(button('Try again')).toBeUndefined();
  });

  it('a link without a device id says there is no such device', () => {
    render(<DeviceMissing invalidId />);
    expect(notice()?.textContent).toBe('No such device');
  });
});

describe('a details page without its item', () => {
  const item = (failure?: Parameters<typeof MissingItem>[0]['failure']) => (
    <MissingItem
      text="No such fence"
      backText="Back to the list"
      onBack={vi.fn()}
      failure={failure}
    />
  );

  it('gone (or not the user’s): its own words and the way back', () => {
    render(item({ error: failed(Codes.FENCE_NOT_FOUND.code), onRetry: vi.fn() }));
    expect(notice()?.textContent).toContain('No such fence');
    expect(button('Back to the list')).toBeDefined();
    render(item(null));
    expect(notice()?.textContent).toContain('No such fence');
  });

  it('offline is not "gone": it says so with a retry', () => {
    render(item({ error: failed(Codes.REQUEST_TIMEOUT.code), onRetry: vi.fn() }));
    expect(notice()?.getAttribute('data-failure')).toBe('offline');
    expect(notice()?.textContent).not.toContain('No such fence');
    expect(button('Try again')).toBeDefined();
  });
});
