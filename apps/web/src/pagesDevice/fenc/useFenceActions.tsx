import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type Fence, type FencePage } from '@xunji/shared';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { ApiError } from '../../api/errors';
import { toast } from '../../api/feedback';
import { Dialog } from '../../api/overlays';
import { withFence, withoutFence } from '../../fences/page-cache';
import { fenceKeys } from '../../fences/queries';

/**
 * The list's actions on a fence. The switch answers at once (optimistic) and flips back when
 * the call fails (the request layer has told the user why); delete asks first.
 */
export function useFenceActions(terminalId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = fenceKeys.page(terminalId);
  const patch = (id: number, change: Partial<Fence>) =>
    queryClient.setQueryData<FencePage>(key, (page) => withFence(page, id, change));

  const status = useMutation({
    mutationFn: ({ id, status: next }: { id: number; status: 0 | 1 }) =>
      call(routes.setFenceStatus, { body: { id, status: next } }, { loading: false }),
    onMutate: async ({ id, status: next }) => {
      await queryClient.cancelQueries({ queryKey: key });
      patch(id, { status: next });
    },
    onError: (_error, { id, status: next }) => patch(id, { status: next === 1 ? 0 : 1 }),
    onSuccess: (fence) => patch(fence.id, fence),
  });

  const remove = async (fence: Fence) => {
    try {
      await call(routes.deleteFence, { params: { id: fence.id } });
    } catch (error) {
      if (error instanceof ApiError) return;
      throw error;
    }
    queryClient.setQueryData<FencePage>(key, (page) => withoutFence(page, fence.id));
    queryClient.removeQueries({ queryKey: fenceKeys.one(fence.id) });
    toast(t('fences.deleted'));
  };

  return {
    setStatus: (fence: Fence, next: 0 | 1) => status.mutate({ id: fence.id, status: next }),
    confirmDelete: (fence: Fence) =>
      void Dialog.confirm({
        content: t('fences.deleteConfirm', { name: fence.name }),
        confirmText: <span className="fence-danger">{t('fences.delete')}</span>,
        cancelText: t('common.cancel'),
        onConfirm: () => remove(fence),
      }),
  };
}
