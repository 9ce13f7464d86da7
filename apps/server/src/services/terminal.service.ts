import type {
  EnterpriseNode,
  Language,
  Terminal,
  TerminalStatistics,
  TerminalTypeInfo,
} from '@xunji/shared';
import { UserType } from '@xunji/shared';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import type { EnterpriseRepository } from '../repositories/enterprise.repository.js';
import type {
  DeviceScope,
  TerminalRepository,
  TerminalRow,
} from '../repositories/terminal.repository.js';
import type { UserRepository } from '../repositories/user.repository.js';
import type { ReverseGeocoder } from '../providers/geocoding/reverse-geocoder.js';
import type { DeviceAccess } from './device-access.service.js';
import { buildTree, subtreeIds } from './enterprise-tree.js';
import type { ModelCatalogue } from './model-catalogue.js';
import { serviceExpired, servicePeriodOf, toTerminal } from './terminal-view.js';

export interface TerminalPageQuery {
  page: number;
  limit: number;
  enterpriseId?: number | undefined;
  deviceState?: number | undefined;
  searchKey?: string | undefined;
}

/** The device reads of §7: list, one, several, statistics, model flags, service, organisations. */
export class TerminalService {
  constructor(
    private readonly access: DeviceAccess,
    private readonly terminals: TerminalRepository,
    private readonly users: UserRepository,
    private readonly enterprises: EnterpriseRepository,
    private readonly models: ModelCatalogue,
    private readonly addresses: ReverseGeocoder,
    private readonly clock: Clock,
  ) {}

  async page(userId: number, query: TerminalPageQuery, language: Language) {
    const scope = await this.access.scopeOf(userId);
    const filter = {
      enterpriseIds: await this.enterpriseFilter(scope, query.enterpriseId),
      deviceState: query.deviceState,
      searchKey: query.searchKey || undefined,
    };
    const { rows, count } = await this.terminals.page(
      scope,
      filter,
      (query.page - 1) * query.limit,
      query.limit,
    );
    return { list: await this.views(rows, language, false), count };
  }

  /** One device; 2501 when the caller may not see it, 2303 when its service period ended. */
  async one(userId: number, deviceId: number, language: Language): Promise<Terminal> {
    const row = await this.access.requireInService(userId, deviceId, this.clock.now());
    const [terminal] = await this.views([row], language, true);
    return terminal!;
  }

  /** The devices among `ids` the caller may see, in id order; the others are left out. */
  async several(userId: number, ids: number[], language: Language): Promise<Terminal[]> {
    const scope = await this.access.scopeOf(userId);
    const rows = await this.terminals.byIds(scope, [...new Set(ids)]);
    return this.views(rows, language, false);
  }

  async statistics(userId: number, enterpriseId: number | undefined): Promise<TerminalStatistics> {
    const scope = await this.access.scopeOf(userId);
    const counts = await this.terminals.countByStatus(scope, {
      enterpriseIds: await this.enterpriseFilter(scope, enterpriseId),
    });
    const of = (status: string | null) => counts.find((c) => c.status === status)?.count ?? 0;
    return {
      total: counts.reduce((sum, c) => sum + c.count, 0),
      unused: of(null),
      online: of('online'),
      offline: of('offline'),
      shutdown: of('shutdown'),
    };
  }

  async funcs(userId: number, deviceId: number): Promise<{ terminalTypeInfo: TerminalTypeInfo }> {
    const row = await this.access.require(userId, deviceId);
    const { iconType: _, ...terminalTypeInfo } = (await this.models.resolver())(
      row.model,
      row.protocol,
    );
    return { terminalTypeInfo };
  }

  async valueAdded(userId: number, deviceId: number) {
    const row = await this.access.require(userId, deviceId);
    const model = (await this.models.resolver())(row.model, row.protocol);
    const terminal = toTerminal(row, model, null, this.clock.now());
    return {
      terminalId: row.id,
      vipState: servicePeriodOf(row),
      activationState: terminal.activationState,
      expired: serviceExpired(row, this.clock.now()),
      enableValueAdded: model.terminalTypeExtend.enableValueAdded,
      enableActivation: model.terminalTypeExtend.enableActivation,
    };
  }

  async enterpriseTree(userId: number): Promise<EnterpriseNode[]> {
    const user = await this.users.findById(userId);
    if (user?.userType !== UserType.ENTERPRISE || user.enterpriseId === null)
      throw new AppError('FORBIDDEN');
    const [all, counts] = await Promise.all([
      this.enterprises.list(),
      this.enterprises.deviceCounts(),
    ]);
    const tree = buildTree(all, user.enterpriseId, counts);
    return tree ? [tree] : [];
  }

  /** enterpriseId narrows an enterprise user's list to that organisation and those below it. */
  private async enterpriseFilter(scope: DeviceScope, enterpriseId: number | undefined) {
    if (enterpriseId === undefined) return undefined;
    if (!scope.enterpriseIds.includes(enterpriseId)) throw new AppError('FORBIDDEN');
    return subtreeIds(await this.enterprises.list(), enterpriseId);
  }

  private async views(rows: TerminalRow[], language: Language, wait: boolean) {
    const resolve = await this.models.resolver();
    const now = this.clock.now();
    return Promise.all(
      rows.map(async (row) => {
        const address = await this.addressOf(row, language, wait);
        return toTerminal(row, resolve(row.model, row.protocol), address, now);
      }),
    );
  }

  /** A list takes what is known at once (and warms the rest); one device waits for it. */
  private async addressOf(row: TerminalRow, language: Language, wait: boolean) {
    if (row.latitude === null || row.longitude === null) return null;
    const point = { latitude: row.latitude, longitude: row.longitude };
    const known = this.addresses.cached(point, language);
    if (known !== undefined) return known?.formattedAddress ?? null;
    const pending = this.addresses.reverse(point, language);
    if (!wait) {
      pending.catch(() => undefined);
      return null;
    }
    return (await pending)?.formattedAddress ?? null;
  }
}
