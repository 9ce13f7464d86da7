import { Codes, type Order, type RefundRequestView } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAdmin } from './support/admin-cli.js';
import { testDialects } from './support/databases.js';
import { orderFlow } from './support/order-flow.js';
import { cardOwners, product, simCard } from './support/sim-fixtures.js';
import { registerUser, startTestServer, type TestServer } from './support/test-server.js';

/** The buyer asks, the operator decides (admin CLI), the provider refunds. */
describe.each(testDialects())('refunds on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const owners = cardOwners(() => server, '132', '05');
  const flow = orderFlow(() => server);

  const admin = (...args: string[]) => runAdmin(server, ...args);

  /** A paid ¥20.00 data package of a new owner. */
  async function paidOrder() {
    const car = await owners.owned();
    await simCard(server, car.iccid);
    const data = await product(server, { priceFen: 2000 });
    const order = await flow.created(car.token, car.deviceId, data.id);
    await flow.press(order, 'confirm');
    return { car, order };
  }

  const ask = (token: string, orderId: number, requestFee: number) =>
    server.call<RefundRequestView>('POST', '/order/refund', {
      token,
      body: {
        orderId,
        requestFee,
        refundReason: '买错了 bought the wrong one',
        contactName: '张三',
        contactTel: '13800138000',
        allowCall: false,
      },
    });
  const orderOf = async (token: string, id: number) => (await flow.read(token, id)).body.data;

  it('refunds partly, then the rest: status 2, then 3', async () => {
    const { car, order } = await paidOrder();
    const first = await ask(car.token, order.id, 500);
    expect(first.body.data).toMatchObject({ state: 'pending', requestFee: 500, refundFee: null });
    expect((await ask(car.token, order.id, 100)).body.code).toBe(Codes.REFUND_PENDING.code);

    await server.services.refunds.approve(first.body.data.id);
    expect(await orderOf(car.token, order.id)).toMatchObject({
      status: 2,
      refundedFen: 500,
      refund: { id: first.body.data.id, state: 'refunded', refundFee: 500 },
    });

    expect((await ask(car.token, order.id, 1501)).body.code).toBe(Codes.REFUND_TOO_MUCH.code);
    const rest = await ask(car.token, order.id, 1500);
    await server.services.refunds.approve(rest.body.data.id);
    expect(await orderOf(car.token, order.id)).toMatchObject({ status: 3, refundedFen: 2000 });
    expect((await ask(car.token, order.id, 1)).body.code).toBe(Codes.ORDER_NOT_REFUNDABLE.code);
    expect(await flow.events(order.id)).toEqual([
      'created',
      'paid',
      'fulfilled',
      ...['refundRequested', 'refundApproved', 'refunded'],
      ...['refundRequested', 'refundApproved', 'refunded'],
    ]);
  });

  it('lets only the buyer ask, and only for a paid order', async () => {
    const { car, order } = await paidOrder();
    const stranger = await owners.stranger();
    expect((await ask(stranger, order.id, 100)).body.code).toBe(Codes.ORDER_NOT_FOUND.code);
    // The device's owner reads a family member's order, but only its buyer asks for a refund.
    const family = await registerUser(server, '13200007777');
    await server.repositories.devices.bind(family.user.userId, car.deviceId, false, 'active', 0);
    const bought = await flow.created(family.token, car.deviceId, (await product(server)).id);
    await flow.press(bought, 'confirm');
    expect((await ask(car.token, bought.id, 100)).body.code).toBe(Codes.ORDER_NOT_FOUND.code);
    expect((await ask(family.token, bought.id, 100)).body.code).toBe(0);
    const unpaid = await flow.created(car.token, car.deviceId, (await product(server)).id);
    expect((await ask(car.token, unpaid.id, 100)).body.code).toBe(Codes.ORDER_NOT_REFUNDABLE.code);
  });

  it('keeps one open request when several are sent at once', async () => {
    const { car, order } = await paidOrder();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => ask(car.token, order.id, 100)),
    );
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes).toEqual([0, ...Array(4).fill(Codes.REFUND_PENDING.code)]);
    expect(await server.repositories.refunds.ofOrder(order.id)).toHaveLength(1);
  });

  it('keeps a refund the provider is still processing until a query says it is done', async () => {
    const { car, order } = await paidOrder();
    const development = server.services.paymentProviders.development!;
    const request = (await ask(car.token, order.id, 2000)).body.data;
    const processing = vi.spyOn(development, 'refund').mockImplementationOnce(async (r) => ({
      refundNo: r.refundNo,
      state: 'processing',
      refundFen: r.refundFen,
      providerRefundId: null,
    }));
    const answered = await server.services.refunds.approve(request.id, 2000);
    expect(answered.state).toBe('refunding');
    expect(processing).toHaveBeenCalledOnce();
    expect((await orderOf(car.token, order.id)).status).toBe(1);

    const done = vi.spyOn(development, 'queryRefund').mockImplementationOnce(async (_o, no) => ({
      refundNo: no,
      state: 'success',
      refundFen: 2000,
      providerRefundId: 'R1',
    }));
    await server.services.reconciliation.run();
    expect(done).toHaveBeenCalledWith(order.orderNo, answered.refundNo);
    expect(await orderOf(car.token, order.id)).toMatchObject({ status: 3, refundedFen: 2000 });
  });

  it('marks a refund the provider refused as failed; the buyer may ask again', async () => {
    const { car, order } = await paidOrder();
    const request = (await ask(car.token, order.id, 700)).body.data;
    vi.spyOn(server.services.paymentProviders.development!, 'refund').mockImplementationOnce(
      async (r) => ({
        refundNo: r.refundNo,
        state: 'failed',
        refundFen: 0,
        providerRefundId: null,
      }),
    );
    expect((await server.services.refunds.approve(request.id)).state).toBe('failed');
    expect(await orderOf(car.token, order.id)).toMatchObject({ status: 1, refundedFen: 0 });
    expect((await ask(car.token, order.id, 700)).body.code).toBe(0);
  });

  it('approves and rejects from the admin CLI; the buyer sees the reason', async () => {
    const { car, order } = await paidOrder();
    const request = (await ask(car.token, order.id, 800)).body.data;
    const listed = await admin('refund:list', '--state', 'pending');
    expect(listed.stdout).toMatch(new RegExp(`^${request.id} .*order ${order.id} `, 'm'));

    const rejected = await admin('refund:reject', String(request.id), '--reason', '已使用 used');
    expect(rejected).toMatchObject({ code: 0 });
    const seen: Order = await orderOf(car.token, order.id);
    expect(seen).toMatchObject({
      status: 1,
      refund: { state: 'rejected', rejectReason: '已使用 used' },
    });
    expect((await admin('refund:approve', String(request.id))).code).toBe(2);

    const again = (await ask(car.token, order.id, 800)).body.data;
    const approved = await admin('refund:approve', String(again.id), '--fee-fen', '300');
    expect(approved).toMatchObject({ code: 0 });
    expect(approved.stdout).toContain('refunded');
    expect(await orderOf(car.token, order.id)).toMatchObject({ status: 2, refundedFen: 300 });

    const shown = await admin('order:show', order.orderNo);
    expect(shown.stdout).toContain('refundRejected');
    expect(shown.stdout).toContain('refunded');
    expect((await admin('order:list', '--status', '2')).stdout).toContain(order.orderNo);
    // Six runs of the CLI, each a process of its own.
  }, 90_000);
});
