import { useQuery } from '@tanstack/react-query';
import { Cascader } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegionChoice } from '../../fences/draft';
import { regionQueries } from '../../fences/queries';
import { regionPath, regionPathName, type RegionNode } from '../../fences/region-tree';
import { useAppStore } from '../../stores/app';

const FIELD_NAMES = { label: 'name', value: 'code', children: 'children' };

/**
 * The region of a district fence: province → city → district from the cached region tree, named
 * in the app's language. A province or a city is a region too: confirming before the last level
 * chooses it.
 */
export function RegionPicker({
  region,
  onChoose,
}: {
  region: RegionChoice | null;
  onChoose: (region: RegionChoice) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const language = useAppStore((state) => state.language);
  const tree = useQuery(regionQueries.tree(language));
  const path = region && tree.data ? regionPath(tree.data, region.code) : [];
  const shown = path.length > 0 ? regionPathName(path) : region?.name;

  return (
    <>
      <button
        type="button"
        className="fence-sheet__row fence-region"
        data-testid="fence-region"
        onClick={() => setOpen(true)}
      >
        <span className="fence-sheet__label">{t('fences.region')}</span>
        <span className={shown ? 'fence-region__value' : 'fence-region__value is-empty'}>
          {shown ?? t('fences.chooseRegion')}
        </span>
        <RightOutline className="fence-region__chevron" />
      </button>
      <Cascader
        visible={open}
        onClose={() => setOpen(false)}
        title={t('fences.regionTitle')}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        placeholder={t('fences.choose')}
        loading={tree.isPending}
        options={tree.data ?? []}
        fieldNames={FIELD_NAMES}
        value={path.map((node) => node.code)}
        onConfirm={(_, { items }) => {
          const last = items.filter((item) => item !== null).at(-1) as RegionNode | undefined;
          if (last) onChoose({ code: last.code, name: last.name });
        }}
      />
    </>
  );
}
