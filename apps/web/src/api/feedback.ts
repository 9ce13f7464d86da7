import { TOAST_DELAY_MS } from '@xunji/shared';
import i18next from 'i18next';

const overlays = () => import('./overlays');

/** Spec §9: toasts wait 100 ms so that a closing loading indicator does not swallow them. */
export function toast(message: string): void {
  setTimeout(() => {
    void overlays().then(({ Toast }) => Toast.show({ content: message }));
  }, TOAST_DELAY_MS);
}

let loadingCount = 0;

export function showLoading(): void {
  loadingCount += 1;
  if (loadingCount > 1) return;
  void overlays().then(({ Toast }) => {
    if (loadingCount === 0) return;
    Toast.show({
      icon: 'loading',
      content: i18next.t('common.loading'),
      duration: 0,
      maskClickable: false,
    });
  });
}

export function hideLoading(): void {
  loadingCount = Math.max(0, loadingCount - 1);
  if (loadingCount > 0) return;
  void overlays().then(({ Toast }) => Toast.clear());
}

export function confirmDialog(content: string, onConfirm?: () => void): void {
  void overlays().then(({ Dialog }) =>
    Dialog.confirm({
      content,
      confirmText: i18next.t('common.confirm'),
      cancelText: i18next.t('common.cancel'),
      onConfirm,
    }),
  );
}
