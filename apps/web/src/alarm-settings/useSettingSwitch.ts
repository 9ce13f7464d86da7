import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alarmField, type AlarmSetting } from '@xunji/shared';
import { alarmSettingKey } from './queries';
import { sendSwitch, type SwitchBody, type SwitchKey } from './switches';

interface Change {
  key: SwitchKey;
  body: SwitchBody;
}

/** What a change shows at once: the switch, and the overspeed limit it sends. */
function patchOf({ key, body }: Change): Partial<AlarmSetting> {
  return {
    [alarmField(key)]: body.status,
    ...(body.speed === undefined ? {} : { speedLimit: body.speed }),
  };
}

/**
 * Turns a switch of a device's alarm setting: the switch moves at once and moves back if the
 * call fails (the request layer has toasted the server's message). Only the fields of the failed
 * change are restored, so that another switch turned meanwhile keeps its state.
 */
export function useSettingSwitch(terminalId: number) {
  const queryClient = useQueryClient();
  const queryKey = alarmSettingKey(terminalId);
  const mutation = useMutation({
    mutationFn: ({ key, body }: Change) => sendSwitch(key, body),
    onMutate: async (change: Change) => {
      // A refresh in flight must not bring back the old state over the optimistic one.
      await queryClient.cancelQueries({ queryKey });
      const patch = patchOf(change);
      const before = queryClient.getQueryData<AlarmSetting>(queryKey);
      const previous = before
        ? Object.fromEntries(
            Object.keys(patch).map((field) => [field, before[field as keyof AlarmSetting]]),
          )
        : {};
      queryClient.setQueryData<AlarmSetting>(queryKey, (old) => old && { ...old, ...patch });
      return { previous };
    },
    onError: (_error, _change, context) => {
      queryClient.setQueryData<AlarmSetting>(
        queryKey,
        (old) => old && context && { ...old, ...context.previous },
      );
    },
    onSuccess: (setting) => queryClient.setQueryData(queryKey, setting),
  });
  return {
    change: (key: SwitchKey, body: SwitchBody) => mutation.mutate({ key, body }),
    /** The switch whose call is under way, if any. */
    pendingKey: mutation.isPending ? mutation.variables.key : null,
  };
}
