import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FENCE_TYPES,
  routes,
  type Fence,
  type FenceType,
  type ValidationMessageKey,
} from '@xunji/shared';
import { DotLoading, Segmented } from 'antd-mobile';
import { useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { toast } from '../../api/feedback';
import { MissingItem } from '../../components/MissingItem';
import { PageLayout } from '../../components/PageLayout';
import { deviceQueries } from '../../devices/queries';
import { useDeviceId } from '../../devices/useDeviceId';
import { fenceBody } from '../../fences/body';
import {
  draftOf,
  draftReducer,
  emptyDraft,
  withDefaultCentre,
  type DraftAction,
} from '../../fences/draft';
import { focusPoints } from '../../fences/focus';
import { fenceKeys, fenceQueries, regionQueries } from '../../fences/queries';
import { cornersCross, draftProblem } from '../../fences/validate';
import { useAction } from '../../hooks/useAction';
import { navigateBackOr } from '../../router/navigation';
import { PATHS } from '../../router/paths';
import { DeviceMissing } from '../info/DeviceMissing';
import { CornerControls } from './CornerControls';
import { FenceMap } from './FenceMap';
import { FenceSheet } from './FenceSheet';
import { RadiusControl } from './RadiusControl';
import { RegionPicker } from './RegionPicker';
import './fenc.css';

const backToList = (terminalId: number) => navigateBackOr(`${PATHS.fenceTable}?id=${terminalId}`);

/** Draws a new fence (fence null) or changes one; saves it and goes back to the list. */
function FenceEditor({ terminalId, fence }: { terminalId: number; fence: Fence | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [drawn, dispatch] = useReducer(draftReducer, fence, (f) => (f ? draftOf(f) : emptyDraft));
  const [problem, setProblem] = useState<ValidationMessageKey | null>(null);
  // Bumped when the map should show the shape again (another type, a new radius).
  const [focusCount, setFocusCount] = useState(0);
  const refocus = () => setFocusCount((count) => count + 1);
  const change = (action: DraftAction) => {
    setProblem(null);
    dispatch(action);
  };

  const device = useQuery(deviceQueries.one(terminalId));
  const latitude = device.data?.latWGS84 ?? null;
  const longitude = device.data?.lonWGS84 ?? null;
  const position = useMemo(
    () => (latitude !== null && longitude !== null ? { latitude, longitude } : null),
    [latitude, longitude],
  );
  const draft = useMemo(() => withDefaultCentre(drawn, position), [drawn, position]);

  const regionCode = draft.type === 'district' ? (draft.region?.code ?? null) : null;
  const outline = useQuery({
    ...regionQueries.outline(regionCode ?? ''),
    enabled: regionCode !== null,
  });
  const outlineRings = regionCode !== null ? outline.data : undefined;
  const focus = useMemo(
    () => focusPoints(draft, position, outlineRings),
    [draft, position, outlineRings],
  );
  const focusKey = `${draft.type}:${focusCount}:${outlineRings ? regionCode : ''}`;

  const [save, saving] = useAction(async () => {
    const broken = draftProblem(draft);
    if (broken) {
      setProblem(broken);
      return;
    }
    const body = fenceBody(terminalId, draft);
    const saved = fence
      ? await call(routes.updateFence, { body: { id: fence.id, ...body } })
      : await call(routes.createFence, { body });
    queryClient.setQueryData(fenceKeys.one(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: fenceKeys.page(terminalId) });
    toast(t('fences.saved'));
    backToList(terminalId);
  });

  const shapeControl =
    draft.type === 'round' ? (
      <RadiusControl
        radius={draft.radius}
        onChange={(radius) => change({ kind: 'setRadius', radius })}
        onSettled={refocus}
      />
    ) : draft.type === 'polygon' ? (
      <CornerControls
        count={draft.corners.length}
        crossing={cornersCross(draft.corners)}
        onUndo={() => change({ kind: 'undoCorner' })}
        onClear={() => change({ kind: 'clearCorners' })}
      />
    ) : (
      <RegionPicker
        region={draft.region}
        onChoose={(region) => change({ kind: 'chooseRegion', region })}
      />
    );

  return (
    <>
      <div className="fence-types">
        <Segmented
          block
          value={draft.type}
          options={FENCE_TYPES.map((type) => ({ value: type, label: t(`fences.type.${type}`) }))}
          onChange={(type) => {
            change({ kind: 'setType', type: type as FenceType });
            refocus();
          }}
        />
      </div>
      <div className="fence-map">
        <FenceMap
          draft={draft}
          device={device.data}
          outline={outlineRings}
          focus={focus}
          focusKey={focusKey}
          onTap={(point) => change({ kind: 'tap', point })}
          onRadius={(radius) => change({ kind: 'setRadius', radius })}
        />
      </div>
      <FenceSheet
        draft={draft}
        shapeControl={shapeControl}
        problem={problem}
        saving={saving}
        onChange={change}
        onSave={() => void save()}
      />
    </>
  );
}

/**
 * /pagesDevice/fenc/details?id=[&fenceId=]: a new fence of the device, or one of its fences,
 * drawn on the map (circle, polygon or region) with its name and when to alarm.
 */
export default function FenceDetailsPage() {
  const { t } = useTranslation();
  const terminalId = useDeviceId();
  const fenceId = useDeviceId('fenceId');
  const fence = useQuery({ ...fenceQueries.one(fenceId ?? 0), enabled: fenceId !== null });
  const device = useQuery({ ...deviceQueries.one(terminalId ?? 0), enabled: terminalId !== null });

  const body = () => {
    if (terminalId === null) return <DeviceMissing invalidId />;
    if (device.isError && !device.data)
      return <DeviceMissing error={device.error} onRetry={device.refetch} />;
    if (fenceId === null) return <FenceEditor terminalId={terminalId} fence={null} />;
    if (fence.isPending)
      return (
        <div className="fence-list__state">
          <DotLoading color="primary" />
        </div>
      );
    if (fence.isError || fence.data.terminalId !== terminalId)
      return (
        <MissingItem
          text={t('fences.missing')}
          backText={t('fences.backToList')}
          onBack={() => backToList(terminalId)}
          failure={fence.isError ? { error: fence.error, onRetry: fence.refetch } : null}
        />
      );
    return <FenceEditor key={fence.data.id} terminalId={terminalId} fence={fence.data} />;
  };

  return (
    <div className="fence-details-page">
      <PageLayout title={fenceId === null ? t('fences.newTitle') : t('fences.editTitle')}>
        {body()}
      </PageLayout>
    </div>
  );
}
