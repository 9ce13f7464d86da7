import type { EnterpriseNode } from '@xunji/shared';
import type { EnterpriseRow } from '../db/schema.js';

/** The organisation and every organisation below it. */
export function subtreeIds(
  all: Pick<EnterpriseRow, 'id' | 'parentId'>[],
  rootId: number,
): number[] {
  const children = new Map<number, number[]>();
  for (const { id, parentId } of all) {
    if (parentId === null) continue;
    children.set(parentId, [...(children.get(parentId) ?? []), id]);
  }
  const ids: number[] = [];
  const pending = [rootId];
  const seen = new Set<number>();
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    ids.push(id);
    pending.push(...(children.get(id) ?? []));
  }
  return ids;
}

export function buildTree(
  all: Pick<EnterpriseRow, 'id' | 'name' | 'parentId'>[],
  rootId: number,
  deviceCounts: Map<number, number>,
): EnterpriseNode | null {
  const byId = new Map(all.map((row) => [row.id, row]));
  const build = (id: number, seen: Set<number>): EnterpriseNode | null => {
    const row = byId.get(id);
    if (!row || seen.has(id)) return null;
    seen.add(id);
    return {
      id: row.id,
      name: row.name,
      parentId: row.parentId,
      deviceCount: deviceCounts.get(row.id) ?? 0,
      children: all
        .filter((child) => child.parentId === id)
        .map((child) => build(child.id, seen))
        .filter((node): node is EnterpriseNode => node !== null),
    };
  };
  return build(rootId, new Set());
}

/** The organisation and every one above it (their users see its devices). */
export function ancestorIds(
  all: readonly { id: number; parentId: number | null }[],
  id: number | null,
): number[] {
  const byId = new Map(all.map((enterprise) => [enterprise.id, enterprise]));
  const chain: number[] = [];
  for (let current = id; current !== null && !chain.includes(current);) {
    chain.push(current);
    current = byId.get(current)?.parentId ?? null;
  }
  return chain;
}
