import { useQuery } from '@tanstack/react-query';
import { UserType, type EnterpriseNode } from '@xunji/shared';
import { DotLoading, Empty } from 'antd-mobile';
import { CheckOutline, DownOutline, RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../components/LoadFailure';
import { PageLayout } from '../../components/PageLayout';
import '../../devices/devices.css';
import { deviceQueries } from '../../devices/queries';
import { navigateBack } from '../../router/navigation';
import { useAccountStore } from '../../stores/account';
import { useUserStore } from '../../stores/user';

/** Devices of an organisation and all its sub-organisations (the list filter covers the subtree). */
export const subtreeCount = (node: EnterpriseNode): number =>
  node.children.reduce((sum, child) => sum + subtreeCount(child), node.deviceCount);

function choose(node: EnterpriseNode): void {
  useAccountStore.setState({
    enterpriseId: node.id,
    enterpriseInfo: { id: node.id, name: node.name },
  });
  navigateBack();
}

interface TreeProps {
  nodes: EnterpriseNode[];
  depth: number;
  chosenId: number | null;
  expanded: ReadonlySet<number>;
  toggle: (id: number) => void;
}

function Tree({ nodes, depth, chosenId, expanded, toggle }: TreeProps) {
  const { t } = useTranslation();
  return nodes.map((node) => {
    const open = expanded.has(node.id);
    const chosen = node.id === chosenId;
    return (
      <div key={node.id} role="treeitem" aria-expanded={node.children.length ? open : undefined}>
        <div
          className={chosen ? 'org-node is-chosen' : 'org-node'}
          style={{ paddingLeft: 8 + depth * 20 }}
        >
          {node.children.length > 0 ? (
            <button
              type="button"
              className="org-node__toggle"
              aria-label={open ? t('devices.enterprise.collapse') : t('devices.enterprise.expand')}
              onClick={() => toggle(node.id)}
            >
              {open ? <DownOutline /> : <RightOutline />}
            </button>
          ) : (
            <span className="org-node__toggle" aria-hidden />
          )}
          <button type="button" className="org-node__choose" onClick={() => choose(node)}>
            <span className="org-node__name">{node.name}</span>
            <span className="org-node__count">
              {t('devices.enterprise.count', { total: subtreeCount(node) })}
            </span>
            {chosen ? <CheckOutline className="org-node__check" /> : null}
          </button>
        </div>
        {open && node.children.length > 0 ? (
          <div role="group">
            <Tree
              nodes={node.children}
              depth={depth + 1}
              chosenId={chosenId}
              expanded={expanded}
              toggle={toggle}
            />
          </div>
        ) : null}
      </div>
    );
  });
}

/** /pagesDevice/deviceList/ent: the organisation tree; choosing one filters the device list. */
export default function EnterprisePage() {
  const { t } = useTranslation();
  // Only an enterprise user has organisations: anyone else would get a 403 toast for nothing.
  const isEnterprise = useUserStore((s) => s.user?.userType === UserType.ENTERPRISE);
  const tree = useQuery({ ...deviceQueries.enterpriseTree, enabled: isEnterprise });
  const chosenId = useAccountStore((s) => s.enterpriseId);
  // Top-level organisations start open; the user opens the rest.
  const [toggled, setToggled] = useState<ReadonlySet<number>>(new Set());
  const roots = tree.data ?? [];
  const expanded = new Set(roots.map((node) => node.id));
  for (const id of toggled) {
    if (expanded.has(id)) expanded.delete(id);
    else expanded.add(id);
  }
  const toggle = (id: number) =>
    setToggled((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <PageLayout title={t('devices.enterprise.title')}>
      {isEnterprise && tree.isPending ? (
        <div className="page__intro" style={{ textAlign: 'center' }}>
          <DotLoading />
        </div>
      ) : tree.isError && !tree.data ? (
        <LoadFailure error={tree.error} onRetry={tree.refetch} />
      ) : roots.length === 0 ? (
        <Empty description={t('devices.enterprise.empty')} />
      ) : (
        <div role="tree" className="section">
          <Tree nodes={roots} depth={0} chosenId={chosenId} expanded={expanded} toggle={toggle} />
        </div>
      )}
    </PageLayout>
  );
}
